"""The games a table can hold, and what a table needs of each beyond the Game interface: how many
seats, the options of its setup, its computer players, its picture and the picture's keys an action
touches (so that a page can turn clicks into actions). The one module of ``tabletop.tables`` that
knows the games: like a widget, it sits above both of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import azul
import harmonies
from azul import draw as azul_draw
from azul.policies import POLICIES as AZUL_POLICIES
from azul.tiles import WALL_KINDS
from harmonies import actions as harmonies_actions
from harmonies import draw as harmonies_draw
from harmonies.locale import t as harmonies_t
from harmonies.policies import POLICIES as HARMONIES_POLICIES

from .. import i18n
from ..game import Game
from ..locale import t
from ..scene import Scene


def _unrated(game: Game) -> None:
    return None


@dataclass(frozen=True)
class Kind:
    """One game as a table sees it."""

    name: str
    cls: type
    players: range
    #: option name -> the values it may take (the first is the default)
    options: Mapping[str, Sequence[Any]]
    policies: Mapping[str, Callable[..., Callable[[Game], Any]]]
    scene: Callable[[Game], Scene]
    keys: Callable[[Game, Any], list[str]]
    #: The number the game's own pictures and texts give its first player (Azul counts from 0,
    #: Harmonies from 1): a table names its seats the same way, so that "seat 1" is "player 1".
    first: int = 1
    #: The game's own rating of a finished game where it has one instead of a winner (the suns of
    #: Harmonies' solo mode), else None; and that rating in words, in the language in force.
    rating: Callable[[Game], int | None] = _unrated
    rating_words: Callable[[int], str] = str

    def seat(self, index: int) -> int:
        """The seat (from 0) as the game names it."""
        return index + self.first

    def ending(self, winners: Sequence[int], rating: int | None) -> str:
        """How a finished game came out, in words: its rating where it has one, else the winners."""
        if rating is not None:
            return self.rating_words(rating)
        return t("tables.page.winners", seats=i18n.join_and(str(self.seat(w)) for w in winners))


def _harmonies_keys(game, action) -> list[str]:
    seat = f"seat{game.current}:"
    if isinstance(action, harmonies_actions.TakeTokens):
        return [f"space:{action.space}"]
    if isinstance(action, harmonies_actions.PlaceToken):
        return [f"colour:{action.colour}", f"{seat}cell:{action.cell}"]
    if isinstance(action, harmonies_actions.TakeCard):
        return [f"display:{action.card}"]
    if isinstance(action, harmonies_actions.PlaceCube):
        return [f"{seat}held:{action.card}", f"{seat}cell:{action.cell}"]
    if isinstance(action, harmonies_actions.ChooseSpirit):
        return [f"{seat}spirit:{action.card}"]
    if isinstance(action, harmonies_actions.SwapCard):
        return [f"display:{action.card}"]
    return []  # "end": a button, not a place


GAMES: dict[str, Kind] = {
    "harmonies": Kind("harmonies", harmonies.Game, range(1, 5),
                      {"side": ("A", "B"), "spirits": (False, True)}, HARMONIES_POLICIES,
                      lambda game: harmonies_draw.game_scene(game), _harmonies_keys,
                      rating=lambda game: game.suns() if game.solo else None,
                      rating_words=lambda suns: harmonies_t("table.log.suns", suns=suns, icons="☀" * suns)),
    "azul": Kind("azul", azul.Game, range(2, 5), {"wall": tuple(WALL_KINDS)}, AZUL_POLICIES,
                 lambda game: azul_draw.game_scene(game),
                 lambda game, move: azul_draw.move_keys(move, game.current), first=0),
}
#: The game classes, for reading a table's record back (tabletop.records.replay).
CLASSES = [kind.cls for kind in GAMES.values()]
#: The computer players a table offers (both games have them).
COMPUTERS = ("greedy", "strong")

__all__ = ["Kind", "GAMES", "CLASSES", "COMPUTERS"]
