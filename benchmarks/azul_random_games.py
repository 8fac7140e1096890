"""How many complete Azul games per second the engine plays between random players.

    python benchmarks/azul_random_games.py --games 1000 --players 2 --seed 1

Each game goes through the public API only: ``Game``, ``legal_moves()``, a ``RandomPolicy`` choosing
among them, and ``play()``. Game ``i`` uses seed ``S + i``. The last line printed is
``games_per_s=<number>``; the figures before it describe the games played.
"""

from __future__ import annotations

import argparse
import time

from azul import Game, RandomPolicy


def run(games: int, players: int, seed: int, wall: str) -> tuple[float, int, int]:
    """Play the games; returns (seconds, moves, rounds)."""
    moves = rounds = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game(players, seed + i, wall)
        policy = RandomPolicy(seed + i)
        while not game.over:
            game.play(policy(game))
            moves += 1
        rounds += game.round
    return time.perf_counter() - start, moves, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", choices=("colored", "gray"), default="colored")
    args = parser.parse_args()
    seconds, moves, rounds = run(args.games, args.players, args.seed, args.wall)
    print(f"games={args.games} players={args.players} wall={args.wall} seed={args.seed}")
    print(f"moves_per_game={moves / args.games:.1f} rounds_per_game={rounds / args.games:.2f}")
    print(f"seconds={seconds:.3f} moves_per_s={moves / seconds:.0f}")
    print(f"games_per_s={args.games / seconds:.1f}")


if __name__ == "__main__":
    main()
