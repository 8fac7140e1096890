"""Notebooks are stored without outputs, except the golden outputs nbval compares."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("nbtool", ROOT / "tools" / "nbtool.py")
nbtool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(nbtool)


def test_notebooks_are_stored_cleanly():
    paths = nbtool.notebooks([str(ROOT / "notebooks")])
    assert [p for path in paths for p in nbtool.problems(path)] == []
