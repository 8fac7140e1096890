"""Browser tests: Voila and JupyterLab served on 127.0.0.1, driven by Playwright in Debian's Chromium.

No browser is ever downloaded: the tests use Debian's headless Chromium (``apt-get install
chromium-headless-shell``; the whole browser, ``chromium``, when only it is there, or the one
``CHROMIUM`` names) and are skipped, with one line saying how to install it, where it is missing. The
headless one renders with the same engine and spends a quarter less processor time on the same
pages (tests/browser: 315 → 243 CPU-s): time a two-core machine running the suite cannot spare.
Every request that leaves 127.0.0.1 is answered locally with an empty body and recorded, so nothing
reaches the network; such a request, a console error or a failed request to the local server fails
the test. Screenshots go to ``screenshots/`` (ignored by git) for a person to look at.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium-headless-shell") or shutil.which("chromium")
                          or "/usr/bin/chromium-headless-shell")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
BIN = Path(sys.executable).parent


def pytest_collection_modifyitems(config, items):
    reason = None
    if not Path(CHROMIUM).exists():
        reason = ("Chromium not found: install it with 'apt-get install chromium-headless-shell' "
                  "to run the browser tests")
    else:
        try:
            import playwright  # noqa: F401
        except ImportError:
            reason = "Playwright not installed: 'pip install -e .[test]' brings it"
    if reason:
        here = Path(__file__).parent
        for item in items:
            if here in Path(str(item.fspath)).parents:
                item.add_marker(pytest.mark.skip(reason=reason))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, proc: subprocess.Popen, seconds: float = 240) -> None:
    """Until the server answers at ``url``: a bound, generous for a machine busy with other tests."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with status {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"server did not answer at {url} in {seconds} s")


class Server:
    """A Jupyter server process on 127.0.0.1 that stops with the test session."""

    def __init__(self, command: list[str], port: int, ready_path: str = "/"):
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(SHOTS / f"server-{port}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(command, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        _wait_for(self.url + ready_path, self.proc)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


@pytest.fixture(scope="session")
def voila():
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    # The classroom server, as `make serve` runs it: its page templates fetch nothing from outside.
    server = Server([str(BIN / "python"), "-m", "classroom", "notebooks/", "--no-browser",
                     "--Voila.ip=127.0.0.1", f"--port={port}"], port)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """JupyterLab on a copy of the notebooks: Lab saves what it opens, and the tree must stay as it is."""
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    copy = tmp_path_factory.mktemp("lab") / "notebooks"
    shutil.copytree(ROOT / "notebooks", copy)
    server = Server([str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
                     f"--port={port}",
                     "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
                     f"--ServerApp.root_dir={copy}", "--LabApp.news_url=",
                     "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                     "--LabApp.expose_app_in_browser=True"], port, "/lab")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the session: a second one cannot start inside the first one's loop."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
    yield chromium
    chromium.close()


def click_place(place) -> None:
    """Click a keyed shape of a board: the click event goes to the shape itself, as a pointer landing on
    it sends it, and the board's own handler takes it from there (the same path as a learner's click).

    Not a click by coordinates: a cell is several shapes with one key (hex, token, cube) lying on one
    another, and in CI a page whose layout was still moving under load (an output above growing, a
    font arriving) took a click at the shape's old centre somewhere beside the board.
    """
    place.dispatch_event("click")


def wait_changed(board, before: str, timeout: float | None = None) -> None:
    """Wait until ``board`` (a located element) no longer holds the markup ``before``: a click's
    round trip through Python has drawn it again."""
    board.page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[board.element_handle(), before],
                                 timeout=timeout)


class Watched:
    """A page whose console errors, failed local requests and outside requests are recorded."""

    def __init__(self, page, name: str, local: tuple[str, ...] = ("http://127.0.0.1", "ws://127.0.0.1")):
        self.page, self.name, self.local = page, name, local
        self.console_errors: list[str] = []
        self.failed: list[str] = []
        self.outside: list[str] = []
        page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} {r.failure}"))
        page.route("**/*", self._route)

    def _route(self, route):
        url = route.request.url
        if url.startswith((*self.local, "data:", "blob:")):
            route.continue_()
        else:
            self.outside.append(url)  # never leaves the machine: answered here, empty
            route.fulfill(status=200, body="", content_type="text/css")

    def shot(self, suffix: str = "") -> Path:
        path = SHOTS / f"{self.name}{suffix}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def assert_clean(self) -> None:
        assert self.failed == [], f"failed requests to the local server: {self.failed}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.outside == [], f"requests that would leave the machine: {self.outside}"


@pytest.fixture
def watched(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    w = Watched(page, request.node.name.replace("/", "_").replace("[", "-").replace("]", ""))
    yield w
    try:
        w.shot("-final")
    finally:
        context.close()


def assert_no_error_output(page, kinds: tuple[str, ...] = ("error",)) -> None:
    """No cell of the notebook on ``page`` (JupyterLab, JupyterLite) shows an output of these
    kinds (``error``: a traceback; ``stderr``: a warning or anything else written there)."""
    for kind in kinds:
        shown = page.locator(f".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.{kind}']")
        assert shown.count() == 0, shown.first.inner_text()


# JupyterLab (and JupyterLite) pages, asked through the app the page exposes: the current notebook's
# kernel is idle; every code cell has run (an execution count) and the kernel is idle again.
KERNEL_READY = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const session = panel && panel.sessionContext && panel.sessionContext.session;
    return Boolean(session && session.kernel && session.kernel.status === 'idle');
}"""
ALL_RAN = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.widgets.filter(c => c.model.type === 'code');
    return cells.every(c => c.model.executionCount !== null)
        && panel.sessionContext.session.kernel.status === 'idle';
}"""
