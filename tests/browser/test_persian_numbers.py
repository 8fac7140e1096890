"""Persian numbers keep their order on screen: each signed number and sum of the Persian lessons' prose
(``tools/lessons.py build``) and of the catalogue texts the widgets show (a quiz's feedback, a tiling
step as printed, a comparison's table and explanation) is one left-to-right isolate
(``i18n.isolate_sums``), and Chromium shows every character of it left to right in the order it is
written. The same pages without the isolates show some of them reversed ("3−", "1 = 4 − 5", a table's
"1+"), so the test can fail.

The prose is given as Voila renders markdown (nbconvert); JupyterLab and JupyterLite render the same
source with the same characters: only the isolates decide the order, and this reads back what a reader
sees. Which runs are sums is found in the page's text, by ``tests/test_persian_sums.py``'s pattern."""

from __future__ import annotations

import re
from html import escape

import nbformat
import pytest
from nbconvert.filters.markdown import markdown2html
from test_persian_sums import SUM

from tabletop import i18n
from tabletop.localised import STYLE  # a printed line takes the direction of its first letter

from .conftest import ROOT

FARSI = ROOT / "notebooks" / "fa"
# Every Persian lesson whose prose holds a signed number or a sum.
LESSONS = sorted(p.relative_to(FARSI).as_posix() for p in FARSI.rglob("*.ipynb")
                 if i18n.LRI in p.read_text(encoding="utf-8"))
MARKS = re.compile("[\u2066-\u2069\u200e\u200f]")

# Each character of the page's text, in the order it is written, with the left edge and top of its box;
# a new line between two blocks (paragraphs, table cells), not between the inline parts of one.
SCREEN = """() => {
    const block = (node) => {
        let element = node.parentElement;
        while (getComputedStyle(element).display.startsWith("inline")) element = element.parentElement;
        return element;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const seen = [];
    let last = null;
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (block(node) !== last) seen.push(["\\n", 0, 0]);
        last = block(node);
        for (let k = 0; k < node.data.length; k++) {
            range.setStart(node, k);
            range.setEnd(node, k + 1);
            const box = range.getBoundingClientRect();
            seen.push([node.data[k], box.left, box.top]);
        }
    }
    return seen;
}"""


def _shown(browser, body: str, isolated: bool) -> dict[str, bool]:
    """Each sum of the page (by its index in the text) and whether it reads left to right on screen."""
    page = browser.new_page()
    page.set_content(f'<html lang="fa"><head><style>{STYLE}</style></head>'
                     f'<body style="width: 700px">{body if isolated else MARKS.sub("", body)}</body></html>')
    seen = [s for s in page.evaluate(SCREEN) if not MARKS.match(s[0])]
    page.close()
    text = "".join(c for c, _, _ in seen)
    found = {}
    for match in SUM.finditer(text):
        if re.search("[−+×÷=/–-]", match.group()):
            boxes = [(left, top) for c, left, top in seen[match.start():match.end()] if not c.isspace()]
            on_one_line = len({round(top) for _, top in boxes}) == 1
            lefts = [left for left, _ in boxes]
            found[f"{match.group()} at {match.start()}"] = not on_one_line or lefts == sorted(lefts)
    return found


def _lesson(notebook: str) -> str:
    nb = nbformat.read(FARSI / notebook, as_version=4)
    return "".join(markdown2html(c.source) for c in nb.cells if c.cell_type == "markdown")


def _widgets() -> str:
    """What a quiz, a printed tiling and the tiling comparison show in Persian, as their page holds it."""
    from azul import Board, describe
    from azul.locale import t
    from azul.tiling import tile_board
    from azul.widgets import TilingCompare
    from tabletop.quiz import Quiz

    def position(lines=("",) * 5):
        return {"game": "azul", "wall": "colored", "players": [{"score": 0, "pattern_lines": list(lines)}]}

    with i18n.wording("fa"):
        quiz = Quiz(t.lazy("lesson.04.order.question"), 1, explain=t.lazy("lesson.04.order.explain"))
        quiz.answer(1)
        board = Board.from_dict({"score": 10, "wall": ["...K.", "...R.", "KWB..", ".....", "....."],
                                 "pattern_lines": ["", "", "YYY", "", ""], "floor": "BYR"}, False)
        printed = "\n".join(describe(step) for step in tile_board(board, 0, [0] * 5))
        compare = TilingCompare(position(), position(("B", "", "", "", "")))
        shown = [quiz.feedback.value, f'<div class="jp-RenderedText"><pre>{escape(printed)}</pre></div>',
                 compare._table.value]
    quiz.close()
    compare.close()
    return "".join(f'<div class="tabletop-localised" lang="fa" dir="rtl">{part}</div>' for part in shown)


@pytest.mark.parametrize("notebook", LESSONS)
def test_signed_numbers_and_sums_read_left_to_right_in_a_persian_lesson(browser, notebook):
    shown = _shown(browser, _lesson(notebook), isolated=True)
    assert shown and [found for found, in_order in shown.items() if not in_order] == []


def test_the_lessons_with_numbers_include_the_sums_and_penalties():
    assert {"azul-lessons/03-pattern-lines-and-floor.ipynb", "azul-lessons/06-end-and-bonuses.ipynb",
            "harmonies-lessons/02-setup.ipynb", "harmonies-lessons/11-solo-and-suns.ipynb"} <= set(LESSONS)


def test_a_quiz_a_tiling_step_and_a_widget_show_their_sums_left_to_right(browser):
    shown = _shown(browser, _widgets(), isolated=True)
    sums = {found.split(" at ")[0] for found in shown}
    assert {"5 − 4 = 1", "4 + 3 = +7", "-4", "+1"} <= sums  # the quiz, the tiling, the table
    assert [found for found, in_order in shown.items() if not in_order] == []


@pytest.mark.parametrize("body", [lambda: _lesson("azul-lessons/04-wall-tiling-and-scoring.ipynb"), _widgets],
                         ids=["lesson", "widgets"])
def test_without_the_isolates_the_same_numbers_turn_around(browser, body):
    assert not all(_shown(browser, body(), isolated=False).values())
