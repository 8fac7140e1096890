"""Habitat matching: where a card's pattern appears on a board, where its cube may go, what is close.

A card's pattern may appear in any of the six rotations (every printed pattern is mirror-symmetric, so
mirrored copies add nothing). A *placement* is one rotation put down at one spot with every cell on
the board. It *matches* when each of its cells holds exactly what that cell needs (heights included;
a building cell takes red on red, brown or gray). Only the cube cell must be free of cubes: the other
cells may hold cubes of any card, and one token may serve many habitats, even of the same card.

Two rotations that put the same needs on the same cells *and* the same cube cell are one placement; the
lowest rotation is kept (the Dragonfly's straight T2-W-T2 has 180° symmetry). When a half turn swaps
the cube cell with another cell of the same need (Butterfly, Cat), both placements are kept: each
offers a different cell for the cube.

How it is fast
--------------
Each side's cells are laid on a padded grid of bits, ``bit = column * STRIDE + row`` in axial
coordinates, with a margin wider than any pattern. A step ``(dq, dr)`` on the board is then a shift by
``dq * STRIDE + dr`` and never wraps onto another board cell. For a board we build one integer per
need (the cells whose stack satisfies it). For a rotation whose cells sit at offsets ``o_k`` from its
lowest cell, the anchors where it matches are ``AND_k (cells_needing_k >> o_k)``: a handful of big
integer operations per rotation instead of a loop over cells. ``Match`` objects are immutable, built
once per placement when a card is first used on a side, and handed out for the hits only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .board import LAYOUTS, Board, Side, rotate
from .cards import NEEDS, Card, all_cards, need_mask
from .cards import card as _card_lookup
from .locale import t
from .tokens import NEXT, STACKS, Colour

#: The needs in a fixed order; internally a need is its index here.
NEED_ORDER: tuple[str, ...] = tuple(NEEDS)
_NEED_INDEX = {need: n for n, need in enumerate(NEED_ORDER)}
_NEED_CODES: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(NEEDS[n])) for n in NEED_ORDER)

# _FIX[n][code]: the one colour that, put on a stack ``code``, makes it satisfy need ``n`` (None if no
# single token can). There is never more than one: every need fixes the colour of its top token.
_FIX: tuple[tuple[Colour | None, ...], ...] = tuple(
    tuple(next((c for c in Colour if NEXT[code][c] in NEEDS[need]), None) for code in range(len(STACKS)))
    for need in NEED_ORDER
)
_NEAR_CODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(code for code, colour in enumerate(fix) if colour is not None) for fix in _FIX
)


# -- results -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    """One placement of a card's pattern present on a board now."""

    card_id: int
    rotation: int  # 0..5, clockwise 60° turns of the printed pattern
    cells: tuple[str, ...]  # board cell of each pattern cell, in pattern order
    cube_cell: str  # board cell of the pattern's cube cell
    cube_free: bool  # no cube on cube_cell yet: a cube of this card could go there now

    def needs(self) -> dict[str, str]:
        """Board cell → need code (``"T2"``, ``"W"`` …), in pattern order."""
        return _needs_of(self.card_id, self.cells)

    def to_dict(self) -> dict:
        return {"cells": self.needs(), "cube_cell": self.cube_cell, "rotation": self.rotation}


@dataclass(frozen=True)
class NearMiss:
    """A placement complete but for one cell, where one legal token would finish the habitat."""

    card_id: int
    rotation: int
    cells: tuple[str, ...]
    cube_cell: str
    cell: str  # where one more token completes the habitat
    colour: Colour  # the token to put there

    def needs(self) -> dict[str, str]:
        return _needs_of(self.card_id, self.cells)

    def to_dict(self) -> dict:
        return {"cells": self.needs(), "cube_cell": self.cube_cell, "rotation": self.rotation,
                "cell": self.cell, "colour": str(self.colour)}


def _needs_of(card_id: int, cells: tuple[str, ...]) -> dict[str, str]:
    pattern = _card_lookup(card_id).pattern
    return {cell: p.need for cell, p in zip(cells, pattern, strict=True)}


class Placement(NamedTuple):
    """A rotation of a pattern put down where all its cells are on the board (cell indices)."""

    rotation: int
    cells: tuple[tuple[int, int], ...]  # (cell index, accepted-codes bit mask) per pattern cell
    cube: int  # cell index of the cube cell
    needs: tuple[str, ...]  # need code per pattern cell


# -- geometry of the padded bit grid -----------------------------------------------------------------
class _Geometry(NamedTuple):
    stride: int
    bits: tuple[int, ...]  # cell index → its bit (a power of two)
    index_of: dict[int, int]  # bit (a power of two) → cell index


_MARGIN = 4  # wider than any pattern: a shifted on-board cell never lands in another column


@cache
def _geometry(side: Side) -> _Geometry:
    axial = LAYOUTS[side].axial
    qmin = min(q for q, _ in axial)
    rmin = min(r for _, r in axial)
    stride = max(r for _, r in axial) - rmin + 1 + 2 * _MARGIN
    position = tuple((q - qmin + _MARGIN) * stride + (r - rmin + _MARGIN) for q, r in axial)
    bits = tuple(1 << p for p in position)
    return _Geometry(stride, bits, {b: i for i, b in enumerate(bits)})


# -- compiled cards ----------------------------------------------------------------------------------
class _Rotation(NamedTuple):
    rotation: int
    terms: tuple[tuple[int, int], ...]  # (need index, offset from the anchor bit), most selective first
    cube_off: int  # offset of the cube cell from the anchor bit
    offsets: tuple[int, ...]  # offset of each pattern cell, in pattern order
    hits: dict[int, tuple[Match, Match]]  # anchor bit (power of two) → (cube free, cube taken)


class _Compiled(NamedTuple):
    card: Card
    rotations: tuple[_Rotation, ...]
    placements: tuple[Placement, ...]


# How selective a need is on a typical board (rarer first): the AND chain then empties sooner.
_SELECTIVITY = {"M3": 0, "T3": 1, "M2": 2, "T2": 3, "B": 4, "M1": 5, "T1": 6, "F": 7, "W": 8}


def _distinct_rotations(card: Card) -> list[int]:
    """The rotations kept: a rotation equal to a lower one up to translation (cube cell included) goes."""
    seen, kept = set(), []
    for turns in range(6):
        cells = [rotate(p.dq, p.dr, turns) for p in card.pattern]
        q0, r0 = min(cells)
        shape = frozenset(((q - q0, r - r0), p.need) for (q, r), p in zip(cells, card.pattern, strict=True))
        cq, cr = cells[card.cube]
        key = (shape, (cq - q0, cr - r0))
        if key not in seen:
            seen.add(key)
            kept.append(turns)
    return kept


def _compile(card: Card, side: Side) -> _Compiled:
    layout, geo = LAYOUTS[side], _geometry(side)
    needs = tuple(p.need for p in card.pattern)
    masks = tuple(need_mask(n) for n in needs)
    rotations, placements = [], []
    for turns in _distinct_rotations(card):
        steps = [rotate(p.dq, p.dr, turns) for p in card.pattern]
        raw = [dq * geo.stride + dr for dq, dr in steps]
        low = min(raw)
        offsets = tuple(o - low for o in raw)
        order = sorted(range(len(needs)), key=lambda k: (_SELECTIVITY[needs[k]], k))
        terms = tuple((_NEED_INDEX[needs[k]], offsets[k]) for k in order)
        hits: dict[int, tuple[Match, Match]] = {}
        anchor = raw.index(low)
        aq, ar = steps[anchor]
        for i, (q, r) in enumerate(layout.axial):
            # Board cell i is the anchor (the pattern cell on the lowest bit).
            found = [layout.at_axial.get((q + dq - aq, r + dr - ar)) for dq, dr in steps]
            if None in found:
                continue  # part of the pattern would leave the board
            names = tuple(layout.names[j] for j in found)
            cube_name = names[card.cube]
            hits[geo.bits[i]] = (Match(card.id, turns, names, cube_name, True),
                                 Match(card.id, turns, names, cube_name, False))
            slots = tuple(zip(found, masks, strict=True))
            placements.append(Placement(turns, slots, found[card.cube], needs))
        rotations.append(_Rotation(turns, terms, offsets[card.cube], offsets, hits))
    placements.sort(key=lambda p: (p.rotation, p.cells[0][0]))
    return _Compiled(card, tuple(rotations), tuple(placements))


_COMPILED: dict[tuple[int, Side], _Compiled] = {}


def _compiled(card_id: int, side: Side) -> _Compiled:
    key = (card_id, side)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = _compile(_card_lookup(card_id), side)
    return found


def _resolve(card: Card | int | str) -> int:
    """A card's id from a Card, an id or a name (KeyError for an unknown card)."""
    if isinstance(card, Card):
        if _card_lookup(card.id) != card:
            raise KeyError(t("habitats.error.card_data", id=card.id, card=card.title))
        return card.id
    if isinstance(card, int) and card in _ALL_IDS:
        return card
    return _card_lookup(card).id


_ALL_IDS: tuple[int, ...] = tuple(sorted(all_cards()))


# -- the board as bit sets ---------------------------------------------------------------------------
def _by_code(board: Board) -> list[int]:
    """Per stack code, the bit set of the cells holding that stack."""
    by_code = [0] * len(STACKS)
    for bit, code in zip(_geometry(board.layout.side).bits, board.codes, strict=True):
        by_code[code] |= bit
    return by_code


def _union(by_code: list[int], table: tuple[tuple[int, ...], ...]) -> list[int]:
    sets = []
    for codes in table:
        s = 0
        for code in codes:
            s |= by_code[code]
        sets.append(s)
    return sets


def _cube_bits(board: Board) -> int:
    bits, cubes = _geometry(board.layout.side).bits, 0
    for i in board.cubes:
        cubes |= bits[i]
    return cubes


def _need_sets(board: Board) -> tuple[list[int], int]:
    """Per need, the bit set of cells satisfying it; and the bit set of cells holding a cube."""
    return _union(_by_code(board), _NEED_CODES), _cube_bits(board)


def _anchors(rot: _Rotation, sets: list[int]) -> int:
    """The anchor bits where every cell of this rotation satisfies its need."""
    n, off = rot.terms[0]
    acc = sets[n] >> off
    for n, off in rot.terms[1:]:
        if not acc:
            return 0
        acc &= sets[n] >> off
    return acc


def _matches(compiled: _Compiled, sets: list[int], cubes: int, out: list[Match]) -> None:
    for rot in compiled.rotations:
        acc = _anchors(rot, sets)
        if not acc:
            continue
        taken = cubes >> rot.cube_off
        hits = rot.hits
        while acc:
            low = acc & -acc
            pair = hits[low]
            out.append(pair[1] if taken & low else pair[0])
            acc ^= low


def _free_anchor_sets(card_id: int, board: Board) -> tuple[_Compiled, list[tuple[_Rotation, int]]]:
    compiled = _compiled(card_id, board.layout.side)
    sets, cubes = _need_sets(board)
    found = []
    for rot in compiled.rotations:
        acc = _anchors(rot, sets)
        if acc:
            acc &= ~(cubes >> rot.cube_off)
            if acc:
                found.append((rot, acc))
    return compiled, found


# -- public API --------------------------------------------------------------------------------------
def placements(card: Card | int | str, side: Side | str) -> tuple[Placement, ...]:
    """Every placement of a card's pattern that fits on that side (cached), by rotation then first cell.

    All six rotations are tried; a rotation that repeats a lower one (same needs on the same cells,
    same cube cell) is left out.
    """
    return _compiled(_resolve(card), Side(str(side).upper())).placements


def matches(card: Card | int | str, board: Board) -> list[Match]:
    """Every placement of the card's pattern present on the board now, by rotation then first cell.

    ``cube_free`` tells which of them could take a cube of this card now.
    """
    out: list[Match] = []
    sets, cubes = _need_sets(board)
    _matches(_compiled(_resolve(card), board.layout.side), sets, cubes, out)
    return out


def all_matches(board: Board, cards: list | tuple | None = None) -> dict[int, list[Match]]:
    """Every match of every card (default all 42) on the board, keyed by card id."""
    side = board.layout.side
    sets, cubes = _need_sets(board)
    ids = _ALL_IDS if cards is None else [_resolve(c) for c in cards]
    result = {}
    for card_id in ids:
        out: list[Match] = []
        _matches(_compiled(card_id, side), sets, cubes, out)
        result[card_id] = out
    return result


def cube_cell_indices(card: Card | int | str, board: Board) -> list[int]:
    """Sorted cell indices where a cube of this card could be placed now (fast, for the game engine)."""
    _, found = _free_anchor_sets(_resolve(card), board)
    index_of = _geometry(board.layout.side).index_of
    cells = set()
    for rot, acc in found:
        acc <<= rot.cube_off  # the anchors' cube cells
        while acc:
            low = acc & -acc
            cells.add(index_of[low])
            acc ^= low
    return sorted(cells)


def has_cube_cell(card: Card | int | str, board: Board) -> bool:
    """Whether a cube of this card could be placed anywhere now.

    For the game engine and policies: a few integer operations per rotation, no objects built.
    """
    return bool(_free_anchor_sets(_resolve(card), board)[1])


def cube_cells(card: Card | int | str, board: Board) -> list[str]:
    """Sorted cells where a cube of this card could be placed now."""
    names = board.layout.names
    return [names[i] for i in cube_cell_indices(card, board)]


def can_place_cube(card: Card | int | str, board: Board, cell: str) -> bool:
    """Whether a cube of this card may go on ``cell`` now (IllegalPlacement for an unknown cell)."""
    i = board.layout.cell(cell)
    if i in board.cubes:
        return False
    return i in cube_cell_indices(card, board)


def near_misses(card: Card | int | str, board: Board) -> list[NearMiss]:
    """Placements that one more token would complete, with the cell and the token's colour.

    Every other cell already satisfies its need, the missing cell holds no cube and takes the token
    under the stacking rules, and the cube cell is free (or is the missing cell itself). Listed once
    each, by rotation, then first cell, then the missing cell's place in the pattern.
    """
    card_id = _resolve(card)
    compiled = _compiled(card_id, board.layout.side)
    by_code, cubes = _by_code(board), _cube_bits(board)
    sets = _union(by_code, _NEED_CODES)
    near = [s & ~cubes for s in _union(by_code, _NEAR_CODES)]  # a cube freezes its cell
    pattern_needs = [_NEED_INDEX[p.need] for p in compiled.card.pattern]
    cube_k = compiled.card.cube
    found = []
    for rot in compiled.rotations:
        for k, off_k in enumerate(rot.offsets):
            acc = near[pattern_needs[k]] >> off_k
            for j, off in enumerate(rot.offsets):
                if j != k and acc:
                    acc &= sets[pattern_needs[j]] >> off
            if k != cube_k:
                acc &= ~(cubes >> rot.cube_off)
            while acc:
                low = acc & -acc
                acc ^= low
                match = rot.hits[low][0]
                cell = match.cells[k]
                i = board.layout.index[cell]
                colour = _FIX[pattern_needs[k]][board.codes[i]]
                first = board.layout.index[match.cells[0]]
                found.append(((rot.rotation, first, k),
                              NearMiss(card_id, rot.rotation, match.cells, match.cube_cell, cell, colour)))
    found.sort(key=lambda pair: pair[0])
    return [miss for _, miss in found]


__all__ = ["Match", "NearMiss", "Placement", "NEED_ORDER", "placements", "matches", "all_matches",
           "cube_cells", "cube_cell_indices", "can_place_cube", "has_cube_cell", "near_misses"]
