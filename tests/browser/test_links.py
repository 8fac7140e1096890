"""Links in a real browser: a page opened at an address holding ``#play=...`` shows that board or goes
on with that game, in Voila (the classroom server), in JupyterLab and on the static site (both drop
the fragment from the page's address as they start: ``tabletop.address`` reads the address the page
was opened at); a broken link says so.

The links are made by the project's own code (``tabletop.links``, ``tabletop.records``), as the
link button of a widget makes them; the browser only ever sees them in the address, as a learner who
was sent one would. The static site's own link test is with the other tests of that site
(``test_lite.py``), which build it once.
"""

from __future__ import annotations

from .conftest import ALL_RAN, KERNEL_READY
from .sent_links import AZUL_TABLE, EDITOR, azul_game_link, board_link


def _trees(editor) -> str:
    button = editor.locator(".widget-gridbox button", has_text="trees").first
    return button.locator("xpath=following-sibling::*[1]").inner_text().strip()


def test_voila_opens_a_board_from_a_link(watched, voila):
    watched.page.goto(f"{voila.url}/voila/render/{EDITOR}#{board_link()}")
    editor = watched.page.locator(".harmonies-board-editor").first
    editor.get_by_text("board opened from the link").first.wait_for()
    assert _trees(editor) == "7"
    watched.shot("-board")
    watched.assert_clean()


def test_voila_goes_on_with_a_game_from_a_link_and_sends_the_next(watched, voila):
    page = watched.page
    link, game = azul_game_link()
    page.goto(f"{voila.url}/voila/render/{AZUL_TABLE}#{link}")
    table = page.locator(".azul-table").first
    table.get_by_text("anyone who holds this game's link can move").first.wait_for()
    text = table.inner_text()
    assert f"player {game.current + 1} (human) to move" in text
    assert text.count("(human) took") >= 4  # the moves so far, told in the log
    # The seat to move plays at this device, and send gives the next link.
    board = table.locator(".tabletop-svg").first
    table.locator('[data-key^="factory:"][data-key*=":"]').first.wait_for()
    table.get_by_role("button", name="send").click()
    box = table.locator("input[readonly]").first
    page.wait_for_function("el => el.value.includes('#play=1.')", arg=box.element_handle())
    assert box.input_value().startswith(f"{voila.url}/voila/render/{AZUL_TABLE}#play=1.")
    assert board.is_visible()
    watched.shot("-game")
    watched.assert_clean()


def test_voila_says_a_broken_link_is_broken_and_shows_the_lesson(watched, voila):
    page = watched.page
    link = board_link()
    page.goto(f"{voila.url}/voila/render/{EDITOR}#{link[:-12]}")
    editor = page.locator(".harmonies-board-editor").first
    editor.get_by_text("This link is").first.wait_for()
    assert _trees(editor) == "0"
    watched.assert_clean()


def test_jupyterlab_goes_on_with_a_game_from_a_link(watched, lab):
    page = watched.page
    link, game = azul_game_link()
    page.goto(f"{lab.url}/lab/workspaces/links/tree/{AZUL_TABLE}?reset#{link}")
    page.wait_for_function(KERNEL_READY, timeout=120_000)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    table = page.locator(".azul-table").first
    table.get_by_text("anyone who holds this game's link can move").first.wait_for(timeout=120_000)
    page.wait_for_function(ALL_RAN, timeout=120_000)
    table.scroll_into_view_if_needed()  # JupyterLab hides the cells out of view
    assert f"player {game.current + 1} (human) to move" in table.text_content()
    table.get_by_role("button", name="send").click()
    box = table.locator("input[readonly]").first
    page.wait_for_function("el => el.value.includes('#play=1.')", arg=box.element_handle())
    assert f"/tree/{AZUL_TABLE}" in box.input_value()
    watched.assert_clean()
