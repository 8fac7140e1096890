"""The notebooks in Persian as a class in Iran sees them: chosen from the menu, right to left."""

from __future__ import annotations

from harmonies.locale import t
from tabletop import i18n
from tabletop.locale import t as common

from .test_lab import ALL_RAN, KERNEL_READY

NOTEBOOK = "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"

# Where the last line of a paragraph sits in its box: a right-aligned paragraph ends flush right.
LAST_LINE = """(p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    const pieces = [...range.getClientRects()].filter(r => r.width > 1);  // not the line breaks
    const top = Math.max(...pieces.map(r => r.top));
    const line = pieces.filter(r => Math.abs(r.top - top) < 4), box = p.getBoundingClientRect();
    const style = getComputedStyle(p);
    return {align: style.textAlign, direction: style.direction, bidi: style.unicodeBidi,
            right: box.right - Math.max(...line.map(r => r.right)),
            left: Math.min(...line.map(r => r.left)) - box.left};
}"""


# A printed output whose every line starts (isolated values aside) with a Persian letter.
PERSIAN_LINE = r"""() => [...document.querySelectorAll('.jp-RenderedText pre')].find(pre => {
    const lines = pre.innerText.trim().split('\n');
    return lines.every(line => {
        let text = line, before;
        const isolated = /\u2068[^\u2068\u2069]*\u2069/g;
        do { before = text; text = text.replace(isolated, ''); } while (text !== before);
        const first = text.match(/[A-Za-z\u0600-\u06ff]/);
        return first !== null && /[\u0600-\u06ff]/.test(first[0]);
    });
})"""


# JupyterLab only keeps the cells near the view in the page: scroll cell by cell to a Persian line.
SCROLL_TO_PERSIAN = f"""async () => {{
    const notebook = window.jupyterapp.shell.currentWidget.content;
    for (let i = 0; i < notebook.widgets.length; i++) {{
        await notebook.scrollToItem(i, 'center');
        await new Promise(done => requestAnimationFrame(done));
        const found = ({PERSIAN_LINE})();
        if (found) return found;
    }}
    return null;
}}"""


def persian(key: str, catalogue=t, **params) -> str:
    i18n.set_language("fa")  # in this process only; tests/conftest.py puts English back
    return i18n.plain(catalogue(key, **params))


def _choose_persian(page, widget: str):
    page.locator(".tabletop-header select").first.select_option(label=i18n.LANGUAGES["fa"].name)
    page.locator(f'{widget}[dir="rtl"][lang="fa"]').first.wait_for()
    return page.locator('.tabletop-header[dir="rtl"][lang="fa"]').first


def _assert_right_aligned(paragraph) -> None:
    geometry = paragraph.evaluate(LAST_LINE)
    assert geometry["direction"] == "rtl" or geometry["bidi"] == "plaintext", geometry
    assert geometry["align"] in ("right", "start"), geometry
    assert geometry["right"] < 3 and geometry["left"] > 20, geometry  # flush right, ragged left


def _forgive_voila_shutdown_refusal(watched) -> list[str]:
    """Leaving a Voila page asks the server to shut its kernel down without the XSRF token, which
    the server refuses with 403 (voila-dashboards/voila#1458): the language menu's reload does
    that once. Such refusals are recorded and their console line is not held against the page."""
    refused: list[str] = []
    watched.page.on("response", lambda r: refused.append(r.url)
                    if r.status == 403 and "/voila/api/shutdown/" in r.url else None)
    return refused


def test_a_persian_page_in_voila_reads_right_to_left(watched, voila):
    page = watched.page
    refused = _forgive_voila_shutdown_refusal(watched)
    page.goto(f"{voila.url}/voila/render/{NOTEBOOK}")
    editor = page.locator(".harmonies-board-editor").first
    editor.locator('[data-key="cell:c3"]').first.wait_for()
    header = _choose_persian(page, ".harmonies-board-editor")
    # Voila ran the notebook before the choice: the page comes back with ?lang=fa, all in Persian.
    page.wait_for_url("**?lang=fa")
    editor = page.locator('.harmonies-board-editor[dir="rtl"][lang="fa"]').first
    editor.locator('[data-key="cell:c3"]').first.wait_for()
    header = page.locator('.tabletop-header[dir="rtl"][lang="fa"]').first
    _assert_right_aligned(header.locator("p").first)
    assert persian("lesson.03.title") in header.inner_text()
    printed = page.wait_for_function(PERSIAN_LINE).as_element()  # printed in Persian by the kernel
    _assert_right_aligned(printed)

    # The editor speaks Persian; a refusal names the cell as on the board.
    editor.get_by_role("button", name=persian("editor.undo")).wait_for()
    board = editor.locator(".tabletop-svg").nth(1)
    for colour in ("brown", "brown", "green", "red"):
        editor.locator(f'.tabletop-place[data-key="colour:{colour}"]').click()
        before = board.inner_html()
        board.locator('[data-key="cell:c3"]').first.click(force=True)
        if colour != "red":  # each token changes the picture before the next click
            changed = "([el, old]) => el.innerHTML !== old"
            page.wait_for_function(changed, arg=[board.element_handle(), before])
    warning = editor.locator('[dir="rtl"]', has_text="c3").first
    warning.wait_for()
    assert warning.evaluate("el => getComputedStyle(el).direction") == "rtl"
    watched.shot("-persian")
    forbidden = [e for e in watched.console_errors if "403 (Forbidden)" in e]
    assert len(forbidden) <= len(refused) <= 1
    watched.console_errors = [e for e in watched.console_errors if e not in forbidden]
    watched.assert_clean()


def test_jupyterlab_aligns_persian_paragraphs_right(watched, lab):
    page = watched.page
    page.goto(f"{lab.url}/lab/workspaces/persian/tree/{NOTEBOOK}?reset")
    page.wait_for_function(KERNEL_READY, timeout=120_000)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(ALL_RAN, timeout=120_000)
    header = _choose_persian(page, ".harmonies-board-editor")
    paragraph = header.locator("p").first
    paragraph.scroll_into_view_if_needed()
    _assert_right_aligned(paragraph)

    # Printed Persian (cells run again, now in Persian) reads right to left, flush right; without
    # the project's stylesheet JupyterLab would print it left to right, flush left.
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(ALL_RAN, timeout=120_000)
    printed = page.evaluate_handle(SCROLL_TO_PERSIAN).as_element()
    assert printed is not None, "no printed Persian line in the notebook"
    printed.scroll_into_view_if_needed()
    _assert_right_aligned(printed)
    watched.shot("-printed")
    page.evaluate("() => { document.getElementById('tabletop-i18n-style').disabled = true; }")
    flush_left = printed.evaluate(LAST_LINE)
    assert flush_left["left"] < 3 < 20 < flush_left["right"], flush_left
    page.evaluate("() => { document.getElementById('tabletop-i18n-style').disabled = false; }")
    quiz = page.locator(".tabletop-localised[dir='rtl']", has_text=persian("quiz.question", common)).first
    assert quiz.is_visible()
    watched.shot("-persian")
    watched.assert_clean()
