"""How long is a link that holds a whole game? Plays seeded two-player games to the end and prints,
per game and player kind, the characters of the link's fragment.

    game=<name> players=<kind> games=<n> mean_chars=<m> max_chars=<m> mean_actions=<a>

Usage: ``python benchmarks/link_lengths.py [--games 50]``. The target is about 2,000 characters for
a whole two-player game of either game.
"""

from __future__ import annotations

import argparse
import statistics

import azul
import harmonies
from tabletop.game import computer_players, play_out, seed_for
from tabletop.links import pack
from tabletop.records import record

GAMES = {"harmonies": (lambda seed: harmonies.Game(2, seed=seed, spirits=True), harmonies.POLICIES),
         "azul": (lambda seed: azul.Game(2, seed=seed), azul.POLICIES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for name, (new_game, kinds) in GAMES.items():
        for kind in ("random", "greedy"):
            lengths, actions = [], []
            for k in range(args.games):
                seed = seed_for(1, k)
                game = play_out(new_game(k), computer_players(kinds, [kind, kind], seed))
                lengths.append(len(pack(record(game))))
                actions.append(len(game.history))
            print(f"game={name} players={kind} games={args.games} mean_chars={statistics.mean(lengths):.0f} "
                  f"max_chars={max(lengths)} mean_actions={statistics.mean(actions):.0f}")


if __name__ == "__main__":
    main()
