"""Keep the notebooks tidy: run them, keep only the golden outputs, and check how they are stored.

Notebooks are stored without outputs, except the cells marked ``# NBVAL_CHECK_OUTPUT``: their
deterministic output is the golden value that nbval compares on every test run.

    python tools/nbtool.py refresh notebooks/azul/02-factory-offer.ipynb ...   # run, keep golden
    python tools/nbtool.py strip notebooks/**/*.ipynb                          # drop all but golden
    python tools/nbtool.py check notebooks                                     # list problems
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat

MARK = "# NBVAL_CHECK_OUTPUT"
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
ROOT = Path(__file__).resolve().parent.parent


def notebooks(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths or ["notebooks"]):
        found.extend(sorted(p.rglob("*.ipynb")) if p.is_dir() else [p])
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


def golden(cell) -> bool:
    return cell.cell_type == "code" and MARK in cell.source


def clean(nb) -> None:
    """Drop outputs (but golden ones), execution counts and volatile metadata.

    Golden cells keep a count (1, 2, ...): nbval refuses a reference output on a cell that never ran.
    """
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = KERNEL
    count = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if golden(cell):
            count += 1
        else:
            cell.outputs = []
        cell.execution_count = count if golden(cell) else None
        for out in cell.outputs:
            out.pop("execution_count", None)
            if out.get("output_type") == "execute_result":
                out["execution_count"] = cell.execution_count


def refresh(path: Path) -> float:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    where = {"metadata": {"path": str(path.parent)}}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources=where).execute()
    seconds = time.perf_counter() - start
    clean(nb)
    nbformat.write(nb, path)
    return seconds


def problems(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    found = []
    for n, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and cell.outputs and not golden(cell):
            found.append(f"{path}: cell {n} is stored with outputs")
        if cell.cell_type == "code" and golden(cell) and not cell.outputs:
            found.append(f"{path}: cell {n} is marked for nbval but has no golden output")
    if nb.metadata.get("kernelspec") != KERNEL:
        found.append(f"{path}: kernelspec is not the project's python3 kernel (run nbtool strip)")
    return found


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("refresh", "strip", "check"):
        print(__doc__)
        return 2
    command, paths = argv[0], notebooks(argv[1:])
    if command == "refresh":
        for path in paths:
            print(f"{path}: {refresh(path):.1f} s")
    elif command == "strip":
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            clean(nb)
            nbformat.write(nb, path)
    else:
        issues = [p for path in paths for p in problems(path)]
        print("\n".join(issues) or f"{len(paths)} notebooks stored cleanly")
        return 1 if issues else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
