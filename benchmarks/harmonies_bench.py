"""Speed of the Harmonies engine, one figure per line.

    score_full_board_us=     median µs to score a full side-A board, every category (scoring.score), its
                             field, water and spirit item memos warm, as when a board is scored again
                             after a move that left its yellow, blue and spirit cells as they were
    score_full_board_cold_us= the same with every memo emptied before every call
    score_points_us=         median µs for the same board's total only (scoring.points), its water and
                             field memos warm, as in a search that meets the same masks again and again
    score_points_cold_us=    the same with those memos emptied before every call
    token_gain_us=           median µs for the landscape points one token would add (scoring.token_gain)
    habitats_all_cards_us=   median µs for all placements of all 42 cards on that board
    random_games_per_s=      two-player games played by RandomPolicy through legal_actions() + play()

Usage: ``python benchmarks/harmonies_bench.py [--games N] [--seed S]``. Targets on one core: scoring
≤ 30 µs, all 42 cards ≤ 1000 µs, ≥ 200 games per second.
"""

from __future__ import annotations

import argparse
import statistics
import time

from harmonies import habitats, scoring
from harmonies.board import Board
from harmonies.game import Game
from harmonies.policies import RandomPolicy, play_game

# A full side-A board: trees of every height, mountains, fields, buildings, a river; a few cubes.
FULL_BOARD = {
    "a1": ["brown", "brown", "green"], "a2": ["brown", "green"], "a3": ["green"], "a4": ["yellow"],
    "a5": ["yellow"], "b1": ["blue"], "b2": ["blue"], "b3": ["gray", "gray"], "b4": ["yellow"],
    "c1": ["blue"], "c2": ["gray", "gray", "gray"], "c3": ["gray", "red"], "c4": ["brown", "red"],
    "c5": ["green"], "d1": ["blue"], "d2": ["gray"], "d3": ["red", "red"], "d4": ["blue"],
    "e1": ["blue"], "e2": ["blue"], "e3": ["yellow"], "e4": ["gray"], "e5": ["brown", "brown", "green"],
}
CUBES = ["a1", "c2", "b1"]
ANIMALS = ((1, 1), (3, 1), (22, 1), (26, 0))
SPIRIT = (39, True)


def full_board() -> Board:
    return Board.from_dict({"side": "A", "board": FULL_BOARD, "cubes": CUBES})


def median_us(fn, repeat: int = 31, number: int = 200) -> float:
    fn()  # warm the per-side and per-card caches
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number * 1e6)
    return statistics.median(times)


def cold_points(board: Board) -> int:
    scoring.clear_memos()
    return scoring.points(board, ANIMALS, SPIRIT)


def cold_score(board: Board) -> scoring.Breakdown:
    scoring.clear_memos()
    return scoring.score(board, ANIMALS, SPIRIT)


def all_cards(board: Board):
    if hasattr(habitats, "all_matches"):
        return habitats.all_matches(board)
    return {i: habitats.matches(i, board) for i in range(1, 43)}


def random_games_per_s(games: int, seed: int) -> float:
    start = time.perf_counter()
    for k in range(games):
        play_game(Game(players=2, seed=seed + k), RandomPolicy(seed + k))
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="random games to play (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    args = parser.parse_args(argv)
    board = full_board()
    print(f"score_full_board_us={median_us(lambda: scoring.score(board, ANIMALS, SPIRIT)):.1f}")
    print(f"score_full_board_cold_us={median_us(lambda: cold_score(board)):.1f}")
    print(f"score_points_us={median_us(lambda: scoring.points(board, ANIMALS, SPIRIT)):.1f}")
    print(f"score_points_cold_us={median_us(lambda: cold_points(board)):.1f}")
    print(f"token_gain_us={median_us(lambda: scoring.token_gain(board, 'd2', 'gray')):.1f}")
    print(f"habitats_all_cards_us={median_us(lambda: all_cards(board), number=50):.1f}")
    print(f"random_games_per_s={random_games_per_s(args.games, args.seed):.0f}")


if __name__ == "__main__":
    main()
