"""A long campaign of random clicking: each widget's state machine run until it has taken N actions.

    widget=<name> actions=<n> escapes=<n> broken=<n> runs=<n> seconds=<s>

``actions`` counts the rules run (a click, a button pressed, a method called, a change of
language...); ``escapes`` the runs that ended because an exception escaped the widget; ``broken``
the runs that ended because an invariant did not hold (a position not legal, a table's game not the
shadow engine's game, undo then redo not back where it was). Each escape or broken invariant is
printed on its own ``escape``/``broken`` line (the exception's first line) as soon as it is found;
the run stops there, reports it unshrunk, and the campaign goes on with fresh runs.

Usage: ``python benchmarks/widget_machines.py [--actions N] [--steps S] [--widget NAME ...]``
(default 3000 actions per widget, runs of up to 50 steps, every widget). The machines are those of
``tests/test_widget_machines_harmonies.py`` and ``tests/test_widget_machines_azul.py``; files the
machines save go to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hypothesis import HealthCheck, Phase, settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402
from machines import ACTIONS  # noqa: E402
from test_widget_machines_azul import CompareMachine, SandboxMachine  # noqa: E402
from test_widget_machines_azul import TableMachine as AzulTableMachine  # noqa: E402
from test_widget_machines_harmonies import (  # noqa: E402
    EditorMachine,
    ExplorerMachine,
    TableMachine,
    WhatIfMachine,
)

MACHINES = {m.name: m for m in (EditorMachine, ExplorerMachine, WhatIfMachine, TableMachine,
                                SandboxMachine, AzulTableMachine, CompareMachine)}


def first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0] if text else ''}"


def campaign(machine, actions: int, steps: int) -> None:
    name = machine.name
    escapes = broken = runs = 0
    start = time.perf_counter()
    chunk = settings(max_examples=10, stateful_step_count=steps, deadline=None, database=None,
                     phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    while ACTIONS[name] < actions:
        runs += 1
        try:
            run_state_machine_as_test(machine, settings=chunk)
        except AssertionError as err:
            broken += 1
            print(f"broken widget={name} error={first_line(err)}", flush=True)
        except Exception as err:  # noqa: BLE001 -- an escape is what a campaign counts
            escapes += 1
            print(f"escape widget={name} error={first_line(err)}", flush=True)
    seconds = time.perf_counter() - start
    print(f"widget={name} actions={ACTIONS[name]} escapes={escapes} broken={broken} runs={runs} "
          f"seconds={seconds:.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--widget", nargs="*", choices=sorted(MACHINES), default=list(MACHINES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)  # the machines type file names: they are saved here
        for name in args.widget:
            campaign(MACHINES[name], args.actions, args.steps)
    print(f"total actions={sum(ACTIONS.values())}", flush=True)


if __name__ == "__main__":
    main()
