"""Keep the notebooks tidy: stored without any output, their golden outputs kept beside the tests.

The cells marked ``# NBVAL_CHECK_OUTPUT`` print something deterministic that nbval compares on every
test run. Their expected outputs live in ``tests/golden/<game>/<notebook>.json`` (one list of
outputs per marked cell, in order), not in the notebooks: the repository's ``conftest.py`` hands
them to nbval.

    python tools/nbtool.py refresh notebooks/en/azul-lessons/02-factory-offer.ipynb ...   # run, save goldens
    python tools/nbtool.py strip notebooks/**/*.ipynb                          # drop every output
    python tools/nbtool.py check notebooks                                     # list problems
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import nbformat

MARK = "# NBVAL_CHECK_OUTPUT"
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def notebooks(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths or ["notebooks"]):
        found.extend(sorted(p.rglob("*.ipynb")) if p.is_dir() else [p])
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


def package_of(path: Path) -> str:
    """The package whose catalogue a notebook reads: ``harmonies`` for ``…/harmonies-lessons/…``,
    ``tabletop`` for the start-here notebook."""
    folder = Path(path).parent.name
    return folder.removesuffix("-lessons") if folder.endswith("-lessons") else "tabletop"


def golden(cell) -> bool:
    return cell.cell_type == "code" and MARK in cell.source


def clean(nb) -> None:
    """Drop every output, execution count and volatile metadata."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = KERNEL
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None


def golden_path(path: Path) -> Path:
    """Where the golden outputs of notebook ``path`` live."""
    relative = Path(path).resolve().relative_to(ROOT / "notebooks")
    return (GOLDEN / relative).with_suffix(".json")


def golden_outputs(path: Path) -> list[list[dict]]:
    """The expected outputs of the marked cells of notebook ``path``, one list per cell, in order."""
    file = golden_path(path)
    return json.loads(file.read_text(encoding="utf-8")) if file.exists() else []


def save_goldens(path: Path, nb) -> None:
    """Keep the outputs of the marked cells of an executed notebook as its golden outputs."""
    outputs = []
    for cell in nb.cells:
        if golden(cell):
            for out in cell.outputs:
                out.pop("execution_count", None)
            outputs.append(cell.outputs)
    file = golden_path(path)
    if outputs:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(outputs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        file.unlink(missing_ok=True)


def refresh(path: Path) -> float:
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    where = {"metadata": {"path": str(path.parent)}}
    NotebookClient(nb, timeout=120, kernel_name="python3", resources=where).execute()
    seconds = time.perf_counter() - start
    save_goldens(path, nb)
    clean(nb)
    nbformat.write(nb, path)
    return seconds


def problems(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    found = [f"{path}: cell {n} is stored with outputs" for n, cell in enumerate(nb.cells)
             if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None)]
    marked = sum(golden(cell) for cell in nb.cells)
    if len(golden_outputs(path)) != marked:
        found.append(f"{path}: {marked} cells marked for nbval, {len(golden_outputs(path))} golden "
                     f"outputs in {golden_path(path).relative_to(ROOT)} (run nbtool refresh)")
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
