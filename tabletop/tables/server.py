"""The table server (tornado): HTTP routes to create a table and to hand a seat to the computer (the
host's), the seat page, and one websocket per page; on its own (``make_app``) or under a prefix
inside a Jupyter server (``routes``, see ``jupyter.py``). The protocol (docs/tables.md): a page
says ``hello`` with its link's secret, then sends ``move`` messages; the server answers ``ok`` once
a move is stored, or ``error`` with a message in the page's language, and after every move pushes
the board (a binary frame: the SVG, deflated) and the ``state`` to every page of the table.

Safe by construction: the secret travels in the link's fragment (never in an address the server
logs) and is checked in constant time; a seat's secret acts only for that seat and the spectator's
for nobody; every message is size- and rate-limited and checked field by field; the only pages are
the ones below, shipped inline from the package (no file is served from disk, nothing from a CDN).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import tornado.web
import tornado.websocket

from tabletop import i18n

from ..i18n import LANGUAGES
from ..untrusted import read_json
from . import page
from .lobby import KERNEL_HEADER, KEY_HEADER
from .store import Tables
from .table import SPECTATOR, TableError
from .view import Boards, state

log = logging.getLogger(__name__)

TABLE_ID = r"[A-Za-z0-9_-]{1,32}"


@dataclass(frozen=True)
class Limits:
    """What one page may send: a message's bytes, and a rate (a bucket of ``burst`` messages that
    refills at ``per_second``); how many pages one table may have open."""

    message_bytes: int = 2048
    per_second: float = 10.0
    burst: int = 30
    pages_per_table: int = 32
    create_bytes: int = 2048


def _language(handler: tornado.web.RequestHandler) -> str:
    """``?lang=`` if it is one of ours, else the first of ours the browser asks for (its
    ``Accept-Language``: a friend's phone in Persian opens its seat in Persian), else English."""
    code = handler.get_query_argument("lang", None)
    if code in LANGUAGES:
        return code
    for part in handler.request.headers.get("Accept-Language", "")[:200].split(","):
        asked = part.split(";")[0].strip().lower()[:2]
        if asked in LANGUAGES:
            return asked
    return "en"


class Hub:
    """The tables and the pages open at each: pushes every move to every page of its table, and
    lets the computer seats play (thinking in a worker thread, on a copy of the game)."""

    def __init__(self, tables: Tables, limits: Limits, *, public: str | None = None, key: str = ""):
        self.tables, self.limits = tables, limits
        # When set, making a table needs this key in the ``X-Tables-Key`` header (a school's server,
        # whose lobbies get it from their environment): no one else fills the server with tables.
        self.key = key
        # The links handed out: ``public`` (the address the players' devices reach, e.g. the class
        # network's) else the address the table was asked at. A link opens its table only: it
        # carries its secret, never an access code (a projector shows the links).
        self.public = public
        self.boards = Boards()
        self.pages: dict[str, set[Seat]] = {}
        self.thinking: set[str] = set()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tables-computer")

    def join(self, page: Seat) -> None:
        pages = self.pages.setdefault(page.table_id, set())
        if len(pages) >= self.limits.pages_per_table:
            raise TableError("too_fast")
        pages.add(page)

    def leave(self, page: Seat) -> None:
        pages = self.pages.get(page.table_id, set())
        pages.discard(page)
        if not pages:
            self.pages.pop(page.table_id, None)

    def push(self, table_id: str) -> None:
        """Send the table as it is now to every page open at it."""
        table = self.tables.get(table_id)
        for open_page in list(self.pages.get(table_id, ())):
            open_page.show(table)
        self.computers(table_id)

    def computers(self, table_id: str) -> None:
        """If a computer seat is to move, let it think away from the loop, then play its move."""
        if table_id in self.thinking:
            return
        table = self.tables.get(table_id)
        player = table.computer()
        if player is None:
            return
        self.thinking.add(table_id)
        after, game = table.moves, table.game.copy()

        def think() -> str:
            return game.action_text(player(game))

        async def play() -> None:
            try:
                action = await asyncio.get_running_loop().run_in_executor(self.worker, think)
                self.tables.computer_move(table_id, after, action)
            except TableError as err:  # the table moved on or went away meanwhile
                log.info("computer move at %s refused: %s", table_id, err.key)
                return
            finally:
                self.thinking.discard(table_id)
            self.push(table_id)

        asyncio.get_running_loop().create_task(play())


class JsonPost(tornado.web.RequestHandler):
    """A POST whose body is one small JSON object with only the fields named in ``FIELDS``; a
    refusal is status 400 with the error's key and its message in the asker's language."""

    FIELDS: frozenset[str] = frozenset()

    def initialize(self, hub: Hub, prefix: str = "") -> None:
        self.hub, self.prefix = hub, prefix

    def asked(self) -> dict:
        body = self.request.body
        if len(body) > self.hub.limits.create_bytes:
            raise TableError("too_big")
        # A JSON body only: a page of another site cannot send one without the browser asking us.
        if not self.request.headers.get("Content-Type", "").startswith("application/json"):
            raise TableError("bad_message")
        try:
            asked = read_json(body)
        except (ValueError, UnicodeDecodeError):
            raise TableError("bad_message") from None
        if not isinstance(asked, dict) or set(asked) - self.FIELDS:
            raise TableError("bad_message")
        return asked

    def refuse(self, err: TableError, status: int = 400) -> None:
        self.set_status(status)
        with i18n.wording(_language(self)):
            self.finish({"error": err.key, "message": str(err)})


class CreateHandler(JsonPost):
    """``POST /tables`` with a JSON body ``{"game", "players", "options", "computers"}``: the new
    table's links, one per human seat (None for the computer's), the spectator's, and the host's
    secret (for ``/tables/ID/computer``)."""

    FIELDS = frozenset({"game", "players", "options", "computers"})

    def kernel_sent(self) -> str:
        """The id a kernel sends of itself (``lobby.KERNEL_HEADER``), cut short; "" when none."""
        return self.request.headers.get(KERNEL_HEADER, "")[:64]

    def creator(self) -> str:
        """Who makes the table, for the limits of one creator (``store.Tables``): a kernel by the id
        it sends, once the key proved it one; else the address asked from."""
        kernel = self.kernel_sent()
        return f"kernel:{kernel}" if self.hub.key and kernel else f"address:{self.request.remote_ip}"

    def address(self) -> str:
        """Where the asker is, for the limit of one address: none for a kernel (its server's own)."""
        return "" if self.creator().startswith("kernel:") else self.request.remote_ip or ""

    def post(self) -> None:
        sent = self.request.headers.get(KEY_HEADER, "")
        if self.hub.key and not hmac.compare_digest(sent.encode(), self.hub.key.encode()):
            return self.refuse(TableError("sign_in"), 403)
        try:
            asked = self.asked()
            with i18n.wording(_language(self)):
                made = self.hub.tables.create(asked.get("game"), asked.get("players", 2),
                                              asked.get("options"), asked.get("computers"),
                                              creator=self.creator(), address=self.address())
        except TableError as err:
            return self.refuse(err)
        public = self.hub.public or f"{self.request.protocol}://{self.request.host}{self.prefix}"
        base = f"{public.rstrip('/')}/t/{made.id}"
        self.finish({"id": made.id,
                     "seats": [f"{base}#{key}" if key else None for key in made.seats],
                     "spectator": f"{base}#{made.spectator}", "host": made.host})


class HandHandler(JsonPost):
    """``POST /tables/ID/computer`` with ``{"host": secret, "seat": n, "computer": "strong"}``: the
    host hands seat ``n`` (its player went away) to the computer, which plays on at once."""

    FIELDS = frozenset({"host", "seat", "computer"})

    def post(self, table_id: str) -> None:
        try:
            asked = self.asked()
            self.hub.tables.hand(table_id, asked.get("host"), asked.get("seat"),
                                 asked.get("computer", "strong"))
        except TableError as err:
            return self.refuse(err)
        self.hub.push(table_id)
        self.finish({"seat": asked["seat"], "computer": asked.get("computer", "strong")})


class PageHandler(tornado.web.RequestHandler):
    """``GET /t/ID``: the seat page (the same for every seat; its link's fragment says which)."""

    def get(self, table_id: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy",
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                        "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Vary", "Accept-Language")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.write(page.html(_language(self)))


class Seat(tornado.websocket.WebSocketHandler):
    """``/t/ID/ws?lang=CODE``: one page's connection to a table."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub
        self.role: int | str | None = None
        self.code = "en"
        self.deflate = True
        self.tokens = float(hub.limits.burst)
        self.filled = time.monotonic()

    @property
    def max_message_size(self) -> int:
        """Bigger than any message of the protocol; a bigger one closes the connection (whatever
        the application around, the classroom's or Lab's, allows its own websockets)."""
        return 64 * 1024

    def open(self, table_id: str) -> None:
        self.table_id = table_id
        self.code = _language(self)

    # --- receiving ----------------------------------------------------------------------------

    def on_message(self, message: str | bytes) -> None:
        try:
            self._take(message)
        except TableError as err:
            self.send({"type": "error", "error": err.key, "message": self._words(err)})

    def _take(self, message: str | bytes) -> None:
        if not self._allowed():
            raise TableError("too_fast")
        if len(message) > self.hub.limits.message_bytes:
            raise TableError("too_big")
        try:
            asked = read_json(message)  # 2 kB of [ would recurse until it fails
        except (ValueError, UnicodeDecodeError):
            raise TableError("bad_message") from None
        kind = asked.get("type") if isinstance(asked, dict) else None
        if kind == "hello" and set(asked) <= {"type", "secret", "deflate"}:
            self._hello(asked.get("secret"), asked.get("deflate", True))
        elif kind == "move" and set(asked) == {"type", "after", "action"}:
            self._move(asked["after"], asked["action"])
        else:
            raise TableError("bad_message")

    def _hello(self, secret: object, deflate: object) -> None:
        table = self.hub.tables.get(self.table_id)
        role = table.role(secret)
        if self.role is None:
            self.hub.join(self)
        self.role, self.deflate = role, deflate is not False
        self.show(table)
        self.hub.computers(self.table_id)

    def _move(self, after: object, action: object) -> None:
        if self.role is None:
            raise TableError("hello_first")
        if self.role == SPECTATOR:
            raise TableError("spectator")
        with i18n.wording(self.code):  # the engine words its refusal in the mover's language
            moves = self.hub.tables.move_seat(self.table_id, self.role, after, action)
        self.send({"type": "ok", "moves": moves})
        self.hub.push(self.table_id)

    def _allowed(self) -> bool:
        now = time.monotonic()
        limits = self.hub.limits
        self.tokens = min(limits.burst, self.tokens + (now - self.filled) * limits.per_second)
        self.filled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    # --- sending ------------------------------------------------------------------------------

    def show(self, table) -> None:
        """Send this page the board and the state of its table."""
        svg, deflated = self.hub.boards.get(table, self.code)
        message = state(table, self.role, self.code)
        if self.deflate:
            self.send_bytes(deflated)
        else:
            message["svg"] = svg
        self.send(message)

    def send(self, message: dict) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(json.dumps(message, ensure_ascii=False))

    def send_bytes(self, data: bytes) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(data, binary=True)

    def _words(self, err: TableError) -> str:
        with i18n.wording(self.code):
            return str(err)

    def on_close(self) -> None:
        if self.role is not None:
            self.hub.leave(self)


#: The handlers of each route, by name (the Jupyter mount, ``jupyter.py``, puts its own in their place).
HANDLERS = {"create": CreateHandler, "hand": HandHandler, "page": PageHandler, "seat": Seat}


def routes(hub: Hub, prefix: str = "", handlers: dict | None = None) -> list[tuple]:
    """The table server's routes under ``prefix`` (``""``, or a path such as ``/tables``): the only
    addresses it answers; a table's id is a short word of letters, digits, ``-`` and ``_``."""
    chosen = {**HANDLERS, **(handlers or {})}
    prefix = prefix.rstrip("/")
    given = {"hub": hub, "prefix": prefix}
    return [
        (rf"{prefix}/tables", chosen["create"], given),
        (rf"{prefix}/tables/({TABLE_ID})/computer", chosen["hand"], given),
        (rf"{prefix}/t/({TABLE_ID})", chosen["page"]),
        (rf"{prefix}/t/({TABLE_ID})/ws", chosen["seat"], {"hub": hub}),
    ]


def make_app(tables: Tables, limits: Limits | None = None, *, prefix: str = "", public: str | None = None,
             key: str = "") -> tornado.web.Application:
    """The table server on its own (``python -m tabletop.tables``), its routes under ``prefix``
    (behind JupyterHub's proxy: ``/services/tables``), its links starting with ``public``."""
    hub = Hub(tables, limits or Limits(), public=public, key=key)
    # The seat page gzipped for a browser that asks (all do): 4 KiB become 2 on a phone's network.
    return tornado.web.Application(routes(hub, prefix), hub=hub, compress_response=True)


__all__ = ["make_app", "routes", "HANDLERS", "Limits", "Hub"]
