"""Voila for a class: ``python -m classroom notebooks/ [--Voila.ip=0.0.0.0] [--port=8866]``.

Takes every Voila option. What this application changes, and why:

* configuration from ``classroom/voila.py`` only (not from a ``voila.json`` lying in the current
  directory), so ``make serve`` behaves the same everywhere;
* our page template first in the search path: Voila's own ``page.html`` asks a CDN for a Font
  Awesome stylesheet that the page's bundled styles already contain, so a class without internet
  saw failed requests; ours asks for nothing outside the server;
* the shutdown that a Voila page posts when it is closed or reloaded is accepted: Voila's script
  posts it without the XSRF token and the Jupyter server refuses it (voila-dashboards/voila#1458),
  so every reload left a kernel behind. The route still needs a signed-in user (the access code on
  a network); the XSRF check guards against another site forging the post, which would need the
  kernel's random id, known only to the page that owns the kernel;
* when every place for a kernel is taken, a page saying so (in the four languages) instead of
  one more kernel, with status 503, and a pre-rendered page only for a request in the pool's
  language (``?lang=`` asks for a fresh kernel in another);
* on a network (``--Voila.ip`` not a loopback address) an access code is required: generated, or
  ``CLASSROOM_ACCESS_CODE``; the link to give the class is printed.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from pathlib import Path

from traitlets import default
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from tabletop.i18n import ENVIRONMENT, FALLBACK, LANGUAGES, Catalogue, direction

from .kernels import ServerFull

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud and typed by a class
texts = Catalogue("tabletop")


def pool_language() -> str:
    """The language the preheated pages are rendered in: the server's ``TABLETOP_LANGUAGE``."""
    code = os.environ.get(ENVIRONMENT)
    return code if code in LANGUAGES else FALLBACK


def new_access_code(length: int = 10) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def is_loopback(host: str) -> bool:
    if host in ("", "localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on the class network (a UDP connect sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()


class ClassroomShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's shutdown on page leave, without the XSRF check its script cannot pass (see above)."""

    def check_xsrf_cookie(self) -> None:
        return None


class ClassroomVoilaHandler(TornadoVoilaHandler):
    async def get(self, path=None):
        if self.kernel_manager.full() and not self._pool_ready():
            return self._server_full()
        try:
            await super().get(path=path)
        except ServerFull:
            if self._headers_written:
                raise
            self._server_full()

    def _lesson(self) -> str:
        return self.notebook_path or (self.path_args[0] if self.path_args else "")

    def _pool_ready(self) -> bool:
        """A preheated kernel has finished rendering this lesson in the language asked for.

        Voila would also hand out a pool kernel that is still starting (or waiting for its refill
        delay, or for a free place): the page would wait on it, so we start a fresh kernel instead.
        Voila keeps its pool in ``_pools`` (notebook path -> list of tasks, the next one first).
        """
        pool = getattr(self.kernel_manager, "_pools", {}).get(self._lesson(), [])
        ready = bool(pool) and pool[0].done() and not pool[0].cancelled() and pool[0].exception() is None
        return ready and self.get_argument("lang", pool_language()) == pool_language()

    def should_use_rendered_notebook(self, notebook_data, pool_size, template_name, theme, request_args):
        if not self._pool_ready():
            return False
        return super().should_use_rendered_notebook(notebook_data, pool_size, template_name, theme,
                                                    request_args)

    def _server_full(self) -> None:
        asked = self.get_argument("lang", pool_language())
        first = asked if asked in LANGUAGES else pool_language()
        order = [first, *(code for code in LANGUAGES if code != first)]
        notices = [{"code": code, "dir": direction(code),
                    "title": texts.entry("classroom.full.title", code),
                    "message": texts.entry("classroom.full.message", code)} for code in order]
        self.set_status(503)
        self.set_header("Retry-After", "30")
        self.set_header("Cache-Control", "no-store")
        self.finish(self.render_template("classroom-full.html", notices=notices, retry=30))


class ClassroomVoila(Voila):
    @default("config_file_paths")
    def _config_file_paths_default(self):
        return [str(HERE)]

    def initialize(self, argv=None):
        super().initialize(argv)
        code = os.environ.get("CLASSROOM_ACCESS_CODE")
        if self.token is None and (code or not is_loopback(self.ip)):
            self.token = code or new_access_code()

    def setup_template_dirs(self):
        super().setup_template_dirs()
        self.template_paths.insert(0, str(TEMPLATES))

    def init_handlers(self):
        ours = {VoilaShutdownKernelHandler: ClassroomShutdownHandler,
                TornadoVoilaHandler: ClassroomVoilaHandler}
        return [(route[0], ours.get(route[1], route[1]), *route[2:]) for route in super().init_handlers()]

    def start(self):
        if self.token:
            host = self.ip if not self.ip or self.ip not in ("0.0.0.0", "::") else lan_address()
            link = f"http://{host}:{self.port}{self.base_url}?token={self.token}"
            bar = "=" * max(len(link), 40)
            print(f"\n{bar}\nFor the class: open {link}\n"
                  f"or http://{host}:{self.port}{self.base_url} and type the access code: {self.token}\n"
                  f"{bar}\n", flush=True)
        super().start()


main = ClassroomVoila.launch_instance
