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
from html import escape
from pathlib import Path

import ipywidgets as w

from tabletop.clickable import ClickableSVG
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
from .board import Board, Side
from .cards import Card, all_cards
from .cards import card as _card_lookup
from .cli import END_WORDS
from .errors import HarmoniesError, ScenarioError
from .game import Game
from .policies import GreedyPolicy, RandomPolicy
from .scenario import Scenario
from .tokens import Colour

#: The editor's tools: a token colour to stack, or the cube.
TOOLS = tuple(str(c) for c in Colour) + ("cube",)
#: The nine keys of a score, in the order of ``Breakdown.to_dict`` and ``python -m harmonies score``.
SCORE_KEYS = ("trees", "mountains", "fields", "buildings", "water", "landscapes", "animals", "spirit",
              "total")
#: The categories whose items lie on board cells, so that they can be outlined.
ON_BOARD = ("trees", "mountains", "fields", "buildings", "water", "spirit")
SEAT_KINDS = ("human", "random", "greedy")

_WARN = ("background:#fff4d6;border:1px solid #e2b24a;border-radius:6px;padding:6px 10px;"
         "color:#4d3800;margin:4px 0")
_NOTE = "color:#4a4a4a;padding:2px 4px"


class _Warns:
    """The friendly warning area shared by the widgets: ``.message`` is its plain text."""

    _message = ""

    @property
    def message(self) -> str:
        """The last refusal, in the engine's words; empty after an action that worked."""
        return self._message

    def _say(self, warning: str = "", note: str = "") -> None:
        self._message = warning
        if warning:
            self._message_box.value = f'<div style="{_WARN}">⚠ {escape(warning)}</div>'
        else:
            self._message_box.value = f'<div style="{_NOTE}">{escape(note)}</div>' if note else ""


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
            raise ScenarioError("file", "no file name given")
        return Scenario.load(value)
    raise TypeError(f"expected a Board, a Scenario, a scenario file's text or its path, not "
                    f"{type(value).__name__}")


def _words(items) -> str:
    items = [str(x) for x in items]
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# A picture keeps its own size in a row of widgets instead of shrinking to fit.
_NATURAL = {"flex": "0 0 auto"}


def _button(description: str, handler, **options) -> w.Button:
    button = w.Button(description=description, layout=w.Layout(width="auto"), **options)
    button.on_click(lambda _b: handler())
    return button


# ---------------------------------------------------------------------------------------------
# The board editor


class BoardEditor(_Warns, w.VBox):
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
    ``show_category(category or None)``. Properties: ``board`` (a copy), ``breakdown``, ``message``,
    ``svg``, ``scene``, ``tool``, ``category``; ``scenario()`` gives the position as a Scenario.
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
        self._past: list[Scenario] = []
        self._future: list[Scenario] = []
        self._tool = "blue"
        self._last_colour = "blue"
        self._category: str | None = None
        self._listeners: list = []  # called after every change (the what-if view listens)
        self._syncing = False

        self._message_box = w.HTML()
        self._palette = ClickableSVG(self._palette_svg(), on_click=self.choose, layout=_NATURAL)
        self._cube_tool = w.ToggleButton(description="cube", tooltip="put a cube on a token, or take it off",
                                         layout=w.Layout(width="6em"))
        self._cube_tool.observe(self._on_cube_tool, "value")
        self._undo = _button("undo", self.undo, icon="undo")
        self._redo = _button("redo", self.redo, icon="repeat")
        self._side = w.ToggleButtons(options=["A", "B"], tooltips=["side A: a river", "side B: islands"],
                                     style={"button_width": "2.5em"})
        self._side.observe(lambda change: self._syncing or self.set_side(change["new"]), "value")
        self._river = w.Dropdown(options=list(scoring.RIVER_READINGS), description="river",
                                 layout=w.Layout(width="15em"), style={"description_width": "3em"})
        self._river.observe(lambda change: self._syncing or self.set_river(change["new"]), "value")
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._score_values = {key: w.HTML() for key in SCORE_KEYS}
        self._category_buttons = {}
        rows = []
        for key in SCORE_KEYS:
            if key in ON_BOARD:
                b = w.Button(description=key, layout=w.Layout(width="7.5em"),
                             tooltip=f"outline the {key} items on the board")
                b.on_click(lambda _b, key=key: self.show_category(None if self._category == key else key))
                self._category_buttons[key] = b
                rows.append(b)
            else:
                rows.append(w.HTML(f"<b>{key}</b>", layout=w.Layout(padding="0 0 0 0.6em")))
            rows.append(self._score_values[key])
        table = w.GridBox(rows, layout=w.Layout(grid_template_columns="7.5em 3em", align_items="center"))
        self._file = w.Text(placeholder="scenario.json", description="file",
                            layout=w.Layout(width="18em"), style={"description_width": "2.5em"})
        self._upload = w.FileUpload(accept=".json", multiple=False, description="upload")
        self._upload.observe(self._on_upload, "value")
        tools = w.HBox([self._palette, self._cube_tool], layout=w.Layout(align_items="center"))
        edit = w.HBox([self._undo, self._redo, _button("clear", self.clear, icon="trash"),
                       w.HTML("&nbsp;side"), self._side,
                       self._river], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        files = w.HBox([self._file, _button("load", lambda: self.load(self._file.value)),
                        _button("save", lambda: self.save(self._file.value)), self._upload])
        board_and_score = w.HBox([self._view, w.VBox([w.HTML("<b>score</b> (click a category to outline "
                                                              "it)"), table])])
        super().__init__([tools, edit, self._message_box, board_and_score, files])
        self.add_class("harmonies-board-editor")  # a stable handle for browser tests and styling
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
    def svg(self) -> str:
        return self._view.svg

    @property
    def scene(self):
        """The picture as a ``tabletop.Scene`` (``.save("board.png")`` for a handout)."""
        return self._scene

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
        if not self._past:
            self._say("nothing to undo")
            return
        self._future.append(self._state)
        self._state = self._past.pop()
        self._say()
        self._refresh()

    def redo(self) -> None:
        if not self._future:
            self._say("nothing to redo")
            return
        self._past.append(self._state)
        self._state = self._future.pop()
        self._say()
        self._refresh()

    def clear(self) -> None:
        """Empty the board (tokens and cubes); the cards and the river reading stay."""
        s = self._state
        if s.board == Board(s.board.side):
            self._say(note="the board is already empty")
            return
        before = self.scenario()
        self._state = Scenario(Board(s.board.side), s.animals, s.spirit, s.river)
        self._changed(before)

    def set_side(self, side: Side | str) -> None:
        """Start an empty board of the other side (undoable)."""
        try:
            new = Side(str(side).strip().upper())
        except ValueError:
            self._say(f"{side!r} is not a side of the personal board (use A or B)")
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
        self._changed(before, note=f"loaded {source}" if not str(source).lstrip().startswith("{") else
                      "scenario loaded")

    def save(self, path: str | os.PathLike) -> Path | None:
        """Write the position as a scenario file; returns the path, or None when it cannot be written."""
        if not str(path).strip():
            self._say("give a file name to save to, e.g. my-board.json")
            return None
        target = Path(path)
        try:
            target.write_text(self.scenario().dumps(), encoding="utf-8")
        except OSError as err:
            self._say(f"cannot write {target}: {err.strerror or err}")
            return None
        self._say(note=f"saved to {target}")
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
    def _changed(self, before: Scenario, note: str = "") -> None:
        self._past.append(before)
        self._future.clear()
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
                self._say(f"{files[0]['name']} is not UTF-8 text ({err.reason})")
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
        self._undo.disabled = not self._past
        self._redo.disabled = not self._future
        self._syncing = True
        self._side.value = str(s.board.side)
        self._river.value = s.river
        self._syncing = False
        for listener in self._listeners:
            listener()


# ---------------------------------------------------------------------------------------------
# The habitat explorer


class HabitatExplorer(_Warns, w.VBox):
    """One card's habitats on a board: its six rotations, every placement present, the near misses.

    ``board`` may be a Board, a Scenario, a scenario file's text or its path (None: an empty board of
    ``side``); ``card`` an id (1–42) or a name. On the board, each habitat present is outlined, a
    near miss (one token short) is drawn as a ghost token of the colour that would complete it, and a
    free cube cell as a dashed cube. Clicking a cell places a cube of the card there when
    ``habitats.can_place_cube`` allows it now.

    Methods: ``select_card(id_or_name)``, ``show_rotation(k or None)``, ``click(cell)``,
    ``set_board(board)``. Properties: ``board`` (a copy), ``card``, ``matches`` and ``near_misses``
    (those shown: only one rotation's when a rotation is chosen), ``cube_cells`` (every cell where a
    cube of the card may go now), ``message``, ``svg``, ``scene``.
    """

    def __init__(self, board=None, card: Card | int | str = 1, *, side: Side | str = "A",
                 display: Display | None = None):
        self._board = _as_scenario(board, side).board
        self._card = card if isinstance(card, Card) else _card_lookup(card)
        self._display = display
        self._rotation: int | None = None
        self._syncing = False
        self._message_box = w.HTML()
        cards = all_cards()
        options = [(f"{i}: {c.name}" + (" (spirit)" if c.is_spirit else ""), i) for i, c in cards.items()]
        self._choice = w.Dropdown(options=options, value=self._card.id, description="card",
                                  style={"description_width": "3em"})
        self._choice.observe(lambda change: self._syncing or self.select_card(change["new"]), "value")
        self._rotation_choice = w.ToggleButtons(
            options=[("all", None)] + [(str(k), k) for k in range(6)], style={"button_width": "3em"})
        self._rotation_choice.observe(lambda change: self._syncing or self.show_rotation(change["new"]),
                                      "value")
        self._rotations = ClickableSVG(on_click=self.show_rotation, layout=_NATURAL)
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._info = w.HTML()
        super().__init__([w.HBox([self._choice, w.HTML("&nbsp;rotation"), self._rotation_choice],
                                 layout=w.Layout(align_items="center")), self._rotations, self._info,
                          self._view, self._message_box])
        self.add_class("harmonies-habitat-explorer")  # a stable handle for browser tests and styling
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
    def svg(self) -> str:
        return self._view.svg

    @property
    def scene(self):
        return self._scene

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
                self._say(f"{rotation!r} is not a rotation: use 0 to 5, or None for all")
                return
        if rotation is not None and not 0 <= rotation <= 5:
            self._say(f"{rotation} is not a rotation: use 0 to 5, or None for all")
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
            if board.has_cube(name):
                self._say(f"{name} already holds a cube: a cell takes one cube")
            else:
                free = self._cube_cells
                hint = (f" (a cube of it can go on {_words(free)} now)" if free
                        else " (none of its habitats has a free cube cell now)")
                self._say(f"no {c.name} habitat has its cube cell at {name}{hint}")
            return
        board.freeze(name)
        self._say(note=f"a {c.name} cube is now on {name}")
        self._refresh()

    def _refresh(self) -> None:
        c, board = self._card, self._board
        self._rotations.svg = draw.rotations_scene(c, selected=self._rotation, display=self._display).to_svg()
        wanted = None if self._rotation is None else draw.same_rotation(c, self._rotation)
        self._matches = [m for m in habitats.matches(c, board) if wanted is None or m.rotation == wanted]
        self._near = [n for n in habitats.near_misses(c, board) if wanted is None or n.rotation == wanted]
        self._cube_cells = habitats.cube_cells(c, board)
        marks = [draw.Mark(m.cells, label=f"habitat, rotation {m.rotation}, cube cell {m.cube_cell}"
                           + ("" if m.cube_free else " (holds a cube)")) for m in self._matches]
        marks += [draw.Mark(n.cells, faint=True, label=f"near miss: {n.colour} on {n.cell} completes it")
                  for n in self._near]
        free = sorted({m.cube_cell for m in self._matches if m.cube_free}, key=board.layout.index.get)
        ghosts = [(n.cell, n.colour) for n in self._near] + [(cell, "cube") for cell in free]
        shown = "every rotation" if wanted is None else f"rotation {self._rotation}" + (
            f" (the same as {wanted})" if wanted != self._rotation else "")
        n, k = len(self._matches), len(self._near)
        cubes = f"a cube can go on {_words(free)} (dashed cube)" if free else "no free cube cell"
        misses = (f"{k} near miss{'es' * (k != 1)} (ghost token{'s' * (k != 1)})" if k else
                  "no near miss")
        title = f"{c.name} (card {c.id}): {n} habitat{'s' * (n != 1)}\n{shown} · {cubes} · {misses}"
        self._scene = draw.board_scene(board, highlight=marks, ghosts=ghosts, title=title,
                                       display=self._display)
        self._view.svg = self._scene.to_svg()
        self._info.value = f'<div style="{_NOTE}">{escape(c.describe())}' + (
            f" — {escape(c.rule)}" if c.rule else "") + "</div>"
        self._syncing = True
        self._choice.value = c.id
        self._rotation_choice.value = self._rotation
        self._syncing = False


# ---------------------------------------------------------------------------------------------
# The game table


class _Log(list):
    """The table's log: a list of strings. ipywidgets calls ``widget.log.warning(...)`` on a widget
    when a front-end message fails, so logger calls are passed to a real logger."""

    def __getattr__(self, name):
        return getattr(logging.getLogger(__name__), name)


class GameTable(_Warns, w.VBox):
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
    ``undo()`` (back within the current human turn), ``step()``, ``run_opponents()``.

    The engine enforces the turn; a refused action leaves the game as it was and says why in
    ``message``. ``log`` tells the story: tokens taken and placed, cards, cubes, the end, the scores
    with their breakdown, the winners, or the suns of a solo game.
    """

    def __init__(self, players: int = 2, *, seats=None, side: Side | str = "A", spirits: bool = False,
                 seed: int | None = None, river: str = "shortest-path", display: Display | None = None,
                 auto: bool = True):
        self._game = Game(players, side=side, spirits=spirits, seed=seed, river=river)
        kinds = ["human"] + ["greedy"] * (players - 1) if seats is None else [str(s).lower() for s in seats]
        if len(kinds) != players or any(k not in SEAT_KINDS for k in kinds):
            raise ValueError(f"seats: one of {', '.join(SEAT_KINDS)} per player ({players}), not {seats!r}")
        base = 0 if seed is None else seed * 10
        make = {"random": RandomPolicy, "greedy": GreedyPolicy}
        self.seats = kinds
        self._policies = [None if k == "human" else make[k](base + seat) for seat, k in enumerate(kinds)]
        self.auto = auto
        self._display = display
        self._colour: Colour | None = None
        self._card: int | None = None
        self._undo_stack: list[tuple[Game, int]] = []
        self._log = _Log()
        self._message_box = w.HTML()
        self._view = ClickableSVG(on_click=self.click, layout=_NATURAL)
        self._status = w.HTML()
        self._log_box = w.HTML()
        self._action = w.Text(placeholder="e.g. take 2, place green c3, card 23, cube 23 c2, end",
                              layout=w.Layout(width="26em"))
        controls = [_button("end turn", self.end_turn, button_style="primary"),
                    _button("undo", self.undo, icon="undo"),
                    _button("computer move", self.step), _button("run opponents", self.run_opponents),
                    self._action, _button("play", lambda: self.act(self._action.value))]
        self._swap = None
        if self._game.solo:
            self._swap = w.Dropdown(options=[], layout=w.Layout(width="12em"))
            controls += [self._swap, _button("swap", lambda: self._swap.value and
                                             self.click(f"swap:{self._swap.value}"))]
        super().__init__([self._status, w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                          self._message_box, self._view, self._log_box])
        self.add_class("harmonies-game-table")  # a stable handle for browser tests and styling
        who = ", ".join(self._who(s) for s in range(players))
        self._log.append(f"New game: {who}; side {self._game.side}, "
                         f"{'with' if spirits else 'without'} Nature's Spirit, seed {seed}")
        self._note_turn()
        if auto:
            self.run_opponents()
        else:
            self._refresh()

    # -- reading --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine's game (read it; change it through the table's methods)."""
        return self._game

    @property
    def log(self) -> list[str]:
        return self._log

    @property
    def svg(self) -> str:
        return self._view.svg

    @property
    def scene(self):
        return self._scene

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
            seat = int(kind[4:])
            if seat != self._game.current:
                self._say(f"that is {self._who(seat)}'s side of the table; {self._who(self._game.current)} "
                          "is to play")
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
            self._say(f"{key!r} is nothing to click on the table")

    def choose(self, colour: Colour | str) -> None:
        """Choose which token in hand the next cell click places."""
        if not self._human_turn():
            return
        try:
            chosen = Colour.parse(colour)
        except ValueError as err:  # Colour.parse's own message
            self._say(str(err))
            return
        hand = self._game.hand
        if chosen not in hand:
            self._say(f"you have no {chosen} token in hand (your hand: {_words(sorted(hand))})" if hand
                      else "you have no token in hand: take the tokens of a space first")
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
            self._say("nothing to undo in this turn" if not self._game.over else "the game is over")
            return
        self._game, size = self._undo_stack.pop()
        del self._log[size:]
        self._colour = self._card = None
        self._say()
        self._refresh()

    def step(self) -> None:
        """Play one action of the computer seat whose turn it is."""
        g = self._game
        if g.over:
            self._say("the game is over")
            return
        policy = self._policies[g.current]
        if policy is None:
            self._say(f"{self._who(g.current)} is played by a human: use the table or act()")
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
        return f"Player {seat + 1} ({self.seats[seat]})"

    def _human_turn(self) -> bool:
        g = self._game
        if g.over:
            self._say("the game is over")
            return False
        if self._policies[g.current] is not None:
            self._say(f"{self._who(g.current)} is to play: press 'computer move' or 'run opponents'")
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
        hand = g.hand
        colour = self._placing()
        if colour is None:
            if hand:
                self._say(f"choose which token to place: click one in your hand ({_words(sorted(hand))})")
            elif g.taken_space is None:
                self._say("take the tokens of a central-board space first: click a space")
            else:
                self._say("your tokens are placed: to put a cube on a cell, click a card above your board "
                          "first; or take a card, or end the turn")
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
            self._say(f"{_card_lookup(card_id).name} (card {card_id}) is not a card above your board "
                      f"with a cube left on it")
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
        before, size = self._game.copy(), len(self._log)
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
        self._log.append(self._describe(seat, action, tokens))
        if isinstance(action, PlaceToken) and self._colour not in g.hand:
            self._colour = None
        if isinstance(action, PlaceCube):
            self._card = None
        if isinstance(action, EndTurn):
            self._colour = self._card = None
            if g.over:
                self._log.extend(self._final())
            else:
                self._note_turn()
        return True

    def _describe(self, seat: int, action, tokens) -> str:
        who = self._who(seat)
        if isinstance(action, TakeTokens):
            return f"{who} took {_words(tokens)} from space {action.space}"
        if isinstance(action, PlaceToken):
            return f"{who} placed {action.colour} on {action.cell}"
        if isinstance(action, TakeCard):
            return f"{who} took {_card_lookup(action.card).name} (card {action.card})"
        if isinstance(action, PlaceCube):
            return f"{who} placed a {_card_lookup(action.card).name} cube on {action.cell}"
        if isinstance(action, ChooseSpirit):
            return f"{who} kept {_card_lookup(action.card).name} (card {action.card}) as Nature's Spirit"
        if isinstance(action, SwapCard):
            return f"{who} swapped {_card_lookup(action.card).name} (card {action.card}) out of the display"
        return f"{who} ended the turn: {self._game.score(seat).total} points so far"

    def _note_turn(self) -> None:
        g = self._game
        self._log.append(f"— round {g.round}: {self._who(g.current)} to play")

    def _final(self) -> list[str]:
        g = self._game
        lines = [f"Game over: {END_WORDS.get(g.end_reason, g.end_reason)}."]
        for seat, (b, p) in enumerate(zip(g.scores(), g.players, strict=True)):
            parts = ", ".join(f"{key} {getattr(b, key)}" for key in scoring.CATEGORIES)
            lines.append(f"{self._who(seat)}: {b.total} points ({parts}; {p.cubes_placed} cube"
                         f"{'s' * (p.cubes_placed != 1)} placed)")
        if g.solo:
            suns = g.suns()
            lines.append(f"Suns: {suns} {'☀' * suns}")
        else:
            winners = g.winners()
            names = _words(self._who(s) for s in winners)
            lines.append(f"Winner: {names}" if len(winners) == 1 else f"Shared victory: {names}")
        return lines

    def _refresh(self) -> None:
        g = self._game
        chosen = []
        if self._card is not None:
            kind = "spirit" if self._card == g.player.spirit else "held"
            chosen.append(f"seat{g.current}:{kind}:{self._card}")
        elif not g.over and self._policies[g.current] is None and self._placing() is not None:
            chosen.append(f"colour:{self._placing()}")
        self._scene = draw.game_scene(g, selected=chosen, display=self._display)
        self._view.svg = self._scene.to_svg()
        self._status.value = f'<div style="font-size:1.1em;padding:4px">{escape(self._next_step())}</div>'
        recent = "<br>".join(escape(line) for line in self._log[-300:])
        self._log_box.value = ('<div style="max-height:14em;overflow:auto;font-family:monospace;'
                               f'font-size:0.9em;border:1px solid #ddd;padding:4px">{recent}</div>')
        if self._swap is not None:
            self._swap.options = [(f"swap {_card_lookup(i).name} ({i})", i) for i in g.display]

    def _next_step(self) -> str:
        """What the player to play can do now, read from the game's state."""
        g = self._game
        if g.over:
            return " ".join(self._final()[-1:]) + " — the scores are in the log."
        who = f"Round {g.round}: {self._who(g.current)} to play. "
        if self._policies[g.current] is not None:
            return who + "Press 'computer move' or 'run opponents'."
        p = g.player
        parts = []
        if p.spirit_offer and p.spirit is None:
            parts.append("keep one of your two spirit cards (click it)")
        if self._card is not None:
            parts.append(f"click a cell for the {_card_lookup(self._card).name} cube "
                         "(click the card again to cancel)")
        elif g.taken_space is None:
            parts.append("take the tokens of a space (click it)")
        elif g.hand:
            placing = self._placing()
            parts.append(f"in hand: {_words(g.hand)}; " + (
                f"click a cell to place {placing}" if placing else "click a token in hand to choose it"))
        else:
            parts.append("take a card, place cubes (click a card above your board, then a cell), "
                         "or end the turn")
        text = "; ".join(parts)
        return who + text[:1].upper() + text[1:] + "."


# ---------------------------------------------------------------------------------------------
# What if?


class WhatIf(w.VBox):
    """Two boards side by side, each a ``BoardEditor``, and their score difference explained.

    ``left`` and ``right`` may be Boards, Scenarios or scenario files' text (``right`` None starts as a
    copy of ``left``). ``difference()`` maps each of the nine score keys to (left, right, right − left);
    ``explanation`` says category by category which items appeared or went, for instance
    ``fields: 10 → 15 (+5): + field of 3 yellow tokens (a1, a2, b1) (5)``. Both refresh after every
    edit on either side. The editors are ``.left`` and ``.right``.
    """

    def __init__(self, left=None, right=None, *, labels=("before", "after"), display: Display | None = None):
        first = _as_scenario(left)
        second = _as_scenario(right) if right is not None else _as_scenario(first)
        self.left = BoardEditor(first, display=display)
        self.right = BoardEditor(second, display=display)
        self.labels = tuple(labels)
        self._summary = w.HTML()
        sides = [w.VBox([w.HTML(f"<h4 style='margin:2px'>{escape(str(label))}</h4>"), editor])
                 for label, editor in zip(self.labels, (self.left, self.right), strict=True)]
        super().__init__([w.HBox(sides), w.HTML("<b>What changed</b> (the second board against the first)"),
                          self._summary])
        self.add_class("harmonies-what-if")  # a stable handle for browser tests and styling
        self.left._listeners.append(self._refresh)
        self.right._listeners.append(self._refresh)
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
            f"<tr><td>{key}</td><td>{x}</td><td>{y}</td><td><b>{d:+d}</b></td></tr>"
            if d else f"<tr><td>{key}</td><td>{x}</td><td>{y}</td><td>·</td></tr>"
            for key, (x, y, d) in self.difference().items())
        table = (f"<table><tr><th></th><th>{left}</th><th>{right}</th><th>difference</th></tr>{rows}"
                 "</table>")
        text = "<br>".join(escape(line) for line in lines)
        self._summary.value = f"<div style='display:flex;gap:2em'>{table}<div>{text}</div></div>"


def _change(key: str, a: int, b: int) -> str:
    return f"{key}: {a} → {b} ({b - a:+d})" if a != b else f"{key}: {a} → {b} (no change)"


def _compare(category: str, a: scoring.Breakdown, b: scoring.Breakdown) -> str:
    """One category's change and the scoring items behind it (items worth 0 points are left out)."""
    before = Counter((i.label, i.points) for i in a.items_for(category) if i.points)
    after = Counter((i.label, i.points) for i in b.items_for(category) if i.points)
    gained, lost = after - before, before - after
    parts = [f"+ {label} ({points})" for label, points in sorted(gained.elements())]
    parts += [f"− {label} ({points})" for label, points in sorted(lost.elements())]
    line = _change(category, getattr(a, category), getattr(b, category))
    return line + (": " + "; ".join(parts) if parts else "")


__all__ = ["BoardEditor", "HabitatExplorer", "GameTable", "WhatIf", "TOOLS", "SCORE_KEYS"]
