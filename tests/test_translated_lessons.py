"""Every translated lesson runs to its end, with one kernel for all the lessons of a language.

A translated notebook is made from the English one (``tools/lessons.py``): the same code cells with
the language named in the header, which ``test_lessons.py`` keeps current. nbval runs the English
notebooks, a fresh kernel each, and compares their golden outputs. What is left to check in a
language is that each lesson runs there (a text whose placeholder a sentence lacks, a word that does
not format), so the lessons of one language share a kernel: before each lesson its names are
forgotten and it moves to the lesson's folder, as a fresh kernel would start there. The first error
fails the lesson with its cell and traceback. ``pytest notebooks/fa`` still runs a language's
notebooks under nbval, a kernel each (``conftest.py`` leaves them out of other runs).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import start_new_kernel

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CELL_TIMEOUT = 600  # seconds; a cell that waits this long has hung
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def lessons(language: str) -> list[Path]:
    return sorted(p for p in (NOTEBOOKS / language).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def pytest_generate_tests(metafunc):
    if "lesson" in metafunc.fixturenames:
        found = lessons(metafunc.cls.language)
        metafunc.parametrize("lesson", found, ids=[str(p.relative_to(NOTEBOOKS)) for p in found])


def _run(client, code: str) -> str | None:
    """Run ``code`` in the kernel; the error's text, or None when it ran.

    Only the kernel's reply is awaited: it says how the code ended, with the traceback. Waiting for
    the "idle" among the outputs instead (``execute_interactive``) hung here once for the whole
    timeout, though the kernel was idle and ran the next lesson at once. That wait polls the
    outputs' socket from an event loop in another thread (the likely culprit: a wake-up missed);
    the reply's socket is polled directly, and the reply is never dropped.
    """
    # One request at a time, so no request waits behind an error; with stop_on_error the kernel also
    # dropped ("aborted") the next request when it came at once, under load.
    request = client.execute(code, allow_stdin=False, stop_on_error=False)
    reply = client.get_shell_msg(timeout=CELL_TIMEOUT)
    while reply["parent_header"].get("msg_id") != request:
        reply = client.get_shell_msg(timeout=CELL_TIMEOUT)
    content = reply["content"]
    if content["status"] == "ok":
        return None
    told = content.get("traceback") or [f"{content.get('ename', content['status'])}: {content.get('evalue')}"]
    return _ANSI.sub("", "\n".join(told))


@pytest.fixture(scope="class")
def kernel():
    """One kernel for the lessons of a language (a class)."""
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(NOTEBOOKS))
    yield client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


class _Language:
    language = ""

    def test_the_lesson_runs_to_its_end(self, kernel, lesson):
        # As a fresh kernel would be: no names, no widget of the lessons before, in the lesson's folder.
        fresh = (f"get_ipython().run_line_magic('reset', '-f')\n"
                 f"import ipywidgets\nipywidgets.Widget.close_all()\ndel ipywidgets\n"
                 f"import os\nos.chdir({str(lesson.parent)!r})\ndel os")
        assert _run(kernel, fresh) is None
        cells = [c for c in nbformat.read(lesson, as_version=4).cells if c.cell_type == "code"]
        assert cells, f"{lesson.name} has no code cell"
        for number, cell in enumerate(cells):
            failed = _run(kernel, cell.source)
            assert failed is None, f"code cell {number} of {lesson.name}:\n{cell.source}\n\n{failed}"


class TestPersian(_Language):
    language = "fa"

    def test_an_error_is_told_with_its_traceback_and_the_kernel_goes_on(self, kernel):
        failed = _run(kernel, "def f():\n    return 1 / 0\nf()")
        assert "ZeroDivisionError" in failed and "return 1 / 0" in failed and "\x1b[" not in failed
        assert _run(kernel, "x = 2") is None


class TestDutch(_Language):
    language = "nl"


class TestVietnamese(_Language):
    language = "vi"


def test_every_language_of_the_lessons_has_its_class():
    folders = {p.name for p in NOTEBOOKS.iterdir() if p.is_dir() and p.name != "en"}
    assert folders == {c.language for c in _Language.__subclasses__()}
