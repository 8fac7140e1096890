"""The coach: the current player's best moves, ranked, each with its expected gain and its reasons.

``advise(game)`` asks the search of ``azul.search``: in the factory offer of the coloured wall it
plays the rest of the round out for everyone (each reply weighed, as far as its budget of nodes
allows, usually to the end of the round), scores the wall tiling exactly and judges what the
position then promises for the rounds to come. Its three best moves get their exact value and the
reasons of the search; the others are ranked below them. The search never reads the bag: within a
round nothing is hidden, and the next round's deal is not part of what it plays.

``advise_playouts(game)`` is the coach before the search, which still advises the gray wall (its
tiling asks for column choices the search does not play): it keeps the most promising moves by a
quick look at the position each leaves, then plays each of them out to the end of the round many
times with quick computer players (greedy with a little chance in them) and ranks them by how the
round ends:

* the player's score after the wall tiling plus what the wall promises for later (rows, columns and
  colours on their way to a bonus, tiles waiting on unfinished pattern lines, empty cells next to
  many tiles), because a round's points are not the whole story;
* minus a part (three tenths) of the same measure for the other players (their mean), because a
  take also decides what the others can still take.

Only the order of the tiles in the bag is secret, and it matters from the next round on. The
playouts never read it: every playout gets a generator of its own, seeded from ``seed``, so a
round that ends inside a playout draws its new factories from the counts in the bag (which anyone
can work out by counting the tiles in sight and in the lid), never in the real game's order. Two
games that differ only in the order of their bags get the same advice. Their budget is ``budget``
playouts (the same seed always gives the same advice) and, when ``seconds`` is given, a time limit
too (then a busy machine can give less deep advice).

Each ``Advice`` holds the move (the engine's own ``Take`` or ``Place``), ``gain`` (the points the
player's score changes by at the end of the round: along the search's best line of play, or on
average over the playouts), ``lead`` (how far ahead of the others the round ends, wall promise
included; for the search, ahead of the strongest other), ``playouts`` (0 for the search) and
``reasons``: texts that follow the language in force, what the move does now (tiles to a line, to
the floor and its penalty, a line it completes and what that scores at the tiling, the first-player
marker) and what the search or the playouts found.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from tabletop.i18n import Text

from .board import COLUMN_MASKS, ROW_MASKS, Board
from .game import OFFER, Game
from .immediate import gain as immediate_gain
from .inwords import Later
from .locale import t
from .moves import CENTRE, FLOOR, Move, Take, in_words
from .search import Search, score_at, to_take
from .tiles import (
    COLOUR_BONUS,
    COLOURS,
    COLUMN_BONUS,
    FACTORIES,
    FLOOR_SLOTS,
    LETTERS,
    LINES,
    ROW_BONUS,
    SIZE,
    TILES_PER_COLOUR,
    colour_text,
    colour_title,
    floor_penalty,
    wall_colour,
    wall_column,
)
from .tiling import free_columns, placement_points, points, runs

#: Playouts of one ``advise`` call by default: about a tenth of a second on an idle two-core machine,
#: well under a second when it is busy.
DEFAULT_BUDGET = 100
#: How many moves, at most, the playouts share (the rest are ranked by the quick look alone), and
#: how many the search returns by default.
CANDIDATES = 8
#: Nodes of one hint's search by default: its three best moves are valued exactly, which costs more
#: than the strong player's one, so it looks at fewer positions to answer within a second.
HINT_NODES = 20000
#: How many of the best moves the search values exactly (the others get a bound) and explains.
SHOWN = 3

# The colours' cells on the coloured wall, as bit masks like ROW_MASKS.
_COLOUR_MASKS = tuple(sum(1 << (SIZE * r + c) for r in range(SIZE) for c in range(SIZE)
                          if wall_colour(r, c) == k) for k in COLOURS)

# How much a bonus on its way is worth now, and how much a tile waiting on a pattern line is.
_PROMISE = 1.0
_WAITING = 0.6
# The weight of the others' standing in the value of a position.
_OTHERS = 0.3
# How a bonus's chance grows with the tiles it has: (have / 5) ** _SHAPE.
_SHAPE = 2.0
# How much the empty cells' neighbours are worth (a compact wall scores more in the rounds to come).
_ADJACENCY = 0.1
# The chance in the playouts' quick players: a random extra of up to this many points per move.
_NOISE = 1.0


@dataclass(frozen=True)
class Advice:
    """One advised move and why."""

    move: Move
    gain: float  # the player's points by the end of the round, on average: score after - before
    lead: float  # ahead (+) or behind (-) the others at the end of the round, wall promise included
    playouts: int
    reasons: tuple[Text, ...]

    def __str__(self) -> str:
        return t("advisor.line", move=in_words(self.move), gain=f"{self.gain:+.1f}",
                 reasons=" ".join(str(r) for r in self.reasons))


def advise(game: Game, *, budget: int | None = None, seconds: float | None = None,
           seed: int | str = 0, top: int | None = None) -> list[Advice]:
    """The moves of the player to move, best first, by the search of ``azul.search``: the factory
    offer of the coloured wall is searched to the end of the round (``budget``: its nodes, default
    ``HINT_NODES``; the same position always gets the same advice). The gray wall, whose tiling
    asks for choices the search does not play, is advised by the playouts (``advise_playouts``,
    ``budget`` playouts at most ``DEFAULT_BUDGET``, ``seconds`` and ``seed`` as there; the search
    has neither: its budget is in nodes and it has no chance in it). ``top``:
    how many moves to return (default: the ``CANDIDATES`` best). An ended game has no advice."""
    if game.over:
        return []
    if game.gray or game.phase != OFFER:
        playouts = DEFAULT_BUDGET if budget is None else min(budget, DEFAULT_BUDGET)
        if seconds is not None and budget is None:
            playouts = None
        return advise_playouts(game, budget=playouts, seconds=seconds, seed=seed, top=top)
    return _searched(game, HINT_NODES if budget is None else budget,
                     CANDIDATES if top is None else top)


def _searched(game: Game, nodes: int, top: int) -> list[Advice]:
    search = Search(game, nodes)
    ranked = search.run(multi=min(top, SHOWN))[:top]
    player = game.current
    before = game.boards[player].score
    advice = []
    for rank, (value, move) in enumerate(ranked):
        take = to_take(search.root[1], move)
        end = search.line(move)
        gained = float(score_at(end, player) - before)
        reasons = list(move_reasons(game, take))
        if rank < SHOWN:  # the values of the moves below are bounds, not what they are worth
            key = "advisor.reason.searched" if end[0] is None else "advisor.reason.looked"
            reasons.append(t.lazy_count(key, search.depth, gain=f"{gained:+.1f}"))
            reasons.append(_left_to_reply(game, search, move, end))
            lead = round(value, 1)
            key = _AHEAD if lead >= 0.05 else (_BEHIND if lead <= -0.05 else _LEVEL)
            reasons.append(t.lazy(key, points=f"{abs(lead):.1f}"))
        else:
            lead = round(value, 1)
        advice.append(Advice(take, gained, lead, 0, tuple(reasons)))
    return advice


def _left_to_reply(game: Game, search: Search, move, end: tuple) -> Text:
    """What a move leaves the next player: the reply the search expects, and what that player's
    score does along the line; or that the move ends the round."""
    reply = search.reply(move)
    if reply is None:
        return t.lazy("advisor.reason.no_reply")
    other, take = reply
    gained = score_at(end, other) - game.boards[other].score
    return t.lazy("advisor.reason.reply", player=other + 1, move=Later(in_words, take), gain=f"{gained:+d}")


def advise_playouts(game: Game, *, budget: int | None = DEFAULT_BUDGET,
                    seconds: float | None = None, seed: int | str = 0,
                    top: int | None = None) -> list[Advice]:
    """The coach before the search (``PlayoutPolicy``, and the gray wall): the candidates played
    out to the end of the round by quick noisy players, see the module docstring. ``budget``: the
    number of playouts (``None``: as many as ``seconds`` allows); ``seconds``: a time limit;
    ``top``: how many moves to return (default: every move the playouts looked at)."""
    if budget is None and seconds is None:
        raise TypeError("advise() needs a budget of playouts or of seconds")
    moves = game.legal_moves()
    if not moves:
        return []
    player = game.current
    rng = random.Random(f"azul-advisor:{seed}")
    before = game.boards[player].score
    looked = sorted(((_quick_value(game, move), i, move) for i, move in enumerate(moves)),
                    key=lambda x: (-x[0], x[1]))
    candidates = [_Candidate(move, quick) for quick, _, move in looked[:CANDIDATES]]
    deadline = None if seconds is None else time.perf_counter() + seconds
    alive = candidates if len(moves) > 1 else []
    spent, sweep = 0, 0
    while alive:
        for cand in alive:
            if budget is not None and spent >= budget or (
                    deadline is not None and spent and time.perf_counter() > deadline):
                alive = []
                break
            _playout(game, cand, player, rng)
            spent += 1
        sweep += 1
        if alive and sweep & (sweep - 1) == 0 and len(alive) > 2:  # after sweeps 1, 2, 4, 8...
            alive.sort(key=lambda c: -c.mean)
            alive = alive[:max(2, len(alive) // 2)]
            for cand in alive:
                cand.level += 1
    candidates.sort(key=lambda c: (-c.level, -c.mean if c.playouts else -c.quick))
    ranked = [_advice(game, c, before) for c in candidates]
    return ranked if top is None else ranked[:top]


class _Candidate:
    __slots__ = ("move", "quick", "playouts", "total", "gained", "lead", "level")

    def __init__(self, move: Move, quick: float) -> None:
        self.move, self.quick = move, quick
        self.playouts, self.total, self.gained, self.lead, self.level = 0, 0.0, 0.0, 0.0, 0

    @property
    def mean(self) -> float:
        return self.total / self.playouts if self.playouts else self.quick


# --- the search --------------------------------------------------------------------------------


def _playout(game: Game, cand: _Candidate, player: int, rng: random.Random) -> None:
    """Play ``cand.move`` then the rest of the round with quick noisy players; add what it gave."""
    g = game.copy()
    g.rng = rng  # the bag's order is unknown: the advisor draws with its own generator
    g.play(cand.move)
    start = game.round
    while g.round == start and not g.over:
        g.play(_quick_choice(g, rng))
    values = _values(g)
    mine = values[player]
    others = [v for p, v in enumerate(values) if p != player]
    rest = sum(others) / len(others)
    cand.playouts += 1
    cand.total += mine - _OTHERS * rest
    cand.gained += g.boards[player].score
    cand.lead += mine - rest


def _quick_choice(game: Game, rng: random.Random) -> Move:
    """The playouts' player: the best immediate gain, favouring tiles on lines, with some chance."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    board = game.boards[game.current]
    best, best_key = moves[0], None
    draw = rng.random
    for move in moves:
        key = immediate_gain(game, move) + _NOISE * draw()
        if type(move) is Take and move.line != FLOOR:
            n = game.sources[move.source][move.colour]
            key += 0.3 * min(n, move.line + 1 - board.line_count[move.line])
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def _quick_value(game: Game, move: Move) -> float:
    """The position after ``move``, valued without playing on: the quick look that picks the
    candidates."""
    g = game.copy()
    g.rng = random.Random(0)  # never the real bag order, even when the move ends the round
    player = game.current
    g.play(move)
    values = _values(g)
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - _OTHERS * sum(others) / len(others)


def _values(game: Game) -> list[float]:
    """Each player's standing: the score after the coming wall tiling, plus the promise of the
    wall; once the game is over, the final scores."""
    if game.over:
        return [float(s) for s in game.scores()]
    projected = [_project(board) for board in game.boards]
    fullest = max(f for _, _, _, f in projected)
    rounds_left = max(1, SIZE - fullest)
    return [score + _promise(wall, colours, board, rounds_left)
            for (score, wall, colours, _), board in zip(projected, game.boards, strict=True)]


def _project(board: Board) -> tuple[int, int, list[int] | None, int]:
    """The score, the wall (bits), the gray wall's colours and the fullest row after this board's
    coming wall tiling (complete lines to the wall, on the gray wall in the best column; the floor
    penalty), without changing the board."""
    wall, score, gray = board.wall, board.score, board.gray
    cells = board.cells[:] if gray else None
    floor = len(board.floor)
    for line in LINES:
        if board.line_count[line] != line + 1:
            continue
        colour = board.line_colour[line]
        if gray:
            free = [c for c in range(SIZE) if cells[SIZE * line + c] < 0
                    and colour not in cells[c::SIZE]]
            if not free:
                floor += line + 1
                continue
            column = max(free, key=lambda c: placement_points(wall, line, c))
            cells[SIZE * line + column] = colour
        else:
            column = wall_column(line, colour)
        wall |= 1 << (SIZE * line + column)
        score += points(*runs(wall, line, column))
    score = max(0, score + floor_penalty(floor))
    fullest = max((wall & m).bit_count() for m in ROW_MASKS)
    return score, wall, cells, fullest


def _chance(have: int, rounds_left: int) -> float:
    """How likely a row, column or colour with ``have`` of its 5 tiles gets finished."""
    if have >= SIZE:
        return 1.0
    if SIZE - have > rounds_left:
        return 0.0
    return (have / SIZE) ** _SHAPE


def _promise(wall: int, cells: list[int] | None, board: Board, rounds_left: int) -> float:
    """What the wall and the waiting pattern lines promise for the rounds to come."""
    value, gray = 0.0, board.gray
    for m in ROW_MASKS:
        value += ROW_BONUS * _chance((wall & m).bit_count(), rounds_left)
    for m in COLUMN_MASKS:
        value += COLUMN_BONUS * _chance((wall & m).bit_count(), rounds_left)
    for k in COLOURS:
        have = cells.count(k) if gray else (wall & _COLOUR_MASKS[k]).bit_count()
        value += COLOUR_BONUS * _chance(have, rounds_left)
    value *= _PROMISE
    if _ADJACENCY and rounds_left > 1:
        around = 0
        for index in range(SIZE * SIZE):
            if not wall >> index & 1:
                row, column = divmod(index, SIZE)
                around += placement_points(wall, row, column) - 1
        value += _ADJACENCY * around * min(rounds_left - 1, 3) / 3
    for line in LINES:
        n = board.line_count[line]
        if 0 < n <= line:  # an unfinished line waits for the next rounds
            colour = board.line_colour[line]
            if gray:
                free = [c for c in range(SIZE) if cells[SIZE * line + c] < 0]
                worth = max((placement_points(wall, line, c) for c in free), default=0)
            else:
                worth = placement_points(wall, line, wall_column(line, colour))
            value += _WAITING * worth * n / (line + 1)
    return value


# --- in words ----------------------------------------------------------------------------------


# How far ahead of the others a searched move ends: the reasons that compare with the other seats.
_AHEAD, _BEHIND, _LEVEL = "advisor.reason.ahead", "advisor.reason.behind", "advisor.reason.level"
_COMPARING = frozenset((_AHEAD, _BEHIND, _LEVEL))


def _advice(game: Game, cand: _Candidate, before: int) -> Advice:
    reasons = list(move_reasons(game, cand.move))
    if cand.playouts:
        gained = cand.gained / cand.playouts - before
        lead = cand.lead / cand.playouts
        reasons.append(t.lazy_count("advisor.reason.search", cand.playouts,
                                    gain=f"{gained:+.1f}"))
        key = _AHEAD if lead >= 0.05 else (_BEHIND if lead <= -0.05 else _LEVEL)
        reasons.append(t.lazy(key, points=f"{abs(lead):.1f}"))
    else:
        gained, lead = float(immediate_gain(game, cand.move)), 0.0
    return Advice(cand.move, gained, lead, cand.playouts, tuple(reasons))


def move_reasons(game: Game, move: Move) -> tuple[Text, ...]:
    """What ``move`` does now, for the player to move, as texts in the language in force."""
    board = game.boards[game.current]
    if type(move) is not Take:
        colour = colour_text(move.colour)
        if move.column == FLOOR:
            have = len(board.floor)
            penalty = floor_penalty(have + move.line + 1) - floor_penalty(have)
            return (t.lazy("advisor.reason.place_floor", line=move.line, colour=colour,
                           penalty=penalty),)
        return (t.lazy("advisor.reason.place", line=move.line, colour=colour, column=move.column,
                       points=placement_points(board.wall, move.line, move.column)),)
    colour = colour_text(move.colour)
    n = game.sources[move.source][move.colour]
    reasons: list[Text] = []
    floor = len(board.floor)
    if move.source == CENTRE and game.centre_marker:
        after = min(floor + 1, FLOOR_SLOTS)
        reasons.append(t.lazy("advisor.reason.marker",
                              penalty=floor_penalty(after) - floor_penalty(floor)))
        floor = after
    dropped = n
    if move.line != FLOOR:
        room = move.line + 1 - board.line_count[move.line]
        placed = min(n, room)
        dropped = n - placed
        reasons.append(t.lazy_count("advisor.reason.to_line", placed, colour=colour,
                                    line=move.line))
        if n >= room:
            columns = free_columns(board, move.line, move.colour)
            if columns:
                score = max(placement_points(board.wall, move.line, c) for c in columns)
                reasons.append(t.lazy("advisor.reason.completes", line=move.line, points=score))
            else:
                reasons.append(t.lazy("advisor.reason.no_cell", line=move.line, colour=colour))
        else:
            reasons.append(t.lazy_count("advisor.reason.needs", room - n, line=move.line))
    if dropped:
        penalty = floor_penalty(floor + dropped) - floor_penalty(floor)
        reasons.append(t.lazy_count("advisor.reason.floor", dropped, colour=colour,
                                    penalty=penalty))
    return tuple(reasons)


# --- one board on its own: the scoring sandbox's questions ---------------------------------------


@dataclass(frozen=True)
class CellAdvice:
    """A wall cell worth aiming at: a tile of ``colour`` (``None`` on the gray wall when the empty
    pattern line may still choose its colour) at (``row``, ``column``), what it would score now and
    why."""

    row: int
    column: int
    colour: int | None
    points: int
    value: float  # the points plus a share of the end bonus it brings closer: the ranking
    reasons: tuple[Text, ...]

    @property
    def place(self) -> str:
        """Where, in words: "row 1, column 3 (yellow)"."""
        colour = t("advisor.cell.any_colour") if self.colour is None else colour_title(self.colour)
        return t("advisor.cell.place", row=self.row, column=self.column, colour=colour)

    def __str__(self) -> str:
        return t("advisor.cell.line", place=self.place,
                 reasons=" ".join(str(r) for r in self.reasons))


def board_game(board: Board) -> Game:
    """A two-player game in which ``board`` is player 0's board and it is their turn in the wall
    tiling (the factories are empty, the other seat has an empty board, the tiles nowhere in sight
    are in the bag). Only the gray wall has a tiling phase with choices; ``board`` must hold a
    complete pattern line. Raises ``ScenarioError`` when that position cannot exist."""
    empty = Board().to_dict()
    marker = board.has_marker
    version, internal, gauss = random.Random(0).getstate()
    return Game.from_dict({
        "game": "azul", "wall": board.wall_kind, "seed": 0, "round": 1,
        "phase": "tiling", "current": 0, "first_player": 0,
        "factories": [""] * FACTORIES[2], "centre": "", "centre_marker": not marker,
        "marker_holder": 0 if marker else None,
        "bag": {letter: TILES_PER_COLOUR - n
                for letter, n in zip(LETTERS, board.tile_counts(), strict=True)},
        "lid": {}, "players": [board.to_dict(), empty],
        "rng": [version, list(internal), gauss],
    })


def advise_board(board: Board, *, budget: int | None = DEFAULT_BUDGET,
                 seed: int | str = 0, top: int | None = None) -> list[Advice]:
    """The coach on one board in its wall tiling: on the gray wall, where the tile of the next
    complete pattern line should go (``Place`` moves, best first, from ``advise`` on
    ``board_game(board)``). The other seat of that game is empty and the same for every move, so
    the reasons leave out how far ahead of it the search ends. Empty when there is no choice to
    make (the coloured wall, or no complete line)."""
    if not board.gray or board.next_complete_line() is None:
        return []
    ranked = advise(board_game(board), budget=budget, seed=seed, top=top)
    return [Advice(a.move, a.gain, a.lead, a.playouts, tuple(r for r in a.reasons if r.key not in _COMPARING))
            for a in ranked]


def best_cells(board: Board, *, top: int | None = None) -> list[CellAdvice]:
    """Where one more tile would score the most, best first: each empty wall cell that a pattern
    line can still fill, with the points it would score on the wall as it is after this round's
    tiling (the complete lines placed; on the gray wall, in the best column) and the end bonus it
    would finish. A cell's colour is the one its pattern line already holds; an empty line may
    choose (on the coloured wall, the colour printed in the cell)."""
    _, wall, cells, _ = _project(board)
    gray = board.gray
    if not gray:
        cells = [wall_colour(r, c) if wall >> (SIZE * r + c) & 1 else -1
                 for r in range(SIZE) for c in range(SIZE)]
    found = []
    for row in LINES:
        n = board.line_count[row]
        if n == row + 1:  # this line goes to the wall in this tiling
            continue
        held = board.line_colour[row] if n else None
        for column in range(SIZE):
            if wall >> (SIZE * row + column) & 1:
                continue
            colour = held if held is not None else (None if gray else wall_colour(row, column))
            taken = {*cells[SIZE * row:SIZE * row + SIZE], *cells[column::SIZE]}
            if colour is None and taken.issuperset(COLOURS) or colour is not None and (
                    colour in taken or not gray and wall_column(row, colour) != column):
                continue
            found.append(_cell(wall, cells, row, column, colour, row + 1 - n))
    found.sort(key=lambda c: (-c.value, c.row, c.column))
    return found if top is None else found[:top]


def _cell(wall: int, cells: list[int], row: int, column: int, colour: int | None,
          needed: int) -> CellAdvice:
    after = wall | 1 << (SIZE * row + column)
    score = points(*runs(after, row, column))
    reasons: list[Text] = [t.lazy_count("advisor.cell.points", score)]
    value = float(score)
    if after & ROW_MASKS[row] == ROW_MASKS[row]:
        reasons.append(t.lazy("advisor.cell.row_bonus", row=row, points=ROW_BONUS))
        value += ROW_BONUS
    if after & COLUMN_MASKS[column] == COLUMN_MASKS[column]:
        reasons.append(t.lazy("advisor.cell.column_bonus", column=column, points=COLUMN_BONUS))
        value += COLUMN_BONUS
    if colour is not None and cells.count(colour) == SIZE - 1:
        reasons.append(t.lazy("advisor.cell.colour_bonus", colour=colour_text(colour),
                              points=COLOUR_BONUS))
        value += COLOUR_BONUS
    reasons.append(t.lazy_count("advisor.cell.needs", needed, line=row))
    value -= 0.01 * needed  # between equals, the line closer to complete first
    return CellAdvice(row, column, colour, score, value, tuple(reasons))
