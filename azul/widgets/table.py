"""The game table: a whole game of Azul for 2 to 4 players at one screen."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from tabletop import Display, untrusted
from tabletop.address import PageAddress
from tabletop.binding import Bound, bind
from tabletop.clickable import ClickableSVG
from tabletop.locale import t as common
from tabletop.localised import html

from ..kind import KIND
from ..locale import t
from ..tablemodel import SEATS, TableModel
from ..tiles import PLAYER_COUNTS, WALL_KINDS
from .common import _hint_html, _Later, _seat_title, _wall_words, _warning_html, _Worded


@bind(requests="click act hint step run_opponents undo redo",
      readings="game seats log message selected destinations hints hint_keys scene", settable="display")
class AzulTable(Bound, _Worded, w.VBox):
    """A game for 2 to 4 players at one screen: a view of ``self.model``, an
    ``azul.tablemodel.TableModel``, which holds the game and decides what each click does. Each
    seat is ``"human"`` or a computer policy (``"greedy"``, ``"random"``, ``"strong"``).

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
        self.model = TableModel(players, seats=seats, wall=wall, seed=seed, display=display, auto=auto)
        self._build_view()
        self._localise()
        self.relabel()

    @property
    def auto(self) -> bool:
        """Whether the computer seats answer a human move at once."""
        return self.model.auto

    @auto.setter
    def auto(self, value: bool) -> None:
        self.model.auto = bool(value)
        self._auto.value = self.model.auto

    def new_game(self, players: int = 2, seats: Sequence[str] | None = None,
                 wall: str = "colored", seed: int | str | None = None) -> None:
        """Start another game at this table (the form's New game button). Seats or settings
        that do not fit leave the game as it was and say why in the warning area."""
        if self.model.new_game(players, seats, wall, seed):
            self._show_setup()
        self._refresh()

    # --- the view ------------------------------------------------------------------------------

    def _build_view(self) -> None:
        self._view = ClickableSVG(on_click=self.click)
        self.status_box = w.HTML()
        self.warning_box = w.HTML()
        self.move_text = w.Text(placeholder="factory 3: blue -> line 2",
                                 layout=w.Layout(width="280px"))
        self._auto = w.Checkbox(value=self.auto, indent=False)
        self._word(self._auto, description=t.lazy("widgets.table.label.auto"))
        self._auto.observe(lambda ch: setattr(self.model, "auto", ch["new"]), "value")
        self.log_box = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        controls = w.HBox([self._labelled(self.step, t.lazy("widgets.table.button.step"),
                                          t.lazy("widgets.table.tip.step")),
                           self._labelled(self.run_opponents,
                                          t.lazy("widgets.table.button.run_opponents")),
                           self._labelled(self.undo, t.lazy("widgets.table.button.undo")),
                           self._labelled(self.redo, t.lazy("widgets.table.button.redo")),
                           self._auto])
        play = w.HBox([self.move_text, self._labelled(lambda: self.act(self.move_text.value),
                                                       t.lazy("widgets.table.button.play")),
                       self._labelled(self.hint, t.lazy("widgets.table.button.hint"),
                                      t.lazy("widgets.table.tip.hint")),
                       self._labelled(self.send, common.lazy("bylink.send"),
                                      common.lazy("bylink.send.tooltip"))])
        self.hint_box = w.HTML()
        self.address = PageAddress(on_hash=self._page_link)
        self._word(self.address, copy_label=common.lazy("links.copy"), box_label=common.lazy("bylink.box"))
        super().__init__([self.status_box, self._view, controls, play, self.address, self.warning_box,
                          self.hint_box, self.log_box, self._build_setup()])
        self.add_class("azul-table")  # a stable handle for browser tests and styling

    def _build_setup(self) -> w.VBox:
        """The form that sets up a new game: players, the kind of each seat, the wall, the seed."""
        narrow = {"style": {"description_width": "initial"}}
        self.setup_players = w.Dropdown(options=list(PLAYER_COUNTS), **narrow,
                                         layout=w.Layout(width="auto"))
        self.setup_seats = [w.Dropdown(options=SEATS, **narrow, layout=w.Layout(width="auto"))
                             for _ in range(max(PLAYER_COUNTS))]
        self.setup_wall = w.Dropdown(options=WALL_KINDS, **narrow, layout=w.Layout(width="auto"))
        self.setup_seed = w.Text(**narrow, layout=w.Layout(width="200px"))
        self._word(self.setup_players, description=t.lazy("widgets.table.setup.players"))
        self._word(self.setup_wall, description=t.lazy("widgets.table.setup.wall"))
        self._word(self.setup_seed, description=t.lazy("widgets.table.setup.seed"),
                   placeholder=t.lazy("widgets.table.setup.seed_placeholder"))
        for p, menu in enumerate(self.setup_seats):
            self._word(menu, description=t.lazy("widgets.table.setup.seat", player=KIND.seat(p)))
        self.setup_players.observe(lambda _change: self._show_seat_menus(), "value")
        self._show_setup()
        head = w.HTML()
        self._word(head, value=_Later(lambda: html(f"<b>{escape(t('widgets.table.setup.head'))}</b>")))
        return w.VBox([head, w.HBox([self.setup_players, self.setup_wall, self.setup_seed]),
                       w.HBox(self.setup_seats),
                       self._labelled(self._new_game_from_form,
                                      t.lazy("widgets.table.button.new_game"),
                                      t.lazy("widgets.table.tip.new_game"))])

    def _show_setup(self) -> None:
        """The form shows the game being played."""
        if not hasattr(self, "setup_players"):
            return
        settings = self.model.settings
        self.setup_players.value = settings["players"]
        for menu, seat in zip(self.setup_seats, settings["seats"], strict=False):
            menu.value = seat
        self.setup_wall.value = settings["wall"]
        self.setup_seed.value = str(settings["seed"])
        self._show_seat_menus()

    def _show_seat_menus(self) -> None:
        players = self.setup_players.value
        for p, menu in enumerate(self.setup_seats):
            menu.layout.display = None if p < players else "none"

    def _new_game_from_form(self) -> None:
        players = self.setup_players.value
        seed = untrusted.seed(self.setup_seed.value)
        self.new_game(players, [menu.value for menu in self.setup_seats[:players]],
                      self.setup_wall.value, seed)

    def _relabel_setup(self) -> None:
        """The options of the form's menus in the language in force (their values stay)."""
        for menu in self.setup_seats:
            value = menu.value
            menu.options = [(_seat_title(seat), seat) for seat in SEATS]
            menu.value = value
        value = self.setup_wall.value
        self.setup_wall.options = [(_wall_words(kind), kind) for kind in WALL_KINDS]
        self.setup_wall.value = value

    def relabel(self) -> None:
        """Every label, the status line, the log, the hints and the message in the language in
        force."""
        self._reword()
        self._relabel_setup()
        self._refresh()

    def _refresh(self) -> None:
        model = self.model
        self.address.fragment = model.sent
        self._view.show(model.scene(), model.place_name)
        self.status_box.value = html(f"<b>{escape(model.status())}</b>")
        self.warning_box.value = _warning_html(model.message)
        self.log_box.value = html("<br>".join(escape(line) for line in model.log[-60:]))
        self.hint_box.value = _hint_html(*model.hint_items())
