"""The coach's search: the rest of the round played out exactly, then the round's end judged.

Once the factories are dealt, an Azul round holds no chance: every move and its consequences are in
sight of every player until the wall tiling. So the search plays the round out move by move, for
everyone, with alpha-beta (each opponent plays to hurt the player who asks), iterative deepening,
a transposition table and move ordering (the best move of the shallower search first, then the
moves that score and fill lines), to the end of the round or as deep as its budget of **nodes**
allows (positions looked at: a budget in nodes, not in seconds, so the same position always gets
the same answer, on any machine).

Where a line of play reaches the end of the round, the wall tiling is scored exactly (the tiles of
complete lines to the wall, the floor penalties) and, when the game ends there, the end bonuses
too. Otherwise the position is worth its score plus what it promises for the rounds still to come
(``future``): the rows, columns and colours on their way to a bonus, weighted by how many rounds
are likely left; the adjacency the wall offers the next tiles; the tiles waiting on unfinished
pattern lines; who starts the next round. Where the budget stops a line before the round ends, the
position is judged as if the tiling came now.

The search works on a compact copy of the position (tuples and ints, never ``Board`` objects), on
the coloured wall. It never looks at the bag: the next round's deal is not part of what it plays.
"""

from __future__ import annotations

from .board import COLUMN_MASKS, ROW_MASKS
from .game import OFFER, Game
from .moves import CENTRE, FLOOR, Take
from .tiles import (
    COLOUR_BONUS,
    COLUMN_BONUS,
    FLOOR_SLOTS,
    FLOOR_TOTALS,
    ROW_BONUS,
    SIZE,
    wall_colour,
)
from .tiling import placement_points

#: Nodes of one search by default: well under a second a move on a busy two-core machine.
DEFAULT_NODES = 30000

_COLOUR_MASKS = tuple(sum(1 << (SIZE * r + c) for r in range(SIZE) for c in range(SIZE)
                          if wall_colour(r, c) == k) for k in range(SIZE))
_CELL_COLUMN = tuple(tuple((k + r) % SIZE for k in range(SIZE)) for r in range(SIZE))
_INF = float("inf")
_COMPLETE = 1 << 20  # the depth stored for a subtree searched to the end of the round
_EXACT, _LOWER, _UPPER = 0, 1, 2

# The weights of the future (tuned with benchmarks/azul_strength.py).
_BONUS_WEIGHT = 1.5       # a bonus on its way, times the chance that it gets finished
_ADJACENCY = 0.15         # per point of adjacency an empty reachable cell offers
_WAITING = 0.8            # per point a waiting pattern line's tile would score, times its fill
_FIRST = 1.0              # starting the next round
_ROUND_INCOME = 0.0       # points a round left brings (the same for all, so it cancels out)


# --- the compact position -----------------------------------------------------------------------
#
# A position is (current, sources, holder, players): ``sources`` a tuple of per-colour count tuples,
# the factories then the centre; ``holder`` the player who took the first-player marker this round
# (-1 while it lies in the centre, -2 - first when nobody took it: the same first player again);
# each player (score, wall bits, lines, floor tiles), ``lines`` a tuple of count * 8 + colour.


def compact(game: Game) -> tuple:
    """The position of ``game`` (in its factory offer, coloured wall) as the search keeps it."""
    players = tuple(
        (b.score, b.wall,
         tuple(b.line_count[i] * 8 + (b.line_colour[i] if b.line_count[i] else 0)
               for i in range(SIZE)),
         min(len(b.floor), FLOOR_SLOTS))
        for b in game.boards)
    holder = -2 - game.first_player if game.centre_marker else game.marker_holder
    return game.current, tuple(tuple(s) for s in game.sources), holder, players


def _moves(pos: tuple) -> list[tuple[int, int, int]]:
    """The legal takes of ``pos`` (source index, colour, line or -1), the most promising first:
    what they score at the tiling and cost on the floor, then the tiles they put on lines."""
    current, sources, holder, players = pos
    _, wall, lines, floor = players[current]
    scored = []
    seen = set()
    last = len(sources) - 1
    penalty = FLOOR_TOTALS
    for s, counts in enumerate(sources):
        extra = floor
        if s != last:  # identical factories offer identical moves: only the first of them
            if counts in seen:
                continue
            seen.add(counts)
        elif holder < -1:
            extra += 1  # the first-player marker
        base = penalty[min(FLOOR_SLOTS, extra)]
        for k in range(SIZE):
            n = counts[k]
            if not n:
                continue
            for row in range(SIZE):
                v = lines[row]
                have = v >> 3
                column = _CELL_COLUMN[row][k]
                if (have == 0 or (v & 7) == k and have <= row) and not wall >> (SIZE * row + column) & 1:
                    room = row + 1 - have
                    if n >= room:
                        key = 4 * (_points(wall, row, column) + penalty[min(FLOOR_SLOTS, extra + n - room)]
                                   - penalty[floor]) + 2 * room + 1
                    else:
                        key = 4 * (base - penalty[floor]) + 2 * n
                    scored.append((key, s, k, row))
            scored.append((4 * (penalty[min(FLOOR_SLOTS, extra + n)] - penalty[floor]) - n, s, k, -1))
    scored.sort(key=_first, reverse=True)
    return [(s, k, row) for _, s, k, row in scored]


def _first(item):
    return item[0]


# Boards recur across the leaves of one search and from move to move: their points, tiling and future
# are kept (pure functions of the board, so the answers stay the same), a few tens of thousands each.
_KEEP = 50000
_POINTS: dict = {}


def _points(wall: int, row: int, column: int) -> int:
    """``placement_points``, remembered."""
    key = (wall, row, column)
    found = _POINTS.get(key)
    if found is None:
        if len(_POINTS) > _KEEP:
            _POINTS.clear()
        found = _POINTS[key] = placement_points(wall, row, column)
    return found


def _play(pos: tuple, move: tuple[int, int, int]) -> tuple:
    """The position after ``move``; when it empties the table, the players after the tiling, as
    (None, None, holder, players)."""
    current, sources, holder, players = pos
    s, k, row = move
    counts = sources[s]
    n = counts[k]
    last = len(sources) - 1
    score, wall, lines, floor = players[current]
    if s == last:
        centre = counts[:k] + (0,) + counts[k + 1:]
        sources = sources[:last] + (centre,)
        if holder < -1:
            holder = current
            floor += 1
    else:
        centre = tuple(c + (x if i != k else 0)
                       for i, (c, x) in enumerate(zip(sources[last], counts, strict=True)))
        sources = sources[:s] + ((0, 0, 0, 0, 0),) + sources[s + 1:last] + (centre,)
    if row >= 0:
        have = lines[row] >> 3
        placed = min(n, row + 1 - have)
        lines = lines[:row] + (((have + placed) << 3) | k,) + lines[row + 1:]
        floor += n - placed
    else:
        floor += n
    if floor > FLOOR_SLOTS:
        floor = FLOOR_SLOTS
    players = players[:current] + ((score, wall, lines, floor),) + players[current + 1:]
    if any(map(any, sources)):
        return (current + 1) % len(players), sources, holder, players
    return None, None, holder, players


def _tile(player: tuple) -> tuple:
    """One player after the wall tiling: complete lines to the wall, scored, and the floor."""
    score, wall, lines, floor = player
    new = list(lines)
    for row in range(SIZE):
        v = lines[row]
        if v >> 3 == row + 1:
            column = _CELL_COLUMN[row][v & 7]
            score += placement_points(wall, row, column)
            wall |= 1 << (SIZE * row + column)
            new[row] = 0
    score = max(0, score + FLOOR_TOTALS[floor])
    return score, wall, tuple(new), 0


def _bonuses(wall: int) -> int:
    return (ROW_BONUS * sum(wall & m == m for m in ROW_MASKS)
            + COLUMN_BONUS * sum(wall & m == m for m in COLUMN_MASKS)
            + COLOUR_BONUS * sum(wall & m == m for m in _COLOUR_MASKS))


# --- what a position is worth ---------------------------------------------------------------------


def _chance(have: int, needed_rounds: int, rounds_left: float) -> float:
    """How likely a bonus with ``have`` of its 5 tiles, needing at least ``needed_rounds`` more
    rounds, gets finished in ``rounds_left``."""
    if needed_rounds > rounds_left:
        return 0.0
    return (have / SIZE) ** 2


def future(player: tuple, rounds_left: float) -> float:
    """What a tiled board (score apart) promises for the rounds to come."""
    _, wall, lines, _ = player
    value = 0.0
    for row in range(SIZE):
        have = (wall & ROW_MASKS[row]).bit_count()
        value += ROW_BONUS * _chance(have, SIZE - have, rounds_left)
    for column in range(SIZE):
        mask = wall & COLUMN_MASKS[column]
        have = mask.bit_count()
        value += COLUMN_BONUS * _chance(have, 1 if have < SIZE else 0, rounds_left)
    for k in range(SIZE):
        have = (wall & _COLOUR_MASKS[k]).bit_count()
        value += COLOUR_BONUS * _chance(have, 1 if have < SIZE else 0, rounds_left)
    value *= _BONUS_WEIGHT
    if rounds_left > 1:
        around = 0
        for index in range(SIZE * SIZE):
            if not wall >> index & 1:
                around += placement_points(wall, index // SIZE, index % SIZE) - 1
        value += _ADJACENCY * around * min(rounds_left - 1, 3) / 3
    for row in range(SIZE):
        v = lines[row]
        n = v >> 3
        if n:
            column = _CELL_COLUMN[row][v & 7]
            value += _WAITING * placement_points(wall, row, column) * n / (row + 1)
    return value


_TILED: dict = {}
_FUTURE: dict = {}


_FULLEST = {}


def _fullest(wall: int) -> int:
    """The most tiles in one row of ``wall``."""
    found = _FULLEST.get(wall)
    if found is None:
        if len(_FULLEST) > _KEEP:
            _FULLEST.clear()
        found = _FULLEST[wall] = max((wall & m).bit_count() for m in ROW_MASKS)
    return found


def _tiled(player: tuple) -> tuple:
    found = _TILED.get(player)
    if found is None:
        if len(_TILED) > _KEEP:
            _TILED.clear()
        found = _TILED[player] = _tile(player)
    return found


def _future(player: tuple, rounds_left: float) -> float:
    key = (player[1], player[2], rounds_left)
    found = _FUTURE.get(key)
    if found is None:
        if len(_FUTURE) > _KEEP:
            _FUTURE.clear()
        found = _FUTURE[key] = future(player, rounds_left)
    return found


def judge_end(holder: int, players: tuple, me: int) -> tuple[float, bool]:
    """The value, for player ``me``, of the round's end with ``players`` before their tiling, and
    whether the game ends there."""
    tiled = [_tiled(p) for p in players]
    fullest = max(_fullest(p[1]) for p in tiled)
    over = fullest == SIZE
    if over:
        values = [p[0] + _bonuses(p[1]) for p in tiled]
    else:
        rounds_left = SIZE - fullest + 0.5
        first = holder if holder >= 0 else -2 - holder
        values = [p[0] + _future(p, rounds_left) + (_FIRST if i == first else 0.0)
                  for i, p in enumerate(tiled)]
    mine = values[me]
    return mine - max(v for i, v in enumerate(values) if i != me), over


# --- the search ------------------------------------------------------------------------------------


class _OutOfNodes(Exception):
    pass


class Search:
    """One search from one position, for the player to move, with a budget of ``nodes``."""

    def __init__(self, game: Game, nodes: int = DEFAULT_NODES) -> None:
        if game.phase != OFFER or game.gray:
            raise ValueError("the search plays the factory offer of the coloured wall")
        self.root = compact(game)
        self.me = game.current
        self.budget = max(1, nodes)
        self.nodes = 0
        self.cuts = 0
        self.table: dict = {}
        self.depth = 0
        self.complete = False

    def run(self, multi: int = 1) -> list[tuple[float, tuple[int, int, int]]]:
        """The root moves, best first, each with its value: exact for the ``multi`` best (as far
        as the deepest finished iteration saw), an upper bound for the rest."""
        moves = _moves(self.root)
        ranked = [(0.0, m) for m in moves]
        depth = 1
        while True:
            cuts = self.cuts
            try:
                found = self._root(moves, depth, multi)
            except _OutOfNodes:
                break
            ranked = found
            self.depth = depth
            moves = [m for _, m in ranked]
            if self.cuts == cuts:  # nothing was cut short: the round is searched to its end
                self.complete = True
                break
            depth += 1
        return ranked

    def _root(self, moves, depth, multi):
        values = []
        best = []
        for move in moves:
            alpha = best[-1] if len(best) >= multi else -_INF
            child = _play(self.root, move)
            value = self._value(child, depth - 1, alpha, _INF)
            values.append((value, move))
            best = sorted((v for v, _ in values), reverse=True)[:multi]
        order = sorted(range(len(values)), key=lambda i: -values[i][0])  # stable: ties keep order
        return [values[i] for i in order]

    def _value(self, pos, depth, alpha, beta):
        if pos[0] is None:
            return judge_end(pos[2], pos[3], self.me)[0]
        if depth <= 0:
            self.cuts += 1
            self.nodes += 1
            return judge_end(pos[2], pos[3], self.me)[0]
        return self._search(pos, depth, alpha, beta)

    def _search(self, pos, depth, alpha, beta):
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfNodes
        entry = self.table.get(pos)
        hint = None
        if entry is not None:
            stored, flag, value, hint = entry
            if stored >= depth:
                if stored < _COMPLETE:
                    self.cuts += 1
                if flag == _EXACT or flag == _LOWER and value >= beta or \
                        flag == _UPPER and value <= alpha:
                    return value
        moves = _moves(pos)
        if hint is not None and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        cuts = self.cuts
        start_alpha, start_beta = alpha, beta
        mine = pos[0] == self.me
        best_value, best_move = (-_INF if mine else _INF), moves[0]
        for move in moves:
            value = self._value(_play(pos, move), depth - 1, alpha, beta)
            if mine:
                if value > best_value:
                    best_value, best_move = value, move
                    if value > alpha:
                        alpha = value
            else:
                if value < best_value:
                    best_value, best_move = value, move
                    if value < beta:
                        beta = value
            if alpha >= beta:
                break
        if best_value <= start_alpha:
            flag = _UPPER
        elif best_value >= start_beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[pos] = (_COMPLETE if self.cuts == cuts else depth, flag, best_value, best_move)
        return best_value

    def line(self, move: tuple[int, int, int]) -> tuple:
        """The position where the best play after ``move`` (as the table remembers it) stops: the
        round's end, or where the search stopped looking."""
        pos = _play(self.root, move)
        for _ in range(200):
            if pos[0] is None:
                return pos
            entry = self.table.get(pos)
            if entry is None:
                return pos
            pos = _play(pos, entry[3])
        return pos


    def reply(self, move: tuple[int, int, int]) -> tuple[int, Take] | None:
        """The reply the search expects to ``move``: (the player who makes it, the move), or None
        when ``move`` ends the round or the search did not look past it."""
        pos = _play(self.root, move)
        entry = self.table.get(pos) if pos[0] is not None else None
        if entry is None or entry[3] is None:
            return None
        return pos[0], to_take(pos[1], entry[3])


def to_take(pos_sources: tuple, move: tuple[int, int, int]) -> Take:
    s, k, row = move
    source = CENTRE if s == len(pos_sources) - 1 else s
    return Take(source, k, FLOOR if row < 0 else row)


def score_at(pos: tuple, player: int) -> int:
    """Player's score once the position's round is tiled (or as if it were tiled now)."""
    return _tile(pos[3][player])[0]


def best_move(game: Game, nodes: int = DEFAULT_NODES) -> Take:
    """The search's move for the player to move in ``game`` (factory offer, coloured wall)."""
    search = Search(game, nodes)
    ranked = search.run()
    return to_take(search.root[1], ranked[0][1])
