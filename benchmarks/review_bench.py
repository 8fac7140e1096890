"""How long does the coach take to review a whole two-player game? Plays seeded games by the greedy
player, then reviews every turn of both players with the coach's default budget, and prints per game

    game=<name> seed=<s> turns=<n> review_s=<seconds> lost=<points>

and per game kind the mean and the slowest. The target is at most 20 s a game on the project's
machine (its cores are shared: run it when the machine is otherwise quiet, or read it as an upper
bound). Usage: ``python benchmarks/review_bench.py [--games 3] [--only harmonies|azul]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import azul
import harmonies
from azul.review import review as azul_review
from harmonies.review import review as harmonies_review
from tabletop.game import computer_players, play_out, seed_for

GAMES = {
    "harmonies": (lambda seed: harmonies.Game(2, seed=seed, spirits=True), harmonies.POLICIES,
                  harmonies_review),
    "azul": (lambda seed: azul.Game(2, seed=seed), azul.POLICIES, azul_review),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", choices=sorted(GAMES))
    args = parser.parse_args()
    for name, (new_game, kinds, review) in GAMES.items():
        if args.only and name != args.only:
            continue
        times = []
        for k in range(args.games):
            seed = seed_for(1, k)
            game = play_out(new_game(seed), computer_players(kinds, ["greedy", "greedy"], seed))
            start = time.perf_counter()
            reviewed = review(game)
            seconds = time.perf_counter() - start
            times.append(seconds)
            print(f"game={name} seed={seed} turns={len(reviewed.turns)} review_s={seconds:.2f} "
                  f"lost={reviewed.lost:.1f}", flush=True)
        print(f"game={name} games={args.games} mean_review_s={statistics.mean(times):.2f} "
              f"max_review_s={max(times):.2f}", flush=True)


if __name__ == "__main__":
    main()
