"""Azul widgets for a notebook: the wall sandbox, the game table and the what-if comparison.

Each widget is an ``ipywidgets.VBox`` (it shows itself as the last value of a cell) built from a
``ClickableSVG`` picture drawn by ``azul.draw`` and a few standard controls. Every interaction is a
public method, and the picture and the buttons only call those methods, so a test (or a notebook
cell) can drive a widget without a browser::

    box = WallSandbox()
    box.choose("Y"); box.click("line:1"); box.click("line:1")
    box.step()          # the tile of line 1 goes to the wall; box.explanation says how it scored

The rules stay in the engine: a widget asks ``Board``, ``Game``, ``Scenario`` and the ``tiling``
functions what is allowed and what it scores, and shows their answers. Something the rules forbid
leaves the state and the picture as they were and shows the engine's message in a warning area
(``.message``).

Every word a widget shows comes from the catalogue (``azul/locale``, keys ``widgets.*``) and
follows the language menu: ``relabel()`` puts labels, options, the status, the log, the titles of
the pictures and the message into the language in force. Option values stay English identifiers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from pathlib import Path

import ipywidgets as w

from tabletop import Display, Scene, i18n
from tabletop.clickable import ClickableSVG, Pictured
from tabletop.history import History
from tabletop.locale import t as common
from tabletop.localised import Localised, html

from . import draw
from .board import EMPTY, Board
from .errors import AzulError, ColourNotThere, IllegalMove, ScenarioError
from .figures import CATEGORIES, breakdown
from .game import OFFER, TILING, Game
from .locale import t
from .moves import CENTRE, FLOOR, Move, Place, Take, parse_move
from .policies import POLICIES
from .scenario import Scenario, TilingResult, check_supply
from .tiles import LETTERS, MARKER_LETTER, SIZE, WALL_KINDS, colour_of, colour_title
from .tiling import (
    EndBonus,
    FloorPenalty,
    Placement,
    Step,
    end_bonus,
    free_columns,
    game_ends,
    refusal,
    resolve_line,
    score_floor,
)

__all__ = ["WallSandbox", "AzulTable", "TilingCompare"]

TOOLS = (*LETTERS, "marker", "erase")


# --- small shared pieces -----------------------------------------------------------------------


class _Later:
    """Words put together each time they are read: a log line or a warning kept from before a
    change of language is shown in the new one. ``_Later(colour_title, 2)`` reads "red"."""

    __slots__ = ("_words", "_args")

    def __init__(self, words: Callable[..., str], *args) -> None:
        self._words, self._args = words, args

    def __str__(self) -> str:
        return self._words(*self._args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class _Worded(Pictured, Localised):
    """What the three widgets share to follow the language: controls whose words (a button's
    description and tooltip...) are catalogue texts, put into the language in force by
    ``_reword()``."""

    def _word(self, widget: w.DOMWidget, **texts: i18n.Text) -> w.DOMWidget:
        """``widget`` with ``texts`` (attribute name to text) shown now and after each change."""
        if not hasattr(self, "_words"):
            self._words: list[tuple[w.DOMWidget, dict]] = []
        self._words.append((widget, texts))
        return widget

    def _labelled(self, action: Callable[[], object], text: i18n.Text,
                  tip: i18n.Text | None = None) -> w.Button:
        """A button that does ``action``; its tooltip is ``tip`` or its label."""
        return self._word(_button(action), description=text, tooltip=tip or text)

    def _language_changed(self) -> None:
        # ipywidgets keeps every widget ever made alive, and each is told of every
        # set_language(): redraw only when the language really changed.
        if i18n.language() != self.lang:
            super()._language_changed()

    def _reword(self) -> None:
        for widget, texts in getattr(self, "_words", []):
            for name, text in texts.items():
                setattr(widget, name, str(text))


def _warning_html(text: object) -> str:
    """The friendly warning area: empty when all is well."""
    text = str(text)
    if not text:
        return ""
    return html(f"&#9888; {escape(text)}", style="background:#fff4e5;border-left:4px solid #e69f00;"
                "padding:6px 10px;border-radius:4px;color:#4a3200")


def _lines_html(text: str) -> str:
    """Plain text, one line per line, in an element carrying the language."""
    return html("<br>".join(escape(line) for line in text.split("\n")))


def _wall_words(kind: str) -> str:
    """The kind of wall in prose (the files say ``"colored"``)."""
    return t("widgets.wall.gray") if kind == "gray" else t("widgets.wall.colored")


def _seat_title(seat: str) -> str:
    """A seat ("human" or a policy) as a learner reads it; a test checks every seat's key."""
    return t(f"widgets.seat.{seat}")


def _listed(words: Iterable[object]) -> str:
    """``a, b, c``: a plain list (no "and"), with the language's separator."""
    return common("list.separator").join(str(word) for word in words)


def _parse_key(key: str) -> tuple[int | None, str, tuple[int, ...]]:
    """A key of the drawings (see ``azul.draw``) as (player or None, kind, numbers):
    ``"player:1:line:3"`` gives ``(1, "line", (3,))``, ``"wall:2,4"`` gives ``(None, "wall", (2,
    4))``, ``"factory:3:B"`` gives ``(None, "factory", (3, 0))`` (a colour letter becomes its
    number), ``"centre"`` gives ``(None, "centre", ())``. Raises ``ValueError`` for anything the
    drawings never make."""
    player = None
    if key.startswith("player:"):
        _, number, key = key.split(":", 2)
        player = int(number)
    kind, _, rest = key.partition(":")
    parts = rest.replace(",", ":").split(":") if rest else []
    if kind in ("line", "column", "wall"):
        numbers = tuple(int(x) for x in parts)
        if len(numbers) != (2 if kind == "wall" else 1) or not all(0 <= n < SIZE
                                                                    for n in numbers):
            raise ValueError(key)
        return player, kind, numbers
    if kind == "floor" and not parts:
        return player, kind, ()
    if kind == "colour" and len(parts) == 1:
        return player, kind, (colour_of(parts[0]),)
    if kind == "centre" and len(parts) <= 1:
        return player, kind, tuple(colour_of(x) for x in parts)
    if kind == "factory" and 1 <= len(parts) <= 2:
        return player, kind, (int(parts[0]), *(colour_of(x) for x in parts[1:]))
    raise ValueError(key)


def _beside(scenes: Sequence[Scene], *, keys: Sequence[bool] | None = None) -> Scene:
    """Scenes side by side on their own backgrounds; ``keys[i]`` False drops the click keys of
    scene ``i`` (a picture of what happened, next to the one to click)."""
    gap = 12.0
    width = sum(s.width for s in scenes) + gap * (len(scenes) - 1)
    out = Scene(width, max(s.height for s in scenes), background=draw.TABLE_FILL,
                title=scenes[0].title)
    x = 0.0
    for i, scene in enumerate(scenes):
        part = Scene(scene.width, scene.height)
        part.rect(0, 0, scene.width, scene.height, fill=scene.background)
        part.place(scene, 0, 0)
        if keys is not None and not keys[i]:
            part.shapes = [type(s)(**{**s.__dict__, "key": ""}) for s in part.shapes]
        out.place(part, x, 0)
        x += scene.width + gap
    return out


def _scenario_from(value) -> Scenario:
    """A scenario from a ``Scenario``, a ``Board`` (its wall kind guessed from its tiles), a dict,
    the text of a scenario file, or a path to one. Raises ``ScenarioError`` when it is not valid."""
    if isinstance(value, Scenario):
        return value
    if isinstance(value, Board):
        return Scenario([value.copy()], "gray" if draw.looks_gray(value) else "colored")
    if isinstance(value, dict):
        return Scenario.from_dict(value)
    if isinstance(value, str) and value.lstrip().startswith("{"):
        return Scenario.from_json(value)
    if isinstance(value, str | Path):
        return Scenario.load(value)
    raise TypeError(f"expected a Scenario, a Board, a dict, scenario text or a path, not "
                    f"{type(value).__name__}")


def _button(action: Callable[[], object]) -> w.Button:
    """A button without words yet (``_Worded._word`` gives them)."""
    button = w.Button(layout=w.Layout(width="auto"))
    button.on_click(lambda _b: action())
    return button


# --- the wall sandbox ----------------------------------------------------------------------------


class WallSandbox(_Worded, w.VBox):
    """One player's board to set up by clicking, then its wall tiling run one step at a time.

    Editing: ``choose(tool)`` picks a colour letter (``B Y R K W``), ``"marker"`` (the
    first-player marker, for the floor) or ``"erase"``; ``click(key)`` uses it on ``"line:I"``
    (one tile more, or one less with erase), ``"wall:R,C"`` (toggles a tile: on the coloured wall
    only the colour printed there, on the gray wall the chosen colour) or ``"floor"``;
    ``set_score(n)`` and ``set_wall("colored" | "gray")``. The board's own rules refuse what a
    real board cannot hold.

    Running: ``step()`` makes the next step of the engine's tiling (each placement with its runs
    and points, then the floor penalty and the clamp at 0, then the end bonus if the game would
    end), ``run_all()``, ``back()`` and ``reset()`` (back to editing). On the gray wall the column
    of each complete line is chosen by clicking ``"column:C"`` or ``"wall:R,C"``; the choices are
    remembered (and saved) until the position changes.

    ``load(path_or_text)``, ``save(path)`` and ``to_scenario()`` use the scenario format of
    ``docs/azul.md``.
    """

    def __init__(self, board: Board | None = None, *, wall: str = "colored", score: int = 0,
                 display: Display | None = None) -> None:
        if wall not in WALL_KINDS:
            raise ValueError(t("widgets.sandbox.unknown_wall", wall=repr(wall)))
        self.display = display
        self._wall = wall
        start = board.copy() if board is not None else Board()
        if score:
            start.score = score
        self._start = self._checked(start.to_dict())  # raises ScenarioError when not valid
        self._tool = LETTERS[0]
        self._columns: list[int | None] = [None] * SIZE
        self._running = False
        self._steps: list[Step] = []
        self._after: list[Board] = []  # the board after each step
        self._message = ""
        self._syncing = False
        self._build_view()
        self._localise()
        self.relabel()

    # --- what the widget shows ------------------------------------------------------------------

    @property
    def message(self) -> str:
        """The warning of the last action ("" when it worked)."""
        return str(self._message)

    @property
    def steps(self) -> list[Step]:
        """The tiling steps made so far (engine ``Placement``, ``ToFloor``, ``FloorPenalty`` and
        ``EndBonus`` objects)."""
        return list(self._steps)

    @property
    def board(self) -> Board:
        """A copy of the board shown: the position being edited, or the board after the steps."""
        return self._current().copy()

    @property
    def tool(self) -> str:
        return self._tool

    @property
    def wall(self) -> str:
        return self._wall

    @property
    def gray(self) -> bool:
        return self._wall == "gray"

    @property
    def running(self) -> bool:
        """Whether the tiling is being run (editing waits for ``reset()``)."""
        return self._running

    @property
    def finished(self) -> bool:
        """Whether the tiling phase has no step left."""
        return self._running and self._next_kind(self._current()) is None

    @property
    def waiting(self) -> int | None:
        """Gray wall: the pattern line whose column must be clicked before the next step can be
        made (``step()`` will not guess it), or None."""
        return self._choice_line(self._current())

    @property
    def explanation(self) -> str:
        """The text of the current step (or what to do next)."""
        if not self._running:
            if self._tool == "marker":
                tool = t("widgets.sandbox.tool.marker")
            elif self._tool == "erase":
                tool = t("widgets.sandbox.tool.erase")
            else:
                tool = colour_title(self._tool)
            return t("widgets.sandbox.editing", wall=_wall_words(self._wall), tool=tool)
        lines = [" ".join(text.split()) for text in draw.step_caption(self._steps[-1])] \
            if self._steps else [t("widgets.sandbox.before")]
        board = self._current()
        prompt = self._prompt(board)
        if prompt:
            lines.append(prompt)
        elif self._next_kind(board) is None and not any(isinstance(s, EndBonus)
                                                         for s in self._steps):
            lines.append(t("widgets.sandbox.game_goes_on"))
        return "\n".join(lines)

    def scene(self) -> Scene:
        """The picture shown now, as a scene (``.save("x.png")`` for a handout)."""
        d = self.display
        if not self._running:
            title = t("widgets.sandbox.title.editing", wall=_wall_words(self._wall))
            return draw.board_scene(self._start, gray=self.gray, title=title, display=d)
        board = self._current()
        line = self._choice_line(board)
        waiting = None
        if line is not None:
            colour = board.line_colour[line]
            free = free_columns(board, line, colour, True)
            waiting = draw.board_scene(
                board, gray=True, display=d,
                title=t("widgets.sandbox.title.choose_column", line=line,
                        colour=colour_title(colour)),
                highlight=[f"line:{line}", *(f"wall:{line},{c}" for c in free)])
        if not self._steps:
            return waiting or draw.board_scene(board, gray=self.gray, display=d,
                                               title=t("widgets.sandbox.title.before"))
        done = draw.tiling_scenes(self._start, self._steps, gray=self.gray, display=d,
                                  title=t("widgets.sandbox.title.step", step=len(self._steps)))[-1]
        return _beside([done, waiting], keys=[False, True]) if waiting else done

    # --- editing -------------------------------------------------------------------------------

    def choose(self, tool: str) -> None:
        """Pick the tool: a colour (letter or name), ``"marker"`` or ``"erase"``."""
        word = str(tool).strip().lower()
        if word in ("marker", "erase"):
            self._tool = word
        else:
            try:
                self._tool = LETTERS[colour_of(word)]
            except ValueError as e:
                self._refuse(t.lazy("widgets.sandbox.unknown_tool", problem=str(e)))
                return
        self._message = ""
        self._refresh()

    def click(self, key: str) -> None:
        """What a click on the picture does (``"line:2"``, ``"wall:1,3"``, ``"floor"``,
        ``"column:4"``)."""
        try:
            _, kind, args = _parse_key(key)
        except ValueError:  # a key the drawing never makes
            self._refuse(t.lazy("widgets.sandbox.not_a_place", key=repr(key)))
            return
        if kind == "colour":
            self.choose(LETTERS[args[0]])
        elif kind == "column":
            self._choose_column(None, args[0])
        elif kind == "wall" and self._running:
            self._choose_column(*args)
        elif kind in ("factory", "centre"):
            self._refuse(t.lazy("widgets.sandbox.not_a_place", key=repr(key)))
        elif self._running:
            self._refuse(t.lazy("widgets.sandbox.running"))
        elif kind == "line":
            self._edit_line(*args)
        elif kind == "wall":
            self._edit_wall(*args)
        else:
            self._edit_floor()

    def set_score(self, score: int) -> None:
        """The score before the tiling."""
        if self._editable():
            self._edit(lambda data: data.update(score=score), keep_choices=True)

    def set_wall(self, wall: str) -> None:
        """The coloured (``"colored"``) or the ``"gray"`` wall; the tiles on the wall must fit."""
        if not self._editable():
            return
        if wall not in WALL_KINDS:
            self._refuse(t.lazy("widgets.sandbox.unknown_wall", wall=repr(wall)))
            return
        try:
            board = self._checked(self._start.to_dict(), wall)
        except ScenarioError as e:
            self._refuse(t.lazy("widgets.sandbox.wall_does_not_fit", wall=_Later(_wall_words, wall),
                                problem=e.message))
            return
        self._wall = wall
        self._columns = [None] * SIZE
        self._commit(board)

    def _editable(self) -> bool:
        if self._running:
            self._refuse(t.lazy("widgets.sandbox.running"))
        return not self._running

    def _edit_line(self, line: int) -> None:
        board = self._start
        if self._tool == "marker":
            self._refuse(t.lazy("widgets.sandbox.marker_not_on_line"))
        elif self._tool == "erase":
            if not board.line_count[line]:
                self._refuse(t.lazy("widgets.sandbox.line_empty", line=line))
            else:
                self._edit(lambda d: d["pattern_lines"].__setitem__(
                    line, d["pattern_lines"][line][1:]))
        else:
            colour = LETTERS.index(self._tool)
            problem = board.refusal(colour, line)  # full, another colour, or its wall row has it
            if problem is not None:
                self._refuse(str(problem))
            else:
                self._edit(lambda d: d["pattern_lines"].__setitem__(
                    line, d["pattern_lines"][line] + self._tool))

    def _edit_wall(self, row: int, column: int) -> None:
        held = self._start.colour_at(row, column) != EMPTY

        def put(letter: str):
            def change(data):
                text = data["wall"][row]
                data["wall"][row] = text[:column] + letter + text[column + 1:]
            return change

        if held:
            self._edit(put("."))
        elif self._tool == "erase":
            self._refuse(t.lazy("widgets.sandbox.cell_empty", row=row, column=column))
        elif self._tool == "marker":
            self._refuse(t.lazy("widgets.sandbox.marker_not_on_wall"))
        else:  # the board's file rules say what the cell may hold (printed colour, no repeats)
            self._edit(put(self._tool))

    def _edit_floor(self) -> None:
        if self._tool == "erase":
            if not self._start.floor:
                self._refuse(t.lazy("widgets.sandbox.floor_empty"))
            else:
                self._edit(lambda d: d.update(floor=d["floor"][:-1]))
        else:
            letter = MARKER_LETTER if self._tool == "marker" else self._tool
            self._edit(lambda d: d.update(floor=d["floor"] + letter))

    def _checked(self, data: dict, wall: str | None = None) -> Board:
        """The board a file would hold with ``data``, checked by the engine's file rules (and the
        box's 20 tiles of a colour); raises ``ScenarioError``."""
        board = Board.from_dict(data, (wall or self._wall) == "gray", "board")
        check_supply([board])
        return board

    def _edit(self, change: Callable[[dict], object], keep_choices: bool = False) -> None:
        data = self._start.to_dict()
        change(data)
        try:
            board = self._checked(data)
        except ScenarioError as e:
            self._refuse(e.message)
            return
        if not keep_choices:  # earlier gray choices may not fit the new position
            self._columns = [None] * SIZE
        self._commit(board)

    def _commit(self, board: Board) -> None:
        self._start = board
        self._message = ""
        self._refresh()

    # --- running the tiling ------------------------------------------------------------------------

    def step(self) -> Step | None:
        """Make the next step of the tiling; returns it (``None`` when nothing happened)."""
        self._running = True
        made = self._advance()
        self._refresh()
        return made

    def run_all(self) -> list[Step]:
        """Make every remaining step (on the gray wall, up to a column not chosen yet)."""
        self._running = True
        made = []
        while (step := self._advance()) is not None:
            made.append(step)
        if made and self.finished:
            self._message = ""
        self._refresh()
        return made

    def back(self) -> None:
        """Take the last step back (a gray-wall column chosen for it is forgotten)."""
        if not self._steps:
            self._refuse(t.lazy("widgets.sandbox.no_step_back"))
            return
        undone = self._steps.pop()
        self._after.pop()
        if self.gray and isinstance(undone, Placement):
            self._columns[undone.line] = None
        self._message = ""
        self._refresh()

    def reset(self) -> None:
        """Back to the position before the tiling, to edit it."""
        self._running = False
        self._steps, self._after = [], []
        self._message = ""
        self._refresh()

    def _current(self) -> Board:
        return self._after[-1] if self._after else self._start

    def _next_kind(self, board: Board) -> str | None:
        """What the next step of the engine's tiling is: a "line", the "floor", the "bonus" (the
        game would end), or None when the phase is over."""
        if board.next_complete_line() is not None:
            return "line"
        if not any(isinstance(s, FloorPenalty) for s in self._steps):
            return "floor"
        if not any(isinstance(s, EndBonus) for s in self._steps) and game_ends([board],
                                                                                self.gray):
            return "bonus"
        return None

    def _choice_line(self, board: Board) -> int | None:
        """Gray wall: the line next to tile when it waits for a column (none chosen yet)."""
        if not self.gray:
            return None
        line = board.next_complete_line()
        if line is None or self._columns[line] is not None:
            return None
        return line if free_columns(board, line, board.line_colour[line], True) else None

    def _prompt(self, board: Board) -> str:
        line = self._choice_line(board)
        if line is not None:
            return t("widgets.sandbox.choose_column", problem=refusal(board, line, None, True),
                     row=line)
        line = board.next_complete_line()
        if self.gray and line is not None and self._columns[line] is not None:
            return t("widgets.sandbox.chosen_before", line=line, column=self._columns[line])
        return ""

    def _advance(self, column: int | None = None) -> Step | None:
        """One step of the engine's tiling on a copy of the board; an illegal column choice
        shows the engine's message and changes nothing."""
        board = self._current().copy()
        lid = [0] * len(LETTERS)
        kind = self._next_kind(board)
        if kind is None:
            self._refuse(t.lazy("widgets.sandbox.tiling_over"))
            return None
        if kind == "line":
            line = board.next_complete_line()
            if column is None:
                column = self._columns[line] if self.gray else \
                    free_columns(board, line, board.line_colour[line], False)[0]
            try:
                step = resolve_line(board, 0, line, column, self.gray, lid)
            except IllegalMove as e:
                self._refuse(str(e))
                return None
            if self.gray:
                self._columns[line] = column if isinstance(step, Placement) else None
        elif kind == "floor":
            step = score_floor(board, 0, lid)
            board.refresh()
        else:
            step = end_bonus(board, 0)
        self._steps.append(step)
        self._after.append(board)
        self._message = ""
        return step

    def _choose_column(self, row: int | None, column: int) -> None:
        if not self.gray:
            self._refuse(t.lazy("widgets.sandbox.no_column_to_choose"))
            return
        board = self._current() if self._running else self._start
        line = board.next_complete_line()
        if line is None:
            self._refuse(t.lazy("widgets.sandbox.nothing_waits"))
        elif row is not None and row != line:
            self._refuse(t.lazy("widgets.sandbox.wrong_row", line=line, row=row))
        else:
            was_running, self._running = self._running, True
            if self._advance(column) is None:
                self._running = was_running  # refused: nothing changes
            else:
                self._refresh()

    # --- files ---------------------------------------------------------------------------------

    def to_scenario(self) -> Scenario:
        """The position being edited (with the gray-wall columns chosen) as a scenario."""
        return Scenario([self._start.copy()], self._wall, [self._columns[:]])

    def load(self, source, player: int = 0) -> None:
        """Load a scenario (a path, the file's text, a dict or a ``Scenario``); its player
        ``player`` becomes the position to edit."""
        try:
            scenario = _scenario_from(source)
        except ScenarioError as e:
            self._refuse(str(e))
            return
        if not 0 <= player < len(scenario.boards):
            self._refuse(t.lazy("widgets.sandbox.no_such_player", last=len(scenario.boards) - 1,
                                player=player))
            return
        self._wall = scenario.wall
        self._start = scenario.boards[player].copy()
        self._columns = list(scenario.gray_columns[player])
        self.reset()

    def save(self, path: str | Path) -> Path | None:
        """Write the position as a scenario file; one the format would refuse (a gray-wall line
        whose column is not chosen yet) is not written and the message says why."""
        text = self.to_scenario().to_json(indent=2)
        try:
            Scenario.from_json(text)
        except ScenarioError as e:
            self._refuse(t.lazy("widgets.sandbox.not_saved", problem=str(e)))
            return None
        path = Path(path)
        try:
            path.write_text(text + "\n", encoding="utf-8")
        except OSError as e:
            self._refuse(t.lazy("widgets.sandbox.cannot_write", path=repr(str(path)),
                                problem=e.strerror or str(e)))
            return None
        self._message = ""
        self._show_message()
        return path

    # --- the view ------------------------------------------------------------------------------

    def _refuse(self, text: str) -> None:
        self._message = text
        self._sync_controls()  # a refused change typed in a control springs back
        self._show_message()

    def _show_message(self) -> None:
        self._warning.value = _warning_html(self._message)

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            self._tools.value = self._tool
            self._walls.value = self._wall
            self._score.value = self._start.score
        finally:
            self._syncing = False

    def _build_view(self) -> None:
        self._view = ClickableSVG(on_click=self.click)
        # The option values stay the English identifiers; relabel() puts in the words.
        self._tools = w.ToggleButtons(options=list(TOOLS), value=self._tool,
                                      style={"button_width": "auto"})  # words differ in length by language
        self._tools.observe(lambda ch: self._syncing or self.choose(ch["new"]), "value")
        self._walls = w.ToggleButtons(options=list(WALL_KINDS), value=self._wall)
        self._walls.observe(lambda ch: self._syncing or self.set_wall(ch["new"]), "value")
        self._word(self._walls, description=t.lazy("widgets.sandbox.label.wall"))
        self._score = w.IntText(value=self._start.score, layout=w.Layout(width="160px"))
        self._score.observe(lambda ch: self._syncing or self.set_score(ch["new"]), "value")
        self._word(self._score, description=t.lazy("widgets.sandbox.label.score"))
        self._text = w.HTML()
        self._warning = w.HTML()
        self._file = w.Text(placeholder="scenario.json", layout=w.Layout(width="320px"))
        self._word(self._file, description=t.lazy("widgets.sandbox.label.file"))
        buttons = w.HBox([self._labelled(self.step, t.lazy("widgets.sandbox.button.step")),
                          self._labelled(self.run_all, t.lazy("widgets.sandbox.button.run_all")),
                          self._labelled(self.back, t.lazy("widgets.sandbox.button.back")),
                          self._labelled(self.reset, t.lazy("widgets.sandbox.button.reset"))])
        files = w.HBox([self._file,
                        self._labelled(lambda: self.load(self._file.value),
                                       t.lazy("widgets.sandbox.button.load")),
                        self._labelled(lambda: self.save(self._file.value),
                                       t.lazy("widgets.sandbox.button.save"))])
        super().__init__([self._tools, w.HBox([self._walls, self._score]), self._view, buttons,
                          self._text, self._warning, files])
        self.add_class("azul-wall-sandbox")  # a stable handle for browser tests and styling

    def relabel(self) -> None:
        """Every label, option, title and message in the language in force, then redraw."""
        self._reword()
        self._syncing = True  # new options select their first one: not a choice of the learner
        try:
            tools = [colour_title(letter) for letter in LETTERS]
            tools += [t("widgets.sandbox.tool_button.marker"),
                      t("widgets.sandbox.tool_button.erase")]
            self._tools.options = list(zip(tools, TOOLS, strict=True))
            walls = {"colored": t("widgets.sandbox.wall_button.colored"),
                     "gray": t("widgets.sandbox.wall_button.gray")}
            self._walls.options = [(walls[kind], kind) for kind in WALL_KINDS]
        finally:
            self._syncing = False
        self._refresh()  # puts the chosen tool and wall back

    def _refresh(self) -> None:
        self._sync_controls()
        self._view.svg = self.scene().to_svg()
        self._text.value = _lines_html(self.explanation)
        self._show_message()


# --- the game table ------------------------------------------------------------------------------


SEATS = ("human", *POLICIES)


class AzulTable(_Worded, w.VBox):
    """A game for 2 to 4 players at one screen; each seat is ``"human"`` or a computer policy
    (``"greedy"``, ``"random"``).

    A human plays by clicking: ``click("factory:N:L")`` or ``click("centre:L")`` selects the tiles
    of colour letter L, then ``click("line:I")`` or ``click("floor")`` puts them on the current
    player's board (keys of the drawing, with or without their ``player:P:`` prefix). In a
    gray-wall tiling, ``click("column:C")`` or ``click("wall:R,C")`` places the tile of the line
    to tile. ``act(text)`` plays a move written as text. After a human move the computer seats
    answer at once unless ``auto`` is False; ``step()`` lets the current computer seat play one
    move, ``run_opponents()`` plays them until a human must move. ``undo()`` and ``redo()`` go
    back and forth through the actions; ``log`` tells the game in words.
    """

    def __init__(self, players: int = 2, *, seats: Sequence[str] | None = None,
                 wall: str = "colored", seed: int | str | None = None,
                 display: Display | None = None, auto: bool = True) -> None:
        seats = list(seats) if seats is not None else ["human"] + ["greedy"] * (players - 1)
        if len(seats) != players:
            raise ValueError(t("widgets.table.seat_count", players=players, seats=len(seats)))
        for seat in seats:
            if seat not in SEATS:
                raise ValueError(t("widgets.table.unknown_seat", seats=i18n.join_or(SEATS),
                                   seat=repr(seat)))
        self._game = Game(players, seed=seed, wall=wall)
        self._seats = seats
        self._policies = {p: POLICIES[seat](f"{self._game.seed}:{p}")
                          for p, seat in enumerate(seats) if seat != "human"}
        self.display = display
        self._auto_value = auto
        self._selected: tuple[int, int] | None = None
        self._message = ""
        # Log lines are put into words when read, so the whole log follows the language.
        self._log: list[object] = [_Later(_start_line, tuple(seats), wall, self._game.seed),
                                   self._round_line()]
        self._history: History[tuple[Game, list[object]]] = History()
        self._build_view()
        self._localise()
        self.relabel()

    # --- what the widget shows -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's game (read it; play through ``act`` or ``click`` so the log and undo
        follow)."""
        return self._game

    @property
    def auto(self) -> bool:
        """Whether the computer seats answer a human move at once."""
        return self._auto_value

    @auto.setter
    def auto(self, value: bool) -> None:
        self._auto_value = bool(value)
        self._auto.value = self._auto_value

    @property
    def seats(self) -> list[str]:
        return list(self._seats)

    @property
    def log(self) -> list[str]:
        return [str(line) for line in self._log]

    @property
    def message(self) -> str:
        return str(self._message)

    @property
    def selected(self) -> str | None:
        """The tiles selected, e.g. ``"factory 3: blue"``, or None."""
        if self._selected is None:
            return None
        source, colour = self._selected
        if source == CENTRE:
            return t("widgets.table.selected.centre", colour=colour_title(colour))
        return t("widgets.table.selected.factory", factory=source, colour=colour_title(colour))

    def destinations(self) -> list[str]:
        """Where the selected tiles may go (the engine's legal moves), e.g. ``["line 1",
        "floor"]``; in a gray-wall tiling, the columns the tile may take. These are the words of
        the move grammar (``-> line 1``), in English; the status line says them in the language."""
        return [("floor" if n == FLOOR else f"{kind} {n}") for kind, n in self._destinations()]

    def _destinations(self) -> list[tuple[str, int]]:
        """Where the selected tiles (or the tile to place) may go: ("line", 1), ("floor", FLOOR),
        ("column", 3)."""
        game = self._game
        if self._selected is not None:
            source, colour = self._selected
            return [("floor" if m.line == FLOOR else "line", m.line) for m in game.legal_moves()
                    if m.source == source and m.colour == colour]
        if game.phase == TILING:
            return [("floor" if m.column == FLOOR else "column", m.column)
                    for m in game.legal_moves()]
        return []

    def scene(self) -> Scene:
        """The table as drawn now, the selected tiles ringed; in a gray-wall tiling the cells
        the tile may take (the engine's legal moves) are ringed for a human seat."""
        game = self._game
        marks = []
        p = game.current
        if self._selected is not None:
            source, colour = self._selected
            marks.append(f"centre:{LETTERS[colour]}" if source == CENTRE else
                         f"factory:{source}:{LETTERS[colour]}")
        elif game.phase == TILING and self._is_human(p):
            marks += [f"player:{p}:wall:{m.line},{m.column}" if m.column != FLOOR
                      else f"player:{p}:floor" for m in game.legal_moves()]
        return draw.game_scene(game, highlight=marks, display=self.display)

    # --- human actions -------------------------------------------------------------------------

    def click(self, key: str) -> None:
        """What a click on the table does."""
        try:
            player, kind, args = _parse_key(key)
        except ValueError:  # a key the drawing never makes
            self._refuse(t.lazy("widgets.table.not_a_place", key=repr(key)))
            return
        if kind == "factory" and len(args) == 2:
            self._select(*args)
        elif kind == "factory":
            self._whole_source(args[0])
        elif kind == "centre" and args:
            self._select(CENTRE, args[0])
        elif kind == "centre":
            self._whole_source(CENTRE)
        elif kind == "colour":
            self._refuse(t.lazy("widgets.table.not_a_place", key=repr(key)))
        else:
            self._board_click(player, kind, args)

    def act(self, text: str) -> None:
        """Play a move written as text (``"factory 3: blue -> line 2"``, ``"line 1: yellow ->
        column 4"``) for the player to move."""
        try:
            self._human_move(text)
        except AzulError as e:
            self._refuse(str(e))

    def step(self) -> None:
        """The computer seat to move plays one move."""
        if self._blocked_for_computer():
            return
        self._save()
        self._play_computer()
        self._done()

    def run_opponents(self) -> None:
        """Computer seats play until a human must move or the game ends."""
        if self._blocked_for_computer():
            return
        self._save()
        self._answer()
        self._done()

    def undo(self) -> None:
        """Back to before the last action (a human move with the answers it got, a step...)."""
        self._go_to(self._history.undo((self._game, self._log)), t.lazy("widgets.table.nothing_to_undo"))

    def redo(self) -> None:
        self._go_to(self._history.redo((self._game, self._log)), t.lazy("widgets.table.nothing_to_redo"))

    def _go_to(self, state: tuple[Game, list[object]] | None, nothing) -> None:
        if state is None:
            self._refuse(nothing)
            return
        self._game, self._log = state
        self._selected = None
        self._message = ""
        self._refresh()

    def _select(self, source: int, colour: int) -> None:
        if not self._is_human(self._game.current):
            self._refuse(self._computer_turn())
            return
        if self._selected == (source, colour):  # a second click puts the tiles back
            self._selected = None
            self._message = ""
            self._refresh()
            return
        probe = self._game.copy()  # the engine says whether these tiles can be taken now
        try:
            probe.play(Take(source, colour, FLOOR))
        except AzulError as e:
            self._refuse(str(e))
            return
        self._selected = (source, colour)
        self._message = ""
        self._refresh()

    def _whole_source(self, source: int) -> None:
        """A click on a factory or the centre itself, not on its tiles: say why nothing is
        taken (the engine's reason when there is nothing to take)."""
        if not self._is_human(self._game.current):
            self._refuse(self._computer_turn())
            return
        try:
            self._game.copy().play(Take(source, 0, FLOOR))
        except AzulError as e:
            counts = self._game.sources[source] if isinstance(e, ColourNotThere) else [0]
            if not any(counts):
                self._refuse(str(e))
                return
        held = [_Later(colour_title, c) for c, n in enumerate(self._game.sources[source]) if n]
        self._refuse(t.lazy("widgets.table.source_holds", source=_place("source", source),
                            colours=_Later(i18n.join_and, held)))

    def _board_click(self, player: int | None, kind: str, args: tuple[int, ...]) -> None:
        game = self._game
        if game.over:
            self._refuse(t.lazy("widgets.table.game_over"))
            return
        p = game.current
        if player is not None and player != p:
            self._refuse(t.lazy("widgets.table.not_your_board", player=player, current=p))
            return
        if not self._is_human(p):
            self._refuse(self._computer_turn())
            return
        if game.phase == TILING:
            board = game.boards[p]
            line = board.next_complete_line()
            colour = board.line_colour[line]
            if kind == "column":
                move = Place(line, colour, args[0])
            elif kind == "wall":
                move = Place(args[0], colour, args[1])
            elif kind == "floor":
                move = Place(line, colour, FLOOR)
            else:
                self._refuse(t.lazy("widgets.table.tiling_not_offer", line=line))
                return
        else:
            if kind in ("column", "wall"):
                self._refuse(t.lazy("widgets.table.offer_not_tiling"))
                return
            if self._selected is None:
                self._refuse(t.lazy("widgets.table.choose_tiles_first"))
                return
            source, colour = self._selected
            move = Take(source, colour, FLOOR if kind == "floor" else args[0])
        try:
            self._human_move(move)
        except AzulError as e:
            self._refuse(str(e))

    # --- playing -------------------------------------------------------------------------------

    def _is_human(self, player: int) -> bool:
        return self._seats[player] == "human"

    def _computer_turn(self) -> i18n.Text:
        p = self._game.current
        return t.lazy("widgets.table.computer_turn", player=p,
                      seat=_Later(_seat_title, self._seats[p]))

    def _blocked_for_computer(self) -> bool:
        game = self._game
        if game.over:
            self._refuse(t.lazy("widgets.table.game_over"))
            return True
        if self._is_human(game.current):
            self._refuse(t.lazy("widgets.table.human_turn", player=game.current))
            return True
        return False

    def _human_move(self, move: Move | str) -> None:
        """Play a move for the player to move; an illegal one raises and changes nothing."""
        saved = (self._game.copy(), list(self._log))
        self._play(move)  # raises before anything changes when illegal
        self._history.save(saved)
        if self.auto:
            self._answer()
        self._done()

    def _answer(self) -> None:
        game = self._game
        for _ in range(10_000):  # a guard: a game has far fewer moves
            if game.over or self._is_human(game.current):
                return
            self._play_computer()

    def _play_computer(self) -> None:
        p = self._game.current
        self._play(self._policies[p](self._game))

    def _save(self) -> None:
        self._history.save((self._game.copy(), list(self._log)))

    def _done(self) -> None:
        self._selected = None
        self._message = ""
        self._refresh()

    def _play(self, move: Move | str) -> None:
        """Play one move on the engine and tell it in the log."""
        game = self._game
        phase, rnd, seen = game.phase, game.round, len(game.last_tiling)
        said = self._say_move(move)  # read before the move changes the table
        game.play(move)
        if phase == OFFER:
            self._log.append(said)
        steps = game.last_tiling if phase == OFFER and (game.phase != OFFER or
                                                        game.round != rnd) \
            else game.last_tiling[seen:] if phase == TILING else []
        if phase == OFFER and game.phase == TILING:
            self._log.append(t.lazy("widgets.table.log.gray_tiling"))
        self._log += [_Later(_step_line, step) for step in steps]
        if game.over:
            self._log.append(_Later(_end_line, game.round, tuple(game.scores), tuple(game.winners)))
        elif game.round != rnd:
            self._log.append(self._round_line())

    def _say_move(self, move: Move | str) -> i18n.Text:
        """The log line of a move of the factory offer ("player 0 (human) took 3 blue from
        factory 2 to line 1"), read from the state before the move."""
        game = self._game
        p = game.current
        who = {"player": p, "seat": _Later(_seat_title, self._seats[p])}
        take = _as_take(move)
        sources = game.sources
        if take is None or game.phase != OFFER or not -1 <= take.source < len(sources) - 1:
            return t.lazy("widgets.table.log.plays", **who, move=str(move))
        said = {**who, "n": sources[take.source][take.colour],
                "colour": _Later(colour_title, take.colour),
                "target": _place("floor" if take.line == FLOOR else "line", take.line)}
        if take.source == CENTRE and game.centre_marker:
            return t.lazy("widgets.table.log.took_with_marker", **said)
        return t.lazy("widgets.table.log.took", **said, source=_place("source", take.source))

    def _round_line(self) -> _Later:
        game = self._game
        factories = "  ".join("".join(LETTERS[c] * n for c, n in enumerate(counts)) or "-"
                              for counts in game.factories)
        return _Later(_round_line, game.round, game.current, factories)

    # --- the view ------------------------------------------------------------------------------

    def _refuse(self, text: str) -> None:
        self._message = text
        self._warning.value = _warning_html(text)

    def _build_view(self) -> None:
        self._view = ClickableSVG(on_click=self.click)
        self._status = w.HTML()
        self._warning = w.HTML()
        self._move_text = w.Text(placeholder="factory 3: blue -> line 2",
                                 layout=w.Layout(width="280px"))
        self._auto = w.Checkbox(value=self.auto, indent=False)
        self._word(self._auto, description=t.lazy("widgets.table.label.auto"))
        self._auto.observe(lambda ch: setattr(self, "_auto_value", ch["new"]), "value")
        self._log_box = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        controls = w.HBox([self._labelled(self.step, t.lazy("widgets.table.button.step"),
                                          t.lazy("widgets.table.tip.step")),
                           self._labelled(self.run_opponents,
                                          t.lazy("widgets.table.button.run_opponents")),
                           self._labelled(self.undo, t.lazy("widgets.table.button.undo")),
                           self._labelled(self.redo, t.lazy("widgets.table.button.redo")),
                           self._auto])
        play = w.HBox([self._move_text, self._labelled(lambda: self.act(self._move_text.value),
                                                       t.lazy("widgets.table.button.play"))])
        super().__init__([self._status, self._view, controls, play, self._warning,
                          self._log_box])
        self.add_class("azul-table")  # a stable handle for browser tests and styling

    def relabel(self) -> None:
        """Every label, the status line, the log and the message in the language in force."""
        self._reword()
        self._refresh()

    def _refresh(self) -> None:
        self._view.svg = self.scene().to_svg()
        self._status.value = html(f"<b>{escape(self._status_line())}</b>")
        self._warning.value = _warning_html(self._message)
        self._log_box.value = html("<br>".join(escape(str(line)) for line in self._log[-60:]))

    def _status_line(self) -> str:
        game = self._game
        if game.over:
            return _end_line(game.round, game.scores, game.winners)
        p = game.current
        who = {"round": game.round, "player": p, "seat": _seat_title(self._seats[p])}
        places = i18n.join_or(str(_place(kind, n)) for kind, n in self._destinations())
        if self._selected is not None:
            return t("widgets.table.status.selected", **who, selected=self.selected, places=places)
        if game.phase == TILING:
            line = game.boards[p].next_complete_line()
            return t("widgets.table.status.tiling", **who, line=line, places=places)
        return t("widgets.table.status.to_move", **who)


def _as_take(move: Move | str) -> Take | None:
    """``move`` as a ``Take`` (parsed when it is text), or None for anything else."""
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except AzulError:
            return None
    return move if isinstance(move, Take) else None


def _place(kind: str, n: int) -> i18n.Text:
    """A place on the table in words: a "source" (a factory or the centre), a "line", a
    "column" or the "floor"."""
    if kind == "source":
        if n == CENTRE:
            return t.lazy("widgets.place.centre")
        return t.lazy("widgets.place.factory", factory=n)
    if kind == "line":
        return t.lazy("widgets.place.line", line=n)
    if kind == "column":
        return t.lazy("widgets.place.column", column=n)
    return t.lazy("widgets.place.floor")


def _start_line(seats: Sequence[str], wall: str, seed: object) -> str:
    who = _listed(t("widgets.table.log.seat", player=p, seat=_seat_title(seat))
                  for p, seat in enumerate(seats))
    return t("widgets.table.log.start", players=len(seats), seats=who, wall=_wall_words(wall),
             seed=seed)


def _round_line(round_: int, player: int, factories: str) -> str:
    return t("widgets.table.log.round", round=round_, player=player, factories=factories)


def _step_line(step: Step) -> str:
    text = "; ".join(" ".join(line.split()) for line in draw.step_caption(step))
    return "  " + t("widgets.table.log.step", player=step.player, text=text)


def _end_line(round_: int, scores: Sequence[int], winners: Sequence[int]) -> str:
    listed = _listed(t("widgets.table.log.score", player=p, score=s) for p, s in enumerate(scores))
    if len(winners) == 1:
        return t("widgets.table.log.winner", round=round_, scores=listed, player=winners[0])
    return t("widgets.table.log.shared", round=round_, scores=listed,
             players=i18n.join_and(winners))


# --- the what-if comparison ----------------------------------------------------------------------


class TilingCompare(_Worded, w.VBox):
    """Two tilings side by side: each position (a ``Scenario``, a ``Board``, or a scenario file's
    text) is tiled by the engine, and the difference is explained category by category: the wall
    placements, the floor (after the clamp at 0), the end bonus, the change of score and the final
    score. ``difference()`` gives the numbers (right − left); ``choose_player(p)`` compares
    another player of multi-player scenarios."""

    def __init__(self, left, right, *, labels: Sequence[str] = ("A", "B"), player: int = 0,
                 display: Display | None = None) -> None:
        self._scenarios = [_scenario_from(left), _scenario_from(right)]
        self._results: list[TilingResult] = [s.tile() for s in self._scenarios]
        self.labels = tuple(labels)
        self.display = display
        self._message = ""
        self._player = 0
        self._view = ClickableSVG()
        self._table = w.HTML()
        self._warning = w.HTML()
        self._syncing = False
        self._count = count = min(len(s.boards) for s in self._scenarios)
        self._players = w.Dropdown(options=list(range(count)), layout=w.Layout(
            display="flex" if count > 1 else "none"))
        self._word(self._players, description=t.lazy("widgets.compare.label.player"))
        self._players.observe(lambda ch: self._syncing or ch["new"] == self._player or
                              self.choose_player(ch["new"]), "value")
        super().__init__([self._players, self._view, self._table, self._warning])
        self.add_class("azul-tiling-compare")  # a stable handle for browser tests and styling
        self._localise()
        self._relabel_controls()
        self.choose_player(player)

    @property
    def left(self) -> Scenario:
        return self._scenarios[0]

    @property
    def right(self) -> Scenario:
        return self._scenarios[1]

    @property
    def results(self) -> list[TilingResult]:
        """The engine's tiling of each side."""
        return list(self._results)

    @property
    def player(self) -> int:
        return self._player

    @property
    def message(self) -> str:
        return str(self._message)

    def choose_player(self, player: int) -> None:
        if not 0 <= player < self._count:
            self._message = t.lazy("widgets.compare.no_such_player", last=self._count - 1,
                                   player=player)
            self._warning.value = _warning_html(self._message)
            return
        self._player = player
        self._message = ""
        self._players.value = player  # the observer sees the same player: no second drawing
        self._show()

    def relabel(self) -> None:
        """Every label, title and explanation in the language in force, then redraw."""
        self._relabel_controls()
        self._show()

    def _relabel_controls(self) -> None:
        self._reword()
        self._syncing = True  # new options select their first one: not a choice of the learner
        try:
            self._players.options = [(t("widgets.compare.player", player=p), p)
                                     for p in range(self._count)]
            self._players.value = self._player
        finally:
            self._syncing = False

    def _show(self) -> None:
        self._view.svg = self.scene().to_svg()
        self._table.value = self._table_html()
        self._warning.value = _warning_html(self._message)

    def breakdowns(self) -> dict[str, dict[str, int]]:
        """Per side (by label): the engine's points by category, plus the score ``before`` and
        the ``final`` score."""
        out = {}
        for label, result in zip(self.labels, self._results, strict=True):
            parts = breakdown(result, self._player)
            parts["before"] = result.before[self._player]
            parts["final"] = result.boards[self._player].score
            out[label] = parts
        return out

    def difference(self) -> dict[str, int]:
        """Right − left for ``placements``, ``floor``, ``bonus``, ``total`` (the change of score)
        and ``final`` (the final score)."""
        a, b = (self.breakdowns()[label] for label in self.labels)
        return {k: b[k] - a[k] for k in (*CATEGORIES, "final")}

    @property
    def explanation(self) -> str:
        """The difference in words, one line per category."""
        parts = self.breakdowns()
        (la, a), (lb, b) = parts.items()
        diff = self.difference()
        sides = {"left": la, "right": lb}
        lines = [t("widgets.compare.explain.player", player=self._player, **sides,
                   left_before=a["before"], left_final=a["final"],
                   right_before=b["before"], right_final=b["final"])]
        for key in (*CATEGORIES, "final"):
            shown = str if key == "final" else _signed
            said = {**sides, "left_points": shown(a[key]), "right_points": shown(b[key]),
                    "difference": _signed(diff[key])}
            lines.append(self._explain(key, said))
        return "\n".join(lines)

    def _explain(self, key: str, said: dict) -> str:
        """The line of one category (``placements``, ``floor``, ``bonus``, ``total``, ``final``)."""
        if key == "placements":
            left, right = (self._placements(r) for r in self._results)
            return t("widgets.compare.explain.placements", **said, left_details=left,
                     right_details=right)
        if key == "floor":
            clamped = [label for label, r in zip(self.labels, self._results, strict=True)
                       if any(isinstance(s, FloorPenalty) and s.clamped
                              for s in r.player_steps(self._player))]
            if clamped:
                return t("widgets.compare.explain.floor_clamped", **said, clamped=_listed(clamped))
            return t("widgets.compare.explain.floor", **said)
        if key == "bonus":
            return t("widgets.compare.explain.bonus", **said)
        if key == "total":
            return t("widgets.compare.explain.total", **said)
        return t("widgets.compare.explain.final", **said)

    def scene(self) -> Scene:
        """Each side before and after its tiling (the tiles it placed ringed)."""
        p = self._player
        boards, titles, marks = [], [], []
        for label, scenario in zip(self.labels, self._scenarios, strict=True):
            boards.append(scenario.boards[p])
            titles.append(t("widgets.compare.title.before", label=label))
        for k, (label, result) in enumerate(zip(self.labels, self._results, strict=True)):
            boards.append(result.boards[p])
            titles.append(t("widgets.compare.title.after", label=label))
            marks += [f"player:{2 + k}:wall:{s.row},{s.column}"
                      for s in result.player_steps(p) if isinstance(s, Placement)]
        grays = {s.gray for s in self._scenarios}
        gray = grays.pop() if len(grays) == 1 else None
        return draw.boards_scene(boards, gray=gray, titles=titles, highlight=marks,
                                 display=self.display)

    def _placements(self, result: TilingResult) -> str:
        steps = [s for s in result.player_steps(self._player) if isinstance(s, Placement)]
        if not steps:
            return t("widgets.compare.no_placements")
        return _listed(t("widgets.compare.placement", line=s.line, points=draw.points_text(s))
                       for s in steps)

    def _table_html(self) -> str:
        parts = self.breakdowns()
        diff = self.difference()
        la, lb = self.labels
        head = (f"<tr><th></th><th>{escape(la)}</th><th>{escape(lb)}</th>"
                f"<th>{escape(lb)} \u2212 {escape(la)}</th></tr>")
        names = {"placements": t("widgets.compare.row.placements"),
                 "floor": t("widgets.compare.row.floor"), "bonus": t("widgets.compare.row.bonus"),
                 "total": t("widgets.compare.row.total"), "final": t("widgets.compare.row.final")}
        rows = []
        for key, name in names.items():
            cells = [str(parts[la][key]), str(parts[lb][key]), _signed(diff[key])]
            rows.append(f"<tr><td>{escape(name)}</td>" + "".join(
                f'<td style="text-align:end;padding:0 8px">{c}</td>' for c in cells) + "</tr>")
        text = "<br>".join(escape(line) for line in self.explanation.split("\n"))
        return html(f"<table>{head}{''.join(rows)}</table><p>{text}</p>")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")
