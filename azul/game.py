"""The game state: factories, centre, bag, lid, players' boards, and the flow of rounds.

A round is (A) the factory offer, one ``Take`` move after another, then (B) the wall tiling, then
(C) the preparation of the next round. On the coloured wall the tiling needs no decision, so the
move that empties the table runs it at once; on the gray wall the game enters the ``"tiling"``
phase and asks each player in turn (seat 0 first) for the column of each complete line, top to
bottom, as ``Place`` moves. ``last_tiling`` keeps the steps of the latest tiling phase, to replay;
``score_history`` the scores after each round's tiling (end bonuses included in the last), to chart.

Readings where the rulebook is silent (see ``docs/azul.md``):

* seat 0 (player 1 in words) starts the first round;
* if nobody takes from the centre in a round, the marker stays there and the same player starts
  the next round;
* if the bag and the lid are both empty so that a new round would start with no tile at all (it
  cannot happen with two or three players), the game ends there, with the end bonuses.

Tiles are counts per colour, the bag draws with the game's own ``random.Random(seed)``, and every
move is checked completely before anything changes, so an illegal move leaves the state exactly as
it was.
"""

from __future__ import annotations

import json
import random

from tabletop.untrusted import shown

from .board import Board
from .errors import (
    ColourNotThere,
    GameOver,
    NoSuchSource,
    NotThisLine,
    ScenarioError,
    WrongColour,
    WrongPhase,
    checks,
)
from .locale import t
from .moves import CENTRE, FLOOR, Move, Place, Take, parse_move, take_table
from .tiles import (
    COLOURS,
    FACTORIES,
    FLOOR_SLOTS,
    LETTERS,
    MARKER,
    PLAYER_COUNTS,
    TILES_PER_COLOUR,
    TILES_PER_FACTORY,
    WALL_KINDS,
    colour_title,
    series,
)
from .tiling import (
    Step,
    end_bonus,
    end_of_phase,
    free_columns,
    next_step,
    tile_board,
    winners,
)

OFFER, TILING, OVER = "offer", "tiling", "over"
PHASES = (OFFER, TILING, OVER)


class Score(int):
    """A player's score: a number, with the ``total`` that every game's scores have
    (``tabletop.game.Score``)."""

    __slots__ = ()

    @property
    def total(self) -> int:
        return int(self)


class Game:
    """An Azul game for 2 to 4 players on the coloured (``"colored"``) or ``"gray"`` wall.

    ``legal_actions()`` (also ``legal_moves()``) lists what the player to move (``current``) may
    do, ``play(move)`` does one of them (a ``Take``, a ``Place`` or its text). ``copy()`` is cheap;
    ``to_dict()`` and ``from_dict()`` save and restore everything, the random generator included.
    It is a ``tabletop.game.Game``.
    """

    RECORD = "azul-game"  # its game records' format (tabletop.records)

    __slots__ = ("boards", "sources", "bag", "lid", "centre_marker", "marker_holder",
                 "first_player", "current", "round", "phase", "rng", "seed", "tiles_on_table",
                 "last_tiling", "score_history", "_tables", "start", "_moves")

    def __init__(self, players: int = 2, seed: int | str | None = None,
                 wall: str = "colored") -> None:
        if players not in FACTORIES:
            raise ValueError(t("game.bad_players", players=players))
        if wall not in WALL_KINDS:
            raise ValueError(t("game.bad_wall", wall=shown(wall)))
        if seed is None:
            seed = random.randrange(2**32)
        self.seed = seed
        #: What the game was started with (a game record replays its moves from it); None for a
        #: game read from a file or a position, which a record cannot start from.
        self.start: dict | None = {"players": players, "seed": seed, "wall": wall}
        self._moves: tuple | None = None  # the moves so far, newest first: (earlier, move)
        self.rng = random.Random(seed)
        self.boards = [Board(wall == "gray") for _ in range(players)]
        self.sources = [[0] * len(COLOURS) for _ in range(FACTORIES[players] + 1)]
        self.bag = [TILES_PER_COLOUR] * len(COLOURS)
        self.lid = [0] * len(COLOURS)
        self.first_player = 0
        self.round = 0
        self.last_tiling: list[Step] = []
        self.score_history: list[list[int]] = []
        self._tables = _tables(FACTORIES[players])
        self._start_round()

    # --- reading the state ---------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.boards)

    players = seats  # the lessons' name for the number of players

    @property
    def gray(self) -> bool:
        """Whether the game is played on the gray wall (its boards know it)."""
        return self.boards[0].gray

    @property
    def wall(self) -> str:
        return self.boards[0].wall_kind

    @property
    def factories(self) -> list[list[int]]:
        """Per factory, the count of each colour (index = colour)."""
        return self.sources[:-1]

    @property
    def centre(self) -> list[int]:
        """The count of each colour in the centre (the marker is ``centre_marker``)."""
        return self.sources[-1]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[Score]:
        return [Score(board.score) for board in self.boards]

    def winners(self) -> list[int]:
        """The winning players once the game is over (several when they share the victory)."""
        return winners(self.boards) if self.phase == OVER else []

    def tile_counts(self) -> list[int]:
        """How many tiles of each colour the game holds, wherever they are: always 20 each."""
        counts = [b + i for b, i in zip(self.bag, self.lid, strict=True)]
        for place in (*self.sources, *(board.tile_counts() for board in self.boards)):
            for colour, n in enumerate(place):
                counts[colour] += n
        return counts

    # --- moves ---------------------------------------------------------------------------------

    def legal_actions(self) -> list[Move]:
        """Every move the player ``current`` may make now, in a fixed order: factories by number,
        then the centre; colours B Y R K W; pattern lines top to bottom, then the floor. In the
        gray tiling phase: the free columns of the line to tile, or the floor when none is free."""
        if self.phase == OFFER:
            accepts = self.boards[self.current].accepts
            moves: list[Move] = []
            for table, counts in zip(self._tables, self.sources, strict=True):
                for colour in COLOURS:
                    if counts[colour]:
                        moves += table[colour][accepts[colour]]
            return moves
        if self.phase == TILING:
            board = self.boards[self.current]
            line = board.next_complete_line()
            colour = board.line_colour[line]
            columns = free_columns(board, line, colour) or [FLOOR]
            return [Place(line, colour, column) for column in columns]
        return []

    legal_moves = legal_actions  # the lessons' name

    @staticmethod
    def parse_action(text: str) -> Move:
        return parse_move(text)

    @staticmethod
    def action_text(move: Move) -> str:
        return str(move)

    def play(self, move: Move | str) -> None:
        """Make ``move`` (or the move written as that text) for the player ``current``; an illegal
        one raises an ``IllegalMove`` subclass and changes nothing."""
        if type(move) is Take and self.phase == OFFER:
            self._take(move)
            self._moves = (self._moves, move)
        elif type(move) is Place and self.phase == TILING:
            self._place(move)
            self._moves = (self._moves, move)
        elif isinstance(move, str):
            self.play(parse_move(move))
        else:
            self._refuse(move)

    @property
    def history(self) -> list[Move]:
        """Every move played since the start, in order (kept as a chain that copies share, so a
        copy costs nothing more for it)."""
        moves, node = [], self._moves
        while node is not None:
            node, move = node
            moves.append(move)
        return moves[::-1]

    def _refuse(self, move) -> None:
        if not isinstance(move, Take | Place):
            raise TypeError(f"play() takes a move or its text, not {move!r}")
        if self.phase == OVER:
            raise GameOver(t("game.over"))
        example = self.legal_moves()[0]
        if self.phase == OFFER:
            raise WrongPhase(t("game.refused.place_in_offer", move=move, example=example))
        line = self.boards[self.current].next_complete_line()
        raise WrongPhase(t("game.refused.take_in_tiling", move=move, player=self.current + 1, line=line,
                           example=example))

    def _take(self, move: Take) -> None:
        source, colour, line = move.source, move.colour, move.line
        sources = self.sources
        if source >= len(sources) - 1:
            raise NoSuchSource(t("game.refused.no_factory", factory=source, players=self.players,
                                 last=len(sources) - 2))
        counts = sources[source]  # CENTRE (-1) is the last source
        n = counts[colour]
        if not n:
            raise ColourNotThere(self._not_there(source, colour))
        board = self.boards[self.current]
        if line != FLOOR and not board.accepts[colour] >> line & 1:
            raise board.refusal(colour, line)

        # Checked: from here on nothing can fail.
        if source == CENTRE:
            counts[colour] = 0
            if self.centre_marker:
                self.centre_marker = False
                self.marker_holder = self.current
                if len(board.floor) < FLOOR_SLOTS:  # a full floor: the player still starts next
                    board.floor.append(MARKER)
        else:
            counts[colour] = 0
            centre = sources[-1]
            for other in COLOURS:
                if counts[other]:
                    centre[other] += counts[other]
            sources[source] = [0] * len(COLOURS)

        overflow = n
        if line != FLOOR:
            have = board.line_count[line]
            room = line + 1 - have
            accepts = board.accepts
            bit = 1 << line
            if have == 0:  # the line now holds this colour, so no other colour may join it
                board.line_colour[line] = colour
                for other in COLOURS:
                    accepts[other] &= ~bit
                accepts[colour] |= bit
            if n >= room:
                board.line_count[line] = line + 1
                accepts[colour] &= ~bit
                overflow = n - room
            else:
                board.line_count[line] = have + n
                overflow = 0
        if overflow:
            floor = board.floor
            room = FLOOR_SLOTS - len(floor)
            if overflow <= room:
                floor += [colour] * overflow
            else:  # beyond the seventh slot tiles go straight to the lid
                floor += [colour] * room
                self.lid[colour] += overflow - room

        self.tiles_on_table -= n
        if self.tiles_on_table:
            self.current = (self.current + 1) % len(self.boards)
        else:
            self._tile()

    def _not_there(self, source: int, colour: int) -> str:
        counts = self.sources[source]
        name = colour_title(colour)
        centre = source == CENTRE
        if any(counts):
            held = series(colour_title(c) for c in COLOURS if counts[c])
            if centre:
                return t("game.refused.centre_lacks", colour=name, held=held)
            return t("game.refused.factory_lacks", factory=source, colour=name, held=held)
        if centre and self.centre_marker:
            return t("game.refused.centre_only_marker", colour=name)
        if centre:
            return t("game.refused.centre_empty", colour=name)
        return t("game.refused.factory_empty", factory=source, colour=name)

    def _place(self, move: Place) -> None:
        board = self.boards[self.current]
        line = board.next_complete_line()
        colour = board.line_colour[line]
        if move.line != line:
            raise NotThisLine(t("game.refused.not_this_line", line=line, chosen=move.line))
        if move.colour != colour:
            raise WrongColour(t("game.refused.wrong_colour", line=line, held=colour_title(colour),
                                colour=colour_title(move.colour)))
        self.last_tiling.append(next_step(board, self.current, self.lid, move.column))
        self._continue_tiling()

    # --- the flow of a round -------------------------------------------------------------------

    def _tile(self) -> None:
        """Phase B, once the table is empty."""
        self.last_tiling = steps = []
        if self.gray:
            self.phase = TILING
            self.current = 0
            self._continue_tiling()
            return
        lid = self.lid
        for player, board in enumerate(self.boards):
            steps += tile_board(board, player, lid)
        self._end_tiling()

    def _continue_tiling(self) -> None:
        """Gray wall: finish every player who has no complete line left, up to the next choice."""
        boards = self.boards
        player = self.current
        while player < len(boards):
            board = boards[player]
            if board.next_complete_line() is not None:  # its column is the player's choice
                self.current = player
                return
            self.last_tiling.append(next_step(board, player, self.lid))  # the floor, its last
            player += 1
        self._end_tiling()

    def _end_tiling(self) -> None:
        if self.marker_holder is not None:
            self.first_player = self.marker_holder
        circulating = [b + k for b, k in zip(self.bag, self.lid, strict=True)]
        bonuses = end_of_phase(self.boards, circulating)
        self.last_tiling += bonuses
        self.score_history.append([board.score for board in self.boards])
        if bonuses:
            self.phase = OVER
        else:
            self._start_round()

    def _start_round(self) -> None:
        """Phase C: the marker back to the centre, every factory refilled from the bag (from the
        lid when the bag runs out), and the holder of the marker starts."""
        self.round += 1
        self.centre_marker = True
        self.marker_holder = None
        self.current = self.first_player
        self.phase = OFFER
        bag = self.bag
        in_bag = sum(bag)
        draw = self.rng.random
        drawn = 0
        for counts in self.sources[:-1]:
            for _ in range(TILES_PER_FACTORY):
                if not in_bag:
                    lid = self.lid
                    in_bag = sum(lid)
                    if not in_bag:  # bag and lid both empty: partly filled factories
                        break
                    bag[:] = lid
                    lid[:] = [0] * len(COLOURS)
                # A uniform draw among the tiles in the bag (int(random() * n) has no bias that
                # matters for n <= 100, and is much cheaper than randrange).
                x = int(draw() * in_bag)
                colour = 0
                while x >= bag[colour]:
                    x -= bag[colour]
                    colour += 1
                bag[colour] -= 1
                counts[colour] += 1
                in_bag -= 1
                drawn += 1
        self.tiles_on_table = drawn
        if not drawn:  # nothing to play with: the game cannot go on
            self.last_tiling += [end_bonus(board, p) for p, board in enumerate(self.boards)]
            self.score_history.append([board.score for board in self.boards])
            self.phase = OVER

    # --- copies and files ----------------------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy (its random generator continues the same sequence)."""
        other = Game.__new__(Game)
        other.boards = [board.copy() for board in self.boards]
        other.sources = [counts[:] for counts in self.sources]
        other.bag = self.bag[:]
        other.lid = self.lid[:]
        other.centre_marker = self.centre_marker
        other.marker_holder = self.marker_holder
        other.first_player = self.first_player
        other.current = self.current
        other.round = self.round
        other.phase = self.phase
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.seed = self.seed
        other.tiles_on_table = self.tiles_on_table
        other.last_tiling = self.last_tiling[:]
        other.score_history = [scores[:] for scores in self.score_history]
        other._tables = self._tables
        other.start, other._moves = self.start, self._moves
        return other

    def to_dict(self) -> dict:
        """The whole state as JSON-ready data (see ``docs/azul.md``); ``from_dict`` reads it back.
        The steps of the last tiling and the score history are history, not state, and are not
        saved."""
        version, internal, gauss = self.rng.getstate()
        return {
            "game": "azul",
            "wall": self.wall,
            "seed": self.seed,
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "first_player": self.first_player,
            "factories": [_letters(counts) for counts in self.factories],
            "centre": _letters(self.centre),
            "centre_marker": self.centre_marker,
            "marker_holder": self.marker_holder,
            "bag": dict(zip(LETTERS, self.bag, strict=True)),
            "lid": dict(zip(LETTERS, self.lid, strict=True)),
            "players": [board.to_dict() for board in self.boards],
            "rng": [version, list(internal), gauss],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.from_dict(checks.parse_json(text))

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """The game saved by ``to_dict``; an invalid field raises ``ScenarioError`` naming it."""
        return _read_game(cls, data)

    @classmethod
    def from_position(cls, players: list[dict], factories: list[str] | None = None,
                      centre: str = "", *, wall: str = "colored", centre_marker: bool = True,
                      marker_holder: int | None = None, current: int = 0,
                      first_player: int = 0, bag: str | dict | None = None,
                      lid: str | dict | None = None, round: int = 1,
                      seed: int | str | None = 0) -> Game:
        """A game in the factory offer at a position written in the file notation, e.g. for a
        lesson: ``players`` as in scenario files, factories and centre as letter strings. Give
        ``bag`` or ``lid`` (letters, or counts by letter) and the other one holds the tiles
        mentioned nowhere; by default they all are in the bag."""
        n = len(players)
        if n not in FACTORIES:
            raise ScenarioError("players", t("game.file.players", found=n))
        gray = wall == "gray"
        boards = [Board.from_dict(p, gray, f"players[{i}]") for i, p in enumerate(players)]
        factories = factories if factories is not None else [""] * FACTORIES[n]
        used = [0] * len(COLOURS)
        for board in boards:
            used = [u + t for u, t in zip(used, board.tile_counts(), strict=True)]
        for field, value in (*((f"factories[{i}]", f) for i, f in enumerate(factories)),
                             ("centre", centre)):
            used = [u + t for u, t in
                    zip(used, _read_tiles(value, field, None), strict=True)]
        bag_counts, lid_counts = _counts_or_none(bag, "bag"), _counts_or_none(lid, "lid")
        if bag_counts is None and lid_counts is None:
            lid_counts = [0] * len(COLOURS)
        if bag_counts is None or lid_counts is None:
            known = lid_counts if bag_counts is None else bag_counts
            rest = [TILES_PER_COLOUR - u - known[c] for c, u in enumerate(used)]
            missing = "bag" if bag_counts is None else "lid"
            if any(r < 0 for r in rest):
                raise ScenarioError(missing, t("game.file.too_many_tiles"))
            if bag_counts is None:
                bag_counts = rest
            else:
                lid_counts = rest
        version, internal, gauss = random.Random(seed).getstate()
        return cls.from_dict({
            "game": "azul", "wall": wall, "seed": seed, "round": round, "phase": OFFER,
            "current": current, "first_player": first_player, "factories": factories,
            "centre": centre, "centre_marker": centre_marker, "marker_holder": marker_holder,
            "bag": dict(zip(LETTERS, bag_counts, strict=True)),
            "lid": dict(zip(LETTERS, lid_counts, strict=True)), "players": players,
            "rng": [version, list(internal), gauss],
        })

    def _repr_svg_(self) -> str:
        from .draw import game_scene  # pictures need the tabletop kit; the rules do not

        return game_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    def __repr__(self) -> str:
        turn = "" if self.phase == OVER else f", player {self.current + 1} to move"
        return (f"<Game {self.players} players, {self.wall} wall, round {self.round}, "
                f"{self.phase}{turn}>")

    def __str__(self) -> str:
        """The table in words and letters, in the language in force."""
        phase = t(f"game.phase.{self.phase}")
        if self.phase == OVER:
            lines = [t("game.text.head", round=self.round, phase=phase)]
        else:
            lines = [t("game.text.head_to_move", round=self.round, phase=phase, player=self.current + 1)]
        for i, counts in enumerate(self.factories):
            lines.append(t("game.text.factory", factory=i, tiles=_letters(counts) or "-"))
        centre = "game.text.centre_marker" if self.centre_marker else "game.text.centre"
        lines.append(t(centre, tiles=_letters(self.centre) or "-"))
        for p, board in enumerate(self.boards):
            lines.append(t("game.text.player", player=p + 1, board=board))
        return "\n".join(lines)


def _letters(counts: list[int]) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts))


_TABLE_CACHE: dict[int, list] = {}


def _tables(factories: int) -> list:
    """The move tables of each source in the order of ``Game.sources`` (factories, then centre)."""
    if factories not in _TABLE_CACHE:
        _TABLE_CACHE[factories] = [take_table(s) for s in (*range(factories), CENTRE)]
    return _TABLE_CACHE[factories]


# --- reading a saved game ------------------------------------------------------------------------

_GAME_FIELDS = ("game", "wall", "seed", "round", "phase", "current", "first_player", "factories",
                "centre", "centre_marker", "marker_holder", "bag", "lid", "players", "rng")


def _read_game(cls, data) -> Game:
    checks.mapping(data, "", _GAME_FIELDS)
    for key in _GAME_FIELDS:
        checks.required(data, key, "")
    checks.choice(data["game"], "game", ("azul",))
    wall = checks.choice(data["wall"], "wall", WALL_KINDS)
    gray = wall == "gray"
    players = checks.listing(data["players"], "players")
    if len(players) not in PLAYER_COUNTS:
        raise ScenarioError("players", t("game.file.players", found=len(players)))
    n = len(players)
    game = cls.__new__(cls)
    game.start, game._moves = None, None
    game.boards = [Board.from_dict(p, gray, f"players[{i}]") for i, p in enumerate(players)]
    seed = data["seed"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
        raise ScenarioError("seed", t("game.file.seed"))
    game.seed = seed
    game.round = checks.integer(data["round"], "round", low=1)
    game.phase = PHASES[PHASES.index(checks.choice(data["phase"], "phase", PHASES))]
    if game.phase == TILING and not gray:
        raise ScenarioError("phase", t("game.file.tiling_on_colored"))
    game.current = checks.integer(data["current"], "current", 0, n - 1)
    game.first_player = checks.integer(data["first_player"], "first_player", 0, n - 1)
    factories = checks.listing(data["factories"], "factories", FACTORIES[n])
    game.sources = [_read_tiles(f, f"factories[{i}]", TILES_PER_FACTORY)
                    for i, f in enumerate(factories)]
    game.sources.append(_read_tiles(data["centre"], "centre", None))
    game.bag = _read_counts(data["bag"], "bag")
    game.lid = _read_counts(data["lid"], "lid")
    _read_marker(game, data)
    _read_rng(game, data["rng"])
    game.tiles_on_table = sum(map(sum, game.sources))
    game.last_tiling = []
    game.score_history = []
    game._tables = _tables(FACTORIES[n])

    for colour, total in enumerate(game.tile_counts()):
        if total != TILES_PER_COLOUR:
            raise ScenarioError("players", t("game.file.tile_total", total=total,
                                             colour=colour_title(colour), expected=TILES_PER_COLOUR))
    if game.phase == OFFER and not game.tiles_on_table:
        raise ScenarioError("factories", t("game.file.offer_needs_tiles"))
    if game.phase == TILING:
        if game.tiles_on_table:
            raise ScenarioError("factories", t("game.file.tiling_needs_empty_table"))
        if game.boards[game.current].next_complete_line() is None:
            raise ScenarioError("current", t("game.file.nothing_to_tile", player=game.current + 1))
    return game


def _read_tiles(value, field: str, most: int | None) -> list[int]:
    checks.text(value, field)
    if most is not None and len(value) > most:
        raise ScenarioError(field, t("game.file.factory_too_full", most=most, found=len(value)))
    counts = [0] * len(COLOURS)
    for ch in value:
        if ch not in LETTERS:
            raise ScenarioError(field, t("game.file.not_a_letter", char=shown(ch), letters=" ".join(LETTERS)))
        counts[LETTERS.index(ch)] += 1
    return counts


def _counts_or_none(value, field: str) -> list[int] | None:
    if value is None:
        return None
    return _read_tiles(value, field, None) if isinstance(value, str) else _read_counts(value, field)


def _read_counts(value, field: str) -> list[int]:
    checks.mapping(value, field, tuple(LETTERS))
    return [checks.integer(value.get(x, 0), f"{field}.{x}", low=0) for x in LETTERS]


def _read_marker(game: Game, data: dict) -> None:
    in_centre = data["centre_marker"]
    if not isinstance(in_centre, bool):
        raise ScenarioError("centre_marker", t("game.file.marker_flag"))
    holder = data["marker_holder"]
    if holder is not None:
        holder = checks.integer(holder, "marker_holder", 0, game.players - 1)
    if in_centre == (holder is not None):
        raise ScenarioError("marker_holder", t("game.file.marker_place"))
    for p, board in enumerate(game.boards):
        if board.has_marker and p != holder:
            raise ScenarioError(f"players[{p}].floor", t("game.file.marker_not_theirs"))
    game.centre_marker = in_centre
    game.marker_holder = holder


def _read_rng(game: Game, value) -> None:
    try:
        version, internal, gauss = value
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise ScenarioError("rng", t("game.file.rng")) from None
    game.rng = rng
