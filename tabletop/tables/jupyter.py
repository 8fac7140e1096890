"""The table server inside a Jupyter server, under ``<base_url>tables/``: the classroom's (Voila,
``make serve``, see ``classroom/app.py``) and JupyterLab's (``make lab``: a Jupyter server
extension, ``_jupyter_server_extension_points`` below). No port of its own.

Who may do what there:

* creating a table and handing a seat to the computer: a browser signed in to that server, or one
  of the server's own kernels (a lobby widget), which proves it with the key the server put in its
  kernels' environment (``TABLETOP_TABLES_KEY``, sent as the ``X-Tables-Key`` header);
* a seat page and its websocket: anyone with a seat's or the spectators' link. Its secret is the
  guard, and it opens that table only: the link carries no access code (the classroom's) nor Lab's
  token (which opens every notebook and a terminal), so a phone that opens it, or a projector that
  shows it, is not signed in to anything else.

Whose table it is (a creator's limits, ``store.Tables``): the signed-in browser's; a kernel's is its
page's browser when the server knows it (the classroom's kernels have owners), else the kernel's.

The kernels learn where the tables are from ``TABLETOP_TABLES_URL`` (a loopback address).
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import secrets
import socket
from pathlib import Path
from urllib.parse import urlencode

from jupyter_core.paths import jupyter_data_dir
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin

from .lobby import ENV_KEY, ENV_URL, KEY_HEADER
from .server import CreateHandler, HandHandler, Hub, Limits, PageHandler, Seat, routes
from .store import Tables
from .table import TableError

PREFIX = "tables"
ENV_DB, ENV_PUBLIC, ENV_SHARED = "TABLETOP_TABLES_DB", "TABLETOP_TABLES_PUBLIC", "TABLETOP_TABLES_SHARED"


def database() -> str:
    """Where the tables are kept: ``TABLETOP_TABLES_DB``, else in the user's Jupyter data folder
    (never inside the folder of lessons that a server serves, nor inside the Python environment)."""
    if os.environ.get(ENV_DB):
        return os.environ[ENV_DB]
    folder = Path(jupyter_data_dir())
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "tabletop-tables.sqlite")


def is_loopback(host: str) -> bool:
    """An address of this machine only (then no other device can open a link to it)."""
    if host in ("", "localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on the local network (a UDP connect sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return socket.gethostname()


def local_url(ip: str, port: int, base_url: str) -> str:
    """The server at ``ip`` as its own kernels reach it: on 127.0.0.1 when it listens there (or
    everywhere), else at the one address it listens on."""
    wildcard = ip in ("", "0.0.0.0", "::", "*") or is_loopback(ip)
    return f"http://{'127.0.0.1' if wildcard else ip}:{port}{base_url}"


class Guarded(JupyterHandler):
    """What the table routes share inside Jupyter: who is let in."""

    def kernel_key(self) -> bool:
        key, sent = self.settings.get("tables_key", ""), self.request.headers.get(KEY_HEADER, "")
        return bool(key) and hmac.compare_digest(sent.encode(), key.encode())

    def admitted(self) -> bool:
        """Signed in to this server, or one of its kernels."""
        return self.current_user is not None or self.kernel_key()

    def refuse_sign_in(self) -> None:
        self.refuse(TableError("sign_in"), 403)

    def check_xsrf_cookie(self) -> None:
        """The posts here take a JSON body only (``JsonPost``): another site's page cannot send one
        without asking first, which this server never allows. A kernel has no XSRF cookie."""


class JupyterCreate(CreateHandler, Guarded):
    def creator(self) -> str:
        """The signed-in browser; for a kernel, the browser whose page it serves where the server
        knows it (the classroom's kernels have owners), else the kernel by its id."""
        if self.kernel_key():
            kernel = self.kernel_sent()
            owner = getattr(self.kernel_manager, "owners", {}).get(kernel)
            return f"user:{owner}" if owner else f"kernel:{kernel}"
        return f"user:{self.current_user.username}"

    def address(self) -> str:
        """A kernel asks from this machine: its tables count by its page's browser only."""
        return "" if self.kernel_key() else self.request.remote_ip or ""

    @allow_unauthenticated
    def post(self, *args) -> None:
        if not self.admitted():
            return self.refuse_sign_in()
        super().post(*args)


class JupyterHand(HandHandler, Guarded):
    @allow_unauthenticated
    def post(self, table_id: str) -> None:
        if not self.admitted():
            return self.refuse_sign_in()
        super().post(table_id)


class JupyterPage(PageHandler, Guarded):
    @allow_unauthenticated
    def get(self, table_id: str) -> None:
        if self.current_user is not None and "token" in self.request.query_arguments:
            # A link of old that signed its device in: the code leaves the address bar (the browser
            # keeps the fragment, the seat's secret, across the redirect).
            kept = {k: v[-1].decode() for k, v in self.request.query_arguments.items() if k != "token"}
            return self.redirect(self.request.path + (f"?{urlencode(kept)}" if kept else ""))
        super().get(table_id)


class JupyterSeat(WebSocketMixin, Seat, Guarded):
    def set_default_headers(self) -> None:
        """No page headers on a websocket (as Jupyter's own kernel websocket)."""

    @allow_unauthenticated
    async def get(self, *args, **kwargs):
        return await super().get(*args, **kwargs)


HANDLERS = {"create": JupyterCreate, "hand": JupyterHand, "page": JupyterPage, "seat": JupyterSeat}


def mount(settings: dict, base_url: str, reach: str, *, public: str | None = None,
          tables: Tables | None = None) -> list[tuple]:
    """The table routes under ``<base_url>tables``, for a Jupyter application with ``settings``;
    puts in this process's environment (inherited by every kernel it starts later) where the
    tables are (``reach``: this server as its kernels reach it) and the kernels' key, unless the
    environment names a shared table server (``TABLETOP_TABLES_SHARED``)."""
    tables = tables or Tables(database())
    hub = Hub(tables, Limits(), public=os.environ.get(ENV_PUBLIC) or public)
    # A school's JupyterHub may point every kernel at its shared table server (docs/tables.md): the
    # kernels keep that one, and this server's own tables take a key of their own. (A URL alone may
    # be inherited from another Jupyter server, a terminal of Lab's: this server's tables then win.)
    shared = os.environ.get(ENV_SHARED) and os.environ.get(ENV_URL)
    key = (None if shared else os.environ.get(ENV_KEY)) or secrets.token_urlsafe(24)
    settings.update(tables_key=key)
    if not shared:
        os.environ[ENV_URL] = f"{reach.rstrip('/')}/{PREFIX}"
        os.environ[ENV_KEY] = key
    return routes(hub, f"{base_url.rstrip('/')}/{PREFIX}", HANDLERS)


# --- the JupyterLab server extension (``jupyter lab`` loads it: see pyproject.toml, tools/lab.py) ---

def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "tabletop.tables.jupyter"}]


def _load_jupyter_server_extension(serverapp) -> None:
    app = serverapp.web_app
    base_url = app.settings.get("base_url", "/")
    public = None  # this machine only: the links say the address a table was asked at
    if not is_loopback(serverapp.ip):  # Lab on the network: links that friends' devices reach
        host = serverapp.ip if serverapp.ip not in ("0.0.0.0", "::", "*") else lan_address()
        public = f"http://{host}:{serverapp.port}{base_url.rstrip('/')}/{PREFIX}"
    handlers = mount(app.settings, base_url, local_url(serverapp.ip, serverapp.port, base_url),
                     public=public)
    app.add_handlers(".*$", handlers)
    serverapp.log.info("tables for friends at %s%s/", serverapp.connection_url, PREFIX)


__all__ = ["mount", "is_loopback", "lan_address", "local_url", "HANDLERS", "database", "PREFIX", "KEY_HEADER",
           "ENV_URL", "ENV_KEY", "ENV_DB"]
