"""The lobby of a notebook, without a widget: the setup of a new table (its game, seats, options and
the seats the computer plays), the table's links with their QR codes, the host's hand-over of a
seat to the computer, and the game as a spectator sees it. ``widget.Lobby`` shows it; the tests
drive it directly.

It speaks to a table server through a *service*: ``Remote`` (the server this notebook's kernel
was started by, the classroom's or Lab's, or any table server's address), ``InProcess`` (a
``Tables`` of this process: for the tests; its links lead nowhere) or ``Nowhere`` (no server: the
lobby says how to get one). A refusal, from
the lobby's own checks or from the server, becomes the lobby's message, never an exception.
"""

from __future__ import annotations

import asyncio
import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import i18n
from ..kinds import kinds
from ..locale import t
from ..untrusted import shown
from .table import SPECTATOR, TableError, check_computer, check_option, check_players, game_kind

#: The environment a Jupyter server with the tables gives its kernels (``jupyter.py``); the headers
#: a kernel sends: the key (it is one of the server's kernels) and its own id (whose tables).
ENV_URL, ENV_KEY, KEY_HEADER = "TABLETOP_TABLES_URL", "TABLETOP_TABLES_KEY", "X-Tables-Key"
KERNEL_HEADER = "X-Tables-Kernel"
#: A person's seat, in the menus of the computer seats.
PERSON = ""

OnState = Callable[[dict, str], None]


class Refused(Exception):
    """A request the server refused, with its message (worded by the server in the asker's language)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key, self.message = key, message

    def __str__(self) -> str:
        return self.message


# --- services ----------------------------------------------------------------------------------

def kernel_id() -> str:
    """This kernel's id, as its Jupyter server named its connection file (``kernel-<id>.json``);
    "" outside a kernel. The server counts a kernel's tables by it (and by the page it serves)."""
    try:
        from ipykernel.connect import get_connection_file

        return Path(get_connection_file()).stem.removeprefix("kernel-")
    except (ImportError, RuntimeError):
        return ""


class Remote:
    """A table server over HTTP and its websocket: ``url`` ends with the tables' prefix (for the
    classroom ``http://127.0.0.1:8866/tables``); ``key`` proves this is one of the server's own
    kernels (the server's environment has it)."""

    def __init__(self, url: str, key: str = "", timeout: float = 15):
        self.url, self.key, self.timeout = url.rstrip("/"), key, timeout
        self._watchers: dict[str, asyncio.Task] = {}

    @classmethod
    def from_environment(cls) -> Remote | None:
        url = os.environ.get(ENV_URL)
        return cls(url, os.environ.get(ENV_KEY, "")) if url else None

    def _post(self, path: str, asked: dict) -> dict:
        request = urllib.request.Request(
            f"{self.url}{path}?lang={i18n.language()}", data=json.dumps(asked).encode(), method="POST",
            headers={"Content-Type": "application/json", KEY_HEADER: self.key, KERNEL_HEADER: kernel_id()})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            try:
                said = json.loads(refused.read())
                raise Refused(said["error"], said["message"]) from None
            except (ValueError, KeyError, TypeError):
                raise TableError("no_server", url=self.url) from None
        except (OSError, ValueError):
            raise TableError("no_server", url=self.url) from None

    def create(self, asked: dict) -> dict:
        return self._post("/tables", asked)

    def hand(self, table_id: str, host: str, seat: int, computer: str) -> None:
        self._post(f"/tables/{table_id}/computer", {"host": host, "seat": seat, "computer": computer})

    def watch(self, made: dict, on_state: OnState) -> None:
        """Follow the table as its spectator, on this kernel's event loop (none: no watching)."""
        from .client import Client, Closed  # tornado's websocket client, only once there is a table

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.stop(made["id"])
        socket = ("ws" + self.url.removeprefix("http") + f"/t/{made['id']}/ws?lang={i18n.language()}")
        secret = made["spectator"].split("#", 1)[1]

        async def follow() -> None:
            """The spectators' page of the table, again after a lost connection (a server restart
            loses no move: the table comes back as it was), waiting longer each time."""
            from tornado.httpclient import HTTPClientError, HTTPRequest

            wait = 0.5
            while True:
                try:
                    client = await Client.open(HTTPRequest(socket, headers={KEY_HEADER: self.key}), secret)
                except (OSError, HTTPClientError):
                    client = None
                if client is not None:
                    try:
                        while True:
                            message = await client.next()
                            if message.get("type") == "state":
                                wait = 0.5
                                on_state(message, client.svg)
                                if message["over"]:
                                    return
                    except (Closed, OSError):  # the server went away: the last state stays shown
                        pass
                    finally:
                        client.close()
                await asyncio.sleep(wait)
                wait = min(2 * wait, 8.0)

        self._watchers[made["id"]] = loop.create_task(follow())

    def stop(self, table_id: str) -> None:
        task = self._watchers.pop(table_id, None)
        if task is not None:
            task.cancel()


class InProcess:
    """The tables of this process (a ``Tables``): what a server would answer, with links to
    ``base``. ``move`` plays for a seat, as its page would (the tests' players)."""

    def __init__(self, tables=None, base: str = "http://127.0.0.1:8870"):
        from .store import Tables
        from .view import Boards

        self.tables, self.base, self.boards = tables or Tables(), base, Boards()
        self._watchers: dict[str, OnState] = {}

    def create(self, asked: dict) -> dict:
        made = self.tables.create(asked.get("game"), asked.get("players", 2), asked.get("options"),
                                  asked.get("computers"))
        self.tables.play_computers(made.id)
        link = f"{self.base}/t/{made.id}"
        return {"id": made.id, "seats": [f"{link}#{key}" if key else None for key in made.seats],
                "spectator": f"{link}#{made.spectator}", "host": made.host}

    def hand(self, table_id: str, host: str, seat: int, computer: str) -> None:
        self.tables.hand(table_id, host, seat, computer)
        self._moved(table_id)

    def move(self, table_id: str, secret: str, action: str) -> None:
        self.tables.move(table_id, secret, self.tables.get(table_id).moves, action)
        self._moved(table_id)

    def watch(self, made: dict, on_state: OnState) -> None:
        self._watchers[made["id"]] = on_state
        self._moved(made["id"])

    def stop(self, table_id: str) -> None:
        self._watchers.pop(table_id, None)

    def _moved(self, table_id: str) -> None:
        from .view import state

        self.tables.play_computers(table_id)
        if table_id in self._watchers:
            table, code = self.tables.get(table_id), i18n.language()
            self._watchers[table_id](state(table, SPECTATOR, code), self.boards.get(table, code)[0])


class Nowhere:
    """No table server: what a kernel outside the classroom server and JupyterLab's extension has
    (a plain ``jupyter lab``, the JupyterLite site). Every request says how to get one."""

    def create(self, asked: dict) -> dict:
        raise TableError("no_server_here")

    def hand(self, table_id: str, host: str, seat: int, computer: str) -> None:
        raise TableError("no_server_here")

    def watch(self, made: dict, on_state: OnState) -> None:
        """Nothing to follow."""

    def stop(self, table_id: str) -> None:
        """Nothing followed."""


def connect() -> Remote | Nowhere:
    """The table server of the Jupyter server this kernel runs in (``make serve``, ``make lab``)."""
    return Remote.from_environment() or Nowhere()


# --- the lobby ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatLink:
    seat: int  # from 0
    link: str | None  # None: the computer plays it
    computer: str | None


class LobbyModel:
    """A table's setup, then the table: what the lobby widget shows and what its controls call."""

    def __init__(self, service=None, *, game: str = "harmonies", players: int = 2):
        self.service = service if service is not None else connect()
        games = kinds()
        if game not in games or players not in games[game].players:  # the first game, 2 players
            game = next(iter(games))
            players = min(max(2, games[game].players[0]), games[game].players[-1])
        self.game, self.players = game, players
        self.options: dict = {}
        self.computers: dict[int, str] = {}
        self.made: dict | None = None
        self.made_computers: dict[int, str] = {}  # the computer seats the table was made with
        self.state: dict | None = None
        self.svg = ""
        self._message: object = ""
        self.listeners: list[Callable[[], None]] = []

    # --- the setup -----------------------------------------------------------------------------

    @property
    def kind(self):
        return kinds()[self.game]

    @property
    def message(self) -> str:
        return str(self._message)

    def _say(self, text: object) -> None:
        self._message = text
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def _locked(self) -> bool:
        """A table made: its setup is what it was made with (until "another table")."""
        if self.made is not None:
            self._say(t.lazy("tables.lobby.one_table"))
        return self.made is not None

    def choose_game(self, name: object) -> None:
        if self._locked():
            return None
        try:
            self.game, self.options = game_kind(name).name, {}
        except TableError as refused:
            return self._say(refused)
        players = self.kind.players
        self.players = min(max(self.players, players[0]), players[-1])
        self.computers = {s: c for s, c in self.computers.items() if s < self.players}
        self._say("")

    def choose_players(self, players: object) -> None:
        if self._locked():
            return None
        try:
            self.players = check_players(self.kind, players)
        except TableError as refused:
            return self._say(refused)
        self.computers = {s: c for s, c in self.computers.items() if s < players}
        self._say("")

    def choose_option(self, name: object, value: object) -> None:
        if self._locked():
            return None
        try:
            self.options[name] = check_option(self.kind, name, value)
        except TableError as refused:
            return self._say(refused)
        self._say("")

    def choose_computer(self, seat: object, computer: object) -> None:
        """Seat ``seat`` (from 0) played by the computer player ``computer``, or by a person (``PERSON``)."""
        if self._locked():
            return None
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            return self._say(TableError("bad_computer_seat", seat=shown(seat), players=self.players))
        if computer == PERSON:
            self.computers.pop(seat, None)
        else:
            try:
                self.computers[seat] = check_computer(self.kind, computer)
            except TableError as refused:
                return self._say(refused)
        self._say("")

    # --- the table -----------------------------------------------------------------------------

    def create(self) -> None:
        """A new table with this setup; its links, and the game followed as a spectator."""
        if self.made is not None:
            return self._say(t.lazy("tables.lobby.one_table"))
        asked = {"game": self.game, "players": self.players, "options": dict(self.options),
                 "computers": {str(s): c for s, c in self.computers.items()}}
        try:
            self.made = self.service.create(asked)
        except (TableError, Refused) as refused:
            return self._say(refused)
        self.made_computers = dict(self.computers)
        self._message = t.lazy("tables.lobby.created")
        self.service.watch(self.made, self._seen)
        self._changed()

    def hand(self, seat: object, computer: str = "strong") -> None:
        """The host hands seat ``seat`` (its player went away) to the computer."""
        if self.made is None:
            return self._say(t.lazy("tables.lobby.no_table"))
        try:
            self.service.hand(self.made["id"], self.made["host"], seat, computer)
        except (TableError, Refused) as refused:
            return self._say(refused)
        self._say(t.lazy("tables.lobby.handed", seat=self.kind.seat(seat)))

    def new_table(self) -> None:
        """Back to the setup (the table goes on for its players; the lobby stops following it)."""
        if self.made is not None:
            self.service.stop(self.made["id"])
        self.made, self.state, self.svg = None, None, ""
        self._say("")

    def _seen(self, state: dict, svg: str) -> None:
        if self.made is not None and state.get("table") == self.made["id"]:
            self.state, self.svg = state, svg
            self._changed()

    # --- what the widget shows -----------------------------------------------------------------

    def seats(self) -> list[SeatLink]:
        if self.made is None:
            return []
        playing = set(self.state["computers"]) if self.state else set()
        return [SeatLink(n, None if n in playing else link,
                         self.made_computers.get(n) or ("strong" if n in playing else None))
                for n, link in enumerate(self.made["seats"])]

    def status(self) -> str:
        """Whose turn it is (or how the game came out), the moves and the scores, in the language in force."""
        if self.state is None:
            return ""
        state, name = self.state, self.kind.seat
        if state["over"]:
            lines = [t("tables.page.over"), self.kind.ending(state["winners"], state.get("rating"))]
        else:
            lines = [t("tables.page.waiting", seat=name(state["current"]))]
        lines.append(t.count("tables.page.moves", state["moves"]))
        scores = ", ".join(t("tables.lobby.score", seat=name(n), points=points)
                           for n, points in enumerate(state["scores"]))
        lines.append(t("tables.lobby.scores", scores=scores))
        return " ".join(lines)


def qr_svg(link: str) -> str:
    """The link as a QR code, an inline SVG that scales to its box ("" where segno is missing: the
    link alone)."""
    try:
        import segno
    except ImportError:
        return ""
    return segno.make(link, error="m").svg_inline(omitsize=True)


__all__ = ["LobbyModel", "Remote", "InProcess", "Nowhere", "Refused", "SeatLink", "connect", "qr_svg",
           "PERSON"]
