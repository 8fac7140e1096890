"""The seat page as a phone opens it: bytes downloaded and time to the first board, in headless Chromium.

    python benchmarks/tables_page.py [--runs 5] [--cpu-slowdown 4]

Starts the table server on its own (``python -m tabletop.tables``) on 127.0.0.1 over a fresh
SQLite file, makes a table of each game (4 seats, Harmonies and Azul), and opens its first seat's
link and its spectators' link, each in a fresh browser context (nothing cached), ``--runs`` times.
Prints, per game and page (``seat``, ``spectator``), the medians over the runs: ``page_bytes=``
(everything the page downloaded: the HTML and the websocket's frames received), its parts
``html_bytes=``, ``board_bytes=`` (the binary frame: the deflated board) and ``state_bytes=``
(the state message), and ``first_board_ms=`` (from the start of the navigation to the board drawn
in the page, by the page's own clock). ``--cpu-slowdown N`` has Chromium run N times slower, as a
cheap phone or an old school tablet does (Chrome's own devtools offer 4 and 6).
Needs Chromium (``/usr/bin/chromium``) and Playwright, as the browser tests do.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]

NAMES = ("page_bytes", "html_bytes", "board_bytes", "state_bytes", "first_board_ms")

# Run in the page before its own script: the time (since the navigation started) the board first
# appears in #board.
WATCH_BOARD = """
new MutationObserver((changes, watcher) => {
  if (document.querySelector('#board svg')) { window.firstBoard = performance.now(); watcher.disconnect(); }
}).observe(document, {childList: true, subtree: true});
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tabletop.tables", "--port", str(port), "--db", str(db)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/t/ready", timeout=2):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the table server did not start")


def create(port: int, game: str, players: int) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/tables",
                                     headers={"Content-Type": "application/json"},
                                     data=json.dumps({"game": game, "players": players}).encode())
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def open_once(browser, link: str, slowdown: float) -> dict[str, float]:
    """One fresh context opens ``link``: what it downloaded and when its first board was drawn."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    got = {"html_bytes": 0, "board_bytes": 0, "state_bytes": 0}
    try:
        page = context.new_page()
        if slowdown > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.add_init_script(WATCH_BOARD)

        def frame(payload) -> None:
            if isinstance(payload, bytes):
                got["board_bytes"] += len(payload)
            else:
                got["state_bytes"] += len(payload.encode("utf-8"))

        page.on("websocket", lambda ws: ws.on("framereceived", frame))
        answer = page.goto(link)
        got["html_bytes"] = len(answer.body())
        page.wait_for_function("() => window.firstBoard !== undefined && st !== null", timeout=120_000)
        got["first_board_ms"] = page.evaluate("() => window.firstBoard")
    finally:
        context.close()
    got["page_bytes"] = got["html_bytes"] + got["board_bytes"] + got["state_bytes"]
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu-slowdown", type=float, default=1.0)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder) / "tables.sqlite")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
                print(f"runs={args.runs}")
                print(f"cpu_slowdown={args.cpu_slowdown:g}")
                for game in ("harmonies", "azul"):
                    made = create(port, game, 4)
                    for who, link in (("seat", made["seats"][0]), ("spectator", made["spectator"])):
                        open_once(browser, link, args.cpu_slowdown)  # the server draws this board once
                        runs = [open_once(browser, link, args.cpu_slowdown) for _ in range(args.runs)]
                        for name in NAMES:
                            value = statistics.median(run[name] for run in runs)
                            print(f"{game}_{who}_{name}={value:.0f}" if name.endswith("bytes")
                                  else f"{game}_{who}_{name}={value:.1f}")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
