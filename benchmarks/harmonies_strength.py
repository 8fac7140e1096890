"""Strength of the Harmonies strong player and speed of the coach, one figure per line.

    harmonies_strong_mean=           the strong player's mean score against greedy
    harmonies_strong_win_vs_greedy=  its share of those games won (a shared victory counts half)
    harmonies_strong_mean_vs_random= its mean score against random
    harmonies_strong_win_vs_random=  its share of those games won
    harmonies_hint_s=                mean seconds per hint (advisor.advise) at the default budget
    harmonies_hint_cpu_s=            the same in processor seconds (what it costs on an idle core)
    harmonies_playouts_per_s=        the coach's playouts per second
    harmonies_budget=                playouts per move of the strong player in these games
    harmonies_games=                 games per pairing

Every game: two players, side A, with Nature's Spirit, game ``k`` seeded ``seed + k``, the strong
player in the first seat in even games and the second in odd ones. Usage:
``python benchmarks/harmonies_strength.py [--games N] [--budget B] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from harmonies import advisor
from harmonies.game import Game
from harmonies.policies import GreedyPolicy, RandomPolicy, StrongPolicy, play_game


def pairing(opponent, games: int, budget: int, seed: int) -> tuple[float, float]:
    """(mean score of the strong player, share of games it won) against ``opponent(seed)``."""
    scores, wins = [], 0.0
    for k in range(games):
        game_seed = seed + k
        strong = StrongPolicy(game_seed, budget=budget)
        other = opponent(game_seed)
        me = k % 2
        seats = [strong, other] if me == 0 else [other, strong]
        game = play_game(Game(players=2, side="A", spirits=True, seed=game_seed), seats)
        scores.append(game.score(me).total)
        winners = game.winners()
        if me in winners:
            wins += 1 / len(winners)
    return statistics.mean(scores), wins / games


def positions(count: int, seed: int) -> list[Game]:
    """Positions at the start of a turn, from greedy games, early, middle and late."""
    out = []
    k = 0
    while len(out) < count:
        game = Game(players=2, side="A", spirits=True, seed=seed + 500 + k)
        greedy = GreedyPolicy(k)
        stop = 2 + 3 * (k % 5)  # turns into the game
        while not game.over and game.turn < stop:
            game.play(greedy(game))
        if not game.over and game.taken_space is None:
            out.append(game)
        k += 1
    return out


def hint_seconds(games: list[Game], budget: int, clock=time.perf_counter) -> float:
    start = clock()
    for k, game in enumerate(games):
        advisor.advise(game, budget=budget, seed=k)
    return (clock() - start) / len(games)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--budget", type=int, default=0,
                        help="playouts per move of the strong player (default 0)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--hints", type=int, default=10, help="positions to time hints on (default 10)")
    args = parser.parse_args(argv)
    mean_greedy, win_greedy = pairing(GreedyPolicy, args.games, args.budget, args.seed)
    mean_random, win_random = pairing(RandomPolicy, args.games, args.budget, args.seed)
    where = positions(args.hints, args.seed)
    hint = hint_seconds(where, advisor.DEFAULT_BUDGET)
    hint_cpu = hint_seconds(where, advisor.DEFAULT_BUDGET, time.process_time)
    extra = 4 * advisor.DEFAULT_BUDGET
    # Playouts per second: the extra playouts over the extra time they took, per position.
    playouts = extra / max(1e-9, hint_seconds(where, extra) - hint_seconds(where, 0))
    print(f"harmonies_strong_mean={mean_greedy:.1f}")
    print(f"harmonies_strong_win_vs_greedy={win_greedy:.2f}")
    print(f"harmonies_strong_mean_vs_random={mean_random:.1f}")
    print(f"harmonies_strong_win_vs_random={win_random:.2f}")
    print(f"harmonies_hint_s={hint:.2f}")
    print(f"harmonies_hint_cpu_s={hint_cpu:.2f}")
    print(f"harmonies_playouts_per_s={playouts:.0f}")
    print(f"harmonies_budget={args.budget}")
    print(f"harmonies_games={args.games}")


if __name__ == "__main__":
    main()
