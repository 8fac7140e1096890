"""Do the browser tests flake? Runs them again and again while other work keeps the processors busy.

    run=<i> ok seconds=<s>            (one line per run, as it ends)
    runs=<n> failures=<n> seconds=<s>

Each run is a fresh ``pytest tests/browser`` (its own servers, its own browser); beside it, one
process per ``--load`` spins on the processor, as a second job on a CI machine would. A failing
run prints its failing tests' names at once (``failed run=<i> <test id>``) and the campaign goes on;
a campaign stopped early has said how far it got.
The target is ``failures=0`` for 20 runs: a suite that fails once in twenty keeps good work out.

Usage: ``python benchmarks/flakes.py [--runs 20] [--load 1] [-k EXPRESSION]``. The load processes
end with the campaign (and by themselves after ``--max-hours``, should this script be killed).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _spin(until: float) -> None:
    while time.monotonic() < until:
        sum(i * i for i in range(10_000))


def _run(index: int, keyword: str | None) -> bool:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/browser", "-rf"]
    if keyword:
        command += ["-k", keyword]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "HYPOTHESIS_PROFILE": "ci"})
    for line in done.stdout.splitlines():
        if line.startswith("FAILED "):
            print(f"failed run={index} {line.removeprefix('FAILED ')}", flush=True)
    if done.returncode not in (0, 5) and not re.search(r"^FAILED ", done.stdout, re.M):
        print(f"failed run={index} pytest exited {done.returncode}: {done.stdout[-500:]}", flush=True)
    return done.returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--load", type=int, default=1, help="busy processes beside the tests")
    parser.add_argument("-k", dest="keyword", help="only the browser tests pytest -k selects")
    parser.add_argument("--max-hours", type=float, default=6.0)
    args = parser.parse_args()

    until = time.monotonic() + args.max_hours * 3600
    load = [multiprocessing.Process(target=_spin, args=(until,), daemon=True) for _ in range(args.load)]
    for process in load:
        process.start()
    start, failures = time.monotonic(), 0
    try:
        for index in range(1, args.runs + 1):
            began = time.monotonic()
            passed = _run(index, args.keyword)
            failures += not passed
            outcome = "ok" if passed else "failed"
            print(f"run={index} {outcome} seconds={time.monotonic() - began:.0f}", flush=True)
    finally:
        for process in load:
            process.terminate()
    print(f"runs={args.runs} failures={failures} seconds={time.monotonic() - start:.0f}")


if __name__ == "__main__":
    main()
