"""A game's command line in the tests: for real (``python -m PACKAGE``) or in the test process
(``main(argv)``), both answering as ``subprocess.run`` does: status, what it printed, its errors."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Callable

from tabletop import i18n


def python_m(package: str, *argv: str, stdin: str | None = None,
             env: dict | None = None) -> subprocess.CompletedProcess:
    """``python -m PACKAGE ARGV`` for real, in English unless ``env`` or ``--lang`` chooses."""
    if env is None:
        env = {k: v for k, v in os.environ.items() if k != i18n.ENVIRONMENT}
    return subprocess.run([sys.executable, "-m", package, *argv], input=stdin, capture_output=True,
                          text=True, timeout=60, env=env)


def in_process(main: Callable[[list[str]], int], *argv: str,
               stdin: str | None = None) -> subprocess.CompletedProcess:
    """``main(argv)`` as ``python -m`` runs it, here: its standard input ``stdin``, the status it
    returns (or argparse's exit, for ``--help`` or arguments it refuses) and what it wrote."""
    out, err = io.StringIO(), io.StringIO()
    before, sys.stdin = sys.stdin, io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as done:
                status = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = before
    return subprocess.CompletedProcess(argv, status, out.getvalue(), err.getvalue())
