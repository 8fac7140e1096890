"""Harmonies as the shared ground sees it (``tabletop.kinds``), registered as the entry point
``harmonies`` of ``tabletop.games``: its setup, computer players, coach, picture and the picture's
keys each action touches, its solo rating, and what the record|replay|review|link commands add."""

from __future__ import annotations

import argparse

from tabletop.kinds import Kind
from tabletop.untrusted import shown

from .actions import ChooseSpirit, PlaceCube, PlaceToken, SwapCard, TakeCard, TakeTokens
from .game import Game
from .locale import t
from .policies import POLICIES
from .review import COACH
from .scenario import Scenario

PROGRAM = "harmonies"  # the program name that starts an error line


def keys(game: Game, action) -> list[str]:
    """The keys of the picture (``draw.game_scene``) that ``action`` touches: what a click names."""
    seat = f"seat{game.current}:"
    if isinstance(action, TakeTokens):
        return [f"space:{action.space}"]
    if isinstance(action, PlaceToken):
        return [f"colour:{action.colour}", f"{seat}cell:{action.cell}"]
    if isinstance(action, TakeCard | SwapCard):
        return [f"display:{action.card}"]
    if isinstance(action, PlaceCube):
        return [f"{seat}held:{action.card}", f"{seat}cell:{action.cell}"]
    if isinstance(action, ChooseSpirit):
        return [f"{seat}spirit:{action.card}"]
    return []  # "end": a button, not a place


def scene(game: Game):
    from .draw import game_scene  # drawn only when shown: the rules never import the drawing

    return game_scene(game)


def setup(p: argparse.ArgumentParser) -> None:
    """record's setup options."""
    p.add_argument("--players", type=int, choices=range(1, 5), default=2, metavar="N",
                   help=t("cli.help.players"))
    p.add_argument("--side", type=str.upper, choices=("A", "B"), default="A", help=t("cli.help.side"))
    p.add_argument("--spirits", action="store_true", help=t("cli.help.spirits"))


def error_line(command: str, message: object) -> str:
    """The line a command's refusal prints on standard error."""
    return t("cli.error", program=PROGRAM, command=command, message=message)


def budget_argument(text: str) -> int:
    """``--budget``: the coach's playouts per turn, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(t("cli.bad_budget", budget=shown(text)))
    return value


KIND = Kind(
    name="harmonies", catalogue=t, game=Game, players=range(1, 5), coach=COACH, scene=scene, keys=keys,
    options={"side": ("A", "B"), "spirits": (False, True)}, policies=POLICIES,
    rating=lambda game: game.suns() if game.solo else None,
    rating_words=lambda suns: t("table.log.suns", suns=suns, icons="☀" * suns),
    setup=setup, position=Scenario.from_dict, score=lambda scenario: scenario.score().total,
    error=error_line, budget=budget_argument)

__all__ = ["KIND", "keys", "scene"]
