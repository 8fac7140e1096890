"""Register a game for one test as an installed package would: a ``NAME.dist-info`` folder holding
``entry_points.txt`` on ``sys.path`` (a real entry point of ``tabletop.games``, no install)."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from tabletop import kinds


@contextmanager
def registered(folder: Path, entries: dict[str, str], modules: dict[str, str] | None = None):
    """While inside, ``tabletop.kinds.kinds()`` also finds ``entries`` (name -> "module:KIND"),
    whose modules may be written into ``folder`` (module name -> its source)."""
    dist = folder / "extra_games-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: extra-games\nVersion: 1.0\n",
                                   encoding="utf-8")
    lines = "".join(f"{name} = {target}\n" for name, target in entries.items())
    (dist / "entry_points.txt").write_text(f"[{kinds.GROUP}]\n{lines}", encoding="utf-8")
    for module, source in (modules or {}).items():
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
    sys.path.insert(0, str(folder))
    kinds.kinds.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        for module in modules or {}:
            sys.modules.pop(module, None)
        kinds.kinds.cache_clear()
