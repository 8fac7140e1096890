"""End-of-game scoring: the five landscapes, the animal cards, the Nature's Spirit card, solo suns.

``score(board, animals, spirit)`` is the one entry point. It returns a ``Breakdown``: the
points per category and one ``Item`` per thing that was looked at (each tree, each mountain, each
field, each building, the river or each island, each card), with the board cells involved so a
drawing can highlight them and a label in words so ``explain()`` can tell a learner why. Labels are
lazy catalogue texts (``tabletop.i18n.Text``) until read, so they follow the language in force.

Items with 0 points are kept on purpose when they show a rule at work: a mountain with no mountain
next to it, a building with too few colours around it, a lone yellow token, a river of 1, an animal
card with no cube placed, a spirit card whose cube is still on the card. Filter on ``points`` to draw
only what scored. Brown-only stacks and lone red tokens are no landscape at all and get no item.

The river (side A) has two readings; a board says which is its own (``Board.river``):

- ``"shortest-path"`` (default, the rulebook's): within each connected group of blue tokens, take
  the pair of tokens whose shortest path through blue tokens is longest; the tokens on that path,
  both ends included, are the group's length. Side branches and shortcuts do not count. Only the
  best group on the board scores.
- ``"loops-full-length"`` (what the popular online version does): a group that closes into a loop
  may count the cells of its longest simple loop instead, so a group's length is the larger of its
  shortest-path length and its longest loop. A ring of 6 blue tokens scores 15 instead of 8; the
  rulebook's side-branch example still scores 15 because its only loop (a triangle) is 3 long.
  When the loop wins, the item's cells run once round the loop and its label says so.

Speed: everything works on stack codes and cell bit masks. Per board side a few tables are built once
at import (neighbour masks, "grow a mask by one ring" tables, cell names per mask chunk, and the items
that depend on one cell only). The items that depend on many cells are remembered by what they are
made of: the fields by the mask of yellow cells, the river or islands by the mask of blue cells, a
placed spirit card by its card and the cells (and, per height, the stacks) it counts. Items are
immutable and their words lazy, so one item serves every board and every language that meets the
same cells. A full board whose yellow, blue and spirit cells were met before scores in about a dozen
microseconds; with nothing remembered, in about fifty (``clear_memos()`` empties every memo).

For search there is a points-only path: ``points(...)`` (the total), ``landscape_points(board)`` and
``token_gain(board, cell, colour)`` (what one more token would change, looking at the cell and its
neighbours only). They build no items and no words, and keep the water and field points of the blue
and yellow cell masks they meet in memos, as a search meets the same masks again and again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabletop.i18n import Text, join_and
from tabletop.untrusted import shown

from .board import LAYOUTS, RIVER_READINGS, Board, Layout, Side
from .cards import Card, all_cards, card
from .errors import HarmoniesError
from .locale import t
from .tokens import BUILDING, CODE, HEIGHT, MOUNTAIN, NEXT, STACKS, TOP, TREE, Colour

CATEGORIES = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit")
LANDSCAPES = CATEGORIES[:5]
#: The nine keys of ``Breakdown.to_dict()``, in its order.
SCORE_KEYS = (*LANDSCAPES, "landscapes", "animals", "spirit", "total")

#: Points for a tree / a scoring mountain of height 1, 2, 3 (index 0 unused).
HEIGHT_POINTS = (0, 1, 3, 7)
FIELD_POINTS = 5
BUILDING_POINTS = 5
BUILDING_COLOURS_NEEDED = 3
ISLAND_POINTS = 5
#: River points by length up to 6; each token beyond 6 adds RIVER_EXTRA.
RIVER_POINTS = (0, 0, 2, 5, 8, 11, 15)
RIVER_EXTRA = 4

#: Solo: (lowest total, suns) from the score alone, best last; below the first row, no sun.
SOLO_SUN_THRESHOLDS = ((40, 1), (70, 2), (90, 3), (110, 4), (130, 5), (140, 6), (150, 7), (160, 8))
SOLO_SIDE_A_BONUS = 1
SOLO_NO_SPIRIT_BONUS = 2
SOLO_GROUP_SPIRIT_BONUS = 1  # a spirit scoring "per group"; a "per height" one adds nothing


def category_title(key: str) -> str:
    """The display name of a score key (``"trees"`` … ``"total"``) in the language in force, as it
    reads inside a line: lowercase in English ("animal cards")."""
    if key not in SCORE_KEYS:
        raise HarmoniesError(t("scoring.error.key", key=shown(key), keys=", ".join(SCORE_KEYS)))
    return t(f"landscape.{key}") if key in LANDSCAPES else t(f"category.{key}")


def river_points(length: int) -> int:
    """The points of a river of ``length`` blue tokens: 1→0, 2→2, …, 6→15, then +4 per token."""
    if length < 0:
        raise HarmoniesError(t("scoring.error.river_length", length=length))
    if length < len(RIVER_POINTS):
        return RIVER_POINTS[length]
    return RIVER_POINTS[-1] + RIVER_EXTRA * (length - len(RIVER_POINTS) + 1)


def solo_suns(total: int, side: Side | str, spirit_card: Card | int | str | None = None) -> int:
    """Suns earned in a solo game: from the total, +1 on side A, +2 without a spirit card,
    +1 with a spirit that scores per group (Lion, Butterfly, Cat, Stork, Dragonfly), +0 with one that
    scores per height or token (Deer, Owl, Ram, Marmot, Tortoise).

    ``spirit_card`` is the spirit chosen at the start, whether or not its cube was placed.
    """
    suns = 0
    for lowest, value in SOLO_SUN_THRESHOLDS:
        if total >= lowest:
            suns = value
    if Side(str(side).upper()) is Side.A:
        suns += SOLO_SIDE_A_BONUS
    if spirit_card is None:
        suns += SOLO_NO_SPIRIT_BONUS
    else:
        spirit = _spirit_card(spirit_card)
        if spirit.scoring["per"] == "group":
            suns += SOLO_GROUP_SPIRIT_BONUS
    return suns


# ---------------------------------------------------------------------------------------------
# Result objects


@dataclass(frozen=True, slots=True)
class Listed:
    """Several values shown as one list: ``a, b and c``, or parts separated as the language does."""

    items: tuple[object, ...]
    parts: bool = False  # True: "part; part" (whole clauses), False: "a, b and c"

    def __str__(self) -> str:
        shown = [str(item) for item in self.items]
        return t("scoring.separator.parts").join(shown) if self.parts else join_and(shown)


def _colour(colour: Colour) -> Text:
    return t.lazy(f"colour.{colour.value}")


def _card_name(found: Card) -> Text:
    name = _CARD_NAMES.get(found.id)
    if name is None:
        name = _CARD_NAMES[found.id] = t.lazy(f"card.{found.id}")
    return name


_CARD_NAMES: dict[int, Text] = {}


@dataclass(frozen=True, slots=True)
class Item:
    """One thing that was scored (or looked at and scored 0), for highlighting and explanations.

    ``words`` is what the item says; ``label`` puts it into words in the language in force.
    """

    category: str
    cells: tuple[str, ...]  # the board cells involved; for the river, the path in order
    points: int
    words: Text

    @property
    def label(self) -> str:
        return str(self.words)


@dataclass(frozen=True)
class Breakdown:
    """The points of one board by category, with the items behind them.

    ``side`` and ``river`` record how the board was scored so that ``explain()`` can say it.
    """

    trees: int = 0
    mountains: int = 0
    fields: int = 0
    buildings: int = 0
    water: int = 0
    animals: int = 0
    spirit: int = 0
    items: tuple[Item, ...] = ()
    side: str = "A"
    river: str = RIVER_READINGS[0]

    @property
    def landscapes(self) -> int:
        return self.trees + self.mountains + self.fields + self.buildings + self.water

    @property
    def total(self) -> int:
        return self.landscapes + self.animals + self.spirit

    def to_dict(self) -> dict[str, int]:
        """The integer keys of ``python -m harmonies score``."""
        return {
            "trees": self.trees, "mountains": self.mountains, "fields": self.fields,
            "buildings": self.buildings, "water": self.water, "landscapes": self.landscapes,
            "animals": self.animals, "spirit": self.spirit, "total": self.total,
        }

    def items_for(self, category: str) -> list[Item]:
        if category not in CATEGORIES:
            raise HarmoniesError(t("scoring.error.category", category=shown(category),
                                   categories=", ".join(CATEGORIES)))
        return [item for item in self.items if item.category == category]

    def explain(self) -> str:
        """The breakdown in plain words, category by category, each item with its points."""
        lines = [t("scoring.explain.side", side=self.side, reading=_reading_words(self.side, self.river))]
        for category in CATEGORIES:
            if category == "animals":
                lines.append(t("scoring.explain.landscapes", points=self.landscapes))
            lines.append(t(f"scoring.explain.{category}", points=getattr(self, category)))
            items = self.items_for(category)
            if not items:
                lines.append("  " + t(f"scoring.nothing.{category}"))
            for item in items:
                lines.append("  " + t("scoring.explain.item", label=item.label, points=item.points))
        lines.append(t("scoring.explain.total", points=self.total))
        return "\n".join(lines)


def _reading_words(side: str, river: str) -> str:
    """How the water was scored: the river reading on side A, islands on side B."""
    if side != "A":
        return t("scoring.reading.islands")
    if river == "loops-full-length":
        return t("scoring.reading.loops")
    return t("scoring.reading.shortest_path")


# ---------------------------------------------------------------------------------------------
# Per-code tables (index = stack code)

_N_CODES = len(STACKS)
_BLUE = CODE[(Colour.BLUE,)]
_YELLOW = CODE[(Colour.YELLOW,)]
# What a stack is, as one small number, so one pass over the board sorts cells into masks.
_K_NONE, _K_TREE, _K_MOUNTAIN, _K_BUILDING, _K_BLUE, _K_YELLOW = range(6)
_KIND = tuple(
    _K_TREE if c in TREE else _K_MOUNTAIN if c in MOUNTAIN else _K_BUILDING if c in BUILDING
    else _K_BLUE if c == _BLUE else _K_YELLOW if c == _YELLOW else _K_NONE
    for c in range(_N_CODES)
)
_COLOURS = tuple(Colour)
_TOP_BIT = tuple(0 if TOP[c] is None else 1 << _COLOURS.index(TOP[c]) for c in range(_N_CODES))


def _colour_list(bits: int) -> Text | Listed:
    colours = tuple(_colour(c) for k, c in enumerate(_COLOURS) if bits >> k & 1)
    return Listed(colours) if colours else t.lazy("scoring.colours.none")


# ---------------------------------------------------------------------------------------------
# Per-side geometry, built once

_CHUNK = 9
_CHUNK_MASK = (1 << _CHUNK) - 1
# Item memos hold words and cell lists (about 1.4 kB an entry), so they keep far fewer entries than
# the points memos (_MEMO_LIMIT): a few MB at most, and a board scored again meets its own entries.
_ITEM_MEMO_LIMIT = 1_000


class _Geometry:
    """Bit-mask tables for one side: cell i is bit ``1 << i``."""

    def __init__(self, layout: Layout):
        n = len(layout)
        if n > 3 * _CHUNK:
            raise ValueError("the mask tables cover at most 27 cells")
        self.layout = layout
        self.names = layout.names
        self.full = (1 << n) - 1
        self.nb = tuple(sum(1 << j for j in around) for around in layout.neighbours)
        self.nbrs = layout.neighbours
        # grow[k][chunk]: the neighbours of the cells of a 9-bit chunk k, so a mask grows by one
        # ring with three lookups; idx[k][chunk] and names[k][chunk]: the chunk's cells.
        self.grow, self.idx, self.cell_names = [], [], []
        for k in range(3):
            grow, idx, names = [], [], []
            for chunk in range(1 << _CHUNK):
                cells = [k * _CHUNK + b for b in range(_CHUNK) if chunk >> b & 1 and k * _CHUNK + b < n]
                mask = 0
                for i in cells:
                    mask |= self.nb[i]
                grow.append(mask)
                idx.append(tuple(cells))
                names.append(tuple(layout.names[i] for i in cells))
            self.grow.append(tuple(grow))
            self.idx.append(tuple(idx))
            self.cell_names.append(tuple(names))
        # Items that depend on one cell and its stack only.
        self.tree_items = [
            {c: Item("trees", (name,), HEIGHT_POINTS[h], t.lazy("scoring.item.tree", height=h, cell=name))
             for c, h in TREE.items()}
            for name in layout.names
        ]
        self.mountain_items = [
            {c: (Item("mountains", (name,), 0,
                      t.lazy("scoring.item.mountain.alone", height=h, cell=name)),
                 Item("mountains", (name,), HEIGHT_POINTS[h],
                      t.lazy("scoring.item.mountain", height=h, cell=name)))
             for c, h in MOUNTAIN.items()}
            for name in layout.names
        ]
        self.lone_yellow = [Item("fields", (name,), 0, t.lazy("scoring.item.field.alone", cell=name))
                            for name in layout.names]
        self.building_items: dict[tuple[int, int], Item] = {}
        # Memos of the items that depend on more than one cell, keyed on what they are made of (a
        # mask, a card and the stacks it counts), never on a board: boards change under our feet.
        # fields: yellow mask -> (points, items); water: (reading, blue mask) -> (points, items);
        # spirit: (card id, mask[, stacks]) -> item.
        self.field_memo: dict[int, tuple[int, tuple[Item, ...]]] = {}
        self.water_memo: dict[tuple[str, int], tuple[int, tuple[Item, ...]]] = {}
        self.spirit_memo: dict[tuple, Item] = {}

    def clear_memos(self) -> None:
        for memo in (self.field_memo, self.water_memo, self.spirit_memo):
            memo.clear()

    def indices(self, mask: int) -> tuple[int, ...]:
        i0, i1, i2 = self.idx
        return i0[mask & _CHUNK_MASK] + i1[mask >> _CHUNK & _CHUNK_MASK] + i2[mask >> 2 * _CHUNK]

    def names_of(self, mask: int) -> tuple[str, ...]:
        n0, n1, n2 = self.cell_names
        return n0[mask & _CHUNK_MASK] + n1[mask >> _CHUNK & _CHUNK_MASK] + n2[mask >> 2 * _CHUNK]

    def groups(self, mask: int) -> list[int]:
        """The connected groups of a set of cells, as masks, in order of their first cell."""
        g0, g1, g2 = self.grow
        out = []
        while mask:
            group = mask & -mask
            while True:
                grown = (group | g0[group & _CHUNK_MASK] | g1[group >> _CHUNK & _CHUNK_MASK]
                         | g2[group >> 2 * _CHUNK]) & mask
                if grown == group:
                    break
                group = grown
            out.append(group)
            mask ^= group
        return out

    def levels(self, source: int, group: int) -> list[int]:
        """Breadth-first levels (masks) from the one-cell mask ``source`` inside ``group``."""
        g0, g1, g2 = self.grow
        out = [source]
        seen = frontier = source
        while True:
            frontier = (g0[frontier & _CHUNK_MASK] | g1[frontier >> _CHUNK & _CHUNK_MASK]
                        | g2[frontier >> 2 * _CHUNK]) & group & ~seen
            if not frontier:
                return out
            out.append(frontier)
            seen |= frontier

    def building_item(self, i: int, colours: int) -> Item:
        key = (i, colours)
        item = self.building_items.get(key)
        if item is None:
            name = self.names[i]
            count = colours.bit_count()
            around = _colour_list(colours)
            if count >= BUILDING_COLOURS_NEEDED:
                item = Item("buildings", (name,), BUILDING_POINTS,
                            t.lazy_count("scoring.item.building", count, cell=name, colours=around))
            else:
                item = Item("buildings", (name,), 0,
                            t.lazy_count("scoring.item.building.short", count, cell=name, colours=around,
                                        needed=BUILDING_COLOURS_NEEDED))
            self.building_items[key] = item
        return item


_GEOMETRY: dict[Side, _Geometry] = {side: _Geometry(layout) for side, layout in LAYOUTS.items()}


# ---------------------------------------------------------------------------------------------
# The river


def _path(geo: _Geometry, levels: list[int], end: int) -> list[int]:
    """Cell indices of a shortest path from the source of ``levels`` to the cell ``end``."""
    nb = geo.nb
    cur = end
    path = [cur]
    for k in range(len(levels) - 2, -1, -1):
        step = nb[cur] & levels[k]
        cur = (step & -step).bit_length() - 1
        path.append(cur)
    path.reverse()
    return path


def _diameter(geo: _Geometry, group: int) -> tuple[int, list[int]]:
    """(tokens on the longest shortest path, that path) inside a connected group of cells.

    A double sweep gives a lower bound and a central cell; then the iFUB bound: once every cell in
    the outer breadth-first levels around the centre has been tried, pairs left inside level i-1
    are at most 2(i-1) apart, so the search stops as soon as that cannot beat the best found.
    """
    levels = geo.levels
    first = group & -group
    sweep = levels(first, group)
    a = sweep[-1] & -sweep[-1]
    best_levels = levels(a, group)
    best = len(best_levels) - 1
    if best <= 2:
        b = best_levels[-1] & -best_levels[-1]
        return best + 1, _path(geo, best_levels, b.bit_length() - 1)
    b = best_levels[-1] & -best_levels[-1]
    middle = _path(geo, best_levels, b.bit_length() - 1)[best // 2]
    around = levels(1 << middle, group)
    i = len(around) - 1
    while best < 2 * i:
        for x in geo.indices(around[i]):
            trial = levels(1 << x, group)
            if len(trial) - 1 > best:
                best, best_levels = len(trial) - 1, trial
        i -= 1
    end = best_levels[-1] & -best_levels[-1]
    return best + 1, _path(geo, best_levels, end.bit_length() - 1)


def _two_core(geo: _Geometry, group: int) -> int:
    """The cells of a group that can lie on a loop: strip cells with fewer than 2 neighbours."""
    nb = geo.nb
    changed = True
    while changed and group:
        changed = False
        for i in geo.indices(group):
            if (nb[i] & group).bit_count() < 2:
                group &= ~(1 << i)
                changed = True
    return group


def _longest_loop(geo: _Geometry, group: int, beat: int) -> list[int]:
    """The cells, in order, of a longest simple loop inside ``group`` that is longer than ``beat``
    cells; [] when there is none.

    Each loop is searched from its lowest cell, depth first, and a branch is dropped as soon as the
    cells it could still reach cannot make a loop longer than the best one found.
    """
    core = _two_core(geo, group)
    nb = geo.nb
    best: list[int] = []
    best_len = max(beat, 2)
    path: list[int] = []

    def search(u: int, visited: int, allowed: int, home: int) -> None:
        nonlocal best, best_len
        around = nb[u] & allowed
        if around & (1 << home) and len(path) > best_len:
            best, best_len = path[:], len(path)
        free = around & ~visited
        if not free:
            return
        reach = 0
        for g in geo.groups(allowed & ~visited):
            if g & free:
                reach |= g
        # The loop must still be able to come home, and be long enough to be worth it.
        if not nb[home] & (reach | 1 << u) or len(path) + reach.bit_count() <= best_len:
            return
        for v in geo.indices(free):
            path.append(v)
            search(v, visited | 1 << v, allowed, home)
            path.pop()

    for home in geo.indices(core):
        allowed = core & ~((1 << home) - 1)
        if allowed.bit_count() <= best_len:
            break
        path.append(home)
        search(home, 1 << home, allowed, home)
        path.pop()
    return best


def _river(geo: _Geometry, blue: int, reading: str) -> Item | None:
    if not blue:
        return None
    names = geo.names
    best_len, best_path, loop = 0, [], False
    for group in sorted(geo.groups(blue), key=lambda g: -g.bit_count()):
        size = group.bit_count()
        if size <= best_len:
            break
        length, path = _diameter(geo, group)
        if length > best_len:
            best_len, best_path, loop = length, path, False
        if reading == "loops-full-length" and size > length:
            cycle = _longest_loop(geo, group, best_len)
            if cycle:
                best_len, best_path, loop = len(cycle), cycle, True
    if not loop and best_path[0] > best_path[-1]:
        best_path.reverse()
    cells = tuple(names[i] for i in best_path)
    if loop:
        words = t.lazy_count("scoring.item.river.loop", best_len, path=" → ".join(cells + cells[:1]))
    elif best_len == 1:
        words = t.lazy("scoring.item.river.single", cell=cells[0])
    elif reading == "loops-full-length":
        words = t.lazy_count("scoring.item.river.no_loop", best_len, start=cells[0], end=cells[-1])
    else:
        words = t.lazy_count("scoring.item.river", best_len, start=cells[0], end=cells[-1])
    return Item("water", cells, river_points(best_len), words)


def _islands(geo: _Geometry, blue: int) -> list[Item]:
    land = geo.full & ~blue
    groups = geo.groups(land)
    if not groups:
        # Every cell is blue: impossible with the 23 blue tokens of a real game; the rule
        # "you always have at least 1 island" still applies.
        return [Item("water", (), ISLAND_POINTS, t.lazy("scoring.item.island.none"))]
    items = []
    for group in groups:
        cells = geo.names_of(group)
        key = "scoring.item.island" if blue else "scoring.item.island.whole"
        items.append(Item("water", cells, ISLAND_POINTS, t.lazy_count(key, len(cells), start=cells[0])))
    return items


# ---------------------------------------------------------------------------------------------
# Cards

_ANIMAL_ITEMS: dict[tuple[int, int], Item] = {}
_CARDS_BY_ID: dict[int, Card] = all_cards()


def _card(key: Card | int | str) -> Card:
    if type(key) is int:  # the usual case, looked up without card()'s checks
        found = _CARDS_BY_ID.get(key)
        if found is not None:
            return found
    return key if isinstance(key, Card) else card(key)


def _spirit_card(key: Card | int | str) -> Card:
    found = _card(key)
    if not found.is_spirit:
        raise HarmoniesError(t("scoring.error.not_spirit", card=found.title, id=found.id))
    return found


def _animal_item(key: Card | int | str, placed: int) -> Item:
    found = _card(key)
    item = _ANIMAL_ITEMS.get((found.id, placed)) if type(placed) is int else None
    if item is not None:
        return item
    if found.is_spirit:
        raise HarmoniesError(t("scoring.error.not_animal", card=found.title, id=found.id))
    if not isinstance(placed, int) or isinstance(placed, bool) or not 0 <= placed <= found.cubes:
        raise HarmoniesError(t.count("scoring.error.cubes", found.cubes, card=found.title,
                                     placed=shown(placed)))
    name = _card_name(found)
    words = (t.lazy("scoring.item.animal.none", card=name) if placed == 0
             else t.lazy_count("scoring.item.animal", placed, card=name))
    item = Item("animals", (), found.points_for(placed), words)
    _ANIMAL_ITEMS[found.id, placed] = item
    return item



def _group_value(table, size: int) -> int:
    """A group spirit's points for a group of ``size``: the value of the largest size it reaches."""
    value = 0
    for n, points in table:
        if n <= size:
            value = points
    return value

def _spirit_part(key: str, n: int, height: int | None, points: int) -> Text:
    """One part of a per-height spirit's words ("2 mountains of height 3: 4 points each"), made once:
    there are only so many counts, heights and points."""
    found = _SPIRIT_PARTS.get((key, n, height, points))
    if found is None:
        found = (t.lazy_count(key, n, points=points) if height is None
                 else t.lazy_count(key, n, height=height, points=points))
        _SPIRIT_PARTS[key, n, height, points] = found
    return found


_SPIRIT_PARTS: dict[tuple[str, int, int | None, int], Text] = {}


def _spirit_item(geo: _Geometry, codes: list[int], masks: list[int], spirit: Card) -> Item:
    rule = spirit.scoring
    landscape, per, table = rule["landscape"], rule["per"], rule["table"]
    mask = masks[_SPIRIT_KIND[landscape]]
    name = _card_name(spirit)
    scored = 0
    if per == "group":
        sizes, points = [], []
        for group in geo.groups(mask):
            size = group.bit_count()
            value = _group_value(table, size)
            sizes.append(size)
            points.append(value)
            if value:
                scored |= group
        if not sizes:
            words = t.lazy(f"scoring.spirit.none.{landscape}", card=name)
        else:
            pairs = sorted(zip(sizes, points, strict=True))
            words = t.lazy(f"scoring.spirit.groups.{landscape}", card=name,
                               sizes=Listed(tuple(s for s, _ in pairs)),
                               points=" + ".join(str(p) for _, p in pairs))
        total = sum(points)
    else:
        by_height = dict(table)
        counts: dict[int, int] = {}
        for i in geo.indices(mask):
            h = HEIGHT[codes[i]]
            counts[h] = counts.get(h, 0) + 1
            if by_height.get(h, 0):
                scored |= 1 << i
        total = sum(by_height.get(h, 0) * k for h, k in counts.items())
        if not counts:
            words = t.lazy(f"scoring.spirit.none.{landscape}", card=name)
        elif landscape in ("tree", "mountain"):
            parts = Listed(tuple(_spirit_part("scoring.spirit.height", k, h, by_height.get(h, 0))
                                 for h, k in sorted(counts.items())), parts=True)
            words = t.lazy(f"scoring.spirit.heights.{landscape}", card=name, parts=parts)
        else:
            # Blue and yellow tokens are all of height 1, buildings all of height 2.
            key = f"scoring.spirit.count.{landscape}"
            parts = Listed(tuple(_spirit_part(key, k, None, by_height.get(h, 0))
                                 for h, k in sorted(counts.items())), parts=True)
            words = t.lazy("scoring.spirit.tokens", card=name, parts=parts)
    return Item("spirit", geo.names_of(scored), total, words)


_SPIRIT_KIND = {"tree": _K_TREE, "mountain": _K_MOUNTAIN, "building": _K_BUILDING,
                "water": _K_BLUE, "field": _K_YELLOW}
# Whether the stacks of a kind differ in height (trees, mountains) or not (one token, a building).
_HEIGHTS_VARY = {kind: len({HEIGHT[c] for c in range(_N_CODES) if _KIND[c] == kind}) > 1
                 for kind in _SPIRIT_KIND.values()}
_UNPLACED_SPIRIT_ITEMS: dict[int, Item] = {}


def _unplaced_spirit_item(spirit: Card) -> Item:
    item = _UNPLACED_SPIRIT_ITEMS.get(spirit.id)
    if item is None:
        item = Item("spirit", (), 0, t.lazy("scoring.item.spirit.unplaced", card=_card_name(spirit)))
        _UNPLACED_SPIRIT_ITEMS[spirit.id] = item
    return item


# ---------------------------------------------------------------------------------------------
# Scoring


def _masks(geo: _Geometry, codes: list[int]) -> list[int]:
    masks = [0, 0, 0, 0, 0, 0]
    kind = _KIND
    bit = 1
    for c in codes:
        masks[kind[c]] |= bit
        bit <<= 1
    return masks


def _remember(memo: dict, key, value):
    """``memo[key] = value``, emptying ``memo`` first when it is full so a long run stays small."""
    if len(memo) >= _ITEM_MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def _field_items(geo: _Geometry, yellow: int) -> tuple[int, tuple[Item, ...]]:
    """(points, items) of the fields made by the yellow cells ``yellow``."""
    found = geo.field_memo.get(yellow)
    if found is None:
        items: list[Item] = []
        fields = 0
        for group in geo.groups(yellow):
            if group & (group - 1):
                cells = geo.names_of(group)
                items.append(Item("fields", cells, FIELD_POINTS,
                                  t.lazy_count("scoring.item.field", len(cells), cells=", ".join(cells))))
                fields += FIELD_POINTS
            else:
                items.append(geo.lone_yellow[group.bit_length() - 1])
        found = _remember(geo.field_memo, yellow, (fields, tuple(items)))
    return found


def _water_items(geo: _Geometry, blue: int, river: str) -> tuple[int, tuple[Item, ...]]:
    """(points, items) of the water made by the blue cells ``blue``: the river on side A, the
    islands on side B."""
    key = (river, blue)
    found = geo.water_memo.get(key)
    if found is None:
        if geo.layout.side is Side.A:
            item = _river(geo, blue, river)
            found = (0, ()) if item is None else (item.points, (item,))
        else:
            islands = _islands(geo, blue)
            found = (ISLAND_POINTS * len(islands), tuple(islands))
        _remember(geo.water_memo, key, found)
    return found


def _spirit_memo_key(geo: _Geometry, codes: list[int], masks: list[int], spirit: Card) -> tuple:
    """What a placed spirit's item depends on: its card and the cells of its landscape, and for one
    that scores per height of trees or mountains, their stacks too."""
    rule = _SPIRIT_RULES.get(spirit.id)
    if rule is None:
        kind = _SPIRIT_KIND[spirit.scoring["landscape"]]
        rule = _SPIRIT_RULES[spirit.id] = (kind, spirit.scoring["per"] != "group" and _HEIGHTS_VARY[kind])
    kind, by_stack = rule
    mask = masks[kind]
    if by_stack:
        return spirit.id, mask, tuple(map(codes.__getitem__, geo.indices(mask)))
    return spirit.id, mask


_SPIRIT_RULES: dict[int, tuple[int, bool]] = {}  # card id -> (kind of stack, key on the stacks too)


def _score(board: Board, animals: Iterable, spirit, with_cards: bool) -> Breakdown:
    side, river = board.layout.side, board.river
    geo = _GEOMETRY[side]
    codes = board.codes
    masks = _masks(geo, codes)
    items: list[Item] = []
    add = items.append

    trees = 0
    tree_items = geo.tree_items
    for i in geo.indices(masks[_K_TREE]):
        item = tree_items[i][codes[i]]
        trees += item.points
        add(item)

    mountains = 0
    mountain_mask = masks[_K_MOUNTAIN]
    nb = geo.nb
    mountain_items = geo.mountain_items
    for i in geo.indices(mountain_mask):
        item = mountain_items[i][codes[i]][1 if nb[i] & mountain_mask else 0]
        mountains += item.points
        add(item)

    fields = 0
    if masks[_K_YELLOW]:
        fields, found = _field_items(geo, masks[_K_YELLOW])
        items += found

    buildings = 0
    top_bit = _TOP_BIT
    nbrs = geo.nbrs
    for i in geo.indices(masks[_K_BUILDING]):
        colours = 0
        for j in nbrs[i]:
            colours |= top_bit[codes[j]]
        item = geo.building_item(i, colours)
        buildings += item.points
        add(item)

    water, found = _water_items(geo, masks[_K_BLUE], river)
    items += found

    animal_points = spirit_points = 0
    if with_cards:
        for entry in animals:
            key, placed = entry
            item = _animal_item(key, placed)
            animal_points += item.points
            add(item)
        if spirit is not None:
            key, placed = spirit
            spirit_card = _spirit_card(key)
            if placed:
                memo_key = _spirit_memo_key(geo, codes, masks, spirit_card)
                item = geo.spirit_memo.get(memo_key)
                if item is None:
                    item = _remember(geo.spirit_memo, memo_key, _spirit_item(geo, codes, masks, spirit_card))
            else:
                item = _unplaced_spirit_item(spirit_card)
            spirit_points = item.points
            add(item)

    return Breakdown(trees, mountains, fields, buildings, water, animal_points, spirit_points,
                     tuple(items), str(side), river)


def score(board: Board, animals: Iterable = (), spirit=None) -> Breakdown:
    """Score a board at the end of the game, with every item behind the points; its river is read
    the board's way (``board.river``, side A only).

    ``animals``: (card, cubes_placed) pairs, a card being a ``Card``, its id or its name.
    ``spirit``: (card, cube_placed) or None.
    """
    return _score(board, animals, spirit, True)


def score_landscapes(board: Board) -> Breakdown:
    """The landscapes only (animals and spirit 0): what ``score`` gives without cards."""
    return _score(board, (), None, False)


# ---------------------------------------------------------------------------------------------
# Points only: the fast path for search (no items, no words)

_TREE_POINTS = tuple(HEIGHT_POINTS[TREE[c]] if c in TREE else 0 for c in range(_N_CODES))
_MOUNTAIN_POINTS = tuple(HEIGHT_POINTS[MOUNTAIN[c]] if c in MOUNTAIN else 0 for c in range(_N_CODES))
# Per side, per reading: points of a set of blue cells, and of a set of yellow cells. Boards met in
# a search share most of their masks, so a dictionary beats recomputing; it is emptied when it grows
# past _MEMO_LIMIT entries so that a long run cannot eat the memory.
_MEMO_LIMIT = 200_000
_WATER_MEMO: dict[tuple[Side, str], dict[int, int]] = {
    (side, reading): {} for side in LAYOUTS for reading in RIVER_READINGS}
_FIELD_MEMO: dict[Side, dict[int, int]] = {side: {} for side in LAYOUTS}


def clear_memos() -> None:
    """Empty every memo: the water and field points of the points-only path, and the field, water
    and spirit items of ``score`` (for benchmarks)."""
    for memo in (*_WATER_MEMO.values(), *_FIELD_MEMO.values()):
        memo.clear()
    for geo in _GEOMETRY.values():
        geo.clear_memos()


def _water_points(geo: _Geometry, blue: int, river: str) -> int:
    memo = _WATER_MEMO[geo.layout.side, river]
    found = memo.get(blue)
    if found is None:
        if geo.layout.side is Side.A:
            item = _river(geo, blue, river)
            found = 0 if item is None else item.points
        else:
            groups = geo.groups(geo.full & ~blue)
            found = ISLAND_POINTS * max(1, len(groups))
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[blue] = found
    return found


def _field_points(geo: _Geometry, yellow: int) -> int:
    memo = _FIELD_MEMO[geo.layout.side]
    found = memo.get(yellow)
    if found is None:
        found = FIELD_POINTS * sum(1 for g in geo.groups(yellow) if g & (g - 1))
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[yellow] = found
    return found


def _landscape_points(geo: _Geometry, codes: list[int], river: str, masks: list[int] | None = None) -> int:
    """The landscape points of ``codes``; ``masks``, when given (six zeros), receives the cells of
    each kind of stack, so that a caller can score a spirit card without a second pass."""
    kind, tree_points = _KIND, _TREE_POINTS
    if masks is None:
        masks = [0, 0, 0, 0, 0, 0]
    total = 0
    bit = 1
    for c in codes:
        total += tree_points[c]
        masks[kind[c]] |= bit
        bit <<= 1
    mountain = masks[_K_MOUNTAIN]
    if mountain:
        nb, mountain_points = geo.nb, _MOUNTAIN_POINTS
        for i in geo.indices(mountain):
            if nb[i] & mountain:
                total += mountain_points[codes[i]]
    if masks[_K_YELLOW]:
        total += _field_points(geo, masks[_K_YELLOW])
    building = masks[_K_BUILDING]
    if building:
        nbrs, top_bit = geo.nbrs, _TOP_BIT
        for i in geo.indices(building):
            colours = 0
            for j in nbrs[i]:
                colours |= top_bit[codes[j]]
            if colours.bit_count() >= BUILDING_COLOURS_NEEDED:
                total += BUILDING_POINTS
    return total + _water_points(geo, masks[_K_BLUE], river)


def landscape_points(board: Board) -> int:
    """``score_landscapes(board).landscapes`` without building the breakdown: the fast path for
    search (a few microseconds on a full board)."""
    return _landscape_points(_GEOMETRY[board.layout.side], board.codes, board.river)


def points(board: Board, animals: Iterable = (), spirit=None) -> int:
    """``score(board, animals, spirit).total`` without the breakdown (same arguments)."""
    geo = _GEOMETRY[board.layout.side]
    codes = board.codes
    masks = [0, 0, 0, 0, 0, 0]
    total = _landscape_points(geo, codes, board.river, masks)
    for key, placed in animals:
        total += _animal_item(key, placed).points
    if spirit is not None:
        key, placed = spirit
        spirit_card = _spirit_card(key)
        if placed:
            total += _spirit_mask_points(geo, codes, masks[_SPIRIT_KIND[spirit_card.scoring["landscape"]]],
                                         spirit_card)
    return total


def _spirit_points(geo: _Geometry, codes: list[int], spirit: Card) -> int:
    """``_spirit_item(...).points`` without the words."""
    kind = _SPIRIT_KIND[spirit.scoring["landscape"]]
    mask = 0
    bit = 1
    for c in codes:
        if _KIND[c] == kind:
            mask |= bit
        bit <<= 1
    return _spirit_mask_points(geo, codes, mask, spirit)


def _spirit_mask_points(geo: _Geometry, codes: list[int], mask: int, spirit: Card) -> int:
    """A placed spirit's points, given the cells of its landscape."""
    rule = spirit.scoring
    table = rule["table"]
    if rule["per"] == "group":
        return sum(_group_value(table, group.bit_count()) for group in geo.groups(mask))
    by_height = dict(table)
    total = 0
    for i in geo.indices(mask):
        total += by_height.get(HEIGHT[codes[i]], 0)
    return total


def token_gain(board: Board, cell: str | int, colour: Colour | str) -> int:
    """How many landscape points one more token of ``colour`` on ``cell`` would add (or take away)
    to the board, leaving the board as it is. Only the cell and its neighbours are looked at, and the
    water and fields come from the memo of their masks, so this is cheaper than scoring twice.

    ``cell`` is a cell name or index. IllegalPlacement when the token may not go there.
    """
    layout = board.layout
    if isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < len(layout):
        name = layout.names[cell]
    else:
        name = cell
    i, colour = board.check_place(name, colour)
    return _gain(_GEOMETRY[layout.side], board.codes, i, NEXT[board.codes[i]][colour], board.river)


def _local(geo: _Geometry, codes: list[int], i: int) -> int:
    """The mountain and building points of cell ``i`` and its neighbours, the only ones a token on
    ``i`` can change (a mountain scores by its neighbours, a building by its neighbours' tops)."""
    kind, nbrs, top_bit = _KIND, geo.nbrs, _TOP_BIT
    total = 0
    for c in (i, *nbrs[i]):
        k = kind[codes[c]]
        if k == _K_MOUNTAIN:
            for j in nbrs[c]:
                if kind[codes[j]] == _K_MOUNTAIN:
                    total += _MOUNTAIN_POINTS[codes[c]]
                    break
        elif k == _K_BUILDING:
            colours = 0
            for j in nbrs[c]:
                colours |= top_bit[codes[j]]
            if colours.bit_count() >= BUILDING_COLOURS_NEEDED:
                total += BUILDING_POINTS
    return total


def _gain(geo: _Geometry, codes: list[int], i: int, new: int, river: str) -> int:
    old = codes[i]
    gain = _TREE_POINTS[new] - _TREE_POINTS[old] - _local(geo, codes, i)
    codes[i] = new
    try:
        gain += _local(geo, codes, i)
        k_old, k_new = _KIND[old], _KIND[new]
        if _K_YELLOW in (k_old, k_new) or _K_BLUE in (k_old, k_new):
            bit = 1 << i
            yellow = blue = 0
            b = 1
            for c in codes:
                if c == _YELLOW:
                    yellow |= b
                elif c == _BLUE:
                    blue |= b
                b <<= 1
            if _K_YELLOW in (k_old, k_new):
                gain += _field_points(geo, yellow) - _field_points(geo, yellow ^ bit)
            if _K_BLUE in (k_old, k_new):
                gain += _water_points(geo, blue, river) - _water_points(geo, blue ^ bit, river)
    finally:
        codes[i] = old
    return gain


__all__ = ["CATEGORIES", "SCORE_KEYS", "SOLO_SUN_THRESHOLDS", "Item", "Breakdown",
           "Listed", "category_title", "score", "score_landscapes", "landscape_points", "points",
           "token_gain", "clear_memos", "river_points", "solo_suns"]
