"""Scenario files: loading, every validation error (field named, message readable), round trips."""

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harmonies.board import LAYOUTS, RIVER_READINGS, Board, Side
from harmonies.cards import all_cards, animal_ids, card, spirit_ids
from harmonies.errors import ScenarioError
from harmonies.locale import t
from harmonies.scenario import FIELDS, Scenario, from_dict, load, loads
from harmonies.tokens import STACKS, Colour
from tabletop import i18n


def scenario_dict(**fields):
    data = {"game": "harmonies", "side": "A", "board": {}}
    data.update(fields)
    return data


def error_of(data) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        from_dict(data) if not isinstance(data, str) else loads(data)
    return caught.value


# A full example in the spirit of the one, with as many cube cells as the cards claim.
EXAMPLE = {
    "game": "harmonies", "side": "A",
    "board": {"a1": ["yellow"], "a2": ["yellow"], "b1": ["brown", "green"], "c1": ["gray"],
              "d1": ["gray"], "c2": ["brown", "red"], "e1": ["gray", "gray", "gray"]},
    "cubes": ["d1", "a1"],
    "animals": [{"card": 23, "cubes_placed": 1}],
    "spirit": {"card": "Lion", "cube_placed": True},
    "options": {"river": "shortest-path"},
}


class TestLoading:
    def test_the_example_loads(self):
        s = from_dict(EXAMPLE)
        assert s.side is Side.A
        assert s.board.stack("c2") == (Colour.BROWN, Colour.RED)
        assert s.board.stack("e1") == (Colour.GRAY,) * 3
        assert s.board.has_cube("d1") and s.board.has_cube("a1") and not s.board.has_cube("c2")
        assert s.animals == [(card(23), 1)]
        assert s.spirit == (card(33), True)
        assert s.river == "shortest-path"
        assert s.cubes_claimed() == 2

    def test_only_game_side_and_board_are_needed(self):
        s = from_dict({"game": "harmonies", "side": "B", "board": {}})
        assert s == Scenario(Board("B"))
        assert (s.animals, s.spirit, s.river) == ([], None, RIVER_READINGS[0])

    def test_friendly_spellings(self):
        s = from_dict(scenario_dict(side="b", board={"C2": ["Grey", "grey"], "a1": ["YELLOW"]},
                                    cubes=["c2"], animals=[{"card": "fennec fox", "cubes_placed": 1}],
                                    spirit={"card": "33"}))
        assert s.side is Side.B
        assert s.board.stack("c2") == (Colour.GRAY, Colour.GRAY)
        assert s.board.has_cube("c2")
        assert s.animals == [(card(23), 1)]
        assert s.spirit == (card(33), False)

    def test_cubes_placed_defaults_to_none(self):
        assert from_dict(scenario_dict(animals=[{"card": 5}])).animals == [(card(5), 0)]

    def test_more_cube_cells_than_the_cards_claim_is_allowed(self):
        # Cards left out of the file (a board-only what-if) may have put those cubes there.
        s = from_dict(scenario_dict(board={"a1": ["blue"], "a2": ["blue"]}, cubes=["a1", "a2"]))
        assert len(s.board.cubes) == 2 and s.cubes_claimed() == 0

    def test_cards_may_claim_more_cubes_than_the_cells_list(self):
        # The issue's own example: the cards say 4 cubes left them, the file lists one cube cell.
        s = from_dict(scenario_dict(board={"c2": ["brown", "red"], "a1": ["yellow"]}, cubes=["c2"],
                                    animals=[{"card": 23, "cubes_placed": 3}],
                                    spirit={"card": 33, "cube_placed": True}))
        assert s.cubes_claimed() == 4 and len(s.board.cubes) == 1
        assert s.score().animals == 16

    def test_cube_cells_equal_to_the_claim_are_enough(self):
        s = from_dict(scenario_dict(board={"a1": ["green"], "a2": ["blue"], "b1": ["blue"]},
                                    cubes=["a2", "b1"], animals=[{"card": "Frog", "cubes_placed": 2}]))
        assert s.cubes_claimed() == 2

    def test_tuples_and_lists_make_the_same_scenario(self):
        board = from_dict(EXAMPLE).board
        assert Scenario(board, ((card(23), 1),), (card(33), 1)) == from_dict({**EXAMPLE, "options": {}})

    def test_spirit_null_means_no_spirit(self):
        assert from_dict(scenario_dict(spirit=None)).spirit is None

    def test_load_from_a_path_and_from_an_open_file(self, tmp_path):
        path = tmp_path / "position.json"
        path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
        assert load(path) == load(str(path)) == from_dict(EXAMPLE)
        with open(path, encoding="utf-8") as handle:
            assert load(handle) == from_dict(EXAMPLE)
        assert Scenario.load(io.StringIO(json.dumps(EXAMPLE))) == from_dict(EXAMPLE)


class TestScoring:
    def test_the_reference_river_scores_15(self):
        river = ["b3", "b2", "b1", "c2", "d2", "d3", "e4"]
        s = from_dict(scenario_dict(board={c: ["blue"] for c in river}))
        assert s.score().to_dict()["water"] == 15

    def test_the_reference_islands_score_20(self):
        blue = ["a2", "b1", "c2", "d2", "d3", "c4", "e2", "f1", "g1", "g2"]
        s = from_dict(scenario_dict(side="B", board={c: ["blue"] for c in blue}))
        assert s.score().to_dict()["water"] == 20

    def test_the_river_option_reaches_the_scoring(self):
        ring = {c: ["blue"] for c in ("c2", "d2", "d3", "c4", "b3", "b2")}
        short = from_dict(scenario_dict(board=ring))
        full = from_dict(scenario_dict(board=ring, options={"river": "loops-full-length"}))
        assert short.score().to_dict()["water"] == 8
        assert full.score().to_dict()["water"] == 15

    def test_the_cards_reach_the_scoring(self):
        # Fennec Fox with 1 cube placed scores its first value, 4; nothing else on the board scores it.
        board = {"a1": ["yellow"], "b1": ["gray"], "c1": ["gray"]}
        none = from_dict(scenario_dict(board=board))
        one = from_dict(scenario_dict(board=board, cubes=["c1"],
                                      animals=[{"card": "Fennec Fox", "cubes_placed": 1}]))
        assert one.score().to_dict()["animals"] - none.score().to_dict()["animals"] == 4


# (data, field the error must name, words the message must contain)
INVALID = {
    "not an object": ([1, 2], "scenario", "one JSON object"),
    "game missing": ({"side": "A", "board": {}}, "game", "missing"),
    "side missing": ({"game": "harmonies", "board": {}}, "side", "missing"),
    "board missing": ({"game": "harmonies", "side": "A"}, "board", "missing"),
    "other game": (scenario_dict(game="azul"), "game", "'azul'"),
    "bad side": (scenario_dict(side="C"), "side", '"A" or "B"'),
    "side not text": (scenario_dict(side=1), "side", '"A" or "B"'),
    "unknown top-level key": (scenario_dict(cube=["a1"]), "cube", "known fields: game, side, board"),
    "board not an object": (scenario_dict(board=[["a1", "blue"]]), "board", "not a list"),
    "unknown cell": (scenario_dict(board={"h9": ["blue"]}), "board.h9",
                     "not a cell of side A (cells a1 … e5)"),
    "side B cell on side A": (scenario_dict(board={"f1": ["blue"]}), "board.f1", "side A"),
    "unknown colour": (scenario_dict(board={"a1": ["purple"]}), "board.a1[0]", "'purple' is not a token"),
    "colour not text": (scenario_dict(board={"a1": [3]}), "board.a1[0]", "not a token colour"),
    "stack not a list": (scenario_dict(board={"a1": "blue"}), "board.a1", "a list of colours"),
    "empty stack": (scenario_dict(board={"a1": []}), "board.a1", "empty stack"),
    "illegal stack": (scenario_dict(board={"c2": ["yellow", "red"]}), "board.c2",
                      "red cannot go on c2: it holds a yellow token"),
    "too high": (scenario_dict(board={"c2": ["gray", "gray", "gray", "gray"]}), "board.c2",
                 "at most 3"),
    "cell listed twice": (scenario_dict(board={"c2": ["blue"], "C2": ["blue"]}), "board.C2", "twice"),
    "cubes not a list": (scenario_dict(board={"a1": ["blue"]}, cubes="a1"), "cubes", "list"),
    "cube on unknown cell": (scenario_dict(cubes=["z1"]), "cubes[0]", "not a cell of side A"),
    "cube on empty cell": (scenario_dict(board={"a1": ["blue"]}, cubes=["a1", "a2"]), "cubes[1]",
                           "a2 is empty"),
    "duplicate cube": (scenario_dict(board={"a1": ["blue"]}, cubes=["a1", "a1"]), "cubes[1]",
                       "a1 is listed twice"),
    "animals not a list": (scenario_dict(animals={"card": 23}), "animals", "a list"),
    "animal not an object": (scenario_dict(animals=[23]), "animals[0]", "an object"),
    "animal card missing": (scenario_dict(animals=[{"cubes_placed": 0}]), "animals[0].card", "missing"),
    "unknown card id": (scenario_dict(animals=[{"card": 99}]), "animals[0].card", "there is no card 99"),
    "unknown card name": (scenario_dict(animals=[{"card": "Unicorn"}]), "animals[0].card",
                          "there is no card 'Unicorn'"),
    "card as boolean": (scenario_dict(animals=[{"card": True}]), "animals[0].card", "its id"),
    "spirit among animals": (scenario_dict(animals=[{"card": 33}]), "animals[0].card",
                             "Lion (card 33) is a Nature's Spirit card"),
    "same card twice": (scenario_dict(animals=[{"card": 23}, {"card": "Fennec Fox"}]), "animals[1].card",
                        "already listed as animals[0]"),
    "unknown animal key": (scenario_dict(animals=[{"card": 23, "cubes": 1}]), "animals[0].cubes",
                           "known fields: card, cubes_placed"),
    "negative cubes": (scenario_dict(animals=[{"card": 23, "cubes_placed": -1}]),
                       "animals[0].cubes_placed", "negative"),
    "cubes not an integer": (scenario_dict(animals=[{"card": 23, "cubes_placed": 1.5}]),
                             "animals[0].cubes_placed", "whole number"),
    "cubes as text": (scenario_dict(animals=[{"card": 23, "cubes_placed": "2"}]),
                      "animals[0].cubes_placed", "whole number"),
    "cubes as boolean": (scenario_dict(animals=[{"card": 23, "cubes_placed": True}]),
                         "animals[0].cubes_placed", "whole number"),
    "more cubes than the card has": (scenario_dict(animals=[{"card": 23, "cubes_placed": 4}]),
                                     "animals[0].cubes_placed", "Fennec Fox has only 3 cubes"),
    "spirit not an object": (scenario_dict(spirit=33), "spirit", "an object"),
    "spirit card missing": (scenario_dict(spirit={"cube_placed": True}), "spirit.card", "missing"),
    "animal as spirit": (scenario_dict(spirit={"card": 23}), "spirit.card",
                         "Fennec Fox (card 23) is an animal card"),
    "unknown spirit": (scenario_dict(spirit={"card": 43}), "spirit.card", "there is no card 43"),
    "cube_placed not boolean": (scenario_dict(spirit={"card": 33, "cube_placed": 1}),
                                "spirit.cube_placed", "true or false"),
    "unknown spirit key": (scenario_dict(spirit={"card": 33, "placed": True}), "spirit.placed",
                           "known fields: card, cube_placed"),
    "options not an object": (scenario_dict(options="loops-full-length"), "options", "an object"),
    "unknown option": (scenario_dict(options={"rivers": "shortest-path"}), "options.rivers",
                       "known fields: river"),
    "unknown river reading": (scenario_dict(options={"river": "longest"}), "options.river",
                              "shortest-path or loops-full-length"),
}


class TestValidation:
    @pytest.mark.parametrize("case", list(INVALID))
    def test_each_error_names_its_field(self, case):
        data, field, words = INVALID[case]
        err = error_of(data)
        assert err.field == field
        assert words in err.message
        assert str(err) == f"{field}: {err.message}"
        assert "\n" not in str(err)

    def test_whole_messages(self):
        assert str(error_of(scenario_dict(board={"h9": ["blue"]}))) == \
            "board.h9: not a cell of side A (cells a1 … e5)"
        assert str(error_of(scenario_dict(side="B", board={"a1": ["blue"]}, cubes=["h9"]))) == \
            "cubes[0]: h9 is not a cell of side B (cells a1 … g4)"
        assert str(error_of(scenario_dict(animals=[{"card": 99}]))) == \
            "animals[0].card: there is no card 99 (ids run from 1 to 42, or use a card's name)"
        assert str(error_of(scenario_dict(animals=[{"card": 23, "cubes_placed": 4}]))) == \
            "animals[0].cubes_placed: Fennec Fox has only 3 cubes"

    def test_bad_json_gives_line_and_column(self):
        err = error_of('{"game": "harmonies",\n "side": "A"\n "board": {}}')
        assert (err.field, err.message) == ("file", "not valid JSON (line 3, column 2)")

    def test_empty_text_is_bad_json(self):
        assert error_of("").message == "not valid JSON (line 1, column 1)"

    def test_a_key_written_twice_is_caught(self):
        err = error_of('{"game": "harmonies", "side": "A", "board": {"a1": ["blue"], "a1": ["gray"]}}')
        assert (err.field, err.message) == ("board.a1", "written twice in the same object")
        assert error_of('{"game": "harmonies", "side": "A", "side": "B", "board": {}}').field == "side"

    def test_unknown_key_lists_every_known_one(self):
        assert error_of(scenario_dict(river="x")).message.endswith(f"(known fields: {', '.join(FIELDS)})")

    def test_missing_file(self, tmp_path):
        with pytest.raises(ScenarioError) as caught:
            load(tmp_path / "nowhere.json")
        assert caught.value.field.endswith("nowhere.json") and caught.value.message == "no such file"

    def test_file_that_is_not_utf8(self, tmp_path):
        path = tmp_path / "latin.json"
        path.write_bytes(b'{"game": "harmonies", "side": "\xe9"}')
        with pytest.raises(ScenarioError, match="UTF-8"):
            load(path)

    def test_directory(self, tmp_path):
        with pytest.raises(ScenarioError, match="directory"):
            load(tmp_path)


# -- round trips -----------------------------------------------------------------------------------
@st.composite
def scenarios(draw):
    side = draw(st.sampled_from(list(Side)))
    board = Board(side)
    n = len(LAYOUTS[side])
    board.codes = draw(st.lists(st.integers(0, len(STACKS) - 1), min_size=n, max_size=n))
    filled = [i for i, code in enumerate(board.codes) if code]
    board.cubes = set(draw(st.lists(st.sampled_from(filled), unique=True))) if filled else set()
    room = len(board.cubes)
    animals = []
    for cid in draw(st.lists(st.sampled_from(animal_ids()), unique=True, max_size=6)):
        c = card(cid)
        k = draw(st.integers(0, min(c.cubes, room)))
        room -= k
        animals.append((c, k))
    spirit = None
    if draw(st.booleans()):
        spirit = (card(draw(st.sampled_from(spirit_ids()))), room > 0 and draw(st.booleans()))
    board.river = draw(st.sampled_from(RIVER_READINGS))
    return Scenario(board, animals, spirit)


class TestRoundTrip:
    @settings(max_examples=150, deadline=None)
    @given(scenarios())
    def test_dict_and_text_round_trips(self, s):
        assert from_dict(s.to_dict()) == s
        assert loads(s.dumps()) == s
        assert from_dict(json.loads(json.dumps(s.to_dict()))) == s

    def test_to_dict_is_the_documented_format(self):
        data = from_dict(EXAMPLE).to_dict()
        assert list(data) == list(FIELDS)
        assert data["board"]["c2"] == ["brown", "red"]
        assert data["cubes"] == ["a1", "d1"]
        assert data["animals"] == [{"card": 23, "cubes_placed": 1}]
        assert data["spirit"] == {"card": 33, "cube_placed": True}
        assert data["options"] == {"river": "shortest-path"}

    def test_no_spirit_is_left_out(self):
        assert "spirit" not in from_dict(scenario_dict()).to_dict()

    def test_dumps_puts_one_cell_per_line(self):
        text = from_dict(EXAMPLE).dumps()
        assert '    "c2": ["brown", "red"],' in text.splitlines()
        assert json.loads(text) == from_dict(EXAMPLE).to_dict()

    def test_every_card_name_loads(self):
        for c in all_cards().values():
            key = "spirit" if c.is_spirit else "animals"
            value = {"card": c.name} if c.is_spirit else [{"card": c.name}]
            s = from_dict(scenario_dict(**{key: value}))
            assert (s.spirit[0] if c.is_spirit else s.animals[0][0]) == c


# -- the learner's language --------------------------------------------------------------------------
class TestLanguage:
    def test_the_field_stays_and_the_message_follows_the_language(self):
        i18n.set_language("fa")
        err = error_of(scenario_dict(animals=[{"card": 99}]))
        assert err.field == "animals[0].card"
        assert "\u206899\u2069" in err.message
        assert i18n.plain(str(err)) == i18n.plain(f"animals[0].card: {err.message}")
        err = error_of(scenario_dict(board={"a1": ["blue"]}, cubes=["a1", "a2"]))
        assert err.field == "cubes[1]" and "\u2068a2\u2069" in err.message

    def test_json_examples_in_messages_keep_their_braces(self):
        assert error_of(scenario_dict(animals=[23])).message == \
            'each animal is an object like {"card": 23, "cubes_placed": 1}, not the number 23'
        assert error_of(scenario_dict(spirit=[])).message == \
            'the spirit is an object like {"card": 33, "cube_placed": true}, not a list'
        assert error_of(scenario_dict(board=None)).message.endswith(
            'like {"a1": ["yellow"], "c2": ["brown", "green"]}, not null')
        assert error_of("[]").message == "the file must hold one JSON object {...}, not a list"

    def test_cube_counts_have_a_plural(self):
        assert error_of(scenario_dict(animals=[{"card": "Eagle", "cubes_placed": 3}])).message == \
            "Eagle has only 2 cubes"
        assert t.count("scenario.too_many_cubes", 1, name="Eagle") == "Eagle has only 1 cube"


def test_a_huge_text_in_a_field_is_told_in_its_first_letters():
    with pytest.raises(ScenarioError) as refused:
        from_dict({"game": "harmonies", "side": "A", "board": {}, "options": {"river": "x" * 100_000}})
    assert refused.value.field == "options.river" and len(str(refused.value)) < 300
    assert "'xxxx" in str(refused.value) and "…" in str(refused.value)
