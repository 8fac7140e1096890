"""The picture of a game of Four in a Row, as a ``tabletop.scene.Scene``.

Each column is one place, keyed ``column:N`` (N from 1, as ``drop N`` writes it): its frame, its
number and its discs carry the key, so a click anywhere on a column drops a disc into it (the kind's
``keys`` gives a drop the same key). The four in a row that won is ringed.
"""

from __future__ import annotations

from tabletop.scene import Scene

from .game import COLUMNS, ROWS, Drop, Game
from .locale import t

CELL, MARGIN, HEAD = 56, 16, 56
DISC = 0.4 * CELL
#: Each seat's disc colour, and the board's.
COLOURS = ("#d62728", "#f2c500")
BOARD, HOLE, RING = "#1f4e9c", "#ffffff", "#111111"


def key(column: int) -> str:
    """The place of column ``column`` (from 1)."""
    return f"column:{column}"


def keys(game: Game, action: Drop) -> list[str]:
    """The picture keys a drop touches: its column."""
    return [key(action.column)]


def status(game: Game) -> str:
    """Whose turn it is, or how the game ended, in words."""
    if game.line:
        winner = game.winners()[0]
        return t("draw.won", player=winner + 1, colour=t(f"colour.{winner}"))
    if game.over:
        return t("draw.tie")
    return t("draw.turn", player=game.current + 1, colour=t(f"colour.{game.current}"))


def centre(column: int, row: int) -> tuple[float, float]:
    """Where the place (column, row), both from 0 and row 0 at the bottom, is drawn."""
    return MARGIN + (column + 0.5) * CELL, HEAD + (ROWS - row - 0.5) * CELL


def game_scene(game: Game) -> Scene:
    width = 2 * MARGIN + COLUMNS * CELL
    scene = Scene(width, HEAD + ROWS * CELL + MARGIN, title=t("draw.title", status=status(game)))
    scene.text((width / 2, HEAD / 4), status(game), size=15, weight="bold")
    scene.rect(MARGIN, HEAD, COLUMNS * CELL, ROWS * CELL, fill=BOARD)
    for c, discs in enumerate(game.columns):
        place = key(c + 1)
        tip = t.count("draw.column", len(discs), column=c + 1, room=ROWS - len(discs))
        scene.rect(MARGIN + c * CELL, HEAD, CELL, ROWS * CELL, stroke=BOARD, key=place, title=tip)
        scene.text((centre(c, ROWS - 1)[0], HEAD * 0.72), str(c + 1), size=14, key=place)
        for row in range(ROWS):
            fill = COLOURS[discs[row]] if row < len(discs) else HOLE
            scene.circle(centre(c, row), DISC, fill=fill, stroke=BOARD, key=place)
    for place in game.line:
        scene.circle(centre(*place), DISC + 3, stroke=RING, width=4)
    return scene


__all__ = ["game_scene", "keys", "key", "status", "COLOURS"]
