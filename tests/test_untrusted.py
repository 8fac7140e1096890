"""What a stranger types or sends is read safely (``tabletop.untrusted``): a number of thousands of
digits, a "²", a text a hundred thousand letters long each get the refusal of the place they were
sent to, in one line, never Python's own error."""

from __future__ import annotations

import pytest
from machines import labelled_buttons, press

import azul
import harmonies
from azul.widgets import AzulTable
from harmonies.cards import card
from harmonies.explorermodel import ExplorerModel
from harmonies.tablemodel import TableModel
from harmonies.widgets import GameReplay, GameTable
from tabletop import records
from tabletop.links import LinkError, unpack
from tabletop.locale import t
from tabletop.tables import TableError, Tables
from tabletop.untrusted import DIGITS, JSON_DIGITS, clipped, number, shown

HUGE = "9" * 5000  # Python refuses to read a number of more than 4300 digits


@pytest.mark.parametrize(("text", "value"), [
    ("7", 7), (" 12 ", 12), ("۲۳", 23), ("٢٣", 23), (5, 5), ("9" * DIGITS, int("9" * DIGITS)),
    ("", None), ("²", None), ("-1", None), ("1.5", None), ("9" * (DIGITS + 1), None), (HUGE, None),
    (True, None), (None, None), (2.0, None), (["1"], None),
])
def test_a_number_is_a_few_decimal_digits_of_any_script(text, value):
    assert number(text) == value


def test_a_value_is_shown_in_its_first_letters():
    assert shown("abc") == "'abc'" and clipped("abc") == "abc"
    assert shown("x" * 1000) == "'" + "x" * 59 + "…" and len(clipped("y" * 1000)) == 61


@pytest.mark.parametrize("fragment", [f"play={HUGE}.abc", "play=².abc", f"play=1{HUGE}.abc"])
def test_a_link_with_a_strange_version_is_damaged(fragment):
    with pytest.raises(LinkError, match="damaged"):
        unpack(fragment)


@pytest.mark.parametrize("version", [HUGE, "²"])
def test_a_record_with_a_strange_version_is_refused(version):
    with pytest.raises(records.RecordError) as refusal:
        records.replay({"format": f"azul-game/{version}", "setup": {}, "actions": []}, [azul.Game])
    assert len(str(refusal.value)) < 400


def test_a_record_with_a_huge_action_is_told_in_its_first_letters():
    data = records.record(harmonies.Game(players=2, seed=1))
    data["actions"] = ["take " + HUGE]
    with pytest.raises(records.RecordError) as refusal:
        records.replay(data, [harmonies.Game])
    assert len(str(refusal.value)) < 1000


@pytest.mark.parametrize("key", [HUGE, "²", "x" * 100_000])
def test_a_card_that_is_no_card(key):
    with pytest.raises(KeyError) as refusal:
        card(key)
    assert len(str(refusal.value)) < 300


def test_the_explorer_refuses_a_huge_rotation_in_words():
    model = ExplorerModel()
    model.show_rotation("rotation:" + HUGE)
    assert "not a rotation" in model.message and len(model.message) < 300 and model.rotation is None


def test_a_table_for_a_huge_computer_seat_is_refused():
    with pytest.raises(TableError, match="seat"):
        Tables().create("azul", 2, None, {HUGE: "greedy"})


@pytest.mark.parametrize(("typed", "seed"), [
    ("²", "²"), ("۲۳", 23), (" -7 ", -7), ("7:1", "7:1"), (HUGE, HUGE),
    ("9" * JSON_DIGITS, int("9" * JSON_DIGITS)),
])
def test_a_seed_box_starts_a_game_of_any_seed_typed(typed, seed):
    """A number is read as one (a "²" is none, 5000 digits too many): else the text is the seed."""
    harmonies_table = GameTable(2, seats=["human", "human"])
    harmonies_table.setup.seed_box.value = typed
    press(harmonies_table.setup.new_button)
    azul_table = AzulTable(2, seats=["human", "human"])
    azul_table.setup_seed.value = typed
    press(labelled_buttons(azul_table)["New game"])
    assert harmonies_table.game.seed == azul_table.game.seed == seed


def test_the_replay_box_refuses_a_record_nested_thousands_deep_in_words():
    replay = GameReplay(harmonies.Game(2, seed=1))
    assert replay.open_game("[" * 5000) is False and replay.message == t("replay.not_a_game")


@pytest.mark.parametrize("key", ["seat²:cell:c3", "seat" + HUGE + ":cell:c3", "held:²", "spirit:" + HUGE])
def test_a_place_of_no_number_is_named_by_its_tip(key):
    assert TableModel(2, seats=["human", "human"], seed=1).place_name(key, "tip") == "tip"
