"""The teacher's view of a class (classroom/teacher.py), its routes served by tornado alone with a
stand-in for the kernel manager: the teacher's secret and every refusal (no cookie, a guessed or cut
secret, a student's sign-in, another site's page), the kernels' channel (only a kernel's own secret),
the quiz bars pushed live, a board shown to a lesson, a challenge's boards scored by the engine, the
export. And outside the classroom server, the widgets say nothing of a teacher."""

from __future__ import annotations

import json
from pathlib import Path

import jinja2
from apart import Apart  # tests/ is on the path
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.web import Application
from tornado.websocket import websocket_connect

from classroom import teacher
from classroom.teacher import Classroom, checked_board, safe
from tabletop import inclass, links
from tabletop.i18n import LANGUAGES
from tabletop.quiz import Quiz

TEMPLATES = Path(teacher.__file__).parent / "templates"
SECRET = "the-teachers-own-secret"
LESSON = "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"
KEY = LESSON.removeprefix("en/")  # the lesson whatever its language, as the teacher's view names it
FA_LESSON = f"fa/{KEY}"


def harmonies_board() -> str:
    from harmonies.scenario import Scenario
    scenario = Scenario.from_dict({"game": "harmonies", "side": "A", "board": {"c3": ["brown", "green"]}})
    return links.pack(scenario.to_dict())


class Kernels:
    """What the classroom's kernel manager tells the teacher's view: each kernel's browser and
    lesson, and the kernel a class secret names."""

    def __init__(self):
        self.owners, self.lessons, self.keys = {}, {}, {}

    def kernel_of(self, key):
        return self.keys.get(key)

    def page(self, kernel, owner, lesson):
        self.owners[kernel], self.lessons[kernel], self.keys[f"key-{kernel}"] = owner, lesson, kernel


class TeacherTest(Apart, AsyncHTTPTestCase):
    def get_app(self):
        self.kernels = Kernels()
        self.classroom = Classroom(self.kernels, SECRET)
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True)
        return Application(teacher.routes("/"), classroom=self.classroom, classroom_language="en",
                           base_url="/", voila_jinja2_env=env)

    # -- helpers -----------------------------------------------------------------------------------

    def cookie(self) -> str:
        answer = self.fetch(f"/teacher?key={SECRET}", follow_redirects=False)
        assert answer.code == 302 and answer.headers["Location"] == "/teacher"
        return answer.headers["Set-Cookie"].split(";", 1)[0]

    def given(self) -> str:
        """The cookie the secret gives (as ``cookie()`` checks), inside a test's own event loop."""
        return f"classroom-teacher={teacher.teacher_cookie(SECRET)}"

    def kernel_post(self, kernel: str, event: dict, key: str | None = None):
        return self.fetch("/class/event", method="POST", body=json.dumps(event),
                          headers={"X-Class-Key": key or f"key-{kernel}"}, raise_error=False)

    async def socket(self, cookie: str | None, origin: str | None = None):
        headers = {"Origin": origin or f"http://127.0.0.1:{self.get_http_port()}"}
        if cookie:
            headers["Cookie"] = cookie
        return await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{self.get_http_port()}/teacher/ws",
                                                   headers=headers))

    async def view(self, connection) -> dict:
        return json.loads(await connection.read_message())

    # -- the teacher's secret ----------------------------------------------------------------------

    def test_the_page_needs_the_teachers_secret(self):
        for address in ("/teacher", "/teacher?key=", f"/teacher?key={SECRET[:-1]}", "/teacher?key=guess",
                        f"/teacher?key={SECRET}x", "/teacher/export.csv"):
            answer = self.fetch(address, follow_redirects=False, raise_error=False)
            assert answer.code == 403, address
            assert b"teacher" in answer.body and SECRET.encode() not in answer.body
        for cookie in ("classroom-teacher=guess", "classroom-teacher=", f"classroom-teacher={SECRET}",
                       "username-127-0-0-1=a-students-sign-in"):
            answer = self.fetch("/teacher", headers={"Cookie": cookie}, raise_error=False)
            assert answer.code == 403, cookie

    def test_the_secret_is_exchanged_for_a_cookie_and_leaves_the_address(self):
        cookie = self.cookie()
        assert SECRET not in cookie  # the cookie holds a digest of it
        page = self.fetch("/teacher", headers={"Cookie": cookie})
        assert page.code == 200 and b'<html lang="en" dir="ltr">' in page.body
        assert SECRET.encode() not in page.body
        persian = self.fetch("/teacher?lang=fa", headers={"Cookie": cookie})
        assert b'<html lang="fa" dir="rtl">' in persian.body

    def test_a_cookie_of_another_run_opens_nothing(self):
        old = self.cookie()
        assert old == self.given()
        self.classroom.secret = "the-next-runs-secret"
        assert self.fetch("/teacher", headers={"Cookie": old}, raise_error=False).code == 403

    @gen_test
    async def test_the_websocket_refuses_a_stranger_and_another_site(self):
        for cookie, origin in ((None, None), ("classroom-teacher=guess", None),
                               (self.given(), "http://evil.example"), (self.given(), "null")):
            try:
                connection = await self.socket(cookie, origin)
            except HTTPClientError as refused:
                assert refused.code == 403
            else:
                connection.close()
                raise AssertionError(f"connected with {cookie} from {origin}")

    # -- the kernels' channel ----------------------------------------------------------------------

    def test_only_a_kernels_own_secret_speaks_for_it(self):
        self.kernels.page("k1", "alice", LESSON)
        for key in ("", "key-k", "key-k1x", "guess"):
            answer = self.fetch("/class/event", method="POST", body="{}", headers={"X-Class-Key": key},
                                raise_error=False)
            assert answer.code == 403, key
        assert self.fetch("/class/state?seen=0", raise_error=False).code == 403
        assert self.kernel_post("k1", {"type": "nonsense"}).code == 400
        assert self.kernel_post("k1", {"type": "quiz", "n": 1, "question": "?"}).code == 200
        nested = self.fetch("/class/event", method="POST", body="[" * 10_000,
                            headers={"X-Class-Key": "key-k1"}, raise_error=False)
        assert nested.code == 400 and "error" in json.loads(nested.body)

    @gen_test
    async def test_answers_reach_the_teachers_bars_as_they_come(self):
        for n, (owner, lesson) in enumerate((("a", LESSON), ("b", LESSON), ("c", FA_LESSON))):
            self.kernels.page(f"k{n}", owner, lesson)
        connection = await self.socket(self.given())
        first = await self.view(connection)
        assert [lesson["lesson"] for lesson in first["view"]["lessons"]] == [KEY]
        assert first["view"]["lessons"][0]["languages"] == {"en": 2, "fa": 1}
        post = self.http_client.fetch
        base = self.get_url("/class/event")

        async def send(kernel, event):
            await post(base, method="POST", body=json.dumps(event), headers={"X-Class-Key": f"key-{kernel}"})
        await send("k0", {"type": "quiz", "n": 1, "question": "<b>How many</b> points?", "choices": None})
        await send("k0", {"type": "answer", "n": 1, "value": "4", "right": False})
        await send("k1", {"type": "answer", "n": 1, "value": "5", "right": True})
        await send("k2", {"type": "answer", "n": 1, "value": "4", "right": False})
        await send("k0", {"type": "answer", "n": 1, "value": "5", "right": True})  # a second try
        while True:
            view = (await self.view(connection))["view"]
            quiz = view["lessons"][0]["quizzes"][0] if view["lessons"][0]["quizzes"] else None
            if quiz and quiz["answered"] == 3:
                break
        assert quiz["question"] == "How many points?"
        assert quiz["bars"] == [{"value": "4", "right": False, "count": 2},  # first answers only
                                {"value": "5", "right": True, "count": 1}]
        view = self.classroom.view("en")  # every post was answered: the second try is in
        names = {s["name"]: (s["answered"], s["right"]) for s in view["students"]}
        assert names == {"student 1": (1, 1), "student 2": (1, 1), "student 3": (1, 0)}
        connection.close()

    def test_a_preheated_kernels_quizzes_wait_for_its_page(self):
        self.kernels.keys["key-pool"] = "pool"  # a kernel of the pool: no page, no lesson yet
        assert self.kernel_post("pool", {"type": "quiz", "n": 1, "question": "Which?"}).code == 200
        assert self.classroom.view("en")["lessons"] == []
        self.kernels.page("pool", "alice", FA_LESSON)
        self.classroom.changed()  # what the kernel manager calls when a page takes the kernel
        assert self.classroom.view("en")["lessons"][0]["quizzes"][0]["question"] == "Which?"

    def test_a_choice_is_counted_as_one_in_every_language(self):
        self.kernels.page("k1", "a", LESSON)
        self.kernels.page("k2", "b", FA_LESSON)
        colours = [{"en": "green", "fa": "سبز"}, {"en": "brown", "fa": "قهوه‌ای"}]
        for kernel, said in (("k1", "green"), ("k2", "سبز")):
            self.kernel_post(kernel, {"type": "quiz", "n": 1, "question": {"en": "Which?", "fa": "کدام؟"},
                                      "choices": colours})
            self.kernel_post(kernel, {"type": "answer", "n": 1, "value": said, "choice": 0, "right": True})
        self.kernel_post("k2", {"type": "answer", "n": 1, "value": "x", "choice": 9, "right": True})
        quiz = self.classroom.view("fa")["lessons"][0]["quizzes"][0]
        assert quiz["question"] == "کدام؟"
        assert quiz["bars"] == [{"value": "سبز", "right": True, "count": 2}]
        assert "green" in self.classroom.export("en") and "x" in self.classroom.export("en")

    def test_a_nickname_is_plain_text_of_the_students_choosing(self):
        self.kernels.page("k1", "alice", LESSON)
        self.kernel_post("k1", {"type": "nickname", "name": "<img src=x onerror=alert(1)>\u202e\u0000"})
        self.kernel_post("k1", {"type": "quiz", "n": 1, "question": "q"})
        self.kernel_post("k1", {"type": "answer", "n": 1, "value": "=1+1", "right": False})
        view = self.classroom.view("en")
        assert view["students"][0]["name"] == "<img src=x onerror=alert(1)>"  # the page writes it as text
        page = (TEMPLATES / "classroom-teacher.html").read_text()
        assert "innerHTML" not in page and "createTextNode" in page
        export = self.classroom.export("en")
        assert "'=1+1" in export  # a spreadsheet never runs it
        self.kernel_post("k1", {"type": "nickname", "name": ""})
        assert self.classroom.view("en")["students"][0]["name"] == "student 1"

    @gen_test
    async def test_a_board_shown_reaches_the_kernels_of_that_lesson(self):
        self.kernels.page("k1", "alice", FA_LESSON)
        self.kernels.page("k2", "bob", "en/azul-lessons/20-scoring-sandbox.ipynb")
        asking = self.get_url("/class/state?seen=0")
        waiting = self.http_client.fetch(asking, headers={"X-Class-Key": "key-k1"})
        connection = await self.socket(self.given())
        await self.view(connection)
        board = harmonies_board()
        await connection.write_message(json.dumps({"do": "show", "lesson": KEY, "link": f"http://x/#{board}"}))
        state = json.loads((await waiting).body)
        assert state["board"] == board and state["version"] == 1 and not state["paused"]
        other = await self.http_client.fetch(asking, headers={"X-Class-Key": "key-k2"})
        assert json.loads(other.body).get("board") is None
        await connection.write_message(json.dumps({"do": "pause", "lesson": KEY, "on": True}))
        await connection.write_message(json.dumps({"do": "show", "lesson": KEY, "link": "#play=1.garbled"}))
        while True:
            said = await self.view(connection)
            if said["error"]:
                break
        assert "link" in said["error"].lower()
        assert self.classroom.lessons[KEY].board == board and self.classroom.lessons[KEY].paused
        connection.close()

    def test_a_challenge_collects_boards_scored_by_the_engine(self):
        for n in range(3):
            self.kernels.page(f"k{n}", f"s{n}", LESSON)
        refused = self.kernel_post("k0", {"type": "board", "link": harmonies_board()})
        assert refused.code == 400 and "challenge" in json.loads(refused.body)["error"]
        self.classroom.view("en")
        self.classroom.command({"do": "challenge", "lesson": KEY, "title": "A forest"})
        answer = self.kernel_post("k0", {"type": "board", "link": harmonies_board()})
        score = json.loads(answer.body)["score"]
        assert answer.code == 200 and isinstance(score, int) and score > 0
        assert self.kernel_post("k1", {"type": "board", "link": links.pack({"game": "harmonies", "side": "A",
                                                                            "board": {}})}).code == 200
        bad = self.kernel_post("k2", {"type": "board", "link": "#play=1.AAAA"})
        assert bad.code == 400 and json.loads(bad.body)["error"]
        wrong = self.kernel_post("k2", {"type": "board", "link": links.pack({"game": "chess"})})
        assert wrong.code == 400
        persian = self.kernel_post("k2", {"type": "board", "link": "#play=1.AAAA"}, key="key-k2")
        assert persian.code == 400
        boards = self.classroom.view("en")["lessons"][0]["boards"]
        assert [b["score"] for b in boards] == [score, 0]  # the highest first
        self.classroom.command({"do": "project", "lesson": KEY, "student": boards[0]["student"]})
        projected = self.classroom.view("en")["lessons"][0]["projected"]
        assert projected["score"] == score and projected["svg"].lstrip().startswith("<")
        export = self.classroom.export("fa")
        assert "امتیاز" in export and f"#{harmonies_board()}" in export and "A forest" in export

    def test_a_persian_students_refusal_is_in_persian(self):
        self.kernels.page("k1", "s1", FA_LESSON)
        answer = self.kernel_post("k1", {"type": "board", "link": harmonies_board()})
        assert "چالش" in json.loads(answer.body)["error"]


def test_a_board_link_is_checked_by_the_rules():
    fragment, score = checked_board(f"#{harmonies_board()}")
    assert fragment == harmonies_board() and score > 0
    for bad in ("", "#play=1.", "no link", links.pack({"game": "harmonies", "side": "Q"})):
        try:
            checked_board(bad)
        except teacher.Refused as refused:
            assert str(refused)
        else:
            raise AssertionError(bad)


def test_a_formula_is_quoted_in_the_export():
    assert safe(["=SUM(A1)", "+1", "-1", "@x", "fine", 3]) == ["'=SUM(A1)", "'+1", "'-1", "'@x", "fine", 3]


def test_outside_a_class_the_quiz_says_nothing_of_a_teacher(monkeypatch):
    monkeypatch.delenv(inclass.ENV_URL, raising=False)
    monkeypatch.delenv(inclass.ENV_KEY, raising=False)
    sent = []
    monkeypatch.setattr(inclass, "_post", lambda *args, **kwargs: sent.append(args))
    quiz = Quiz("How many?", 3)
    assert quiz.number == 0
    quiz.answer(3)
    assert sent == [] and not inclass.active()
    assert "teacher" not in quiz.feedback.value
    from tabletop.localised import Header
    header = Header("en")
    assert not any(isinstance(child, inclass.ClassPanel) for child in header.children)


def in_a_class(monkeypatch, answers: dict) -> list:
    """This process as a lesson kernel of the classroom server, its channel a stand-in that
    answers ``answers[path]`` and keeps what was sent."""
    monkeypatch.setenv(inclass.ENV_URL, "http://127.0.0.1:1/class")
    monkeypatch.setenv(inclass.ENV_KEY, "a-kernels-secret")
    monkeypatch.setattr(inclass, "_start", lambda: None)  # no threads: the test sets the state
    monkeypatch.setattr(inclass, "_state", dict(inclass.EMPTY))
    sent = []

    def post(path, body=None, timeout=10):
        sent.append((path, body))
        return answers.get(path, (200, {}))
    monkeypatch.setattr(inclass, "_post", post)
    return sent


def test_in_a_class_the_editor_hands_in_and_opens_the_teachers_board(monkeypatch):
    from harmonies.widgets import BoardEditor
    sent = in_a_class(monkeypatch, {"event": (200, {"score": 7})})
    editor = BoardEditor()
    tools = [child for child in editor.children if isinstance(child, inclass.ClassTools)]
    assert len(tools) == 1
    tools = tools[0]
    assert tools.hand.layout.display == "none" and tools.teachers.layout.display == "none"
    editor.choose("green")
    editor.click("c3")
    own = editor.scenario().to_dict()
    inclass._changed({"version": 1, "challenge": "A forest", "board": harmonies_board()})
    assert tools.hand.layout.display is None and tools.teachers.layout.display is None
    tools.hand.click()
    assert sent[-1] == ("event", {"type": "board", "link": links.pack(own)})
    assert "7" in tools.message.value
    tools.teachers.click()
    assert editor.scenario().to_dict()["board"] == {"c3": ["brown", "green"]}  # the teacher's
    tools.teachers.click()
    assert editor.scenario().to_dict() == own  # and back to one's own
    inclass._changed({"version": 2, "paused": True})
    editor._view._message(None, {"type": "click", "key": "cell:c4"}, [])
    assert editor.scenario().to_dict() == own  # paused: the board takes no click
    monkeypatch.setitem(inclass._state, "paused", False)
    refused = in_a_class(monkeypatch, {"event": (400, {"error": "<b>no</b> challenge"})})
    tools.hand_in()
    assert refused and "&lt;b&gt;no&lt;/b&gt; challenge" in tools.message.value


def test_in_a_class_a_quiz_reports_and_hides_its_verdict(monkeypatch):
    in_a_class(monkeypatch, {})
    events = []
    monkeypatch.setattr(inclass, "send", events.append)
    monkeypatch.setattr(inclass, "_quizzes", 0)
    quiz = Quiz("How many?", 3, choices=[2, 3])
    assert quiz.number == 1 and events[0]["type"] == "quiz"
    assert events[0]["choices"] == [dict.fromkeys(LANGUAGES, "2"), dict.fromkeys(LANGUAGES, "3")]
    inclass._changed({"version": 1, "hide": True})
    quiz.answer(2)
    assert events[-1] == {"type": "answer", "n": 1, "value": "2", "choice": 0, "right": False}
    assert "❌" not in quiz.feedback.value and "teacher" in quiz.feedback.value
    inclass._changed({"version": 2, "hide": False})
    assert "❌" in quiz.feedback.value


def test_outside_a_class_the_editor_has_no_class_tools(monkeypatch):
    from harmonies.widgets import BoardEditor
    monkeypatch.delenv(inclass.ENV_URL, raising=False)
    editor = BoardEditor()
    assert not any(isinstance(child, inclass.ClassTools) for child in editor.children)


def test_in_a_class_the_sandbox_hands_in_its_wall(monkeypatch):
    from azul.scenario import Scenario
    from azul.widgets import WallSandbox
    sent = in_a_class(monkeypatch, {"event": (200, {"score": None})})
    sandbox = WallSandbox()
    tools = next(child for child in sandbox.children if isinstance(child, inclass.ClassTools))
    inclass._changed({"version": 1, "challenge": "A full row"})
    tools.hand.click()
    handed = links.unpack(sent[-1][1]["link"])
    assert sent[-1][1]["type"] == "board" and handed["game"] == "azul"
    assert "—" in tools.message.value
    checked, score = checked_board(sent[-1][1]["link"])  # the server's check scores the tiled wall
    assert score == Scenario.from_dict(handed).tile().boards[0].score and links.unpack(checked) == handed
