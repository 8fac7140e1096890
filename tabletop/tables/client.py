"""A protocol-level client of the table server (no browser): what the tests and the load benchmark
play through, and what a notebook could watch a table with. It speaks exactly as the seat page
does: ``hello`` with the secret, then ``move`` messages; boards arrive deflated."""

from __future__ import annotations

import json
import zlib

from tornado.websocket import WebSocketClientConnection, websocket_connect


class Closed(ConnectionError):
    """The server closed the connection."""


class Client:
    """One page's connection: ``await Client.open(ws_url, secret)``, then ``state`` is the last
    state received and ``svg`` the last board; ``await next()`` gives the next message (boards
    are kept, not returned)."""

    def __init__(self, connection: WebSocketClientConnection):
        self.connection = connection
        self.state: dict | None = None
        self.svg = ""

    @classmethod
    async def open(cls, url: str, secret: str | None, *, deflate: bool = True) -> Client:
        client = cls(await websocket_connect(url, max_message_size=16 * 1024 * 1024))
        if secret is not None:
            client.send({"type": "hello", "secret": secret, "deflate": deflate})
        return client

    def send(self, message: dict | str) -> None:
        self.connection.write_message(message if isinstance(message, str) else json.dumps(message))

    def move(self, action: str, after: int | None = None) -> None:
        """Send a move made after the moves seen so far (or after ``after``)."""
        self.send({"type": "move", "after": self.state["moves"] if after is None else after,
                   "action": action})

    async def next(self) -> dict:
        """The next message (a state, an ok or an error); ``Closed`` when the server hung up."""
        while True:
            message = await self.connection.read_message()
            if message is None:
                raise Closed(self.connection.close_reason or "closed")
            if isinstance(message, bytes):
                self.svg = zlib.decompress(message).decode("utf-8")
                continue
            data = json.loads(message)
            if data.get("type") == "state":
                self.svg = data.get("svg", self.svg)
                self.state = data
            return data

    async def until(self, wanted) -> dict:
        """Read messages until one satisfies ``wanted(message)``; returns it."""
        while not wanted(message := await self.next()):
            pass
        return message

    async def state_after(self, moves: int) -> dict:
        """The last state if it has at least ``moves`` moves, else the first such state to come."""
        if self.state is not None and self.state["moves"] >= moves:
            return self.state
        return await self.until(lambda m: m.get("type") == "state" and m["moves"] >= moves)

    def close(self) -> None:
        self.connection.close()


__all__ = ["Client", "Closed"]
