"""The lobby widget of a notebook: ``Lobby()`` sets up a private table (its game, seats, options
and the seats the computer plays), shows each seat's link with its QR code and the spectator's
link for the projector, lets the host hand a seat that went away to the computer, and follows the
game. Its logic is ``lobby.LobbyModel``; this module only shows it. A refusal is the widget's
message, never a traceback.

In the classroom server and in JupyterLab (``make serve``, ``make lab``) the lobby finds the table
server of its own Jupyter server; ``Lobby(Remote(url))`` speaks to another one.
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as w

from ..kinds import kinds
from ..locale import t
from ..localised import Localised, html
from .lobby import PERSON, LobbyModel, qr_svg
from .table import computers

_FIXED_SIZE = re.compile(r'^<svg([^>]*?) width="[^"]*" height="[^"]*"')
#: How the QR codes are shown: big enough to scan from a phone across a table.
QR_STYLE = "width:9em;height:9em;background:#fff"


class Lobby(Localised, w.VBox):
    """A table for friends from a notebook: ``Lobby(game="azul", players=3)`` (see the module's text);
    ``service`` is where the tables are (default: this kernel's Jupyter server, ``lobby.connect``)."""

    def __init__(self, service=None, *, game: str = "harmonies", players: int = 2):
        self.model = LobbyModel(service, game=game, players=players)
        self.game = w.Dropdown(layout=w.Layout(width="auto"))
        self.players = w.Dropdown(layout=w.Layout(width="auto"))
        self.option_menus: dict[str, w.Dropdown] = {}
        self.computer_menus: list[w.Dropdown] = []
        self.create_button = w.Button(button_style="primary", icon="users")
        self.new_button = w.Button(icon="plus")
        self.setup = w.VBox()
        self.table = w.VBox()
        self.note = w.HTML()
        self.board = w.HTML()
        self.create_button.on_click(lambda _b: self.model.create())
        self.new_button.on_click(lambda _b: self.model.new_table())
        self._building = False  # the menus being rebuilt: their changes are not the learner's
        self.game.observe(self._chosen(lambda value: self.model.choose_game(value)), names="value")
        self.players.observe(self._chosen(lambda value: self.model.choose_players(value)), names="value")
        self.status = w.HTML()
        self._shown: tuple | None = None
        self._table_shown: tuple | None = None
        super().__init__([self.setup, self.note, self.table, self.board])
        self.add_class("tabletop-lobby")
        self.model.listeners.append(self.show)
        self._localise()
        self.relabel()

    @property
    def message(self) -> str:
        return self.model.message

    def relabel(self) -> None:
        if self.comm is None:  # closed: nothing to show any more
            return
        self._shown = self._table_shown = None  # every label again, in the language now in force
        self.show()

    def close(self) -> None:
        """Closed: the lobby no longer follows its table (the table goes on for its players)."""
        self.model.listeners.clear()
        self.model.new_table()
        super().close()

    def _chosen(self, choose):
        """An observer of a menu that tells the model what the learner chose."""
        def observer(change) -> None:
            if not self._building:
                choose(change["new"])
        return observer

    # --- showing the model ----------------------------------------------------------------------

    def show(self) -> None:
        model = self.model
        self._show_setup()
        self.note.value = html(escape(model.message)) if model.message else ""
        self._show_table()

    def _show_setup(self) -> None:
        model = self.model
        shape = (model.game, model.players, model.made is None)
        if shape != self._shown:  # the menus themselves change with the game and the seats
            self._shown = shape
            self._building = True
            try:
                self._build_setup()
            finally:
                self._building = False
        for name, menu in self.option_menus.items():
            menu.value = model.options.get(name, model.kind.options[name][0])
        for seat, menu in enumerate(self.computer_menus):
            menu.value = model.computers.get(seat, PERSON)
        self.create_button.disabled = model.made is not None

    def _build_setup(self) -> None:
        model = self.model
        self.game.options = [(kind.title(), name) for name, kind in kinds().items()]
        self.game.value = model.game
        self.players.options = [(str(n), n) for n in model.kind.players]
        self.players.value = model.players
        for old in (*self.option_menus.values(), *self.computer_menus):
            old.close()
        self.game.description, self.players.description = t("tables.lobby.game"), t("tables.lobby.players")
        self.option_menus = {}
        for name, values in model.kind.options.items():
            menu = w.Dropdown(options=[(model.kind.option_words(name, v), v) for v in values],
                              value=model.options.get(name, values[0]), layout=w.Layout(width="auto"))
            menu.observe(self._chosen(lambda value, n=name: self.model.choose_option(n, value)),
                         names="value")
            self.option_menus[name] = menu
        people = [(t("tables.lobby.person"), PERSON),
                  *((t(f"tables.lobby.computer.{c}"), c) for c in computers(model.kind))]
        self.computer_menus = []
        for seat in range(model.players):
            menu = w.Dropdown(options=people, value=model.computers.get(seat, PERSON),
                              description=t("tables.lobby.seat", seat=model.kind.seat(seat)),
                              layout=w.Layout(width="auto"))
            menu.observe(self._chosen(lambda value, s=seat: self.model.choose_computer(s, value)),
                         names="value")
            self.computer_menus.append(menu)
        self.create_button.description = t("tables.lobby.create")
        self.new_button.description = t("tables.lobby.new")
        locked = model.made is not None  # a table made: its setup is what it was made with
        for control in (self.game, self.players, *self.option_menus.values(), *self.computer_menus):
            control.disabled = locked
        self.setup.children = [w.HBox([self.game, self.players, *self.option_menus.values()]),
                               w.HBox(self.computer_menus), self.create_button]

    def _show_table(self) -> None:
        model = self.model
        if model.made is None:
            self._table_shown = None
            self._close_rows()
            self.table.children, self.board.value = (), ""
            return
        over = bool(model.state and model.state["over"])
        shape = (model.made["id"], tuple(model.seats()), over)
        if shape != self._table_shown:  # rows built again only when a seat changes hands
            self._table_shown = shape
            self._close_rows()
            self.table.children = [*self._rows(over), self.status, self.new_button]
        # The board as wide as its box (up to 640 pixels), its height following: the drawing's own
        # size is a big screen's. It is sent before the words, which never run ahead of the picture.
        svg = _FIXED_SIZE.sub(r'<svg\1 width="100%"', model.svg, count=1)
        self.board.value = f'<div class="tabletop-svg" style="max-width:640px">{svg}</div>' if svg else ""
        self.status.value = html(escape(model.status()))

    def _rows(self, over: bool) -> list[w.Widget]:
        """One row per seat (its link and QR code, and the host's button; or the computer's name),
        then the spectator's link."""
        rows: list[w.Widget] = []
        for seat in self.model.seats():
            title = f"<b>{escape(t('tables.lobby.seat', seat=self.model.kind.seat(seat.seat)))}</b>"
            if seat.link is None:
                rows.append(w.HTML(html(f"{title} {escape(t(f'tables.lobby.computer.{seat.computer}'))}")))
                continue
            hand = w.Button(description=t("tables.lobby.hand"), icon="desktop",
                            layout=w.Layout(width="auto", flex="0 0 auto"),
                            disabled=over)
            hand.on_click(lambda _b, n=seat.seat: self.model.hand(n))
            rows.append(w.HBox([self._link(title, seat.link), hand]))
        rows.append(self._link(f"<b>{escape(t('tables.lobby.spectator'))}</b>", self.model.made["spectator"]))
        return rows

    def _close_rows(self) -> None:
        for row in self.table.children:
            if row not in (self.status, self.new_button):
                for part in (row, *getattr(row, "children", ())):
                    part.close()

    @staticmethod
    def _link(title: str, link: str) -> w.HTML:
        shown = escape(link, quote=True)
        return w.HTML(html(f'<div style="display:flex;gap:1em;align-items:center">'
                           f'<span style="{QR_STYLE}">{qr_svg(link)}</span><div>{title}<br>'
                           f'<a href="{shown}" target="_blank" rel="noopener">{escape(link)}</a>'
                           "</div></div>"))


__all__ = ["Lobby"]
