"""Persian numbers keep their order on screen: the built Persian lessons isolate each signed number and
sum (``tools/lessons.py build``), and Chromium, given the cells as Voila renders markdown (nbconvert),
shows every character of such an expression left to right in the order it is written. The same cells
without the isolates show some of them reversed ("3−", "111 = 9 − 120"), so the test can fail.

JupyterLab and JupyterLite render the same markdown source into the page with the same characters;
only the isolates decide the order, and this reads back what a reader sees."""

from __future__ import annotations

import re

import nbformat
import pytest
from nbconvert.filters.markdown import markdown2html

from .conftest import ROOT

FARSI = ROOT / "notebooks" / "fa"
# Every Persian lesson whose prose holds a signed number or a sum.
LESSONS = sorted(p.relative_to(FARSI).as_posix() for p in FARSI.rglob("*.ipynb")
                 if "\u2066" in p.read_text(encoding="utf-8"))
ISOLATED = re.compile("\u2066([^\u2066\u2069]*)\u2069")
STRIP = re.compile("[\u2066\u2069]")

# For each text node holding an expression: the on-screen left edge and top of each of its visible
# characters, in the order they are written.
SCREEN_ORDER = """(expressions) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    while (walker.nextNode()) {
        const node = walker.currentNode;
        for (const expression of expressions) {
            for (let at = node.data.indexOf(expression); at >= 0; at = node.data.indexOf(expression, at + 1))
            {
                const boxes = [];
                for (let k = 0; k < expression.length; k++) {
                    if (' \\u2066\\u2069'.includes(expression[k])) continue;
                    const range = document.createRange();
                    range.setStart(node, at + k);
                    range.setEnd(node, at + k + 1);
                    const box = range.getBoundingClientRect();
                    boxes.push([box.left, box.top]);
                }
                found.push({expression, boxes});
            }
        }
    }
    return found;
}"""


def _page(browser, notebook: str, isolated: bool):
    nb = nbformat.read(ROOT / "notebooks" / "fa" / notebook, as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "markdown"]
    expressions = sorted({m.group(1) for source in cells for m in ISOLATED.finditer(source)})
    body = "".join(markdown2html(source if isolated else STRIP.sub("", source)) for source in cells)
    page = browser.new_page()
    page.set_content(f'<html lang="fa"><body style="width: 700px">{body}</body></html>')
    shown = page.evaluate(SCREEN_ORDER, [f"\u2066{e}\u2069" if isolated else e for e in expressions])
    page.close()
    return expressions, shown


def _in_order(boxes) -> bool:
    on_one_line = len({round(top) for _, top in boxes}) == 1
    lefts = [left for left, _ in boxes]
    return not on_one_line or lefts == sorted(lefts)


@pytest.mark.parametrize("notebook", LESSONS)
def test_signed_numbers_and_sums_read_left_to_right_in_a_persian_lesson(browser, notebook):
    expressions, shown = _page(browser, notebook, isolated=True)
    assert expressions and len(shown) >= len(expressions)  # every expression is on the page
    wrong = [s["expression"] for s in shown if not _in_order(s["boxes"])]
    assert wrong == []


def test_the_lessons_with_numbers_include_the_sums_and_penalties():
    assert {"azul-lessons/03-pattern-lines-and-floor.ipynb", "azul-lessons/06-end-and-bonuses.ipynb",
            "harmonies-lessons/11-solo-and-suns.ipynb"} <= set(LESSONS)


def test_without_the_isolates_the_same_numbers_turn_around(browser):
    _, shown = _page(browser, "azul-lessons/04-wall-tiling-and-scoring.ipynb", isolated=False)
    assert any(not _in_order(s["boxes"]) for s in shown)
