"""Jupyter widgets for Harmonies: a board editor, a habitat explorer, a game table, a what-if view.

Each widget is an ``ipywidgets`` container (show it as the last value of a cell) built from
``tabletop.clickable.ClickableSVG`` pictures and standard controls. Every interaction is a public
method, and the front end calls exactly that method: a click on cell c3 of the editor's board is
``editor.click("cell:c3")``, a button press is ``editor.undo()``. Tests and notebooks call the same
methods without a browser.

The widgets decide no rule. A token is stacked by ``Board.place``, a cube's cell is checked by
``habitats.can_place_cube``, a game moves only through ``Game.play``, points come from
``scoring.score``. When the engine refuses, its message appears in the widget (``.message``) and
nothing changes. Undo keeps copies of engine states (``Board.copy``, ``Game.copy``).

Every text a widget shows comes from the catalogue (``harmonies/locale``) and follows the language
menu: ``relabel()`` puts labels, options, messages, the log and the pictures' words into the language
in force. Option values, tools and seat kinds stay the English identifiers of the API.

- ``BoardEditor``: stack tokens by clicking, cubes on and off, undo/redo, side A/B, the river
  reading, scenario files in and out, the live score with a category's items outlined on the board.
- ``HabitatExplorer``: one of the 42 cards, its six rotations, its habitats on a board (near misses as
  ghost tokens), cubes placed by clicking their cell.
- ``GameTable``: a game for 1 to 4 at one screen; each seat human, random or greedy.
- ``WhatIf``: two editors side by side and their score difference, category by category.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as w

from tabletop.clickable import ClickableSVG, Pictured
from tabletop.history import History
from tabletop.i18n import join_and, join_or
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display

from . import draw, habitats, scoring
from .actions import (
    ChooseSpirit,
    EndTurn,
    PlaceCube,
    PlaceToken,
    SwapCard,
    TakeCard,
    TakeTokens,
    parse_action,
)
from .advisor import advise
from .board import Board, Side
from .cards import Card, all_cards
from .cards import card as _card_lookup
from .errors import HarmoniesError, ScenarioError
from .game import Game
from .locale import t
from .policies import POLICIES
from .scenario import Scenario
from .tokens import Colour

#: The editor's tools: a token colour to stack, or the cube.
TOOLS = tuple(str(c) for c in Colour) + ("cube",)
#: The nine keys of a score, in the order of ``Breakdown.to_dict`` and ``python -m harmonies score``.
SCORE_KEYS = ("trees", "mountains", "fields", "buildings", "water", "landscapes", "animals", "spirit",
              "total")
#: The categories whose items lie on board cells, so that they can be outlined.
ON_BOARD = ("trees", "mountains", "fields", "buildings", "water", "spirit")
SEAT_KINDS = ("human", "random", "greedy", "strong")
#: Playouts behind a hint of the game table (the coach's default budget answers within a second).
HINT_BUDGET = 4

_WARN = ("background:#fff4d6;border:1px solid #e2b24a;border-radius:6px;padding:6px 10px;"
         "color:#4d3800;margin:4px 0")
_NOTE = "color:#4a4a4a;padding:2px 4px"

#: A text a widget shows: already in words (the engine's messages), a catalogue text
#: (``t.lazy``), or a function that puts it into words in the language in force when shown.
Said = str | object | Callable[[], str]


def _words_of(said: Said) -> str:
    return said() if callable(said) else str(said)


class _Warns:
    """The friendly warning area shared by the widgets: ``.message`` is its plain text.

    A message is kept as said (see ``Said``), so that a change of language shows it in the new
    language; the engine's own messages stay in the language they were raised in.
    """

    _warning: Said = ""
    _note: Said = ""

    @property
    def message(self) -> str:
        """The last refusal, in the engine's words; empty after an action that worked."""
        return _words_of(self._warning)

    def _say(self, warning: Said = "", note: Said = "") -> None:
        self._warning, self._note = warning, note
        self._show_message()

    def _show_message(self) -> None:
        warning, note = _words_of(self._warning), _words_of(self._note)
        if warning:
            self._message_box.value = html(f"⚠ {escape(warning)}", style=_WARN)
        else:
            self._message_box.value = html(escape(note), style=_NOTE) if note else ""


def _cell_name(key: str) -> str:
    """``"cell:c3"`` or ``"c3"`` → ``"c3"`` (the board checks that the cell exists)."""
    key = str(key).strip()
    return key.split(":", 1)[1] if key.lower().startswith("cell:") else key


def _as_scenario(value, side: Side | str = "A") -> Scenario:
    """A fresh Scenario from None (an empty board), a Board, a Scenario, a scenario file's text or
    its path; ScenarioError when the text or file is not a valid scenario."""
    if value is None:
        return Scenario(Board(side))
    if isinstance(value, Board):
        return Scenario(value.copy())
    if isinstance(value, Scenario):
        return Scenario(value.board.copy(), value.animals, value.spirit, value.river)
    if isinstance(value, str) and value.lstrip().startswith("{"):
        return Scenario.loads(value)
    if isinstance(value, str | os.PathLike):
        if not str(value).strip():
            raise ScenarioError("file", t("editor.no_file_name"))
        return Scenario.load(value)
    raise TypeError(f"expected a Board, a Scenario, a scenario file's text or its path, not "
                    f"{type(value).__name__}")


def _words(items) -> str:
    """A list in words, in the language in force ("blue, brown and green"), or "nothing"."""
    items = list(items)
    return join_and(items) if items else t("widgets.nothing")


def _colour(colour: Colour | str) -> str:
    """A token colour's name in the language in force."""
    return Colour(colour).title


def _colours(colours) -> str:
    return _words(_colour(c) for c in colours)


def _card_title(card: int | str) -> str:
    return _card_lookup(card).title


def _river_title(reading: str) -> str:
    """A river reading's name for the menu (the reading itself stays the value)."""
    titles = {"shortest-path": t("editor.river.shortest_path"),
              "loops-full-length": t("editor.river.loops_full_length")}
    return titles.get(reading, reading)


# A picture keeps its own size in a row of widgets instead of shrinking to fit.
_NATURAL = {"flex": "0 0 auto"}


def _button(handler, **options) -> w.Button:
    """A button whose words ``relabel`` sets."""
    button = w.Button(layout=w.Layout(width="auto"), **options)
    button.on_click(lambda _b: handler())
    return button


def _label(text: str) -> str:
    """A short label beside a control, in the language in force."""
    return html(escape(text), tag="span", style="padding:0 0.3em")


# ---------------------------------------------------------------------------------------------
# The board editor


class BoardEditor(_Warns, Pictured, Localised, w.VBox):
    """Build a Harmonies board by clicking, and watch its score.

    Choose a tool in the palette (a token colour, or the cube) and click a cell: a token is stacked by
    ``Board.place``, so an illegal stack is refused with the engine's message and changes nothing.
    The cube tool toggles a cube on a cell that holds a token: the editor is a what-if tool, so a cube
    may be put on any token, whatever the habitats, or taken off again (the habitat rules belong to
    the game and to ``HabitatExplorer``).

    ``board`` may be a Board, a Scenario, a scenario file's text or its path; with a Board (or None,
    an empty board of ``side``) the cards and river reading come from ``animals`` ((card, cubes
    placed) pairs), ``spirit`` ((card, cube placed) or None) and ``river``.

    Methods (each is what a control calls): ``choose(tool)``, ``click(cell)``, ``undo()``, ``redo()``,
    ``clear()``, ``set_side(side)``, ``set_river(reading)``, ``load(path_or_text)``, ``save(path)``,
    ``show_category(category or None)``, ``relabel()``. Properties: ``board`` (a copy), ``breakdown``,
    ``message``, ``svg``, ``scene``, ``tool``, ``category``; ``scenario()`` gives the position as a
    Scenario.
    """

    def __init__(self, board=None, *, side: Side | str = "A", animals=(), spirit=None,
                 river: str = "shortest-path", display: Display | None = None):
        start = _as_scenario(board, side)
        if board is None or isinstance(board, Board):
            start.animals = [(_card_lookup(c) if not isinstance(c, Card) else c, k) for c, k in animals]
            start.spirit = None if spirit is None else (
                _card_lookup(spirit[0]) if not isinstance(spirit[0], Card) else spirit[0], bool(spirit[1]))
            start.river = river
        start.score()  # the engine checks the cards and the river reading (HarmoniesError)
        self._display = display
        self._state = start
        self._history: History[Scenario] = History()
        self._tool = "blue"
        self._last_colour = "blue"
        self._category: str | None = None
        self._listeners: list = []  # called after every change (the what-if view listens)
        self._syncing = False

        self._message_box = w.HTML()
        self._palette = ClickableSVG(self._palette_svg(), on_click=self.choose, layout=_NATURAL)
        self._cube_tool = w.ToggleButton(layout=w.Layout(width="6em"))
        self._cube_tool.observe(self._on_cube_tool, "value")
        self._undo = _button(self.undo, icon="undo")
        self._redo = _button(self.redo, icon="repeat")
        self._clear = _button(self.clear, icon="trash")
        self._side_label = w.HTML()
        self._side = w.ToggleButtons(options=["A", "B"], style={"button_width": "2.5em"})
        self._side.observe(lambda change: self._syncing or self.set_side(change["new"]), "value")
        self._river = w.Dropdown(options=list(scoring.RIVER_READINGS), layout=w.Layout(width="17em"),
                                 style={"description_width": "initial"})
        self._river.observe(lambda change: self._syncing or self.set_river(change["new"]), "value")
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._score_values = {key: w.HTML() for key in SCORE_KEYS}
        self._category_buttons: dict[str, w.Button] = {}
        self._category_labels: dict[str, w.HTML] = {}
        table = w.GridBox(self._score_rows(), layout=w.Layout(
            grid_template_columns="minmax(7.5em, max-content) 3em", align_items="center"))
        self._file = w.Text(placeholder="scenario.json", layout=w.Layout(width="18em"),
                            style={"description_width": "initial"})
        self._upload = w.FileUpload(accept=".json", multiple=False)
        self._upload.observe(self._on_upload, "value")
        self._load = _button(lambda: self.load(self._file.value))
        self._save = _button(lambda: self.save(self._file.value))
        self._score_heading = w.HTML()
        tools = w.HBox([self._palette, self._cube_tool], layout=w.Layout(align_items="center"))
        edit = w.HBox([self._undo, self._redo, self._clear, self._side_label, self._side, self._river],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))
        files = w.HBox([self._file, self._load, self._save, self._upload])
        board_and_score = w.HBox([self._view, w.VBox([self._score_heading, table])])
        super().__init__([tools, edit, self._message_box, board_and_score, files])
        self.add_class("harmonies-board-editor")  # a stable handle for browser tests and styling
        self._localise()
        self.relabel()

    def _score_rows(self) -> list[w.Widget]:
        """The score table: a button per category on the board (it outlines its items), a label for
        the others, each followed by its points."""
        rows = []
        for key in SCORE_KEYS:
            if key in ON_BOARD:
                b = w.Button(layout=w.Layout(width="100%"))
                b.on_click(lambda _b, key=key: self.show_category(None if self._category == key else key))
                self._category_buttons[key] = b
                rows.append(b)
            else:
                self._category_labels[key] = w.HTML(layout=w.Layout(padding="0 0 0 0.6em"))
                rows.append(self._category_labels[key])
            rows.append(self._score_values[key])
        return rows

    def relabel(self) -> None:
        """Every label, option and message in the language in force; the board and score redrawn."""
        self._cube_tool.description = t("editor.cube")
        self._cube_tool.tooltip = t("editor.cube.tooltip")
        self._undo.description = t("editor.undo")
        self._redo.description = t("editor.redo")
        self._clear.description = t("editor.clear")
        self._side_label.value = _label(t("editor.side"))
        self._side.tooltips = [t("editor.side.a"), t("editor.side.b")]
        self._syncing = True  # new option labels must not count as a choice
        self._river.options = [(_river_title(r), r) for r in scoring.RIVER_READINGS]
        self._syncing = False
        self._river.description = t("editor.river")
        for key, button in self._category_buttons.items():
            button.description = scoring.category_title(key)
            button.tooltip = t("editor.category.tooltip", category=scoring.category_title(key))
        for key, label in self._category_labels.items():
            label.value = html(f"<b>{escape(scoring.category_title(key))}</b>")
        self._score_heading.value = html(t("editor.score.heading"))
        self._file.description = t("editor.file")
        self._upload.description = t("editor.upload")
        self._load.description = t("editor.load")
        self._save.description = t("editor.save")
        self._show_message()
        self._palette.svg = self._palette_svg()
        self._refresh()

    # -- reading --------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """A copy of the board being edited."""
        return self._state.board.copy()

    @property
    def breakdown(self) -> scoring.Breakdown:
        return self._breakdown

    @property
    def tool(self) -> str:
        return self._tool

    @property
    def category(self) -> str | None:
        return self._category

    def scenario(self) -> Scenario:
        """The position as a ``harmonies.scenario.Scenario`` (an independent copy)."""
        s = self._state
        return Scenario(s.board.copy(), s.animals, s.spirit, s.river)

    # -- actions --------------------------------------------------------------------------------
    def choose(self, tool: str) -> None:
        """Choose the tool: a colour (``"green"``, ``"grey"``, ``"colour:green"``, a letter) or ``"cube"``."""
        name = str(tool).strip()
        if name.lower().startswith("colour:"):
            name = name.split(":", 1)[1]
        if name.lower() == "cube":
            chosen = "cube"
        else:
            try:
                chosen = str(Colour.parse(name))
            except ValueError as err:  # Colour.parse's own message: the colours there are
                self._say(str(err))
                return
            self._last_colour = chosen
        self._tool = chosen
        self._palette.svg = self._palette_svg()
        self._syncing = True
        self._cube_tool.value = chosen == "cube"
        self._syncing = False
        self._say()

    def click(self, cell: str) -> None:
        """Apply the chosen tool to a cell (``"c3"`` or ``"cell:c3"``)."""
        name = _cell_name(cell)
        board = self._state.board
        before = self.scenario()
        try:
            if self._tool == "cube":
                if board.has_cube(name):
                    board.unfreeze(name)  # the what-if editor may lift a cube again
                else:
                    board.freeze(name)
            else:
                board.place(name, self._tool)
        except HarmoniesError as err:
            self._say(str(err))
            return
        self._changed(before)

    def undo(self) -> None:
        self._go_to(self._history.undo(self._state), t.lazy("editor.nothing_to_undo"))

    def redo(self) -> None:
        self._go_to(self._history.redo(self._state), t.lazy("editor.nothing_to_redo"))

    def _go_to(self, state: Scenario | None, nothing: Said) -> None:
        if state is None:
            self._say(nothing)
            return
        self._state = state
        self._say()
        self._refresh()

    def clear(self) -> None:
        """Empty the board (tokens and cubes); the cards and the river reading stay."""
        s = self._state
        if s.board == Board(s.board.side):
            self._say(note=t.lazy("editor.already_empty"))
            return
        before = self.scenario()
        self._state = Scenario(Board(s.board.side), s.animals, s.spirit, s.river)
        self._changed(before)

    def set_side(self, side: Side | str) -> None:
        """Start an empty board of the other side (undoable)."""
        try:
            new = Side(str(side).strip().upper())
        except ValueError:
            self._say(t.lazy("editor.not_a_side", side=repr(side)))
            return
        s = self._state
        if new is s.board.side:
            self._say()
            return
        before = self.scenario()
        self._state = Scenario(Board(new), s.animals, s.spirit, s.river)
        self._changed(before)

    def set_river(self, reading: str) -> None:
        """Score the river the rulebook's way (``"shortest-path"``) or ``"loops-full-length"``."""
        s = self._state
        try:
            scoring.score(s.board, river=reading)  # the engine says which readings exist
        except HarmoniesError as err:
            self._say(str(err))
            return
        if reading == s.river:
            self._say()
            return
        before = self.scenario()
        self._state = Scenario(s.board, s.animals, s.spirit, reading)
        self._changed(before)

    def load(self, source) -> None:
        """Load a scenario file (a path, or the file's JSON text); a bad file changes nothing."""
        try:
            new = _as_scenario(source)
        except ScenarioError as err:
            self._say(str(err))
            return
        before = self.scenario()
        self._state = new
        text = str(source)
        self._changed(before, note=t.lazy("editor.loaded") if text.lstrip().startswith("{") else
                      t.lazy("editor.loaded_file", file=text))

    def save(self, path: str | os.PathLike) -> Path | None:
        """Write the position as a scenario file; returns the path, or None when it cannot be written."""
        if not str(path).strip():
            self._say(t.lazy("editor.no_file_to_save"))
            return None
        target = Path(path)
        try:
            target.write_text(self.scenario().dumps(), encoding="utf-8")
        except OSError as err:
            self._say(t.lazy("editor.cannot_write", file=str(target), reason=err.strerror or str(err)))
            return None
        self._say(note=t.lazy("editor.saved", file=str(target)))
        return target

    def show_category(self, category: str | None) -> None:
        """Outline the items of one score category on the board (None: no outline)."""
        if category in (None, "", "none"):
            self._category = None
        else:
            try:
                self._breakdown.items_for(category)  # the engine names the categories
            except HarmoniesError as err:
                self._say(str(err))
                return
            self._category = category
        self._say()
        self._refresh()

    # -- internals ------------------------------------------------------------------------------
    def _changed(self, before: Scenario, note: Said = "") -> None:
        self._history.save(before)
        self._say(note=note)
        self._refresh()

    def _palette_svg(self) -> str:
        selected = None if self._tool == "cube" else self._tool
        return draw.palette_scene(selected=selected, display=self._display).to_svg()

    def _on_cube_tool(self, change) -> None:
        if not self._syncing:
            self.choose("cube" if change["new"] else self._last_colour)

    def _on_upload(self, change) -> None:
        files = change["new"]
        if files:
            try:
                text = bytes(files[0]["content"]).decode("utf-8-sig")
            except UnicodeDecodeError as err:
                self._say(t.lazy("editor.not_utf8", file=files[0]["name"], reason=err.reason))
                return
            self.load(text)

    def _refresh(self) -> None:
        s = self._state
        self._breakdown = s.score()
        self._scene = draw.scenario_scene(s, highlight=self._category, display=self._display)
        self._view.svg = self._scene.to_svg()
        values = self._breakdown.to_dict()
        for key, box in self._score_values.items():
            box.value = f"<b>{values[key]}</b>" if key == "total" else str(values[key])
        for key, button in self._category_buttons.items():
            button.button_style = "info" if key == self._category else ""
        self._undo.disabled = not self._history.past
        self._redo.disabled = not self._history.future
        self._syncing = True
        self._side.value = str(s.board.side)
        self._river.value = s.river
        self._syncing = False
        for listener in self._listeners:
            listener()


# ---------------------------------------------------------------------------------------------
# The habitat explorer


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
            elif text.strip().isdigit():
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

    def _refresh(self) -> None:
        c, board = self._card, self._board
        self._rotations.svg = draw.rotations_scene(c, selected=self._rotation, display=self._display).to_svg()
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
        self._view.svg = self._scene.to_svg()
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


# ---------------------------------------------------------------------------------------------
# The game table


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
        base = 0 if seed is None else seed * 10
        self.seats = kinds
        self._policies = [None if k == "human" else POLICIES[k](base + seat) for seat, k in enumerate(kinds)]
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
        lines = [escape(t("table.hint.title", player=self._who(g.current)))]
        for rank, advice in enumerate(self._advice, 1):
            moves = ", ".join(str(a) for a in advice.actions if not isinstance(a, EndTurn))
            lines.append(escape(t("table.hint.item", rank=rank, moves=moves, gain=f"{advice.gain:+.1f}",
                                  reason=advice.reason)))
        lines.append(escape(t("table.hint.drawn")))
        return html("<br>".join(lines), style="background:#eef6ff;border:1px solid #9cc3e6;"
                                             "border-radius:6px;padding:6px 10px;margin:4px 0")

    def _hint_drawing(self) -> tuple[dict, dict]:
        """(highlight, ghosts) of the first advice on the board of the seat to play."""
        if not self._hint_fits():
            return {}, {}
        best = self._advice[0]
        ghosts: dict[str, str] = {}
        cells: list[str] = []
        cubes: list[str] = []
        for a in best.actions:
            if isinstance(a, PlaceToken):
                ghosts[a.cell] = str(a.colour)  # two tokens on one cell: the top one shows
                if a.cell not in cells:
                    cells.append(a.cell)
            elif isinstance(a, PlaceCube):
                cubes.append(a.cell)
        seat = self._game.current
        marks = [draw.Mark(tuple(cells))] if cells else []
        if cubes:
            marks.append(draw.Mark(tuple(cubes)))
        return {seat: marks}, {seat: list(ghosts.items())}

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
        highlight, ghosts = self._hint_drawing()
        self._scene = draw.game_scene(g, selected=chosen, display=self._display, highlight=highlight,
                                      ghosts=ghosts)
        self._view.svg = self._scene.to_svg()
        self._hint_box.value = self._hint_html()
        self._status.value = html(escape(self._next_step()), style="font-size:1.1em;padding:4px")
        recent = "<br>".join(escape(line) for line in self._log[-300:])
        self._log_box.value = html(recent, style="max-height:14em;overflow:auto;font-family:monospace;"
                                                 "font-size:0.9em;border:1px solid #ddd;padding:4px")
        if g.solo:
            self._swap.options = [(t("table.swap_option", card=_card_title(i), id=i), i) for i in g.display]

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


# ---------------------------------------------------------------------------------------------
# What if?


class WhatIf(Localised, w.VBox):
    """Two boards side by side, each a ``BoardEditor``, and their score difference explained.

    ``left`` and ``right`` may be Boards, Scenarios or scenario files' text (``right`` None starts as a
    copy of ``left``); ``labels`` head the two sides ("before" and "after" in the language in force
    unless given). ``difference()`` maps each of the nine score keys to (left, right, right − left);
    ``explanation`` says category by category which items appeared or went, for instance
    ``fields: 10 → 15 (+5): + field of 3 yellow tokens (a1, a2, b1) (5)``. Both refresh after every
    edit on either side. The editors are ``.left`` and ``.right``.
    """

    def __init__(self, left=None, right=None, *, labels=None, display: Display | None = None):
        first = _as_scenario(left)
        second = _as_scenario(right) if right is not None else _as_scenario(first)
        self.left = BoardEditor(first, display=display)
        self.right = BoardEditor(second, display=display)
        self.labels = (t.lazy("whatif.before"), t.lazy("whatif.after")) if labels is None else tuple(labels)
        self._summary = w.HTML()
        self._headings = [w.HTML(), w.HTML()]
        self._changed_heading = w.HTML()
        sides = [w.VBox([heading, editor]) for heading, editor in zip(self._headings, (self.left, self.right),
                                                                      strict=True)]
        super().__init__([w.HBox(sides), self._changed_heading, self._summary])
        self.add_class("harmonies-what-if")  # a stable handle for browser tests and styling
        self.left._listeners.append(self._refresh)
        self.right._listeners.append(self._refresh)
        self._localise()
        self.relabel()

    def relabel(self) -> None:
        """The headings and the explanation in the language in force (each editor relabels itself)."""
        for heading, label in zip(self._headings, self.labels, strict=True):
            heading.value = html(escape(str(label)), tag="h4", style="margin:2px")
        self._changed_heading.value = html(t("whatif.heading"))
        self._refresh()

    def difference(self) -> dict[str, tuple[int, int, int]]:
        a, b = self.left.breakdown.to_dict(), self.right.breakdown.to_dict()
        return {key: (a[key], b[key], b[key] - a[key]) for key in SCORE_KEYS}

    @property
    def explanation(self) -> str:
        return self._explanation

    def _refresh(self) -> None:
        a, b = self.left.breakdown, self.right.breakdown
        lines = []
        for category in scoring.CATEGORIES:
            lines.append(_compare(category, a, b))
            if category == "water":
                lines.append(_change("landscapes", a.landscapes, b.landscapes))
        lines.append(_change("total", a.total, b.total))
        self._explanation = "\n".join(lines)
        left, right = (escape(str(x)) for x in self.labels)
        rows = "".join(
            f"<tr><td>{escape(scoring.category_title(key))}</td><td>{x}</td><td>{y}</td>"
            f"<td>{f'<b>{d:+d}</b>' if d else '·'}</td></tr>"
            for key, (x, y, d) in self.difference().items())
        table = (f"<table><tr><th></th><th>{left}</th><th>{right}</th>"
                 f"<th>{escape(t('whatif.difference'))}</th></tr>{rows}</table>")
        text = "<br>".join(escape(line) for line in lines)
        self._summary.value = html(f"{table}<div>{text}</div>", style="display:flex;gap:2em")


def _change(key: str, a: int, b: int) -> str:
    """One score key's change in words: ``fields: 10 → 15 (+5)``."""
    category = t(f"whatif.category.{key}")
    if a == b:
        return t("whatif.no_change", category=category, before=a, after=b)
    return t("whatif.change", category=category, before=a, after=b, difference=f"{b - a:+d}")


def _compare(category: str, a: scoring.Breakdown, b: scoring.Breakdown) -> str:
    """One category's change and the scoring items behind it (items worth 0 points are left out)."""
    before = Counter((i.label, i.points) for i in a.items_for(category) if i.points)
    after = Counter((i.label, i.points) for i in b.items_for(category) if i.points)
    gained, lost = after - before, before - after
    parts = [t("whatif.gained", item=label, points=points) for label, points in sorted(gained.elements())]
    parts += [t("whatif.lost", item=label, points=points) for label, points in sorted(lost.elements())]
    line = _change(category, getattr(a, category), getattr(b, category))
    return t("whatif.items", change=line, items=t("whatif.separator").join(parts)) if parts else line


__all__ = ["BoardEditor", "HabitatExplorer", "GameTable", "WhatIf", "TOOLS", "SCORE_KEYS"]
