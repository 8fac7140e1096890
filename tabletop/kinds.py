"""The games there are, each as one ``Kind``: all that the shared ground needs of a game beyond
the Game interface (``tabletop.game``), found through the entry point group ``tabletop.games``.

A game declares its kind in one module (``harmonies/kind.py``: ``KIND = Kind(...)``) and registers
it in its package's metadata::

    [project.entry-points."tabletop.games"]
    harmonies = "harmonies.kind:KIND"

so nothing here, and nothing anywhere under ``tabletop/``, imports a game by name: ``kinds()`` is
every installed game, ``kind(name)`` one of them (``UnknownGame``, in words, for a name that is
none), ``of_game(game)`` a game object's, ``classes()`` their Game classes and ``packages()`` each
game's package, read from the entry points without importing a game (for tools). A game from
another package is found the same way; a test registers one with a
``NAME.dist-info/entry_points.txt`` folder on ``sys.path`` and ``kinds.cache_clear()``
(``tests/registry.py``).

What a kind holds (``Kind``'s fields, keywords only):

* ``name``: the entry point's name, the game's name in code and in a lessons' folder
  (``notebooks/<lang>/<name>-lessons``); ``catalogue``: the game's own texts, whose ``kind.title``
  is the game's name for people (``title()``, in the language in force) and each
  ``kind.option.<option>.<value>`` an option's value (``option_words``, a setup menu's entry);
* ``game``: the Game class (its ``RECORD`` names its records, ``tabletop.records``); ``players``:
  the player counts it allows, a range; ``options``: its setup's fields, name -> the values it may
  take, the first the default; ``new_game(players, options, seed)`` starts one as
  ``game(players=, seed=, **options)``;
* ``scene(game)``: the state as a ``tabletop.scene.Scene``; ``keys(game, action)``: the picture
  keys an action touches, the click rule (a click keeps the legal actions whose keys hold
  everything clicked so far);
* ``policies``: its computer players by name (``tabletop.game.Kinds``; by default only
  ``random``; a table offers those of ``greedy`` and ``strong`` it has); ``coach``: the review's
  coach (``tabletop.review.Coach``), whose ``first_seat`` is also the kind's ``first``: how the
  game's words number its first player;
* ``rating(game)``: a finished game's own rating where it has one instead of a winner (the suns of
  Harmonies' solo game), else None, and ``rating_words(rating)`` that rating in words;
* for the ``record|replay|review|link`` commands (``tabletop.keeping``): ``setup(parser)`` adds
  record's setup options (by default ``--players`` and one per option, dest the option's name,
  help texts ``cli.help.<name>`` of the game's catalogue); ``position(data)``, a scenario's data
  checked (raising ``tabletop.files.ScenarioError``), or None for a game without positions, and
  ``score(position)`` its points as the engine counts them (a class's challenge ranks the boards
  handed in by it), or None;
  ``error(command, message)`` the game's error line; ``budget`` the type of ``--budget``; the
  lessons a link opens, ``play_lesson`` and ``position_lesson``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from . import i18n
from .game import Game, Kinds, RandomPolicy
from .i18n import Catalogue
from .locale import t
from .untrusted import shown

if TYPE_CHECKING:  # only for the annotations: the review and the scene import nothing of this
    from .review import Coach
    from .scene import Scene

GROUP = "tabletop.games"


def _unrated(game: Game) -> None:
    return None


def _as_is(command: str, message: str) -> str:
    return message


@dataclass(frozen=True, kw_only=True, repr=False)
class Kind:
    """One game as the shared ground sees it (see the module docstring)."""

    name: str
    catalogue: Catalogue
    game: type
    players: range
    coach: Coach
    scene: Callable[[Game], Scene]
    keys: Callable[[Game, Any], list[str]]
    options: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    policies: Kinds = field(default_factory=lambda: {"random": RandomPolicy})
    rating: Callable[[Game], int | None] = _unrated
    rating_words: Callable[[int], str] = str
    setup: Callable[[argparse.ArgumentParser], None] | None = None
    position: Callable[[dict], object] | None = None
    score: Callable[[object], int | None] = _unrated
    error: Callable[[str, str], str] = _as_is
    budget: Callable[[str], int] = int
    play_lesson: str = "21-play-a-game.ipynb"
    position_lesson: str = "20-scoring-sandbox.ipynb"

    def __repr__(self) -> str:
        return f"<Kind {self.name}>"

    def title(self) -> str:
        """The game's name for people, in the language in force."""
        return self.catalogue("kind.title")

    def option_words(self, name: str, value: object) -> str:
        """An option's value for people (a setup menu's entry), in the language in force."""
        return self.catalogue(f"kind.option.{name}.{value}")

    @property
    def first(self) -> int:
        """The number the game's words give its first player (the coach's, one home for it)."""
        return self.coach.first_seat

    def seat(self, index: int) -> int:
        """The seat (from 0) as the game's words number it."""
        return index + self.first

    def defaults(self) -> dict[str, Any]:
        """Every option at its default."""
        return {name: values[0] for name, values in self.options.items()}

    def new_game(self, players: int, options: Mapping[str, Any] | None = None,
                 seed: object = None) -> Game:
        """A game at its start; options left out take their defaults (the game refuses what it
        cannot play, with its own ValueError)."""
        return self.game(players=players, seed=seed, **{**self.defaults(), **(options or {})})

    def ending(self, winners: Sequence[int], rating: int | None) -> str:
        """How a finished game came out, in words: its rating where it has one, else the winners."""
        if rating is not None:
            return self.rating_words(rating)
        return t("tables.page.winners", seats=i18n.join_and(str(self.seat(w)) for w in winners))

    def add_setup(self, parser: argparse.ArgumentParser) -> None:
        """Add record's setup options to ``parser``: the game's own ``setup``, else one each."""
        if self.setup is not None:
            return self.setup(parser)
        parser.add_argument("--players", type=int, choices=self.players, default=self.players[0],
                            metavar="N", help=self.catalogue("cli.help.players"))
        for name, values in self.options.items():
            if isinstance(values[0], bool):
                parser.add_argument(f"--{name}", action="store_true", help=self.catalogue(f"cli.help.{name}"))
            else:
                parser.add_argument(f"--{name}", type=type(values[0]), choices=values, default=values[0],
                                    help=self.catalogue(f"cli.help.{name}"))

    def from_arguments(self, args: argparse.Namespace, seed: object) -> Game:
        """The game record's setup options describe, at its start."""
        return self.new_game(args.players, {name: getattr(args, name) for name in self.options}, seed)


class UnknownGame(KeyError):
    """A name that is no installed game; the message names the games there are."""

    def __init__(self, name: object, games: Sequence[str]):
        super().__init__(name)
        self.name = name
        self.text = t.lazy("kinds.unknown", name=shown(name), games=", ".join(games))

    def __str__(self) -> str:  # a KeyError's own would quote the name as code
        return str(self.text)


@cache
def kinds() -> Mapping[str, Kind]:
    """Every installed game by name, sorted (read once: ``kinds.cache_clear()`` reads again)."""
    found = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        if point.name in found:  # the same game seen twice on the path (an editable install)
            continue
        loaded = point.load()
        if not isinstance(loaded, Kind) or loaded.name != point.name:
            raise TypeError(f"entry point {point.name} = {point.value} of {GROUP} is not a Kind named "
                            f"{point.name!r}")
        found[point.name] = loaded
    return MappingProxyType(found)


def kind(name: object) -> Kind:
    """The installed game called ``name``, else ``UnknownGame`` naming the games there are."""
    games = kinds()
    if not isinstance(name, str) or name not in games:
        raise UnknownGame(name, list(games))
    return games[name]


def of_game(game: Game) -> Kind:
    """The kind a game object is of (``UnknownGame`` for a class no kind declares)."""
    for found in kinds().values():
        if isinstance(game, found.game):
            return found
    raise UnknownGame(type(game).__name__, list(kinds()))


def packages() -> dict[str, str]:
    """Each installed game's name and the package its kind lives in, read from the entry points
    alone (no game imported: for tools that only need to know where a game's files are)."""
    found = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        found.setdefault(point.name, point.module.split(".")[0])
    return found


def classes() -> list[type]:
    """The Game classes of every installed game (what a record may be a game of)."""
    return [found.game for found in kinds().values()]


__all__ = ["Kind", "UnknownGame", "kinds", "kind", "of_game", "classes", "packages", "GROUP"]
