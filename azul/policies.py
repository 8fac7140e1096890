"""Opponents and simulation players: a policy is a callable ``policy(game) -> move``.

* ``RandomPolicy(seed)`` (``tabletop.game.RandomPolicy``) picks uniformly among the legal moves
  with its own generator, so the game's generator (the bag) and the player's choices stay
  independent.
* ``GreedyPolicy()`` picks the move with the best immediate gain (``azul.immediate.gain``).
* ``StrongPolicy(seed)`` plays the coach's first advice (``azul.advisor.advise``): a search with
  playouts to the end of the round, which never looks at the order of the tiles in the bag.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.game import Policy, RandomPolicy, play_out

from .advisor import DEFAULT_BUDGET, advise
from .game import Game
from .immediate import gain, tiles_on_lines
from .moves import Move


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
    """The move ``azul.advisor.advise`` ranks first, with ``budget`` playouts (and ``seconds``, a
    time limit, when given). Each call gets its seed from the policy's own generator, so the same
    seed plays the same game (when the budget is in playouts only)."""

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
        return advise(game, budget=self.budget, seconds=self.seconds, seed=seed, top=1)[0].move


POLICIES: dict[str, Callable[..., Policy]] = {
    "random": RandomPolicy,
    "greedy": lambda seed=None: GreedyPolicy(),
    "strong": StrongPolicy,
}


__all__ = ["RandomPolicy", "GreedyPolicy", "StrongPolicy", "POLICIES", "Policy", "gain", "play_out"]
