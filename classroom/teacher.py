"""The teacher's view of a class: what the class answers, a board shown to everyone, the class's boards.

Two sides, both in this server's memory only (nothing is written; the teacher exports a CSV):

* the kernels (``tabletop/inclass.py``): each lesson kernel posts its events to ``/class/event``
  (a quiz shown, an answer, a nickname, a board handed in) and asks ``/class/state`` what the
  teacher has set for its lesson (the question waits until that changes). A kernel proves itself
  with its own secret, put in its environment by the kernel manager (``classroom/kernels.py``);
  the secret names the kernel, and the kernel its page's browser and lesson. Nothing a page sends
  reaches here except through the lesson's own widgets, and every value is read as plain data.
* the teacher (``/teacher``, its websocket ``/teacher/ws``, ``/teacher/export.csv``): its own
  secret, printed at start, never in a student's link or page. ``/teacher?key=<secret>`` exchanges
  it for a cookie and leaves the address (a projector shows it); the cookie holds a digest of the
  secret, so it opens nothing once the server runs with another. The websocket also refuses
  another site's page (its Origin).
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import functools
import hashlib
import hmac
import io
import re
import secrets
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

from tornado import web, websocket

from tabletop import i18n, keeping, kinds, links
from tabletop.i18n import LANGUAGES, Catalogue, direction
from tabletop.untrusted import JSONRefused, clipped, number, read_json

from . import lessons
from .lessons import lesson_key

texts = Catalogue("tabletop")
COOKIE = "classroom-teacher"
KEY_HEADER = "X-Class-Key"
WAIT = 25  # seconds a kernel's question about its lesson's state is held, at most
MOST_EVENT = 200_000  # characters of one event (a board link is at most 100,000)
NICKNAME, TITLE, TEXT = 40, 80, 300  # the most characters kept of a nickname, a title, a question
TAGS = re.compile(r"<[^>]*>")


def plain(value: object, most: int) -> str:
    """A text from a kernel as the teacher's page shows it (as text, never as markup): control
    characters dropped, cut to ``most`` characters."""
    return "".join(c for c in str(value)[:most] if c.isprintable() or c in "\u200c\u200d").strip()


def worded(value: object) -> dict[str, str]:
    """A quiz's text in each language the kernel gave (``{"en": ..., "fa": ...}``, or one text for
    all), without the markup a lesson gives it (``<b>``, ``<code>``)."""
    given = value if isinstance(value, dict) else {"en": value}
    return {code: plain(TAGS.sub("", str(given[code])), TEXT) for code in LANGUAGES if code in given}


def in_language(given: dict[str, str], code: str) -> str:
    return given.get(code) or given.get("en") or next(iter(given.values()), "")


@dataclass
class Quiz:
    question: dict[str, str]  # in each language
    choices: list[dict[str, str]] | None
    answers: dict[str, list[tuple[str | int, bool]]] = field(default_factory=dict)  # student -> answers

    def said(self, answer: str | int, code: str) -> str:
        """An answer as the teacher reads it: a choice (its number) in the teacher's language."""
        if isinstance(answer, int) and self.choices and 0 <= answer < len(self.choices):
            return in_language(self.choices[answer], code)
        return str(answer)


@dataclass
class Lesson:
    """What the teacher has set for one lesson, and what came back."""
    quizzes: dict[int, Quiz] = field(default_factory=dict)
    paused: bool = False
    hide: bool = False
    board: str | None = None  # a board link shown to everyone (its fragment)
    challenge: str | None = None
    boards: dict[str, tuple[str, int | None]] = field(default_factory=dict)  # student -> (link, score)
    projected: str | None = None  # the student whose board the teacher's page shows big


class Refused(ValueError):
    """A kernel's or the teacher's request this class does not take; the message says why."""


def checked_board(link: str) -> tuple[str, int | None]:
    """A board link read and checked by its game's rules: its fragment and its score (None for a
    position the engine has no score for), or ``Refused`` in words."""
    try:
        data = links.unpack(link)
    except links.LinkError as error:
        raise Refused(str(error)) from None
    for kind in kinds.kinds().values():
        try:
            keeping.checked(data, kind)
        except ValueError:
            continue
        position = kind.position(data) if kind.position and data.get("game") == kind.name else None
        return links.pack(data), None if position is None else kind.score(position)
    raise Refused(texts("classroom.teacher.not_a_board"))


class Classroom:
    """The class as the teacher sees it: its lessons, its students, in memory only."""

    def __init__(self, kernels, secret: str | None = None):
        self.kernels = kernels  # the kernel manager: owners, lessons, class keys
        self.secret = secret or secrets.token_urlsafe(18)
        self.lessons: dict[str, Lesson] = {}
        self.numbers: dict[str, int] = {}  # a browser -> its number, in the order they arrived
        self.nicknames: dict[str, str] = {}
        self.watchers: set[TeacherSocket] = set()
        self.version = 0
        self._changed: asyncio.Future | None = None
        self._flush = False
        self.early: dict[str, list[dict]] = {}  # a preheated kernel's quizzes, until a page takes it

    # -- the kernels' side ---------------------------------------------------------------------

    def lesson(self, key: str) -> Lesson:
        return self.lessons.setdefault(key, Lesson())

    def student(self, kernel: str) -> str | None:
        owner = self.kernels.owners.get(kernel)
        if owner is not None and owner not in self.numbers:
            self.numbers[owner] = len(self.numbers) + 1
        return owner

    def event(self, kernel: str, event: object) -> dict:
        """What a kernel tells: the answer for it (``Refused`` when it makes no sense)."""
        if not isinstance(event, dict):
            raise Refused("not an event")
        if kernel not in self.kernels.lessons and event.get("type") == "quiz":
            self.early.setdefault(kernel, []).append(event)  # a preheated kernel: no page, no lesson yet
            return {}
        lesson = self.lesson(lesson_key(self.kernels.lessons.get(kernel) or ""))
        student, kind = self.student(kernel), event.get("type")
        n = number(str(event.get("n", "")))
        if kind == "quiz" and n is not None:
            choices = event.get("choices")
            lesson.quizzes.setdefault(n, Quiz(worded(event.get("question", "")),
                                              [worded(c) for c in choices][:20]
                                              if isinstance(choices, list) else None))
        elif kind == "answer" and n is not None and student is not None:
            quiz = lesson.quizzes.setdefault(n, Quiz({}, None))
            choice = event.get("choice")
            given = choice if isinstance(choice, int) and not isinstance(choice, bool) and \
                0 <= choice < len(quiz.choices or ()) else plain(event.get("value", ""), TEXT)
            quiz.answers.setdefault(student, []).append((given, event.get("right") is True))
        elif kind == "nickname" and student is not None:
            name = plain(event.get("name", ""), NICKNAME)
            if name:
                self.nicknames[student] = name
            else:
                self.nicknames.pop(student, None)
        elif kind == "board" and student is not None:
            if lesson.challenge is None:
                raise Refused(texts("classroom.teacher.no_challenge"))
            lesson.boards[student] = checked_board(str(event.get("link", "")))
            self.changed()
            return {"score": lesson.boards[student][1]}
        else:
            raise Refused("not an event")
        self.changed()
        return {}

    async def state(self, kernel: str, seen: int) -> dict:
        """What the teacher has set for the kernel's lesson, once it differs from version ``seen``
        (or after ``WAIT`` seconds, the same again)."""
        if seen == self.version:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._waiter()), WAIT)
        path = self.kernels.lessons.get(kernel)
        lesson = self.lessons.get(lesson_key(path)) if path else None
        if lesson is None:
            return {"version": self.version}
        return {"version": self.version, "paused": lesson.paused, "hide": lesson.hide,
                "board": lesson.board, "challenge": lesson.challenge}

    def _waiter(self) -> asyncio.Future:
        if self._changed is None or self._changed.done():
            self._changed = asyncio.get_running_loop().create_future()
        return self._changed

    # -- the teacher's side --------------------------------------------------------------------

    def command(self, asked: object) -> None:
        """What the teacher's page asks: ``{"do": ..., "lesson": ...}``; ``Refused`` in words."""
        if not isinstance(asked, dict) or str(asked.get("lesson", "")) not in self.lessons:
            raise Refused(texts("classroom.teacher.no_lesson"))
        lesson, do = self.lessons[str(asked["lesson"])], asked.get("do")
        if do == "show":
            text = str(asked.get("link", "")).strip()
            lesson.board = checked_board(text)[0] if text else None
        elif do in ("pause", "hide"):
            setattr(lesson, "paused" if do == "pause" else "hide", asked.get("on") is True)
        elif do == "challenge":
            title = plain(asked.get("title", ""), TITLE)
            lesson.challenge, lesson.boards, lesson.projected = title or None, {}, None
        elif do in ("project", "show_handed"):
            student = self.by_label(str(asked.get("student", "")))
            if student not in lesson.boards:
                raise Refused(texts("classroom.teacher.no_board"))
            lesson.projected = student
            if do == "show_handed":
                lesson.board = lesson.boards[student][0]
        else:
            raise Refused(texts("classroom.teacher.unknown"))
        self.version += 1
        if self._changed is not None and not self._changed.done():
            self._changed.set_result(None)
        self.changed()

    def label(self, student: str) -> str:
        """The name a student goes by here: an id of the page, never their nickname (which anyone
        may choose twice)."""
        return f"s{self.numbers.get(student, 0)}"

    def by_label(self, label: str) -> str | None:
        return next((s for s in self.numbers if self.label(s) == label), None)

    def name(self, student: str, code: str) -> str:
        return self.nicknames.get(student) or texts.entry("classroom.teacher.student", code).format(
            n=self.numbers.get(student, 0))

    def changed(self) -> None:
        """Tell the teacher's pages, once for all the events of this turn of the loop. (Also called
        when a page takes a kernel: a preheated kernel's quizzes now belong to its lesson.)"""
        for kernel in [kernel for kernel in self.early if kernel in self.kernels.lessons]:
            for event in self.early.pop(kernel):
                self.event(kernel, event)
        if not self._flush and self.watchers:
            self._flush = True
            asyncio.get_running_loop().call_soon(self._send)

    def _send(self) -> None:
        self._flush = False
        for watcher in list(self.watchers):
            watcher.send_view()

    def view(self, code: str) -> dict:
        """Everything the teacher's page shows, as plain data (the page writes it as text)."""
        open_pages: dict[str, dict[str, int]] = {}
        progress: dict[str, set[str]] = {}
        for kernel, owner in list(self.kernels.owners.items()):
            path = self.kernels.lessons.get(kernel)
            if path:
                key = lesson_key(path)
                language = lessons.language_of(path) or "en"
                open_pages.setdefault(key, {}).setdefault(language, 0)
                open_pages[key][language] += 1
                progress.setdefault(owner, set()).add(key)
                self.student(kernel)
        shown = []
        for key in sorted(set(open_pages) | {k for k, v in self.lessons.items() if v.quizzes}):
            lesson = self.lesson(key)
            shown.append({
                "lesson": key, "languages": open_pages.get(key, {}),
                "paused": lesson.paused, "hide": lesson.hide, "board": lesson.board,
                "challenge": lesson.challenge, "projected": self.projected(lesson, code),
                "quizzes": [self.bars(n, quiz, code) for n, quiz in sorted(lesson.quizzes.items())],
                "boards": sorted(({"student": self.label(s), "name": self.name(s, code), "score": score,
                                   "link": link} for s, (link, score) in lesson.boards.items()),
                                 key=lambda b: (b["score"] is None, -(b["score"] or 0), b["name"]))})
        students = []
        for student in sorted(self.numbers, key=self.numbers.get):
            answers = [(quiz, quiz.answers[student]) for lesson in self.lessons.values()
                       for quiz in lesson.quizzes.values() if student in quiz.answers]
            students.append({"name": self.name(student, code), "lessons": sorted(progress.get(student, ())),
                             "answered": len(answers),
                             "right": sum(any(r for _, r in given) for _, given in answers)})
        return {"lessons": shown, "students": students}

    def projected(self, lesson: Lesson, code: str) -> dict | None:
        if lesson.projected not in lesson.boards:
            return None
        link, score = lesson.boards[lesson.projected]
        return {"name": self.name(lesson.projected, code), "score": score, "link": link,
                "svg": picture(link)}

    @staticmethod
    def bars(n: int, quiz: Quiz, code: str) -> dict:
        """How many students chose each answer first (their first thought is what the teacher
        wants to see), right ones marked, the most chosen first; and how many answered."""
        counts: dict[tuple[str, bool], int] = {}
        for given in quiz.answers.values():
            said = (quiz.said(given[0][0], code), given[0][1])
            counts[said] = counts.get(said, 0) + 1
        bars = [{"value": value, "right": right, "count": count}
                for (value, right), count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
        return {"n": n, "question": in_language(quiz.question, code), "answered": len(quiz.answers),
                "bars": bars[:8]}

    def export(self, code: str) -> str:
        """The class's answers (every one, in order) and the challenges' boards as links: a CSV."""
        def word(key):
            return texts.entry(f"classroom.teacher.csv.{key}", code)
        out = io.StringIO()
        rows = csv.writer(out)
        rows.writerow([word(k) for k in ("lesson", "quiz", "question", "student", "answer", "right")])
        for key, lesson in sorted(self.lessons.items()):
            for n, quiz in sorted(lesson.quizzes.items()):
                for student, given in quiz.answers.items():
                    for value, right in given:
                        asked = in_language(quiz.question, code)
                        rows.writerow(safe([key, n, asked, self.name(student, code), quiz.said(value, code),
                                            word("yes") if right else word("no")]))
        rows.writerow([])
        rows.writerow([word(k) for k in ("lesson", "challenge", "student", "score", "link")])
        for key, lesson in sorted(self.lessons.items()):
            for student, (link, score) in lesson.boards.items():
                rows.writerow(safe([key, lesson.challenge or "", self.name(student, code),
                                    "" if score is None else score, f"#{link}"]))
        return out.getvalue()


def safe(row: list) -> list:
    """A spreadsheet never runs a cell: a text that starts like a formula is quoted."""
    return [f"'{cell}" if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
            for cell in row]


@functools.lru_cache(maxsize=64)
def picture(link: str) -> str | None:
    """The board a link holds, drawn (SVG) by its game; None when it draws nothing. Kept: every
    view sent while it is on the projector holds it."""
    data = links.unpack(link)
    game = data.get("game")
    kind = kinds.kinds().get(game) if isinstance(game, str) else None
    draw = getattr(kind.position(data), "_repr_svg_", None) if kind and kind.position else None
    return draw() if callable(draw) else None


# -- the routes -----------------------------------------------------------------------------------

class KernelRoute(web.RequestHandler):
    """A lesson kernel of this server, by its secret, from this machine only."""

    def prepare(self):
        self.classroom: Classroom = self.settings["classroom"]
        kernel = self.classroom.kernels.kernel_of(self.request.headers.get(KEY_HEADER, ""))
        if kernel is None or self.request.remote_ip not in ("127.0.0.1", "::1"):
            raise web.HTTPError(403)
        self.kernel = kernel

    def check_xsrf_cookie(self):
        """A kernel has no cookie; its secret is the guard."""


class EventRoute(KernelRoute):
    def post(self):
        code = lessons.language_of(self.classroom.kernels.lessons.get(self.kernel) or "") or "en"
        try:
            event = read_json(self.request.body, most=MOST_EVENT)
            with i18n.wording(code):
                answer = self.classroom.event(self.kernel, event)
        except (JSONRefused, Refused) as refused:
            self.set_status(400)
            return self.finish({"error": str(refused)})
        self.finish(answer)


class StateRoute(KernelRoute):
    async def get(self):
        seen = number(self.get_argument("seen", ""))
        self.finish(await self.classroom.state(self.kernel, -1 if seen is None else seen))


def teacher_cookie(secret: str) -> str:
    return hashlib.sha256(f"classroom-teacher:{secret}".encode()).hexdigest()


class TeacherRoute(web.RequestHandler):
    """The teacher's: the cookie that the secret gave, or the secret in the address."""

    def prepare(self):
        self.classroom: Classroom = self.settings["classroom"]
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")

    def is_teacher(self) -> bool:
        sent = self.get_cookie(COOKIE, "")
        return hmac.compare_digest(sent.encode(), teacher_cookie(self.classroom.secret).encode())

    def language(self) -> str:
        asked = self.get_argument("lang", None)
        return asked if asked in LANGUAGES else self.settings["classroom_language"]

    def refuse(self) -> None:
        code = self.language()
        self.set_status(403)
        self.finish(f'<!DOCTYPE html><html lang="{code}" dir="{direction(code)}"><meta charset="utf-8">'
                    f'<title>403</title><p>{texts.entry("classroom.teacher.refused", code)}</p></html>')

    def check_xsrf_cookie(self):
        """Nothing here is posted: the teacher's page acts through its websocket."""


class TeacherPage(TeacherRoute):
    def get(self):
        key = self.get_argument("key", None)
        if key is not None:
            if not hmac.compare_digest(key.encode(), self.classroom.secret.encode()):
                return self.refuse()
            self.set_cookie(COOKIE, teacher_cookie(self.classroom.secret), httponly=True,
                            samesite="Strict", path=self.settings["base_url"])
            kept = f"?lang={quote(self.get_argument('lang'))}" if self.get_argument("lang", None) else ""
            return self.redirect(self.request.path + kept)
        if not self.is_teacher():
            return self.refuse()
        code = self.language()
        words = {key: texts.entry(f"classroom.teacher.page.{key}", code) for key in TEACHER_WORDS}
        self.finish(self.settings["voila_jinja2_env"].get_template("classroom-teacher.html").render(
            lang=code, dir=direction(code), t=lambda key: texts.entry(key, code), words=words,
            base=self.settings["base_url"]))


class TeacherExport(TeacherRoute):
    def get(self):
        if not self.is_teacher():
            return self.refuse()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
        self.finish("\ufeff" + self.classroom.export(self.language()))  # a byte order mark: Excel reads UTF-8


class TeacherSocket(websocket.WebSocketHandler):
    """The teacher's page's live view: the whole view at each change; its commands."""

    def prepare(self):
        self.classroom: Classroom = self.settings["classroom"]

    def check_origin(self, origin: str) -> bool:
        return urlsplit(origin).netloc == self.request.host

    async def get(self, *args, **kwargs):
        if not TeacherRoute.is_teacher(self):
            raise web.HTTPError(403)
        return await super().get(*args, **kwargs)

    def open(self):
        self.code = TeacherRoute.language(self)
        self.classroom.watchers.add(self)
        self.send_view()

    def on_close(self):
        self.classroom.watchers.discard(self)

    def send_view(self, error: str | None = None):
        try:
            self.write_message({"view": self.classroom.view(self.code), "error": error})
        except websocket.WebSocketClosedError:
            self.classroom.watchers.discard(self)

    def on_message(self, message):
        try:
            with i18n.wording(self.code):
                self.classroom.command(read_json(message, most=MOST_EVENT))
        except (JSONRefused, Refused) as refused:
            self.send_view(error=clipped(str(refused), 200))


# The words of the teacher's page's script (``classroom.teacher.page.<word>``; the page holds them,
# in the teacher's language).
TEACHER_WORDS = (
    "lessons", "students", "nobody", "quizzes", "answered", "right", "wrong", "show", "hide_board", "link",
    "pause", "unpause", "hide", "unhide", "challenge", "start", "stop", "gallery", "project", "show_handed",
    "score", "no_score", "progress", "languages", "export")


def routes(base_url: str) -> list[tuple]:
    base = base_url.rstrip("/")
    return [(f"{base}/class/event", EventRoute), (f"{base}/class/state", StateRoute),
            (f"{base}/teacher", TeacherPage), (f"{base}/teacher/ws", TeacherSocket),
            (f"{base}/teacher/export.csv", TeacherExport)]
