"""The notebooks are stored without outputs; nbval compares the cells marked ``# NBVAL_CHECK_OUTPUT``
with golden outputs kept in ``tests/golden/`` (written by ``python tools/nbtool.py refresh``).
This hook hands each marked cell its golden outputs before nbval runs it.

``make test`` runs the suite on every processor (pytest-xdist, ``--dist loadscope``), with the work
units chosen here: the cells of one notebook share a kernel and run in order, so a notebook is one
unit, as is every test file (its module fixtures are made once); the browser tests share their
servers and browser (session fixtures), so all of them are one unit, on one worker."""

import importlib.util
import os
import tempfile
from pathlib import Path

import nbformat
import pytest

_spec = importlib.util.spec_from_file_location("nbtool", Path(__file__).parent / "tools" / "nbtool.py")
nbtool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(nbtool)


def pytest_configure(config):
    """nbval's sanitizer file, named here rather than in addopts so pytest runs from any folder; the
    tables of every server a test starts in a folder of the run's own (``TABLETOP_TABLES_DB``), never
    in the tester's own Jupyter folder."""
    folder = Path(tempfile.mkdtemp(prefix="tables-"))
    os.environ.setdefault("TABLETOP_TABLES_DB", str(folder / "tables.sqlite"))
    if not config.option.nbval_sanitize_with:
        config.option.nbval_sanitize_with = str(Path(__file__).parent / "tests" / "nbval-sanitize.cfg")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is None or not nbtool.golden(cell):
            continue
        marked = [c for c in item.parent.nb.cells if nbtool.golden(c)]
        goldens = nbtool.golden_outputs(Path(str(item.fspath)))
        place = next(i for i, c in enumerate(marked) if c is cell)
        if place < len(goldens):
            cell.outputs = [nbformat.from_dict(output) for output in goldens[place]]
            cell.execution_count = place + 1  # nbval compares only cells that ran


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.partition("::")[0]
            return "tests/browser" if path.startswith("tests/browser/") else path

    return Units(config, log)
