"""What every game of the project offers, and what is written once against it.

``harmonies.Game`` and ``azul.Game`` both satisfy ``Game`` below (``tests/test_game_interface.py``
checks it on random games played to the end):

* ``seats`` (how many players) and ``current`` (the seat to move, from 0);
* ``legal_actions()``, every action allowed now, and ``play(action)``, an action or its text;
* ``action_text(action)`` and ``parse_action(text)``, the text form of an action and back;
* ``over``, ``scores()`` (per seat, something with a ``total``) and ``winners()`` (the seats that
  share the victory);
* ``to_dict()`` / ``from_dict(data)`` and ``copy()``; pickle and deepcopy work at every step.

On top of it, the same for both games: a computer player is a callable ``policy(game) -> action``;
``RandomPolicy``, the play loop ``play_out``, the seeding rule ``seed_for``, ``simulate`` (many games,
their final totals) and ``tournament`` (every deal played once with each seating).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .i18n import join_or
from .locale import t
from .untrusted import shown

#: The computer player that takes a search budget (``--budget``, ``simulate(budget=...)``).
STRONG = "strong"


class Score(Protocol):
    """One seat's score: at least its total."""

    @property
    def total(self) -> int: ...


@runtime_checkable
class Game(Protocol):
    """The interface both games satisfy (see the module docstring)."""

    current: int

    @property
    def seats(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def play(self, action: Any) -> object: ...

    def action_text(self, action: Any) -> str: ...

    def parse_action(self, text: str) -> Any: ...

    def scores(self) -> Sequence[Score]: ...

    def winners(self) -> list[int]: ...

    def to_dict(self) -> dict: ...

    @classmethod
    def from_dict(cls, data: dict) -> Game: ...

    def copy(self) -> Game: ...


Policy = Callable[[Game], Any]
#: A kind of computer player by name: ``kinds[name](seed)`` makes one (the strong one also takes
#: ``budget=``).
Kinds = Mapping[str, Callable[..., Policy]]


def seed_for(seed: object, *parts: object) -> str:
    """The one seeding rule: the seed of a part (a game of a series, a seat of a game) is the
    parent's seed and the part's number, ``"7:1"``; game 1 of ``simulate(seed=7)`` is ``"7:1"`` and
    its seat 0 plays with ``"7:1:0"``, as ``play --seed 7:1`` plays it."""
    return ":".join(str(x) for x in (seed, *parts))


class RandomPolicy:
    """Uniformly random among the legal actions, from its own seeded ``random.Random`` (so the
    game's draws and the player's choices stay independent)."""

    def __init__(self, seed: object = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> Any:
        return self.choose(game)

    def choose(self, game: Game) -> Any:
        return self.rng.choice(game.legal_actions())

    def __repr__(self) -> str:
        return f"RandomPolicy(seed={self.seed!r})"


def play_out(game: Game, policies: Policy | Sequence[Policy], max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end, each seat asking its policy (one policy for every seat, or one per
    seat); returns the same game. ``max_actions`` guards against a policy that never ends."""
    seats = [policies] * game.seats if callable(policies) else list(policies)
    if len(seats) != game.seats:
        raise ValueError(t("play.policy_count", players=game.seats, policies=len(seats)))
    for _ in range(max_actions):
        if game.over:
            return game
        game.play(seats[game.current](game))
    if game.over:
        return game
    raise RuntimeError(t("play.never_ends", actions=max_actions, policy=shown(seats[game.current])))


def seat_names(names: str | Sequence[str], seats: int, kinds: Kinds) -> list[str]:
    """One computer player's name per seat (one name: every seat), each checked (ValueError)."""
    names = [names] if isinstance(names, str) else list(names)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(t("play.policy_count", players=seats, policies=len(names)))
    for name in names:
        if name not in kinds:
            raise ValueError(t("play.unknown_policy", policy=shown(name), policies=join_or(kinds)))
    return names


def computer_players(kinds: Kinds, names: Sequence[str], game_seed: object,
                     budget: int | None = None) -> list[Policy]:
    """The players of one game: seat ``p`` plays ``kinds[names[p]]`` seeded ``seed_for(game_seed,
    p)``; ``budget`` goes to the strong player (None: its own default)."""
    return [kinds[name](seed_for(game_seed, p)) if name != STRONG or budget is None
            else kinds[name](seed_for(game_seed, p), budget=budget) for p, name in enumerate(names)]


def simulate(new_game: Callable[[str], Game], kinds: Kinds, n: int, names: str | Sequence[str],
             seats: int, seed: object = 0, budget: int | None = None) -> list[list[int]]:
    """The final totals of ``n`` games, seat by seat: game ``k`` is ``new_game(seed_for(seed, k))``
    played by ``names`` (one per seat, or one for all) seeded by ``computer_players``."""
    names = seat_names(names, seats, kinds)
    finals = []
    for k in range(n):
        game_seed = seed_for(seed, k)
        game = play_out(new_game(game_seed), computer_players(kinds, names, game_seed, budget))
        finals.append([score.total for score in game.scores()])
    return finals


def tournament(new_game: Callable[[str], Game], kinds: Kinds, names: Sequence[str], games: int,
               seed: object = 0, budget: int | None = None) -> dict[str, list[tuple[int, int]]]:
    """Every pair of ``names`` plays ``games`` deals (two-player games ``new_game(seed_for(seed,
    i))``), each deal twice with the seats swapped, so neither the deal nor the first seat favours
    anyone. Returns, per name, one (own total, opponent's total) per game played."""
    seat_names(names, len(names), kinds)
    results: dict[str, list[tuple[int, int]]] = {name: [] for name in names}
    for a, first in enumerate(names):
        for second in names[a + 1:]:
            for i in range(games):
                deal = seed_for(seed, i)
                for seating in ((first, second), (second, first)):
                    game = play_out(new_game(deal), computer_players(kinds, seating, deal, budget))
                    totals = [score.total for score in game.scores()]
                    for p, name in enumerate(seating):
                        results[name].append((totals[p], totals[1 - p]))
    return results


__all__ = ["Game", "Score", "Policy", "RandomPolicy", "play_out", "seed_for", "seat_names",
           "computer_players", "simulate", "tournament", "STRONG"]
