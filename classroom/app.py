"""Voila for a class: ``python -m classroom notebooks/ [--Voila.ip=0.0.0.0] [--port=8866]``.

Takes every Voila option. What this application changes, and why:

* configuration from ``classroom/voila.py`` only (not from a ``voila.json`` lying in the current
  directory), so ``make serve`` behaves the same everywhere;
* our page template first in the search path: Voila's own ``page.html`` asks a CDN for a Font
  Awesome stylesheet that the page's bundled styles already contain, so a class without internet
  saw failed requests; ours asks for nothing outside the server;
* the routes closed the way a class needs them (``routes.py``): every websocket and API route needs
  the sign-in, a kernel answers only the browser whose page it serves, a crafted address is 404;
* how a class arrives (``arrival.py``): the link opens the lesson of the day or our index of the
  lessons, the sign-in page asks for the access code in the learner's language, ``?lang=`` opens
  the lesson in that language, and the code leaves the address bar once exchanged for a cookie;
* when every place for a kernel is taken, a page saying so (in the four languages) instead of
  one more kernel, with status 503, and a pre-rendered page only once it has finished rendering;
* on a network (``--Voila.ip`` not a loopback address) an access code is required: generated, or
  ``CLASSROOM_ACCESS_CODE``; the link to give the class is printed, with its QR code;
* the teacher's page (``teacher.py``), its link printed for the teacher alone (with its QR code),
  and the channel each lesson kernel reports to it by (``kernels.py`` puts it in the kernel's
  environment).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import jinja2
import segno
from tornado import web
from traitlets import default
from voila.app import Voila
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler
from voila.voila_identity_provider import VoilaLoginHandler

from tabletop.i18n import ENVIRONMENT, FALLBACK, LANGUAGES, Catalogue, direction
from tabletop.tables import jupyter as tables_jupyter
from tabletop.tables.jupyter import is_loopback, lan_address

from . import arrival, lessons, teacher
from .kernels import PAGE_LESSON, PAGE_OWNER, ServerFull
from .routes import CLOSED

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud and typed by a class
texts = Catalogue("tabletop")


def class_language(lesson: str) -> str:
    """The language of the lesson of the day, else the server's ``TABLETOP_LANGUAGE``, else English."""
    code = lessons.language_of(lesson) or os.environ.get(ENVIRONMENT)
    return code if code in LANGUAGES else FALLBACK


def ours_first(jupyters: jinja2.Environment, voilas: jinja2.Environment, code: str) -> None:
    """The Jupyter server's page templates (its error pages, ``/logout``) looked up in ours first
    (Voila's find ours first already), worded in the class's language: Jupyter's ask for static
    files this server does not serve (a 500, and three tracebacks in the teacher's terminal, for
    each error). Our own pages pass their reader's language instead."""
    jupyters.loader = jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(TEMPLATES)), jupyters.loader])
    for env in (jupyters, voilas):
        env.globals.update(lang=code, dir=direction(code), t=lambda key: texts.entry(key, code))


def new_access_code(length: int = 10) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def pool_head_ready(pool: list, running) -> bool:
    """Whether the first of a Voila pool's tasks (the next one first) has rendered its lesson in a
    kernel that still runs (its id ``in running``). A head whose kernel failed to start or has died
    since is dropped, so the pool's next kernels are handed out rather than none ever again (Voila
    starts a kernel in its place when it next hands one out)."""
    while pool and pool[0].done():
        head = pool[0]
        if not head.cancelled() and head.exception() is None and head.result()["kernel_id"] in running:
            return True
        pool.pop(0)
    return False


class ClassroomVoilaHandler(TornadoVoilaHandler):
    @web.authenticated
    async def get(self, path=None):
        asked = self.get_argument("lang", None)
        if "token" in self.request.query_arguments or asked is not None:
            lesson = lessons.lesson_in(path, asked) if asked in LANGUAGES else path
            return self.redirect(arrival.address(self, arrival.render_address(self, lesson),
                                                 drop=("token", "lang")))
        if not self._is_lesson(path):
            raise web.HTTPError(404)
        if self.kernel_manager.full() and not self._pool_ready():
            return self._server_full()
        PAGE_OWNER.set(self.current_user.username)  # the kernel started for this page is its
        PAGE_LESSON.set(path)
        try:
            await super().get(path=path)
        except ServerFull:
            if self._headers_written:
                raise
            self._server_full()

    def _is_lesson(self, path: str | None) -> bool:
        """A notebook inside the served folder, none of whose folders is hidden (and no path the
        system refuses to read, such as one holding a null byte)."""
        root = Path(self.settings["classroom_root"]).resolve()
        try:
            asked = (root / (path or "")).resolve()
        except (ValueError, OSError):
            return False
        return (asked.suffix == ".ipynb" and asked.is_file() and asked.is_relative_to(root)
                and not any(part.startswith(".") for part in asked.relative_to(root).parts))

    def _lesson(self) -> str:
        return self.notebook_path or (self.path_args[0] if self.path_args else "") or ""

    def render_template(self, name, **ns):
        """Our pages (an error page, the "server full" page) in the language of the lesson asked for."""
        code = lessons.language_of(self._lesson()) or self.settings["classroom_language"]
        return super().render_template(name, **{"lang": code, "dir": direction(code),
                                                "t": lambda key: texts.entry(key, code), **ns})

    def _pool_ready(self) -> bool:
        """A preheated kernel has finished rendering this lesson (``pool_head_ready``).

        Voila would also hand out a pool kernel that is still starting (or waiting for its refill
        delay, or for a free place), or one that has died: the page would wait on it or be cut short,
        so we start a fresh kernel instead.
        Voila keeps its pool in ``_pools`` (notebook path -> list of tasks, the next one first).
        """
        pool = getattr(self.kernel_manager, "_pools", {}).get(self._lesson(), [])
        return pool_head_ready(pool, self.kernel_manager)

    def should_use_rendered_notebook(self, notebook_data, pool_size, template_name, theme, request_args):
        use = self._pool_ready() and super().should_use_rendered_notebook(
            notebook_data, pool_size, template_name, theme, request_args)
        if use:  # Voila hands this page the pool's first kernel next, without a pause: it is the page's
            pool = self.kernel_manager._pools[self._lesson()]
            kernel_id = pool[0].result()["kernel_id"]
            self.kernel_manager.give(kernel_id, self.current_user.username, self._lesson())
        return use

    def _server_full(self) -> None:
        first = lessons.language_of(self._lesson()) or FALLBACK
        order = [first, *(code for code in LANGUAGES if code != first)]
        notices = [{"code": code, "dir": direction(code),
                    "title": texts.entry("classroom.full.title", code),
                    "message": texts.entry("classroom.full.message", code)} for code in order]
        self.set_status(503)
        self.set_header("Retry-After", "30")
        self.set_header("Cache-Control", "no-store")
        self.finish(self.render_template("classroom-full.html", notices=notices, retry=30,
                                         lang=notices[0]["code"], dir=notices[0]["dir"]))


class ClassroomVoila(Voila):
    @default("config_file_paths")
    def _config_file_paths_default(self):
        return [str(HERE)]

    def initialize(self, argv=None):
        super().initialize(argv)
        code = os.environ.get("CLASSROOM_ACCESS_CODE")
        if self.token is None and (code or not is_loopback(self.ip)):
            self.token = code or new_access_code()
        # The teacher's own secret (classroom/teacher.py): never in the class's link.
        self.teacher_key = os.environ.get("CLASSROOM_TEACHER_KEY") or secrets.token_urlsafe(18)

    def setup_template_dirs(self):
        super().setup_template_dirs()
        self.template_paths.insert(0, str(TEMPLATES))

    def init_settings(self):
        lesson = os.environ.get("CLASSROOM_LESSON") or ""
        base = super().init_settings()
        # The lesson kernels' channel to the teacher's view (classroom/teacher.py), set before the
        # pool starts its first kernel.
        self.kernel_manager.class_url = tables_jupyter.local_url(self.ip, self.port, self.base_url) + "class"
        self.classroom = teacher.Classroom(self.kernel_manager, self.teacher_key)
        self.kernel_manager.pages_changed = self.classroom.changed
        settings = {**base, "classroom": self.classroom, "classroom_lesson": lesson,
                    "classroom_language": class_language(lesson), "classroom_root": Path(self.root_dir),
                    "classroom_link": self.class_link()}
        ours_first(settings["jinja2_env"], settings["voila_jinja2_env"], code=settings["classroom_language"])
        return settings

    def init_handlers(self):
        """Voila's routes with ours in place of the open ones; its tree and the contents API under
        it give way to our index (arrival.py)."""
        ours = {**CLOSED, TornadoVoilaHandler: ClassroomVoilaHandler, VoilaLoginHandler: arrival.SignIn}
        routes = [(route[0], ours.get(route[1], route[1]), *route[2:]) for route in super().init_handlers()
                  if route[1] not in (TornadoVoilaTreeHandler, VoilaContentsHandler)]
        return [(self.base_url.rstrip("/") + path, handler) for path, handler in arrival.ROUTES] + \
            teacher.routes(self.base_url) + self.table_routes() + routes

    def table_routes(self) -> list[tuple]:
        """The table server for friends, under ``tables/`` (tabletop/tables/jupyter.py): making a
        table needs the access code like every page here; a seat's (or the spectators') link opens
        its table only, by its secret, and carries no code (a projector shows the links)."""
        public = self.public_address()
        return tables_jupyter.mount(self.app.settings, self.base_url,
                                    tables_jupyter.local_url(self.ip, self.port, self.base_url),
                                    public=f"{public}{tables_jupyter.PREFIX}")

    def public_address(self) -> str:
        """This server as the class's devices reach it, with no code."""
        host = self.ip if self.ip and self.ip not in ("0.0.0.0", "::") else lan_address()
        return f"http://{host}:{self.port}{self.base_url}"

    def class_link(self) -> str:
        return self.public_address() + (f"?token={self.token}" if self.token else "")

    def teacher_link(self) -> str:
        return f"{self.public_address()}teacher?key={self.teacher_key}"

    def start(self):
        if self.token:
            link, site = self.class_link(), self.public_address()
            bar = "=" * max(len(link), 40)
            print(f"\n{bar}\nFor the class: open {link}\n"
                  f"or {site} and type the access code: {self.token}\n"
                  f"The same link as a QR code (also at {site}qr, once signed in):", flush=True)
            segno.make(link, error="m").terminal(compact=True)
            print(bar, flush=True)
        print(f"For you alone, the teacher's page (never show it to the class): {self.teacher_link()}\n"
              "The same as a QR code, for your phone:", flush=True)
        segno.make(self.teacher_link(), error="m").terminal(compact=True)
        super().start()


main = ClassroomVoila.launch_instance
