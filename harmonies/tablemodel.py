"""The game table's model: a whole game of Harmonies for 1 to 4 seats, with no widget.

``TableModel`` holds what the table knows and decides: the game, who plays each seat, the token
colour or card a human has selected, and what a click on a place of the picture does; the rest
(seats, turns, undo and redo, the log, the message, the hint) is the shared table's
(``tabletop.table``). The widget (``harmonies.widgets.GameTable``) only draws it and forwards
clicks; a test, a script or a server drives the same model::

    table = TableModel(2, seats=["human", "greedy"], seed=7)
    table.click("space:3")           # a key of the picture, or table.act("take 3")
    table.message                    # why the last request was refused ("" when it worked)
    table.game.current, table.human_to_move, table.status()
    table.svg()                      # the picture to show, every place a button

Every request either works or leaves the state as it was and says why in ``message``; none
raises. Texts are kept as functions or lazy catalogue texts, so a change of language rewords them
when next read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from tabletop import bylink, table
from tabletop.i18n import join_or
from tabletop.locale import t as common
from tabletop.scene import Scene, place_name
from tabletop.settings import Display
from tabletop.untrusted import number, shown

from . import draw, scoring
from .actions import (
    EndTurn,
    PlaceCube,
    TakeTokens,
    parse_action,
)
from .advisor import DEFAULT_BUDGET, advise
from .board import Side
from .cards import Card
from .cards import card as _card_lookup
from .errors import HarmoniesError
from .game import Game
from .inwords import Said, action_line, card_title, cell_name, colour_title, colours_title, words
from .kind import KIND
from .locale import t
from .tokens import Colour

SEAT_KINDS = table.seat_kinds(KIND)
#: Harmonies' words for the table's refusals (tabletop.table).
_REFUSALS = {"over": "table.over", "undo": "table.nothing_to_undo", "redo": "table.nothing_to_redo"}

def check_seats(players: int, seats=None) -> list[str]:
    """The kind of each seat (default: the first human, the others greedy); ValueError in words."""
    kinds = ["human"] + ["greedy"] * (players - 1) if seats is None else [str(s).lower() for s in seats]
    if len(kinds) != players or any(k not in SEAT_KINDS for k in kinds):
        raise ValueError(t("table.bad_seats", kinds=join_or(SEAT_KINDS), players=players, seats=shown(seats)))
    return kinds


def _game_over(reason: str | None) -> str:
    """The first line of the end of a game: why it ended."""
    if reason == "board":
        return t("table.end.board")
    if reason == "pouch":
        return t("table.end.pouch")
    return t("table.end.other", reason=reason)


class TableModel(table.TableModel):
    """A game of Harmonies at a table: see the module docstring.

    Clicks (``click(key)``, keys as the picture writes them): ``space:N`` takes that space's
    tokens; ``colour:NAME`` chooses which token in hand to place; ``cell:c3`` places it, or, after
    ``card:ID`` (or ``held:ID``) selected a card above the board, places that card's cube;
    ``display:ID`` takes a card; ``spirit:ID`` keeps an offered spirit card (or selects the kept one
    for its cube); ``swap:ID`` swaps a display card (solo). A key may carry the picture's seat
    prefix (``seat0:cell:c3``). Computer seats answer after a human ends a turn when ``auto``.
    """

    KIND, ERROR = KIND, HarmoniesError

    @property
    def chosen_colour(self) -> Colour | None:
        """The token in hand picked for the next cell click."""
        return next((Colour.parse(k[7:]) for k in self.picks if k.startswith("colour:")), None)

    @property
    def chosen_card(self) -> int | None:
        """The card whose cube the next cell click places."""
        held = f"seat{self.game.current}:held:"
        return next((number(k[len(held):]) for k in self.picks if k.startswith(held)), None)

    def __init__(self, players: int = 2, *, seats=None, side: Side | str = "A", spirits: bool = False,
                 seed: int | None = None, river: str = "shortest-path", display: Display | None = None,
                 auto: bool = True):
        super().__init__(display=display, auto=auto)
        self.river = river
        self._start(players, check_seats(players, seats), side, spirits, seed)
        if auto:
            self._answer()

    def _start(self, players: int, kinds: list[str], side, spirits: bool, seed: int | None,
               game: Game | None = None) -> None:
        """Set up a fresh game (``game``, or one made of the settings) at the table."""
        game = game or Game(players, side=side, spirits=spirits, seed=seed, river=self.river)
        self.settings = {"players": players, "seats": list(kinds), "side": str(game.side),
                         "spirits": bool(spirits), "seed": seed}
        self._begin(game, kinds, self._new_game_line(game, spirits, seed), self._turn_line(game))

    def new_game(self, players: int | None = None, *, seats=None, side: Side | str | None = None,
                 spirits: bool | None = None, seed: int | None = None) -> bool:
        """Start a new game; what is not given stays as in the game being played (the seats: as
        many as fit). A refused setting is said in ``message`` and changes nothing (False)."""
        was = self.settings
        players = was["players"] if players is None else players
        if seats is None:
            seats = (was["seats"] + ["greedy"] * players)[:players]
        side = was["side"] if side is None else side
        spirits = was["spirits"] if spirits is None else spirits
        try:
            kinds = check_seats(players, seats)
            Game(players, side=side, spirits=spirits, seed=seed, river=self.river)  # every check first
        except (ValueError, HarmoniesError) as err:
            self._say(str(err))
            return False
        self._start(players, kinds, side, spirits, seed)
        if self.auto:
            self._answer()
        return True

    # -- play by link (tabletop.bylink.ByLink: send, sent, open_link) --------------------------
    def _cannot_send(self) -> Said:
        g = self.game
        if g.history and not isinstance(g.history[-1], EndTurn):  # a turn has several actions
            return lambda: t("table.send.mid_turn", player=self.who(g.current), end=t("table.end_turn"))
        return ""

    def _restart(self, received: Game) -> None:
        start = received.start
        self.river = received.river
        self._start(received.n, ["human"] * received.n, start["side"], start["spirits"], start["seed"],
                    game=Game(**start))
        for action in received.history:  # the story of the game so far, told in the log
            self._play(action)

    # -- reading --------------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """A seat in words: ``Player 2 (greedy)``."""
        return t("table.player", number=seat + 1, kind=t(f"table.seat.{self.seats[seat]}"))

    @property
    def hints(self) -> list:
        """The advice of the last hint (``harmonies.advisor.Advice``), while it still fits the game."""
        return self.advice

    def hint_lines(self) -> list[str]:
        """The hint in words: a title, one line per advised turn, a note on the drawing; [] when none."""
        if not self.advice:
            return []
        lines = [t("table.hint.title", player=self.who(self.game.current))]
        for rank, advice in enumerate(self.advice, 1):
            moves = ", ".join(str(a) for a in advice.actions if not isinstance(a, EndTurn))
            lines.append(t("table.hint.item", rank=rank, moves=moves, gain=f"{advice.gain:+.1f}",
                           reason=advice.reason))
        lines.append(t("table.hint.drawn"))
        return lines

    def scene(self) -> Scene:
        """The table as drawn now: the selected token or card ringed, the first hint drawn."""
        g = self.game
        chosen = []
        if self.chosen_card is not None:
            kind = "spirit" if self.chosen_card == g.player.spirit else "held"
            chosen.append(f"seat{g.current}:{kind}:{self.chosen_card}")
        elif self.human_to_move and self.placing() is not None:
            chosen.append(f"colour:{self.placing()}")
        highlight, ghosts = {}, {}
        if self.advice:
            marks, drawn = draw.advice_marks(self.advice[0])
            highlight, ghosts = {g.current: marks}, {g.current: drawn}
        return draw.game_scene(g, selected=chosen, display=self.display, highlight=highlight, ghosts=ghosts)

    def place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip (with the player, on a seat's board), and what a
        click would do there now, when it is a human's turn."""
        kind, _, rest = key.partition(":")
        seat = number(kind[4:]) if kind.startswith("seat") else None
        if seat is not None:
            kind, _, rest = rest.partition(":")
            tip = t("table.click.on_board", player=self.who(seat), place=tip)
        if not self.human_to_move or seat not in (None, self.game.current):
            return place_name(tip)
        return place_name(tip, self._click_action(kind, rest))

    def swap_options(self) -> list[tuple[str, int]]:
        """The display cards a solo player may swap, as (words, card id)."""
        return [(t("table.swap_option", card=card_title(i), id=i), i) for i in self.game.display]

    def placing(self) -> Colour | None:
        """The token the next cell click places: the one chosen, or the only colour in hand."""
        hand = self.game.hand
        if self.chosen_colour in hand:
            return self.chosen_colour
        return hand[0] if len(set(hand)) == 1 else None

    def status(self) -> str:
        """What the player to play can do now, read from the game's state."""
        g = self.game
        if g.over:
            return t("table.status.over", result=self._final()[-1]())
        turn = t("table.status.turn", round=g.round, player=self.who(g.current))
        if self.by_link:
            turn += " " + bylink.anyone_note()
        if not self.human_to_move:
            return turn + " " + t("table.status.computer", step=t("table.step"), run=t("table.run"))
        p = g.player
        steps = []
        if p.spirit_offer and p.spirit is None:
            steps.append(t("table.status.keep_spirit"))
        if self.chosen_card is not None:
            steps.append(t("table.status.cube", card=card_title(self.chosen_card)))
        elif g.taken_space is None:
            steps.append(t("table.status.take_tokens"))
        elif g.hand:
            placing = self.placing()
            hand = colours_title(g.hand)
            steps.append(t("table.status.place", hand=hand, colour=colour_title(placing)) if placing
                         else t("table.status.choose", hand=hand))
        else:
            steps.append(t("table.status.cards"))
        return " ".join([turn, *steps])

    # -- requests -------------------------------------------------------------------------------
    def choose(self, colour: Colour | str) -> None:
        """Choose which token in hand the next cell click places."""
        if not self._may_play():
            return
        try:
            chosen = Colour.parse(colour)
        except ValueError as err:  # Colour.parse's own message
            self._say(str(err))
            return
        hand = sorted(self.game.hand)
        if chosen not in hand:
            self._say(lambda: t("table.not_in_hand", colour=colour_title(chosen), hand=colours_title(hand))
                      if hand else t.lazy("table.empty_hand"))
            return
        self.picks = [f"colour:{chosen}"]
        self._say()

    def place_cube(self, card: Card | int | str, cell: str) -> None:
        """Place a cube of a card above your board on ``cell``."""
        c = card.id if isinstance(card, Card) else card
        self.act(f"cube {c} {cell_name(cell)}")

    def end_turn(self) -> None:
        self.act("end")

    # -- Harmonies' own part of the table -------------------------------------------------------
    def _advise(self, top: int) -> list:
        """The best whole turns of the seat to play; a failing coach is said, never raised."""
        g = self.game
        try:
            return advise(g, budget=DEFAULT_BUDGET, seed=g.turn, top=top)
        except Exception as err:  # a hint must never break the table: say what went wrong
            logging.getLogger(__name__).exception("hint failed")
            problem = str(err)
            self._say(lambda: t("table.hint.failed", problem=problem))
            return []

    def _refusal(self, why: str) -> Said:
        seat = self.game.current
        if why == "computer":
            return lambda: t("table.computer_to_play", player=self.who(seat), step=t("table.step"),
                             run=t("table.run"))
        if why == "person":
            return lambda: t("table.played_by_human", player=self.who(seat))
        return t.lazy(_REFUSALS[why])

    def _done(self) -> None:
        """A colour stays picked while one is in hand; a card until its cube is placed (or it is
        no longer held)."""
        g, p = self.game, self.game.player
        last = g.history[-1] if g.history else None
        card = self.chosen_card
        keep = {"colour": self.chosen_colour in g.hand,
                "held": (card in p.held or card == p.spirit) and not isinstance(last, PlaceCube | EndTurn)}
        self.picks = [k for k in self.picks if keep.get(k.split(":")[-2]) and
                      (k.startswith("colour:") or k.startswith(f"seat{g.current}:"))]

    def _key(self, key: str) -> str | None:
        """The key as the picture writes it, with the seat to play's prefix on its board (a bare
        cell name is a cell; ``card:ID`` and the kept spirit are held cards). A colour is chosen,
        and a card of the display taken (or swapped, solo) here, the engine saying why not."""
        kind, _, rest = key.partition(":")
        g = self.game
        if kind.lower().startswith("seat") and number(kind[4:]) is not None:
            seat = number(kind[4:])
            if seat >= g.n:  # no such seat at this table: the picture never draws one
                self._say(t.lazy("table.not_clickable", key=shown(key)))
                return None
            if seat != g.current:
                self._say(lambda: t("table.other_side", player=self.who(seat), current=self.who(g.current)))
                return None
            kind, _, rest = rest.partition(":")
        kind, rest = (kind.lower(), rest.lower()) if rest else ("cell", key.lower())
        if kind in ("card", "spirit") and number(rest) is not None and number(rest) == g.player.spirit:
            kind = "held"
        if kind == "colour":  # chosen again and again (a token of it left in hand), never put back
            self.choose(rest)
            return None
        if kind in ("display", "swap"):
            if self._may_play():
                self._person(f"{'card' if kind == 'display' else 'swap'} {rest}")
            return None
        if kind not in ("space", "cell", "held", "card", "spirit"):
            self._say(t.lazy("table.not_clickable", key=shown(key)))
            return None
        kind = "held" if kind == "card" else kind
        return f"seat{g.current}:{kind}:{rest}" if kind in ("cell", "held", "spirit") else f"{kind}:{rest}"

    def _unclear(self, key: str, left: list) -> None:
        """A click that leaves no action (or several): the action it means as the engine reads
        it, or why not."""
        kind, rest = key.split(":")[-2:]
        if kind == "held":
            self._select(rest)
        elif kind == "cell":
            self._cell(rest)
        else:
            self._person(f"{'take' if kind == 'space' else 'spirit'} {rest}")

    def _new_game_line(self, game: Game, spirits: bool, seed: int | None) -> Callable[[], str]:
        side, n = str(game.side), game.n

        def line() -> str:
            players = common("list.separator").join(self.who(s) for s in range(n))
            key = "table.log.new_game_spirits" if spirits else "table.log.new_game"
            return t(key, players=players, side=side, seed=seed)
        return line

    def _cell(self, cell: str) -> None:
        g = self.game
        if self.chosen_card is not None:
            self._person(f"cube {self.chosen_card} {cell}")
            return
        hand = sorted(g.hand)
        colour = self.placing()
        if colour is None:
            if hand:
                self._say(lambda: t("table.choose_token", hand=colours_title(hand)))
            elif g.taken_space is None:
                self._say(t.lazy("table.take_tokens_first"))
            else:
                self._say(t.lazy("table.tokens_placed"))
            return
        self._person(f"place {colour} {cell}")

    def _select(self, card: str) -> None:
        p = self.game.player
        try:
            card_id = _card_lookup(card).id
        except KeyError as err:
            self._say(str(err.args[0]))
            return
        if card_id not in p.held and not (card_id == p.spirit and not p.spirit_placed):
            self._say(lambda: t("table.not_held", card=card_title(card_id), id=card_id))
            return
        self.picks = [f"seat{self.game.current}:held:{card_id}"]

    def _play(self, action) -> None:
        """Play one action of the seat to play and tell it in the log; ``HarmoniesError`` (and no
        change) if refused."""
        g = self.game
        seat = g.current
        action = parse_action(action)
        tokens = g.central[action.space - 1][:] if (
            isinstance(action, TakeTokens) and 1 <= action.space <= len(g.central)) else []
        g.play(action)
        self._write(self._describe(seat, action, tokens))
        if isinstance(action, EndTurn):
            for line in self._final() if g.over else [self._turn_line(g)]:
                self._write(line)

    def _describe(self, seat: int, action, tokens) -> Callable[[], str]:
        """The log line of an action just played, to be put into words when read."""
        points = self.game.score(seat).total if isinstance(action, EndTurn) else None  # a turn's end only
        return lambda: action_line(action, self.who(seat), tokens, lambda: points)

    def _turn_line(self, g: Game) -> Callable[[], str]:
        number, seat = g.round, g.current
        return lambda: t("table.log.to_play", round=number, player=self.who(seat))

    def _final(self) -> list[Callable[[], str]]:
        """The end of the game for the log: why it ended, each seat's score, the winners or the suns."""
        g = self.game
        reason = g.end_reason
        lines = [lambda: _game_over(reason)]
        for seat, (b, p) in enumerate(zip(g.scores(), g.players, strict=True)):
            lines.append(self._final_score(seat, b, p.cubes_placed))
        if g.solo:
            suns = g.suns()
            lines.append(lambda: KIND.rating_words(suns))  # the kind's words for the rating
        else:
            winners = g.winners()

            def result() -> str:
                names = words(self.who(s) for s in winners)
                if len(winners) == 1:
                    return t("table.log.winner", player=names)
                return t("table.log.shared_victory", players=names)
            lines.append(result)
        return lines

    def _final_score(self, seat: int, b: scoring.Breakdown, cubes: int) -> Callable[[], str]:
        points = {key: getattr(b, key) for key in scoring.CATEGORIES}
        return lambda: t.count("table.log.final_score", b.total, player=self.who(seat),
                               cubes=t.count("table.log.cubes_placed", cubes), **points)

    def _click_action(self, kind: str, rest: str) -> str | None:
        """What a click on a place of this kind would do now, in words (None: nothing)."""
        g = self.game
        if kind == "space":
            return t("table.click.take") if g.taken_space is None else None
        if kind == "colour":
            return t("table.click.choose", colour=colour_title(rest))
        if kind == "display":
            return t("table.click.card")
        card = number(rest)
        if kind in ("held", "spirit") and card is not None:
            if kind == "spirit" and card != g.player.spirit:
                return t("table.click.spirit")
            return t("table.click.unselect" if self.chosen_card == card else "table.click.select")
        if kind != "cell":
            return None
        if self.chosen_card is not None:
            return t("table.click.cube", card=card_title(self.chosen_card))
        colour = self.placing()
        if colour is None:
            return None
        return t("table.click.place" if g.player.board.can_place(rest, colour) else "table.click.refused",
                 colour=colour_title(colour))
