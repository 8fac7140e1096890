"""The game table's model: a whole game of Azul for 2 to 4 seats, with no widget.

``TableModel`` holds what the table knows and decides: the game, who plays each seat, the tiles a
human has selected, undo and redo, the message in force, the log, the coach's hint, and what a
click on a place of the picture does. The widget (``azul.widgets.AzulTable``) only draws it and
forwards clicks; a test, a script or a server drives the same model::

    table = TableModel(2, seats=["human", "greedy"], seed=7)
    table.click("factory:1:B")       # a key of the picture; then table.click("line:0")
    table.act("factory 1: blue -> line 0")   # or a move as text
    table.message                    # why the last request was refused ("" when it worked)
    table.game.current, table.human_to_move, table.status()
    table.svg()                      # the picture to show, every place a button

Every request either works or leaves the state as it was and says why in ``message``; none
raises. Texts are kept lazy, so a change of language rewords them when next read.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop import Display, Scene, bylink, i18n, table
from tabletop.scene import place_name
from tabletop.untrusted import shown

from . import draw
from .advisor import Advice, advise
from .errors import AzulError, ColourNotThere
from .game import OFFER, TILING, Game
from .inwords import Later, listed, parse_key, seat_title, wall_words
from .kind import KIND
from .locale import t
from .moves import CENTRE, FLOOR, Move, Place, Take, in_words, parse_move
from .tiles import LETTERS, colour_text, colour_title
from .tiling import Step

SEATS = table.seat_kinds(KIND)
#: Azul's words for the table's refusals (tabletop.table).
_REFUSALS = {"over": "widgets.table.game_over", "person": "widgets.table.human_turn",
             "undo": "widgets.table.nothing_to_undo", "redo": "widgets.table.nothing_to_redo"}


def check_seats(players: int, seats: Sequence[str] | None) -> list[str]:
    """The kind of each seat (default: the first human, the others greedy); ValueError in words."""
    seats = list(seats) if seats is not None else ["human"] + ["greedy"] * (players - 1)
    if len(seats) != players:
        raise ValueError(t("widgets.table.seat_count", players=players, seats=len(seats)))
    for seat in seats:
        if seat not in SEATS:
            raise ValueError(t("widgets.table.unknown_seat", seats=i18n.join_or(SEATS), seat=shown(seat)))
    return seats


class TableModel(table.TableModel):
    """A game of Azul at a table: see the module docstring.

    Clicks (keys of the drawing, with or without their ``player:P:`` prefix):
    ``factory:N:L`` or ``centre:L`` selects the tiles of colour letter L (a second click puts them
    back), then ``line:I`` or ``floor`` puts them on the current player's board. In a gray-wall
    tiling, ``column:C`` or ``wall:R,C`` places the tile of the line to tile. After a human move
    the computer seats answer at once when ``auto``; ``step()`` and ``run_opponents()`` let them
    play otherwise. ``undo()`` and ``redo()`` go back and forth through the actions.
    """

    KIND, ERROR = KIND, AzulError

    def __init__(self, players: int = 2, *, seats: Sequence[str] | None = None, wall: str = "colored",
                 seed: int | str | None = None, display: Display | None = None, auto: bool = True) -> None:
        super().__init__(display=display, auto=auto)
        self._start(players, seats, wall, seed)

    def _start(self, players: int, seats: Sequence[str] | None, wall: str, seed: int | str | None) -> None:
        """A fresh game and everything that goes with it; raises ``ValueError`` (and changes
        nothing) for seats or settings that do not fit."""
        seats = check_seats(players, seats)
        game = Game(players, seed=seed, wall=wall)
        self.settings = {"players": players, "seats": list(seats), "wall": wall, "seed": game.seed}
        self._begin(game, seats, Later(_start_line, tuple(seats), wall, game.seed), _round_line(game))

    def new_game(self, players: int = 2, seats: Sequence[str] | None = None, wall: str = "colored",
                 seed: int | str | None = None) -> bool:
        """Start another game at this table. Seats or settings that do not fit leave the game as
        it was and say why in ``message`` (False)."""
        try:
            self._start(players, seats, wall, seed)
        except ValueError as e:
            self._say(str(e))
            return False
        return True

    def _restart(self, received: Game) -> None:
        """Play by link: every seat human, the story of the game so far told in the log."""
        start = received.start
        self._start(start["players"], ["human"] * start["players"], start["wall"], start["seed"])
        for move in received.history:
            self._play(move)

    # --- reading -------------------------------------------------------------------------------

    @property
    def selection(self) -> tuple[int, int] | None:
        """(source, colour) of the tiles picked, or None."""
        for key in self.picks:
            _, kind, args = parse_key(key)
            return (CENTRE, *args) if kind == "centre" else args
        return None

    @property
    def selected(self) -> str | None:
        """The tiles selected, e.g. ``"factory 3: blue"``, or None."""
        if self.selection is None:
            return None
        source, colour = self.selection
        if source == CENTRE:
            return t("widgets.table.selected.centre", colour=colour_title(colour))
        return t("widgets.table.selected.factory", factory=source, colour=colour_title(colour))

    def destinations(self) -> list[str]:
        """Where the selected tiles may go (the engine's legal moves), e.g. ``["line 1",
        "floor"]``; in a gray-wall tiling, the columns the tile may take. These are the words of
        the move grammar (``-> line 1``), in English; the status line says them in the language."""
        return [("floor" if n == FLOOR else f"{kind} {n}") for kind, n in self._destinations()]

    def _destinations(self) -> list[tuple[str, int]]:
        """Where the selected tiles (or the tile to place) may go: ("line", 1), ("floor", FLOOR),
        ("column", 3)."""
        game = self.game
        if self.selection is not None:
            source, colour = self.selection
            return [("floor" if m.line == FLOOR else "line", m.line) for m in game.legal_moves()
                    if m.source == source and m.colour == colour]
        if game.phase == TILING:
            return [("floor" if m.column == FLOOR else "column", m.column) for m in game.legal_moves()]
        return []

    @property
    def hints(self) -> list[str]:
        """The coach's advice shown now, one line each (move, expected gain, reasons), in the
        language in force; empty until ``hint()``."""
        return [str(advice) for advice in self.advice]

    def hint_items(self) -> tuple[str, list[tuple[str, str]]]:
        """The hint to show: a head line and (move, gain and reasons) per advice, in words."""
        head = t("widgets.table.hint.head", player=KIND.seat(self.game.current))
        return head, [(in_words(advice.move),
                       f"({t('widgets.table.hint.gain', gain=f'{advice.gain:+.1f}')}): "
                       + " ".join(str(r) for r in advice.reasons)) for advice in self.advice]

    def hint_keys(self) -> list[str]:
        """The keys of the picture the first hint rings: the tiles to take and where they go."""
        if not self.advice:
            return []
        return draw.move_keys(self.advice[0].move, self.game.current)

    def scene(self) -> Scene:
        """The table as drawn now, the selected tiles ringed; in a gray-wall tiling the cells
        the tile may take (the engine's legal moves) are ringed for a human seat; after a hint,
        the tiles and the place of the advised move."""
        game = self.game
        marks = self.hint_keys()
        p = game.current
        if self.selection is not None:
            source, colour = self.selection
            marks.append(f"centre:{LETTERS[colour]}" if source == CENTRE else
                         f"factory:{source}:{LETTERS[colour]}")
        elif game.phase == TILING and self.is_human(p):
            marks += [f"player:{p}:wall:{m.line},{m.column}" if m.column != FLOOR
                      else f"player:{p}:floor" for m in game.legal_moves()]
        return draw.game_scene(game, highlight=marks, display=self.display)

    def place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip (with the player, on a board), and what a click
        would do there now, when a human is to move."""
        try:
            player, kind, args = parse_key(key)
        except ValueError:
            return tip
        if player is not None:
            tip = t("widgets.click.on_board", player=KIND.seat(player), place=tip)
        if not self.human_to_move or player not in (None, self.game.current):
            return place_name(tip)
        return place_name(tip, self._click_action(kind, args))

    def status(self) -> str:
        """Whose turn it is and what they may do now, in words."""
        game = self.game
        if game.over:
            return _end_line(game.round, game.scores(), game.winners())
        p = game.current
        who = {"round": game.round, "player": KIND.seat(p), "seat": seat_title(self.settings["seats"][p])}
        places = i18n.join_or(str(_place(kind, n)) for kind, n in self._destinations())
        if self.selection is not None:
            line = t("widgets.table.status.selected", **who, selected=self.selected, places=places)
        elif game.phase == TILING:
            line = t("widgets.table.status.tiling", **who, line=game.boards[p].next_complete_line(),
                     places=places)
        else:
            line = t("widgets.table.status.to_move", **who)
        return f"{line} {bylink.anyone_note()}" if self.by_link else line

    # --- requests ------------------------------------------------------------------------------

    def act(self, text: str) -> None:
        """Play a move written as text (``"factory 3: blue -> line 2"``, ``"line 1: yellow ->
        column 4"``) for the player to move, a computer seat's too (a lesson may move it by hand)."""
        self._person(text)

    # --- Azul's own part of the table ----------------------------------------------------------

    def _advise(self, top: int) -> list[Advice]:
        """At the advisor's default budget, seeded by the game and the move number, so the same
        position gets the same advice."""
        return advise(self.game, seed=f"{self.game.seed}:{len(self._log)}", top=top)

    def _refusal(self, why: str) -> object:
        if why == "computer":
            return self._computer_turn()
        return t.lazy(_REFUSALS[why], player=KIND.seat(self.game.current))

    # --- internals -----------------------------------------------------------------------------

    def _key(self, key: str) -> str | None:
        """The key as the drawing writes it: a place on a board gets the prefix of the player to
        move; in a gray-wall tiling, ``column:C`` is the cell of the line to tile."""
        try:
            player, kind, args = parse_key(key)
        except ValueError:  # a key the drawing never makes
            kind = "colour"
        game, p = self.game, self.game.current
        if kind == "colour":
            self._say(t.lazy("widgets.table.not_a_place", key=shown(key)))
            return None
        if kind == "factory" and len(args) == 2:  # the tiles' key as drawn (a letter in capitals)
            return f"factory:{args[0]}:{LETTERS[args[1]]}"
        if kind == "centre" and args:
            return f"centre:{LETTERS[args[0]]}"
        if kind in ("factory", "centre"):
            return key
        if player is not None and player != p:
            self._say(t.lazy("widgets.table.not_your_board", player=KIND.seat(player), current=KIND.seat(p)))
            return None
        if kind == "column" and game.phase == TILING:
            return f"player:{p}:wall:{game.boards[p].next_complete_line()},{args[0]}"
        return f"player:{p}:{key.removeprefix(f'player:{p}:')}"

    def _unclear(self, key: str, left: list) -> None:
        """A click that leaves no move (or several): the engine's reason for the move it would
        make (a move of no such factory is refused as it is made), or what to click first."""
        _, kind, args = parse_key(key)
        try:
            said = self._meant(key, kind, args)
            if not isinstance(said, Move):
                self._say(said)
                return
        except AzulError as e:
            self._say(str(e))
            return
        self._person(said)  # the engine refuses it, and says why

    def _meant(self, key: str, kind: str, args: tuple[int, ...]) -> Move | object:
        game = self.game
        if kind in ("factory", "centre") and len(args) == (2 if kind == "factory" else 1):
            try:  # tiles that cannot be taken now: the engine says why (a pick, never a move)
                game.copy().play(Take(*(args if kind == "factory" else (CENTRE, *args)), FLOOR))
            except AzulError as e:
                return str(e)
            return t.lazy("widgets.table.not_a_place", key=shown(key))
        if kind in ("factory", "centre"):
            return self._holds(args[0] if args else CENTRE)
        if game.phase == TILING:
            board = game.boards[game.current]
            line = board.next_complete_line()
            if kind == "line":
                return t.lazy("widgets.table.tiling_not_offer", line=line)
            row, column = args if kind == "wall" else (line, FLOOR)
            return Place(row, board.line_colour[line], column)
        if kind in ("column", "wall"):
            return t.lazy("widgets.table.offer_not_tiling")
        if self.selection is None:
            return t.lazy("widgets.table.choose_tiles_first")
        return Take(*self.selection, FLOOR if kind == "floor" else args[0])

    def _holds(self, source: int) -> object:
        """A click on a factory or the centre itself, not on its tiles: why nothing is taken (the
        engine's reason when there is nothing to take)."""
        try:
            self.game.copy().play(Take(source, 0, FLOOR))
        except AzulError as e:
            counts = self.game.sources[source] if isinstance(e, ColourNotThere) else [0]
            if not any(counts):
                return str(e)
        held = [colour_text(c) for c, n in enumerate(self.game.sources[source]) if n]
        return t.lazy("widgets.table.source_holds", source=_place("source", source),
                      colours=Later(i18n.join_and, held))

    def _computer_turn(self) -> i18n.Text:
        p = self.game.current
        return t.lazy("widgets.table.computer_turn", player=KIND.seat(p),
                      seat=Later(seat_title, self.settings["seats"][p]))

    def _play(self, move: Move | str) -> None:
        """Play one move on the engine and tell it in the log."""
        game = self.game
        phase, rnd, seen = game.phase, game.round, len(game.last_tiling)
        said = self._say_move(move)  # read before the move changes the table
        game.play(move)
        if phase == OFFER:
            self._write(said)
        steps = game.last_tiling if phase == OFFER and (game.phase != OFFER or game.round != rnd) \
            else game.last_tiling[seen:] if phase == TILING else []
        if phase == OFFER and game.phase == TILING:
            self._write(t.lazy("widgets.table.log.gray_tiling"))
        self._log += [Later(_step_line, step) for step in steps]
        if game.over:
            self._write(Later(_end_line, game.round, tuple(game.scores()), tuple(game.winners())))
        elif game.round != rnd:
            self._write(_round_line(game))

    def _say_move(self, move: Move | str) -> i18n.Text:
        """The log line of a move of the factory offer ("player 1 (human) took 3 blue from
        factory 2 to line 1"), read from the state before the move."""
        game = self.game
        p = game.current
        who = {"player": KIND.seat(p), "seat": Later(seat_title, self.settings["seats"][p])}
        take = _as_take(move)
        sources = game.sources
        if take is None or game.phase != OFFER or not -1 <= take.source < len(sources) - 1:
            return t.lazy("widgets.table.log.plays", **who, move=str(move))
        said = {**who, "n": sources[take.source][take.colour], "colour": colour_text(take.colour),
                "target": _place("floor" if take.line == FLOOR else "line", take.line)}
        if take.source == CENTRE and game.centre_marker:
            return t.lazy("widgets.table.log.took_with_marker", **said)
        return t.lazy("widgets.table.log.took", **said, source=_place("source", take.source))

    def _click_action(self, kind: str, args: tuple[int, ...]) -> str | None:
        """What a click on a place of this kind would do now, in words (None: nothing)."""
        game = self.game
        if kind in ("factory", "centre"):
            if game.phase == TILING or len(args) != (2 if kind == "factory" else 1):
                return None
            chosen = tuple(args) if kind == "factory" else (CENTRE, args[0])
            return t("widgets.click.put_back" if chosen == self.selection else "widgets.click.take",
                     colour=colour_title(chosen[1]))
        places = self._destinations()
        if self.selection is not None:
            colour = colour_title(self.selection[1])
            if kind == "line" and ("line", args[0]) in places:
                return t("widgets.click.to_line", colour=colour)
            if kind == "floor" and ("floor", FLOOR) in places:
                return t("widgets.click.to_floor", colour=colour)
            return None
        if game.phase != TILING:
            return None
        line = game.boards[game.current].next_complete_line()
        if kind == "floor" and ("floor", FLOOR) in places:
            return t("widgets.click.tile_to_floor", line=line)
        column = args[0] if kind == "column" else args[1] if kind == "wall" and args[0] == line else None
        if column is not None and ("column", column) in places:
            return t("widgets.click.column", line=line)
        return None


def _as_take(move: Move | str) -> Take | None:
    """``move`` as a ``Take`` (parsed when it is text), or None for anything else."""
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except AzulError:
            return None
    return move if isinstance(move, Take) else None


def _place(kind: str, n: int) -> i18n.Text:
    """A place on the table in words: a "source" (a factory or the centre), a "line", a
    "column" or the "floor"."""
    if kind == "source":
        if n == CENTRE:
            return t.lazy("widgets.place.centre")
        return t.lazy("widgets.place.factory", factory=n)
    if kind == "line":
        return t.lazy("widgets.place.line", line=n)
    if kind == "column":
        return t.lazy("widgets.place.column", column=n)
    return t.lazy("widgets.place.floor")


def _start_line(seats: Sequence[str], wall: str, seed: object) -> str:
    who = listed(t("widgets.table.log.seat", player=KIND.seat(p), seat=seat_title(seat))
                 for p, seat in enumerate(seats))
    return t("widgets.table.log.start", players=len(seats), seats=who, wall=wall_words(wall), seed=seed)


def _round_line(game: Game) -> Later:
    """The log line of a round beginning: the factories as they were filled."""
    factories = "  ".join("".join(LETTERS[c] * n for c, n in enumerate(counts)) or "-"
                          for counts in game.factories)
    return t.lazy("widgets.table.log.round", round=game.round, player=KIND.seat(game.current),
                  factories=factories)


def _step_line(step: Step) -> str:
    text = "; ".join(" ".join(line.split()) for line in draw.step_caption(step))
    return "  " + t("widgets.table.log.step", player=KIND.seat(step.player), text=text)


def _end_line(round_: int, scores: Sequence[int], winners: Sequence[int]) -> str:
    listed_scores = listed(t("widgets.table.log.score", player=KIND.seat(p), score=s)
                           for p, s in enumerate(scores))
    if len(winners) == 1:
        return t("widgets.table.log.winner", round=round_, scores=listed_scores, player=KIND.seat(winners[0]))
    return t("widgets.table.log.shared", round=round_, scores=listed_scores,
             players=i18n.join_and(KIND.seat(w) for w in winners))
