"""The board editor's model: a Harmonies board built by clicking, with no widget.

``EditorModel`` holds what the editor knows and decides: the position (a ``Scenario``: the board,
the cards, the river reading), the tool in hand, undo and redo, the score category outlined, the
tokens in hand for the hint and the coach's advice, the message in force, and what a click does.
The widget (``harmonies.widgets.BoardEditor``) only draws it and forwards clicks; a test or a
script drives the same model::

    editor = EditorModel()
    editor.choose("brown"); editor.click("c3")     # a token stacked by the engine's rules
    editor.message                                  # why the last request was refused ("" if none)
    editor.breakdown.trees, editor.scene()          # the score and the picture to show

Every request either works or leaves the position as it was and says why in ``message``; none
raises. Texts are kept as functions or lazy catalogue texts, so a change of language rewords them
when next read.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from tabletop import links
from tabletop.history import History
from tabletop.locale import t as common
from tabletop.scene import Scene, place_name
from tabletop.settings import Display
from tabletop.untrusted import shown

from . import draw, scoring
from .actions import PlaceCube, PlaceToken
from .advisor import DEFAULT_BUDGET, advise
from .board import Board, Side
from .cards import Card
from .cards import card as _card_lookup
from .errors import HarmoniesError, ScenarioError
from .inwords import Said, Says, card_title, cell_name, colour_title, colours_title
from .locale import t
from .positions import game_from_position
from .scenario import Scenario, as_scenario
from .tokens import Colour

#: The editor's tools: a token colour to stack, or the cube.
TOOLS = tuple(str(c) for c in Colour) + ("cube",)
#: Playouts behind a hint: the coach's default budget, which answers within a second.
HINT_BUDGET = DEFAULT_BUDGET
#: The name a downloaded board is offered under (the browser may add a number to keep earlier ones).
DOWNLOAD_NAME = "harmonies-board.json"


class EditorModel(Says):
    """A board being edited (see the module docstring); the arguments are the widget's."""

    def __init__(self, board=None, *, side: Side | str = "A", animals=(), spirit=None,
                 river: str = "shortest-path", display: Display | None = None,
                 hand=("blue", "brown", "green")):
        start = as_scenario(board, side)
        if board is None or isinstance(board, Board):
            start.animals = [(_card_lookup(c) if not isinstance(c, Card) else c, k) for c, k in animals]
            start.spirit = None if spirit is None else (
                _card_lookup(spirit[0]) if not isinstance(spirit[0], Card) else spirit[0], bool(spirit[1]))
            start.river = river
        start.score()  # the engine checks the cards (HarmoniesError)
        self.display = display
        self.state = start
        self.history: History[Scenario] = History()
        self.tool = "blue"
        self.last_colour = "blue"  # the colour the cube tool gives back
        self.category: str | None = None
        self._advice: list = []
        self._advice_at: tuple | None = None  # (position, hand) the hint was asked about
        self._hand = as_hand(hand)  # a bad hand is a programming mistake here: it raises
        self._update()

    # -- reading --------------------------------------------------------------------------------


    @property
    def board(self) -> Board:
        """A copy of the board being edited."""
        return self.state.board.copy()

    @property
    def breakdown(self) -> scoring.Breakdown:
        return self._breakdown

    @property
    def hand(self) -> tuple[str, ...]:
        """The colours of the tokens in hand the hint places."""
        return tuple(self._hand)

    @property
    def hints(self) -> list:
        """The advice of the last hint (``harmonies.advisor.Advice``), while board and hand are
        the ones it was asked about."""
        return self._advice if self._hint_fits() else []

    def scenario(self) -> Scenario:
        """The position as a ``harmonies.scenario.Scenario`` (an independent copy)."""
        s = self.state
        return Scenario(s.board.copy(), s.animals, s.spirit)

    def scene(self) -> Scene:
        """The board as drawn now: the category outlined, the first hint drawn."""
        marks, ghosts = draw.advice_marks(self._advice[0]) if self._hint_fits() else ((), ())
        return draw.scenario_scene(self.state, highlight=self.category, display=self.display, marks=marks,
                                   ghosts=ghosts)

    def palette_scene(self) -> Scene:
        return draw.palette_scene(selected=None if self.tool == "cube" else self.tool, display=self.display)

    def hint_lines(self) -> list[str]:
        """The hint in words: a title, what it assumes, one line per advised turn; [] when none."""
        if not self._hint_fits():
            return []
        lines = [t("editor.hint.title", tokens=colours_title(self.hand)), t("editor.hint.assumed")]
        for rank, advice in enumerate(self._advice, 1):
            lines.append(t("editor.hint.item", rank=rank, moves=_moves(advice), gain=f"{advice.gain:+.1f}",
                           reason=advice.reason))
        lines.append(t("editor.hint.drawn"))
        return lines

    def place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip, and what a click with the tool in hand would do."""
        if not key.startswith("cell:"):
            return tip  # a card under the board: there to read
        cell, board = key[5:], self.state.board
        if self.tool == "cube":
            action = t("editor.click.lift_cube" if board.has_cube(cell) else
                       "editor.click.cube" if board.stack(cell) else "editor.click.no_cube")
        elif board.can_place(cell, self.tool):
            action = t("editor.click.place", colour=colour_title(self.tool))
        else:
            action = t("editor.click.refused", colour=colour_title(self.tool))
        return place_name(tip, action)

    # -- requests -------------------------------------------------------------------------------
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
            self.last_colour = chosen
        self.tool = chosen
        self._say()

    def click(self, cell: str) -> None:
        """Apply the chosen tool to a cell (``"c3"`` or ``"cell:c3"``)."""
        name = cell_name(cell)
        board = self.state.board
        before = self.scenario()
        try:
            if self.tool == "cube":
                if board.has_cube(name):
                    board.unfreeze(name)  # the what-if editor may lift a cube again
                else:
                    board.freeze(name)
            else:
                board.place(name, self.tool)
        except HarmoniesError as err:
            self._say(str(err))
            return
        self._changed(before)

    def undo(self) -> None:
        self._go_to(self.history.undo(self.state), t.lazy("editor.nothing_to_undo"))

    def redo(self) -> None:
        self._go_to(self.history.redo(self.state), t.lazy("editor.nothing_to_redo"))

    def clear(self) -> None:
        """Empty the board (tokens and cubes); the cards and the river reading stay."""
        s = self.state
        if s.board == Board(s.board.side, s.river):
            self._say(note=t.lazy("editor.already_empty"))
            return
        before = self.scenario()
        self.state = Scenario(Board(s.board.side, s.river), s.animals, s.spirit)
        self._changed(before)

    def set_side(self, side: Side | str) -> None:
        """Start an empty board of the other side (undoable)."""
        try:
            new = Side(str(side).strip().upper())
        except ValueError:
            self._say(t.lazy("editor.not_a_side", side=shown(side)))
            return
        s = self.state
        if new is s.board.side:
            self._say()
            return
        before = self.scenario()
        self.state = Scenario(Board(new, s.river), s.animals, s.spirit)
        self._changed(before)

    def set_river(self, reading: str) -> None:
        """Score the river the rulebook's way (``"shortest-path"``) or ``"loops-full-length"``."""
        s = self.state
        board = s.board.copy()
        try:
            board.river = reading  # the board says which readings exist
        except HarmoniesError as err:
            self._say(str(err))
            return
        if reading == s.river:
            self._say()
            return
        before = self.scenario()
        self.state = Scenario(board, s.animals, s.spirit)
        self._changed(before)

    def load(self, source) -> None:
        """Load a scenario file (a path on this machine, or the file's JSON text); a bad file changes
        nothing."""
        text = str(source)
        self._replace(lambda: as_scenario(source), t.lazy("editor.loaded") if text.lstrip().startswith("{")
                      else t.lazy("editor.loaded_file", file=text))

    def upload(self, name: str, text: str) -> None:
        """A file the learner picked on their device: its text itself, never taken for a path."""
        self._replace(lambda: Scenario.loads(text), t.lazy("editor.loaded_file", file=name))

    def download(self) -> tuple[str, str]:
        """The position as a scenario file to give the browser: (its name, its text)."""
        self._say(note=lambda: common("files.downloaded", file=DOWNLOAD_NAME))
        return DOWNLOAD_NAME, self.scenario().dumps()

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

    def link(self) -> str:
        """The position as a link's fragment (``play=...``)."""
        self._say(note=t.lazy("editor.link.made"))
        return links.pack(self.scenario().to_dict())

    @staticmethod
    def claims(link: str) -> bool:
        """Whether a page address holds a link for the editor: a Harmonies board (or a broken link)."""
        return links.claims(link, lambda data: data.get("game") == "harmonies")

    def open_link(self, link: str) -> None:
        """Open the board a link holds (an address or its fragment); a broken link, or one that
        holds no Harmonies board, changes nothing and the message says why."""
        try:
            data = links.unpack(link)
        except links.LinkError as err:
            self._say(str(err))
            return
        self._replace(lambda: Scenario.from_dict(data), t.lazy("editor.link.opened"))

    def show_category(self, category: str | None) -> None:
        """Outline the items of one score category on the board (None: no outline)."""
        if category in (None, "", "none"):
            self.category = None
        else:
            try:
                self._breakdown.items_for(category)  # the engine names the categories
            except HarmoniesError as err:
                self._say(str(err))
                return
            self.category = category
        self._say()

    def set_hand(self, colours) -> None:
        """The tokens in hand for the hint: up to 3 colours (``["blue", "green"]`` or ``"blue green"``)."""
        try:
            self._hand = as_hand(colours)
        except ValueError as err:  # Colour.parse's own message, or too many tokens
            self._say(str(err))
            return
        self._say()

    def hint(self, tokens=None, top: int = 3) -> None:
        """Ask the coach where the tokens in hand (or ``tokens``, which become the hand) go best on
        this board (``hints``, ``hint_lines``; the first is drawn on the board)."""
        if tokens is not None:
            self.set_hand(tokens)
            if self.message:
                return
        if not self.hand:
            self._say(t.lazy("editor.hint.no_tokens"))
            return
        try:
            game = game_from_position(self.state, self.hand)
        except HarmoniesError as err:  # no room on this board for these tokens: the engine says so
            self._advice = []
            self._say(str(err))
            return
        try:
            advice = advise(game, budget=HINT_BUDGET, seed=0, top=top)
        except Exception as err:  # a hint must never break the editor: say what went wrong
            logging.getLogger(__name__).exception("hint failed")
            problem = str(err)
            self._advice = []
            self._say(lambda: t("editor.hint.failed", problem=problem))
            return
        self._advice, self._advice_at = advice, self._hint_key()  # a fitting hand always has advice
        self._say()

    # -- internals ------------------------------------------------------------------------------

    def _update(self) -> None:
        """The position changed: score it again."""
        self._breakdown = self.state.score()

    def _go_to(self, state: Scenario | None, nothing: Said) -> None:
        if state is None:
            self._say(nothing)
            return
        self.state = state
        self._update()
        self._say()

    def _changed(self, before: Scenario, note: Said = "") -> None:
        self.history.save(before)
        self._update()
        self._say(note=note)

    def _replace(self, read, note: Said) -> None:
        """The scenario ``read()`` returns becomes the position (undoable); a bad one changes nothing."""
        try:
            new = read()
        except ScenarioError as err:
            self._say(str(err))
            return
        before = self.scenario()
        self.state = new
        self._changed(before, note=note)

    def _hint_key(self) -> tuple:
        s = self.state
        return (s.board.side, tuple(s.board.codes), frozenset(s.board.cubes),
                tuple((c.id, k) for c, k in s.animals),
                None if s.spirit is None else (s.spirit[0].id, s.spirit[1]), s.river, self.hand)

    def _hint_fits(self) -> bool:
        return bool(self._advice) and self._advice_at == self._hint_key()


def as_hand(colours) -> list[str]:
    """Up to 3 token colours, from a list or from text (``"blue green"``); ValueError in words."""
    if isinstance(colours, str):
        colours = colours.replace(",", " ").split()
    hand = [str(Colour.parse(str(c))) for c in colours if str(c).strip()]
    if len(hand) > 3:
        raise ValueError(t("editor.hint.too_many", n=len(hand)))
    return hand


def _moves(advice) -> str:
    """An advice's tokens and cubes in words, in the order they are played."""
    said = []
    for a in advice.actions:
        if isinstance(a, PlaceToken):
            said.append(t("editor.hint.move.token", colour=colour_title(a.colour), cell=a.cell))
        elif isinstance(a, PlaceCube):
            said.append(t("editor.hint.move.cube", card=card_title(a.card), cell=a.cell))
    return " → ".join(said)


__all__ = ["EditorModel", "TOOLS", "HINT_BUDGET", "DOWNLOAD_NAME", "as_hand"]
