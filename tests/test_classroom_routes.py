"""The classroom server's closed routes, probed as a student trying to break in would: every row of
the table in docs/classroom.md ("Closed routes") is sent to a running server with an access code,
as written, and must get the answer written there. One table, in the docs, for people and for
this test."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from classroom import LESSON
from classroom.lessons import lesson_in
from classroom.student import Student, Visit
from tabletop.i18n import LANGUAGES, Catalogue, direction

sys.path.insert(0, str(Path(__file__).resolve().parent))
from apart import run_apart  # noqa: E402
from browser.conftest import SHOTS, Server, _free_port  # noqa: E402 (a server process, no browser)

ROOT = Path(__file__).resolve().parents[1]
CODE = "pear7plum"
ROW = re.compile(r"^\| (stranger|classmate|owner) \| ([^|]+) \| `([^`]+)` \| ([^|]+) \|", re.MULTILINE)


def probes() -> list[tuple[str, str, str, str]]:
    text = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    table = text.split("## Closed routes", 1)[1].split("\n## ", 1)[0]
    return [tuple(cell.strip() for cell in row) for row in ROW.findall(table)]


def test_the_table_covers_every_route_and_visitor():
    rows = probes()
    assert {who for who, *_ in rows} == {"stranger", "classmate", "owner"}
    sent = " ".join(address for _, _, address, _ in rows)
    for route in ("/api/kernels/{kernel}/channels", "/voila/query/{kernel}", "/voila/api/shutdown/",
                  "/voila/templates/", "/voila/render/", "/voila/files/", "/voila/static/", "/login",
                  "/tables/tables", "/tables/t/"):
        assert route in sent
    assert rows[-1][:2] == ("owner", "DELETE")  # ending the kernel comes last


@pytest.fixture(scope="module")
def server():
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    proc = Server(["env", f"CLASSROOM_ACCESS_CODE={CODE}", f"CLASSROOM_LESSON={LESSON}", "CLASSROOM_POOL=1",
                   sys.executable, "-m", "classroom", "notebooks/", "--no-browser", "--Voila.ip=127.0.0.1",
                   f"--port={port}"], port, ready_path="/login")
    yield proc
    proc.stop()


async def send(student: Student, sends: str, address: str) -> tuple[int, str]:
    method, _, body = sends.partition(" ")
    if method == "WS":
        connection = await student.socket(address)
        if isinstance(connection, int):
            return connection, ""
        connection.close()
        return 101, ""
    form = {"Content-Type": "application/x-www-form-urlencoded"} if body else None
    if body:
        body = f"{body}&_xsrf={student.cookies['_xsrf']}"
    answer = await student.request(method, address, body=body or None, headers=form)
    return answer.status, answer.location


async def walk(base: str) -> list[str]:
    owner, classmate = Student(base), Student(base)
    await owner.sign_in(CODE)
    await classmate.sign_in(CODE)
    page = Visit(owner, statics=[], query_socket=False)
    status, states = await page.open(f"/voila/render/{LESSON}", timeout=240)
    assert status == 200 and states  # the owner's page has its kernel and its board
    wrong = []
    for who, sends, address, answer in probes():
        address = address.format(lesson=LESSON, kernel=page.kernel, code=CODE)
        student = {"owner": owner, "classmate": classmate}.get(who)
        if student is None:  # a stranger: a browser of its own for each row
            student = Student(base)
            await student.sign_in(None)
        expected, _, where = answer.partition("→")
        got, location = await send(student, sends.format(code=CODE), address)
        if got != int(expected) or not location.startswith(where.strip()):
            wrong.append(f"{who} {sends} {address}: {got} {location}, not {answer}")
        if who == "stranger":
            student.close()
    await page.leave()
    owner.close()
    classmate.close()
    return wrong


def test_every_probe_gets_the_answer_in_the_table(server):
    assert run_apart(walk(server.url)) == []
    server.log.flush()
    log = Path(server.log.name).read_text(errors="replace")
    assert not re.search(r"^500 ", log, re.MULTILINE)  # and nothing answered 500 on the way
    assert "Traceback" not in log  # nor printed one in the teacher's terminal (each 403 of a file did)


def test_a_lesson_that_is_not_there_says_so_in_its_language(server):
    async def missing() -> tuple[int, str]:
        student = Student(server.url)
        await student.sign_in(CODE)
        answer = await student.request("GET", "/voila/render/fa/no-such-lesson.ipynb")
        student.close()
        return answer.status, answer.body.decode()

    status, page = run_apart(missing())
    assert status == 404 and '<html lang="fa" dir="rtl">' in page
    assert Catalogue("tabletop").entry("classroom.error.missing", "fa") in page


def test_the_sign_in_pages_language_goes_on_to_the_lesson(server):
    """A learner who chose فارسی on the sign-in page lands on the Persian lesson, not the English."""
    async def sign_in() -> list[str]:
        student = Student(server.url)
        await student.request("GET", f"/login?next=/voila/render/{LESSON}&lang=fa")
        body = f"code={CODE}&next=/voila/render/{LESSON}&_xsrf={student.cookies['_xsrf']}"
        signed = await student.request("POST", "/login?lang=fa", body=body,
                                       headers={"Content-Type": "application/x-www-form-urlencoded"})
        lesson = await student.request("GET", signed.target)
        student.close()
        return [signed.target, lesson.target]

    persian = f"/voila/render/{lesson_in(LESSON, 'fa')}"
    assert run_apart(sign_in()) == [f"/voila/render/{LESSON}?lang=fa", persian]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_sign_in_page_speaks_the_language_of_the_lesson_asked_for(server, code):
    async def sign_in_page() -> str:
        student = Student(server.url)
        answer = await student.request("GET", f"/voila/render/{lesson_in(LESSON, code)}")
        answer = await student.request("GET", answer.target)  # sent to the sign-in page
        student.close()
        return answer.body.decode()

    page = run_apart(sign_in_page())
    assert f'<html lang="{code}" dir="{direction(code)}">' in page
    assert Catalogue("tabletop").entry("classroom.signin.title", code) in page
