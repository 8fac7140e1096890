"""Whole lessons in the learner's language, as a class sees them in Chromium: a Persian lesson reads
right to left in Voila and in JupyterLab (paragraphs, lists, headings and tables flush right), its
widgets work and refuse in Persian, and the language menu opens the same lesson in another language.
One lesson per language is photographed for a person to look at (``screenshots/``)."""

from __future__ import annotations

import re

import pytest

from harmonies.locale import t
from tabletop import i18n

from .conftest import ALL_RAN, KERNEL_READY, SHOTS, assert_no_error_output, wait_changed

LESSON = "harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"
TABLE_LESSON = "azul-lessons/01-story-goal-and-setup.ipynb"  # its prose has a markdown table
PERSIAN = re.compile("[\u0600-\u06ff]")

# Where the last line of an element's text sits in its content box: right-aligned text ends flush right.
LAST_LINE = """(p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    const pieces = [...range.getClientRects()].filter(r => r.width > 1);  // not the line breaks
    const top = Math.max(...pieces.map(r => r.top));
    const line = pieces.filter(r => Math.abs(r.top - top) < 4), box = p.getBoundingClientRect();
    const style = getComputedStyle(p);
    return {align: style.textAlign, direction: style.direction,
            right: box.right - parseFloat(style.paddingRight) - Math.max(...line.map(r => r.right)),
            left: Math.min(...line.map(r => r.left)) - box.left - parseFloat(style.paddingLeft)};
}"""

# A table laid out right to left: its first column on the right, the table not against the left edge.
TABLE = """(table) => {
    const cells = [...table.querySelector('tr').children].map(c => c.getBoundingClientRect());
    const box = table.getBoundingClientRect(), page = table.parentElement.getBoundingClientRect();
    return {direction: getComputedStyle(table).direction,
            firstRight: cells[0].right, lastRight: cells[cells.length - 1].right,
            gapRight: page.right - box.right, gapLeft: box.left - page.left};
}"""

# A printed output whose every line starts (isolated values aside) with a Persian letter.
PERSIAN_LINES = r"""() => [...document.querySelectorAll('.jp-RenderedText pre')].find(pre => {
    const lines = pre.innerText.trim().split('\n');
    return lines.every(line => {
        let text = line, before;
        const isolated = /\u2068[^\u2068\u2069]*\u2069/g;
        do { before = text; text = text.replace(isolated, ''); } while (text !== before);
        const first = text.match(/[A-Za-z\u0600-\u06ff]/);
        return first !== null && /[\u0600-\u06ff]/.test(first[0]);
    });
})"""

# JupyterLab keeps only the cells near the view in the page: scroll cell by cell until one is there.
SCROLL_TO = """async (selector) => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    for (let i = 0; i < notebook.widgets.length; i++) {
        await notebook.scrollToItem(i, 'center');
        await new Promise(done => requestAnimationFrame(done));
        if (document.querySelector(selector)) return true;
    }
    return false;
}"""


def persian(key: str) -> str:
    i18n.set_language("fa")  # in this process only; tests/conftest.py puts English back
    return i18n.plain(t(key))


def _assert_flush_right(element) -> None:
    geometry = element.evaluate(LAST_LINE)
    assert geometry["direction"] == "rtl", geometry
    assert geometry["align"] in ("right", "start"), geometry
    assert geometry["right"] < 3 and geometry["left"] > 20, geometry  # flush right, ragged left


def _assert_prose_right_to_left(prose) -> None:
    """A lesson's first markdown cell: its heading, a paragraph and a list item."""
    for element in (prose.locator("h1").first, prose.locator("p").first, prose.locator("li").last):
        element.scroll_into_view_if_needed()
        assert PERSIAN.search(element.inner_text())
        _assert_flush_right(element)


def _assert_table_right_to_left(table) -> None:
    table.scroll_into_view_if_needed()
    geometry = table.evaluate(TABLE)
    assert geometry["direction"] == "rtl", geometry
    assert geometry["firstRight"] > geometry["lastRight"], geometry  # first column on the right
    assert geometry["gapRight"] <= geometry["gapLeft"] + 2, geometry  # centred, or against the right
    cell = table.locator("tr:last-child td:nth-child(2)")  # words, shorter than the column
    _assert_flush_right(cell)


def _stack_and_refuse(page, editor) -> None:
    """Brown, brown, green on c3 (each click changes the board), then red on the tree: refused, with a
    Persian message naming the cell, and the board unchanged."""
    board = editor.locator(".tabletop-svg").nth(1)
    for colour in ("brown", "brown", "green"):
        editor.locator(f'.tabletop-place[data-key="colour:{colour}"]').click()
        before = board.inner_html()
        board.locator('.tabletop-place[data-key="cell:c3"]').click()
        wait_changed(board, before)
    editor.locator('.tabletop-place[data-key="colour:red"]').click()
    # The places are renamed for the tool in hand ("… place red here"): the picture settles first.
    board.locator(f'.tabletop-place[data-key="cell:c3"][aria-label*="{persian("colour.red")}"]').wait_for()
    before = board.inner_html()
    board.locator('.tabletop-place[data-key="cell:c3"]').click()
    warning = editor.locator('[dir="rtl"]', has_text="c3").first
    warning.wait_for()
    assert PERSIAN.search(warning.inner_text()), warning.inner_text()
    assert warning.evaluate("el => getComputedStyle(el).direction") == "rtl"
    assert board.inner_html() == before


def _forgive_voila_shutdown_refusal(watched) -> list[str]:
    """Leaving a Voila page asks the server to shut its kernel down without the XSRF token, which
    the server refuses with 403 (voila-dashboards/voila#1458): the language menu's page change does
    that once. Such refusals are recorded and their console line is not held against the page."""
    refused: list[str] = []
    watched.page.on("response", lambda r: refused.append(r.url)
                    if r.status == 403 and "/voila/api/shutdown/" in r.url else None)
    return refused


def _assert_clean_but_for_the_shutdown(watched, refused) -> None:
    forbidden = [e for e in watched.console_errors if "403 (Forbidden)" in e]
    assert len(forbidden) <= len(refused) <= 1
    watched.console_errors = [e for e in watched.console_errors if e not in forbidden]
    # Leaving the page may also cut Voila's shutdown request short: the page is gone before it ends.
    cut = [f for f in watched.failed if "/voila/api/shutdown/" in f and "ERR_ABORTED" in f]
    assert len(cut) <= 1
    watched.failed = [f for f in watched.failed if f not in cut]
    watched.assert_clean()


def test_a_persian_lesson_in_voila_reads_right_to_left_and_its_editor_works(watched, voila):
    page = watched.page
    page.goto(f"{voila.url}/voila/render/fa/{LESSON}")
    editor = page.locator('.harmonies-board-editor[dir="rtl"][lang="fa"]').first
    editor.locator('[data-key="cell:c3"]').first.wait_for()
    _photograph(page, editor, "fa")
    prose = page.locator('[dir="rtl"][lang="fa"]', has=page.locator("h1")).first
    _assert_prose_right_to_left(prose)
    watched.shot("-top")
    # Printed Persian: each line takes the direction of its first letter and sits flush right.
    printed = page.wait_for_function(PERSIAN_LINES).as_element()
    printed.scroll_into_view_if_needed()
    geometry = printed.evaluate(LAST_LINE)
    assert geometry["right"] < 3 and geometry["left"] > 20, geometry
    editor.get_by_role("button", name=persian("editor.undo")).wait_for()
    editor.scroll_into_view_if_needed()
    _stack_and_refuse(page, editor)
    watched.shot("-refused")
    watched.assert_clean()


def test_a_persian_table_in_voila_reads_right_to_left(watched, voila):
    page = watched.page
    page.goto(f"{voila.url}/voila/render/fa/{TABLE_LESSON}")
    table = page.locator('[dir="rtl"][lang="fa"] table').first
    table.wait_for()
    _assert_table_right_to_left(table)
    watched.shot("-table")
    watched.assert_clean()


def test_the_menu_of_an_english_lesson_in_voila_opens_it_in_persian(watched, voila):
    page = watched.page
    refused = _forgive_voila_shutdown_refusal(watched)
    page.goto(f"{voila.url}/voila/render/en/{LESSON}")
    page.locator('.harmonies-board-editor [data-key="cell:c3"]').first.wait_for()
    _photograph(page, page.locator('.harmonies-board-editor[lang="en"]').first, "en")
    page.locator(".tabletop-header select").first.select_option(label=i18n.LANGUAGES["fa"].name)
    page.wait_for_url(f"**/voila/render/fa/{LESSON}")
    page.locator('.harmonies-board-editor[dir="rtl"][lang="fa"] [data-key="cell:c3"]').first.wait_for()
    assert page.locator(".tabletop-header select").first.input_value() == i18n.LANGUAGES["fa"].name
    _assert_clean_but_for_the_shutdown(watched, refused)


def test_a_persian_lesson_in_jupyterlab_reads_right_to_left_and_the_menu_opens_it_in_dutch(watched, lab):
    page = watched.page
    page.goto(f"{lab.url}/lab/workspaces/persian/tree/fa/{LESSON}?reset")
    page.wait_for_function(KERNEL_READY, timeout=120_000)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(ALL_RAN, timeout=120_000)
    assert_no_error_output(page)
    page.evaluate("() => window.jupyterapp.shell.currentWidget.content.scrollToItem(0, 'start')")
    prose = page.locator('.jp-MarkdownCell [dir="rtl"][lang="fa"]', has=page.locator("h1")).first
    _assert_prose_right_to_left(prose)
    watched.shot("-top")

    # Lab asks "notified about news?" in a toast that may come at any time, over the board's lower cells.
    page.add_style_tag(content=".jp-toastContainer { display: none !important; }")
    selector = '.harmonies-board-editor[dir="rtl"][lang="fa"] [data-key="cell:c3"]'
    assert page.evaluate(SCROLL_TO, selector), "the board editor never appeared"
    editor = page.locator('.harmonies-board-editor[dir="rtl"][lang="fa"]').first
    editor.scroll_into_view_if_needed()
    _stack_and_refuse(page, editor)
    watched.shot("-refused")

    page.evaluate("() => window.jupyterapp.shell.currentWidget.content.scrollToItem(0, 'start')")
    menu = page.locator(".tabletop-header select").first
    before = len(watched.failed)
    menu.select_option(label=i18n.LANGUAGES["nl"].name)
    page.wait_for_url(f"**/tree/nl/{LESSON}")
    page.wait_for_function(f"""() => {{
        const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
        return Boolean(panel && panel.context && panel.context.path === 'nl/{LESSON}');
    }}""", timeout=120_000)
    page.locator(".jp-MarkdownCell h1", has_text="Je beurt: tokens nemen").first.wait_for()
    # Leaving the page cuts short what it was still loading (a busy favicon): not the server's failure.
    watched.failed[before:] = [f for f in watched.failed[before:] if not f.endswith("net::ERR_ABORTED")]
    watched.shot("-dutch")
    watched.assert_clean()


def _photograph(page, editor, language: str) -> None:
    """For a person to look at: the top of the lesson and its board editor."""
    assert page.locator("h1").first.is_visible()
    page.screenshot(path=str(SHOTS / f"lesson-{language}-top.png"))
    editor.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"lesson-{language}-editor.png"))


#: English and Persian are photographed by the tests above, which open the lesson in Voila anyway.
OTHERS = [code for code in i18n.LANGUAGES if code not in ("en", "fa")]


@pytest.mark.parametrize("language", OTHERS)
def test_one_lesson_per_language_photographed(watched, voila, language):
    """The lesson in each other language, with its board editor, photographed."""
    if not (SHOTS.parent / "notebooks" / language / LESSON).exists():
        pytest.skip(f"no {language} lesson")
    page = watched.page
    page.goto(f"{voila.url}/voila/render/{language}/{LESSON}")
    editor = page.locator(f'.harmonies-board-editor[lang="{language}"]').first
    editor.locator('[data-key="cell:c3"]').first.wait_for()
    _photograph(page, editor, language)
    watched.assert_clean()
