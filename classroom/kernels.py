"""The classroom's kernel manager: a cap on kernels, and no kernel left behind by a page that has gone.

Voila wraps this class in its own pool manager when kernels are preheated, so everything here also
holds for the pool: a pool refill waits for a free place instead of going beyond the cap, and the
culler never sees a kernel while it waits in the pool (Voila protects those).

Every kernel also has an owner: the signed-in browser (its login cookie's user) whose page it was
started for, or handed to from the pool. Only the owner may connect to it or end it
(``classroom/routes.py``); a kernel waiting in the pool has none, so no page can reach it.

Culling, in two cases:

* a kernel whose page was connected and has gone (tab closed, reload, lost network): culled once it
  has been idle and without a connection for ``cull_idle_timeout`` seconds (the standard Jupyter
  culler with ``cull_connected=False``, so a page that is open is never culled however idle);
* a kernel that no page ever connected to (the tab was closed while the lesson was loading): culled
  after ``unseen_grace`` seconds of being idle and out of the pool, which leaves a slow page ample
  time to connect.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import secrets
import time
import uuid

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer

# The browser a page is being rendered for, and its lesson: set by the page's handler, read when
# its kernel starts.
PAGE_OWNER: contextvars.ContextVar[str | None] = contextvars.ContextVar("page_owner", default=None)
PAGE_LESSON: contextvars.ContextVar[str | None] = contextvars.ContextVar("page_lesson", default=None)
# What a kernel learns of its class (tabletop/inclass.py): the server's loopback channel, and its
# own secret there, which names it (a kernel cannot speak for another).
ENV_CLASS_URL, ENV_CLASS_KEY = "TABLETOP_CLASS_URL", "TABLETOP_CLASS_KEY"


class ServerFull(Exception):
    """Every place for a kernel is taken: the page says so instead of starting one more."""


class ClassroomKernelManager(AsyncMappingKernelManager):
    max_kernels = Integer(
        36, config=True,
        help="Most kernels alive at once, the preheated pool included (about 115 MB each).")
    unseen_grace = Integer(
        600, config=True,
        help="Seconds a page has to connect to its kernel before the kernel counts as abandoned.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0  # kernels being started, not yet in self._kernels
        self._closing = False
        self._seen: set[str] = set()  # kernels a page has connected to at least once
        self._unseen: dict[str, tuple[float, int]] = {}  # kernel -> (idle since, culler pass)
        self._pass = 0
        self.owners: dict[str, str] = {}  # kernel -> the browser whose page it serves
        self.lessons: dict[str, str] = {}  # kernel -> the lesson its page shows (a path under notebooks/)
        self.class_url: str | None = None  # the classroom's channel for kernels (classroom/teacher.py)
        self.class_keys: dict[str, str] = {}  # a kernel's secret on that channel -> the kernel
        self.pages_changed = lambda: None  # called when a page takes a kernel or its kernel ends

    # -- the cap ---------------------------------------------------------------------------------

    def in_use(self) -> int:
        return len(self._kernels) + self._starting

    def full(self) -> bool:
        return self.in_use() >= self.max_kernels

    async def start_kernel(self, **kwargs) -> str:
        # Voila marks the kernels it starts for its pool; a page's own kernel is refused when full.
        preheat = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if preheat and self.full():
            while self.full():
                if self._closing:
                    raise ServerFull("the server is stopping")
                await asyncio.sleep(0.5)
        elif self.full():
            raise ServerFull(f"{self.in_use()} kernels, the most this server allows")
        self._starting += 1
        kwargs = self._with_class_channel(kwargs)
        try:
            kernel_id = await super().start_kernel(**kwargs)
        finally:
            self._starting -= 1
        if not preheat and PAGE_OWNER.get():
            self.give(kernel_id, PAGE_OWNER.get(), PAGE_LESSON.get() or "")
        return kernel_id

    def give(self, kernel_id: str, owner: str, lesson: str) -> None:
        """The kernel serves ``owner``'s page of ``lesson`` from now on."""
        self.owners[kernel_id], self.lessons[kernel_id] = owner, lesson
        self.pages_changed()

    def _with_class_channel(self, kwargs: dict) -> dict:
        """The kernel's id chosen here, so that its secret on the class channel names it from its
        first line on (a preheated kernel reports its quizzes before any page takes it)."""
        if not self.class_url:
            return kwargs
        kernel_id = kwargs.get("kernel_id") or str(uuid.uuid4())
        key = secrets.token_urlsafe(24)
        self.class_keys[key] = kernel_id
        env = {**(kwargs.get("env") or os.environ), ENV_CLASS_URL: self.class_url, ENV_CLASS_KEY: key}
        return {**kwargs, "kernel_id": kernel_id, "env": env}

    def kernel_of(self, key: str) -> str | None:
        """The live kernel whose class secret is ``key`` (compared in constant time)."""
        for known, kernel_id in list(self.class_keys.items()):
            if secrets.compare_digest(known.encode(), key.encode()) and kernel_id in self:
                return kernel_id
        return None

    def is_owner(self, kernel_id: str, user: str | None) -> bool:
        return user is not None and self.owners.get(kernel_id) == user

    async def shutdown_all(self, *args, **kwargs):
        self._closing = True
        await super().shutdown_all(*args, **kwargs)

    # -- culling ---------------------------------------------------------------------------------

    def notify_connect(self, kernel_id):
        self._seen.add(kernel_id)
        self._unseen.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._seen.discard(kernel_id)
        self._unseen.pop(kernel_id, None)
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:  # its page may ask its state until it is gone (then: not found)
            self.owners.pop(kernel_id, None)
            if self.lessons.pop(kernel_id, None) is not None:
                self.pages_changed()
            for key in [key for key, known in self.class_keys.items() if known == kernel_id]:
                del self.class_keys[key]

    async def cull_kernels(self):
        self._pass += 1
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id):
        kernel = self._kernels[kernel_id]
        if kernel_id in self._seen or getattr(kernel, "execution_state", None) == "dead":
            return await super().cull_kernel_if_idle(kernel_id)
        if getattr(kernel, "execution_state", None) == "busy":
            self._unseen.pop(kernel_id, None)  # still rendering its page
            return None
        # The clock starts at the first pass that sees the kernel idle and out of the pool: a kernel
        # skipped by a pass (it was in the pool) starts again from zero when it is handed out.
        since, last = self._unseen.get(kernel_id, (None, None))
        now = time.monotonic()
        if last != self._pass - 1:
            since = now
        self._unseen[kernel_id] = (since, self._pass)
        if now - since > self.unseen_grace:
            self.log.warning("Culling kernel %s: no page connected to it in %d s", kernel_id,
                             now - since)
            await self.shutdown_kernel(kernel_id)
        return None
