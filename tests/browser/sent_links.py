"""Links as a learner is sent them: made by the project's own code (``tabletop.links``,
``tabletop.records``), as a widget's link button makes them."""

from __future__ import annotations

import azul
import harmonies
from harmonies.scenario import Scenario
from tabletop.game import RandomPolicy
from tabletop.links import pack
from tabletop.records import record

AZUL_TABLE = "en/azul-lessons/21-play-a-game.ipynb"
EDITOR = "en/harmonies-lessons/03-your-turn-tokens-and-stacking.ipynb"


def azul_game_link() -> tuple[str, azul.Game]:
    """A game of Azul four moves in, as the table's send button gives it."""
    game = azul.Game(2, seed=5)
    policy = RandomPolicy(3)
    for _ in range(4):
        game.play(policy(game))
    return pack(record(game)), game


def board_link() -> str:
    """A Harmonies board with a tree of height three on c3 (7 points of trees), as a link."""
    board = harmonies.Board("A")
    for colour in ("brown", "brown", "green"):
        board.place("c3", colour)
    return pack(Scenario(board).to_dict())
