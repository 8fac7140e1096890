"""The table server (tornado): an HTTP route to create a table, the seat page, and one websocket per
page. The protocol (docs/tables.md): a page says ``hello`` with its link's secret, then sends
``move`` messages; the server answers ``ok`` once a move is stored, or ``error`` with a message in
the page's language, and after every move pushes the board (a binary frame: the SVG, deflated)
and the ``state`` to every page of the table.

Safe by construction: the secret travels in the link's fragment (never in an address the server
logs) and is checked in constant time; a seat's secret acts only for that seat and the spectator's
for nobody; every message is size- and rate-limited and checked field by field; the only pages are
the ones below, shipped inline from the package (no file is served from disk, nothing from a CDN).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import tornado.web
import tornado.websocket

from tabletop import i18n

from ..i18n import LANGUAGES
from . import page
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
    code = handler.get_query_argument("lang", "en")
    return code if code in LANGUAGES else "en"


class Hub:
    """The tables and the pages open at each: pushes every move to every page of its table, and
    lets the computer seats play (thinking in a worker thread, on a copy of the game)."""

    def __init__(self, tables: Tables, limits: Limits):
        self.tables, self.limits = tables, limits
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


class CreateHandler(tornado.web.RequestHandler):
    """``POST /tables`` with a JSON body ``{"game", "players", "options", "computers"}``: the new
    table's links, one per human seat (None for the computer's) and the spectator's."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def post(self) -> None:
        code = _language(self)
        body = self.request.body
        if len(body) > self.hub.limits.create_bytes:
            return self._refuse(code, TableError("too_big"))
        # A JSON body only: a page of another site cannot send one without the browser asking us.
        if not self.request.headers.get("Content-Type", "").startswith("application/json"):
            return self._refuse(code, TableError("bad_message"))
        try:
            asked = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return self._refuse(code, TableError("bad_message"))
        if not isinstance(asked, dict) or set(asked) - {"game", "players", "options", "computers"}:
            return self._refuse(code, TableError("bad_message"))
        try:
            with i18n.wording(code):
                made = self.hub.tables.create(asked.get("game"), asked.get("players", 2),
                                              asked.get("options"), asked.get("computers"))
        except TableError as err:
            return self._refuse(code, err)
        base = f"{self.request.protocol}://{self.request.host}/t/{made.id}"
        self.write({"id": made.id,
                    "seats": [f"{base}#{key}" if key else None for key in made.seats],
                    "spectator": f"{base}#{made.spectator}"})

    def _refuse(self, code: str, err: TableError) -> None:
        self.set_status(400)
        with i18n.wording(code):
            self.write({"error": err.key, "message": str(err)})


class PageHandler(tornado.web.RequestHandler):
    """``GET /t/ID``: the seat page (the same for every seat; its link's fragment says which)."""

    def get(self, table_id: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy",
                        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                        "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'")
        self.set_header("Referrer-Policy", "no-referrer")
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
            asked = json.loads(message)
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


def make_app(tables: Tables, limits: Limits | None = None) -> tornado.web.Application:
    hub = Hub(tables, limits or Limits())
    return tornado.web.Application([
        (r"/tables", CreateHandler, {"hub": hub}),
        (rf"/t/({TABLE_ID})", PageHandler),
        (rf"/t/({TABLE_ID})/ws", Seat, {"hub": hub}),
    ], websocket_max_message_size=64 * 1024, hub=hub)


__all__ = ["make_app", "Limits", "Hub"]
