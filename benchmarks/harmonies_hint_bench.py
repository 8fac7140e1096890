"""How quickly the coach answers in the Harmonies scoring sandbox, one figure per line.

    sandbox_hint_ms=      median ms of ``BoardEditor.hint()`` on lesson 20's position (12 stacks, two
                          animal cards and a spirit card, blue, brown and green in hand): the game
                          built from the position, the coach's search with its playouts, the answer
                          checked, listed and drawn; what a press of the hint button costs in Python
    game_from_position_ms= median ms of ``game_from_position`` alone for that position and hand

Usage: ``python benchmarks/harmonies_hint_bench.py [--rounds N]``. Target: a hint within a second.
"""

from __future__ import annotations

import argparse
import statistics
import time

from harmonies import Scenario, game_from_position
from harmonies.widgets import BoardEditor

POSITION = {
    "game": "harmonies", "side": "A",
    "board": {"a1": ["gray"], "a2": ["gray", "gray"], "a4": ["blue"],
              "b1": ["brown", "green"], "b3": ["brown", "brown", "green"],
              "c1": ["yellow"], "c2": ["brown", "red"], "c4": ["blue"],
              "d1": ["yellow"], "d4": ["blue"], "e4": ["blue"], "e5": ["green"]},
    "cubes": ["d4", "e4"],
    "animals": [{"card": "Alligator", "cubes_placed": 1}, {"card": "Frog", "cubes_placed": 1}],
    "spirit": {"card": "Tortoise", "cube_placed": False},
}


def median_ms(action, rounds: int) -> float:
    action()  # warm the caches of the habitat and scoring tables
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    position = Scenario.from_dict(POSITION)
    editor = BoardEditor(position)

    def hint() -> None:
        editor.hint()
        if not editor.hints:
            raise SystemExit(f"the coach did not answer: {editor.message!r}")

    print(f"sandbox_hint_ms={median_ms(hint, args.rounds):.1f}")
    print(f"game_from_position_ms="
          f"{median_ms(lambda: game_from_position(position, editor.hand), args.rounds):.2f}")


if __name__ == "__main__":
    main()
