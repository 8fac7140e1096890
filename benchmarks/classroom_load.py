"""A class arriving at once: N students open one lesson from one classroom server, each reloads once,
all leave. The students are Chromium pages (``--clients browser``, the default: the whole page, but 30
of them share the server's two cores) or protocol-level clients (``--clients protocol``: no browser,
classroom/student.py: the lesson's HTML, its static files as an empty browser cache fetches them, the
kernel's websocket and the widgets' state request, so the figures are the server's alone; each
student arrives through the class link with the access code, and a page the server turns away as
full tries again after its Retry-After, as the "server full" page does). Prints one figure a line:

    students=30
    p50_first_board_s=...      from asking for the page to its board drawn, first visit
    p95_first_board_s=...
    p50_reload_board_s=...     the same after one reload
    p95_reload_board_s=...
    peak_kernels=...           kernel processes of the server, most at once
    peak_mib=...               resident memory of the server and its kernels, most at once (MiB)
    pages_without_board=...    page loads that showed no board within 300 s (counted as infinite)
    server_full_answers=...    "server full" pages the students were given before a place was free
    server_errors=...          any other answer but the page, and the server stopping (must be 0)
    kernels_left=...           kernels beyond the preheated pool, 60 s after everyone left
    server_cpu_s_per_page=...  processor seconds of the server and its kernels per page load, while
                               the class was there (what the teacher's machine must give each page)
    browser_cpu_s_per_page=... the same for Chromium (on a learner's own device in a class; here it
                               shares the server's processors, so it bounds the times above), or
                               for the protocol clients (this script)
    preheat_s=...              time for the server to preheat its pool before the class arrives
    load_before=...            the machine's load average (1 min) before the run, and at its end:
    load_after=...             the machine is shared, and the figures depend on it

    .venv/bin/python benchmarks/classroom_load.py --students 30
    .venv/bin/python benchmarks/classroom_load.py --clients protocol --students 30
    .venv/bin/python benchmarks/classroom_load.py --clients protocol --students 60 --pool 30

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

from classroom import LESSON, LESSON_BOARD, LESSON_BOARD_KEY  # noqa: E402
from classroom.student import Student, Visit, has_board  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGE_SECONDS = 300  # the longest a page may take to show its board before the run counts as failed
AFTER_LEAVING = 60
CODE = "pear7plum"  # the access code of the protocol run (its students come through the class link)
STATIC = ("/voila/static/", "/voila/labextensions/", "/voila/templates/", "/voila/api/themes/",
          "/voila/files/")


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


def start_server(port: int, pool: int, max_kernels: int, options: list[str], log: Path,
                 code: str | None) -> subprocess.Popen:
    env = {**os.environ, "CLASSROOM_LESSON": LESSON, "CLASSROOM_POOL": str(pool),
           "CLASSROOM_MAX_KERNELS": str(max_kernels), **({"CLASSROOM_ACCESS_CODE": code} if code else {})}
    return subprocess.Popen([sys.executable, "-m", "classroom", "notebooks/", "--no-browser",
                             "--Voila.ip=127.0.0.1", f"--port={port}", *options],
                            cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)


def wait_for_pool(server: subprocess.Popen, log: Path, seconds: float, times: int = 1) -> float:
    """Seconds until Voila reports the lesson's pool filled (its log line) for the ``times``-th time."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: see {log}")
        if log.read_text(errors="replace").count("is filled with") >= times:
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


# -- protocol-level students ---------------------------------------------------------------------


async def record_page(base: str) -> tuple[list[str], bool]:
    """What one real page fetches: Chromium opens the lesson through the class link, with an empty
    cache; the same-origin static files it asked for, and whether it opened Voila's query socket."""
    from playwright.async_api import async_playwright

    statics, sockets = [], []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            page = await (await browser.new_context()).new_page()
            page.on("request", lambda r: statics.append(r.url.removeprefix(base))
                    if r.method == "GET" and r.url.removeprefix(base).startswith(STATIC) else None)
            page.on("websocket", lambda ws: sockets.append(ws.url))
            await page.goto(f"{base}/?token={CODE}", timeout=PAGE_SECONDS * 1000)
            await page.locator(LESSON_BOARD).first.wait_for(timeout=PAGE_SECONDS * 1000)
            await page.close(run_before_unload=True)
        finally:
            await browser.close()
    return list(dict.fromkeys(statics)), any("/voila/query/" in url for url in sockets)


async def board_after(visit: Visit, path: str, counts: dict) -> float:
    """Seconds from asking for the page to the widgets' states holding the board; a "server full"
    page is asked again after its Retry-After (as its refresh does); infinity for no board."""
    start = time.monotonic()
    while (left := PAGE_SECONDS - (time.monotonic() - start)) > 0:
        try:
            status, states = await visit.open(path, timeout=left)
        except (TimeoutError, ConnectionError) as error:
            counts["errors"] += 1
            print(f"# a page failed: {error!r}", file=sys.stderr)
            return float("inf")
        if status == 200 and has_board(states, LESSON_BOARD_KEY):
            return time.monotonic() - start
        if status != 503:
            counts["errors"] += 1
            problem = "a page without its board" if status == 200 else f"an answer {status}"
            print(f"# {problem}: {path}, {len(states)} widget states", file=sys.stderr)
            return float("inf")
        counts["full"] += 1
        path = f"/voila/render/{LESSON}"  # where the full page stands, and refreshes
        await asyncio.sleep(min(30, left))
    return float("inf")


async def student(base: str, statics: list[str], query: bool, before: float, after: float,
                  counts: dict) -> tuple[float, float]:
    """One student: the class link, the board, ``before`` seconds on the lesson; a reload (the old
    page's leave, then the page again), the board, ``after`` seconds more; then leaving."""
    me = Student(base)
    try:
        visit = Visit(me, statics, query)
        first = await board_after(visit, f"/?token={CODE}", counts)
        await asyncio.sleep(before)
        await visit.leave()
        visit = Visit(me, statics, query)
        reload = await board_after(visit, f"/voila/render/{LESSON}", counts)
        await asyncio.sleep(after)
        await visit.leave()
    finally:
        me.close()
    return first, reload


async def protocol_visit(base: str, students: int, statics: list[str], query: bool, stay: float,
                         server: psutil.Process) -> tuple[list[float], list[float], dict, dict]:
    counts = {"full": 0, "errors": 0}
    me = psutil.Process()
    cpu = {"server": -cpu_seconds(family(server)), "browser": -cpu_seconds([me])}
    # The class arrives at once; its reloads come over a while, as a class's do (student i stays
    # from half to one and a half times `stay`), and each leaves `stay` after its reload.
    stays = [stay * (0.5 + i / students) for i in range(students)]
    times = await asyncio.gather(*(student(base, statics, query, own, stay, counts) for own in stays))
    await asyncio.sleep(2)
    cpu["server"] += cpu_seconds(family(server))
    cpu["browser"] += cpu_seconds([me])
    return [t[0] for t in times], [t[1] for t in times], cpu, counts


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", choices=("browser", "protocol"), default="browser")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--stay", type=float, default=90,
                        help="protocol clients: seconds on the lesson before the reload (on average; "
                             "from half to one and a half times this), and after it")
    parser.add_argument("--pool", type=int, help="preheated kernels (default: one per student)")
    parser.add_argument("--max-kernels", type=int, default=36)
    parser.add_argument("--fill-delay", type=float,
                        help="seconds before the pool refills after a page takes a kernel (default: "
                             "classroom/voila.py's)")
    args = parser.parse_args()
    options = [] if args.fill_delay is None else [f"--VoilaKernelManager.fill_delay={args.fill_delay}"]
    pool = args.students if args.pool is None else args.pool

    protocol = args.clients == "protocol"
    load_before = os.getloadavg()[0]
    log = Path(tempfile.mkdtemp(prefix="classroom-load-")) / "server.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, pool, args.max_kernels, options, log, CODE if protocol else None)
    meter = Meter(server.pid)
    meter.start()
    counts = {"full": 0, "errors": 0}
    try:
        preheat = wait_for_pool(server, log, 900) if pool else 0.0
        if protocol:
            statics, query = asyncio.run(record_page(base))
            print(f"# a page fetches {len(statics)} static files; Voila's query socket: {query}",
                  file=sys.stderr)
            if pool:  # the recording page took a pool kernel: the class finds the pool full again
                wait_for_pool(server, log, 900, times=2)
            first, reload, cpu, counts = asyncio.run(protocol_visit(base, args.students, statics, query,
                                                                    args.stay, meter.server))
        else:
            first, reload, cpu = asyncio.run(class_visit(f"{base}/voila/render/{LESSON}", args.students,
                                                         meter.server))
        time.sleep(AFTER_LEAVING)
        left, _ = meter.sample()
        alive = server.poll() is None
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
    print(f"server_full_answers={counts['full']}")
    print(f"server_errors={counts['errors'] + (not alive)}")
    print(f"peak_kernels={meter.peak_kernels}")
    print(f"peak_mib={meter.peak_mib:.0f}")
    print(f"kernels_left={max(0, left - pool)}")
    print(f"preheat_s={preheat:.0f}")
    loads = 2 * args.students
    print(f"server_cpu_s_per_page={cpu['server'] / loads:.2f}")
    print(f"browser_cpu_s_per_page={cpu['browser'] / loads:.2f}")
    print(f"load_before={load_before:.1f}")
    print(f"load_after={os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
