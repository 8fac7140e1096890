"""The game table: a whole game of Harmonies for 1 to 4 at one screen."""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape

import ipywidgets as w

from tabletop import untrusted
from tabletop.address import PageAddress
from tabletop.binding import Bound, bind
from tabletop.clickable import ClickableSVG, Pictured
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display

from ..board import Side
from ..locale import t
from ..tablemodel import SEAT_KINDS, TableModel
from .common import _NATURAL, _WARN, _button, _hint_panel, _label


class _Log(list):
    """The table's log: a list of strings. ipywidgets calls ``widget.log.warning(...)`` on a widget
    when a front-end message fails, so logger calls are passed to a real logger."""

    def __getattr__(self, name):
        return getattr(logging.getLogger(__name__), name)


class _SetupForm(w.VBox):
    """The table's setup: players, each seat's kind, side, Nature's Spirit, seed, and "new game"."""

    def __init__(self, on_new_game: Callable[[], None]):
        self.players_menu = w.Dropdown(options=[1, 2, 3, 4], value=2, layout=w.Layout(width="4em"))
        self.seat_menus = [w.Dropdown(layout=w.Layout(width="8em")) for _ in range(4)]
        self.side_buttons = w.ToggleButtons(options=["A", "B"], value="A", style={"button_width": "2.5em"})
        self.spirits_box = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.seed_box = w.Text(layout=w.Layout(width="6em"))
        self.new_button = _button(on_new_game, icon="refresh")
        self._title = w.HTML()
        self._labels = {name: w.HTML() for name in ("players", "side", "seed")}
        self._seat_labels = [w.HTML() for _ in range(4)]
        self._seat_rows = [w.HBox([label, box]) for label, box in zip(self._seat_labels, self.seat_menus,
                                                                       strict=True)]
        self.players_menu.observe(lambda _change: self._show_seats(), names="value")
        row = [self._title, self._labels["players"], self.players_menu, *self._seat_rows,
               self._labels["side"], self.side_buttons, self.spirits_box, self._labels["seed"], self.seed_box,
               self.new_button]
        super().__init__([w.HBox(row, layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        self.add_class("harmonies-table-setup")
        self.relabel()

    @property
    def players(self) -> int:
        return int(self.players_menu.value)

    @property
    def side(self) -> str:
        return self.side_buttons.value

    @property
    def spirits(self) -> bool:
        return bool(self.spirits_box.value)

    @property
    def seed(self) -> int | str | None:
        return untrusted.seed(self.seed_box.value)

    def seats(self, players: int) -> list[str]:
        return [box.value or "greedy" for box in self.seat_menus[:players]]

    def show(self, players: int, seats: list[str], side, spirits: bool, seed: int | None) -> None:
        """Put the settings of the game being played into the form."""
        self.players_menu.value = players
        for box, kind in zip(self.seat_menus, seats, strict=False):
            box.value = kind
        self.side_buttons.value = str(side).upper()
        self.spirits_box.value = bool(spirits)
        self.seed_box.value = "" if seed is None else str(seed)
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
        for k, box in enumerate(self.seat_menus):
            value = box.value or ("human" if k == 0 else "greedy")
            box.options = [(t(f"table.seat.{kind}"), kind) for kind in SEAT_KINDS]
            box.value = value
        self.spirits_box.description = t("table.setup.spirits")
        self.new_button.description = t("table.setup.new_game")


@bind(requests="click choose place_cube act end_turn undo redo step run_opponents hint",
      readings="game seats message chosen_colour chosen_card hints", settable="auto")
class GameTable(Bound, Pictured, Localised, w.VBox):
    """A game of Harmonies for 1 to 4 players at one screen: a view of ``self.model``, a
    ``harmonies.tablemodel.TableModel``, which holds the game and decides what each click does.

    ``seats`` says who plays each seat: ``"human"``, ``"random"``, ``"greedy"`` or ``"strong"`` (default:
    the first seat human, the others greedy). Computer seats answer on their own after a human ends a
    turn (``auto=False`` waits for ``step()`` or ``run_opponents()``).

    ``hint()`` (the hint button) asks the coach (``harmonies.advisor``) for the best whole turns of the
    human to play: they are listed with their expected gain and reasons, and the first is drawn on the
    board (dashed tokens, outlined cells) until the next action. The setup form above the table
    (players, each seat's kind, side, Nature's Spirit, seed, "new game") starts a new game in place;
    ``new_game(...)`` does the same from code.

    Clicks on the table (``click(key)``, keys as the picture writes them) are the model's: ``space:N``,
    ``colour:NAME``, ``cell:c3``, ``card:ID``, ``display:ID``, ``spirit:ID``, ``swap:ID``, with or
    without the picture's seat prefix (``seat0:cell:c3``). Also: ``choose(colour)``, ``place_cube(card,
    cell)``, ``act(text)`` (an action in the grammar of ``harmonies.actions``), ``end_turn()``,
    ``undo()`` and ``redo()`` (back and forth through the actions), ``step()``,
    ``run_opponents()``, ``hint()``, ``new_game()``, ``relabel()``.

    The engine enforces the turn; a refused action leaves the game as it was and says why in
    ``message``. ``log`` tells the story; a change of language retells it.
    """

    def __init__(self, players: int = 2, *, seats=None, side: Side | str = "A", spirits: bool = False,
                 seed: int | None = None, river: str = "shortest-path", display: Display | None = None,
                 auto: bool = True):
        # A bad seat list is a programming mistake here: the model raises.
        self.model = TableModel(players, seats=seats, side=side, spirits=spirits, seed=seed, river=river,
                                display=display, auto=auto)
        self.message_box = w.HTML()
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self.status_box = w.HTML()
        self.log_box = w.HTML()
        self.hint_box = w.HTML()
        self.action_box = w.Text(layout=w.Layout(width="26em"))
        self.buttons = {"end_turn": _button(self.end_turn, button_style="primary"),
                         "undo": _button(self.undo, icon="undo"), "redo": _button(self.redo, icon="repeat"),
                         "step": _button(self.step),
                         "run": _button(self.run_opponents),
                         "play": _button(lambda: self.act(self.action_box.value)),
                         "hint": _button(self.hint, icon="lightbulb-o"),
                         "send": _button(self.send, icon="share")}
        controls = [*self.buttons.values()]
        controls.insert(5, self.action_box)
        self.swap_menu = w.Dropdown(options=[], layout=w.Layout(width="14em"))
        self.buttons["swap"] = _button(lambda: self.swap_menu.value
                                       and self.click(f"swap:{self.swap_menu.value}"))
        self._solo_controls = [self.swap_menu, self.buttons["swap"]]
        controls += self._solo_controls
        self.setup = _SetupForm(self.new_game)
        self.address = PageAddress(on_hash=self._page_link)
        super().__init__([self.setup, self.status_box,
                          w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                          self.address, self.message_box, self.hint_box, self._view, self.log_box])
        self.add_class("harmonies-game-table")  # a stable handle for browser tests and styling
        self._show_setup()
        self._localise()
        self._set_labels()
        self._refresh()

    @property
    def log(self) -> list[str]:
        return _Log(self.model.log)

    def _show_setup(self) -> None:
        self.setup.show(**self.model.settings)

    def new_game(self, players: int | None = None, *, seats=None, side: Side | str | None = None,
                 spirits: bool | None = None, seed: int | str | None = None) -> None:
        """Start a new game at this table; what is not given is read from the setup form. A refused
        setting (seats that do not fit the players) is said in ``message`` and changes nothing."""
        form = self.setup
        players = form.players if players is None else players
        if self.model.new_game(players, seats=form.seats(players) if seats is None else seats,
                               side=form.side if side is None else side,
                               spirits=form.spirits if spirits is None else spirits,
                               seed=form.seed if seed is None else seed):
            self._show_setup()
        self._refresh()

    # -- drawing --------------------------------------------------------------------------------
    def relabel(self) -> None:
        """Every label, message and log line in the language in force; the table redrawn."""
        self._set_labels()
        self._refresh()

    def _set_labels(self) -> None:
        labels = {"end_turn": t("table.end_turn"), "undo": t("table.undo"), "redo": t("table.redo"),
                  "step": t("table.step"), "run": t("table.run"), "play": t("table.play"),
                  "swap": t("table.swap"), "hint": t("table.hint"), "send": common("bylink.send")}
        self.setup.relabel()
        for name, button in self.buttons.items():
            button.description = labels[name]
        self.buttons["send"].tooltip = common("bylink.send.tooltip")
        self.address.copy_label = common("links.copy")
        self.address.box_label = common("bylink.box")
        self.action_box.placeholder = t("table.action_placeholder")

    def _refresh(self) -> None:
        model = self.model
        self.address.fragment = model.sent
        self._scene = model.scene()
        self._view.show(self._scene, model.place_name)
        message = model.message
        self.message_box.value = html(f"⚠ {escape(message)}", style=_WARN) if message else ""
        lines = model.hint_lines()
        self.hint_box.value = _hint_panel(lines) if lines else ""
        self.status_box.value = html(escape(model.status()), style="font-size:1.1em;padding:4px")
        recent = "<br>".join(escape(line) for line in model.log[-300:])
        self.log_box.value = html(recent, style="max-height:14em;overflow:auto;font-family:monospace;"
                                                 "font-size:0.9em;border:1px solid #ddd;padding:4px")
        solo = model.game.solo
        for control in self._solo_controls:
            control.layout.display = None if solo else "none"
        if solo:
            self.swap_menu.options = model.swap_options()
