"""A class arriving at once: N Chromium pages open one lesson from one classroom server, each reloads
once, all leave. Prints one figure a line:

    students=30
    p50_first_board_s=...      from asking for the page to its board drawn, first visit
    p95_first_board_s=...
    p50_reload_board_s=...     the same after one reload
    p95_reload_board_s=...
    peak_kernels=...           kernel processes of the server, most at once
    peak_mib=...               resident memory of the server and its kernels, most at once (MiB)
    pages_without_board=...    page loads that showed no board within 300 s (counted as infinite)
    kernels_left=...           kernels beyond the preheated pool, 60 s after everyone left
    server_cpu_s_per_page=...  processor seconds of the server and its kernels per page load, while
                               the class was there (what the teacher's machine must give each page)
    browser_cpu_s_per_page=... the same for Chromium (on a learner's own device in a class; here it
                               shares the server's processors, so it bounds the times above)
    preheat_s=...              time for the server to preheat its pool before the class arrives

    .venv/bin/python benchmarks/classroom_load.py --students 30

The server is ``python -m classroom`` on 127.0.0.1 with the lesson preheated once per student
(``--pool``, default: the number of students) and the cap at ``--max-kernels`` (default 36). Chromium
is Debian's (/usr/bin/chromium), headless, flags as in tests/browser/conftest.py; the browser's own
memory is not counted (in a class it is on the learners' machines). Every wait is bounded, and the
server is stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom import LESSON, LESSON_BOARD  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGE_SECONDS = 300  # the longest a page may take to show its board before the run counts as failed
AFTER_LEAVING = 60


class Meter(threading.Thread):
    """Samples the server's kernels and memory (the server and all its descendants) twice a second."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.server = psutil.Process(pid)
        self.peak_kernels = 0
        self.peak_mib = 0.0
        self.stopped = threading.Event()

    def sample(self) -> tuple[int, float]:
        kernels, rss = 0, 0
        for proc in [self.server, *self.server.children(recursive=True)]:
            try:
                rss += proc.memory_info().rss
                if "ipykernel_launcher" in " ".join(proc.cmdline()):
                    kernels += 1
            except psutil.Error:
                pass  # a kernel that ended between the listing and the look
        return kernels, rss / 2**20

    def run(self) -> None:
        while not self.stopped.wait(0.5):
            kernels, mib = self.sample()
            self.peak_kernels = max(self.peak_kernels, kernels)
            self.peak_mib = max(self.peak_mib, mib)


def cpu_seconds(procs) -> float:
    """Processor seconds of these processes, with those of their children that have ended."""
    total = 0.0
    for proc in procs:
        try:
            times = proc.cpu_times()
        except psutil.Error:
            continue  # ended between the listing and the look: its parent counts it
        total += times.user + times.system + times.children_user + times.children_system
    return total


def family(proc: psutil.Process) -> list[psutil.Process]:
    try:
        return [proc, *proc.children(recursive=True)]
    except psutil.Error:
        return [proc]


def browser_family(server: psutil.Process) -> list[psutil.Process]:
    """Chromium and Playwright's driver: every descendant of this script but the server's family."""
    servers = {proc.pid for proc in family(server)}
    return [proc for proc in psutil.Process().children(recursive=True) if proc.pid not in servers]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, pool: int, max_kernels: int, options: list[str], log: Path) -> subprocess.Popen:
    env = {**os.environ, "CLASSROOM_LESSON": LESSON, "CLASSROOM_POOL": str(pool),
           "CLASSROOM_MAX_KERNELS": str(max_kernels)}
    return subprocess.Popen([sys.executable, "-m", "classroom", "notebooks/", "--no-browser",
                             "--Voila.ip=127.0.0.1", f"--port={port}", *options],
                            cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)


def wait_for_pool(server: subprocess.Popen, log: Path, seconds: float) -> float:
    """Seconds until Voila reports the lesson's pool filled (its log line)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: see {log}")
        if "is filled with" in log.read_text(errors="replace"):
            return time.monotonic() - start
        time.sleep(1)
    raise SystemExit(f"the pool was not filled in {seconds} s: see {log}")


async def board(page, load) -> float:
    """Seconds until the board is drawn; infinity for a page that had none after PAGE_SECONDS."""
    from playwright.async_api import Error

    start = time.monotonic()
    try:
        await load()
        await page.locator(LESSON_BOARD).first.wait_for(timeout=PAGE_SECONDS * 1000)
    except Error:
        return float("inf")
    return time.monotonic() - start


async def class_visit(url: str, students: int,
                      server: psutil.Process) -> tuple[list[float], list[float], dict]:
    """First and reload board times, and the processor seconds of the server and the browser while
    the class was there."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            contexts = [await browser.new_context() for _ in range(students)]
            pages = [await context.new_page() for context in contexts]
            for page in pages:  # nothing leaves the machine, as in the browser tests
                await page.route("**/*", lambda route: route.continue_()
                                 if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1"))
                                 else route.abort())
            limit = PAGE_SECONDS * 1000
            cpu = {"server": -cpu_seconds(family(server)), "browser": -cpu_seconds(browser_family(server))}
            first = await asyncio.gather(*(board(page, lambda page=page: page.goto(url, timeout=limit))
                                           for page in pages))
            reload = await asyncio.gather(*(board(page, lambda page=page: page.reload(timeout=limit))
                                            for page in pages))
            for page in pages:  # everyone leaves: the pages post their shutdown as they close
                await page.close(run_before_unload=True)
            await asyncio.sleep(2)
            cpu["server"] += cpu_seconds(family(server))
            cpu["browser"] += cpu_seconds(browser_family(server))
            for context in contexts:
                await context.close()
        finally:
            await browser.close()
    return first, reload, cpu


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--pool", type=int, help="preheated kernels (default: one per student)")
    parser.add_argument("--max-kernels", type=int, default=36)
    parser.add_argument("--fill-delay", type=float,
                        help="seconds before the pool refills after a page takes a kernel (default: "
                             "classroom/voila.py's)")
    args = parser.parse_args()
    options = [] if args.fill_delay is None else [f"--VoilaKernelManager.fill_delay={args.fill_delay}"]
    pool = args.students if args.pool is None else args.pool

    log = Path(tempfile.mkdtemp(prefix="classroom-load-")) / "server.log"
    port = free_port()
    server = start_server(port, pool, args.max_kernels, options, log)
    meter = Meter(server.pid)
    meter.start()
    try:
        preheat = wait_for_pool(server, log, 900) if pool else 0.0
        first, reload, cpu = asyncio.run(class_visit(f"http://127.0.0.1:{port}/voila/render/{LESSON}",
                                                     args.students, meter.server))
        time.sleep(AFTER_LEAVING)
        left, _ = meter.sample()
    finally:
        meter.stopped.set()
        family = meter.server.children(recursive=True)
        server.terminate()
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
        for proc in family:  # a kernel the server did not stop in time
            if proc.is_running():
                proc.kill()

    print(f"students={args.students}")
    print(f"p50_first_board_s={statistics.median(first):.1f}")
    print(f"p95_first_board_s={p95(first):.1f}")
    print(f"p50_reload_board_s={statistics.median(reload):.1f}")
    print(f"p95_reload_board_s={p95(reload):.1f}")
    print(f"pages_without_board={sum(t == float('inf') for t in first + reload)}")
    print(f"peak_kernels={meter.peak_kernels}")
    print(f"peak_mib={meter.peak_mib:.0f}")
    print(f"kernels_left={max(0, left - pool)}")
    print(f"preheat_s={preheat:.0f}")
    loads = 2 * args.students
    print(f"server_cpu_s_per_page={cpu['server'] / loads:.2f}")
    print(f"browser_cpu_s_per_page={cpu['browser'] / loads:.2f}")


if __name__ == "__main__":
    main()
