"""How strong the computer players are: both games' strength benchmarks in one run.

    python benchmarks/strength.py [--games N] [--budget B]

Prints, one per line, the Harmonies figures (``harmonies_strong_mean=``,
``harmonies_strong_win_vs_greedy=``, …), the Azul figures (``azul_strong_mean=``, …) and
``hint_s=``, the slower of the two games' seconds per hint at the default budget.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import azul_strength  # noqa: E402
import harmonies_strength  # noqa: E402


def _run(main, argv: list[str]) -> dict[str, str]:
    """Run one game's benchmark, echo its lines, and return them as a dict."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(argv)
    print(out.getvalue(), end="", flush=True)
    return dict(line.split("=", 1) for line in out.getvalue().splitlines() if "=" in line)


def main(argv: list[str]) -> None:
    figures = {**_run(harmonies_strength.main, argv), **_run(azul_strength.main, argv)}
    print(f"hint_s={max(float(figures['harmonies_hint_s']), float(figures['azul_hint_s'])):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
