"""The wall sandbox's model with no widget: editing, the tiling step by step, files and links, each
refused request leaving the position as it was, with the reason in words."""

from __future__ import annotations

import json

from azul.sandboxmodel import SandboxModel
from tabletop.links import pack


def _position(box: SandboxModel) -> str:
    return box.to_scenario().to_json()


def test_editing_by_clicks_and_a_refusal_changes_nothing():
    box = SandboxModel()
    box.choose("B")
    box.click("line:0")  # one blue tile completes line 0
    assert box.message == "" and box.board.line_count[0] == 1
    before = _position(box)
    box.choose("R")
    box.click("line:0")  # line 0 is full, and blue
    assert box.message and _position(box) == before
    box.choose("purple")
    assert box.message and box.tool == "R"
    box.click("factory:1:B")  # a key the sandbox never draws
    assert box.message and _position(box) == before


def test_the_tiling_step_by_step_and_back():
    box = SandboxModel()
    box.choose("B")
    box.click("line:0")
    step = box.step()
    assert step is not None and box.running and box.board.score == 1
    assert "line 0" in box.explanation.lower()
    box.click("line:1")  # no editing while the tiling runs
    assert box.message
    box.run_all()
    assert box.finished
    box.back()
    assert not box.finished
    box.reset()
    assert not box.running and box.board.score == 0


def test_files_and_links_never_a_path_from_the_page():
    box = SandboxModel()
    box.choose("Y")
    box.click("line:2")
    name, text = box.download()
    assert name.endswith(".json") and json.loads(text)["game"] == "azul"
    other = SandboxModel()
    other.upload("mine.json", "/etc/passwd")  # an upload's text is never read as a path
    assert other.message and other.board.line_count[2] == 0
    other.upload("mine.json", text)
    assert other.board.line_count[2] == 1
    link = pack(box.link())
    assert SandboxModel.claims(link) and not SandboxModel.claims(pack({"format": "azul-game/1"}))
    fresh = SandboxModel()
    fresh.open_link(link)
    assert _position(fresh) == _position(box)
    fresh.open_link("#play=1.garbled")
    assert fresh.message and _position(fresh) == _position(box)


def test_the_hint_fits_the_board_it_was_asked_about():
    box = SandboxModel()
    box.hint()
    head, items = box.hint_items()
    assert items and box.hints and box.hint_cells()
    box.choose("B")
    box.click("line:0")
    assert box.hints == [] and box.hint_items()[1] == []
