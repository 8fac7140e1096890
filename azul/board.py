"""A player's board: five pattern lines, the 5 × 5 wall, the floor line and the score.

The representation is chosen for speed, since simulations play thousands of games:

* pattern line ``i`` is a colour (``EMPTY`` when it holds nothing) and a count;
* the wall is an int whose bit ``5 * row + column`` is set when that cell holds a tile, plus a list
  ``cells`` with the colour in each cell (the gray wall has no fixed pattern);
* the floor is a short list of colours, with ``MARKER`` for the first-player marker;
* ``accepts[colour]`` is a cache: bit ``i`` is set when pattern line ``i`` can take that colour now;
* ``gray``: the board knows its wall, gray (any colour in any cell, once per row and column) or
  coloured (each colour in the cell printed for it), so the tiling rules need not be told.

The rules about what a pattern line may take live here (``refusal``); the wall tiling lives in
``tiling``.
"""

from __future__ import annotations

from tabletop.untrusted import shown

from .errors import (
    IllegalMove,
    LineFull,
    LineHoldsOtherColour,
    ScenarioError,
    WallRowHasColour,
    checks,
)
from .locale import t
from .tiles import (
    FLOOR_SLOTS,
    LETTERS,
    LINES,
    MARKER,
    MARKER_LETTER,
    SIZE,
    capacity,
    colour_title,
    wall_colour,
)

EMPTY = -1
FULL_ROW = (1 << SIZE) - 1
ROW_MASKS = tuple(FULL_ROW << (SIZE * r) for r in range(SIZE))
COLUMN_MASKS = tuple(sum(1 << (SIZE * r + c) for r in range(SIZE)) for c in range(SIZE))


class Board:
    """One player's pattern lines, wall, floor line and score."""

    __slots__ = ("score", "line_colour", "line_count", "wall", "cells", "floor", "accepts", "gray")

    def __init__(self, gray: bool = False) -> None:
        self.gray = bool(gray)
        self.score = 0
        self.line_colour = [EMPTY] * SIZE
        self.line_count = [0] * SIZE
        self.wall = 0
        self.cells = [EMPTY] * (SIZE * SIZE)
        self.floor: list[int] = []
        self.accepts = [(1 << SIZE) - 1] * SIZE

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.gray = self.gray
        other.score = self.score
        other.line_colour = self.line_colour[:]
        other.line_count = self.line_count[:]
        other.wall = self.wall
        other.cells = self.cells[:]
        other.floor = self.floor[:]
        other.accepts = self.accepts[:]
        return other

    # --- what the board holds -----------------------------------------------------------------

    @property
    def wall_kind(self) -> str:
        """``"gray"`` or ``"colored"``, as files and ``Game(wall=...)`` name it."""
        return "gray" if self.gray else "colored"

    def colour_at(self, row: int, column: int) -> int:
        """The colour on the wall at (row, column), or ``EMPTY``."""
        return self.cells[SIZE * row + column]

    def row_has(self, row: int, colour: int) -> bool:
        return colour in self.cells[SIZE * row:SIZE * row + SIZE]

    def column_has(self, column: int, colour: int) -> bool:
        return colour in self.cells[column::SIZE]

    def is_complete(self, line: int) -> bool:
        return self.line_count[line] == capacity(line)

    def next_complete_line(self) -> int | None:
        """The top-most complete pattern line, the next one the wall tiling takes."""
        counts = self.line_count
        for line in LINES:
            if counts[line] == line + 1:
                return line
        return None

    def complete_rows(self) -> int:
        return sum(self.wall & m == m for m in ROW_MASKS)

    def complete_columns(self) -> int:
        return sum(self.wall & m == m for m in COLUMN_MASKS)

    def complete_colours(self) -> int:
        """How many colours have all five of their tiles on this wall."""
        cells = self.cells
        return sum(cells.count(c) == SIZE for c in range(len(LETTERS)))

    def has_complete_row(self) -> bool:
        wall = self.wall
        return any(wall & m == m for m in ROW_MASKS)

    @property
    def has_marker(self) -> bool:
        """Whether the first-player marker lies on this floor line."""
        return MARKER in self.floor

    def tile_counts(self) -> list[int]:
        """Tiles of each colour on this board (pattern lines, wall and floor)."""
        counts = [0] * len(LETTERS)
        for colour, n in zip(self.line_colour, self.line_count, strict=True):
            if n:
                counts[colour] += n
        for colour in self.cells:
            if colour != EMPTY:
                counts[colour] += 1
        for colour in self.floor:
            if colour != MARKER:
                counts[colour] += 1
        return counts

    # --- what a pattern line may take -----------------------------------------------------------

    def refusal(self, colour: int, line: int) -> IllegalMove | None:
        """Why pattern ``line`` cannot take ``colour`` now, as the exception to raise; ``None``
        when it can."""
        held, n = self.line_colour[line], self.line_count[line]
        if n == capacity(line):
            return LineFull(t.count("board.refused.full", n, line=line, colour=colour_title(held)))
        if held != EMPTY and held != colour:
            return LineHoldsOtherColour(t("board.refused.other_colour", line=line,
                                          held=colour_title(held), colour=colour_title(colour)))
        if self.row_has(line, colour):
            return WallRowHasColour(t("board.refused.wall_row", line=line, colour=colour_title(colour)))
        return None

    def refresh(self) -> None:
        """Recompute the ``accepts`` cache from the lines and the wall: the same rule as
        ``refusal`` (the tests check that they agree), in a form quick enough to run after every
        tiling. An empty line takes any colour its wall row lacks; a line with tiles takes more
        of its colour until it is full."""
        accepts = [0] * len(LETTERS)
        for line in LINES:
            held = self.line_colour[line]
            if held == EMPTY:
                row = self.cells[SIZE * line:SIZE * line + SIZE]
                for colour in range(len(LETTERS)):
                    if colour not in row:
                        accepts[colour] |= 1 << line
            elif self.line_count[line] < capacity(line):
                accepts[held] |= 1 << line
        self.accepts = accepts

    # --- text ----------------------------------------------------------------------------------

    def wall_rows(self) -> list[str]:
        """The wall as five strings like ``"B...."`` (``.`` for an empty cell)."""
        return ["".join(_letter(c) for c in self.cells[SIZE * r:SIZE * r + SIZE])
                for r in range(SIZE)]

    def pattern_lines(self) -> list[str]:
        """The pattern lines as five strings like ``"YY"``."""
        return [LETTERS[c] * n if n else "" for c, n in zip(self.line_colour, self.line_count,
                                                              strict=True)]

    def floor_text(self) -> str:
        return "".join(_letter(c) for c in self.floor)

    def __str__(self) -> str:
        rows = [t("board.text.score", score=self.score)]
        for line, (pattern, wall) in enumerate(zip(self.pattern_lines(), self.wall_rows(),
                                                   strict=True)):
            shown = "." * (capacity(line) - len(pattern)) + pattern
            rows.append(f"{shown:>5} | {' '.join(wall)}")
        rows.append(t("board.text.floor", tiles=self.floor_text()))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        from .draw import board_scene  # pictures need the tabletop kit; the rules do not

        return board_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    def __repr__(self) -> str:
        return f"<Board score={self.score} wall={self.wall_rows()} lines={self.pattern_lines()} " \
               f"floor={self.floor_text()!r}>"

    # --- files ---------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {"score": self.score, "wall": self.wall_rows(),
                "pattern_lines": self.pattern_lines(), "floor": self.floor_text()}

    @classmethod
    def from_dict(cls, data: dict, gray: bool, field: str = "player",
                  extra: tuple[str, ...] = ()) -> Board:
        """A board from its file form (see ``docs/azul.md``); every field is optional and an
        invalid one raises ``ScenarioError`` naming it, under the prefix ``field``."""
        checks.mapping(data, field, ("score", "wall", "pattern_lines", "floor", *extra))
        board = cls(gray)
        board.score = checks.integer(data.get("score", 0), f"{field}.score", low=0)
        if "wall" in data:
            _read_wall(board, data["wall"], gray, f"{field}.wall")
        if "pattern_lines" in data:
            _read_lines(board, data["pattern_lines"], f"{field}.pattern_lines")
        if "floor" in data:
            _read_floor(board, data["floor"], f"{field}.floor")
        board.refresh()
        return board


def _letter(code: int) -> str:
    if code == EMPTY:
        return "."
    return MARKER_LETTER if code == MARKER else LETTERS[code]


def _read_wall(board: Board, rows, gray: bool, field: str) -> None:
    checks.listing(rows, field, SIZE)
    for r, row in enumerate(rows):
        where = f"{field}[{r}]"
        checks.text(row, where)
        if len(row) != SIZE:
            raise ScenarioError(where, t("board.file.row_length", size=SIZE, found=len(row)))
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            if ch not in LETTERS:
                raise ScenarioError(where, t("board.file.not_a_wall_letter", char=shown(ch), column=c,
                                             letters=" ".join(LETTERS)))
            colour = LETTERS.index(ch)
            if not gray and colour != wall_colour(r, c):
                raise ScenarioError(where, t("board.file.not_printed_colour", column=c, row=r,
                                             printed=colour_title(wall_colour(r, c)),
                                             colour=colour_title(colour)))
            if board.row_has(r, colour):
                raise ScenarioError(where, t("board.file.twice_in_row", colour=colour_title(colour), row=r))
            if board.column_has(c, colour):
                raise ScenarioError(where, t("board.file.twice_in_column", colour=colour_title(colour),
                                             column=c))
            board.cells[SIZE * r + c] = colour
            board.wall |= 1 << (SIZE * r + c)


def _read_lines(board: Board, lines, field: str) -> None:
    checks.listing(lines, field, SIZE)
    for line, tiles in enumerate(lines):
        where = f"{field}[{line}]"
        checks.text(tiles, where)
        if not tiles:
            continue
        if len(set(tiles)) != 1 or tiles[0] not in LETTERS:
            raise ScenarioError(where, t("board.file.mixed_line", example=shown(LETTERS[0] * 2)))
        if len(tiles) > capacity(line):
            raise ScenarioError(where, t.count("board.file.line_too_long", capacity(line), line=line,
                                               found=len(tiles)))
        colour = LETTERS.index(tiles[0])
        if board.row_has(line, colour):
            raise ScenarioError(where, t("board.file.line_on_wall", line=line, colour=colour_title(colour)))
        board.line_colour[line] = colour
        board.line_count[line] = len(tiles)


def _read_floor(board: Board, floor, field: str) -> None:
    checks.text(floor, field)
    if len(floor) > FLOOR_SLOTS:
        raise ScenarioError(field, t("board.file.floor_too_long", slots=FLOOR_SLOTS, found=len(floor)))
    for ch in floor:
        if ch not in LETTERS and ch != MARKER_LETTER:
            raise ScenarioError(field, t("board.file.not_a_floor_letter", char=shown(ch),
                                         letters=" ".join(LETTERS), marker=MARKER_LETTER))
    if floor.count(MARKER_LETTER) > 1:
        raise ScenarioError(field, t("board.file.two_markers"))
    board.floor = [MARKER if ch == MARKER_LETTER else LETTERS.index(ch) for ch in floor]
