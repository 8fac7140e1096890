"""Personal boards: the two sides' hex geometry, and a board of stacks and cubes.

A board also knows how its water is read (``river``): side A's river has two readings, the
rulebook's and the online version's (``harmonies.scoring`` says what each counts); side B scores
islands whatever the reading. It is a rule of the game the board is played in, so a board carries
it to scoring as a side carries its shape.

Cells are flat-top hexes in columns. Column letters run left to right, row numbers top to bottom;
even columns (a, c, e, g) are the tall ones and odd columns sit half a hex lower. Internally a cell
is an index into its side's ``Layout``; the public methods take and give cell names like ``"c3"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from tabletop.i18n import join_or
from tabletop.untrusted import shown

from .errors import HarmoniesError, IllegalPlacement
from .locale import t
from .tokens import CODE, EMPTY, HEIGHT, NEXT, STACKS, TOP, Colour, Stack, why_not

#: The six directions in axial coordinates, clockwise from "up". Rotating a pattern by 60°
#: clockwise maps each direction onto the next one.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def rotate(q: int, r: int, turns: int) -> tuple[int, int]:
    """An axial offset turned clockwise by ``turns`` × 60°."""
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


class Side(StrEnum):
    A = "A"
    B = "B"


@dataclass(frozen=True, eq=False)
class Layout:
    """The cells of one side of the personal board and how they touch."""

    side: Side
    names: tuple[str, ...]
    axial: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    index: dict[str, int] = field(init=False, repr=False)
    at_axial: dict[tuple[int, int], int] = field(init=False, repr=False)

    @classmethod
    def build(cls, side: Side, column_heights: tuple[int, ...]) -> Layout:
        cells = [(c, r) for c, h in enumerate(column_heights) for r in range(h)]
        names = tuple(f"{chr(ord('a') + c)}{r + 1}" for c, r in cells)
        axial = tuple((c, r - (c - (c & 1)) // 2) for c, r in cells)
        at = {qr: i for i, qr in enumerate(axial)}
        neighbours = tuple(
            tuple(at[q + dq, r + dr] for dq, dr in DIRECTIONS if (q + dq, r + dr) in at)
            for q, r in axial
        )
        return cls(side, names, axial, neighbours)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {n: i for i, n in enumerate(self.names)})
        object.__setattr__(self, "at_axial", {qr: i for i, qr in enumerate(self.axial)})

    def __len__(self) -> int:
        return len(self.names)

    def cell(self, name: str) -> int:
        """The index of a cell name; IllegalPlacement naming the side when there is no such cell."""
        try:
            return self.index[name.strip().lower()]
        except (KeyError, AttributeError):
            raise IllegalPlacement(
                t("board.error.cell", name=shown(name), side=str(self.side), last=self.names[-1])
            ) from None

    def neighbour_names(self, name: str) -> list[str]:
        return [self.names[j] for j in self.neighbours[self.cell(name)]]


#: How side A's river may be read: the rulebook's way first (the default), then the online version's.
RIVER_READINGS = ("shortest-path", "loops-full-length")


def check_river(reading: object) -> str:
    """``reading`` if it is one of ``RIVER_READINGS``, else HarmoniesError naming the readings."""
    if reading not in RIVER_READINGS:
        raise HarmoniesError(t("board.error.river", river=shown(reading), readings=join_or(RIVER_READINGS)))
    return reading


LAYOUTS: dict[Side, Layout] = {
    Side.A: Layout.build(Side.A, (5, 4, 5, 4, 5)),
    Side.B: Layout.build(Side.B, (4, 3, 4, 3, 4, 3, 4)),
}


class Board:
    """One player's personal board: a stack code per cell, the cells frozen by cubes, and how its
    river is read (``river``, one of ``RIVER_READINGS``)."""

    __slots__ = ("layout", "codes", "cubes", "_river")

    def __init__(self, side: Side | str = Side.A, river: str = RIVER_READINGS[0]):
        self.layout = LAYOUTS[Side(str(side).upper())]
        self.codes: list[int] = [EMPTY] * len(self.layout)
        self.cubes: set[int] = set()
        self._river = check_river(river)

    # -- reading -------------------------------------------------------------------------------
    @property
    def side(self) -> Side:
        return self.layout.side

    @property
    def river(self) -> str:
        return self._river

    @river.setter
    def river(self, reading: str) -> None:
        self._river = check_river(reading)

    def with_river(self, reading: str) -> Board:
        """A copy of the board whose river is read the ``reading`` way."""
        new = self.copy()
        new.river = reading
        return new

    def stack(self, cell: str) -> Stack:
        """The stack on a cell, bottom to top."""
        return STACKS[self.codes[self.layout.cell(cell)]]

    def top(self, cell: str) -> Colour | None:
        return TOP[self.codes[self.layout.cell(cell)]]

    def height(self, cell: str) -> int:
        return HEIGHT[self.codes[self.layout.cell(cell)]]

    def has_cube(self, cell: str) -> bool:
        return self.layout.cell(cell) in self.cubes

    def stacks(self) -> Iterator[tuple[str, Stack]]:
        """(cell, stack) for every cell holding at least one token, in cell order."""
        for name, code in zip(self.layout.names, self.codes, strict=True):
            if code != EMPTY:
                yield name, STACKS[code]

    def empty_cells(self) -> list[str]:
        return [n for n, c in zip(self.layout.names, self.codes, strict=True) if c == EMPTY]

    def token_count(self) -> int:
        return sum(HEIGHT[c] for c in self.codes)

    # -- changing ------------------------------------------------------------------------------
    def check_place(self, cell: str, colour: Colour | str) -> tuple[int, Colour]:
        """Validate a placement; return (cell index, colour) or raise IllegalPlacement."""
        i = self.layout.cell(cell)
        try:
            colour = Colour.parse(colour) if not isinstance(colour, Colour) else colour
        except ValueError as err:
            raise IllegalPlacement(str(err)) from None
        name = self.layout.names[i]
        if i in self.cubes:
            raise IllegalPlacement(t("board.error.frozen", cell=name))
        reason = why_not(self.codes[i], colour)
        if reason:
            raise IllegalPlacement(t("board.error.refused", colour=colour.title, cell=name, reason=reason))
        return i, colour

    def place(self, cell: str, colour: Colour | str) -> None:
        """Put one token on top of a cell's stack, following the stacking rules."""
        i, colour = self.check_place(cell, colour)
        self.codes[i] = NEXT[self.codes[i]][colour]

    def can_place(self, cell: str, colour: Colour | str) -> bool:
        try:
            self.check_place(cell, colour)
        except IllegalPlacement:
            return False
        return True

    def legal_cells(self, colour: Colour) -> list[str]:
        """Every cell where a token of ``colour`` may go now."""
        names, cubes = self.layout.names, self.cubes
        return [names[i] for i, code in enumerate(self.codes)
                if NEXT[code][colour] >= 0 and i not in cubes]

    def set_stack(self, cell: str, stack: Iterable[Colour | str]) -> None:
        """Build a cell's stack token by token from the bottom (a fresh cell), checking each step."""
        i = self.layout.cell(cell)
        if self.codes[i] != EMPTY:
            raise IllegalPlacement(t("board.error.not_empty", cell=self.layout.names[i]))
        trial = Board(self.side)
        for colour in stack:
            trial.place(cell, colour)
        self.codes[i] = trial.codes[i]

    def freeze(self, cell: str) -> None:
        """Put a cube on a cell. The habitat rules are checked by whoever places the cube."""
        i = self.layout.cell(cell)
        if self.codes[i] == EMPTY:
            raise IllegalPlacement(t("board.error.cube_on_empty", cell=self.layout.names[i]))
        if i in self.cubes:
            raise IllegalPlacement(t("board.error.has_cube", cell=self.layout.names[i]))
        self.cubes.add(i)

    def unfreeze(self, cell: str) -> None:
        """Lift a cube off a cell. Never in a game (a cube stays for good): for what-if editors."""
        i = self.layout.cell(cell)
        if i not in self.cubes:
            raise IllegalPlacement(t("board.error.no_cube", cell=self.layout.names[i]))
        self.cubes.discard(i)

    # -- copies, comparison, text --------------------------------------------------------------
    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.layout, new.codes, new.cubes = self.layout, self.codes[:], set(self.cubes)
        new._river = self._river
        return new

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Board) and self.layout is other.layout and self.codes == other.codes
                and self.cubes == other.cubes and self._river == other._river)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict:
        """The board as plain data: side, stacks bottom to top, cube cells (the scenario file's
        fields) and the river reading (a scenario file keeps it in its options)."""
        return {
            "side": str(self.side),
            "board": {name: [str(c) for c in stack] for name, stack in self.stacks()},
            "cubes": sorted(self.layout.names[i] for i in self.cubes),
            "river": self.river,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Board:
        board = cls(data.get("side", "A"), data.get("river", RIVER_READINGS[0]))
        for name, stack in data.get("board", {}).items():
            board.set_stack(name, stack)
        for name in data.get("cubes", []):
            board.freeze(name)
        return board

    def _repr_svg_(self) -> str:
        from . import draw  # drawing is optional for the rules layer: imported only when shown
        return draw.board_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    def __repr__(self) -> str:
        cells = ", ".join(f"{n}={'/'.join(s)}" for n, s in self.stacks())
        return f"<Board side {self.side}: {cells or 'empty'}>"


def code_of(stack: Iterable[Colour | str]) -> int:
    """The code of a stack given bottom to top; KeyError when the rules do not allow it."""
    return CODE[tuple(Colour.parse(c) if not isinstance(c, Colour) else c for c in stack)]
