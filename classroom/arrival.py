"""How a class arrives: the sign-in page, the lesson index, the QR code, and the clean address.

* The link on the board (``/?token=<code>``, or its QR code) opens the lesson of the day
  (``LESSON``), or without one an index of the lessons in the class's language.
* The access code in an address is exchanged for the login cookie (Jupyter's identity provider
  does that) and the page answers with a redirect to the same address without it, so the code
  never stays in an address bar that a projector shows.
* ``?lang=fa`` on a lesson opens the same lesson in Persian (its own notebook, right to left) and
  leaves the address; on the sign-in page and the index it chooses their language.
* The sign-in page is ours: it asks for the access code in the learner's language, and nothing
  else (Jupyter's page asks for a "password or token" and offers a password form that fails).

Every text comes from the tabletop catalogues (``classroom.*``).
"""

from __future__ import annotations

import hmac
import io
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import segno
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from tabletop.i18n import LANGUAGES, Catalogue, direction

from . import lessons

texts = Catalogue("tabletop")


def address(handler: web.RequestHandler, path: str, drop: tuple[str, ...]) -> str:
    """``path`` with the request's query, less the arguments named in ``drop``."""
    kept = [(k, v.decode()) for k, values in handler.request.query_arguments.items() if k not in drop
            for v in values]
    return path + (f"?{urlencode(kept)}" if kept else "")


def in_language(target: str, code: str) -> str:
    """The address to go on to after signing in, asking for the language the sign-in page was in
    (the lesson then opens in it), unless it asks for one already."""
    parts = urlsplit(target)
    query = parse_qs(parts.query)
    if "lang" in query:
        return target
    return parts._replace(query=urlencode({**query, "lang": code}, doseq=True)).geturl()


def render_address(handler: web.RequestHandler, lesson: str) -> str:
    return f"{handler.base_url}voila/render/{quote(lesson)}"


class Page(JupyterHandler):
    """Our pages: templates from classroom/templates, in the language asked for."""

    async def prepare(self):
        await super().prepare()
        if not self._finished and self.current_user and "token" in self.request.query_arguments:
            self.redirect(address(self, self.request.path, drop=("token",)))  # signed in: the code goes

    def get_template(self, name):
        return self.settings["voila_jinja2_env"].get_template(name)

    def language(self) -> str:
        """``?lang=``, else the language of the address to go on to (its ``?lang=``, or its lesson's
        folder), else the class's."""
        target = urlsplit(self.get_argument("next", ""))
        lesson = target.path.removeprefix(f"{self.base_url}voila/render/")
        for code in (self.get_argument("lang", None), *parse_qs(target.query).get("lang", []),
                     lessons.language_of(lesson)):
            if code in LANGUAGES:
                return code
        return self.settings["classroom_language"]

    def page(self, name: str, **values) -> None:
        code = self.language()
        self.set_header("Cache-Control", "no-store")
        self.finish(self.render_template(name, lang=code, dir=direction(code),
                                         t=lambda key: texts.entry(key, code),
                                         languages=LANGUAGES.values(), **values))


class SignIn(Page, LoginFormHandler):
    """``/login``: one box for the access code."""

    def _render(self, message=None):
        self.page("classroom-login.html", next=self.get_argument("next", self.base_url),
                  wrong="wrong" in self.request.query_arguments)

    @allow_unauthenticated
    def post(self):
        """A wrong code comes back to the form saying so (a redirect, so that a reload does not post
        again, and an answer 200: a 401 would be a console error on the learner's page)."""
        provider = self.identity_provider
        typed = self.get_body_argument("code", "").strip().lower()
        if not (provider.token and hmac.compare_digest(typed.encode(), provider.token.lower().encode())):
            query = urlencode({"next": self.get_argument("next", self.base_url), "lang": self.language()})
            return self.redirect(f"{self.base_url}login?{query}&wrong", status=303)
        provider.set_login_cookie(self, provider.generate_anonymous_user(self))
        self._redirect_safe(in_language(self.get_argument("next", self.base_url), self.language()))


class Arrival(Page):
    """``/``: the lesson of the day, or the index of the lessons in the class's language."""

    def get(self):
        lesson = self.settings["classroom_lesson"]
        if lesson:
            asked = self.get_argument("lang", None)
            return self.redirect(render_address(self, lessons.lesson_in(lesson, asked)
                                                if asked in LANGUAGES else lesson))
        groups = lessons.index(self.settings["classroom_root"], self.language())
        self.page("classroom-index.html", groups=groups, link=lambda path: render_address(self, path))


class TreeToIndex(JupyterHandler):
    """Voila's tree of folders (a developer's view) gives way to our index."""

    def get(self, path=""):
        self.redirect(self.base_url)


class Poster(Page):
    """``/qr``: the class link as a QR code, big enough for a projector; ``/qr.svg`` the code alone.
    Signed-in only: the link carries the access code."""

    def get(self, svg=None):
        code = segno.make(self.settings["classroom_link"], error="m")
        if svg:
            picture = io.BytesIO()
            code.save(picture, kind="svg", scale=10)
            self.set_header("Content-Type", "image/svg+xml")
            self.set_header("Cache-Control", "no-store")
            return self.finish(picture.getvalue())
        self.page("classroom-qr.html", qr=code.svg_inline(omitsize=True),
                  link=self.settings["classroom_link"])


ROUTES = [(r"/", Arrival), (r"/voila/tree(/.*)?", TreeToIndex), (r"/qr(\.svg)?", Poster)]
