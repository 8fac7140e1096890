"""The board editor's model with no widget: clicks, undo, files, links and the hint, each leaving the
position as it was when refused, with the reason in words."""

from __future__ import annotations

import json

from harmonies.editormodel import EditorModel
from tabletop.links import pack


def _tree(editor: EditorModel) -> None:
    for colour in ("brown", "brown", "green"):
        editor.choose(colour)
        editor.click("c3")


def test_clicks_build_a_scored_board_and_a_refusal_changes_nothing():
    editor = EditorModel()
    _tree(editor)
    assert editor.breakdown.trees == 7 and editor.message == ""
    before = editor.scenario().to_dict()
    editor.choose("red")
    editor.click("c3")  # nothing goes on a tree
    assert editor.message and editor.scenario().to_dict() == before
    editor.choose("purple")
    assert editor.message and editor.tool == "red"
    assert "red" in editor.place_name("cell:c3", "c3")  # the cell says what a click would do


def test_undo_redo_side_river_and_clear():
    editor = EditorModel()
    _tree(editor)
    editor.undo()
    assert editor.breakdown.trees == 0  # brown, brown: a trunk without its green top is no tree
    editor.redo()
    assert editor.breakdown.trees == 7
    editor.redo()
    assert editor.message  # nothing to redo
    editor.set_river("loops-full-length")
    assert editor.state.river == "loops-full-length" and editor.breakdown.river == "loops-full-length"
    editor.set_side("Q")
    assert editor.message and str(editor.state.board.side) == "A"
    editor.clear()
    assert editor.breakdown.total == 0
    editor.undo()
    assert editor.breakdown.trees == 7


def test_files_and_links_never_a_path_from_the_page():
    editor = EditorModel()
    _tree(editor)
    name, text = editor.download()
    assert name.endswith(".json") and json.loads(text)["board"]["c3"] == ["brown", "brown", "green"]
    other = EditorModel()
    other.upload("mine.json", "/etc/passwd")  # an upload's text is never read as a path
    assert other.message and other.breakdown.total == 0
    other.upload("mine.json", text)
    assert other.breakdown.trees == 7 and other.note
    link = editor.link()
    fresh = EditorModel()
    assert fresh.claims(link) and not fresh.claims(pack({"format": "azul-game/1"}))
    fresh.open_link(link)
    assert fresh.scenario().to_dict() == editor.scenario().to_dict()
    fresh.open_link("#play=1.garbled")
    assert fresh.message and fresh.breakdown.trees == 7


def test_the_hint_fits_the_board_and_hand_it_was_asked_about():
    editor = EditorModel(hand=("blue", "blue"))
    editor.hint()
    assert editor.hints and editor.hint_lines()[0]
    editor.choose("gray")
    editor.click("a1")
    assert editor.hints == [] and editor.hint_lines() == []  # the board changed
    editor.set_hand("red red red red")
    assert editor.message and editor.hand == ("blue", "blue")
