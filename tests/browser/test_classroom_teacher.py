"""The teacher's page in Chromium, through ``make serve``'s own command line: one teacher and three
students (four contexts, one student in Persian). The answers reach the teacher's bars, a board the
teacher shows reaches every student's page, a challenge collects three boards with the engine's
scores, the export holds what was answered; and a student's context cannot open the teacher's page
or its websocket, with the class's code or without it, with a guessed or cut secret, from another
origin."""

from __future__ import annotations

import sys

import pytest

from classroom import LESSON, LESSON_BOARD
from tabletop import links
from tabletop.i18n import Catalogue

from .conftest import SHOTS, Server, Watched, _free_port

CODE, SECRET = "pear7plum", "the-teachers-secret-x9"
texts = Catalogue("tabletop")
SOCKET = """async (url) => await new Promise((done) => {
  const socket = new WebSocket(url);
  socket.onopen = () => { socket.close(); done("open"); };
  socket.onerror = () => done("refused");
})"""


@pytest.fixture(scope="module")
def server():
    SHOTS.mkdir(exist_ok=True)
    port = _free_port()
    proc = Server(["env", f"CLASSROOM_ACCESS_CODE={CODE}", f"CLASSROOM_TEACHER_KEY={SECRET}",
                   f"CLASSROOM_LESSON={LESSON}", "CLASSROOM_POOL=2", "CLASSROOM_PREHEAT=fa:1",
                   "CLASSROOM_MAX_KERNELS=8", sys.executable, "-m", "classroom", "notebooks/", "--no-browser",
                   "--Voila.ip=127.0.0.1", f"--port={port}"], port, ready_path="/login")
    yield proc
    proc.stop()


def board_link() -> str:
    from harmonies.scenario import Scenario
    scenario = Scenario.from_dict({"game": "harmonies", "side": "A", "board": {"c3": ["brown", "green"]}})
    return f"#{links.pack(scenario.to_dict())}"


def context(browser, name: str):
    made = browser.new_context(viewport={"width": 1280, "height": 900})
    page = made.new_page()
    page.set_default_timeout(120_000)
    return made, Watched(page, name)


def test_one_teacher_and_three_students(browser, server):
    opened = []
    try:
        teacher_context, teacher = context(browser, "teacher")
        opened.append(teacher_context)
        teacher.page.goto(f"{server.url}/teacher?key={SECRET}")
        assert teacher.page.url == f"{server.url}/teacher"  # the secret left the address bar
        students = []
        for n, code in enumerate(("en", "en", "fa")):
            made, student = context(browser, f"student-{n}-{code}")
            opened.append(made)
            student.page.goto(f"{server.url}/voila/render/{LESSON}?token={CODE}&lang={code}")
            student.page.locator(LESSON_BOARD).first.wait_for(timeout=240_000)
            students.append((made, student, code))
        assert students[2][1].page.locator("html").get_attribute("lang") == "fa"
        lesson = teacher.page.locator(".lesson").first
        lesson.locator(".languages", has_text="en: 2, fa: 1").wait_for()

        # a nickname, plain text; and the first quiz answered by all three (two alike, one not)
        nickname = students[0][1].page.locator(".tabletop-class input")
        nickname.fill("<b>Rostam</b>")
        nickname.press("Enter")
        for (_, student, _), choice in zip(students, (0, 0, 1), strict=True):
            student.page.locator(".tabletop-quiz").first.locator("button").nth(choice).click()
        quiz = lesson.locator('.quiz[data-quiz="1"]')
        quiz.locator(".answered", has_text="3").wait_for()
        assert sorted(int(c) for c in quiz.locator(".bar .count").all_text_contents()) == [1, 2]
        teacher.page.locator("#students .name", has_text="<b>Rostam</b>").wait_for()  # as text
        assert teacher.page.locator("#students b").count() == 0

        # a board shown to everyone: each student opens it beside their own
        lesson.locator(".tools input").first.fill(board_link())
        lesson.locator("button.show").click()
        for _, student, code in students:
            tools = student.page.locator(".tabletop-class-tools")
            opening = tools.locator("button", has_text=texts.entry("class.open_board", code))
            opening.click()
            tools.locator("button", has_text=texts.entry("class.back", code)).wait_for()

        # a challenge: three boards handed in, scored by the engine
        lesson = teacher.page.locator(".lesson").first
        lesson.locator(".tools span input").fill("A forest")
        renamed = students[1][1].page.locator(".tabletop-class input")  # the page redraws meanwhile:
        renamed.fill("Sohrab")
        renamed.press("Enter")
        teacher.page.locator("#students .name", has_text="Sohrab").wait_for()
        assert lesson.locator(".tools span input").input_value() == "A forest"  # what was typed stays
        lesson.locator("button.start").click()
        for _, student, code in students:
            tools = student.page.locator(".tabletop-class-tools")
            tools.locator("button", has_text=texts.entry("class.hand_in", code)).click()
            tools.locator("text=✅").wait_for()
        gallery = teacher.page.locator(".gallery figure")
        gallery.nth(2).wait_for()
        assert gallery.count() == 3 and all(s.strip() for s in gallery.locator(".score").all_text_contents())
        gallery.first.locator("button.project").click()
        teacher.page.locator(".projected img").wait_for()

        export = teacher_context.request.get(f"{server.url}/teacher/export.csv")
        assert export.status == 200
        table = export.text()
        assert "<b>Rostam</b>" in table and table.count(LESSON.split("/", 1)[1]) >= 6  # 3 answers, 3 boards
        teacher.assert_clean()
        for _, student, _ in students:
            student.assert_clean()

        # a student's context, signed in with the class's code: no teacher's page, no websocket
        made, student, _ = students[0]
        for asked in ("/teacher", "/teacher?key=guess", f"/teacher?key={SECRET[:-3]}", f"/teacher?key={CODE}",
                      "/teacher/export.csv"):
            assert made.request.get(server.url + asked).status == 403, asked
        socket = f"ws://127.0.0.1:{server.port}/teacher/ws"
        assert student.page.evaluate(SOCKET, socket) == "refused"
        # without the class's code
        stranger_context, stranger = context(browser, "stranger")
        opened.append(stranger_context)
        assert stranger_context.request.get(f"{server.url}/teacher").status == 403
        stranger.page.goto(f"{server.url}/login")
        assert stranger.page.evaluate(SOCKET, socket) == "refused"
        # the teacher's own browser, from another site's page
        other = teacher_context.new_page()
        other.goto("data:text/html,<p>another site</p>")
        assert other.evaluate(SOCKET, socket) == "refused"
        assert teacher.page.evaluate(SOCKET, socket) == "open"  # and from its own page, it opens
    finally:
        for made in opened:
            made.close()
