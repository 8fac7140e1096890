# The classroom server's configuration, read by `python -m classroom` (classroom/app.py); plain
# Voila and Jupyter server settings. `make serve` fills the CLASSROOM_* variables from its own:
#   make serve LESSON=en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb POOL=30 MAX_KERNELS=36
#   make serve LESSON=... POOL=24 PREHEAT=fa:6          (24 in English, 6 more of the same in Persian)
# An option given on the command line (--MappingKernelManager.cull_idle_timeout=5) wins over these.
import os

from classroom.lessons import lesson_in, page_language
from tabletop.i18n import LANGUAGES

c = get_config()  # noqa: F821 (traitlets provides it to a config file)
env = os.environ.get

# Kernels: ours counts them and refuses one more than MAX_KERNELS with a "server full" page. Each
# lesson kernel holds about 115 MB: 36 of them stay under 4 GB.
c.VoilaConfiguration.multi_kernel_manager_class = "classroom.kernels.ClassroomKernelManager"
c.ClassroomKernelManager.max_kernels = int(env("CLASSROOM_MAX_KERNELS") or 36)
# Kernels talk to the server over Unix sockets, not TCP ports: with thirty kernels starting at once,
# two now and then chose the same free port ("Address already in use"), one died, and the page it
# was handed to came back cut short. No port is opened for a kernel either.
c.KernelManager.transport = "ipc"

# Culling. A page that is open keeps its kernel however long it sits idle (cull_connected=False).
# A page that is closed or reloaded posts a shutdown, which we accept (see classroom/app.py); if
# that post never arrives (browser crash, lost network), the kernel is culled after 45 s without
# a connection and without activity, checked every 10 s: within a minute.
c.MappingKernelManager.cull_idle_timeout = 45
c.MappingKernelManager.cull_interval = 10
c.MappingKernelManager.cull_connected = False
# A kernel no page ever connected to (the tab closed while loading). Generous: on a loaded server a
# page may take minutes to load its scripts and connect, and culling it then loses its board.
c.ClassroomKernelManager.unseen_grace = 600

# Preheated kernels: LESSON (a path under notebooks/) is run POOL times before anyone asks, so the
# first POOL pages show their board at once. Voila would otherwise preheat every notebook of the
# tree; only the lesson of the day is worth the memory. A lesson in another language is another
# notebook (?lang=fa opens fa/<the same path>): PREHEAT ("fa:6,nl:4") preheats it too, so those
# pages are ready at once as well; without it they get a fresh kernel.
lesson, pool = env("CLASSROOM_LESSON") or "", int(env("CLASSROOM_POOL") or 0)
pools = {lesson: pool} if lesson and pool > 0 else {}
for entry in filter(None, (env("CLASSROOM_PREHEAT") or "").replace(" ", "").split(",")):
    code, _, size = entry.partition(":")
    if code not in LANGUAGES:
        raise ValueError(f"PREHEAT={entry!r}: no language {code!r}; the languages: {', '.join(LANGUAGES)}")
    if lesson and int(size or 0) > 0:
        pools[lesson_in(lesson, code)] = int(size)
if pools:
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.default_pool_size = 0
    c.VoilaKernelManager.kernel_pools_config = {"default": {"pool_size": 0},
                                                **{path: {"pool_size": size} for path, size in pools.items()}}
    # After a page takes a pool kernel, wait before starting its replacement: the class arriving
    # together needs the processors for its own pages first.
    c.VoilaKernelManager.fill_delay = 20

# A loaded server (30 lessons rendering on two cores) answers slowly: Voila's defaults (4 s for a
# cell's last output, 60 s for a kernel to start) then drop a cell's output, and the board with it.
c.VoilaExecutor.iopub_timeout = 60
c.VoilaExecutor.startup_timeout = 300

# A learner sees a friendly error, not a Python traceback (Voila's default, stated here).
c.VoilaConfiguration.show_tracebacks = False
# The page says the lesson's language (<html lang>), for a screen reader's voice.
c.VoilaConfiguration.page_config_hook = page_language
