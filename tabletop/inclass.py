"""A lesson's kernel in a class: what it tells the teacher, and what the teacher's page tells it.

Only a kernel of the classroom server (``classroom/``) is in a class: that server puts in each
kernel's environment a loopback address of its own (``TABLETOP_CLASS_URL``) and a secret for that
kernel alone (``TABLETOP_CLASS_KEY``), which names the kernel there. Anywhere else (JupyterLab,
the static site) ``active()`` is false, nothing is sent, and no widget says a word of a teacher.

* ``send(event)``: a quiz shown or answered, a nickname, sent in order by one thread of its own
  (a click never waits on the network); ``hand_in(link)`` waits for the server's verdict.
* ``state()``: what the teacher has set for this lesson (``paused``, ``hide`` the answers, a
  ``board`` shown to everyone, a ``challenge``'s title), followed by one thread that asks the server
  again and again (each question waits until something changes); ``listen(callback)`` is called
  after each change, from that thread.
* ``ClassPanel``: the line a lesson's header shows in a class: the nickname box and what the
  teacher has set.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import threading
import urllib.error
import urllib.request
import weakref
from html import escape

import ipywidgets as w

from . import i18n
from .locale import t
from .localised import Localised, html

ENV_URL, ENV_KEY = "TABLETOP_CLASS_URL", "TABLETOP_CLASS_KEY"
HEADER = "X-Class-Key"
WAIT = 25  # seconds the server holds a question about the state before answering "no change"
EMPTY = {"version": 0, "paused": False, "hide": False, "board": None, "challenge": None}

_outbox: queue.Queue | None = None
_state = dict(EMPTY)
_listeners: list = []
_lock = threading.Lock()
_quizzes = 0


def active() -> bool:
    """Whether this kernel runs under the classroom server (its channel is in the environment)."""
    return bool(os.environ.get(ENV_URL) and os.environ.get(ENV_KEY))


def _post(path: str, body: dict | None = None, timeout: float = 10) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{os.environ[ENV_URL].rstrip('/')}/{path}", data=data,
                                     headers={HEADER: os.environ[ENV_KEY],
                                              "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as refused:
        try:
            return refused.code, json.loads(refused.read() or b"{}")
        except ValueError:
            return refused.code, {}


def _sender(outbox: queue.Queue) -> None:
    while True:
        event = outbox.get()
        with contextlib.suppress(OSError, ValueError):  # the server has gone: the lesson goes on
            _post("event", event)


def _start() -> queue.Queue:
    """The two threads of the class channel, started once."""
    global _outbox
    with _lock:
        if _outbox is None:
            _outbox = queue.Queue()
            threading.Thread(target=_sender, args=(_outbox,), daemon=True, name="class-send").start()
            threading.Thread(target=_follow, daemon=True, name="class-follow").start()
        return _outbox


def send(event: dict) -> None:
    """Tell the teacher's page ``event`` (a dict of plain values), in order, without waiting."""
    if active():
        _start().put(event)


def next_quiz() -> int:
    """The number of the next quiz of this lesson (1, 2, …): the same quiz in every language."""
    global _quizzes
    with _lock:
        _quizzes += 1
        return _quizzes


def every_language(text) -> dict[str, str]:
    """A text (a catalogue's lazy one, or a plain one) in each language: the teacher's page shows
    the class's answers in the teacher's language, whichever language each student reads."""
    worded = {}
    for code in i18n.LANGUAGES:
        with i18n.wording(code):
            worded[code] = str(text)
    return worded


def hand_in(link: str) -> dict:
    """Hand a board link in to the teacher's challenge: the server's verdict, ``{"score": n}`` or
    ``{"error": text}``."""
    try:
        status, answer = _post("event", {"type": "board", "link": link})
    except (OSError, ValueError):
        return {"error": t("class.unreachable")}
    if status != 200 or "error" in answer:
        return {"error": str(answer.get("error") or t("class.unreachable"))}
    return answer


def state() -> dict:
    """What the teacher has set for this lesson (``EMPTY`` outside a class)."""
    return dict(_state)


def listen(callback) -> None:
    """Call ``callback()`` after each change of ``state()`` (a bound method is held weakly)."""
    ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else (lambda: callback)
    _listeners.append(ref)


def _changed(new: dict) -> None:
    _state.clear()
    _state.update({**EMPTY, **new})
    for ref in list(_listeners):
        callback = ref()
        if callback is None:
            _listeners.remove(ref)
            continue
        with contextlib.suppress(Exception):  # one widget's trouble must not stop the others hearing
            callback()


def _follow() -> None:
    seen = -1
    while True:
        try:
            status, answer = _post(f"state?seen={seen}", timeout=WAIT + 10)
        except (OSError, ValueError):
            status, answer = 0, {}
        if status != 200:
            threading.Event().wait(5)  # the server is busy or gone: ask again a little later
            continue
        if answer.get("version", seen) != seen:
            seen = answer["version"]
            _changed(answer)


class ClassPanel(Localised, w.VBox):
    """In a class, under a lesson's header: the student's nickname (plain text, theirs to choose)
    and what the teacher has set (paused, a board shown, a challenge)."""

    def __init__(self):
        self.nickname = w.Text(layout=w.Layout(width="16em"), continuous_update=False)
        self.nickname.observe(lambda change: send({"type": "nickname", "name": change["new"]}), "value")
        self.status = w.HTML()
        super().__init__([self.nickname, self.status])
        self.add_class("tabletop-class")
        listen(self.relabel)
        _start()
        self._localise()
        self.relabel()

    def relabel(self) -> None:
        self.nickname.description = t("class.nickname")
        self.nickname.placeholder = t("class.nickname.placeholder")
        now = state()
        lines = [t("class.paused")] if now["paused"] else []
        if now["board"]:
            lines.append(t("class.board"))
        if now["challenge"]:
            lines.append(t("class.challenge", title=escape(now["challenge"])))
        self.status.value = html("<br>".join(f"<b>{line}</b>" for line in lines)) if lines else ""


class ClassTools(Localised, w.VBox):
    """In a class, under a board widget: hand the board in to the teacher's challenge, and open the
    board the teacher shows everyone, then go back to one's own (kept meanwhile).

    ``link()`` gives the widget's board as a link's fragment, ``open_link(link)`` opens one there.
    Each button shows only while it has something to do."""

    def __init__(self, *, link, open_link):
        self._link, self._open = link, open_link
        self._own: str | None = None  # the student's own board, while the teacher's is open
        self.hand = w.Button(button_style="success", icon="upload")
        self.hand.on_click(lambda _b: self.hand_in())
        self.teachers = w.Button(icon="eye")
        self.teachers.on_click(lambda _b: self.toggle())
        self.message = w.HTML()
        super().__init__([w.HBox([self.hand, self.teachers]), self.message])
        self.add_class("tabletop-class-tools")
        listen(self.relabel)
        _start()
        self._localise()
        self.relabel()

    def hand_in(self) -> None:
        answer = hand_in(self._link())
        if "error" in answer:
            self.message.value = html(f"⚠️ {escape(answer['error'])}")
        else:
            score = "—" if answer.get("score") is None else answer["score"]
            self.message.value = html(f"✅ {escape(t('class.handed_in', score=score))}")

    def toggle(self) -> None:
        """The teacher's board, or back to one's own."""
        if self._own is None and state()["board"]:
            self._own = self._link()
            self._open(state()["board"])
        elif self._own is not None:
            own, self._own = self._own, None
            self._open(own)
        self.relabel()

    def relabel(self) -> None:
        now = state()
        self.hand.description = t("class.hand_in")
        self.hand.layout.display = None if now["challenge"] else "none"
        self.teachers.description = t("class.back") if self._own is not None else t("class.open_board")
        self.teachers.layout.display = None if now["board"] or self._own is not None else "none"


def paused() -> bool:
    """Whether the teacher has paused this lesson's boards (a board widget then ignores clicks)."""
    return bool(_state["paused"])
