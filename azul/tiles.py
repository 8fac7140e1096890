"""The vocabulary of Azul: colours, the coloured wall, the floor line and the numbers in the box.

Every fact of the game that is a plain number or a fixed pattern lives here, once. A colour is a
small int (0 to 4), because the engine keeps tiles as per-colour counts; ``LETTERS`` and ``NAMES``
turn it into the English words of files and of the move grammar, and ``colour_title`` into the name
a learner reads, in the language in force. Rows, columns, pattern lines, factories and players all
count from 0.
"""

from __future__ import annotations

from itertools import accumulate

from tabletop.i18n import Catalogue, Text
from tabletop.untrusted import shown

from .locale import t

BLUE, YELLOW, RED, BLACK, WHITE = range(5)
COLOURS = (BLUE, YELLOW, RED, BLACK, WHITE)
LETTERS = "BYRKW"
NAMES = ("blue", "yellow", "red", "black", "white")

#: The first-player marker where it lies among tiles (on a floor line): a code and a letter.
MARKER = 5
MARKER_LETTER = "F"

TILES_PER_COLOUR = 20
TOTAL_TILES = TILES_PER_COLOUR * len(COLOURS)
TILES_PER_FACTORY = 4
#: How many factory displays a game uses, by number of players.
FACTORIES = {2: 5, 3: 7, 4: 9}
PLAYER_COUNTS = tuple(FACTORIES)

#: The wall is SIZE × SIZE and there are SIZE pattern lines; line i holds i + 1 tiles.
SIZE = 5
LINES = range(SIZE)

#: What each floor slot costs, left to right, and the cost of a floor holding k tiles.
FLOOR_PENALTIES = (-1, -1, -2, -2, -2, -3, -3)
FLOOR_SLOTS = len(FLOOR_PENALTIES)
FLOOR_TOTALS = (0, *accumulate(FLOOR_PENALTIES))

#: End-of-game bonuses.
ROW_BONUS = 2
COLUMN_BONUS = 7
COLOUR_BONUS = 10

WALL_KINDS = ("colored", "gray")


def capacity(line: int) -> int:
    """How many tiles pattern line ``line`` holds when complete."""
    return line + 1


def wall_colour(row: int, column: int) -> int:
    """The colour printed on the coloured wall at (row, column): each row is the one above shifted
    one step to the right, so row 0 reads B Y R K W and row 1 reads W B Y R K."""
    return (column - row) % SIZE


def wall_column(row: int, colour: int) -> int:
    """The column where ``colour`` sits in ``row`` of the coloured wall."""
    return (colour + row) % SIZE


def floor_penalty(tiles: int) -> int:
    """The (negative) cost of a floor line holding ``tiles`` tiles; slots beyond 7 do not exist."""
    return FLOOR_TOTALS[min(tiles, FLOOR_SLOTS)]


_BY_WORD = {**{n: c for c, n in enumerate(NAMES)}, **{x.lower(): c for c, x in enumerate(LETTERS)}}


def colour_of(word: str) -> int:
    """The colour named by a word or a letter, in any case: ``"blue"``, ``"B"``, ``"k"``..."""
    try:
        return _BY_WORD[word.strip().lower()]
    except KeyError:
        known = series(f"{n} ({x})" for n, x in zip(NAMES, LETTERS, strict=True))  # the words to type
        raise ValueError(t("tiles.not_a_colour", word=shown(word), colours=known)) from None


def colour_title(colour: int | str) -> str:
    """The name of ``colour`` (a code, a word or a letter) in the language in force, e.g. "blue"."""
    code = colour_of(colour) if isinstance(colour, str) else colour
    return t(f"tile.{NAMES[code]}")


def colour_text(colour: int) -> Text:
    """``colour_title`` as a lazy text, for a text kept to be shown later: it follows a later change
    of language."""
    return t.lazy(f"tile.{NAMES[colour]}")


_common = Catalogue("tabletop")


def series(items) -> str:
    """``a, b, c``: items listed with the separator of the language in force and no final "and",
    where a text lists things plainly (the held colours, the players with a complete row)."""
    return _common("list.separator").join(str(item) for item in items)
