"""The game table: a whole game of Harmonies for 1 to 4 at one screen."""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape

import ipywidgets as w

from tabletop.clickable import ClickableSVG, Pictured, place_name
from tabletop.game import seed_for
from tabletop.i18n import join_or
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display

from .. import draw, scoring
from ..actions import (
    ChooseSpirit,
    EndTurn,
    PlaceCube,
    PlaceToken,
    SwapCard,
    TakeCard,
    TakeTokens,
    parse_action,
)
from ..advisor import advise
from ..board import Side
from ..cards import Card
from ..cards import card as _card_lookup
from ..errors import HarmoniesError
from ..game import Game
from ..locale import t
from ..policies import POLICIES
from ..tokens import Colour
from .common import (
    _NATURAL,
    HINT_BUDGET,
    _button,
    _card_title,
    _cell_name,
    _colour,
    _colours,
    _hint_panel,
    _label,
    _Warns,
    _words,
)

SEAT_KINDS = ("human", "random", "greedy", "strong")


class _Log(list):
    """The table's log: a list of strings. ipywidgets calls ``widget.log.warning(...)`` on a widget
    when a front-end message fails, so logger calls are passed to a real logger."""

    def __getattr__(self, name):
        return getattr(logging.getLogger(__name__), name)


def _game_over(reason: str | None) -> str:
    """The first line of the end of a game: why it ended."""
    if reason == "board":
        return t("table.end.board")
    if reason == "pouch":
        return t("table.end.pouch")
    return t("table.end.other", reason=reason)


class _SetupForm(w.VBox):
    """The table's setup: players, each seat's kind, side, Nature's Spirit, seed, and "new game"."""

    def __init__(self, on_new_game: Callable[[], None]):
        self._players = w.Dropdown(options=[1, 2, 3, 4], value=2, layout=w.Layout(width="4em"))
        self._seats = [w.Dropdown(layout=w.Layout(width="8em")) for _ in range(4)]
        self._side = w.ToggleButtons(options=["A", "B"], value="A", style={"button_width": "2.5em"})
        self._spirits = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self._seed = w.Text(layout=w.Layout(width="6em"))
        self._new = _button(on_new_game, icon="refresh")
        self._title = w.HTML()
        self._labels = {name: w.HTML() for name in ("players", "side", "seed")}
        self._seat_labels = [w.HTML() for _ in range(4)]
        self._seat_rows = [w.HBox([label, box]) for label, box in zip(self._seat_labels, self._seats,
                                                                       strict=True)]
        self._players.observe(lambda _change: self._show_seats(), names="value")
        row = [self._title, self._labels["players"], self._players, *self._seat_rows, self._labels["side"],
               self._side, self._spirits, self._labels["seed"], self._seed, self._new]
        super().__init__([w.HBox(row, layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        self.add_class("harmonies-table-setup")
        self.relabel()

    @property
    def players(self) -> int:
        return int(self._players.value)

    @property
    def side(self) -> str:
        return self._side.value

    @property
    def spirits(self) -> bool:
        return bool(self._spirits.value)

    @property
    def seed(self) -> int | None:
        text = str(self._seed.value).strip()
        return int(text) if text.lstrip("-").isdigit() else None

    def seats(self, players: int) -> list[str]:
        return [box.value or "greedy" for box in self._seats[:players]]

    def show(self, players: int, kinds: list[str], side, spirits: bool, seed: int | None) -> None:
        """Put the settings of the game being played into the form."""
        self._players.value = players
        for box, kind in zip(self._seats, kinds, strict=False):
            box.value = kind
        self._side.value = str(side).upper()
        self._spirits.value = bool(spirits)
        self._seed.value = "" if seed is None else str(seed)
        self._show_seats()

    def _show_seats(self) -> None:
        for k, row in enumerate(self._seat_rows):
            row.layout.display = None if k < self.players else "none"

    def relabel(self) -> None:
        self._title.value = _label(t("table.setup.title"))
        for name, label in self._labels.items():
            label.value = _label(t(f"table.setup.{name}"))
        for k, label in enumerate(self._seat_labels):
            label.value = _label(t("table.setup.seat", number=k + 1))
        for k, box in enumerate(self._seats):
            value = box.value or ("human" if k == 0 else "greedy")
            box.options = [(t(f"table.seat.{kind}"), kind) for kind in SEAT_KINDS]
            box.value = value
        self._spirits.description = t("table.setup.spirits")
        self._new.description = t("table.setup.new_game")


class GameTable(_Warns, Pictured, Localised, w.VBox):
    """A game of Harmonies for 1 to 4 players at one screen.

    ``seats`` says who plays each seat: ``"human"``, ``"random"``, ``"greedy"`` or ``"strong"`` (default:
    the first seat human, the others greedy). Computer seats answer on their own after a human ends a
    turn (``auto=False`` waits for ``step()`` or ``run_opponents()``).

    ``hint()`` (the hint button) asks the coach (``harmonies.advisor``) for the best whole turns of the
    human to play: they are listed with their expected gain and reasons, and the first is drawn on the
    board (dashed tokens, outlined cells) until the next action. The setup form above the table
    (players, each seat's kind, side, Nature's Spirit, seed, "new game") starts a new game in place;
    ``new_game(...)`` does the same from code.

    Clicks on the table (``click(key)``, keys as the picture writes them): ``space:N`` takes that
    space's tokens; ``colour:NAME`` chooses which token in hand to place (with one colour in hand no
    choice is needed); ``cell:c3`` places it, or, after ``card:ID`` selected a card above the board,
    places that card's cube; ``display:ID`` takes a card; ``spirit:ID`` keeps an offered spirit card
    (or selects the kept one for its cube); ``swap:ID`` swaps a display card (solo). A key may carry
    the picture's seat prefix (``seat0:cell:c3``). Also: ``choose(colour)``, ``place_cube(card,
    cell)``, ``act(text)`` (an action in the grammar of ``harmonies.actions``), ``end_turn()``,
    ``undo()`` (back within the current human turn), ``step()``, ``run_opponents()``, ``hint()``,
    ``new_game()``, ``relabel()``.

    The engine enforces the turn; a refused action leaves the game as it was and says why in
    ``message``. ``log`` tells the story: tokens taken and placed, cards, cubes, the end, the scores
    with their breakdown, the winners, or the suns of a solo game; a change of language retells it.
    """

    def __init__(self, players: int = 2, *, seats=None, side: Side | str = "A", spirits: bool = False,
                 seed: int | None = None, river: str = "shortest-path", display: Display | None = None,
                 auto: bool = True):
        self._river = river
        self.auto = auto
        self._display = display
        self._message_box = w.HTML()
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._status = w.HTML()
        self._log_box = w.HTML()
        self._hint_box = w.HTML()
        self._action = w.Text(layout=w.Layout(width="26em"))
        self._buttons = {"end_turn": _button(self.end_turn, button_style="primary"),
                         "undo": _button(self.undo, icon="undo"), "step": _button(self.step),
                         "run": _button(self.run_opponents),
                         "play": _button(lambda: self.act(self._action.value)),
                         "hint": _button(self.hint, icon="lightbulb-o")}
        controls = [*self._buttons.values()]
        controls.insert(4, self._action)
        self._swap = w.Dropdown(options=[], layout=w.Layout(width="14em"))
        self._buttons["swap"] = _button(lambda: self._swap.value and self.click(f"swap:{self._swap.value}"))
        self._solo_controls = [self._swap, self._buttons["swap"]]
        controls += self._solo_controls
        self._setup = _SetupForm(self.new_game)
        super().__init__([self._setup, self._status,
                          w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                          self._message_box, self._hint_box, self._view, self._log_box])
        self.add_class("harmonies-game-table")  # a stable handle for browser tests and styling
        kinds = self._kinds(players, seats)  # a bad seat list is a programming mistake here: it raises
        self._setup.show(players, kinds, side, spirits, seed)
        self._start(players, kinds, side, spirits, seed)
        self._localise()
        self._set_labels()
        if auto:
            self.run_opponents()
        else:
            self._refresh()

    @staticmethod
    def _kinds(players, seats) -> list[str]:
        kinds = ["human"] + ["greedy"] * (players - 1) if seats is None else [str(s).lower() for s in seats]
        if len(kinds) != players or any(k not in SEAT_KINDS for k in kinds):
            raise ValueError(t("table.bad_seats", kinds=join_or(SEAT_KINDS), players=players,
                               seats=repr(seats)))
        return kinds

    def _start(self, players: int, kinds: list[str], side, spirits: bool, seed: int | None) -> None:
        """Set up a fresh game: the engine, the computer seats, an empty log and history."""
        self._game = Game(players, side=side, spirits=spirits, seed=seed, river=self._river)
        self.seats = kinds
        self._policies = [None if k == "human" else POLICIES[k](seed_for(seed or 0, seat))
                          for seat, k in enumerate(kinds)]
        self._colour: Colour | None = None
        self._card: int | None = None
        self._undo_stack: list[tuple[Game, int]] = []
        self._entries: list[Callable[[], str]] = []  # the log, each line put into words when shown
        self._log = _Log()  # the same lines in the language in force
        self._advice: list = []
        self._advice_at: tuple | None = None  # (game, actions played) when the hint was asked
        for control in self._solo_controls:
            control.layout.display = None if self._game.solo else "none"
        self._say()
        self._write(self._new_game(spirits, seed))
        self._note_turn()

    def new_game(self, players: int | None = None, *, seats=None, side: Side | str | None = None,
                 spirits: bool | None = None, seed: int | None = None) -> None:
        """Start a new game at this table; what is not given is read from the setup form. A refused
        setting (seats that do not fit the players) is said in ``message`` and changes nothing."""
        form = self._setup
        players = form.players if players is None else players
        side = form.side if side is None else side
        spirits = form.spirits if spirits is None else spirits
        seed = form.seed if seed is None else seed
        try:
            kinds = self._kinds(players, form.seats(players) if seats is None else seats)
            Game(players, side=side, spirits=spirits, seed=seed, river=self._river)  # every check first
        except (ValueError, HarmoniesError) as err:
            self._say(str(err))
            return
        form.show(players, kinds, side, spirits, seed)
        self._start(players, kinds, side, spirits, seed)
        if self.auto:
            self.run_opponents()
        else:
            self._refresh()

    # -- the coach ------------------------------------------------------------------------------
    @property
    def hints(self) -> list:
        """The advice of the last hint (``harmonies.advisor.Advice``), while it still fits the game."""
        return self._advice if self._hint_fits() else []

    def hint(self, top: int = 3) -> None:
        """Ask the coach for the best whole turns of the human to play; list them and draw the first."""
        if not self._human_turn():
            return
        g = self._game
        try:
            self._advice = advise(g, budget=HINT_BUDGET, seed=g.turn, top=top)
        except Exception as err:  # a hint must never break the table: say what went wrong
            logging.getLogger(__name__).exception("hint failed")
            self._advice = []
            problem = str(err)
            self._say(lambda: t("table.hint.failed", problem=problem))
            return
        self._advice_at = (g, len(g.history))
        self._say()
        self._refresh()

    def _hint_fits(self) -> bool:
        g = self._game
        return bool(self._advice) and self._advice_at == (g, len(g.history))

    def _hint_html(self) -> str:
        if not self._hint_fits():
            return ""
        g = self._game
        lines = [t("table.hint.title", player=self._who(g.current))]
        for rank, advice in enumerate(self._advice, 1):
            moves = ", ".join(str(a) for a in advice.actions if not isinstance(a, EndTurn))
            lines.append(t("table.hint.item", rank=rank, moves=moves, gain=f"{advice.gain:+.1f}",
                           reason=advice.reason))
        lines.append(t("table.hint.drawn"))
        return _hint_panel(lines)

    def _hint_drawing(self) -> tuple[dict, dict]:
        """(highlight, ghosts) of the first advice on the board of the seat to play."""
        if not self._hint_fits():
            return {}, {}
        marks, ghosts = draw.advice_marks(self._advice[0])
        seat = self._game.current
        return {seat: marks}, {seat: ghosts}

    def _new_game(self, spirits: bool, seed: int | None) -> Callable[[], str]:
        side, n = str(self._game.side), self._game.n

        def line() -> str:
            players = common("list.separator").join(self._who(s) for s in range(n))
            if spirits:
                return t("table.log.new_game_spirits", players=players, side=side, seed=seed)
            return t("table.log.new_game", players=players, side=side, seed=seed)
        return line

    def relabel(self) -> None:
        """Every label, message and log line in the language in force; the table redrawn."""
        self._set_labels()
        self._log[:] = [entry() for entry in self._entries]
        self._show_message()
        self._refresh()

    def _set_labels(self) -> None:
        labels = {"end_turn": t("table.end_turn"), "undo": t("table.undo"), "step": t("table.step"),
                  "run": t("table.run"), "play": t("table.play"), "swap": t("table.swap"),
                  "hint": t("table.hint")}
        self._setup.relabel()
        for name, button in self._buttons.items():
            button.description = labels[name]
        self._action.placeholder = t("table.action_placeholder")

    # -- reading --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine's game (read it; change it through the table's methods)."""
        return self._game

    @property
    def log(self) -> list[str]:
        return self._log

    @property
    def chosen_colour(self) -> Colour | None:
        return self._colour

    @property
    def chosen_card(self) -> int | None:
        return self._card

    # -- clicks ---------------------------------------------------------------------------------
    def click(self, key: str) -> None:
        """Handle a click on the table picture (see the class docstring for the keys)."""
        key = str(key).strip()
        kind, _, rest = key.partition(":")
        if kind.lower().startswith("seat") and kind[4:].isdecimal():
            seat, current = int(kind[4:]), self._game.current
            if seat >= self._game.n:  # no such seat at this table: the picture never draws one
                self._say(t.lazy("table.not_clickable", key=repr(key)))
                return
            if seat != current:
                self._say(lambda: t("table.other_side", player=self._who(seat), current=self._who(current)))
                return
            kind, _, rest = rest.partition(":")
        kind = kind.lower()
        if not rest:  # a bare cell name
            kind, rest = "cell", key
        if not self._human_turn():
            return
        if kind == "space":
            self._human(f"take {rest}")
        elif kind == "colour":
            self.choose(rest)
        elif kind == "cell":
            self._cell(rest)
        elif kind == "display":
            self._human(f"card {rest}")
        elif kind in ("card", "held"):
            self._select(rest)
        elif kind == "spirit":
            self._spirit(rest)
        elif kind == "swap":
            self._human(f"swap {rest}")
        else:
            self._say(t.lazy("table.not_clickable", key=repr(key)))

    def choose(self, colour: Colour | str) -> None:
        """Choose which token in hand the next cell click places."""
        if not self._human_turn():
            return
        try:
            chosen = Colour.parse(colour)
        except ValueError as err:  # Colour.parse's own message
            self._say(str(err))
            return
        hand = sorted(self._game.hand)
        if chosen not in hand:
            self._say(lambda: t("table.not_in_hand", colour=_colour(chosen), hand=_colours(hand)) if hand
                      else t.lazy("table.empty_hand"))
            return
        self._colour, self._card = chosen, None
        self._say()
        self._refresh()

    def place_cube(self, card: Card | int | str, cell: str) -> None:
        """Place a cube of a card above your board on ``cell``."""
        c = card.id if isinstance(card, Card) else card
        self.act(f"cube {c} {_cell_name(cell)}")

    def act(self, text) -> None:
        """Play one action of the current human seat, given in the action grammar (``"take 2"``)."""
        if self._human_turn():
            self._human(text)

    def end_turn(self) -> None:
        self.act("end")

    def undo(self) -> None:
        """Take back the last action of the current human turn (not across turns)."""
        if not self._undo_stack:
            self._say(t.lazy("table.over") if self._game.over else t.lazy("table.nothing_to_undo"))
            return
        self._game, size = self._undo_stack.pop()
        del self._entries[size:]
        del self._log[size:]
        self._colour = self._card = None
        self._say()
        self._refresh()

    def step(self) -> None:
        """Play one action of the computer seat whose turn it is."""
        g = self._game
        if g.over:
            self._say(t.lazy("table.over"))
            return
        policy = self._policies[g.current]
        if policy is None:
            seat = g.current
            self._say(lambda: t("table.played_by_human", player=self._who(seat)))
            return
        self._apply(policy(g))
        self._refresh()

    def run_opponents(self) -> None:
        """Let the computer seats play until a human must act or the game ends."""
        g = self._game
        for _ in range(100_000):  # a guard against a policy that never ends its turn
            if g.over or self._policies[g.current] is None or not self._apply(self._policies[g.current](g)):
                break
            g = self._game
        self._refresh()

    # -- internals ------------------------------------------------------------------------------
    def _who(self, seat: int) -> str:
        """A seat in words: ``Player 2 (greedy)``."""
        return t("table.player", number=seat + 1, kind=t(f"table.seat.{self.seats[seat]}"))

    def _write(self, entry: Callable[[], str]) -> None:
        """Add a line to the log; ``entry()`` puts it into words (again after a change of language)."""
        self._entries.append(entry)
        self._log.append(entry())

    def _human_turn(self) -> bool:
        g = self._game
        if g.over:
            self._say(t.lazy("table.over"))
            return False
        if self._policies[g.current] is not None:
            seat = g.current
            self._say(lambda: t("table.computer_to_play", player=self._who(seat), step=t("table.step"),
                                run=t("table.run")))
            return False
        return True

    def _placing(self) -> Colour | None:
        """The token the next cell click places: the one chosen, or the only colour in hand."""
        hand = self._game.hand
        if self._colour in hand:
            return self._colour
        return hand[0] if len(set(hand)) == 1 else None

    def _cell(self, cell: str) -> None:
        g = self._game
        if self._card is not None:
            self._human(f"cube {self._card} {cell}")
            return
        hand = sorted(g.hand)
        colour = self._placing()
        if colour is None:
            if hand:
                self._say(lambda: t("table.choose_token", hand=_colours(hand)))
            elif g.taken_space is None:
                self._say(t.lazy("table.take_tokens_first"))
            else:
                self._say(t.lazy("table.tokens_placed"))
            return
        self._human(f"place {colour} {cell}")

    def _select(self, card: str) -> None:
        p = self._game.player
        try:
            card_id = _card_lookup(card).id
        except KeyError as err:
            self._say(str(err.args[0]))
            return
        if card_id not in p.held and not (card_id == p.spirit and not p.spirit_placed):
            self._say(lambda: t("table.not_held", card=_card_title(card_id), id=card_id))
            return
        self._card = None if self._card == card_id else card_id
        self._say()
        self._refresh()

    def _spirit(self, card: str) -> None:
        p = self._game.player
        if card.strip().isdecimal() and int(card) == p.spirit:
            self._select(card)
        else:
            self._human(f"spirit {card}")

    def _human(self, action) -> None:
        """Play an action of the human to play, keeping a copy for undo; computer seats answer after
        an end of turn when ``auto``."""
        before, size = self._game.copy(), len(self._entries)
        if not self._apply(action):
            return
        self._undo_stack.append((before, size))
        if isinstance(self._game.history[-1], EndTurn):
            self._undo_stack.clear()
            if self.auto:
                self.run_opponents()
                return
        self._refresh()

    def _apply(self, action) -> bool:
        """Play one action of the seat to play and log it; False (and the message) if refused."""
        g = self._game
        seat = g.current
        try:
            action = parse_action(action)
            tokens = g.central[action.space - 1][:] if (
                isinstance(action, TakeTokens) and 1 <= action.space <= len(g.central)) else []
            g.play(action)
        except HarmoniesError as err:
            self._say(str(err))
            return False
        self._say()
        self._write(self._describe(seat, action, tokens))
        if isinstance(action, PlaceToken) and self._colour not in g.hand:
            self._colour = None
        if isinstance(action, PlaceCube):
            self._card = None
        if isinstance(action, EndTurn):
            self._colour = self._card = None
            if g.over:
                for line in self._final():
                    self._write(line)
            else:
                self._note_turn()
        return True

    def _describe(self, seat: int, action, tokens) -> Callable[[], str]:
        """The log line of an action just played, to be put into words when shown."""
        who = self._who
        if isinstance(action, TakeTokens):
            return lambda: t("table.log.took_tokens", player=who(seat), tokens=_colours(tokens),
                             space=action.space)
        if isinstance(action, PlaceToken):
            return lambda: t("table.log.placed", player=who(seat), colour=_colour(action.colour),
                             cell=action.cell)
        if isinstance(action, TakeCard):
            return lambda: t("table.log.took_card", player=who(seat), card=_card_title(action.card),
                             id=action.card)
        if isinstance(action, PlaceCube):
            return lambda: t("table.log.placed_cube", player=who(seat), card=_card_title(action.card),
                             cell=action.cell)
        if isinstance(action, ChooseSpirit):
            return lambda: t("table.log.kept_spirit", player=who(seat), card=_card_title(action.card),
                             id=action.card)
        if isinstance(action, SwapCard):
            return lambda: t("table.log.swapped", player=who(seat), card=_card_title(action.card),
                             id=action.card)
        points = self._game.score(seat).total
        return lambda: t.count("table.log.ended_turn", points, player=who(seat))

    def _note_turn(self) -> None:
        g = self._game
        number, seat = g.round, g.current
        self._write(lambda: t("table.log.to_play", round=number, player=self._who(seat)))

    def _final(self) -> list[Callable[[], str]]:
        """The end of the game for the log: why it ended, each seat's score, the winners or the suns."""
        g = self._game
        reason = g.end_reason
        lines = [lambda: _game_over(reason)]
        for seat, (b, p) in enumerate(zip(g.scores(), g.players, strict=True)):
            lines.append(self._final_score(seat, b, p.cubes_placed))
        if g.solo:
            suns = g.suns()
            lines.append(lambda: t("table.log.suns", suns=suns, icons="☀" * suns))
        else:
            winners = g.winners()

            def result() -> str:
                names = _words(self._who(s) for s in winners)
                if len(winners) == 1:
                    return t("table.log.winner", player=names)
                return t("table.log.shared_victory", players=names)
            lines.append(result)
        return lines

    def _final_score(self, seat: int, b: scoring.Breakdown, cubes: int) -> Callable[[], str]:
        points = {key: getattr(b, key) for key in scoring.CATEGORIES}
        return lambda: t.count("table.log.final_score", b.total, player=self._who(seat),
                               cubes=t.count("table.log.cubes_placed", cubes), **points)

    def _refresh(self) -> None:
        g = self._game
        chosen = []
        if self._card is not None:
            kind = "spirit" if self._card == g.player.spirit else "held"
            chosen.append(f"seat{g.current}:{kind}:{self._card}")
        elif not g.over and self._policies[g.current] is None and self._placing() is not None:
            chosen.append(f"colour:{self._placing()}")
        highlight, ghosts = self._hint_drawing()
        self._scene = draw.game_scene(g, selected=chosen, display=self._display, highlight=highlight,
                                      ghosts=ghosts)
        self._view.show(self._scene, self._place_name)
        self._hint_box.value = self._hint_html()
        self._status.value = html(escape(self._next_step()), style="font-size:1.1em;padding:4px")
        recent = "<br>".join(escape(line) for line in self._log[-300:])
        self._log_box.value = html(recent, style="max-height:14em;overflow:auto;font-family:monospace;"
                                                 "font-size:0.9em;border:1px solid #ddd;padding:4px")
        if g.solo:
            self._swap.options = [(t("table.swap_option", card=_card_title(i), id=i), i) for i in g.display]

    def _place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip (with the player, on a seat's board), and what a
        click would do there now, when it is a human's turn."""
        g = self._game
        kind, _, rest = key.partition(":")
        seat = None
        if kind.startswith("seat") and kind[4:].isdigit():
            seat = int(kind[4:])
            kind, _, rest = rest.partition(":")
            tip = t("table.click.on_board", player=self._who(seat), place=tip)
        if g.over or self._policies[g.current] is not None or seat not in (None, g.current):
            return place_name(tip)
        return place_name(tip, self._click_action(kind, rest))

    def _click_action(self, kind: str, rest: str) -> str | None:
        """What a click on a place of this kind would do now, in words (None: nothing)."""
        g = self._game
        if kind == "space":
            return t("table.click.take") if g.taken_space is None else None
        if kind == "colour":
            return t("table.click.choose", colour=_colour(rest))
        if kind == "display":
            return t("table.click.card")
        if kind in ("held", "spirit") and rest.isdigit():
            card = int(rest)
            if kind == "spirit" and card != g.player.spirit:
                return t("table.click.spirit")
            return t("table.click.unselect" if self._card == card else "table.click.select")
        if kind != "cell":
            return None
        if self._card is not None:
            return t("table.click.cube", card=_card_title(self._card))
        colour = self._placing()
        if colour is None:
            return None
        return t("table.click.place" if g.player.board.can_place(rest, colour) else "table.click.refused",
                 colour=_colour(colour))

    def _next_step(self) -> str:
        """What the player to play can do now, read from the game's state."""
        g = self._game
        if g.over:
            return t("table.status.over", result=self._final()[-1]())
        turn = t("table.status.turn", round=g.round, player=self._who(g.current))
        if self._policies[g.current] is not None:
            return turn + " " + t("table.status.computer", step=t("table.step"), run=t("table.run"))
        p = g.player
        steps = []
        if p.spirit_offer and p.spirit is None:
            steps.append(t("table.status.keep_spirit"))
        if self._card is not None:
            steps.append(t("table.status.cube", card=_card_title(self._card)))
        elif g.taken_space is None:
            steps.append(t("table.status.take_tokens"))
        elif g.hand:
            placing = self._placing()
            hand = _colours(g.hand)
            steps.append(t("table.status.place", hand=hand, colour=_colour(placing)) if placing
                         else t("table.status.choose", hand=hand))
        else:
            steps.append(t("table.status.cards"))
        return " ".join([turn, *steps])
