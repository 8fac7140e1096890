"""A simple coach of Four in a Row, and the computer players built on it.

The coach values a drop, for the player who makes it, on the game's own points (a win is 1 point
to the winner, 0 to the other): four in a row now is +1; a drop that leaves the opponent a four
in a row at once is -1 (that is also a threat left unblocked); a drop that makes two threats at
once (two columns where a disc of the same colour would make four) is +1, as only one can be
blocked; any other drop is worth a little
for every line of four that could pass through the place it fills (the centre lies on 13 such
lines, a corner on 3), a hundredth of a point each, and it says when it blocks a four.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tabletop.game import RandomPolicy

from .game import COLUMNS, DIRECTIONS, LINE, ROWS, Drop, Game, Place
from .locale import t

WIN, LOSS = 1.0, -1.0
#: What each line of four through the filled place is worth.
PER_LINE = 0.01
#: How many drops ahead the strong player looks by default.
DEPTH = 4


@dataclass(frozen=True)
class Value:
    """A drop as the coach sees it: the points it expects, and why (lazy texts)."""

    gain: float
    reasons: tuple


def lines_through(place: Place) -> int:
    """How many lines of four on the board pass through ``place``."""
    count = 0
    for dc, dr in DIRECTIONS:
        for back in range(LINE):  # the line starts ``back`` places before ``place``
            ends = [(place[0] - back * dc + k * dc, place[1] - back * dr + k * dr) for k in (0, LINE - 1)]
            count += all(0 <= c < COLUMNS and 0 <= r < ROWS for c, r in ends)
    return count


def wins(game: Game, action: Drop, seat: int) -> bool:
    """Whether ``seat``'s disc dropped by ``action`` would make four in a row."""
    trial = game.copy()
    trial.current = seat
    trial.play(action)
    return bool(trial.line)


def value(game: Game, action: Drop) -> Value:
    """The coach's value of ``action`` for the player to move in ``game`` (see the docstring)."""
    other = 1 - game.current
    after = game.copy()
    after.play(action)
    if after.line:
        return Value(WIN, (t.lazy("coach.wins"),))
    threats = [d for d in after.legal_actions() if wins(after, d, other)]
    if threats:
        return Value(LOSS, (t.lazy("coach.gives", player=other + 1, column=threats[0].column),))
    chances = [d.column for d in after.legal_actions() if wins(after, d, game.current)]
    if len(chances) > 1:
        return Value(WIN, (t.lazy("coach.double", a=chances[0], b=chances[1], player=other + 1),))
    lines = lines_through(game.landing(action))
    reasons = [t.lazy_count("coach.lines", lines)]
    if wins(game, action, other):
        reasons.insert(0, t.lazy("coach.blocks", player=other + 1))
    if after.full:
        reasons.append(t.lazy("coach.fills"))
    return Value(round(lines * PER_LINE, 2), tuple(reasons))


def best(game: Game) -> list[Drop]:
    """The drops the coach values highest (all of them, when several share the best value)."""
    values = {action: value(game, action).gain for action in game.legal_actions()}
    top = max(values.values())
    return [action for action, gain in values.items() if gain == top]


def outlook(game: Game, depth: int) -> float:
    """What the player to move can force within ``depth`` drops: +1 a win, -1 a loss, 0 neither."""
    found = LOSS if game.legal_actions() else 0.0
    for action in game.legal_actions():
        after = game.copy()
        after.play(action)
        if after.line:
            return WIN
        found = max(found, 0.0 if after.full or depth <= 1 else -outlook(after, depth - 1))
        if found == WIN:
            break
    return found


class Greedy:
    """The coach's best drop, a tie broken by its own seeded random generator."""

    def __init__(self, seed: object = None) -> None:
        self.seed, self.rng = seed, random.Random(seed)

    def __call__(self, game: Game) -> Drop:
        return self.rng.choice(best(game))


class Strong(Greedy):
    """The drops that force the best outcome ``budget`` drops ahead, then the coach's best of them."""

    def __init__(self, seed: object = None, budget: int | None = None) -> None:
        super().__init__(seed)
        self.depth = DEPTH if budget is None else max(1, budget)

    def __call__(self, game: Game) -> Drop:
        def forced(action: Drop) -> float:
            after = game.copy()
            after.play(action)
            if after.line or after.full or self.depth == 1:
                return WIN if after.line else 0.0
            return -outlook(after, self.depth - 1)

        outcomes = {action: forced(action) for action in game.legal_actions()}
        top = max(outcomes.values())
        kept = [action for action, found in outcomes.items() if found == top]
        gains = {action: value(game, action).gain for action in kept}
        return self.rng.choice([a for a in kept if gains[a] == max(gains.values())])


#: The computer players by name (``tabletop.game.Kinds``).
POLICIES = {"random": RandomPolicy, "greedy": Greedy, "strong": Strong}

__all__ = ["Value", "value", "best", "wins", "lines_through", "outlook", "Greedy", "Strong",
           "POLICIES", "WIN", "LOSS"]
