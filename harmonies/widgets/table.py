"""The game table: a whole game of Harmonies for 1 to 4 at one screen."""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape

import ipywidgets as w

from tabletop.clickable import ClickableSVG, Pictured, place_name
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
from ..board import Side
from ..cards import Card
from ..cards import card as _card_lookup
from ..errors import HarmoniesError
from ..game import Game
from ..locale import t
from ..policies import GreedyPolicy, RandomPolicy
from ..tokens import Colour
from .common import (
    _NATURAL,
    _button,
    _card_title,
    _cell_name,
    _colour,
    _colours,
    _Warns,
    _words,
)

SEAT_KINDS = ("human", "random", "greedy")


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


class GameTable(_Warns, Pictured, Localised, w.VBox):
    """A game of Harmonies for 1 to 4 players at one screen.

    ``seats`` says who plays each seat: ``"human"``, ``"random"`` or ``"greedy"`` (default: the first
    seat human, the others greedy). Computer seats answer on their own after a human ends a turn
    (``auto=False`` waits for ``step()`` or ``run_opponents()``).

    Clicks on the table (``click(key)``, keys as the picture writes them): ``space:N`` takes that
    space's tokens; ``colour:NAME`` chooses which token in hand to place (with one colour in hand no
    choice is needed); ``cell:c3`` places it, or, after ``card:ID`` selected a card above the board,
    places that card's cube; ``display:ID`` takes a card; ``spirit:ID`` keeps an offered spirit card
    (or selects the kept one for its cube); ``swap:ID`` swaps a display card (solo). A key may carry
    the picture's seat prefix (``seat0:cell:c3``). Also: ``choose(colour)``, ``place_cube(card,
    cell)``, ``act(text)`` (an action in the grammar of ``harmonies.actions``), ``end_turn()``,
    ``undo()`` (back within the current human turn), ``step()``, ``run_opponents()``, ``relabel()``.

    The engine enforces the turn; a refused action leaves the game as it was and says why in
    ``message``. ``log`` tells the story: tokens taken and placed, cards, cubes, the end, the scores
    with their breakdown, the winners, or the suns of a solo game; a change of language retells it.
    """

    def __init__(self, players: int = 2, *, seats=None, side: Side | str = "A", spirits: bool = False,
                 seed: int | None = None, river: str = "shortest-path", display: Display | None = None,
                 auto: bool = True):
        self._game = Game(players, side=side, spirits=spirits, seed=seed, river=river)
        kinds = ["human"] + ["greedy"] * (players - 1) if seats is None else [str(s).lower() for s in seats]
        if len(kinds) != players or any(k not in SEAT_KINDS for k in kinds):
            raise ValueError(t("table.bad_seats", kinds=join_or(SEAT_KINDS), players=players,
                               seats=repr(seats)))
        base = 0 if seed is None else seed * 10
        make = {"random": RandomPolicy, "greedy": GreedyPolicy}
        self.seats = kinds
        self._policies = [None if k == "human" else make[k](base + seat) for seat, k in enumerate(kinds)]
        self.auto = auto
        self._display = display
        self._colour: Colour | None = None
        self._card: int | None = None
        self._undo_stack: list[tuple[Game, int]] = []
        self._entries: list[Callable[[], str]] = []  # the log, each line put into words when shown
        self._log = _Log()  # the same lines in the language in force
        self._message_box = w.HTML()
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._status = w.HTML()
        self._log_box = w.HTML()
        self._action = w.Text(layout=w.Layout(width="26em"))
        self._buttons = {"end_turn": _button(self.end_turn, button_style="primary"),
                         "undo": _button(self.undo, icon="undo"), "step": _button(self.step),
                         "run": _button(self.run_opponents),
                         "play": _button(lambda: self.act(self._action.value))}
        controls = [*self._buttons.values()]
        controls.insert(4, self._action)
        self._swap = None
        if self._game.solo:
            self._swap = w.Dropdown(options=[], layout=w.Layout(width="14em"))
            self._buttons["swap"] = _button(lambda: self._swap.value and
                                            self.click(f"swap:{self._swap.value}"))
            controls += [self._swap, self._buttons["swap"]]
        super().__init__([self._status, w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                          self._message_box, self._view, self._log_box])
        self.add_class("harmonies-game-table")  # a stable handle for browser tests and styling
        self._write(self._new_game(spirits, seed))
        self._note_turn()
        self._localise()
        self._set_labels()
        if auto:
            self.run_opponents()
        else:
            self._refresh()

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
                  "run": t("table.run"), "play": t("table.play"), "swap": t("table.swap")}
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
        if kind.lower().startswith("seat") and kind[4:].isdigit():
            seat, current = int(kind[4:]), self._game.current
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
        if card.strip().isdigit() and int(card) == p.spirit:
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
        self._scene = draw.game_scene(g, selected=chosen, display=self._display)
        self._view.show(self._scene, self._place_name)
        self._status.value = html(escape(self._next_step()), style="font-size:1.1em;padding:4px")
        recent = "<br>".join(escape(line) for line in self._log[-300:])
        self._log_box.value = html(recent, style="max-height:14em;overflow:auto;font-family:monospace;"
                                                 "font-size:0.9em;border:1px solid #ddd;padding:4px")
        if self._swap is not None:
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
