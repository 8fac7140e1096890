"""Voila's routes, closed the way a class needs them (``docs/classroom.md``, "Closed routes", has the
table of probes that tests/test_classroom_routes.py walks).

* Every API route and websocket needs the sign-in (Jupyter's handlers ask for it already): Voila's
  ``/voila/query/<kernel>`` websocket (the pool's request info) took any connection, and its
  ``/voila/files/`` (the lessons' pictures) is a plain file route. Voila's own static files (its
  scripts and styles, the same in every installation) stay open.
* A kernel answers only the browser it belongs to (``ClassroomKernelManager.owners``): its
  websocket, its state (``GET``), its ``DELETE`` and the shutdown that a page posts when it closes.
  With the access code alone, anyone who learnt a kernel's id (over a shoulder, on the projector)
  could end or drive it, or watch when its page works.
* A lab extension's file asked with its content hash is kept by the browser (a reload asks for none).
* A crafted address answers 404, never 500: Voila's template file route asserts on the address's
  shape (a 500), and the lesson route (``classroom/app.py``) serves only a notebook inside the
  served folder, none of whose folders is hidden.
"""

from __future__ import annotations

import re

from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import FileFindHandler, JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from tabletop.i18n import Catalogue

TEMPLATE_NAME = re.compile(r"[A-Za-z0-9_-]+")
texts = Catalogue("tabletop")


def require_owner(handler: JupyterHandler, kernel_id: str) -> None:
    """403 unless the signed-in browser owns the kernel; the same answer for a kernel that does not
    exist, so a probe learns nothing about which ids are alive. The message is in the class's
    language (an API answer has no page of its own)."""
    user = handler.current_user
    if not handler.kernel_manager.is_owner(kernel_id, user and user.username):
        said = texts.entry("classroom.kernel.not_yours", handler.settings.get("classroom_language"))
        raise web.HTTPError(403, said.replace("%", "%%"))


class OwnKernelHandler(KernelHandler):
    """``/api/kernels/<id>``: only its owner asks its state (when it last worked tells what its page
    does) or ends it."""

    @web.authenticated
    async def get(self, kernel_id):
        require_owner(self, kernel_id)
        await super().get(kernel_id)

    @web.authenticated
    async def delete(self, kernel_id):
        require_owner(self, kernel_id)
        await super().delete(kernel_id)


class OwnKernelWebsocket(VoilaKernelWebsocketHandler):
    """The kernel's channels: the owner's page only (sign-in is checked before, by Jupyter)."""

    async def pre_get(self):
        require_owner(self, self.kernel_id)
        await super().pre_get()


class OwnQuerySocket(WebSocketMixin, RequestInfoSocketHandler, JupyterHandler):
    """Voila's ``/voila/query/<kernel>``: a pool kernel's page learns its request (address, query).
    Built as Jupyter builds its kernel websocket: the sign-in read like every other route, the
    origin checked, a refusal answered 403."""

    def set_default_headers(self):
        """No page headers on a websocket (as Jupyter's own kernel websocket)."""

    @ws_authenticated
    async def get(self, kernel_id):
        require_owner(self, kernel_id)
        await super().get(kernel_id)


class OwnShutdownHandler(VoilaShutdownKernelHandler):
    """The shutdown a Voila page posts when it closes, accepted without the XSRF token that Voila's
    script never sends (voila-dashboards/voila#1458; Jupyter refused it, so every reload left a
    kernel behind). Another site cannot forge it: the post would need the owner's cookie and the
    kernel's random id, known only to its page."""

    def check_xsrf_cookie(self) -> None:
        return None

    @web.authenticated
    async def post(self, kernel_id):
        require_owner(self, kernel_id)
        await super().post(kernel_id)


class SignedInFiles(JupyterHandler, AllowListFileHandler):
    """``/voila/files/``: the lessons' pictures, for a signed-in page only (Voila's is a plain static
    route: anyone on the network could read the folder's pictures)."""


class LabExtensionFiles(FileFindHandler):
    """``/voila/labextensions/``: a file asked with ``?v=<its content hash>`` never changes, so the
    browser keeps it (Voila asks to revalidate every one, 20 requests more for each reload)."""

    def set_headers(self) -> None:
        super().set_headers()
        if "v" in self.request.arguments:
            self.set_header("Cache-Control", "public, max-age=31536000, immutable")


class TemplateFiles(TemplateStaticFileHandler):
    """``/voila/templates/<template>/static/<file>``: any other shape is 404 (Voila asserts, 500)."""

    def parse_url_path(self, path):
        parts = path.split("/")
        if (len(parts) < 3 or not TEMPLATE_NAME.fullmatch(parts[0]) or parts[1] != "static"
                or any(part in ("", ".", "..") or "\\" in part for part in parts[2:])):
            raise web.HTTPError(404)
        return super().parse_url_path(path)


# Voila's handler class -> ours, for ClassroomVoila.init_handlers.
CLOSED = {KernelHandler: OwnKernelHandler, VoilaKernelWebsocketHandler: OwnKernelWebsocket,
          RequestInfoSocketHandler: OwnQuerySocket, VoilaShutdownKernelHandler: OwnShutdownHandler,
          AllowListFileHandler: SignedInFiles, TemplateStaticFileHandler: TemplateFiles,
          FileFindHandler: LabExtensionFiles}
