"""The habitat explorer: one card, its six rotations, its habitats on a board, cubes by click."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tabletop.address import PageAddress
from tabletop.clickable import ClickableSVG, Pictured
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display

from ..board import Side
from ..cards import Card, all_cards
from ..explorermodel import ExplorerModel
from ..locale import t
from .common import _NATURAL, _NOTE, _WARN, _button, _label


class HabitatExplorer(Pictured, Localised, w.VBox):
    """One card's habitats on a board: its six rotations, every placement present, the near misses.

    ``board`` may be a Board, a Scenario, a scenario file's text or its path (None: an empty board of
    ``side``); ``card`` an id (1–42) or a name. On the board, each habitat present is outlined, a
    near miss (one token short) is drawn as a ghost token of the colour that would complete it, and a
    free cube cell as a dashed cube. Clicking a cell places a cube of the card there when
    ``habitats.can_place_cube`` allows it now.

    The state and what each request does are ``.model`` (``harmonies.explorermodel.ExplorerModel``);
    this widget draws it and forwards the clicks. Methods: ``select_card(id_or_name)``,
    ``show_rotation(k or None)``, ``click(cell)``, ``set_board(board)``, ``relabel()``. Properties:
    ``board`` (a copy), ``card``, ``matches`` and ``near_misses`` (those shown: only one rotation's
    when a rotation is chosen), ``cube_cells`` (every cell where a cube of the card may go now),
    ``message``, ``svg``, ``scene``.
    """

    def __init__(self, board=None, card: Card | int | str = 1, *, side: Side | str = "A",
                 display: Display | None = None):
        self.model = ExplorerModel(board, card, side=side, display=display)
        self._syncing = False
        self._message_box = w.HTML()
        self._choice = w.Dropdown(options=self._card_options(), value=self.model.card.id,
                                  style={"description_width": "initial"})
        self._choice.observe(lambda change: self._syncing or self.select_card(change["new"]), "value")
        self._rotation_label = w.HTML()
        self._rotation_choice = w.ToggleButtons(options=self._rotation_options(),
                                                style={"button_width": "auto"})
        self._rotation_choice.observe(lambda change: self._syncing or self.show_rotation(change["new"]),
                                      "value")
        self._rotations = ClickableSVG(on_click=self.show_rotation, layout=_NATURAL)
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._info = w.HTML()
        self.link_button = _button(self.make_link, icon="link")
        self.address = PageAddress(on_hash=self._page_link)
        choices = [self._choice, self._rotation_label, self._rotation_choice, self.link_button]
        super().__init__([w.HBox(choices, layout=w.Layout(align_items="center")), self.address,
                          self._rotations, self._info, self._view, self._message_box])
        self.add_class("harmonies-habitat-explorer")  # a stable handle for browser tests and styling
        self._localise()
        self.relabel()

    @staticmethod
    def _card_options() -> list[tuple[str, int]]:
        return [(t("explorer.card_option.spirit", id=i, card=c.title) if c.is_spirit else
                 t("explorer.card_option", id=i, card=c.title), i) for i, c in all_cards().items()]

    @staticmethod
    def _rotation_options() -> list[tuple[str, int | None]]:
        return [(t("explorer.rotation.all"), None)] + [(str(k), k) for k in range(6)]

    def relabel(self) -> None:
        """Every label, option and message in the language in force; the pictures redrawn."""
        self._syncing = True  # new option labels must not count as a choice
        self._choice.options = self._card_options()
        self._rotation_choice.options = self._rotation_options()
        self._syncing = False
        self._choice.description = t("explorer.card")
        self._rotation_label.value = _label(t("explorer.rotation"))
        self.link_button.description = t("explorer.link")
        self.link_button.tooltip = t("explorer.link.tooltip")
        self.address.copy_label = common("links.copy")
        self.address.box_label = common("links.box")
        self._refresh()

    # The model's state, under the names the lessons use.
    board = property(lambda self: self.model.board)
    card = property(lambda self: self.model.card)
    matches = property(lambda self: self.model.matches)
    near_misses = property(lambda self: self.model.near_misses)
    cube_cells = property(lambda self: self.model.cube_cells)
    rotation = property(lambda self: self.model.rotation)
    message = property(lambda self: self.model.message)

    def select_card(self, card: Card | int | str) -> None:
        """Show another card (its id, its name, or a ``"card:ID"`` key)."""
        self.model.select_card(card)
        self._refresh()

    def show_rotation(self, rotation: int | str | None) -> None:
        """Show only the habitats in one rotation (0–5, or a ``"rotation:N"`` key); None shows all."""
        self.model.show_rotation(rotation)
        self._refresh()

    def set_board(self, board) -> None:
        """Look at another board (a Board, a Scenario, a scenario file's text or path)."""
        self.model.set_board(board)
        self._refresh()

    def make_link(self) -> str:
        """The board, card and rotation shown as a link: the page shows its own address with them
        in the fragment (``#play=...``), to copy; returns the fragment."""
        packed = self.model.link()
        self.address.fragment = packed
        self._refresh()
        return f"#{packed}"

    def open_link(self, link: str) -> bool:
        """Show what a link holds (an explorer's link, or a Harmonies board); a broken link, or one
        holding something else, changes nothing and the message says why."""
        opened = self.model.open_link(link)
        self._refresh()
        return opened

    def _page_link(self, fragment: str) -> None:
        # The page was opened at an address holding a link: a board or an explorer's link opens
        # here; a game (for a table in the same lesson) is left to it.
        if self.model.claims(fragment):
            self.open_link(fragment)

    def click(self, cell: str) -> None:
        """Place a cube of the card on ``cell`` (``"c3"`` or ``"cell:c3"``) if it is a free cube cell now."""
        self.model.click(cell)
        self._refresh()

    def _refresh(self) -> None:
        model = self.model
        self._rotations.show(model.rotations_scene(), model.rotation_place_name)
        self._scene = model.board_scene()
        self._view.show(self._scene, model.place_name)
        c = model.card
        rule = f" — {escape(c.rule_text)}" if c.rule else ""
        self._info.value = html(escape(c.describe()) + rule, style=_NOTE)
        warning, note = model.message, model.note
        if warning:
            self._message_box.value = html(f"⚠ {escape(warning)}", style=_WARN)
        else:
            self._message_box.value = html(escape(note), style=_NOTE) if note else ""
        self._syncing = True
        self._choice.value = c.id
        self._rotation_choice.value = model.rotation
        self._syncing = False
