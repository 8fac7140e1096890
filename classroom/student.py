"""A student's browser at the protocol level, without a browser: what a Voila page asks of the
server, in the order it asks, with the browser's cookies. For the route probes
(tests/test_classroom_routes.py) and the class benchmark (benchmarks/classroom_load.py --clients
protocol), so that both speak to the server exactly as a page does.

A lesson's visit: the page's HTML (streamed while the lesson runs), its static files (the list a
real page fetched, recorded once), the kernel's websocket, and the widgets' state request
(``request_states`` on the ``jupyter.widget.control`` comm, as the widget manager of ipywidgets 8
sends it); the board is there when the answer holds it. Loopback only: the client refuses any
other host.
"""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
# The kernel websocket's protocol that JupyterLab's (and so Voila's) pages ask for: each message in
# parts, which the server passes on without reading the content.
V1 = "v1.kernel.websocket.jupyter.org"


def drop(chunk: bytes) -> None:
    """A body read and not kept."""


class Answer:
    def __init__(self, status: int, headers, body: bytes):
        self.status, self.headers, self.body = status, headers, body

    @property
    def location(self) -> str:
        """Where a redirect points: its path alone."""
        return urlsplit(self.headers.get("Location", "")).path

    @property
    def target(self) -> str:
        """Where a redirect points: path and query, to ask for next."""
        parts = urlsplit(self.headers.get("Location", ""))
        return parts.path + (f"?{parts.query}" if parts.query else "")


class Student:
    """One browser: its own cookies (the sign-in, the XSRF token), requests to one server."""

    def __init__(self, base: str):
        if urlsplit(base).hostname not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError(f"a student here speaks to this machine only, not {base}")
        self.base = base.rstrip("/")
        self.cookies: dict[str, str] = {}
        self.validators: dict[str, dict[str, str]] = {}  # static file -> what a browser cache keeps
        self.fresh: set[str] = set()  # static files the cache may use without asking again
        self.client = AsyncHTTPClient(force_instance=True, max_clients=6)  # as a browser, 6 at once

    def close(self) -> None:
        self.client.close()

    def _headers(self, extra: dict | None = None) -> dict[str, str]:
        headers = {"Origin": self.base, **(extra or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if "_xsrf" in self.cookies:
            headers["X-XSRFToken"] = self.cookies["_xsrf"]
        return headers

    def _keep_cookies(self, headers) -> None:
        for line in headers.get_list("Set-Cookie"):
            for name, morsel in SimpleCookie(line).items():
                if morsel.value and morsel["max-age"] != "0":
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)

    async def request(self, method: str, path: str, body: str | None = None,
                      headers: dict | None = None, timeout: float = 300, keep: bool = True) -> Answer:
        """One request, redirects not followed (the probes look at them); ``keep=False`` reads the
        body and drops it (a static file: the client's own work stays small beside the server's)."""
        if body is None and method in ("POST", "PUT", "PATCH"):
            body = ""
        request = HTTPRequest(self.base + path, method=method, body=body, follow_redirects=False,
                              headers=self._headers(headers), request_timeout=timeout,
                              connect_timeout=timeout, allow_nonstandard_methods=True,
                              decompress_response=True, streaming_callback=None if keep else drop)
        try:
            response = await self.client.fetch(request, raise_error=False)
        except (OSError, HTTPClientError) as error:  # no answer at all (a timeout, a closed connection)
            raise ConnectionError(f"{method} {path}: {error!r}") from error
        if response.code == 599:
            raise ConnectionError(f"{method} {path}: {response.error}")
        self._keep_cookies(response.headers)
        return Answer(response.code, response.headers, response.body or b"")

    async def sign_in(self, code: str | None) -> None:
        """The sign-in page gives the XSRF cookie; the access code, typed, the login cookie."""
        await self.request("GET", "/login")
        if code:
            answer = await self.request("POST", "/login", body=f"code={code}&_xsrf={self.cookies['_xsrf']}",
                                        headers={"Content-Type": "application/x-www-form-urlencoded"})
            if answer.status != 302:
                raise PermissionError(f"the access code was refused ({answer.status})")

    async def static(self, path: str) -> int:
        """A static file, as a browser cache asks for it: unconditionally the first time; later not
        at all while it is fresh (a max-age), else with the validators it kept (an answer 304 costs
        the server no body). Chromium also keeps a file without either for a while (heuristic
        freshness); this cache is stricter and asks again."""
        if path in self.fresh:
            return 200
        answer = await self.request("GET", path, headers=self.validators.get(path), keep=False)
        kept = {"If-None-Match": answer.headers.get("Etag"),
                "If-Modified-Since": answer.headers.get("Last-Modified")}
        if answer.status == 200:
            self.validators[path] = {k: v for k, v in kept.items() if v}
            control = answer.headers.get("Cache-Control", "")
            if re.search(r"max-age=[1-9]", control) and "no-cache" not in control:
                self.fresh.add(path)
        return answer.status

    async def socket(self, path: str, subprotocols: list[str] | None = None):
        """A websocket, or the status it was refused with."""
        url = "ws" + self.base.removeprefix("http") + path
        try:
            return await websocket_connect(HTTPRequest(url, headers=self._headers(), request_timeout=60),
                                           subprotocols=subprotocols)
        except HTTPClientError as refused:
            return refused.code


CONTROL_VERSION = "1.0.0"  # the widget control protocol (ipywidgets 8's __control_protocol_version__)


def message(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> bytes:
    """A shell message in the v1 protocol's parts."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "",
              "version": "5.3", "date": "1970-01-01T00:00:00Z"}
    parts = [header, {}, metadata or {}, content]
    return serialize_msg_to_ws_v1([json.dumps(part).encode() for part in parts], "shell")


def parse(raw: bytes) -> dict:
    """A kernel message from the websocket: its header and content (buffers left aside)."""
    _, parts = deserialize_msg_from_ws_v1(raw)
    return {"header": json.loads(parts[0]), "content": json.loads(parts[3])}


async def widget_states(connection, timeout: float) -> dict:
    """What the page's widget manager asks first: every widget's state, through the control comm."""
    session, comm = uuid.uuid4().hex, uuid.uuid4().hex
    opening = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
    await connection.write_message(message("comm_open", opening, session, {"version": CONTROL_VERSION}),
                                   binary=True)
    asking = {"comm_id": comm, "data": {"method": "request_states"}}
    await connection.write_message(message("comm_msg", asking, session), binary=True)

    async def answer():
        while True:
            raw = await connection.read_message()
            if raw is None:
                raise ConnectionError("the kernel's websocket closed")
            msg = parse(raw)
            data = msg["content"].get("data", {})
            if msg["header"]["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                return data["states"]
    return await asyncio.wait_for(answer(), timeout)


def has_board(states: dict, key: str) -> bool:
    """The widgets' states hold the board's drawing (its cell ``key``), as the page would draw it."""
    mark = f'data-key="{key}"'
    return any(isinstance(value, str) and mark in value
               for model in states.values() for value in model.get("state", {}).values())


class Visit:
    """One page of a lesson: open it, and leave it as a closing tab does."""

    def __init__(self, student: Student, statics: list[str], query_socket: bool):
        self.student, self.statics, self.query_socket = student, statics, query_socket
        self.kernel: str | None = None
        self.sockets: list = []

    async def open(self, path: str, timeout: float) -> tuple[int, dict]:
        """The page's status, and the widgets' states (empty when the page has no kernel).
        Redirects are followed, as a browser does (the link's code exchanged, ``/`` to the lesson)."""
        answer = await self.student.request("GET", path, timeout=timeout)
        for _ in range(5):
            if answer.status not in (301, 302, 303, 307):
                break
            answer = await self.student.request("GET", answer.target, timeout=timeout)
        if answer.status != 200:
            return answer.status, {}
        page = answer.body.decode(errors="replace")
        found = KERNEL_ID.search(page)
        if found is None:
            raise ConnectionError(f"{path}: a page without a kernel, ending {page[-300:]!r}")
        self.kernel = found.group(1)
        await asyncio.gather(*(self.student.static(static) for static in self.statics))
        if self.query_socket:
            self.sockets.append(await self.student.socket(f"/voila/query/{self.kernel}"))
        channels = await self.student.socket(f"/api/kernels/{self.kernel}/channels?session_id={uuid.uuid4()}",
                                             [V1])
        if isinstance(channels, int):
            raise ConnectionError(f"the kernel's websocket was refused ({channels})")
        self.sockets.append(channels)
        return 200, await widget_states(channels, timeout)

    async def leave(self) -> None:
        """What a page does on ``beforeunload``: post the shutdown of its kernel, then close."""
        if self.kernel:
            await self.student.request("POST", f"/voila/api/shutdown/{self.kernel}")
        for connection in self.sockets:
            if not isinstance(connection, int):
                connection.close()
        self.kernel, self.sockets = None, []
