"""The registry of games (tabletop.kinds): found through the entry points, whoever installed them."""

import pytest
from registry import registered

from tabletop import i18n, records
from tabletop.kinds import Kind, UnknownGame, kind, kinds

EXTRA = '''
from tabletop.i18n import Catalogue
from tabletop.kinds import Kind


class Game:
    RECORD = "extra-game"

    def __init__(self, players=2, seed=None, size=3):
        self.start = {"players": players, "seed": seed, "size": size}


class Coach:
    first_seat = 1


KIND = Kind(name="extra", catalogue=Catalogue("tabletop"), game=Game, players=range(2, 3),
            coach=Coach(), scene=None, keys=lambda game, action: [], options={"size": (3, 4)})
'''


def test_an_installed_game_is_found_through_its_entry_point(tmp_path):
    with registered(tmp_path, {"extra": "extra_game:KIND"}, {"extra_game": EXTRA}):
        found = kind("extra")
        assert isinstance(found, Kind) and "extra" in kinds()
        assert list(kinds()) == sorted(kinds())
        assert found.new_game(2, seed=7).start == {"players": 2, "seed": 7, "size": 3}
        assert found.seat(0) == 1
    assert "extra" not in kinds()


def test_an_unknown_name_is_refused_in_words(tmp_path):
    with registered(tmp_path, {"extra": "extra_game:KIND"}, {"extra_game": EXTRA}):
        with pytest.raises(UnknownGame) as refused:
            kind("chess")
        assert isinstance(refused.value, KeyError)
    with i18n.wording("en"):
        message = str(refused.value)
    assert message.startswith("There is no game called 'chess':") and "extra" in message


def test_an_entry_point_that_is_not_a_kind_is_a_programming_mistake(tmp_path):
    with registered(tmp_path, {"extra": "extra_game:Game"}, {"extra_game": EXTRA}), \
            pytest.raises(TypeError, match="extra_game:Game"):
        kinds()


def test_a_record_is_read_as_a_game_of_whichever_kind_is_installed(tmp_path):
    with registered(tmp_path, {"extra": "extra_game:KIND"}, {"extra_game": EXTRA}):
        game = records.replay({"format": "extra-game/1", "setup": {"players": 2, "seed": 3}, "actions": []})
        assert type(game) is kind("extra").game and game.start["seed"] == 3
    with pytest.raises(records.RecordError, match="extra-game"):
        records.replay({"format": "extra-game/1", "setup": {}, "actions": []})


@pytest.mark.parametrize("name", sorted(kinds()))
def test_every_installed_game_names_itself_and_its_options_in_every_language(name):
    found = kind(name)
    wanted = ["kind.title", *(f"kind.option.{option}.{value}" for option, values in found.options.items()
                              for value in values)]
    for code in i18n.LANGUAGES:
        texts = i18n.table(found.catalogue.package, code)
        assert [key for key in wanted if not str(texts.get(key, "")).strip()] == [], code
    assert found.game in found.coach.games and found.new_game(found.players[-1]).seats == found.players[-1]
