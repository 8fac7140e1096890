"""The lessons as a static JupyterLite site, offline: Python runs in the page (Pyodide), nothing else.

The site is built once per session with a local Pyodide (``tools/lite.py build --offline``) into a
temporary folder and served as plain files on 127.0.0.1. Each lesson is opened in Chromium, run to
the end with no error output, and a board is clicked until it changes; a chart lesson shows its chart
(the project's own SVG: the site holds no chart library). Any request that leaves 127.0.0.1 or any
console error fails the test. The downloads a build needs are made at install time (``make
lite-inputs``), never here: without them the tests are skipped, saying so.

Each tab restores Python from the site's snapshot. ``LITE_SNAPSHOT=removed`` runs the same tests on
the site with its snapshot deleted after the build: every tab then starts Python afresh, saying so
in the console, as a site whose snapshot is missing or stale does.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
import urllib.request

import pytest

from .conftest import (
    ALL_RAN,
    CHROMIUM,
    FLAGS,
    KERNEL_READY,
    ROOT,
    SHOTS,
    Server,
    Watched,
    _free_port,
    assert_no_error_output,
    wait_changed,
)
from .scenario_files import save_then_load
from .sent_links import AZUL_TABLE, azul_game_link

spec = importlib.util.spec_from_file_location("lite_tool", ROOT / "tools" / "lite.py")
lite_tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_tool)

# Each page load boots Python in the page, the costliest thing the suite does: three pages, each
# checking several things. A Harmonies board editor is clicked on the Persian start page, on the
# class network below (its saving and loading puts a token on c3 first); a game runs from a link.
# Here a former chart lesson (it stopped at its setup cell while the charts needed matplotlib, which
# the offline site cannot hold): its chart is a picture the browser has drawn, and its wall sandbox
# (whose line 0 changes) takes a step.
CHART_LESSON = "en/azul-lessons/20-scoring-sandbox.ipynb"
CHART_CELL = "figures.compare_tilings"
CHART_SHOWN = """(needle) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cell = panel.content.widgets.find(
        c => c.model.type === 'code' && c.model.sharedModel.getSource().includes(needle));
    const img = cell && cell.node.querySelector('.jp-OutputArea-output img[src^="data:image/svg+xml"]');
    return img && img.complete && img.naturalWidth > 0 ? img.alt : null;
}"""

# Generous: on two cores shared with other jobs, Pyodide and IPython alone took up to 4 minutes.
WAIT_MS = 480_000

SNAPSHOT_REMOVED = os.environ.get("LITE_SNAPSHOT") == "removed"
#: What the site's start of Python (lite/pyodide-start.mjs) says in the console, either way.
PYTHON_START = ("Python starts afresh: no snapshot at" if SNAPSHOT_REMOVED
                else "Python restored from the site's snapshot")



@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    missing = lite_tool.inputs_missing(lite_tool.CACHE, offline=True)
    if missing:
        pytest.skip(f"the offline Lite site's downloads are missing ({', '.join(missing)}): "
                    "'make lite-inputs' fetches them from npm and PyPI")
    SHOTS.mkdir(exist_ok=True)
    out = tmp_path_factory.mktemp("lite") / "site"
    built = subprocess.run([sys.executable, str(ROOT / "tools" / "lite.py"), "build", "--offline",
                            "--out", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    print("".join(line + "\n" for line in built.stdout.splitlines() if "=" in line and " " not in line))
    if SNAPSHOT_REMOVED:
        for part in (out / "static" / "pyodide").glob("snapshot*"):
            part.unlink()
    port = _free_port()
    server = Server([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                     "--directory", str(out)], port)
    # Every browser asks a site for its icon there; a 404 would stand in each learner's console.
    with urllib.request.urlopen(f"{server.url}/favicon.ico", timeout=60) as icon:
        assert icon.status == 200
    yield server
    server.stop()


def test_a_chart_lesson_runs_in_the_browser_and_its_sandbox_steps(watched, lite_site):
    page = watched.page
    start = time.perf_counter()
    with page.expect_console_message(lambda m: m.text.startswith("Python "), timeout=WAIT_MS) as said:
        page.goto(f"{lite_site.url}/lab/index.html?path={CHART_LESSON}")
    assert said.value.text.startswith(PYTHON_START), said.value.text  # the snapshot, or its fallback
    page.wait_for_function(KERNEL_READY, timeout=WAIT_MS)
    ready = time.perf_counter() - start
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    sandbox = page.locator(".azul-wall-sandbox").first
    sandbox.locator("[data-key='line:0']").first.wait_for(timeout=WAIT_MS)
    first_board = time.perf_counter() - start
    page.wait_for_function(ALL_RAN, timeout=WAIT_MS)
    print(f"{CHART_LESSON}: kernel_ready_s={ready:.1f} first_board_s={first_board:.1f} "
          f"all_ran_s={time.perf_counter() - start:.1f}")
    assert_no_error_output(page, ("error", "stderr"))
    alt = page.wait_for_function(CHART_SHOWN, arg=CHART_CELL, timeout=WAIT_MS).json_value()
    assert alt.startswith("Player 1:") and "\u2192" in alt  # the chart's title: both tilings' scores
    page.locator(".jp-OutputArea-output img[src^='data:image/svg+xml']").last.scroll_into_view_if_needed()
    watched.shot("-chart")

    # A click reaches Python in the page, and the board changes.
    board = sandbox.locator(".tabletop-svg", has=page.locator("[data-key='line:0']")).first
    board.scroll_into_view_if_needed()
    before = board.inner_html()
    clicked = time.perf_counter()
    sandbox.get_by_role("button", name="Step").first.click()
    wait_changed(board, before, timeout=WAIT_MS)
    print(f"{CHART_LESSON}: click_to_new_board_s={time.perf_counter() - clicked:.1f}")
    watched.shot("-board")
    watched.assert_clean()
    assert watched.outside == [], f"requests that left 127.0.0.1: {watched.outside}"


# --- the site on a class network: a plain http:// address that is not this machine's own ------------

#: The name a student's device would use for the teacher's machine (``http://192.168.x.y:8000`` on a
#: school network). Chromium maps it to the loopback, so nothing leaves the machine, but for the page
#: it is an ordinary insecure origin: no service worker, so Python cannot see the site's files.
CLASS_HOST = "classroom.test"


@pytest.fixture(scope="module")
def class_network_browser(playwright):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                          args=[*FLAGS, f"--host-resolver-rules=MAP {CLASS_HOST} 127.0.0.1"])
    yield chromium
    chromium.close()


def test_the_persian_start_page_runs_to_its_end_on_a_plain_http_class_network(
        class_network_browser, lite_site, request, tmp_path):
    """A translated lesson, on the class network: every cell runs, and its board editor saves a
    download and loads an upload (Python in the page sees no file of the site there)."""
    context = class_network_browser.new_context(viewport={"width": 1280, "height": 900},
                                                accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    site = f"http://{CLASS_HOST}:{lite_site.port}"
    watched = Watched(page, request.node.name, local=(site, f"ws://{CLASS_HOST}:{lite_site.port}"))
    try:
        start = time.perf_counter()
        page.goto(f"{site}/lab/index.html?path=fa/00-start-here.ipynb")
        assert page.evaluate("() => window.isSecureContext") is False  # the class network's case
        page.wait_for_function(KERNEL_READY, timeout=WAIT_MS)
        assert page.evaluate("() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)") \
            is False
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        page.wait_for_function(ALL_RAN, timeout=WAIT_MS)
        print(f"fa/00-start-here.ipynb on the class network: all_ran_s={time.perf_counter() - start:.1f}")
        assert_no_error_output(page, ("error", "stderr"))

        editor = page.locator(".harmonies-board-editor").first
        editor.scroll_into_view_if_needed()
        save_then_load(page, editor, tmp_path, language="fa")
        watched.shot("-loaded")
        watched.assert_clean()
    finally:
        watched.shot("-final")
        context.close()


# --- a game sent as a link, opened on the static site ------------------------------------------


def test_the_static_site_goes_on_with_a_game_from_a_link(watched, lite_site):
    page = watched.page
    link, game = azul_game_link()
    start = time.perf_counter()
    page.goto(f"{lite_site.url}/lab/index.html?path={AZUL_TABLE}#{link}")
    page.wait_for_function(KERNEL_READY, timeout=WAIT_MS)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    table = page.locator(".azul-table").first
    table.get_by_text("anyone who holds this game's link can move").first.wait_for(timeout=WAIT_MS)
    page.wait_for_function(ALL_RAN, timeout=WAIT_MS)
    print(f"lite game link: opened_s={time.perf_counter() - start:.1f}")
    table.scroll_into_view_if_needed()  # JupyterLab hides the cells out of view
    assert f"player {game.current + 1} (human) to move" in table.text_content()
    # The next link opens this lesson again: the site's app page does not keep the lesson's path in
    # its address, so the link names it.
    table.get_by_role("button", name="send").click()
    box = table.locator("input[readonly]").first
    page.wait_for_function("el => el.value.includes('#play=1.')", arg=box.element_handle())
    assert box.input_value().startswith(f"{lite_site.url}/lab/index.html?path={AZUL_TABLE}#play=1.")
    watched.shot("-lite-game")
    watched.assert_clean()
    assert watched.outside == [], f"requests that left 127.0.0.1: {watched.outside}"
