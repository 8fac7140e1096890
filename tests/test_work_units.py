"""How ``make test`` shares the suite between processors (``conftest.py``, pytest-xdist's
``--dist loadscope``): a notebook, a test file, a language of the translated lessons each go whole
to one worker, the longest first; a worker runs exactly the tests of the units it is given."""

from __future__ import annotations

import importlib.util
import types
from pathlib import Path

import pytest

pytest.importorskip("xdist")

_spec = importlib.util.spec_from_file_location("suite_conftest", Path(__file__).parents[1] / "conftest.py")
suite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(suite)

# In the order of a collection: notebooks, then test files (browser tests among them).
COLLECTION = [
    "notebooks/en/a.ipynb::Cell 0", "notebooks/en/a.ipynb::Cell 1",
    "tests/test_x.py::test_one", "tests/test_x.py::test_two",
    "tests/browser/test_voila.py::test_v",
    "tests/browser/test_lite.py::test_l1", "tests/browser/test_lite.py::test_l2",
    "tests/test_translated_lessons.py::TestPersian::test_the_lesson_runs_to_its_end[fa/a]",
    "tests/test_translated_lessons.py::TestDutch::test_the_lesson_runs_to_its_end[nl/a]",
]


class Config:
    option = types.SimpleNamespace(loadscopereorder=True)

    def getvalue(self, name):
        return {"dist": "loadscope", "tx": ["2*popen"]}[name]


class Worker:
    def __init__(self, name: str, sent: list):
        self.gateway = types.SimpleNamespace(id=name)
        self.shutting_down = False
        self.sent = sent  # (worker, the tests at the places it was sent), in the order sent

    def send_runtest_some(self, places: list[int]) -> None:
        self.sent.append((self.gateway.id, [COLLECTION[i] for i in places]))

    def shutdown(self) -> None:
        self.shutting_down = True


def test_whole_units_longest_first_and_each_worker_runs_its_own_units():
    scheduler = suite.pytest_xdist_make_scheduler(Config(), None)
    sent: list = []
    workers = [Worker("gw0", sent), Worker("gw1", sent)]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, COLLECTION)  # each worker collected in this order
    scheduler.schedule()
    while scheduler.workqueue:  # a worker asks for more as it finishes
        scheduler._assign_work_unit(workers[0])

    units = [tests for _, tests in sent]
    assert units == [
        COLLECTION[5:7],                   # the static site's tests first
        COLLECTION[4:5],                   # then the other browser tests
        COLLECTION[7:8], COLLECTION[8:9],  # then a kernel per language
        COLLECTION[0:2], COLLECTION[2:4],  # then the rest, as collected: a notebook whole
    ]
    assert [name for name, _ in sent[:2]] == ["gw0", "gw1"]


def test_no_test_runs_a_coroutine_on_the_workers_own_loop():
    """A worker that ran a browser test keeps Playwright's event loop running in its thread, and
    which tests share a worker changes from run to run: a bare ``asyncio.run`` in a test fails only
    now and then (CI, 2026-12-03). Every test runs its coroutines with ``apart.run_apart``."""
    here = Path(__file__).parent
    bare = [f"{path.relative_to(here)}:{number}"
            for path in sorted(here.rglob("*.py")) if path.name not in ("apart.py", Path(__file__).name)
            for number, line in enumerate(path.read_text().splitlines(), 1)
            if "asyncio.run(" in line and not line.lstrip().startswith("#")]
    assert bare == []


def test_every_tornado_test_case_runs_its_loop_apart():
    """The same for tornado's test cases, whose loop runs in the thread of the test: each is run in
    a thread of its own (``apart.Apart``); one that was not failed whole after a browser test."""
    here = Path(__file__).parent
    bare = [f"{path.relative_to(here)}:{number}"
            for path in sorted(here.rglob("*.py"))
            for number, line in enumerate(path.read_text().splitlines(), 1)
            if line.startswith("class ") and "Async" in line and "TestCase)" in line
            and "(Apart," not in line]
    assert bare == []
