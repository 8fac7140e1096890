"""How strong the Azul coach plays, and how quickly it answers.

    python benchmarks/azul_strength.py --games 100 --budget 40

Plays ``--games`` two-player games of the strong player (``StrongPolicy`` with ``--budget``
playouts per move) against the greedy player, and as many against the random player, the strong
player taking seat 0 in the even games and seat 1 in the odd ones; game ``i`` uses seed ``S + i``.
Then times ``advise()`` at its default budget on positions taken from greedy games (the first
move of each round, where the search has the most to play out). Prints one ``name=value`` per line,
each as soon as it is known (the settings first):

* ``azul_strong_mean``: the strong player's mean score against greedy;
* ``azul_strong_win_vs_greedy``: its share of wins against greedy (a shared victory counts half);
* ``azul_strong_mean_vs_random``, ``azul_strong_win_vs_random``: the same against random;
* ``azul_greedy_mean_vs_strong``: greedy's mean score in those games;
* ``azul_hint_s``: the mean time of one ``advise()`` at the default budget; ``azul_hint_max_s`` the
  longest;
* ``azul_playouts_per_s``: playouts per second during those hints;
* ``azul_budget``, ``azul_games``, ``azul_seed``: the settings.

``main(argv)`` returns the figures as a dict too, for ``benchmarks/strength.py``.
"""

from __future__ import annotations

import argparse
import time

from azul import Game, GreedyPolicy, RandomPolicy, play_out
from azul.advisor import DEFAULT_BUDGET, advise
from azul.policies import StrongPolicy


def duel(games: int, budget: int, opponent: str, seed: int) -> tuple[float, float, float]:
    """The strong player's mean score and share of wins, and the opponent's mean score."""
    mine = theirs = wins = 0.0
    for i in range(games):
        game = Game(2, seed + i)
        strong = StrongPolicy(seed + i, budget=budget)
        other = GreedyPolicy() if opponent == "greedy" else RandomPolicy(seed + i)
        seat = i % 2
        play_out(game, [strong, other] if seat == 0 else [other, strong])
        mine += game.scores()[seat]
        theirs += game.scores()[1 - seat]
        if seat in game.winners():
            wins += 1 / len(game.winners())
    return mine / games, wins / games, theirs / games


def hint_times(positions: int, seed: int) -> tuple[float, float, float]:
    """Mean and longest time of ``advise()`` at its default budget, and playouts per second, on
    the first position of each round of greedy games."""
    times, playouts = [], 0
    game, i = Game(2, seed), 0
    greedy = GreedyPolicy()
    while len(times) < positions:
        if game.over:
            i += 1
            game = Game(2, seed + i)
        start = time.perf_counter()
        advice = advise(game, seed=len(times))
        times.append(time.perf_counter() - start)
        playouts += sum(a.playouts for a in advice)
        number = game.round
        while game.round == number and not game.over:
            game.play(greedy(game))
    return sum(times) / len(times), max(times), playouts / sum(times)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hints", type=int, default=20, help="positions to time advise() on")
    args = parser.parse_args(argv)
    figures: dict[str, float] = {}

    def report(**found: float) -> None:  # each figure as soon as it is known
        for name, value in found.items():
            figures[name] = value
            print(f"{name}={value}", flush=True)

    report(azul_budget=args.budget, azul_games=args.games, azul_seed=args.seed)
    mean, win, greedy_mean = duel(args.games, args.budget, "greedy", args.seed)
    report(azul_strong_mean=round(mean, 1), azul_strong_win_vs_greedy=round(win, 3),
           azul_greedy_mean_vs_strong=round(greedy_mean, 1))
    mean_random, win_random, _ = duel(args.games, args.budget, "random", args.seed)
    report(azul_strong_mean_vs_random=round(mean_random, 1),
           azul_strong_win_vs_random=round(win_random, 3))
    hint, hint_max, per_s = hint_times(args.hints, args.seed)
    report(azul_hint_s=round(hint, 3), azul_hint_max_s=round(hint_max, 3),
           azul_playouts_per_s=round(per_s))
    return figures


if __name__ == "__main__":
    main()
