"""How fast the offline static site opens a lesson, beside JupyterLite as it comes.

Builds two offline sites with the same jupyterlite-core, pyodide-kernel and Pyodide (tools/lite.py):
ours (every lesson) and a stock one (one notebook that prints 1, the kernel's extension only, the
kernel left to load what it loads by default); and a copy of ours without its snapshot, which starts
Python as the site did before it had one. Serves each on 127.0.0.1 (a thread of this script,
which counts the bytes it sends) and opens it in headless Chromium, a fresh profile (a new profile
folder on disk: empty cache, no service worker) for each first visit, then the same profile once more for
the second visit and once more for a different lesson (a learner going on to the next one, everything
of the site but that notebook already cached). Prints one figure a line, the median of ``--runs``:

    stock_kernel_ready_s=...         the stock notebook's kernel idle, from asking for the page
    stock_fresh_tab_mb=...           what the server sent that first visit (MB)
    lesson_app_s=...                 ours: the notebook open in JupyterLab
    lesson_kernel_ready_s=...        ours: the kernel idle (IPython, the widgets and the project loaded)
    lesson_first_picture_s=...       ours: Run All asked at kernel ready, the lesson's first picture
                                     of a board drawn (the central board, its third code cell)
    lesson_first_board_s=...         ours: the board editor drawn, the lesson's first board to click
    lesson_all_ran_s=...             ours: every cell run
    lesson_fresh_tab_mb=...          (and by part: _snapshot, _pyodide, _wheels, _extensions, _app)
    second_visit_kernel_ready_s=...  ours again in the same profile (its cache and service worker)
    second_visit_first_board_s=...
    second_visit_mb=...
    next_lesson_first_board_s=...    then another lesson (Harmonies 07) in that profile
    next_lesson_mb=...
    without_snapshot_kernel_ready_s=...  ours without the snapshot, a fresh profile
    without_snapshot_first_board_s=...
    without_snapshot_fresh_tab_mb=...
    load_before=... load_after=...   the machine's load average: the figures depend on it

Targets (issue 36): a second visit's first board, and the next lesson's, at most a third of the stock
kernel ready; a fresh tab no slower than before the snapshot and at most 1.2 times its bytes.

    .venv/bin/python benchmarks/lite_start.py --runs 3

Needs the downloads of ``make lite-inputs`` and Debian's Chromium; nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("lite_tool", ROOT / "tools" / "lite.py")
lite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite)

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium-headless-shell") or shutil.which("chromium")
                          or "/usr/bin/chromium-headless-shell")
# No other host resolves, so nothing leaves the machine; not by intercepting requests, which would
# turn the browser's cache off and with it the second visit's gain.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LESSON = "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"
NEXT_LESSON = "en/harmonies-lessons/07-scoring-landscapes.ipynb"  # its board editor comes late too
BOARD = ".harmonies-board-editor [data-key='cell:c3']"
PICTURE = ".jp-OutputArea-output img[src^='data:image/svg+xml']"
WAIT_MS = 600_000
STOCK_NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                             "source": ["print(1)"]}],
                  "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                              "name": "python3"}},
                  "nbformat": 4, "nbformat_minor": 5}

# The JupyterLab page, asked through the app it exposes (as the browser tests do).
NOTEBOOK_OPEN = """() => Boolean(window.jupyterapp && window.jupyterapp.shell.currentWidget
    && window.jupyterapp.shell.currentWidget.sessionContext)"""
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
RUN_ALL = "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"


#: What a tab downloads, by the part of the site it comes from (the first matching prefix).
PARTS = (("snapshot", "/static/pyodide/snapshot"), ("pyodide", "/static/pyodide/"),
         ("wheels", "/static/wheels/"), ("extensions", "/extensions/"), ("app", "/"))


class Counting(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files and adds each body's length to its server's ``sent``, by part."""

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            part = next(name for name, prefix in PARTS if self.path.startswith(prefix))
            self.server.sent[part] += int(value)
        super().send_header(keyword, value)

    def log_message(self, *args):
        pass


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=folder))
    server.sent = dict.fromkeys(name for name, _ in PARTS)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build(folder: Path) -> tuple[Path, Path, Path]:
    ours, stock, without = folder / "ours", folder / "stock", folder / "without"
    lite.build(ours, lite.CACHE, True)
    shutil.copytree(ours, without)
    for part in (without / "static" / "pyodide").glob("snapshot*"):
        part.unlink()
    notebooks = folder / "stock-notebooks"
    notebooks.mkdir()
    (notebooks / "one.ipynb").write_text(json.dumps(STOCK_NOTEBOOK))
    lite.build(stock, lite.CACHE, True, lessons=notebooks, project=False,
               extensions=(lite.KERNEL_EXTENSION,), compiled=False, snapshot=False)
    return ours, stock, without


def visit(context, server, path: str, lesson: bool) -> dict[str, float]:
    """One visit in ``context``: seconds to each phase, and the MB the server sent."""
    page = context.new_page()
    server.sent = dict.fromkeys(server.sent, 0)
    start = time.perf_counter()
    page.goto(f"http://127.0.0.1:{server.server_port}/lab/index.html?path={path}", timeout=WAIT_MS)
    phases = {}
    page.wait_for_function(NOTEBOOK_OPEN, timeout=WAIT_MS)
    phases["app_s"] = time.perf_counter() - start
    page.wait_for_function(KERNEL_READY, timeout=WAIT_MS, polling=50)
    phases["kernel_ready_s"] = time.perf_counter() - start
    if lesson:
        page.evaluate(RUN_ALL)
        page.locator(PICTURE).first.wait_for(timeout=WAIT_MS)
        phases["first_picture_s"] = time.perf_counter() - start
        page.locator(BOARD).first.wait_for(timeout=WAIT_MS)
        phases["first_board_s"] = time.perf_counter() - start
        page.wait_for_function(ALL_RAN, timeout=WAIT_MS)
        phases["all_ran_s"] = time.perf_counter() - start
    phases["mb"] = sum(server.sent.values()) / 1e6
    phases.update((f"mb_{part}", sent / 1e6) for part, sent in server.sent.items())
    page.close()
    return phases


def profile(playwright, folder: Path):
    """A browser with a fresh profile of its own on disk, as a learner's browser keeps it (an
    in-memory profile's cache is too small for Pyodide's 9.6 MB of WebAssembly)."""
    return playwright.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, headless=True,
                                                         args=FLAGS)


def measure(playwright, ours, stock, without, folder: Path) -> dict[str, float]:
    figures = {}
    context = profile(playwright, folder / "stock")
    for key, value in visit(context, stock, "one.ipynb", lesson=False).items():
        figures[f"stock_{key.replace('mb', 'fresh_tab_mb')}"] = value
    context.close()
    context = profile(playwright, folder / "ours")
    for key, value in visit(context, ours, LESSON, lesson=True).items():
        figures[f"lesson_{key.replace('mb', 'fresh_tab_mb')}"] = value
    again = visit(context, ours, LESSON, lesson=True)
    figures["second_visit_kernel_ready_s"] = again["kernel_ready_s"]
    figures["second_visit_first_board_s"] = again["first_board_s"]
    figures["second_visit_mb"] = again["mb"]
    following = visit(context, ours, NEXT_LESSON, lesson=True)
    figures["next_lesson_first_board_s"] = following["first_board_s"]
    figures["next_lesson_mb"] = following["mb"]
    context.close()
    context = profile(playwright, folder / "without")
    before = visit(context, without, LESSON, lesson=True)
    for key in ("kernel_ready_s", "first_board_s"):
        figures[f"without_snapshot_{key}"] = before[key]
    figures["without_snapshot_fresh_tab_mb"] = before["mb"]
    context.close()
    return figures


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits of each site (the median is printed)")
    args = parser.parse_args(argv)
    missing = lite.inputs_missing(lite.CACHE, offline=True)
    if missing:
        raise SystemExit(f"the offline site's downloads are missing ({', '.join(missing)}): make lite-inputs")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="lite-start-") as tmp:
        servers = [serve(site) for site in build(Path(tmp))]
        load_before = os.getloadavg()[0]
        runs = []
        with sync_playwright() as p:
            try:
                for run in range(args.runs):
                    runs.append(measure(p, *servers, Path(tmp) / f"profiles-{run}"))
            finally:
                for server in servers:
                    server.shutdown()
    figures = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    figures["load_before"], figures["load_after"] = load_before, os.getloadavg()[0]
    for key, value in figures.items():
        print(f"{key}={value:.1f}")
    return figures


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
