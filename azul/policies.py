"""Opponents and simulation players: a policy is a callable ``policy(game) -> move``.

* ``RandomPolicy(seed)`` picks uniformly among ``game.legal_moves()`` with its own generator, so
  the game's generator (the bag) and the player's choices stay independent.
* ``GreedyPolicy()`` picks the move with the best immediate gain (see ``gain``).
* ``StrongPolicy(seed)`` plays the coach's first advice (``azul.advisor.advise``): a search with
  playouts to the end of the round, which never looks at the order of the tiles in the bag.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .game import Game
from .locale import t
from .moves import CENTRE, FLOOR, Move, Take
from .tiles import floor_penalty
from .tiling import free_columns, placement_points

Policy = Callable[[Game], Move]


class RandomPolicy:
    """A uniformly random legal move."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> Move:
        return self.rng.choice(game.legal_moves())


def gain(game: Game, move: Move) -> int:
    """The immediate gain of ``move`` for the player to move: the wall points it would score at the
    next tiling (when it completes its pattern line, scored on the wall as it is now; on the gray
    wall in the best free column) minus the floor penalty it adds (overflow, the marker when it is
    the first take from the centre, and on the gray wall a completed line with no free cell)."""
    board = game.boards[game.current]
    if type(move) is not Take:  # a gray-wall choice: the points of that cell, or the floor
        if move.column == FLOOR:
            return floor_penalty(len(board.floor) + move.line + 1) - floor_penalty(len(board.floor))
        return placement_points(board.wall, move.line, move.column)
    n = game.sources[move.source][move.colour]
    to_floor = 1 if move.source == CENTRE and game.centre_marker else 0
    wall_points = 0
    if move.line == FLOOR:
        to_floor += n
    else:
        line = move.line
        room = line + 1 - board.line_count[line]
        if n >= room:
            to_floor += n - room
            columns = free_columns(board, line, move.colour, game.gray)
            if columns:
                wall_points = max(placement_points(board.wall, line, column)
                                  for column in columns)
            else:  # gray wall, no free cell: the whole line will drop to the floor
                to_floor += line + 1
    have = len(board.floor)
    return wall_points + floor_penalty(have + to_floor) - floor_penalty(have)


def _tiles_on_lines(game: Game, move: Move) -> int:
    if type(move) is not Take or move.line == FLOOR:
        return 0
    n = game.sources[move.source][move.colour]
    return min(n, move.line + 1 - game.boards[game.current].line_count[move.line])


class GreedyPolicy:
    """The move with the best immediate ``gain``. Ties go to the move that puts more tiles on
    pattern lines (progress towards the next tilings), then to the first in ``legal_moves()``
    order (factories by number, then the centre; colours B Y R K W; lines top to bottom, then the
    floor; on the gray wall, the leftmost column). It is deterministic."""

    def __call__(self, game: Game) -> Move:
        best_move, best_key = None, None
        for move in game.legal_moves():
            key = (gain(game, move), _tiles_on_lines(game, move))
            if best_key is None or key > best_key:
                best_move, best_key = move, key
        return best_move


class StrongPolicy:
    """The move ``azul.advisor.advise`` ranks first, with ``budget`` playouts (and ``seconds``, a
    time limit, when given). Each call gets its seed from the policy's own generator, so the same
    seed plays the same game (when the budget is in playouts only)."""

    def __init__(self, seed: int | str | None = None, budget: int | None = None,
                 seconds: float | None = None) -> None:
        from .advisor import DEFAULT_BUDGET

        self.rng = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None and seconds is None else budget
        self.seconds = seconds

    def __call__(self, game: Game) -> Move:
        from .advisor import advise  # the advisor builds on this module's gain

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


def play_out(game: Game, policies: Policy | Sequence[Policy],
             max_moves: int = 100_000) -> Game:
    """Play ``game`` to its end, each player using ``policies[player]`` (or the one policy given);
    returns the same game. ``max_moves`` guards against a game that never ends."""
    pick = (lambda g: policies(g)) if callable(policies) else (
        lambda g: policies[g.current](g))
    for _ in range(max_moves):
        if game.over:
            return game
        game.play(pick(game))
    raise RuntimeError(t("policies.no_end", most=max_moves))
