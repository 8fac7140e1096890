"""Phase B, the wall tiling, and the end of the game, as a sequence of observable steps.

Each function changes one board and returns the step it made, and the engine's fast path keeps
nothing it does not need. ``next_step`` holds the order of a player's tiling, once for the game,
the scenarios and the sandbox; ``replay`` gives each step with the boards before and after it, which
the drawings and the sandbox draw without running the tiling themselves:

* ``Placement`` — the tile of a complete pattern line goes to the wall and scores at once, with the
  horizontal and vertical runs through it (bit masks of cells; ``cells()`` lists them);
* ``ToFloor`` — gray wall only: no cell of the row can take the tile, so the line goes to the floor;
* ``FloorPenalty`` — the floor line costs points, and the score is clamped at 0;
* ``EndBonus`` — rows, columns and colours completed, once the game is over.

The scoring rule has one home, ``runs`` and ``points``: the tiling, the greedy policy and the
explanations all go through them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .board import EMPTY, Board
from .errors import CellTaken, ColumnHasColour, ColumnRequired, FloorNotAllowed, IllegalMove
from .locale import t
from .moves import FLOOR
from .tiles import (
    COLOUR_BONUS,
    COLOURS,
    COLUMN_BONUS,
    FLOOR_SLOTS,
    MARKER,
    ROW_BONUS,
    SIZE,
    colour_title,
    floor_penalty,
    wall_column,
)

# --- the scoring rule ------------------------------------------------------------------------


def runs(wall: int, row: int, column: int) -> tuple[int, int]:
    """The horizontal and vertical runs through (row, column) on ``wall``, which must already hold
    the new tile there: two bit masks of the contiguous cells, the new tile included."""
    bit = 1 << (SIZE * row + column)
    horizontal = vertical = bit
    b, c = bit, column
    while c > 0 and wall & (b >> 1):
        b >>= 1
        c -= 1
        horizontal |= b
    b, c = bit, column
    while c < SIZE - 1 and wall & (b << 1):
        b <<= 1
        c += 1
        horizontal |= b
    b, r = bit, row
    while r > 0 and wall & (b >> SIZE):
        b >>= SIZE
        r -= 1
        vertical |= b
    b, r = bit, row
    while r < SIZE - 1 and wall & (b << SIZE):
        b <<= SIZE
        r += 1
        vertical |= b
    return horizontal, vertical


def points(horizontal: int, vertical: int) -> int:
    """What a new tile scores from its runs: 1 when it touches nothing; otherwise the length of
    each run that has at least two tiles, added together."""
    h, v = horizontal.bit_count(), vertical.bit_count()
    if h == 1 and v == 1:
        return 1
    return (h if h > 1 else 0) + (v if v > 1 else 0)


def placement_points(wall: int, row: int, column: int) -> int:
    """What a tile put at (row, column) of ``wall`` (an empty cell) would score."""
    return points(*runs(wall | 1 << (SIZE * row + column), row, column))


def cells(mask: int) -> list[tuple[int, int]]:
    """The (row, column) cells of a bit mask, top to bottom, left to right."""
    return [divmod(i, SIZE) for i in range(SIZE * SIZE) if mask >> i & 1]


# --- the steps -------------------------------------------------------------------------------


class Placement(NamedTuple):
    """The tile of complete pattern ``line`` went to (row, column) and scored ``points``."""

    player: int
    line: int
    row: int
    column: int
    colour: int
    points: int
    horizontal: int  # bit mask of the horizontal run through the tile
    vertical: int  # bit mask of the vertical run through the tile
    score: int  # the player's score after this step


class ToFloor(NamedTuple):
    """Gray wall: no cell could take the tile of ``line``, so its ``tiles`` went to the floor
    (``to_lid`` of them beyond the seventh slot went to the lid)."""

    player: int
    line: int
    colour: int
    tiles: int
    to_lid: int


class FloorPenalty(NamedTuple):
    """The floor line held ``tiles`` (the marker counts) and cost ``penalty``; ``score`` is
    ``before + penalty`` clamped at 0."""

    player: int
    tiles: int
    penalty: int
    before: int
    score: int

    @property
    def clamped(self) -> bool:
        return self.before + self.penalty < 0


class EndBonus(NamedTuple):
    """End of the game: ``rows``, ``columns`` and ``colours`` completed, worth ``points``."""

    player: int
    rows: int
    columns: int
    colours: int
    points: int
    score: int


Step = Placement | ToFloor | FloorPenalty | EndBonus


# --- one step at a time ------------------------------------------------------------------------


def free_columns(board: Board, row: int, colour: int) -> list[int]:
    """The columns where a ``colour`` tile may go in ``row`` of the board's own wall. The coloured
    wall has one place for it; the gray wall allows any empty cell of the row whose column lacks
    that colour."""
    if not board.gray:
        return [wall_column(row, colour)]
    cells_ = board.cells
    return [c for c in range(SIZE)
            if cells_[SIZE * row + c] == EMPTY and colour not in cells_[c::SIZE]]


def refusal(board: Board, line: int, column: int | None) -> IllegalMove | None:
    """Why the tile of complete pattern ``line`` cannot go to ``column`` (``FLOOR``: the whole line
    to the floor; ``None``: no choice given), as the exception to raise; ``None`` when it can."""
    colour = board.line_colour[line]
    free = free_columns(board, line, colour)
    if column is None or column == FLOOR:
        if not free:
            return None
        options = t("tiling.or").join(map(str, free))
        if column is None:
            return ColumnRequired(t("tiling.refused.column_required", line=line,
                                    colour=colour_title(colour), columns=options))
        return FloorNotAllowed(t("tiling.refused.floor_not_allowed", line=line,
                                 colour=colour_title(colour), columns=options))
    if not board.gray and column != free[0]:
        return CellTaken(t("tiling.refused.colored_cell", colour=colour_title(colour), column=free[0],
                           row=line, chosen=column))
    held = board.cells[SIZE * line + column]
    if held != EMPTY:
        return CellTaken(t("tiling.refused.cell_taken", row=line, column=column,
                           held=colour_title(held)))
    if colour in board.cells[column::SIZE]:
        return ColumnHasColour(t("tiling.refused.column_has_colour", column=column,
                                 colour=colour_title(colour)))
    return None


def tile_line(board: Board, player: int, line: int, column: int, lid: list[int]) -> Placement:
    """Move the tile of complete pattern ``line`` to (line, column), score it, and put the rest
    of the line in the lid. ``column`` must be legal (see ``refusal``)."""
    colour = board.line_colour[line]
    index = SIZE * line + column
    board.cells[index] = colour
    wall = board.wall = board.wall | 1 << index
    horizontal, vertical = runs(wall, line, column)
    gained = points(horizontal, vertical)
    board.score += gained
    lid[colour] += line  # a complete line holds line + 1 tiles; one went to the wall
    board.line_colour[line] = EMPTY
    board.line_count[line] = 0
    return Placement(player, line, line, column, colour, gained, horizontal, vertical,
                     board.score)


def line_to_floor(board: Board, player: int, line: int, lid: list[int]) -> ToFloor:
    """Gray wall, no legal cell: every tile of ``line`` goes to the floor; beyond the seventh slot
    they go to the lid."""
    colour, n = board.line_colour[line], board.line_count[line]
    room = FLOOR_SLOTS - len(board.floor)
    kept = min(n, room)
    board.floor.extend([colour] * kept)
    lid[colour] += n - kept
    board.line_colour[line] = EMPTY
    board.line_count[line] = 0
    return ToFloor(player, line, colour, n, n - kept)


def score_floor(board: Board, player: int, lid: list[int]) -> FloorPenalty:
    """The floor penalty and the clamp at 0; the floor tiles go to the lid. The marker counts as a
    tile but does not go to the lid: the game hands it on."""
    floor = board.floor
    penalty = floor_penalty(len(floor))
    before = board.score
    board.score = max(0, before + penalty)
    for colour in floor:
        if colour != MARKER:
            lid[colour] += 1
    board.floor = []
    return FloorPenalty(player, len(floor), penalty, before, board.score)


def end_bonus(board: Board, player: int) -> EndBonus:
    """Add the end-of-game bonuses for complete rows, columns and colours."""
    rows, columns, colours = board.complete_rows(), board.complete_columns(), \
        board.complete_colours()
    gained = ROW_BONUS * rows + COLUMN_BONUS * columns + COLOUR_BONUS * colours
    board.score += gained
    return EndBonus(player, rows, columns, colours, gained, board.score)


# --- a whole phase -----------------------------------------------------------------------------


def resolve_line(board: Board, player: int, line: int, column: int | None,
                 lid: list[int]) -> Placement | ToFloor:
    """Tile complete pattern ``line`` as chosen (``None`` or ``FLOOR`` when nothing fits), after
    checking the choice; raises the ``IllegalMove`` from ``refusal`` otherwise."""
    problem = refusal(board, line, column)
    if problem is not None:
        raise problem
    if column is None or column == FLOOR:
        return line_to_floor(board, player, line, lid)
    return tile_line(board, player, line, column, lid)


def next_step(board: Board, player: int, lid: list[int],
              column: int | None = None) -> Placement | ToFloor | FloorPenalty:
    """Make the next step of one player's tiling, in the rulebook's order (its one home): the
    topmost complete pattern line (on the gray wall at ``column``, ``FLOOR`` or ``None`` when no
    cell fits; on the coloured wall at its colour's cell), and once none is left the floor, the
    player's last step. A refused column raises the ``IllegalMove`` from ``refusal``."""
    line = board.next_complete_line()
    if line is None:
        step = score_floor(board, player, lid)
        board.refresh()
        return step
    if not board.gray:
        return tile_line(board, player, line, wall_column(line, board.line_colour[line]), lid)
    return resolve_line(board, player, line, column, lid)


def tile_board(board: Board, player: int, lid: list[int],
               columns: list[int | None] | None = None) -> list[Step]:
    """One player's whole tiling, step after step up to the floor (on the gray wall in the
    ``columns`` given, one entry per line)."""
    steps: list[Step] = []
    step = None
    while type(step) is not FloorPenalty:
        line = board.next_complete_line() if columns else None
        step = next_step(board, player, lid, None if line is None else columns[line])
        steps.append(step)
    return steps


class Made(NamedTuple):
    """One tiling step with the board just before it and just after it."""

    before: Board
    step: Step
    after: Board


def replay(board: Board, steps: Sequence[Step] | None = None,
           columns: Sequence[int | None] | None = None) -> list[Made]:
    """One player's tiling step by step, each with its boards, to draw or explain one at a time;
    ``board`` is the board before the first step and does not change. The ``steps`` given (a
    ``TilingResult``'s or ``Game.last_tiling``'s for this player) are made again, and must be this
    board's; without them the board's own tiling is made, as a phase of its own (on the gray wall
    in the ``columns`` given, one entry per line; the end bonus when it ends the game)."""
    if steps is None:
        alone = board.copy()
        lid = [0] * len(COLOURS)
        steps = tile_board(alone, 0, lid, list(columns) if columns is not None else None)
        steps += end_of_phase([alone])
    board, lid, made = board.copy(), [0] * len(COLOURS), []
    for step in steps:
        before = board.copy()
        again = end_bonus(board, step.player) if type(step) is EndBonus else \
            next_step(board, step.player, lid, getattr(step, "column", FLOOR))
        if again != step:
            raise ValueError(f"the tiling step {step} is not the next one of this board ({again})")
        made.append(Made(before, step, board.copy()))
    return made


def row_can_complete(board: Board, row: int) -> bool:
    """Gray wall: whether ``row`` can still be completed, i.e. its missing colours can be given
    to its empty cells, one each, without a colour twice in a column. Placements only ever add
    constraints, so a row that cannot be completed now never can."""
    cells_ = board.cells
    start = SIZE * row
    empty = [c for c in range(SIZE) if cells_[start + c] == EMPTY]
    missing = [k for k in range(SIZE) if k not in cells_[start:start + SIZE]]

    def fits(i: int, used: int) -> bool:
        if i == len(missing):
            return True
        return any(not used >> c & 1 and missing[i] not in cells_[c::SIZE]
                   and fits(i + 1, used | 1 << c) for c in empty)

    return fits(0, 0)


def row_is_possible(board: Board, row: int, circulating: list[int] | None = None) -> bool:
    """Whether ``row`` of this wall can still be completed. A colour with no tile left in
    circulation (``circulating``: tiles per colour in the bag and the lid, the only tiles not on a
    wall or in a pattern line once a tiling phase is over) is gone for good: an unfinished pattern
    line of that colour can only be finished with such a tile, so none ever leaves for the lid.
    On the gray wall the row must also have a way to give its missing colours to its empty cells."""
    row_colours = board.cells[SIZE * row:SIZE * (row + 1)]
    missing = [colour for colour in range(SIZE) if colour not in row_colours]
    if circulating is not None and any(circulating[colour] == 0 for colour in missing):
        return False
    return not board.gray or row_can_complete(board, row)


def is_blocked(board: Board, circulating: list[int] | None = None) -> bool:
    """No row of this wall can ever be completed (see ``row_is_possible``)."""
    return not any(row_is_possible(board, row, circulating) for row in range(SIZE))


def game_ends(boards: list[Board], circulating: list[int] | None = None) -> bool:
    """The end-of-game check after a whole tiling phase: some wall has a complete row. The game
    also ends when no wall can ever complete a row any more (the rulebook is silent; without this
    such a game would never end): on the gray wall when rows cannot take their missing colours,
    on either wall when every row misses a colour whose tiles are all locked in unfinished pattern
    lines or on walls."""
    if any(board.has_complete_row() for board in boards):
        return True
    if circulating is None and not any(board.gray for board in boards):
        return False
    return all(is_blocked(board, circulating) for board in boards)


def end_of_phase(boards: list[Board], circulating: list[int] | None = None) -> list[EndBonus]:
    """After a whole tiling phase: when the game ends (``game_ends``) every player gets the end
    bonuses, returned as steps; otherwise nothing happens and the list is empty."""
    if not game_ends(boards, circulating):
        return []
    return [end_bonus(board, player) for player, board in enumerate(boards)]


def tile_all(boards: list[Board], lid: list[int],
             columns: list[list[int | None]] | None = None) -> list[Step]:
    """A whole tiling phase for every player, then the end-of-game check and bonuses."""
    steps: list[Step] = []
    for player, board in enumerate(boards):
        steps += tile_board(board, player, lid, columns[player] if columns else None)
    return steps + end_of_phase(boards)


def winners(boards: list[Board]) -> list[int]:
    """The players with the most points; among those tied only, the most complete rows; a tie
    that remains is a shared victory."""
    best = max(board.score for board in boards)
    tied = [p for p, board in enumerate(boards) if board.score == best]
    most_rows = max(boards[p].complete_rows() for p in tied)
    return [p for p in tied if boards[p].complete_rows() == most_rows]


# --- in words --------------------------------------------------------------------------------


def describe(step: Step) -> str:
    """One step in plain words, in the language in force, e.g. for ``python -m azul tile --explain``."""
    if isinstance(step, Placement):
        return _describe_placement(step)
    if isinstance(step, ToFloor):
        key = "tiling.to_floor.lid" if step.to_lid else "tiling.to_floor"
        return t.count(key, step.tiles, line=step.line, colour=colour_title(step.colour),
                       lid=step.to_lid)
    if isinstance(step, FloorPenalty):
        return _describe_floor(step)
    return _describe_bonus(step)


def _describe_floor(step: FloorPenalty) -> str:
    if not step.tiles:
        return t("tiling.floor.empty", score=step.score)
    if step.clamped:
        return t.count("tiling.floor.clamped", step.tiles, penalty=step.penalty, before=step.before,
                       lost=-step.penalty, would=step.before + step.penalty, score=step.score)
    return t.count("tiling.floor.penalty", step.tiles, penalty=step.penalty, score=step.score)


def _describe_bonus(step: EndBonus) -> str:
    return t("tiling.bonus", points=step.points, score=step.score,
             rows=t.count("tiling.bonus.rows", step.rows, points=step.rows * ROW_BONUS),
             columns=t.count("tiling.bonus.columns", step.columns, points=step.columns * COLUMN_BONUS),
             colours=t.count("tiling.bonus.colours", step.colours, points=step.colours * COLOUR_BONUS))


def _describe_placement(step: Placement) -> str:
    where = {"line": step.line, "colour": colour_title(step.colour), "row": step.row,
             "column": step.column, "score": step.score, "points": step.points}
    h, v = cells(step.horizontal), cells(step.vertical)
    if len(h) > 1 and len(v) > 1:
        return t("tiling.placement.both", **where, across=len(h), left=h[0][1], right=h[-1][1],
                 down=len(v), top=v[0][0], bottom=v[-1][0])
    if len(h) > 1:
        return t("tiling.placement.horizontal", **where, length=len(h), first=h[0][1], last=h[-1][1])
    if len(v) > 1:
        return t("tiling.placement.vertical", **where, length=len(v), first=v[0][0], last=v[-1][0])
    return t("tiling.placement.alone", **where)
