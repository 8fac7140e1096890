"""Harmonies: the rules of the board game as plain Python, for learning, teaching and what-ifs.

The package reads in layers, each module building on the ones before:

* ``tokens`` — the vocabulary: colours, the pouch, the fifteen legal stacks;
* ``board`` — the two sides of the personal board, neighbours, rotations, stacking;
* ``cards`` — the 32 animal and 10 Nature's Spirit cards (``data/cards.json``);
* ``habitats`` — where a card's pattern appears in any of six rotations, and near misses;
* ``scoring`` — landscapes, water (river or islands), cards, spirits, with a full breakdown;
* ``actions`` and ``game`` — the whole game for 1 to 4 players, solo and Nature's Spirit;
* ``policies`` — computer players: uniformly random, greedy and strong (the coach, ``advisor``);
* ``positions`` — a game to ask the coach about, built from one player's position and tokens in hand;
* ``scenario`` and ``cli`` — position files and ``python -m harmonies``.

A first look::

    from harmonies import Board, score, matches

    board = Board("A")
    board.place("c3", "brown"); board.place("c3", "green")
    score(board).trees                      # 3: a tree of height 2
    matches("Koala", board)                 # no habitat yet
"""

from .advisor import Advice, advise
from .board import LAYOUTS, RIVER_READINGS, Board, Layout, Side
from .cards import Card, all_cards, card
from .errors import (
    ActionSyntaxError,
    HarmoniesError,
    IllegalCardAction,
    IllegalCube,
    IllegalMove,
    IllegalPlacement,
    IllegalSpace,
    ScenarioError,
    TurnOrderError,
)
from .game import Game
from .habitats import Match, NearMiss, cube_cells, matches, near_misses
from .policies import POLICIES, GreedyPolicy, RandomPolicy, StrongPolicy, play_game, seed_for
from .positions import game_from_position
from .scenario import Scenario
from .scoring import Breakdown, Item, river_points, score, solo_suns
from .tokens import POUCH_COUNTS, Colour

__all__ = [
    "LAYOUTS", "Board", "Layout", "Side", "Card", "all_cards", "card",
    "ActionSyntaxError", "HarmoniesError", "IllegalCardAction", "IllegalCube", "IllegalMove",
    "IllegalPlacement", "IllegalSpace", "ScenarioError", "TurnOrderError",
    "Advice", "advise", "game_from_position", "Game", "play_game", "Match", "NearMiss", "cube_cells",
    "matches", "near_misses",
    "GreedyPolicy", "RandomPolicy", "StrongPolicy", "POLICIES", "seed_for", "Scenario",
    "RIVER_READINGS", "Breakdown", "Item", "river_points", "score", "solo_suns",
    "POUCH_COUNTS", "Colour",
]
