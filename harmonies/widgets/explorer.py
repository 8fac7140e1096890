"""The habitat explorer: one card, its six rotations, its habitats on a board, cubes by click."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tabletop.clickable import ClickableSVG, Pictured, place_name
from tabletop.localised import Localised, html
from tabletop.settings import Display

from .. import draw, habitats
from ..board import Board, Side
from ..cards import Card, all_cards
from ..cards import card as _card_lookup
from ..errors import HarmoniesError, ScenarioError
from ..locale import t
from .common import (
    _NATURAL,
    _NOTE,
    Said,
    _as_scenario,
    _cell_name,
    _colour,
    _label,
    _Warns,
    _words,
)


class HabitatExplorer(_Warns, Pictured, Localised, w.VBox):
    """One card's habitats on a board: its six rotations, every placement present, the near misses.

    ``board`` may be a Board, a Scenario, a scenario file's text or its path (None: an empty board of
    ``side``); ``card`` an id (1–42) or a name. On the board, each habitat present is outlined, a
    near miss (one token short) is drawn as a ghost token of the colour that would complete it, and a
    free cube cell as a dashed cube. Clicking a cell places a cube of the card there when
    ``habitats.can_place_cube`` allows it now.

    Methods: ``select_card(id_or_name)``, ``show_rotation(k or None)``, ``click(cell)``,
    ``set_board(board)``, ``relabel()``. Properties: ``board`` (a copy), ``card``, ``matches`` and
    ``near_misses`` (those shown: only one rotation's when a rotation is chosen), ``cube_cells`` (every
    cell where a cube of the card may go now), ``message``, ``svg``, ``scene``.
    """

    def __init__(self, board=None, card: Card | int | str = 1, *, side: Side | str = "A",
                 display: Display | None = None):
        self._board = _as_scenario(board, side).board
        self._card = card if isinstance(card, Card) else _card_lookup(card)
        self._display = display
        self._rotation: int | None = None
        self._syncing = False
        self._message_box = w.HTML()
        self._choice = w.Dropdown(options=self._card_options(), value=self._card.id,
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
        super().__init__([w.HBox([self._choice, self._rotation_label, self._rotation_choice],
                                 layout=w.Layout(align_items="center")), self._rotations, self._info,
                          self._view, self._message_box])
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
        self._show_message()
        self._refresh()

    @property
    def board(self) -> Board:
        return self._board.copy()

    @property
    def card(self) -> Card:
        return self._card

    @property
    def matches(self) -> list[habitats.Match]:
        return list(self._matches)

    @property
    def near_misses(self) -> list[habitats.NearMiss]:
        return list(self._near)

    @property
    def cube_cells(self) -> list[str]:
        return list(self._cube_cells)

    @property
    def rotation(self) -> int | None:
        return self._rotation

    def select_card(self, card: Card | int | str) -> None:
        """Show another card (its id, its name, or a ``"card:ID"`` key)."""
        key = card
        if isinstance(card, str) and card.strip().lower().startswith("card:"):
            key = card.split(":", 1)[1]
        try:
            found = card if isinstance(card, Card) else _card_lookup(key)
        except KeyError as err:  # cards.card's own message: which ids and names exist
            self._say(str(err.args[0]))
            return
        self._card = found
        self._rotation = None
        self._say()
        self._refresh()

    def show_rotation(self, rotation: int | str | None) -> None:
        """Show only the habitats in one rotation (0–5, or a ``"rotation:N"`` key); None shows all.

        A rotation that repeats a lower one (a symmetric pattern) shows that one's habitats."""
        if isinstance(rotation, str):
            text = rotation.split(":", 1)[1] if ":" in rotation else rotation
            if text.strip().lower() in ("", "all", "none"):
                rotation = None
            elif text.strip().isdecimal():
                rotation = int(text)
            else:
                self._say(t.lazy("explorer.not_a_rotation", rotation=repr(rotation)))
                return
        if rotation is not None and not 0 <= rotation <= 5:
            self._say(t.lazy("explorer.not_a_rotation", rotation=rotation))
            return
        self._rotation = rotation
        self._say()
        self._refresh()

    def set_board(self, board) -> None:
        """Look at another board (a Board, a Scenario, a scenario file's text or path)."""
        try:
            self._board = _as_scenario(board).board
        except ScenarioError as err:
            self._say(str(err))
            return
        self._say()
        self._refresh()

    def click(self, cell: str) -> None:
        """Place a cube of the card on ``cell`` (``"c3"`` or ``"cell:c3"``) if it is a free cube cell now."""
        name = _cell_name(cell)
        board, c = self._board, self._card
        try:
            allowed = habitats.can_place_cube(c, board, name)
            name = board.layout.names[board.layout.cell(name)]
        except HarmoniesError as err:
            self._say(str(err))
            return
        if not allowed:
            self._say(self._refusal(c, name))
            return
        board.freeze(name)
        self._say(note=lambda: t("explorer.cube_placed", card=c.title, cell=name))
        self._refresh()

    def _refusal(self, c: Card, cell: str) -> Said:
        """Why no cube of ``c`` can go on ``cell`` now, and where one can."""
        if self._board.has_cube(cell):
            return t.lazy("explorer.cube_taken", cell=cell)
        free = list(self._cube_cells)
        if free:
            return lambda: t("explorer.cube_elsewhere", card=c.title, cell=cell, cells=_words(free))
        return lambda: t("explorer.cube_nowhere", card=c.title, cell=cell)

    def _place_name(self, key: str, tip: str) -> str:
        """A cell's accessible name: its tooltip, and whether a click would place a cube there."""
        cell = _cell_name(key)
        free = cell in self._cube_cells
        action = t("explorer.click.cube" if free else "explorer.click.no_cube", card=self._card.title)
        return place_name(tip, action)

    def _refresh(self) -> None:
        c, board = self._card, self._board
        self._rotations.show(draw.rotations_scene(c, selected=self._rotation, display=self._display),
                             lambda key, tip: place_name(tip, t("explorer.click.rotation")))
        wanted = None if self._rotation is None else draw.same_rotation(c, self._rotation)
        self._matches = [m for m in habitats.matches(c, board) if wanted is None or m.rotation == wanted]
        self._near = [n for n in habitats.near_misses(c, board) if wanted is None or n.rotation == wanted]
        self._cube_cells = habitats.cube_cells(c, board)
        marks = [draw.Mark(m.cells, label=_habitat_label(m)) for m in self._matches]
        marks += [draw.Mark(n.cells, faint=True,
                            label=t("explorer.mark.near_miss", colour=_colour(n.colour), cell=n.cell))
                  for n in self._near]
        free = sorted({m.cube_cell for m in self._matches if m.cube_free}, key=board.layout.index.get)
        ghosts = [(n.cell, n.colour) for n in self._near] + [(cell, "cube") for cell in free]
        self._scene = draw.board_scene(board, highlight=marks, ghosts=ghosts, title=self._title(wanted, free),
                                       display=self._display)
        self._view.show(self._scene, self._place_name)
        rule = f" — {escape(c.rule_text)}" if c.rule else ""
        self._info.value = html(escape(c.describe()) + rule, style=_NOTE)
        self._syncing = True
        self._choice.value = c.id
        self._rotation_choice.value = self._rotation
        self._syncing = False

    def _title(self, wanted: int | None, free: list[str]) -> str:
        """The board's title: the card and its habitats, then what the picture shows."""
        c, k = self._card, len(self._near)
        if wanted is None:
            shown = t("explorer.shown.all")
        elif wanted != self._rotation:
            shown = t("explorer.shown.same", rotation=self._rotation, same=wanted)
        else:
            shown = t("explorer.shown.rotation", rotation=self._rotation)
        cubes = t("explorer.cubes.free", cells=_words(free)) if free else t("explorer.cubes.none")
        misses = t.count("explorer.near_misses", k) if k else t("explorer.near_misses.none")
        heading = t.count("explorer.title", len(self._matches), card=c.title, id=c.id)
        return heading + "\n" + t("explorer.summary", shown=shown, cubes=cubes, misses=misses)


def _habitat_label(m: habitats.Match) -> str:
    """The outline's tooltip for a habitat present on the board."""
    if m.cube_free:
        return t("explorer.mark.habitat", rotation=m.rotation, cell=m.cube_cell)
    return t("explorer.mark.habitat_taken", rotation=m.rotation, cell=m.cube_cell)
