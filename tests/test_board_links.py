"""A board as a link, both ways: the Harmonies board editor and the Azul wall sandbox give their
position as an address (``#play=...``), and a page opened at such an address opens that board; a
broken link, or one holding something else, changes nothing."""

from __future__ import annotations

import json

import pytest
from examples import AZUL_EXAMPLE

import azul
from azul.widgets import WallSandbox
from harmonies.widgets import BoardEditor
from tabletop.game import RandomPolicy, play_out
from tabletop.links import pack, unpack
from tabletop.records import record

LESSON = "http://127.0.0.1:8000/lab/tree/notebooks/en/harmonies-lessons/20-scoring-sandbox.ipynb"
BROKEN = ["#play=1.abc", "http://x/#play=9.abc", "#play=1." + pack({"game": "harmonies"})[7:-5],
          "#" + pack({"game": "harmonies", "side": "Q", "board": {}}),
          "#" + pack({"game": "azul", "wall": 3, "players": "x"}), "#" + pack({"format": 7})]


def _editor() -> BoardEditor:
    editor = BoardEditor(side="B")
    for cell in ("c3", "c3", "d2"):
        editor.click(cell)
    editor.choose("gray")
    editor.click("a1")
    return editor


def _sandbox() -> WallSandbox:
    box = WallSandbox()
    box.load(json.dumps(AZUL_EXAMPLE))
    return box


@pytest.mark.parametrize("make", [_editor, _sandbox])
def test_a_board_goes_into_a_link_and_a_page_at_that_link_opens_it(make):
    widget = make()
    position = _position(widget)
    link = widget.make_link(LESSON)
    assert link.startswith(LESSON + "#play=1.")
    assert widget.address.fragment == link.split("#", 1)[1]  # the page shows it to copy
    assert unpack(link) == position
    fresh = type(widget)()
    assert _position(fresh) != position
    fresh.address.hash = "#" + widget.address.fragment  # what the browser reports on opening
    assert _position(fresh) == position and fresh.message == ""
    other = type(widget)()
    other.open_link(link)
    assert _position(other) == position


def _position(widget) -> dict:
    return widget.scenario().to_dict() if isinstance(widget, BoardEditor) else widget.to_scenario().to_dict()


@pytest.mark.parametrize("make", [_editor, _sandbox])
def test_a_broken_or_foreign_link_changes_nothing_and_says_why(make):
    widget = make()
    before = _position(widget)
    for link in BROKEN:
        widget.open_link(link)
        assert _position(widget) == before, link
        assert widget.message, link
    game = play_out(azul.Game(2, seed=1), RandomPolicy(1))
    widget.address.hash = "#" + pack(record(game))  # a game in the address: for a table, not here
    assert _position(widget) == before
    widget.address.hash = "#section-2"  # an anchor of the page, no link of ours
    assert _position(widget) == before


# --- the game tables: play by link --------------------------------------------------------------


def _tables():
    from azul.widgets import AzulTable
    from harmonies.widgets import GameTable
    return [GameTable, AzulTable]


@pytest.mark.parametrize("table", _tables())
def test_a_table_sends_the_game_and_a_page_at_that_link_goes_on_with_it(table):
    sender = table(2, seats=["human", "greedy"], seed=6)
    link = sender.send()
    assert sender.address.fragment == link[1:]  # the page shows it to copy, with its own address
    receiver = table(2, seats=["human", "greedy"], seed=1)
    receiver.address.hash = link  # what the browser reports on opening the page at that link
    assert receiver.game.to_dict() == sender.game.to_dict() and receiver.message == ""
    assert receiver.seats == ["human", "human"]
    assert "anyone who holds" in receiver.status_box.value
    receiver.act(receiver.game.action_text(receiver.game.legal_actions()[0]))
    assert receiver.address.fragment == ""  # the link shown no longer holds the game


@pytest.mark.parametrize("table", _tables())
def test_a_board_or_a_broken_link_in_the_address_leaves_the_table_alone(table):
    widget = table(2, seats=["human", "greedy"], seed=6)
    before = widget.game.to_dict()
    for link in ["#section-2", "#" + pack({"game": "harmonies", "side": "A", "board": {}}),
                 "#" + pack({"game": "azul", "wall": "colored", "players": []})]:
        widget.address.hash = link
        assert widget.game.to_dict() == before and widget.message == "", link
    widget.address.hash = "#play=1.abc"
    assert widget.game.to_dict() == before and "damaged" in widget.message


# --- the explorer and both what-ifs: what they show, as one link ---------------------------------


def _explorer():
    from harmonies.widgets import HabitatExplorer
    explorer = HabitatExplorer(card=7)
    explorer.click("c3")  # nothing placed on an empty board: the message says why
    explorer.show_rotation(3)
    return explorer


def _what_if():
    from harmonies.widgets import WhatIf
    what_if = WhatIf()
    what_if.right.click("c3")
    return what_if


def _compare():
    from azul.widgets import TilingCompare
    return TilingCompare(AZUL_EXAMPLE, AZUL_EXAMPLE, labels=("first", "second"))


def _shown(widget) -> tuple:
    name = type(widget).__name__
    if name == "HabitatExplorer":
        return widget.card.id, widget.rotation, widget.board.to_dict()
    if name == "WhatIf":
        return widget.left.scenario().to_dict(), widget.right.scenario().to_dict()
    return widget.left.to_dict(), widget.right.to_dict(), widget.labels, widget.player


@pytest.mark.parametrize("make", [_explorer, _what_if, _compare])
def test_what_a_widget_shows_goes_into_one_link_and_opens_on_another_page(make):
    widget = make()
    link = widget.make_link()
    assert widget.address.fragment == link[1:]  # the page shows it to copy, with its own address
    fresh = _fresh_compare() if make is _compare else type(widget)()
    assert _shown(fresh) != _shown(widget)
    fresh.address.hash = link  # what the browser reports on opening the page at that link
    assert _shown(fresh) == _shown(widget) and fresh.message == ""


def _fresh_compare():
    from azul.widgets import TilingCompare
    return TilingCompare(AZUL_EXAMPLE, {**AZUL_EXAMPLE})


@pytest.mark.parametrize("make", [_explorer, _what_if, _compare])
def test_a_broken_or_foreign_link_leaves_what_a_widget_shows(make):
    widget = make()
    before = _shown(widget)
    game = play_out(azul.Game(2, seed=1), RandomPolicy(1))
    for link in ["#section-2", "#" + pack(record(game))]:  # not for this widget: left alone, no message
        widget.address.hash = link
        assert _shown(widget) == before and widget.message == "", link
    for link in [*BROKEN, "#" + pack({"format": "harmonies-explorer/2"}),
                 "#" + pack({"format": "azul-compare/9"}),
                 "#" + pack({"format": "harmonies-whatif/1", "before": {}, "after": []}),
                 "#" + pack({"format": "harmonies-explorer/1", "board": {}, "card": None}),
                 "#" + pack({"format": "azul-compare/1", "labels": ["a"], "left": {}, "right": {}})]:
        widget.open_link(link)
        assert _shown(widget) == before, link
        assert widget.message, link
