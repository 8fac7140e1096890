"""The one-move heuristic: the points a move gains at once, for the greedy player, the coach and
the lessons (``gain(game, move)``). Written once here, so the players and the coach need not import
each other."""

from __future__ import annotations

from .game import Game
from .moves import CENTRE, FLOOR, Move, Take
from .tiles import floor_penalty
from .tiling import free_columns, placement_points


def gain(game: Game, move: Move) -> int:
    """The immediate gain of ``move`` for the player to move: the wall points it would score at the
    next tiling (when it completes its pattern line, scored on the wall as it is now; on the gray
    wall in the best free column) minus the floor penalty it adds (overflow, the marker when it is
    the first take from the centre, and on the gray wall a completed line with no free cell)."""
    board = game.boards[game.current]
    if type(move) is not Take:  # a gray-wall choice: the points of that cell, or the floor
        if move.column == FLOOR:
            return floor_penalty(len(board.floor) + move.line + 1) - floor_penalty(len(board.floor))
        return placement_points(board.wall, move.line, move.column)
    n = game.sources[move.source][move.colour]
    to_floor = 1 if move.source == CENTRE and game.centre_marker else 0
    wall_points = 0
    if move.line == FLOOR:
        to_floor += n
    else:
        line = move.line
        room = line + 1 - board.line_count[line]
        if n >= room:
            to_floor += n - room
            columns = free_columns(board, line, move.colour)
            if columns:
                wall_points = max(placement_points(board.wall, line, column)
                                  for column in columns)
            else:  # gray wall, no free cell: the whole line will drop to the floor
                to_floor += line + 1
    have = len(board.floor)
    return wall_points + floor_penalty(have + to_floor) - floor_penalty(have)


def tiles_on_lines(game: Game, move: Move) -> int:
    if type(move) is not Take or move.line == FLOOR:
        return 0
    n = game.sources[move.source][move.colour]
    return min(n, move.line + 1 - game.boards[game.current].line_count[move.line])


__all__ = ["gain", "tiles_on_lines"]
