"""The notebooks are stored without outputs; nbval compares the cells marked ``# NBVAL_CHECK_OUTPUT``
with golden outputs kept in ``tests/golden/`` (written by ``python tools/nbtool.py refresh``).
This hook hands each marked cell its golden outputs before nbval runs it.

The translated notebooks run in ``tests/test_translated_lessons.py``, one kernel per language, not
under nbval (their code is the English notebook's, which nbval runs); naming a language's folder or
notebook on the command line (``pytest notebooks/fa``) runs them under nbval too.

``make test`` runs the suite on every processor (pytest-xdist, ``--dist loadscope``), with the work
units chosen here: the cells of one notebook share a kernel and run in order, so a notebook is one
unit, as is every test file (its module fixtures are made once) but the translated lessons, one unit
per language (a class). A browser test file is a unit too: a worker starts the servers and the
browser its files need once (session fixtures). The longest units start first (``LONGEST_FIRST``)."""

import importlib.util
import os
import tempfile
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
PER_LANGUAGE = "tests/test_translated_lessons.py"

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


def pytest_ignore_collect(collection_path, config):
    """A translated notebook is left to ``tests/test_translated_lessons.py`` unless the command line
    names it or a folder of its language."""
    if collection_path.suffix != ".ipynb" or NOTEBOOKS not in collection_path.parents:
        return None
    language = NOTEBOOKS / collection_path.relative_to(NOTEBOOKS).parts[0]
    if language.name == "en":
        return None
    here = config.invocation_params.dir
    for arg in config.args:
        named = (here / arg.partition("::")[0]).resolve()
        if (named == language or language in named.parents) and (
                named == collection_path or named in collection_path.parents):
            return None
    return True


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


#: The work units that take longest, started first so that none of them is left to run alone at the
#: end: the static site's tests (they build it, then boot Python in the page again and again), the
#: other browser tests, then the translated lessons (a kernel per language).
LONGEST_FIRST = ("tests/browser/test_lite.py", "tests/browser/", PER_LANGUAGE)


def _rank(nodeid: str) -> int:
    return next((i for i, start in enumerate(LONGEST_FIRST) if nodeid.startswith(start)),
                len(LONGEST_FIRST))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def __init__(self, config, log):
            super().__init__(config, log)
            config.option.loadscopereorder = False  # by test count: the browser tests would come last
            self._ranked = False

        def _assign_work_unit(self, node) -> None:
            # The units, not the collection, are put in order: a worker is sent the places of its
            # tests in the collection as it collected them.
            if not self._ranked:
                self._ranked = True
                for scope in sorted(self.workqueue, key=_rank):
                    self.workqueue.move_to_end(scope)
            super()._assign_work_unit(node)

        def _split_scope(self, nodeid: str) -> str:
            path, _, rest = nodeid.partition("::")
            if path == PER_LANGUAGE:
                return f"{path}::{rest.partition('::')[0]}"
            return path

    return Units(config, log)
