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

from .conftest import ROOT, SHOTS

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


FOCUS = """() => {
    const a = document.activeElement;
    return { key: a.getAttribute("data-key"), name: a.getAttribute("aria-label") || a.textContent,
             palette: !!a.closest(".tabletop-svg") && !a.closest(".widget-hbox .widget-hbox"),
             editor: !!a.closest(".harmonies-board-editor") };
}"""


def _focus(page) -> dict:
    return page.evaluate(FOCUS)


def _tab_to(page, test, most: int = 120, back: bool = False) -> dict:
    """Press Tab (or Shift+Tab) until the focused element passes ``test``: only keys, as a learner
    without a mouse would."""
    for _ in range(most):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = _focus(page)
        if test(now):
            return now
    raise AssertionError(f"not reached with {most} presses of Tab; last focus {_focus(page)}")


def _arrow_to(page, key: str, arrows: list[str]) -> dict:
    """Walk the board with the arrow keys, checking each place reached."""
    for arrow in arrows:
        page.keyboard.press(arrow)
    now = _focus(page)
    assert now["key"] == key, now
    return now


def _press_and_wait(page, key: str, wait_key: str, changed_from: str) -> dict:
    """Press Enter or Space on the focused place; wait for the kernel's redraw, after which the
    same place has the focus again, with its new name."""
    page.keyboard.press(key)
    page.wait_for_function("([k, old]) => document.activeElement.getAttribute('data-key') === k && "
                           "document.activeElement.getAttribute('aria-label') !== old",
                           arg=[wait_key, changed_from])
    return _focus(page)


def test_a_tree_of_height_three_with_the_keyboard_alone(watched, voila):
    editor = _open(watched, voila, EDITOR, "harmonies-board-editor", "cell:c3")
    page = watched.page
    page.locator("body").focus()
    score = editor.locator(".widget-gridbox button", has_text="trees").first \
        .locator("xpath=following-sibling::*[1]")
    assert score.inner_text().strip() == "0"

    def palette_choose(colour: str) -> None:
        now = _focus(page)
        for _ in range(8):
            if now["key"] == f"colour:{colour}":
                break
            page.keyboard.press("ArrowRight")
            now = _focus(page)
        assert now["key"] == f"colour:{colour}", now
        page.keyboard.press("Enter")
        # the board's cells are named anew: a click there would now place this colour
        page.wait_for_function("""text => document.querySelector(
            '.harmonies-board-editor .tabletop-place[data-key="cell:c3"]').getAttribute('aria-label')
            .includes(text)""", arg=f"place {colour} here")
        assert _focus(page)["key"] == f"colour:{colour}"  # the palette kept the focus

    # Tab to the editor's palette, choose brown with the arrows and Enter.
    _tab_to(page, lambda f: f["editor"] and (f["key"] or "").startswith("colour:"))
    palette_choose("brown")
    # Tab on to the board (one stop), arrows to c3, Enter places a token, Space another.
    now = _tab_to(page, lambda f: f["editor"] and (f["key"] or "").startswith("cell:"))
    assert now["key"] == "cell:a1" and now["name"].startswith("a1: nothing. Click: place brown here")
    now = _arrow_to(page, "cell:c3", ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"])
    now = _press_and_wait(page, "Enter", "cell:c3", now["name"])
    assert now["name"].startswith("c3: a brown token")
    now = _press_and_wait(page, " ", "cell:c3", now["name"])
    editor.screenshot(path=str(SHOTS / "keyboard-editor-two-browns.png"))
    # Back to the palette (Shift+Tab), green, then Tab lands on c3 again: the board's Tab stop.
    _tab_to(page, lambda f: f["editor"] and (f["key"] or "").startswith("colour:"), back=True)
    palette_choose("green")
    now = _tab_to(page, lambda f: f["editor"] and (f["key"] or "").startswith("cell:"))
    assert now["key"] == "cell:c3"
    now = _press_and_wait(page, "Enter", "cell:c3", now["name"])
    assert now["name"].startswith("c3: a tree of height 3")
    page.wait_for_function("el => el.innerText.trim() === '7'", arg=score.element_handle())
    editor.screenshot(path=str(SHOTS / "keyboard-editor-tree.png"))
    assert page.locator(".tabletop-ring").count() == 1  # the ring shows where the keyboard is
    watched.assert_clean()


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


def test_in_jupyterlab_the_board_keeps_its_keys(watched, lab):
    """The lesson runs in JupyterLab with no error. JupyterLab's command mode uses the arrows, Enter
    and Space too (move between cells, edit a cell): on a board they move between places and click,
    and the notebook stays as it was."""
    from .conftest import ALL_RAN, KERNEL_READY, assert_no_error_output

    page = watched.page
    page.goto(f"{lab.url}/lab/workspaces/keyboard/tree/{EDITOR}?reset")
    page.wait_for_function(KERNEL_READY, timeout=120_000)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    place = page.locator('.harmonies-board-editor .tabletop-place[data-key="cell:c3"]')
    place.wait_for(timeout=120_000)
    page.wait_for_function(ALL_RAN, timeout=120_000)
    assert_no_error_output(page)
    active = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"
    place.focus()
    page.keyboard.press("ArrowDown")
    assert _focus(page)["key"] == "cell:c4"
    cell = page.evaluate(active)
    name = _focus(page)["name"]
    now = _press_and_wait(page, "Enter", "cell:c4", name)
    assert now["name"].startswith("c4: a blue token")  # the editor's first tool is blue
    page.keyboard.press("ArrowUp")
    now = _focus(page)
    assert now["key"] == "cell:c3"
    now = _press_and_wait(page, " ", "cell:c3", now["name"])
    assert now["name"].startswith("c3: a blue token")
    assert page.evaluate(active) == cell  # no move to another cell
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0  # and no cell opened to edit
    watched.shot("-lab")
    watched.assert_clean()
