"""Opponents and simulation players: a policy is a callable ``policy(game) -> move``.

* ``RandomPolicy(seed)`` (``tabletop.game.RandomPolicy``) picks uniformly among the legal moves
  with its own generator, so the game's generator (the bag) and the player's choices stay
  independent.
* ``GreedyPolicy()`` picks the move with the best immediate gain (``azul.immediate.gain``).
* ``StrongPolicy(seed)`` plays the coach's first advice: the search of ``azul.search``, which plays
  the round out to its end (every reply weighed) and judges what the next rounds are worth. On the
  gray wall it plays the playouts' first advice (``azul.advisor.advise_playouts``).
* ``PlayoutPolicy(seed)`` is the coach before the search: playouts to the end of the round
  (``advise_playouts``), kept to compare with. Neither looks at the order of the tiles in the bag.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.game import Policy, RandomPolicy, play_out

from .advisor import DEFAULT_BUDGET, advise, advise_playouts
from .game import OFFER, Game
from .immediate import gain, tiles_on_lines
from .moves import Move
from .search import DEFAULT_NODES, best_move


class GreedyPolicy:
    """The move with the best immediate ``gain``. Ties go to the move that puts more tiles on
    pattern lines (progress towards the next tilings), then to the first in ``legal_moves()``
    order (factories by number, then the centre; colours B Y R K W; lines top to bottom, then the
    floor; on the gray wall, the leftmost column). It is deterministic."""

    def __call__(self, game: Game) -> Move:
        best_move, best_key = None, None
        for move in game.legal_moves():
            key = (gain(game, move), tiles_on_lines(game, move))
            if best_key is None or key > best_key:
                best_move, best_key = move, key
        return best_move


class StrongPolicy:
    """The search's move (``azul.search.best_move``) with ``budget`` nodes (default
    ``DEFAULT_NODES``): the same position, the same move, on any machine. On the gray wall, the
    move ``advise`` ranks first (playouts seeded from the policy's own generator)."""

    def __init__(self, seed: int | str | None = None, budget: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = DEFAULT_NODES if budget is None else budget

    def __call__(self, game: Game) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if game.gray or game.phase != OFFER:
            seed = self.rng.randrange(2**32)
            return advise(game, budget=self.budget, seed=seed, top=1)[0].move
        return best_move(game, self.budget)


class PlayoutPolicy:
    """The move ``azul.advisor.advise_playouts`` ranks first, with ``budget`` playouts (and
    ``seconds``, a time limit, when given): the strong player before the search. Each call gets its
    seed from the policy's own generator, so the same seed plays the same game (when the budget is
    in playouts only)."""

    def __init__(self, seed: int | str | None = None, budget: int | None = None,
                 seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None and seconds is None else budget
        self.seconds = seconds

    def __call__(self, game: Game) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seed = self.rng.randrange(2**32)
        return advise_playouts(game, budget=self.budget, seconds=self.seconds, seed=seed,
                               top=1)[0].move


POLICIES: dict[str, Callable[..., Policy]] = {
    "random": RandomPolicy,
    "greedy": lambda seed=None: GreedyPolicy(),
    "strong": StrongPolicy,
    "playout": PlayoutPolicy,
}


__all__ = ["RandomPolicy", "GreedyPolicy", "StrongPolicy", "PlayoutPolicy", "POLICIES", "Policy", "gain",
           "play_out"]
