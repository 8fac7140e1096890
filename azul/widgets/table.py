"""The game table: a whole game of Azul for 2 to 4 players at one screen."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from tabletop import Display, Scene, i18n
from tabletop.clickable import ClickableSVG, place_name
from tabletop.game import seed_for
from tabletop.history import History
from tabletop.localised import html

from .. import draw
from ..advisor import Advice, advise
from ..errors import AzulError, ColourNotThere
from ..game import OFFER, TILING, Game
from ..locale import t
from ..moves import CENTRE, FLOOR, Move, Place, Take, in_words, parse_move
from ..policies import POLICIES
from ..tiles import LETTERS, PLAYER_COUNTS, WALL_KINDS, colour_text, colour_title
from ..tiling import (
    Step,
)
from .common import (
    _hint_html,
    _Later,
    _listed,
    _parse_key,
    _seat_title,
    _wall_words,
    _warning_html,
    _Worded,
)

SEATS = ("human", *POLICIES)


class AzulTable(_Worded, w.VBox):
    """A game for 2 to 4 players at one screen; each seat is ``"human"`` or a computer policy
    (``"greedy"``, ``"random"``, ``"strong"``).

    A human plays by clicking: ``click("factory:N:L")`` or ``click("centre:L")`` selects the tiles
    of colour letter L, then ``click("line:I")`` or ``click("floor")`` puts them on the current
    player's board (keys of the drawing, with or without their ``player:P:`` prefix). In a
    gray-wall tiling, ``click("column:C")`` or ``click("wall:R,C")`` places the tile of the line
    to tile. ``act(text)`` plays a move written as text. After a human move the computer seats
    answer at once unless ``auto`` is False; ``step()`` lets the current computer seat play one
    move, ``run_opponents()`` plays them until a human must move. ``undo()`` and ``redo()`` go
    back and forth through the actions; ``log`` tells the game in words.

    ``hint()`` asks the coach (``azul.advisor.advise``) for the best moves of the human to move:
    the picture rings the tiles and the line of the first one, and ``hints`` lists them with
    their reasons. ``new_game(players, seats, wall, seed)`` starts another game at the same table;
    the form under the picture does the same without code.
    """

    def __init__(self, players: int = 2, *, seats: Sequence[str] | None = None,
                 wall: str = "colored", seed: int | str | None = None,
                 display: Display | None = None, auto: bool = True) -> None:
        self.display = display
        self._auto_value = auto
        self._start(players, seats, wall, seed)
        self._build_view()
        self._localise()
        self.relabel()

    def _start(self, players: int, seats: Sequence[str] | None, wall: str,
               seed: int | str | None) -> None:
        """A fresh game and everything that goes with it; raises ``ValueError`` (and changes
        nothing) for seats or settings that do not fit."""
        seats = list(seats) if seats is not None else ["human"] + ["greedy"] * (players - 1)
        if len(seats) != players:
            raise ValueError(t("widgets.table.seat_count", players=players, seats=len(seats)))
        for seat in seats:
            if seat not in SEATS:
                raise ValueError(t("widgets.table.unknown_seat", seats=i18n.join_or(SEATS),
                                   seat=repr(seat)))
        game = Game(players, seed=seed, wall=wall)
        self._game = game
        self._seats = seats
        self._policies = {p: POLICIES[seat](seed_for(game.seed, p))
                          for p, seat in enumerate(seats) if seat != "human"}
        self._selected: tuple[int, int] | None = None
        self._message = ""
        self._hints: list[Advice] = []
        # Log lines are put into words when read, so the whole log follows the language.
        self._log: list[object] = [_Later(_start_line, tuple(seats), wall, game.seed),
                                   self._round_line()]
        self._history: History[tuple[Game, list[object]]] = History()

    def new_game(self, players: int = 2, seats: Sequence[str] | None = None,
                 wall: str = "colored", seed: int | str | None = None) -> None:
        """Start another game at this table (the form's New game button). Seats or settings
        that do not fit leave the game as it was and say why in the warning area."""
        try:
            self._start(players, seats, wall, seed)
        except ValueError as e:
            self._refuse(str(e))
            return
        self._show_setup()
        self._refresh()

    # --- what the widget shows -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's game (read it; play through ``act`` or ``click`` so the log and undo
        follow)."""
        return self._game

    @property
    def auto(self) -> bool:
        """Whether the computer seats answer a human move at once."""
        return self._auto_value

    @auto.setter
    def auto(self, value: bool) -> None:
        self._auto_value = bool(value)
        self._auto.value = self._auto_value

    @property
    def seats(self) -> list[str]:
        return list(self._seats)

    @property
    def log(self) -> list[str]:
        return [str(line) for line in self._log]

    @property
    def message(self) -> str:
        return str(self._message)

    @property
    def selected(self) -> str | None:
        """The tiles selected, e.g. ``"factory 3: blue"``, or None."""
        if self._selected is None:
            return None
        source, colour = self._selected
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
        game = self._game
        if self._selected is not None:
            source, colour = self._selected
            return [("floor" if m.line == FLOOR else "line", m.line) for m in game.legal_moves()
                    if m.source == source and m.colour == colour]
        if game.phase == TILING:
            return [("floor" if m.column == FLOOR else "column", m.column)
                    for m in game.legal_moves()]
        return []

    @property
    def hints(self) -> list[str]:
        """The coach's advice shown now, one line each (move, expected gain, reasons), in the
        language in force; empty until ``hint()``."""
        return [str(advice) for advice in self._hints]

    def hint_keys(self) -> list[str]:
        """The keys of the picture the first hint rings: the tiles to take and where they go."""
        if not self._hints:
            return []
        return draw.move_keys(self._hints[0].move, self._game.current)

    def scene(self) -> Scene:
        """The table as drawn now, the selected tiles ringed; in a gray-wall tiling the cells
        the tile may take (the engine's legal moves) are ringed for a human seat; after a hint,
        the tiles and the place of the advised move."""
        game = self._game
        marks = self.hint_keys()
        p = game.current
        if self._selected is not None:
            source, colour = self._selected
            marks.append(f"centre:{LETTERS[colour]}" if source == CENTRE else
                         f"factory:{source}:{LETTERS[colour]}")
        elif game.phase == TILING and self._is_human(p):
            marks += [f"player:{p}:wall:{m.line},{m.column}" if m.column != FLOOR
                      else f"player:{p}:floor" for m in game.legal_moves()]
        return draw.game_scene(game, highlight=marks, display=self.display)

    def _place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip (with the player, on a board), and what a click
        would do there now, when a human is to move."""
        try:
            player, kind, args = _parse_key(key)
        except ValueError:
            return tip
        if player is not None:
            tip = t("widgets.click.on_board", player=player, place=tip)
        game = self._game
        if game.over or not self._is_human(game.current) or player not in (None, game.current):
            return place_name(tip)
        return place_name(tip, self._click_action(kind, args))

    def _click_action(self, kind: str, args: tuple[int, ...]) -> str | None:
        game = self._game
        if kind in ("factory", "centre"):
            if game.phase == TILING or len(args) != (2 if kind == "factory" else 1):
                return None
            chosen = tuple(args) if kind == "factory" else (CENTRE, args[0])
            return t("widgets.click.put_back" if chosen == self._selected else "widgets.click.take",
                     colour=colour_title(chosen[1]))
        places = self._destinations()
        if self._selected is not None:
            colour = colour_title(self._selected[1])
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

    # --- human actions -------------------------------------------------------------------------

    def click(self, key: str) -> None:
        """What a click on the table does."""
        try:
            player, kind, args = _parse_key(key)
        except ValueError:  # a key the drawing never makes
            self._refuse(t.lazy("widgets.table.not_a_place", key=repr(key)))
            return
        if kind == "factory" and len(args) == 2:
            self._select(*args)
        elif kind == "factory":
            self._whole_source(args[0])
        elif kind == "centre" and args:
            self._select(CENTRE, args[0])
        elif kind == "centre":
            self._whole_source(CENTRE)
        elif kind == "colour":
            self._refuse(t.lazy("widgets.table.not_a_place", key=repr(key)))
        else:
            self._board_click(player, kind, args)

    def act(self, text: str) -> None:
        """Play a move written as text (``"factory 3: blue -> line 2"``, ``"line 1: yellow ->
        column 4"``) for the player to move."""
        try:
            self._human_move(text)
        except AzulError as e:
            self._refuse(str(e))

    def hint(self, top: int = 3) -> None:
        """Ask the coach for the ``top`` best moves of the human to move (at the advisor's
        default budget, seeded by the game and the move number, so the same position gets the
        same advice)."""
        game = self._game
        if game.over:
            self._refuse(t.lazy("widgets.table.game_over"))
            return
        if not self._is_human(game.current):
            self._refuse(self._computer_turn())
            return
        self._hints = advise(game, seed=f"{game.seed}:{len(self._log)}", top=top)
        self._message = ""
        self._refresh()

    def step(self) -> None:
        """The computer seat to move plays one move."""
        if self._blocked_for_computer():
            return
        self._save()
        self._play_computer()
        self._done()

    def run_opponents(self) -> None:
        """Computer seats play until a human must move or the game ends."""
        if self._blocked_for_computer():
            return
        self._save()
        self._answer()
        self._done()

    def undo(self) -> None:
        """Back to before the last action (a human move with the answers it got, a step...)."""
        self._go_to(self._history.undo((self._game, self._log)), t.lazy("widgets.table.nothing_to_undo"))

    def redo(self) -> None:
        self._go_to(self._history.redo((self._game, self._log)), t.lazy("widgets.table.nothing_to_redo"))

    def _go_to(self, state: tuple[Game, list[object]] | None, nothing) -> None:
        if state is None:
            self._refuse(nothing)
            return
        self._game, self._log = state
        self._selected = None
        self._message = ""
        self._hints = []
        self._refresh()

    def _select(self, source: int, colour: int) -> None:
        if not self._is_human(self._game.current):
            self._refuse(self._computer_turn())
            return
        if self._selected == (source, colour):  # a second click puts the tiles back
            self._selected = None
            self._message = ""
            self._refresh()
            return
        probe = self._game.copy()  # the engine says whether these tiles can be taken now
        try:
            probe.play(Take(source, colour, FLOOR))
        except AzulError as e:
            self._refuse(str(e))
            return
        self._selected = (source, colour)
        self._message = ""
        self._refresh()

    def _whole_source(self, source: int) -> None:
        """A click on a factory or the centre itself, not on its tiles: say why nothing is
        taken (the engine's reason when there is nothing to take)."""
        if not self._is_human(self._game.current):
            self._refuse(self._computer_turn())
            return
        try:
            self._game.copy().play(Take(source, 0, FLOOR))
        except AzulError as e:
            counts = self._game.sources[source] if isinstance(e, ColourNotThere) else [0]
            if not any(counts):
                self._refuse(str(e))
                return
        held = [colour_text(c) for c, n in enumerate(self._game.sources[source]) if n]
        self._refuse(t.lazy("widgets.table.source_holds", source=_place("source", source),
                            colours=_Later(i18n.join_and, held)))

    def _board_click(self, player: int | None, kind: str, args: tuple[int, ...]) -> None:
        game = self._game
        if game.over:
            self._refuse(t.lazy("widgets.table.game_over"))
            return
        p = game.current
        if player is not None and player != p:
            self._refuse(t.lazy("widgets.table.not_your_board", player=player, current=p))
            return
        if not self._is_human(p):
            self._refuse(self._computer_turn())
            return
        if game.phase == TILING:
            board = game.boards[p]
            line = board.next_complete_line()
            colour = board.line_colour[line]
            if kind == "column":
                move = Place(line, colour, args[0])
            elif kind == "wall":
                move = Place(args[0], colour, args[1])
            elif kind == "floor":
                move = Place(line, colour, FLOOR)
            else:
                self._refuse(t.lazy("widgets.table.tiling_not_offer", line=line))
                return
        else:
            if kind in ("column", "wall"):
                self._refuse(t.lazy("widgets.table.offer_not_tiling"))
                return
            if self._selected is None:
                self._refuse(t.lazy("widgets.table.choose_tiles_first"))
                return
            source, colour = self._selected
            move = Take(source, colour, FLOOR if kind == "floor" else args[0])
        try:
            self._human_move(move)
        except AzulError as e:
            self._refuse(str(e))

    # --- playing -------------------------------------------------------------------------------

    def _is_human(self, player: int) -> bool:
        return self._seats[player] == "human"

    def _computer_turn(self) -> i18n.Text:
        p = self._game.current
        return t.lazy("widgets.table.computer_turn", player=p,
                      seat=_Later(_seat_title, self._seats[p]))

    def _blocked_for_computer(self) -> bool:
        game = self._game
        if game.over:
            self._refuse(t.lazy("widgets.table.game_over"))
            return True
        if self._is_human(game.current):
            self._refuse(t.lazy("widgets.table.human_turn", player=game.current))
            return True
        return False

    def _human_move(self, move: Move | str) -> None:
        """Play a move for the player to move; an illegal one raises and changes nothing."""
        saved = (self._game.copy(), list(self._log))
        self._play(move)  # raises before anything changes when illegal
        self._history.save(saved)
        if self.auto:
            self._answer()
        self._done()

    def _answer(self) -> None:
        game = self._game
        for _ in range(10_000):  # a guard: a game has far fewer moves
            if game.over or self._is_human(game.current):
                return
            self._play_computer()

    def _play_computer(self) -> None:
        p = self._game.current
        self._play(self._policies[p](self._game))

    def _save(self) -> None:
        self._history.save((self._game.copy(), list(self._log)))

    def _done(self) -> None:
        self._selected = None
        self._message = ""
        self._hints = []
        self._refresh()

    def _play(self, move: Move | str) -> None:
        """Play one move on the engine and tell it in the log."""
        game = self._game
        phase, rnd, seen = game.phase, game.round, len(game.last_tiling)
        said = self._say_move(move)  # read before the move changes the table
        game.play(move)
        if phase == OFFER:
            self._log.append(said)
        steps = game.last_tiling if phase == OFFER and (game.phase != OFFER or
                                                        game.round != rnd) \
            else game.last_tiling[seen:] if phase == TILING else []
        if phase == OFFER and game.phase == TILING:
            self._log.append(t.lazy("widgets.table.log.gray_tiling"))
        self._log += [_Later(_step_line, step) for step in steps]
        if game.over:
            self._log.append(_Later(_end_line, game.round, tuple(game.scores()), tuple(game.winners())))
        elif game.round != rnd:
            self._log.append(self._round_line())

    def _say_move(self, move: Move | str) -> i18n.Text:
        """The log line of a move of the factory offer ("player 0 (human) took 3 blue from
        factory 2 to line 1"), read from the state before the move."""
        game = self._game
        p = game.current
        who = {"player": p, "seat": _Later(_seat_title, self._seats[p])}
        take = _as_take(move)
        sources = game.sources
        if take is None or game.phase != OFFER or not -1 <= take.source < len(sources) - 1:
            return t.lazy("widgets.table.log.plays", **who, move=str(move))
        said = {**who, "n": sources[take.source][take.colour],
                "colour": colour_text(take.colour),
                "target": _place("floor" if take.line == FLOOR else "line", take.line)}
        if take.source == CENTRE and game.centre_marker:
            return t.lazy("widgets.table.log.took_with_marker", **said)
        return t.lazy("widgets.table.log.took", **said, source=_place("source", take.source))

    def _round_line(self) -> _Later:
        game = self._game
        factories = "  ".join("".join(LETTERS[c] * n for c, n in enumerate(counts)) or "-"
                              for counts in game.factories)
        return _Later(_round_line, game.round, game.current, factories)

    # --- the view ------------------------------------------------------------------------------

    def _refuse(self, text: str) -> None:
        self._message = text
        self._warning.value = _warning_html(text)

    def _build_view(self) -> None:
        self._view = ClickableSVG(on_click=self.click)
        self._status = w.HTML()
        self._warning = w.HTML()
        self._move_text = w.Text(placeholder="factory 3: blue -> line 2",
                                 layout=w.Layout(width="280px"))
        self._auto = w.Checkbox(value=self.auto, indent=False)
        self._word(self._auto, description=t.lazy("widgets.table.label.auto"))
        self._auto.observe(lambda ch: setattr(self, "_auto_value", ch["new"]), "value")
        self._log_box = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        controls = w.HBox([self._labelled(self.step, t.lazy("widgets.table.button.step"),
                                          t.lazy("widgets.table.tip.step")),
                           self._labelled(self.run_opponents,
                                          t.lazy("widgets.table.button.run_opponents")),
                           self._labelled(self.undo, t.lazy("widgets.table.button.undo")),
                           self._labelled(self.redo, t.lazy("widgets.table.button.redo")),
                           self._auto])
        play = w.HBox([self._move_text, self._labelled(lambda: self.act(self._move_text.value),
                                                       t.lazy("widgets.table.button.play")),
                       self._labelled(self.hint, t.lazy("widgets.table.button.hint"),
                                      t.lazy("widgets.table.tip.hint"))])
        self._hint_box = w.HTML()
        super().__init__([self._status, self._view, controls, play, self._warning,
                          self._hint_box, self._log_box, self._build_setup()])
        self.add_class("azul-table")  # a stable handle for browser tests and styling

    def _build_setup(self) -> w.VBox:
        """The form that sets up a new game: players, the kind of each seat, the wall, the seed."""
        narrow = {"style": {"description_width": "initial"}}
        self._setup_players = w.Dropdown(options=list(PLAYER_COUNTS), **narrow,
                                         layout=w.Layout(width="auto"))
        self._setup_seats = [w.Dropdown(options=SEATS, **narrow, layout=w.Layout(width="auto"))
                             for _ in range(max(PLAYER_COUNTS))]
        self._setup_wall = w.Dropdown(options=WALL_KINDS, **narrow, layout=w.Layout(width="auto"))
        self._setup_seed = w.Text(**narrow, layout=w.Layout(width="200px"))
        self._word(self._setup_players, description=t.lazy("widgets.table.setup.players"))
        self._word(self._setup_wall, description=t.lazy("widgets.table.setup.wall"))
        self._word(self._setup_seed, description=t.lazy("widgets.table.setup.seed"),
                   placeholder=t.lazy("widgets.table.setup.seed_placeholder"))
        for p, menu in enumerate(self._setup_seats):
            self._word(menu, description=t.lazy("widgets.table.setup.seat", player=p))
        self._setup_players.observe(lambda _change: self._show_seat_menus(), "value")
        self._show_setup()
        head = w.HTML()
        self._word(head, value=_Later(lambda: html(f"<b>{escape(t('widgets.table.setup.head'))}</b>")))
        return w.VBox([head, w.HBox([self._setup_players, self._setup_wall, self._setup_seed]),
                       w.HBox(self._setup_seats),
                       self._labelled(self._new_game_from_form,
                                      t.lazy("widgets.table.button.new_game"),
                                      t.lazy("widgets.table.tip.new_game"))])

    def _show_setup(self) -> None:
        """The form shows the game being played."""
        if not hasattr(self, "_setup_players"):
            return
        game = self._game
        self._setup_players.value = game.players
        for menu, seat in zip(self._setup_seats, self._seats, strict=False):
            menu.value = seat
        self._setup_wall.value = game.wall
        self._setup_seed.value = str(game.seed)
        self._show_seat_menus()

    def _show_seat_menus(self) -> None:
        players = self._setup_players.value
        for p, menu in enumerate(self._setup_seats):
            menu.layout.display = None if p < players else "none"

    def _new_game_from_form(self) -> None:
        players = self._setup_players.value
        text = self._setup_seed.value.strip()
        seed: int | str | None = None if not text else int(text) if text.isdigit() else text
        self.new_game(players, [menu.value for menu in self._setup_seats[:players]],
                      self._setup_wall.value, seed)

    def _relabel_setup(self) -> None:
        """The options of the form's menus in the language in force (their values stay)."""
        for menu in self._setup_seats:
            value = menu.value
            menu.options = [(_seat_title(seat), seat) for seat in SEATS]
            menu.value = value
        value = self._setup_wall.value
        self._setup_wall.options = [(_wall_words(kind), kind) for kind in WALL_KINDS]
        self._setup_wall.value = value

    def relabel(self) -> None:
        """Every label, the status line, the log, the hints and the message in the language in
        force."""
        self._reword()
        self._relabel_setup()
        self._refresh()

    def _refresh(self) -> None:
        self._view.show(self.scene(), self._place_name)
        self._status.value = html(f"<b>{escape(self._status_line())}</b>")
        self._warning.value = _warning_html(self._message)
        self._log_box.value = html("<br>".join(escape(str(line)) for line in self._log[-60:]))
        self._hint_box.value = self._hints_html()

    def _hints_html(self) -> str:
        return _hint_html(t("widgets.table.hint.head", player=self._game.current),
                          ((in_words(advice.move),
                            f"({t('widgets.table.hint.gain', gain=f'{advice.gain:+.1f}')}): "
                            + " ".join(str(r) for r in advice.reasons))
                           for advice in self._hints))

    def _status_line(self) -> str:
        game = self._game
        if game.over:
            return _end_line(game.round, game.scores(), game.winners())
        p = game.current
        who = {"round": game.round, "player": p, "seat": _seat_title(self._seats[p])}
        places = i18n.join_or(str(_place(kind, n)) for kind, n in self._destinations())
        if self._selected is not None:
            return t("widgets.table.status.selected", **who, selected=self.selected, places=places)
        if game.phase == TILING:
            line = game.boards[p].next_complete_line()
            return t("widgets.table.status.tiling", **who, line=line, places=places)
        return t("widgets.table.status.to_move", **who)


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
    who = _listed(t("widgets.table.log.seat", player=p, seat=_seat_title(seat))
                  for p, seat in enumerate(seats))
    return t("widgets.table.log.start", players=len(seats), seats=who, wall=_wall_words(wall),
             seed=seed)


def _round_line(round_: int, player: int, factories: str) -> str:
    return t("widgets.table.log.round", round=round_, player=player, factories=factories)


def _step_line(step: Step) -> str:
    text = "; ".join(" ".join(line.split()) for line in draw.step_caption(step))
    return "  " + t("widgets.table.log.step", player=step.player, text=text)


def _end_line(round_: int, scores: Sequence[int], winners: Sequence[int]) -> str:
    listed = _listed(t("widgets.table.log.score", player=p, score=s) for p, s in enumerate(scores))
    if len(winners) == 1:
        return t("widgets.table.log.winner", round=round_, scores=listed, player=winners[0])
    return t("widgets.table.log.shared", round=round_, scores=listed,
             players=i18n.join_and(winners))
