"""How strong the Azul coach plays, and how quickly it answers.

    python benchmarks/azul_strength.py --games 100 --budget 30000

Plays ``--games`` two-player games of the strong player (``StrongPolicy``, the search, with
``--budget`` nodes per move) against each opponent of ``--versus`` (default: ``greedy`` and
``playout``, the strong player before the search, at its default budget of playouts), the strong
player taking seat 0 in the even games and seat 1 in the odd ones; game ``i`` uses seed ``S + i``.
Then times ``advise()`` (a hint) at its default budget on positions taken from greedy games (the
first move of each round, where the search has the most to look at). Prints one ``name=value`` per
line, each as soon as it is known (the settings first). Per opponent ``X``:

* ``azul_strong_vs_X_mean``: the strong player's mean score; ``azul_X_mean_vs_strong`` the
  opponent's;
* ``azul_strong_vs_X_margin``: its mean lead per game (its score minus the opponent's), and
  ``azul_strong_vs_X_margin_se`` the standard error of that mean;
* ``azul_strong_vs_X_win_share``: its share of wins (a shared victory counts half);
* ``azul_strong_vs_X_s_per_move``: the seconds the strong player took per move it chose (the
  moves with a single legal choice left out);
* where the points came from, per game: ``azul_strong_vs_X_placed`` (tiles placed on the wall),
  ``_floor`` (floor penalties, the first-player marker included), ``_bonus`` (end bonuses), and
  the same three for the opponent as ``azul_X_placed_vs_strong`` and so on; ``azul_strong_vs_X_rounds``
  the rounds a game lasted.

Then ``azul_hint_s`` (the mean time of one ``advise()`` at its default budget) and
``azul_hint_max_s`` (the longest). Times are wall-clock on this machine: on a busy machine they
grow, the moves do not (the budget is in nodes). ``azul_strong_mean`` and
``azul_strong_win_vs_greedy`` repeat the greedy figures under their older names.

``main(argv)`` returns the figures as a dict too, for ``benchmarks/strength.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from azul import Game, GreedyPolicy
from azul.advisor import advise
from azul.policies import PlayoutPolicy, StrongPolicy
from azul.search import DEFAULT_NODES
from azul.tiling import EndBonus, FloorPenalty, Placement

#: The tiling steps a game's points come from, by the name the figures give them.
SOURCES = {Placement: "placed", FloorPenalty: "floor", EndBonus: "bonus"}


class Timed:
    """A policy that keeps count of the time it takes on the moves it really chooses."""

    def __init__(self, policy) -> None:
        self.policy, self.seconds, self.moves = policy, 0.0, 0

    def __call__(self, game: Game):
        if len(game.legal_moves()) == 1:
            return self.policy(game)
        start = time.perf_counter()
        move = self.policy(game)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return move


def opponent(name: str, seed: int):
    return GreedyPolicy() if name == "greedy" else PlayoutPolicy(seed)


def played(game: Game, policies: list) -> list[dict[str, int]]:
    """Play ``game`` to its end; per player, the points of each kind of tiling step (``SOURCES``)."""
    points = [dict.fromkeys(SOURCES.values(), 0) for _ in policies]
    while not game.over:
        tiling = game.last_tiling
        game.play(policies[game.current](game))
        if game.last_tiling is not tiling:  # a tiling came: a new list of its steps
            for step in game.last_tiling:
                name = SOURCES.get(type(step))
                if name:
                    points[step.player][name] += step.penalty if name == "floor" else step.points
    return points


def duel(games: int, budget: int, versus: str, seed: int) -> dict[str, float]:
    """The strong player against ``versus`` (``greedy`` or ``playout``), seats alternating."""
    mine, theirs, margins, wins, rounds = [], [], [], 0.0, 0
    seconds, moves = 0.0, 0
    sources = {(who, name): 0 for who in ("strong", "opponent") for name in SOURCES.values()}
    for i in range(games):
        game = Game(2, seed + i)
        strong = Timed(StrongPolicy(seed + i, budget=budget))
        other = opponent(versus, seed + i)
        seat = i % 2
        points = played(game, [strong, other] if seat == 0 else [other, strong])
        for name in SOURCES.values():
            sources["strong", name] += points[seat][name]
            sources["opponent", name] += points[1 - seat][name]
        rounds += game.round
        scores = game.scores()
        mine.append(scores[seat])
        theirs.append(scores[1 - seat])
        margins.append(scores[seat] - scores[1 - seat])
        if seat in game.winners():
            wins += 1 / len(game.winners())
        seconds, moves = seconds + strong.seconds, moves + strong.moves
    se = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    return {"mean": round(statistics.mean(mine), 1), "margin": round(statistics.mean(margins), 1),
            "margin_se": round(se, 1), "win_share": round(wins / games, 3),
            "s_per_move": round(seconds / max(1, moves), 3),
            "rounds": round(rounds / games, 2), "opponent_mean": round(statistics.mean(theirs), 1),
            **{f"{who}_{name}": round(total / games, 1) for (who, name), total in sources.items()}}


def hint_times(positions: int, seed: int) -> tuple[float, float]:
    """Mean and longest time of ``advise()`` at its default budget, on the first position of each
    round of greedy games."""
    times = []
    game, i = Game(2, seed), 0
    greedy = GreedyPolicy()
    while len(times) < positions:
        if game.over:
            i += 1
            game = Game(2, seed + i)
        start = time.perf_counter()
        advise(game, seed=len(times), top=3)
        times.append(time.perf_counter() - start)
        number = game.round
        while game.round == number and not game.over:
            game.play(greedy(game))
    return sum(times) / len(times), max(times)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=int, default=DEFAULT_NODES, help="nodes per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--versus", default="greedy,playout",
                        help="opponents, among greedy and playout, separated by commas")
    parser.add_argument("--hints", type=int, default=20, help="positions to time advise() on")
    args = parser.parse_args(argv)
    figures: dict[str, float] = {}

    def report(**found: float) -> None:  # each figure as soon as it is known
        for name, value in found.items():
            figures[name] = value
            print(f"{name}={value}", flush=True)

    report(azul_budget=args.budget, azul_games=args.games, azul_seed=args.seed)
    for versus in [v.strip() for v in args.versus.split(",") if v.strip()]:
        if versus not in ("greedy", "playout"):
            parser.error(f"--versus: greedy or playout, not {versus!r}")
        found = duel(args.games, args.budget, versus, args.seed)
        report(**{f"azul_strong_vs_{versus}_{name.removeprefix('strong_')}": value
                  for name, value in found.items() if not name.startswith("opponent_")})
        report(**{f"azul_{versus}_{name.removeprefix('opponent_')}_vs_strong": value
                  for name, value in found.items() if name.startswith("opponent_")})
        if versus == "greedy":
            report(azul_strong_mean=found["mean"], azul_strong_win_vs_greedy=found["win_share"])
    if args.hints:
        hint, hint_max = hint_times(args.hints, args.seed)
        report(azul_hint_s=round(hint, 3), azul_hint_max_s=round(hint_max, 3))
    return figures


if __name__ == "__main__":
    main()
