"""Harmonies: the rules of the board game as plain Python, for learning, teaching and what-ifs.

Vocabulary (``tokens``) → personal boards (``board``) → cards (``cards``) → habitat matching
(``habitats``) → scoring (``scoring``) → the game (``game``) → scenario files and the command line.
"""

from .board import LAYOUTS, Board, Layout, Side
from .cards import Card, all_cards, card
from .errors import (
    HarmoniesError,
    IllegalCardAction,
    IllegalCube,
    IllegalMove,
    IllegalPlacement,
    ScenarioError,
    TurnOrderError,
)
from .tokens import POUCH_COUNTS, Colour

__all__ = [
    "LAYOUTS", "Board", "Layout", "Side", "Card", "all_cards", "card", "HarmoniesError",
    "IllegalCardAction", "IllegalCube", "IllegalMove", "IllegalPlacement", "ScenarioError",
    "TurnOrderError", "POUCH_COUNTS", "Colour",
]
