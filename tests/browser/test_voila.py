"""The widget notebooks as a class sees them: Voila app pages in Chromium, clicked for real."""

from __future__ import annotations

import json
import time
from pathlib import Path

from .conftest import ROOT, SHOTS, click_place, wait_changed
from .scenario_files import save_then_load, save_then_load_a_wall

TIMINGS = SHOTS / "timings.json"


def _record(name: str, seconds: float) -> None:
    data = json.loads(TIMINGS.read_text()) if TIMINGS.exists() else {}
    data[name] = round(seconds * 1000, 1)
    TIMINGS.write_text(json.dumps(data, indent=1))
    print(f"{name}: {seconds * 1000:.0f} ms")


def _open(watched, voila, notebook: str, widget: str, key: str):
    """Open a notebook in Voila and wait for a widget's clickable board; returns the widget."""
    start = time.perf_counter()
    watched.page.goto(f"{voila.url}/voila/render/{notebook}")
    root = watched.page.locator(f".{widget}").first
    root.locator(f'[data-key="{key}"]').first.wait_for()
    _record(f"{notebook} board visible", time.perf_counter() - start)
    return root


def _score(editor, category: str) -> str:
    button = editor.locator(".widget-gridbox button", has_text=category).first
    return button.locator("xpath=following-sibling::*[1]").inner_text().strip()


def _click_and_wait(page, target, svg, before: str) -> float:
    """Click, then wait until the board's SVG changes: the whole round trip through the kernel.

    The click goes to the first of the cell's shapes (``click_place``).
    """
    start = time.perf_counter()
    click_place(target)
    wait_changed(svg, before)
    return time.perf_counter() - start


def test_a_tree_of_height_three_by_three_clicks(watched, voila):
    editor = _open(watched, voila, "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb",
                   "harmonies-board-editor", "cell:c3")
    board = editor.locator(".tabletop-svg").nth(1)
    assert _score(editor, "trees") == "0"
    trips = []
    for colour in ("brown", "brown", "green"):
        editor.locator(f'.tabletop-place[data-key="colour:{colour}"]').click()
        before = board.inner_html()
        c3 = board.locator('[data-key="cell:c3"]').first
        trips.append(_click_and_wait(watched.page, c3, board, before))
    watched.page.wait_for_function(
        "el => el.innerText.trim() === '7'",
        arg=editor.locator(".widget-gridbox button", has_text="trees").first
        .locator("xpath=following-sibling::*[1]").element_handle())
    assert _score(editor, "trees") == "7"
    _record("editor click round trip (median)", sorted(trips)[1])
    watched.shot("-tree")

    # An illegal click: red cannot go on a tree. The message shows and nothing changes.
    editor.locator('.tabletop-place[data-key="colour:red"]').click()
    # the cells are renamed for the new tool ("Click: red cannot go here") before the click
    board.locator('.tabletop-place[data-key="cell:c3"][aria-label*="red"]').wait_for()
    before = board.inner_html()
    click_place(board.locator('[data-key="cell:c3"]').first)
    editor.get_by_text("nothing can be stacked on green").first.wait_for()
    assert board.inner_html() == before
    assert _score(editor, "trees") == "7"
    watched.shot("-refused")
    watched.assert_clean()


def test_the_azul_sandbox_tiles_step_by_step(watched, voila):
    sandbox = _open(watched, voila, "en/azul-lessons/04-wall-tiling-and-scoring.ipynb",
                    "azul-wall-sandbox", "line:0")
    board = sandbox.locator(".tabletop-svg").first
    before = board.inner_html()
    step = sandbox.get_by_role("button", name="Step")
    _click_and_wait(watched.page, step, board, before)
    sandbox.get_by_text("+", exact=False).first.wait_for()
    text = sandbox.inner_text()
    assert "line 0" in text.lower() or "row 0" in text.lower()
    watched.shot("-first-step")
    sandbox.get_by_role("button", name="Run all").click()
    sandbox.get_by_text("floor", exact=False).first.wait_for()
    watched.shot("-all-steps")
    watched.assert_clean()


def test_the_habitat_explorer_highlights_placements_and_takes_a_cube(watched, voila):
    explorer = _open(watched, voila, "en/harmonies-lessons/05-cubes-and-habitats.ipynb",
                     "harmonies-habitat-explorer", "cell:c3")
    board = explorer.locator(".tabletop-svg").last
    highlighted = board.locator("[stroke='#e6007e']")
    assert highlighted.count() > 0  # the Fennec Fox placements are outlined
    before = board.inner_html()
    _click_and_wait(watched.page, board.locator('[data-key="cell:c3"]').first, board, before)
    watched.shot("-cube")
    assert board.inner_html() != before
    watched.assert_clean()


def test_a_game_table_plays_a_turn_against_an_opponent(watched, voila):
    table = _open(watched, voila, "en/azul-lessons/21-play-a-game.ipynb", "azul-table", "factory:0")
    board = table.locator(".tabletop-svg").first
    before = board.inner_html()
    _click_and_wait(watched.page, table.locator('[data-key^="factory:0:"]').first, board, before)  # select
    before = board.inner_html()
    _click_and_wait(watched.page, table.locator('[data-key="player:0:line:4"]').first, board, before)
    table.get_by_text("player 2 (greedy) took").first.wait_for()
    text = table.inner_text()
    assert "player 1 (human) took" in text
    watched.shot("-turn")
    watched.assert_clean()


def _disk(folder: Path) -> dict[str, int]:
    """Every file under a folder with the time it last changed: what a save on the server would move."""
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_save_is_a_download_and_load_an_upload_nothing_is_written_on_the_server(watched, voila,
                                                                                  tmp_path):
    before = _disk(ROOT / "notebooks"), sorted(p.name for p in ROOT.iterdir())
    editor = _open(watched, voila, "en/00-start-here.ipynb", "harmonies-board-editor", "cell:c3")
    save_then_load(watched.page, editor, tmp_path)
    watched.shot("-loaded")
    assert (_disk(ROOT / "notebooks"), sorted(p.name for p in ROOT.iterdir())) == before
    assert editor.locator("input[type=text]").count() == 0  # no box on the page to type a path into
    watched.assert_clean()


def test_the_sandbox_saves_a_download_and_loads_an_upload_nothing_is_written_on_the_server(
        watched, voila, tmp_path):
    before = _disk(ROOT / "notebooks"), sorted(p.name for p in ROOT.iterdir())
    sandbox = _open(watched, voila, "en/azul-lessons/04-wall-tiling-and-scoring.ipynb",
                    "azul-wall-sandbox", "line:0")
    saved = save_then_load_a_wall(watched.page, sandbox, tmp_path)
    assert saved["players"][0]["score"] == 7  # the lesson's practice board
    watched.shot("-loaded")
    assert (_disk(ROOT / "notebooks"), sorted(p.name for p in ROOT.iterdir())) == before
    assert sandbox.locator("input[type=text]").count() == 0
    watched.assert_clean()
