"""Azul as the shared ground sees it (``tabletop.kinds``), registered as the entry point ``azul``
of ``tabletop.games``: its setup (the wall), computer players, coach, picture and the picture's keys
each move touches, and what the record|replay|review|link commands add."""

from __future__ import annotations

import argparse

from tabletop.kinds import Kind
from tabletop.untrusted import shown

from .game import Game
from .locale import t
from .policies import POLICIES
from .review import COACH
from .scenario import Scenario
from .tiles import PLAYER_COUNTS, WALL_KINDS


def keys(game: Game, move) -> list[str]:
    """The keys of the picture a move of the player to move touches (``draw.move_keys``)."""
    from .draw import move_keys  # drawn only when shown: the rules never import the drawing

    return move_keys(move, game.current)


def scene(game: Game):
    from .draw import game_scene

    return game_scene(game)


def setup(p: argparse.ArgumentParser) -> None:
    """record's setup options."""
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2, help=t("cli.help.players"))
    p.add_argument("--wall", choices=WALL_KINDS, default="colored", help=t("cli.help.wall"))


def budget_argument(text: str) -> int:
    """``--budget``: the coach's playouts per move, 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(t("cli.play.bad_budget", value=shown(text)))
    return value


KIND = Kind(
    name="azul", catalogue=t, game=Game, players=range(min(PLAYER_COUNTS), max(PLAYER_COUNTS) + 1),
    coach=COACH, scene=scene, keys=keys, options={"wall": tuple(WALL_KINDS)}, policies=POLICIES,
    setup=setup, position=Scenario.from_dict, budget=budget_argument,
    score=lambda scenario: scenario.tile().boards[0].score,  # the first wall's, once tiled
    error=lambda command, message: t("cli.error", message=message))

__all__ = ["KIND", "keys", "scene"]
