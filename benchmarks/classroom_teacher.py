"""A class answering one quiz while the teacher watches: N students (protocol clients,
classroom/student.py, as ``classroom_load.py --clients protocol`` has them) open the lesson, then
each clicks an answer of its first quiz at a moment of its own within ``--within`` seconds (10),
through the widget's own comm message, as the page's click sends it; the teacher's page is a
websocket client of ``/teacher/ws``. Prints one figure a line:

    students=60
    p95_answer_to_teacher_ms=...   from a click sent to the teacher's bars counting it (the k-th
                                   answer counted is matched with the k-th click sent)
    p50_answer_to_teacher_ms=...
    lost=...                       answers the teacher's bars never counted (within 60 s of the last)
    peak_mb=...                    resident memory of the server and its kernels, most at once (MiB)
    load_before=... load_after=... the machine's load average (1 min): it is shared

    .venv/bin/python benchmarks/classroom_teacher.py --students 60

The server is ``python -m classroom`` on 127.0.0.1 with the lesson preheated once per student and
the cap just above; it is stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from classroom_load import Meter, free_port, p95, start_server, wait_for_pool  # noqa: E402
from tornado.httpclient import HTTPRequest  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from classroom import LESSON  # noqa: E402
from classroom.student import Student, Visit, message  # noqa: E402
from classroom.teacher import COOKIE, teacher_cookie  # noqa: E402

SECRET = "benchmark-teacher"


def first_quiz_button(states: dict, choice: int) -> str:
    """The comm id of a choice button of the lesson's first quiz, found in the widgets' states."""
    def model(ref: str) -> dict:
        return states[ref.removeprefix("IPY_MODEL_")]["state"]
    for state in (model["state"] for model in states.values()):
        if "tabletop-quiz" in state.get("_dom_classes", ()):
            row = model(state["children"][1])
            return row["children"][choice].removeprefix("IPY_MODEL_")
    raise SystemExit("the lesson shows no quiz")


async def click(visit: Visit, button: str) -> None:
    content = {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}}
    await visit.sockets[-1].write_message(message("comm_msg", content, uuid.uuid4().hex), binary=True)


class Teacher:
    """The teacher's page: every view it is sent, with when (how many answered the first quiz)."""

    def __init__(self):
        self.counted: list[tuple[float, int]] = []

    async def watch(self, base: str, port: int) -> None:
        request = HTTPRequest(f"ws://127.0.0.1:{port}/teacher/ws",
                              headers={"Origin": base, "Cookie": f"{COOKIE}={teacher_cookie(SECRET)}"})
        self.socket = await websocket_connect(request)
        while (raw := await self.socket.read_message()) is not None:
            now = time.monotonic()
            for lesson in json.loads(raw)["view"]["lessons"]:
                for quiz in lesson["quizzes"]:
                    if quiz["n"] == 1:
                        self.counted.append((now, quiz["answered"]))

    def answered(self) -> int:
        return max((n for _, n in self.counted), default=0)


async def run(base: str, port: int, students: int, within: float, code: str) -> tuple[list[float], int]:
    visits = []
    for _ in range(students):  # each through the class link, its own cookies
        student = Student(base)
        await student.sign_in(code)
        visits.append(Visit(student, statics=[], query_socket=False))
    opened = await asyncio.gather(*(visit.open(f"/voila/render/{LESSON}", timeout=600) for visit in visits))
    buttons = [first_quiz_button(states, random.randrange(2)) for _, states in opened]
    teacher = Teacher()
    watching = asyncio.ensure_future(teacher.watch(base, port))
    while not teacher.counted:
        await asyncio.sleep(0.05)
    sent: list[float] = []

    async def answer(visit, button):
        await asyncio.sleep(random.uniform(0, within))
        sent.append(time.monotonic())
        await click(visit, button)
    await asyncio.gather(*(answer(visit, button) for visit, button in zip(visits, buttons, strict=True)))
    deadline = time.monotonic() + 60
    while teacher.answered() < students and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    latencies = []
    for k, clicked in enumerate(sorted(sent), start=1):
        seen = next((when for when, n in teacher.counted if n >= k), None)
        if seen is not None:
            latencies.append(max(0.0, seen - clicked) * 1000)
    watching.cancel()
    for visit in visits:
        await visit.leave()
        visit.student.close()
    return latencies, students - teacher.answered()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--within", type=float, default=10, help="seconds over which the answers come")
    args = parser.parse_args()
    port, code = free_port(), "bench2code"
    log = Path(tempfile.mkdtemp()) / "classroom.log"
    os.environ["CLASSROOM_TEACHER_KEY"] = SECRET
    load_before = os.getloadavg()[0]
    server = start_server(port, args.students, args.students + 2, [], log, code)
    meter = Meter(server.pid)
    meter.start()
    try:
        wait_for_pool(server, log, seconds=1800)
        base = f"http://127.0.0.1:{port}"
        latencies, lost = asyncio.run(run(base, port, args.students, args.within, code))
    finally:
        meter.stopped.set()
        server.terminate()
        server.wait(timeout=60)
    print(f"students={args.students}")
    print(f"p95_answer_to_teacher_ms={p95(latencies):.0f}" if latencies else "p95_answer_to_teacher_ms=none")
    print(f"p50_answer_to_teacher_ms={statistics.median(latencies):.0f}" if latencies else
          "p50_answer_to_teacher_ms=none")
    print(f"lost={lost}")
    print(f"peak_mb={meter.peak_mib:.0f}")
    print(f"load_before={load_before:.1f} load_after={os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
