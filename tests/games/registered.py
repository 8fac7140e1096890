"""Four in a Row registered for a while, as an installed package would register it: a real entry
point of ``tabletop.games`` (``tests/registry.py``), also on ``PYTHONPATH`` for a server the test
starts as its own process. Never in pyproject, so learners never see a test game."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from registry import registered

from tabletop import kinds

#: The folder that holds ``games/`` (what ``import games.fourrow`` needs on the path).
TESTS = Path(__file__).resolve().parents[1]
#: The entry point the package would declare in its own pyproject.
ENTRY = {"fourrow": "games.fourrow.kind:KIND"}


@contextmanager
def fourrow(folder: Path) -> Iterator[kinds.Kind]:
    """Four in a Row's kind, found through the registry while the block runs."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(folder), str(TESTS), *filter(None, [before])])
    try:
        with registered(folder, ENTRY):
            yield kinds.kind("fourrow")
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH")
        else:
            os.environ["PYTHONPATH"] = before


__all__ = ["fourrow", "TESTS", "ENTRY"]
