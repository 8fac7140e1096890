"""The board editor: stack tokens by clicking, cubes, undo/redo, scenario files, the live score."""

from __future__ import annotations

import logging
import os
from html import escape
from pathlib import Path

import ipywidgets as w

from tabletop.address import PageAddress
from tabletop.clickable import ClickableSVG, Pictured, place_name
from tabletop.history import History
from tabletop.links import LinkError, address, pack, unpack
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display
from tabletop.transfer import Download, upload_button

from .. import draw, scoring
from ..actions import PlaceCube, PlaceToken
from ..advisor import advise
from ..board import Board, Side
from ..cards import Card
from ..cards import card as _card_lookup
from ..errors import HarmoniesError, ScenarioError
from ..locale import t
from ..positions import game_from_position
from ..scenario import Scenario
from ..tokens import Colour
from .common import (
    _NATURAL,
    HINT_BUDGET,
    ON_BOARD,
    SCORE_KEYS,
    Said,
    _as_scenario,
    _button,
    _card_title,
    _cell_name,
    _colour,
    _colours,
    _hint_panel,
    _label,
    _river_title,
    _Warns,
)

#: The name a downloaded board is offered under (the browser may add a number to keep earlier ones).
DOWNLOAD_NAME = "harmonies-board.json"


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

    The hint button asks the coach (``harmonies.advisor``) where the tokens in hand (``hand``: up to
    3 colours, chosen in the three menus beside it) would go best on this board, and which cubes
    would follow. A board is not a game, so the coach is asked about the game
    ``harmonies.positions.game_from_position`` builds from it: a game for two in which this player has
    just taken those tokens, with no card on display. The best turns are listed with their reasons and
    the first is drawn on the board (dashed tokens, outlined cells) until the board or the hand changes.

    Files never touch the disk of the machine the kernel runs on from the page: *save* gives the
    learner the scenario file as a browser download (``download()``), *upload* reads the file they
    pick on their own device. ``load(path_or_text)`` and ``save(path)`` read and write a path: Python
    calls for whoever owns the machine, never a control.

    Methods (each is what a control calls): ``choose(tool)``, ``click(cell)``, ``undo()``, ``redo()``,
    ``clear()``, ``set_side(side)``, ``set_river(reading)``, ``download()``, ``make_link()`` (the
    board as a link, ``#play=...``), ``open_link(link)``, ``show_category(category or None)``,
    ``set_hand(colours)``, ``hint(tokens=None)``, ``relabel()``; and ``load``, ``save``. A page
    opened at an address holding a board (``#play=...``) opens that board here.
    Properties: ``board`` (a copy), ``breakdown``, ``message``, ``svg``, ``scene``, ``tool``,
    ``category``, ``hand``, ``hints`` (the advice shown, while it fits); ``scenario()`` gives the
    position as a Scenario.
    """

    def __init__(self, board=None, *, side: Side | str = "A", animals=(), spirit=None,
                 river: str = "shortest-path", display: Display | None = None,
                 hand=("blue", "brown", "green")):
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
        self._advice: list = []
        self._advice_at: tuple | None = None  # (position, hand) the hint was asked about

        self._message_box = w.HTML()
        self._palette = ClickableSVG(on_click=self.choose, layout=_NATURAL)
        self._show_palette()
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
        self._save = _button(self.download, icon="download")
        self._download = Download()
        self._upload = upload_button(self._uploaded, self._say)
        self._link = _button(self.make_link, icon="link")
        self._address = PageAddress(on_hash=self._page_link)
        self._score_heading = w.HTML()
        self._hand_label = w.HTML()
        # Each menu is named (its description), so that a screen reader can tell the three apart.
        self._hand = [w.Dropdown(layout=w.Layout(width="auto"), style={"description_width": "initial"})
                      for _ in range(3)]
        for box in self._hand:
            box.observe(lambda _change: self._syncing or self._hand_changed(), "value")
        self._hint = _button(self.hint, icon="lightbulb-o")
        self._hint_box = w.HTML()
        self._hand_values = self._as_hand(hand)  # a bad hand is a programming mistake here: it raises
        coach = w.HBox([self._hand_label, *self._hand, self._hint],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        tools = w.HBox([self._palette, self._cube_tool], layout=w.Layout(align_items="center"))
        edit = w.HBox([self._undo, self._redo, self._clear, self._side_label, self._side, self._river],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))
        files = w.HBox([self._save, self._upload, self._link, self._download])
        board_and_score = w.HBox([self._view, w.VBox([self._score_heading, table])])
        super().__init__([tools, edit, self._message_box, board_and_score, coach, self._hint_box, files,
                          self._address])
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
        self._upload.description = t("editor.upload")
        self._upload.tooltip = common("files.upload.tip")
        self._save.description = t("editor.save")
        self._save.tooltip = common("files.save.tip")
        self._link.description = t("editor.link")
        self._link.tooltip = t("editor.link.tooltip")
        self._address.copy_label = common("links.copy")
        self._address.box_label = common("links.box")
        self._hand_label.value = _label(t("editor.hint.hand"))
        self._hint.description = t("editor.hint")
        self._hint.tooltip = t("editor.hint.tooltip")
        for n, box in enumerate(self._hand, 1):
            box.description = t("editor.hint.token", n=n)
        self._show_hand()
        self._show_message()
        self._show_palette()
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

    @property
    def hand(self) -> tuple[str, ...]:
        """The colours of the tokens in hand the hint places (the menus' choices, none left out)."""
        return tuple(self._hand_values)

    @property
    def hints(self) -> list:
        """The advice of the last hint (``harmonies.advisor.Advice``), while board and hand are
        the ones it was asked about."""
        return self._advice if self._hint_fits() else []

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
        self._show_palette()
        self._view.show(self._scene, self._place_name)  # the cells' names say what the tool does
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
        """Load a scenario file (a path on this machine, or the file's JSON text); a bad file changes
        nothing."""
        text = str(source)
        self._replace(lambda: _as_scenario(source), t.lazy("editor.loaded") if text.lstrip().startswith("{")
                      else t.lazy("editor.loaded_file", file=text))

    def download(self) -> None:
        """Give the position to the browser as a scenario file to download, onto the learner's device."""
        self._download.offer(DOWNLOAD_NAME, self.scenario().dumps())
        self._say(note=lambda: common("files.downloaded", file=DOWNLOAD_NAME))

    def save(self, path: str | os.PathLike) -> Path | None:
        """Write the position as a scenario file at ``path`` on this machine (a Python call, never a
        control); returns the path, or None when it cannot be written."""
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

    def make_link(self, base: str = "") -> str:
        """The position as a link: the page shows its own address with the board in the fragment
        (``#play=...``), to copy; returns ``base`` with that fragment (no ``base``: the fragment)."""
        data = self.scenario().to_dict()
        self._address.fragment = pack(data)
        self._say(note=t.lazy("editor.link.made"))
        return address(base, data) if base else f"#{self._address.fragment}"

    def open_link(self, link: str) -> None:
        """Open the board a link holds (an address or its fragment); a broken link, or one that
        holds no Harmonies board, changes nothing and the message says why."""
        try:
            data = unpack(link)
        except LinkError as err:
            self._say(str(err))
            return
        self._replace(lambda: Scenario.from_dict(data), t.lazy("editor.link.opened"))

    def _page_link(self, fragment: str) -> None:
        # The page was opened at an address holding a link: a board of ours opens here; a game
        # (for a table in the same lesson) is left to it.
        try:
            data = unpack(fragment)
        except LinkError as err:
            self._say(str(err))
            return
        if data.get("game") == "harmonies":
            self.open_link(fragment)

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

    def set_hand(self, colours) -> None:
        """The tokens in hand for the hint: up to 3 colours (``["blue", "green"]`` or ``"blue green"``)."""
        try:
            hand = self._as_hand(colours)
        except ValueError as err:  # Colour.parse's own message, or too many tokens
            self._say(str(err))
            return
        self._hand_values = hand
        self._show_hand()
        self._say()
        self._refresh()

    def hint(self, tokens=None, top: int = 3) -> None:
        """Ask the coach where the tokens in hand (or ``tokens``, which become the hand) go best on
        this board; list its best turns with their reasons and draw the first on the board."""
        if tokens is not None:
            self.set_hand(tokens)
            if self.message:
                return
        hand = self.hand
        if not hand:
            self._say(t.lazy("editor.hint.no_tokens"))
            return
        try:
            game = game_from_position(self._state, hand)
        except HarmoniesError as err:  # no room on this board for these tokens: the engine says so
            self._advice = []
            self._say(str(err))
            self._refresh()
            return
        try:
            advice = advise(game, budget=HINT_BUDGET, seed=0, top=top)
        except Exception as err:  # a hint must never break the editor: say what went wrong
            logging.getLogger(__name__).exception("hint failed")
            problem = str(err)
            self._advice = []
            self._say(lambda: t("editor.hint.failed", problem=problem))
            self._refresh()
            return
        self._advice, self._advice_at = advice, self._hint_key()  # a fitting hand always has advice
        self._say()
        self._refresh()

    # -- internals ------------------------------------------------------------------------------
    @staticmethod
    def _as_hand(colours) -> list[str]:
        if isinstance(colours, str):
            colours = colours.replace(",", " ").split()
        hand = [str(Colour.parse(str(c))) for c in colours if str(c).strip()]
        if len(hand) > 3:
            raise ValueError(t("editor.hint.too_many", n=len(hand)))
        return hand

    def _show_hand(self) -> None:
        """The three menus: a colour each, or none, in the language in force."""
        options = [(t("editor.hint.no_token"), "")] + [(_colour(c), str(c)) for c in Colour]
        values = self._hand_values + [""] * (3 - len(self._hand_values))
        self._syncing = True
        for box, value in zip(self._hand, values, strict=True):
            box.options = options
            box.value = value
        self._syncing = False

    def _hand_changed(self) -> None:
        self._hand_values = [box.value for box in self._hand if box.value]
        self._say()
        self._refresh()

    def _hint_key(self) -> tuple:
        s = self._state
        return (s.board.side, tuple(s.board.codes), frozenset(s.board.cubes),
                tuple((c.id, k) for c, k in s.animals),
                None if s.spirit is None else (s.spirit[0].id, s.spirit[1]), s.river, self.hand)

    def _hint_fits(self) -> bool:
        return bool(self._advice) and self._advice_at == self._hint_key()

    def _hint_html(self) -> str:
        if not self._hint_fits():
            return ""
        lines = [t("editor.hint.title", tokens=_colours(self.hand)), t("editor.hint.assumed")]
        for rank, advice in enumerate(self._advice, 1):
            lines.append(t("editor.hint.item", rank=rank, moves=_moves(advice), gain=f"{advice.gain:+.1f}",
                           reason=advice.reason))
        lines.append(t("editor.hint.drawn"))
        return _hint_panel(lines)

    def _changed(self, before: Scenario, note: Said = "") -> None:
        self._history.save(before)
        self._say(note=note)
        self._refresh()

    def _show_palette(self) -> None:
        selected = None if self._tool == "cube" else self._tool
        self._palette.show(draw.palette_scene(selected=selected, display=self._display),
                           lambda key, tip: place_name(tip, t("editor.click.choose")))

    def _place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip, and what a click with the tool in hand would do."""
        if not key.startswith("cell:"):
            return tip  # a card under the board: there to read
        cell, board = key[5:], self._state.board
        if self._tool == "cube":
            action = t("editor.click.lift_cube" if board.has_cube(cell) else
                       "editor.click.cube" if board.stack(cell) else "editor.click.no_cube")
        elif board.can_place(cell, self._tool):
            action = t("editor.click.place", colour=_colour(self._tool))
        else:
            action = t("editor.click.refused", colour=_colour(self._tool))
        return place_name(tip, action)

    def _on_cube_tool(self, change) -> None:
        if not self._syncing:
            self.choose("cube" if change["new"] else self._last_colour)

    def _replace(self, read, note: Said) -> None:
        """The scenario ``read()`` returns becomes the position (undoable); a bad one changes nothing."""
        try:
            new = read()
        except ScenarioError as err:
            self._say(str(err))
            return
        before = self.scenario()
        self._state = new
        self._changed(before, note=note)

    def _uploaded(self, name: str, text: str) -> None:
        # the file's text itself, never taken for a path: Scenario.loads, not _as_scenario
        self._replace(lambda: Scenario.loads(text), t.lazy("editor.loaded_file", file=name))

    def _refresh(self) -> None:
        s = self._state
        self._breakdown = s.score()
        marks, ghosts = draw.advice_marks(self._advice[0]) if self._hint_fits() else ((), ())
        self._scene = draw.scenario_scene(s, highlight=self._category, display=self._display, marks=marks,
                                          ghosts=ghosts)
        self._hint_box.value = self._hint_html()
        self._view.show(self._scene, self._place_name)
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


def _moves(advice) -> str:
    """An advice's tokens and cubes in words, in the order they are played."""
    words = []
    for a in advice.actions:
        if isinstance(a, PlaceToken):
            words.append(t("editor.hint.move.token", colour=_colour(a.colour), cell=a.cell))
        elif isinstance(a, PlaceCube):
            words.append(t("editor.hint.move.cube", card=_card_title(a.card), cell=a.cell))
    return " → ".join(words)
