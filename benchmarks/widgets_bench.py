"""How quickly the Harmonies board editor answers a click, one figure per line.

    click_to_svg_ms=   median ms from ``editor.click(cell)`` on a full side-A board (a legal token:
                       gray on a gray token) until the new SVG and the score breakdown are ready,
                       i.e. the whole Python side of a click; the clicks alternate with ``undo()``
                       so that the board stays full
    undo_ms=           median ms of that ``undo()``, which redraws as much
    board_svg_bytes=   size of the editor's SVG for that full board (what a click sends the browser)
    language_ms=       median ms of a change of language (en → fa → nl → vi → en, each step) with one
                       of every widget of both games alive: what the notebook's language menu costs
                       in Python, every widget relabelled and redrawn

Usage: ``python benchmarks/widgets_bench.py [--clicks N] [--profile]``. Targets: click ≤ 30 ms,
language ≤ 500 ms.
``--profile`` adds the functions where a click spends its time (cProfile, by cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from harmonies_bench import ANIMALS, SPIRIT, full_board  # the same full board as the engine bench

from azul.widgets import AzulTable, TilingCompare, WallSandbox
from harmonies.widgets import BoardEditor, GameTable, HabitatExplorer, WhatIf
from tabletop import i18n


def editor() -> BoardEditor:
    e = BoardEditor(full_board(), animals=ANIMALS, spirit=SPIRIT)
    e.choose("gray")
    return e


def measure(e: BoardEditor, clicks: int) -> tuple[float, float]:
    for _ in range(5):  # warm the caches of the scoring and drawing tables
        e.click("d2")
        e.undo()
    click_ms, undo_ms = [], []
    for _ in range(clicks):
        start = time.perf_counter()
        e.click("d2")
        svg, breakdown = e.svg, e.breakdown
        middle = time.perf_counter()
        e.undo()
        end = time.perf_counter()
        if e.message or breakdown.mountains == e.breakdown.mountains or not svg:
            raise SystemExit(f"the click did not change the board: {e.message!r}")
        click_ms.append((middle - start) * 1e3)
        undo_ms.append((end - middle) * 1e3)
    return statistics.median(click_ms), statistics.median(undo_ms)


def language_ms(rounds: int = 5) -> float:
    wall = {"game": "azul", "wall": "colored",
            "players": [{"score": 12, "pattern_lines": ["", "YY", "", "", ""]}]}
    alive = [editor(), HabitatExplorer(full_board(), "Fennec Fox"), GameTable(2, seed=1),
             WhatIf(full_board()), WallSandbox(), AzulTable(2, seed=1), TilingCompare(wall, wall)]
    steps = []
    for _ in range(rounds):
        for code in ("fa", "nl", "vi", "en"):
            start = time.perf_counter()
            i18n.set_language(code)
            steps.append((time.perf_counter() - start) * 1e3)
    assert all(w.lang == "en" for w in alive)
    return statistics.median(steps)


def profile(e: BoardEditor, clicks: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(clicks):
        e.click("d2")
        e.undo()
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    e = editor()
    click_ms, undo_ms = measure(e, args.clicks)
    print(f"click_to_svg_ms={click_ms:.2f}")
    print(f"undo_ms={undo_ms:.2f}")
    print(f"board_svg_bytes={len(e.svg.encode('utf-8'))}")
    print(f"language_ms={language_ms():.1f}")
    if args.profile:
        profile(e, args.clicks)


if __name__ == "__main__":
    main()
