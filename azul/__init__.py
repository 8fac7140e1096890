"""Azul: the complete rules of the tile-laying game as plain Python, for learning and what-ifs.

The package reads in layers, each module building on the ones before:

* ``tiles`` — the vocabulary: colours, the coloured wall, floor penalties, bonuses, box contents;
* ``board`` — one player's pattern lines, wall, floor line and score;
* ``moves`` — ``Take`` and ``Place`` moves and the text they read as;
* ``tiling`` — the wall tiling as observable steps, the scoring rule, the end of the game;
* ``game`` — the whole state (``Game``): legal moves, phases, rounds, saving and loading;
* ``policies`` — computer players: uniformly random, greedy, strong (the search) and playout;
* ``advisor`` — the coach: the best moves ranked, with their expected gain and reasons;
* ``search`` — the coach's search: the round played out by alpha-beta, its end judged;
* ``scenario`` — position files for what-if questions;
* ``cli`` — ``python -m azul tile FILE`` and ``python -m azul play``.

A first game::

    from azul import Game, GreedyPolicy, RandomPolicy, play_out

    game = Game(players=2, seed=1)
    game.legal_moves()[:3]
    game.play("factory 0: blue -> line 1")   # a move or its text (when that move is legal)
    play_out(game, [GreedyPolicy(), RandomPolicy(seed=1)])
    game.scores(), game.winners()
"""

from .advisor import Advice, CellAdvice, advise, advise_board, advise_playouts, best_cells
from .board import EMPTY, Board
from .errors import (
    AzulError,
    CellTaken,
    ColourNotThere,
    ColumnHasColour,
    ColumnRequired,
    FloorNotAllowed,
    GameOver,
    IllegalMove,
    LineFull,
    LineHoldsOtherColour,
    MoveSyntaxError,
    NoSuchSource,
    NotThisLine,
    ScenarioError,
    WallRowHasColour,
    WrongColour,
    WrongPhase,
)
from .game import OFFER, OVER, TILING, Game
from .immediate import gain
from .moves import CENTRE, FLOOR, Move, Place, Take, in_words, parse_move
from .policies import POLICIES, GreedyPolicy, PlayoutPolicy, RandomPolicy, StrongPolicy, play_out
from .scenario import Scenario, TilingResult
from .tiles import (
    COLOURS,
    FACTORIES,
    FLOOR_PENALTIES,
    LETTERS,
    MARKER,
    NAMES,
    colour_of,
    wall_colour,
    wall_column,
)
from .tiling import (
    EndBonus,
    FloorPenalty,
    Placement,
    Step,
    ToFloor,
    cells,
    describe,
    placement_points,
    points,
    runs,
    winners,
)

__all__ = [
    "Advice", "CellAdvice", "advise", "advise_board", "advise_playouts", "best_cells",
    "EMPTY", "Board",
    "AzulError", "CellTaken", "ColourNotThere", "ColumnHasColour", "ColumnRequired",
    "FloorNotAllowed", "GameOver", "IllegalMove", "LineFull", "LineHoldsOtherColour",
    "MoveSyntaxError", "NoSuchSource", "NotThisLine", "ScenarioError", "WallRowHasColour",
    "WrongColour", "WrongPhase",
    "OFFER", "OVER", "TILING", "Game",
    "CENTRE", "FLOOR", "Move", "Place", "Take", "in_words", "parse_move",
    "POLICIES", "GreedyPolicy", "PlayoutPolicy", "RandomPolicy", "StrongPolicy", "gain", "play_out",
    "Scenario", "TilingResult",
    "COLOURS", "FACTORIES", "FLOOR_PENALTIES", "LETTERS", "MARKER", "NAMES", "colour_of",
    "wall_colour", "wall_column",
    "EndBonus", "FloorPenalty", "Placement", "Step", "ToFloor", "cells", "describe",
    "placement_points", "points", "runs", "winners",
]
