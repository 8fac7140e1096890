"""The boards from the keyboard alone, in Chromium: the clickable picture's script on a page of its
own (a stand-in for the kernel records what it would be sent), then lesson pages in Voila, played
with Tab, the arrow keys, Enter and Space; and an axe-core check of a lesson page."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from harmonies import draw
from harmonies.board import Board
from tabletop.clickable import _ESM
from tabletop.settings import PROJECTOR

from .conftest import ROOT

AXE_DIR = ROOT / "tests" / "browser"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


def _page(svg: str) -> str:
    """A page that renders the widget's script with a stand-in model (what anywidget gives it)."""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>board</title></head>
<body><main><button id="before">before</button><div id="widget"></div></main>
<script type="module">
const url = URL.createObjectURL(new Blob([{json.dumps(_ESM)}], {{ type: "text/javascript" }}));
const widget = await import(url);
const handlers = {{}};
window.sent = [];
window.model = {{
  data: {{ svg: {json.dumps(svg)} }},
  get(name) {{ return this.data[name]; }},
  on(event, handler) {{ handlers[event] = handler; }},
  send(message) {{ window.sent.push(message.key); }},
  redraw(svg) {{ this.data.svg = svg; handlers["change:svg"](); }},
}};
widget.default.render({{ model: window.model, el: document.getElementById("widget") }});
window.ready = true;
</script></body></html>"""


def _board_svg(board: Board, display=None) -> str:
    return draw.board_scene(board, display=display).to_svg(clickable=True)


def _focused(page) -> str | None:
    return page.evaluate("document.activeElement.getAttribute('data-key')")


@pytest.fixture
def board_page(watched):
    def open_board(board: Board, display=None):
        watched.page.set_content(_page(_board_svg(board, display)))
        watched.page.wait_for_function("window.ready === true")
        return watched.page
    return open_board


def test_one_tab_stop_arrows_between_cells_enter_and_space_click(board_page, watched):
    page = board_page(Board("A"))
    page.focus("#before")
    page.keyboard.press("Tab")
    assert _focused(page) == "cell:a1"  # the board is one Tab stop: its first place
    walk = []
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowLeft"):
        page.keyboard.press(key)
        walk.append(_focused(page))
    # Down stays in the column; Right goes to the next column, half a cell up or down, and back to
    # the row it started from (a zigzag along row 3, not a drift up the board).
    assert walk == ["cell:a2", "cell:a3", "cell:b2", "cell:c3", "cell:c2", "cell:b1"]
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    assert page.evaluate("window.sent") == ["cell:b1", "cell:b1"]
    page.keyboard.press("End")
    assert _focused(page) == "cell:e5"
    page.keyboard.press("Home")
    assert _focused(page) == "cell:a1"
    # Leaving and coming back lands on the place last visited (the roving Tab stop).
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "before"
    page.keyboard.press("Tab")
    assert _focused(page) == "cell:a2"
    assert page.locator('[tabindex="0"]').count() == 1


def test_a_redraw_keeps_the_focus_on_the_same_place(board_page, watched):
    page = board_page(Board("A"))
    page.locator('.tabletop-place[data-key="cell:c3"]').focus()
    board = Board("A")
    board.place("c3", "blue")
    page.evaluate("svg => window.model.redraw(svg)", _board_svg(board))
    assert _focused(page) == "cell:c3"
    assert "c3: a blue token" in page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("ArrowDown")
    assert _focused(page) == "cell:c4"


def test_the_focus_ring_shows_for_the_keyboard_in_both_displays(board_page, watched):
    for name, display in (("normal", None), ("projector", PROJECTOR)):
        board = Board("A")
        board.place("c3", "green")
        page = board_page(board, display)
        page.locator('.tabletop-place[data-key="cell:c2"]').focus()
        page.keyboard.press("ArrowDown")
        ring = page.locator(".tabletop-ring")
        assert ring.count() == 1
        assert ring.locator("*").evaluate_all("els => els.map(e => e.getAttribute('stroke'))") == [
            "#000000", "#ffdd00"]
        # drawn last, over every token, and wide enough to see from the back of a class
        assert page.evaluate("document.querySelector('.tabletop-svg svg').lastElementChild.classList"
                             ".contains('tabletop-ring')")
        width = float(ring.locator(".outer").get_attribute("stroke-width"))
        assert width >= 4
        watched.shot(f"-{name}")
        page.keyboard.press("Shift+Tab")
        assert ring.count() == 0  # the ring leaves with the focus


# ---------------------------------------------------------------------------------------------
# Lesson pages in Voila

EDITOR = "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"


def _open(watched, voila, notebook: str, widget: str, key: str):
    watched.page.goto(f"{voila.url}/voila/render/{notebook}")
    root = watched.page.locator(f".{widget}").first
    root.locator(f'.tabletop-place[data-key="{key}"]').wait_for()
    return root


@pytest.fixture(scope="session")
def axe_script():
    """axe-core from the npm registry (``make test`` runs ``npm ci``; this does it if it was not)."""
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm not found: install Node.js and npm to run the axe-core accessibility check")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=AXE_DIR, check=True)
    return AXE


def test_a_lesson_page_has_no_serious_accessibility_violation(watched, voila, axe_script):
    _open(watched, voila, EDITOR, "harmonies-board-editor", "cell:c3")
    watched.page.add_script_tag(path=str(axe_script))
    result = watched.page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                                         nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }));
    }""")
    print(json.dumps(result, indent=1))
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == [], json.dumps(serious, indent=1)
    watched.assert_clean()
