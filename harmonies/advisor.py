"""The coach: the current player's best whole turns, ranked, each with its expected gain and reasons.

``advise(game, budget=..., seed=...)`` returns a list of ``Advice``, best first. An advice is a whole
turn as the engine's own actions (``spirit 35``, ``card 23``, ``take 2``, three ``place`` actions,
the cubes it makes placeable, ``end``), from the state the game is in now (in the middle of a turn,
the rest of the turn). ``Advice.gain`` is the expected gain of the turn: the points it scores now plus
the change in what the board is worth for the turns to come; ``Advice.now`` is the points only.
``Advice.reasons`` are lazy catalogue texts, so they follow the language in force.

How a turn is found
-------------------
1. For every central space, the three tokens are placed one after the other by a beam search: each
   partial placement is valued by ``evaluate`` (below) and the best few are extended.
2. The best complete placements are tried with each card of the display (or none), and with each
   Nature's Spirit card offered in the first turn; the cubes that can go down are placed.
3. With a playout budget, the best candidates are played further: the pouch refills the central board
   with tokens drawn from what the player cannot see (the pouch contents follow from the tokens in
   sight; the draw is our own seeded one, never the game's), the other players take a space, and the
   player's next turn is planned quickly. A candidate whose next turn goes better on average than
   the other candidates' gains half the difference (``gain`` then includes that correction).

``evaluate`` is the points on the board (landscapes, animal cards, the spirit) plus what its
unfinished parts are likely to become, weighted by how many turns the player still has: a brown
stack (a tree to come), a lone mountain or field that can still get a neighbour, a building short of
a colour, per held card the worth of each cube still on it times a factor that falls with the tokens
still missing for it (the nearest free cube cells first, each further one counting the tokens of the
ones before), a free place in the hand for a card to come, and the turns still to come. The player's
own empty cells count for those turns: a board filled quickly ends the game sooner.

Hidden information is handled honestly: the pouch order and the deck order are never read. Every
draw in a playout comes from ``random.Random(seed)``, so the advice is the same for the same seed,
whatever the real pouch and deck hold. ``budget`` counts playouts (deterministic); ``seconds`` adds a
time limit on top (then the answer can depend on the machine's speed).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import NamedTuple

from tabletop.untrusted import shown

from . import habitats, scoring
from .actions import (
    END,
    Action,
    ChooseSpirit,
    EndTurn,
    PlaceCube,
    PlaceToken,
    TakeCard,
    card_action,
    cube_actions,
    place_actions,
    spirit_action,
    take_action,
)
from .board import LAYOUTS, Board, Side
from .cards import NEEDS, Card, all_cards
from .game import COLOURS, HAND_LIMIT, Game
from .game import END_EMPTY_CELLS as END_EMPTY
from .locale import t
from .scoring import _GEOMETRY, _landscape_points, _spirit_points
from .tokens import EMPTY, HEIGHT, MOUNTAIN, NEXT, NEXT_BY_COLOUR, STACKS, TOP, Colour

#: Playouts per hint when no budget is given: answers within a second on a small machine.
DEFAULT_BUDGET = 4
_PROMISING = 2  # display cards given a token search of their own
_PROMISE_FURTHER = 0.5  # how much each further cube counts when choosing those cards
_FOLLOW_UP = 0.5  # how much the playouts' next turn weighs against this turn's own value
#: How many complete turns a hint lists by default.
DEFAULT_TOP = 3

_CARDS = all_cards()
_N = len(STACKS)
_INF = 9
_NEED_LIST = tuple(NEEDS)
_NEED_INDEX = {n: k for k, n in enumerate(_NEED_LIST)}


def _distances() -> tuple[tuple[int, ...], ...]:
    """_DIST[need][code]: tokens still needed to turn stack ``code`` into one satisfying ``need``
    (_INF when impossible). Codes _N.._2N-1 are the same stacks frozen by a cube."""
    table = []
    for need in _NEED_LIST:
        goal = NEEDS[need]
        dist = [_INF] * _N
        for code in goal:
            dist[code] = 0
        changed = True
        while changed:
            changed = False
            for code in range(_N):
                for nxt in NEXT[code].values():
                    if nxt >= 0 and dist[nxt] + 1 < dist[code]:
                        dist[code] = dist[nxt] + 1
                        changed = True
        frozen = [0 if d == 0 else _INF for d in dist]
        table.append(tuple(dist + frozen))
    return tuple(table)


_DIST = _distances()
# How much of a card's next cube a habitat this many tokens away is worth now.
_NEAR = (1.0, 0.6, 0.38, 0.22, 0.1, 0.04, 0.0, 0.0, 0.0, 0.0) + (0.0,) * 40

# What an unfinished stack is worth for later, per stack code (before the turn-count weighting).
_BROWN, _BROWN2 = STACKS.index((Colour.BROWN,)), STACKS.index((Colour.BROWN, Colour.BROWN))
_GRAY1, _GRAY2 = STACKS.index((Colour.GRAY,)), STACKS.index((Colour.GRAY, Colour.GRAY))
_RED = STACKS.index((Colour.RED,))
_STACK_LATER = [0.0] * _N
_STACK_LATER[_BROWN] = 1.6  # a tree of 3 or 2 to come
_STACK_LATER[_BROWN2] = 4.2
_STACK_LATER[_GRAY1] = 0.9  # a taller mountain to come
_STACK_LATER[_GRAY2] = 2.0
_STACK_LATER[_RED] = 1.2  # a building to come
_STACK_LATER = tuple(_STACK_LATER)
_MOUNTAIN_POINTS = tuple(scoring.HEIGHT_POINTS[MOUNTAIN[c]] if c in MOUNTAIN else 0 for c in range(_N))
_IS_MOUNTAIN = tuple(c in MOUNTAIN for c in range(_N))
_IS_BUILDING = tuple(HEIGHT[c] == 2 and TOP[c] is Colour.RED for c in range(_N))
_YELLOW = STACKS.index((Colour.YELLOW,))
_TOP_BIT = tuple(0 if TOP[c] is None else 1 << COLOURS.index(TOP[c]) for c in range(_N))
_EMPTY_CELL = 0.35  # an empty cell keeps the game, and the board, open


@dataclass
class Weights:
    """The knobs of ``evaluate`` (the defaults are the ones the strong player uses)."""

    later: float = 1.0  # how much of the unfinished parts' worth counts
    cards: float = 1.0  # how much a held card's nearest habitat counts
    spirit_base: float = 6.0  # what an unplaced spirit cube is worth at least
    empty: float = _EMPTY_CELL
    horizon: float = 4.0  # turns left from which the unfinished parts count in full
    further: float = 0.8  # each further cube of a held card counts this much of the one before
    slot: float = 6.0  # a free place in the hand of cards (room for a card to come)
    turn: float = 4.0  # each turn still to come
    pace: float = 2.5  # own empty cells filled per turn, for the turns the own board leaves


# ---------------------------------------------------------------------------------------------
# Per card: its placements on a side, as (cube cell, ((cell, need index), ...))

_PLACEMENTS: dict[tuple[int, Side], tuple] = {}


def _placements(card_id: int, side: Side) -> tuple:
    key = (card_id, side)
    found = _PLACEMENTS.get(key)
    if found is None:
        seen = set()
        out = []
        for p in habitats.placements(card_id, side):
            item = (p.cube, tuple((cell, _NEED_INDEX[need]) for (cell, _), need in zip(p.cells, p.needs,
                                                                                         strict=True)))
            if item not in seen:
                seen.add(item)
                out.append(item)
        found = _PLACEMENTS[key] = tuple(out)
    return found


def _cube_dists(card_id: int, side: Side, eff: list[int], cubes: set[int]) -> dict[int, int]:
    """Per free cube cell of the card: the tokens still missing for its nearest habitat (0: complete
    now; cells with no habitat left in reach are left out)."""
    dist = _DIST
    out: dict[int, int] = {}
    for cube, cells in _placements(card_id, side):
        if cube in cubes:
            continue
        d = 0
        for cell, need in cells:
            d += dist[need][eff[cell]]
        if d < _INF and d < out.get(cube, _INF):
            out[cube] = d
    return out


_COVERING: dict[tuple[int, Side], tuple[tuple[int, ...], ...]] = {}


def _covering(card_id: int, side: Side) -> tuple[tuple[int, ...], ...]:
    """Per cell index, the placements (indices into ``_placements``) that use that cell."""
    key = (card_id, side)
    found = _COVERING.get(key)
    if found is None:
        by_cell: list[list[int]] = [[] for _ in range(len(LAYOUTS[side]))]
        for k, (_, cells) in enumerate(_placements(card_id, side)):
            for cell, _ in cells:
                by_cell[cell].append(k)
        found = _COVERING[key] = tuple(tuple(v) for v in by_cell)
    return found


_BY_CUBE: dict[tuple[int, Side], dict[int, tuple[int, ...]]] = {}


def _by_cube(card_id: int, side: Side) -> dict[int, tuple[int, ...]]:
    """Per cube cell, the placements (indices into ``_placements``) whose cube goes there."""
    key = (card_id, side)
    found = _BY_CUBE.get(key)
    if found is None:
        by: dict[int, list[int]] = {}
        for k, (cube, _) in enumerate(_placements(card_id, side)):
            by.setdefault(cube, []).append(k)
        found = _BY_CUBE[key] = {c: tuple(v) for c, v in by.items()}
    return found


class _Root(NamedTuple):
    """A card's habitat distances on one board, so that a board one token away is judged by looking
    at the placements through that token's cell only."""

    dists: list[int]  # per placement: tokens missing (_INF when its cube cell holds a cube)
    cells: dict[int, int]  # ``_cube_dists`` of this board


def _root(card_id: int, side: Side, eff: list[int], cubes: set[int]) -> _Root:
    dist = _DIST
    dists, near = [], {}
    for cube, cells in _placements(card_id, side):
        if cube in cubes:
            dists.append(_INF)
            continue
        d = 0
        for cell, need in cells:
            d += dist[need][eff[cell]]
        d = min(d, _INF)
        dists.append(d)
        if d < _INF and d < near.get(cube, _INF):
            near[cube] = d
    return _Root(dists, near)


def _cube_dists_after(root: _Root, card_id: int, side: Side, eff: list[int], cubes: set[int],
                      i: int) -> dict[int, int]:
    """``_cube_dists`` on the root's board with cell ``i`` changed (``eff`` already holds it)."""
    dist = _DIST
    placements = _placements(card_id, side)
    new: dict[int, int] = {}
    touched = set()
    for k in _covering(card_id, side)[i]:
        cube, cells = placements[k]
        if cube in cubes:
            continue
        d = 0
        for cell, need in cells:
            d += dist[need][eff[cell]]
        new[k] = d
        touched.add(cube)
    out = dict(root.cells)
    by = _by_cube(card_id, side)
    dists = root.dists
    for cube in touched:
        m = _INF
        for k in by[cube]:
            d = new.get(k, dists[k])
            if d < m:
                m = d
        if m < _INF:
            out[cube] = m
        else:
            out.pop(cube, None)
    return out


# ---------------------------------------------------------------------------------------------
# The value of one player's position


@dataclass
class _Seat:
    """What evaluate needs of a player: the board (its side, stacks, cubes and river reading) and
    the cards."""

    side: Side
    river: str
    codes: list[int]
    cubes: set[int]
    placed: dict[int, int]  # animal cards with cubes left → cubes placed
    done_points: int  # points of the animal cards beside the board
    spirit: int | None
    spirit_placed: bool

    @classmethod
    def of(cls, game: Game, seat: int) -> _Seat:
        p = game.players[seat]
        done = sum(_CARDS[i].points_for(k) for i, k in p.placed.items() if i not in p.held)
        return cls(game.side, p.board.river, p.board.codes[:], set(p.board.cubes),
                   {i: p.placed[i] for i in p.held}, done, p.spirit, p.spirit_placed)

    def copy(self) -> _Seat:
        return _Seat(self.side, self.river, self.codes[:], set(self.cubes), dict(self.placed),
                     self.done_points, self.spirit, self.spirit_placed)

    def board(self) -> Board:
        """The seat's board as a Board (the same stacks), for the scoring that speaks in words."""
        board = Board(self.side, self.river)
        board.codes = self.codes
        return board


def _points(seat: _Seat) -> int:
    geo = _GEOMETRY[seat.side]
    total = _landscape_points(geo, seat.codes, seat.river) + seat.done_points
    for i, k in seat.placed.items():
        total += _CARDS[i].points_for(k)
    if seat.spirit is not None and seat.spirit_placed:
        total += _spirit_points(geo, seat.codes, _CARDS[seat.spirit])
    return total


def evaluate(seat: _Seat, turns_left: float, w: Weights | None = None,
             roots: dict[int, _Root] | None = None, changed: int | None = None) -> float:
    """Points now plus the likely worth of the unfinished parts (see the module docstring).

    ``turns_left``: the turns the player gets after this one as far as the pouch and the other
    boards allow (``turns_left(game, own=False)``); the seat's own empty cells may allow fewer.
    ``roots`` (from ``_roots``) and ``changed``: the seat's board is the roots' board with the cell
    ``changed`` changed, so the cards are judged through that cell only (same result, faster)."""
    w = w or _WEIGHTS
    geo = _GEOMETRY[seat.side]
    codes, cubes = seat.codes, seat.cubes
    value = float(_points(seat))
    free = codes.count(EMPTY) - END_EMPTY  # the game ends in the round a board gets this full
    turns_left = max(0.0, min(turns_left, free / w.pace + _LATE if free > 0 else 0.0))
    value += w.turn * turns_left
    phase = min(1.0, turns_left / w.horizon)
    nbrs = geo.nbrs
    later = 0.0
    empty = 0
    for i, c in enumerate(codes):
        if c == EMPTY:
            empty += 1
            continue
        if i in cubes:
            continue
        later += _STACK_LATER[c]
        if _IS_MOUNTAIN[c]:
            alone = not any(_IS_MOUNTAIN[codes[j]] for j in nbrs[i])
            if alone and any(codes[j] == EMPTY or codes[j] == _GRAY1 for j in nbrs[i]):
                later += 0.5 * _MOUNTAIN_POINTS[c] + 0.5
        elif c == _YELLOW:
            if not any(codes[j] == _YELLOW for j in nbrs[i]) and any(codes[j] == EMPTY for j in nbrs[i]):
                later += 2.0
        elif _IS_BUILDING[c]:
            colours = 0
            free = 0
            for j in nbrs[i]:
                colours |= _TOP_BIT[codes[j]]
                free += codes[j] == EMPTY
            missing = 3 - colours.bit_count()
            if 0 < missing <= free:
                later += 3.5 / missing
    value += phase * (w.later * later + w.empty * empty)
    if seat.placed or seat.spirit is not None and not seat.spirit_placed:
        eff = [c + _N if i in cubes else c for i, c in enumerate(codes)] if cubes else codes
        side = seat.side

        def distances(card_id: int) -> list[int]:
            if roots is not None and card_id in roots:
                found = _cube_dists_after(roots[card_id], card_id, side, eff, cubes, changed)
            else:
                found = _cube_dists(card_id, side, eff, cubes)
            return sorted(found.values())

        cards = 0.0
        for card_id, k in seat.placed.items():
            cards += _card_worth(_CARDS[card_id], k, distances(card_id), phase, w.further)
        if seat.spirit is not None and not seat.spirit_placed:
            ds = distances(seat.spirit)
            worth = max(w.spirit_base, _spirit_points(geo, codes, _CARDS[seat.spirit]))
            if ds:
                cards += worth if ds[0] == 0 else phase * worth * _NEAR[ds[0]]
        value += w.cards * cards
    held = len(seat.placed) + (seat.spirit is not None and not seat.spirit_placed)
    if held < HAND_LIMIT:
        value += phase * w.slot
    return value


def _card_worth(card: Card, k: int, ds: list[int], phase: float, further: float) -> float:
    """What a held card with ``k`` cubes placed is worth: the cubes its complete habitats take now,
    then the rest, nearest cube cell first, each by the tokens missing for it and the ones before
    it (``ds``: the sorted distances of its free cube cells)."""
    left = card.cubes - k
    n = 0
    while n < left and n < len(ds) and ds[n] == 0:
        n += 1
    worth = float(card.points_for(k + n) - card.points_for(k))
    factor, used = 1.0, 0
    for j in range(n, min(left, len(ds))):
        used += ds[j]
        near = _NEAR[min(used, _INF)] + (0.5 * _NEAR[1] if j == n and n else 0.0)
        worth += phase * (card.points_for(k + j + 1) - card.points_for(k + j)) * near * factor
        factor *= further
    return worth


_WEIGHTS = Weights()


def _roots(seat: _Seat) -> dict[int, _Root]:
    """The habitat distances of every card of a seat that still has cubes to place."""
    cubes = seat.cubes
    eff = [c + _N if i in cubes else c for i, c in enumerate(seat.codes)] if cubes else seat.codes
    ids = list(seat.placed)
    if seat.spirit is not None and not seat.spirit_placed:
        ids.append(seat.spirit)
    return {card_id: _root(card_id, seat.side, eff, cubes) for card_id in ids}


def turns_left(game: Game, own: bool = True) -> float:
    """About how many more turns the current player gets after this one, from the public state: the
    pouch, and each board's empty cells at the pace that player has filled them so far (``own``:
    the current player's board too)."""
    n = game.n
    by_pouch = game.pouch_size / (9 if game.solo else 3) / n
    by_board = float("inf")
    for k, p in enumerate(game.players):
        if not own and k == game.current:
            continue
        empty = p.board.codes.count(EMPTY)
        filled = len(p.board.codes) - empty
        pace = filled / p.turns if p.turns else _PACE
        pace = max(1.0, min(3.0, pace if p.turns >= 2 else (pace + _PACE) / 2))
        by_board = min(by_board, (empty - END_EMPTY) / pace)
    return max(0.0, min(by_pouch, by_board - 1 + _LATE))


_PACE = 2.5  # cells a player fills per turn, before there is anything to measure
_LATE = 0.5  # the end comes after the round in which it is triggered


# ---------------------------------------------------------------------------------------------
# Planning one turn


@dataclass
class _Plan:
    actions: list[Action]
    seat: _Seat
    value: float


def _beam(seat: _Seat, hand: list[Colour], left: float,
          width: int, w: Weights | None = None) -> list[tuple[float, _Seat, list]]:
    """The best placements of all the tokens of ``hand``: (value, seat after, [(colour, cell)])."""
    frontier = [(evaluate(seat, left, w), seat, [], list(hand))]
    for _ in range(len(hand)):
        seen = set()
        grown = []
        for _value, s, steps, rest in frontier:
            codes, cubes = s.codes, s.cubes
            roots = _roots(s)
            for colour in dict.fromkeys(rest):
                nxt = NEXT_BY_COLOUR[colour]
                remaining = list(rest)
                remaining.remove(colour)
                for i, code in enumerate(codes):
                    new = nxt[code]
                    if new < 0 or i in cubes:
                        continue
                    codes[i] = new
                    key = (tuple(codes), tuple(sorted(remaining)))
                    if key not in seen:
                        seen.add(key)
                        value = evaluate(s, left, w, roots, i)
                        grown.append((value, s, steps + [(colour, i)], remaining, i, new))
                    codes[i] = code
        if not grown:
            break
        grown.sort(key=lambda g: -g[0])
        frontier = []
        for value, s, steps, remaining, i, new in grown[:width]:
            child = s.copy()
            child.codes[i] = new
            frontier.append((value, child, steps, remaining))
    return [(v, s, steps) for v, s, steps, _ in frontier]


def _placements_of(seat: _Seat, hand: list[Colour], left: float,
                   width: int, w: Weights | None = None) -> list[tuple[float, _Seat, list]]:
    """The best complete placements of ``hand`` (every token on the board). A narrow beam can put its
    first tokens where the last no longer fits; then every placement is tried (rare, and small)."""
    found = [b for b in _beam(seat, hand, left, width, w) if len(b[2]) == len(hand)]
    if not found:
        found = [b for b in _beam(seat, hand, left, _EVERY, w) if len(b[2]) == len(hand)][:width]
    return found


_EVERY = 1 << 20  # a beam this wide keeps every partial placement


def _place_cubes(seat: _Seat) -> list[tuple[int, int]]:
    """Place every cube that can go down now, the most valuable first: [(card, cell index)]."""
    out = []
    board_cubes = seat.cubes
    while True:
        best = None
        board = Board(seat.side)
        board.codes, board.cubes = seat.codes, board_cubes
        for card_id, k in seat.placed.items():
            card = _CARDS[card_id]
            if k >= card.cubes:
                continue
            cells = habitats.cube_cell_indices(card_id, board)
            if cells:
                worth = card.points_for(k + 1) - card.points_for(k)
                if best is None or worth > best[0]:
                    best = (worth, card_id, cells)
        if seat.spirit is not None and not seat.spirit_placed:
            cells = habitats.cube_cell_indices(seat.spirit, board)
            if cells:
                worth = max(1, _spirit_points(_GEOMETRY[seat.side], seat.codes, _CARDS[seat.spirit]))
                if best is None or worth > best[0]:
                    best = (worth, seat.spirit, cells)
        if best is None:
            return out
        _, card_id, cells = best
        # A cell where nothing can be stacked any more loses nothing by freezing.
        cell = min(cells, key=lambda i: (any(n >= 0 for n in NEXT[seat.codes[i]].values()), i))
        board_cubes.add(cell)
        if card_id == seat.spirit and not seat.spirit_placed and card_id not in seat.placed:
            seat.spirit_placed = True
        else:
            seat.placed[card_id] += 1
            if seat.placed[card_id] == _CARDS[card_id].cubes:
                seat.done_points += _CARDS[card_id].points_for(seat.placed.pop(card_id))
        out.append((card_id, cell))


def plan_turns(game: Game, *, width: int = 4, keep: int = 6, cards: bool = True,
               weights: Weights | None = None) -> list[_Plan]:
    """Candidate whole turns for the current player, best value first (no playouts); none when the
    tokens in hand cannot all go on the board."""
    return _plan_turns(game, width, keep, cards, weights)


def _promising(seat: _Seat, card_ids: list[int], most: int = _PROMISING) -> list[int]:
    """The display cards (at most ``most``) whose nearest habitat is 3 tokens away or less, the most
    promising first (each cube by the tokens missing for it and the ones before it, each further
    cube counting less); none when the player's hand of cards is full."""
    if not card_ids or len(seat.placed) + (seat.spirit is not None and not seat.spirit_placed) >= HAND_LIMIT:
        return []
    cubes = seat.cubes
    eff = [c + _N if i in cubes else c for i, c in enumerate(seat.codes)] if cubes else seat.codes
    ranked = []
    for card_id in card_ids:
        ds = sorted(_cube_dists(card_id, seat.side, eff, cubes).values())
        if ds and ds[0] <= 3:
            card = _CARDS[card_id]
            worth, factor, used = 0.0, 1.0, 0
            for j in range(min(card.cubes, len(ds))):
                used += ds[j]
                worth += (card.points_for(j + 1) - card.points_for(j)) * _NEAR[min(used, _INF)] * factor
                factor *= _PROMISE_FURTHER
            ranked.append((-worth, card_id))
    return [card_id for _, card_id in sorted(ranked)[:most]]


def _plan_turns(game: Game, width: int, keep: int, cards: bool, w: Weights | None = None) -> list[_Plan]:
    p = game.player
    left = turns_left(game, own=False)  # evaluate counts the player's own board
    base = _Seat.of(game, game.current)
    side = game.side
    prefix: list[list[Action]] = [[]]
    seats = [base]
    if p.spirit_offer and p.spirit is None:
        prefix, seats = [], []
        for card_id in p.spirit_offer:
            s = base.copy()
            s.spirit = card_id
            prefix.append([spirit_action(card_id)])
            seats.append(s)
    if game.swapped:  # solo: a swap closes the turn, only ``end`` may follow
        return [_Plan([END], base, evaluate(base, left, w))]
    # Cards the player may take now.
    card_ids: list[int] = []
    if cards and not game.took_card and p.cards_above < HAND_LIMIT:
        supply = game.cube_supply
        card_ids = [i for i in sorted(game.display) if supply is None or _CARDS[i].cubes <= supply]
    # Token placements: per space (or the hand already taken), without a new card and with each of
    # the display cards whose habitat is closest, so a card can be taken and completed in one turn.
    options: list[tuple[float, list[Action], _Seat, bool]] = []
    for pre, seat in zip(prefix, seats, strict=True):
        if game.taken_space is None:
            spaces = [(s + 1, tokens) for s, tokens in enumerate(game.central) if tokens]
        else:
            spaces = [(None, list(game.hand))]
        starts = [(pre, seat, False)]
        for card_id in _promising(seat, card_ids):
            with_card = seat.copy()
            with_card.placed[card_id] = 0
            starts.append((pre + [card_action(card_id)], with_card, True))
        for head0, start, fixed in starts:
            for space, tokens in spaces:
                head = head0 + ([take_action(space)] if space is not None else [])
                for value, after, steps in _placements_of(start, tokens, left, width, w):
                    table = place_actions(side)
                    options.append((value, head + [table[c][i] for c, i in steps], after, fixed))
    options.sort(key=lambda o: -o[0])
    options = options[:keep]
    plans = []
    for _, acts, after, fixed in options:
        for card_id in [None] if fixed else [None, *card_ids]:
            s = after.copy()
            head: list[Action] = []
            if card_id is not None:
                if len(s.placed) + (s.spirit is not None and not s.spirit_placed) >= HAND_LIMIT:
                    continue
                s.placed[card_id] = 0
                head = [card_action(card_id)]
            cubes = _place_cubes(s)
            tail = [cube_actions(side, c)[i] for c, i in cubes]
            value = evaluate(s, left, w)
            # The spirit choice must come first; a card may be taken before the tokens.
            spirit = [a for a in acts if type(a) is ChooseSpirit]
            rest = [a for a in acts if type(a) is not ChooseSpirit]
            plans.append(_Plan(spirit + head + rest + tail + [END], s, value))
    plans.sort(key=lambda pl: -pl.value)
    return plans


# ---------------------------------------------------------------------------------------------
# Playouts


def _determinize(game: Game, rng: random.Random) -> Game:
    """A copy of the game whose hidden parts are drawn from what the current player cannot see: the
    deck in a fresh order and the pouch draws from our own generator (the pouch contents are known:
    120 tokens minus the ones in sight)."""
    g = game.copy()
    deck = sorted(g.deck)
    rng.shuffle(deck)
    g.deck = deck
    g.reseed(rng.getrandbits(64))
    return g


def _playout(game: Game, plan: _Plan, rng: random.Random, width: int) -> float:
    """Play ``plan`` on a determinized copy, let the others take a random space, plan the next turn
    quickly; the value after it."""
    seat = game.current
    g = _determinize(game, rng)
    for a in plan.actions:
        g.play(a)
    while not g.over and g.current != seat:
        _quick_turn(g, rng)
    if g.over:
        return float(_points(_Seat.of(g, seat)))
    best = _plan_turns(g, 1, 1, False)  # the next turn, quickly: narrow, no new card
    return best[0].value if best else float(_points(_Seat.of(g, seat)))


def _quick_turn(g: Game, rng: random.Random) -> None:
    """Another player's turn in a playout: a random space, each token on a random legal cell."""
    p = g.player
    if p.spirit_offer and p.spirit is None:
        g.play(spirit_action(p.spirit_offer[0]))
    spaces = [s + 1 for s, tokens in enumerate(g.central) if tokens]
    g.play(take_action(spaces[rng.randrange(len(spaces))]))
    table = place_actions(g.side)
    board = p.board
    while g.hand:
        colour = g.hand[0]
        cells = board.legal_cells(colour)
        if not cells:
            colour = next(c for c in g.hand if board.legal_cells(c))
            cells = board.legal_cells(colour)
        g.play(table[colour][board.layout.index[cells[rng.randrange(len(cells))]]])
    g.play(END)


# ---------------------------------------------------------------------------------------------
# Advice


@dataclass(frozen=True)
class Advice:
    """One whole turn advised: its actions, expected gain, the points it scores now, and why."""

    actions: tuple[Action, ...]
    gain: float  # expected: points now plus the change in the board's worth for later turns
    now: int  # points the turn scores now (landscapes, cubes, spirit)
    reasons: tuple = ()  # lazy catalogue texts
    playouts: int = 0  # playouts behind ``gain``
    cells: tuple[str, ...] = field(default=())  # where the tokens go, for drawings

    @property
    def reason(self) -> str:
        """The reasons in words, in the language in force."""
        return t("scoring.separator.parts").join(str(r) for r in self.reasons)

    def to_text(self) -> str:
        """The actions in the action grammar, one per line."""
        return "\n".join(str(a) for a in self.actions)

    def __str__(self) -> str:
        moves = ", ".join(str(a) for a in self.actions if type(a) is not type(END))
        return t("advisor.advice", moves=moves, gain=f"{self.gain:+.1f}", reason=self.reason)


def advise(game: Game, *, budget: int = DEFAULT_BUDGET, seed: int | str = 0, top: int = DEFAULT_TOP,
           seconds: float | None = None, width: int = 4) -> list[Advice]:
    """The current player's best whole turns, best first (see the module docstring).

    ``budget``: playouts shared among the best candidates (0: the board's value alone);
    ``seconds``: an optional time limit on the playouts; ``seed``: the seed of every hidden draw.
    ``top``: how many advices to return. Every advice is a whole legal turn, every token placed; a
    finished game, or a hand that cannot all go on the board, has no advice ([]).
    """
    if game.over:
        return []
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 0:
        raise ValueError(t("advisor.error.budget", budget=shown(budget)))
    start = time.perf_counter()
    plans = _plan_turns(game, width, 8, True)
    seat = game.current
    before_seat = _Seat.of(game, seat)
    before_value = evaluate(before_seat, turns_left(game, own=False))
    before_points = _points(before_seat)
    # Playouts on the best few candidates, round-robin so every one gets its share.
    candidates = plans[:max(top, 3)] if budget else plans[:top]
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    rng = random.Random(seed)
    for k in range(budget):
        if seconds is not None and time.perf_counter() - start > seconds:
            break
        j = k % len(candidates)
        totals[j] += _playout(game, candidates[j], random.Random(rng.getrandbits(64)), 1)
        counts[j] += 1
    # A playout ends one turn further on: its value corrects the turn's own value by how much better
    # (or worse) the next turn goes after this candidate than after the others.
    tried = [totals[j] / counts[j] for j in range(len(candidates)) if counts[j]]
    typical = sum(tried) / len(tried) if tried else 0.0
    advices = []
    for j, plan in enumerate(candidates):
        gain = plan.value - before_value
        if counts[j]:
            gain += _FOLLOW_UP * (totals[j] / counts[j] - typical)
        now = _points(plan.seat) - before_points
        advices.append(Advice(tuple(plan.actions), round(gain, 2), now,
                              _reasons(game, plan, before_seat), counts[j],
                              tuple(a.cell for a in plan.actions if type(a) is PlaceToken)))
    order = sorted(range(len(advices)), key=lambda j: (-advices[j].gain, j))
    return [advices[j] for j in order][:top]


def judge(game: Game, actions) -> Advice:
    """The coach's view of a turn someone played: ``actions`` (actions or their texts, ``end``
    included or not) from the state the game is in now, valued as ``advise`` values its candidates
    before playouts (its ``gain`` is ``advise(game, budget=0)``'s for the same turn), with the
    points it scores now and its reasons. The game is left as it was; an action the rules refuse
    raises the engine's error."""
    seat = game.current
    before = _Seat.of(game, seat)
    left = turns_left(game, own=False)
    g = game.copy()
    done: list[Action] = []
    for a in actions:
        action = g.parse_action(a) if isinstance(a, str) else a
        if type(action) is EndTurn:
            break
        g.play(action)
        done.append(action)
    plan = _Plan(done + [END], _Seat.of(g, seat), 0.0)
    plan.value = evaluate(plan.seat, left)
    gain = plan.value - evaluate(before, left)
    now = _points(plan.seat) - _points(before)
    return Advice(tuple(plan.actions), round(gain, 2), now, _reasons(game, plan, before), 0,
                  tuple(a.cell for a in done if type(a) is PlaceToken))


def _reasons(game: Game, plan: _Plan, before: _Seat) -> tuple:
    """What the turn does, in words: habitats completed, landscape points, a card, what it prepares."""
    out: list = []
    for a in plan.actions:
        if type(a) is ChooseSpirit:
            out.append(t.lazy("advisor.reason.spirit", card=t.lazy(f"card.{a.card}")))
    # Cubes: which habitats the turn completes, and what each cube is worth.
    placed = dict(before.placed)
    for a in plan.actions:
        if type(a) is not PlaceCube:
            continue
        name = t.lazy(f"card.{a.card}")
        if _CARDS[a.card].is_spirit:
            out.append(t.lazy("advisor.reason.spirit_habitat", card=name, cell=a.cell))
            continue
        k = placed.get(a.card, 0)
        placed[a.card] = k + 1
        worth = _CARDS[a.card].points_for(k + 1) - _CARDS[a.card].points_for(k)
        out.append(t.lazy("advisor.reason.habitat", card=name, cell=a.cell, points=worth))
    s0, s1 = scoring.score_landscapes(before.board()), scoring.score_landscapes(plan.seat.board())
    for key in scoring.LANDSCAPES:
        diff = getattr(s1, key) - getattr(s0, key)
        if diff > 0:
            out.append(t.lazy(f"advisor.reason.{key}", points=diff))
        elif diff < 0:
            out.append(t.lazy(f"advisor.reason.{key}.loss", points=-diff))
    for a in plan.actions:
        if type(a) is TakeCard:
            out.append(t.lazy("advisor.reason.card", card=t.lazy(f"card.{a.card}")))
    left = turns_left(game, own=False)
    later = (evaluate(plan.seat, left) - _points(plan.seat)) - (evaluate(before, left) - _points(before))
    if later >= 1:
        out.append(t.lazy_count("advisor.reason.later", round(later)))
    if not out:
        out.append(t.lazy("advisor.reason.nothing"))
    return tuple(out)


__all__ = ["Advice", "advise", "judge", "evaluate", "plan_turns", "turns_left", "Weights", "DEFAULT_BUDGET",
           "DEFAULT_TOP"]
