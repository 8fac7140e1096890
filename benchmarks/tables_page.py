"""The seat page as a phone opens it: bytes downloaded and time to the first board, in headless Chromium.

    python benchmarks/tables_page.py [--runs 5] [--cpu-slowdown 4]

Makes tables of 4 seats in a fresh SQLite file, Harmonies and Azul, each at its start and midway
(random legal moves, seeded: ``--harmonies-moves``, ``--azul-moves``), then starts the table server
on its own (``python -m tabletop.tables``) on 127.0.0.1 over that file and opens the link of the
seat to move and the spectators' link, each in a fresh browser context (a phone's screen, nothing
cached), ``--runs`` times. Prints, per table and page (``seat``, ``spectator``), the medians:
``page_bytes=`` (everything the page downloaded: the HTML as sent, gzipped, and the websocket's
frames received) and its parts ``html_bytes=``, ``board_bytes=`` (the binary frame: the deflated
board) and ``state_bytes=`` (the state message); ``first_board_ms=`` (from the start of the
navigation to the board drawn in the page, by the page's own clock). ``--cpu-slowdown N`` has
Chromium run N times slower, as a cheap phone or an old school tablet does (Chrome's devtools
offer 4 and 6). Needs Chromium (``/usr/bin/chromium``) and Playwright, as the browser tests do.
"""

from __future__ import annotations

import argparse
import os
import random
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
sys.path.insert(0, str(ROOT))
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


def make_tables(db: Path, played: dict[str, int]) -> list[tuple[str, str, str]]:
    """In the database, before the server starts: a table of 4 seats of each game, at its start and
    after ``played[game]`` random legal moves (seeded). Returns (name, seat link, spectators' link)
    tails: the seat is the one to move (its page also lists the moves it may play)."""
    from tabletop.tables.store import Tables

    tables, rng, made = Tables(str(db)), random.Random(22), []
    for game, moves in played.items():
        for name, count in ((f"{game}_start", 0), (f"{game}_mid", moves)):
            new = tables.create(game, 4, seed=22)
            table = tables.get(new.id)
            for _ in range(count):
                action = table.game.action_text(rng.choice(table.game.legal_actions()))
                tables.move_seat(new.id, table.game.current, table.moves, action)
            mover = new.seats[table.game.current]
            made.append((name, f"/t/{new.id}#{mover}", f"/t/{new.id}#{new.spectator}"))
    tables.close()
    return made


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
        answer.finished()
        got["html_bytes"] = answer.request.sizes()["responseBodySize"]  # as sent: gzipped
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
    parser.add_argument("--harmonies-moves", type=int, default=90, help="moves played before the midgame")
    parser.add_argument("--azul-moves", type=int, default=30, help="moves played before the midgame")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.sqlite"
        made = make_tables(db, {"harmonies": args.harmonies_moves, "azul": args.azul_moves})
        server = start_server(port, db)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
                print(f"runs={args.runs}")
                print(f"cpu_slowdown={args.cpu_slowdown:g}")
                for name, seat, spectator in made:
                    for who, tail in (("seat", seat), ("spectator", spectator)):
                        link = f"http://127.0.0.1:{port}{tail}"
                        open_once(browser, link, args.cpu_slowdown)  # the server draws this board once
                        runs = [open_once(browser, link, args.cpu_slowdown) for _ in range(args.runs)]
                        for figure in NAMES:
                            value = statistics.median(run[figure] for run in runs)
                            print(f"{name}_{who}_{figure}={value:.0f}" if figure.endswith("bytes")
                                  else f"{name}_{who}_{figure}={value:.1f}")
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
