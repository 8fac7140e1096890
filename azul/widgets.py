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
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as w

from tabletop import Display, Scene
from tabletop.clickable import ClickableSVG

from . import draw
from .board import EMPTY, Board
from .errors import AzulError, ColourNotThere, IllegalMove, ScenarioError
from .figures import CATEGORIES, breakdown
from .game import OFFER, TILING, Game
from .moves import CENTRE, FLOOR, Move, Place, Take, parse_move
from .policies import POLICIES
from .scenario import Scenario, TilingResult, check_supply
from .tiles import LETTERS, MARKER_LETTER, NAMES, SIZE, WALL_KINDS, colour_of
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


def _warning_html(text: str) -> str:
    """The friendly warning area: empty when all is well."""
    if not text:
        return ""
    return ('<div style="background:#fff4e5;border-left:4px solid #e69f00;padding:6px 10px;'
            f'border-radius:4px;color:#4a3200">&#9888; {html.escape(text)}</div>')


def _wall_words(kind: str) -> str:
    """The kind of wall in prose (the files say ``"colored"``)."""
    return "gray wall" if kind == "gray" else "coloured wall"


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


def _button(text: str, action: Callable[[], object], tip: str = "") -> w.Button:
    button = w.Button(description=text, tooltip=tip or text, layout=w.Layout(width="auto"))
    button.on_click(lambda _b: action())
    return button


# --- the wall sandbox ----------------------------------------------------------------------------


class WallSandbox(w.VBox):
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
            raise ValueError(f"the wall is 'colored' or 'gray', not {wall!r}")
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
        self._refresh()

    # --- what the widget shows ------------------------------------------------------------------

    @property
    def message(self) -> str:
        """The warning of the last action ("" when it worked)."""
        return self._message

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
            tool = {"marker": "the first-player marker", "erase": "erase"}.get(
                self._tool, NAMES[LETTERS.find(self._tool)])
            return (f"Editing ({_wall_words(self._wall)}), tool: {tool}. Click a pattern line, a wall "
                    "cell or the floor line; Step runs the tiling.")
        lines = [" ".join(text.split()) for text in draw.step_caption(self._steps[-1])] \
            if self._steps else ["The position before the tiling."]
        board = self._current()
        prompt = self._prompt(board)
        if prompt:
            lines.append(prompt)
        elif self._next_kind(board) is None and not any(isinstance(s, EndBonus)
                                                         for s in self._steps):
            lines.append("The tiling is over; no complete row, so the game would go on.")
        return "\n".join(lines)

    @property
    def svg(self) -> str:
        """The SVG shown now."""
        return self._view.svg

    def scene(self) -> Scene:
        """The picture shown now, as a scene (``.save("x.png")`` for a handout)."""
        d = self.display
        if not self._running:
            title = f"wall sandbox ({_wall_words(self._wall)})"
            return draw.board_scene(self._start, gray=self.gray, title=title, display=d)
        board = self._current()
        line = self._choice_line(board)
        waiting = None
        if line is not None:
            colour = board.line_colour[line]
            free = free_columns(board, line, colour, True)
            waiting = draw.board_scene(
                board, gray=True, display=d,
                title=f"choose a column for line {line} ({NAMES[colour]})",
                highlight=[f"line:{line}", *(f"wall:{line},{c}" for c in free)])
        if not self._steps:
            return waiting or draw.board_scene(board, gray=self.gray, display=d,
                                               title="before the tiling")
        done = draw.tiling_scenes(self._start, self._steps, gray=self.gray, display=d,
                                  title=f"step {len(self._steps)}")[-1]
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
                self._refuse(f"{e}; or 'marker' or 'erase'")
                return
        self._message = ""
        self._refresh()

    def click(self, key: str) -> None:
        """What a click on the picture does (``"line:2"``, ``"wall:1,3"``, ``"floor"``,
        ``"column:4"``)."""
        try:
            _, kind, args = _parse_key(key)
        except ValueError:  # a key the drawing never makes
            self._refuse(f"{key!r} is not a place on this board")
            return
        if kind == "colour":
            self.choose(LETTERS[args[0]])
        elif kind == "column":
            self._choose_column(None, args[0])
        elif kind == "wall" and self._running:
            self._choose_column(*args)
        elif kind in ("factory", "centre"):
            self._refuse(f"{key!r} is not a place on this board")
        elif self._running:
            self._refuse("the tiling is running: Reset to edit the position again")
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
            self._refuse(f"the wall is 'colored' or 'gray', not {wall!r}")
            return
        try:
            board = self._checked(self._start.to_dict(), wall)
        except ScenarioError as e:
            self._refuse(f"the wall's tiles do not fit the {_wall_words(wall)}: {e.message}")
            return
        self._wall = wall
        self._columns = [None] * SIZE
        self._commit(board)

    def _editable(self) -> bool:
        if self._running:
            self._refuse("the tiling is running: Reset to edit the position again")
        return not self._running

    def _edit_line(self, line: int) -> None:
        board = self._start
        if self._tool == "marker":
            self._refuse("the first-player marker goes on the floor line, not on a pattern line")
        elif self._tool == "erase":
            if not board.line_count[line]:
                self._refuse(f"line {line} is already empty")
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
            self._refuse(f"row {row}, column {column} of the wall is already empty")
        elif self._tool == "marker":
            self._refuse("the first-player marker goes on the floor line, not on the wall")
        else:  # the board's file rules say what the cell may hold (printed colour, no repeats)
            self._edit(put(self._tool))

    def _edit_floor(self) -> None:
        if self._tool == "erase":
            if not self._start.floor:
                self._refuse("the floor line is already empty")
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
            self._refuse("no step to take back: this is the position before the tiling "
                         "(Reset edits it)")
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
            return f"{refusal(board, line, None, True)}: click a column number or a cell of row {line}"
        line = board.next_complete_line()
        if self.gray and line is not None and self._columns[line] is not None:
            return (f"Next: line {line} goes to column {self._columns[line]} as chosen before "
                    f"(Step), or click another column")
        return ""

    def _advance(self, column: int | None = None) -> Step | None:
        """One step of the engine's tiling on a copy of the board; an illegal column choice
        shows the engine's message and changes nothing."""
        board = self._current().copy()
        lid = [0] * len(LETTERS)
        kind = self._next_kind(board)
        if kind is None:
            self._refuse("the tiling is over: Back steps back, Reset edits the position")
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
            self._refuse("on the coloured wall each colour has its own cell: there is no column "
                         "to choose (Step places the tiles)")
            return
        board = self._current() if self._running else self._start
        line = board.next_complete_line()
        if line is None:
            self._refuse("no complete pattern line waits for a column")
        elif row is not None and row != line:
            self._refuse(f"line {line} is next: its tile goes in row {line}, not row {row}")
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
            self._refuse(f"the scenario has players 0 to {len(scenario.boards) - 1}, "
                         f"not {player}")
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
            self._refuse(f"not saved: {e}")
            return None
        path = Path(path)
        try:
            path.write_text(text + "\n", encoding="utf-8")
        except OSError as e:
            self._refuse(f"not saved: cannot write {str(path)!r} ({e.strerror or e})")
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
        self._tools = w.ToggleButtons(
            options=[(name, letter) for name, letter in zip(NAMES, LETTERS, strict=True)]
            + [("marker", "marker"), ("erase", "erase")], value=self._tool,
            style={"button_width": "70px"})
        self._tools.observe(lambda ch: self._syncing or self.choose(ch["new"]), "value")
        self._walls = w.ToggleButtons(options=list(WALL_KINDS), value=self._wall,
                                      description="wall")
        self._walls.observe(lambda ch: self._syncing or self.set_wall(ch["new"]), "value")
        self._score = w.IntText(value=self._start.score, description="score",
                                layout=w.Layout(width="160px"))
        self._score.observe(lambda ch: self._syncing or self.set_score(ch["new"]), "value")
        self._text = w.HTML()
        self._warning = w.HTML()
        self._file = w.Text(placeholder="scenario.json", description="file",
                            layout=w.Layout(width="320px"))
        buttons = w.HBox([_button("Step", self.step), _button("Run all", self.run_all),
                          _button("Back", self.back), _button("Reset", self.reset)])
        files = w.HBox([self._file, _button("Load", lambda: self.load(self._file.value)),
                        _button("Save", lambda: self.save(self._file.value))])
        super().__init__([self._tools, w.HBox([self._walls, self._score]), self._view, buttons,
                          self._text, self._warning, files])
        self.add_class("azul-wall-sandbox")  # a stable handle for browser tests and styling

    def _refresh(self) -> None:
        self._sync_controls()
        self._view.svg = self.scene().to_svg()
        self._text.value = "<br>".join(html.escape(t) for t in self.explanation.split("\n"))
        self._show_message()


# --- the game table ------------------------------------------------------------------------------


SEATS = ("human", *POLICIES)


class AzulTable(w.VBox):
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
            raise ValueError(f"give one seat per player ({players}), not {len(seats)}")
        for seat in seats:
            if seat not in SEATS:
                raise ValueError(f"a seat is one of {', '.join(SEATS)}, not {seat!r}")
        self._game = Game(players, seed=seed, wall=wall)
        self._seats = seats
        self._policies = {p: POLICIES[seat](f"{self._game.seed}:{p}")
                          for p, seat in enumerate(seats) if seat != "human"}
        self.display = display
        self._auto_value = auto
        self._selected: tuple[int, int] | None = None
        self._message = ""
        who = ", ".join(f"player {p} {seat}" for p, seat in enumerate(seats))
        self._log = [f"Azul, {players} players ({who}), {_wall_words(wall)}, seed {self._game.seed}",
                     self._round_line()]
        self._undo: list[tuple[Game, list[str]]] = []
        self._redo: list[tuple[Game, list[str]]] = []
        self._build_view()
        self._refresh()

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
        return list(self._log)

    @property
    def message(self) -> str:
        return self._message

    @property
    def selected(self) -> str | None:
        """The tiles selected, e.g. ``"factory 3: blue"``, or None."""
        if self._selected is None:
            return None
        source, colour = self._selected
        return f"{'centre' if source == CENTRE else f'factory {source}'}: {NAMES[colour]}"

    @property
    def svg(self) -> str:
        return self._view.svg

    def destinations(self) -> list[str]:
        """Where the selected tiles may go (the engine's legal moves), e.g. ``["line 1",
        "floor"]``; in a gray-wall tiling, the columns the tile may take."""
        game = self._game
        if self._selected is not None:
            source, colour = self._selected
            return [("floor" if m.line == FLOOR else f"line {m.line}") for m in game.legal_moves()
                    if m.source == source and m.colour == colour]
        if game.phase == TILING:
            return [("floor" if m.column == FLOOR else f"column {m.column}")
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
            self._refuse(f"{key!r} is not a place on this table")
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
            self._refuse(f"{key!r} is not a place on this table")
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
        if not self._undo:
            self._refuse("nothing to undo")
            return
        self._redo.append((self._game, self._log))
        self._game, self._log = self._undo.pop()
        self._selected = None
        self._message = ""
        self._refresh()

    def redo(self) -> None:
        if not self._redo:
            self._refuse("nothing to redo")
            return
        self._undo.append((self._game, self._log))
        self._game, self._log = self._redo.pop()
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
        where = "the centre" if source == CENTRE else f"factory {source}"
        held = ", ".join(NAMES[c] for c, n in enumerate(self._game.sources[source]) if n)
        self._refuse(f"{where} holds {held}: click the tiles of one colour to take them all")

    def _board_click(self, player: int | None, kind: str, args: tuple[int, ...]) -> None:
        game = self._game
        if game.over:
            self._refuse("the game is over: no more moves")
            return
        p = game.current
        if player is not None and player != p:
            self._refuse(f"that is player {player}'s board: player {p} is to move")
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
                self._refuse(f"it is the wall tiling: choose the column of line {line} "
                             f"(a column number or a cell of row {line})")
                return
        else:
            if kind in ("column", "wall"):
                self._refuse("it is the factory offer: take tiles from a factory or the centre, "
                             "then click a pattern line or the floor")
                return
            if self._selected is None:
                self._refuse("first choose tiles: click a colour in a factory or in the centre")
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

    def _computer_turn(self) -> str:
        p = self._game.current
        return (f"player {p} is a computer seat ({self._seats[p]}): Step or Run opponents lets "
                "it play")

    def _blocked_for_computer(self) -> bool:
        game = self._game
        if game.over:
            self._refuse("the game is over: no more moves")
            return True
        if self._is_human(game.current):
            self._refuse(f"player {game.current} is a human seat: click tiles, then a line")
            return True
        return False

    def _human_move(self, move: Move | str) -> None:
        """Play a move for the player to move; an illegal one raises and changes nothing."""
        saved = (self._game.copy(), list(self._log))
        self._play(move)  # raises before anything changes when illegal
        self._undo.append(saved)
        self._redo.clear()
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
        self._undo.append((self._game.copy(), list(self._log)))
        self._redo.clear()

    def _done(self) -> None:
        self._selected = None
        self._message = ""
        self._refresh()

    def _play(self, move: Move | str) -> None:
        """Play one move on the engine and tell it in the log."""
        game = self._game
        p, phase, rnd, seen = game.current, game.phase, game.round, len(game.last_tiling)
        said = self._say_take(move)  # read before the move changes the table
        game.play(move)
        who = f"player {p} ({self._seats[p]})"
        if phase == OFFER:
            self._log.append(f"{who} {said or f'plays {move}'}")
        steps = game.last_tiling if phase == OFFER and (game.phase != OFFER or
                                                        game.round != rnd) \
            else game.last_tiling[seen:] if phase == TILING else []
        if phase == OFFER and game.phase == TILING:
            self._log.append("wall tiling on the gray wall: each player chooses the column of "
                             "each complete line, top to bottom")
        self._log += [_step_line(step) for step in steps]
        if game.over:
            self._log.append(_end_line(game))
        elif game.round != rnd:
            self._log.append(self._round_line())

    def _say_take(self, move: Move | str) -> str:
        """"took 3 blue from factory 2 to line 1", read from the state before the move."""
        game = self._game
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except AzulError:
                return ""
        if not isinstance(move, Take) or game.phase != OFFER:
            return ""
        sources = game.sources
        if not -1 <= move.source < len(sources) - 1:
            return ""
        n = sources[move.source][move.colour]
        where = "the centre" if move.source == CENTRE else f"factory {move.source}"
        to = "the floor" if move.line == FLOOR else f"line {move.line}"
        marker = " and the first-player marker" if move.source == CENTRE and \
            game.centre_marker else ""
        return f"took {n} {NAMES[move.colour]} from {where}{marker} to {to}"

    def _round_line(self) -> str:
        game = self._game
        factories = "  ".join("".join(LETTERS[c] * n for c, n in enumerate(counts)) or "-"
                              for counts in game.factories)
        return f"round {game.round}: player {game.current} starts; factories {factories}"

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
        self._auto = w.Checkbox(value=self.auto, description="opponents answer at once",
                                indent=False)
        self._auto.observe(lambda ch: setattr(self, "_auto_value", ch["new"]), "value")
        self._log_box = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        controls = w.HBox([_button("Step", self.step, "the computer seat to move plays"),
                           _button("Run opponents", self.run_opponents),
                           _button("Undo", self.undo), _button("Redo", self.redo),
                           self._auto])
        play = w.HBox([self._move_text, _button("Play", lambda: self.act(self._move_text.value))])
        super().__init__([self._status, self._view, controls, play, self._warning,
                          self._log_box])
        self.add_class("azul-table")  # a stable handle for browser tests and styling

    def _refresh(self) -> None:
        game = self._game
        self._view.svg = self.scene().to_svg()
        if game.over:
            status = _end_line(game)
        else:
            p = game.current
            status = f"round {game.round}: player {p} ({self._seats[p]}) to move"
            if self._selected is not None:
                status += (f"; selected {self.selected}, which may go to "
                           f"{', '.join(self.destinations())}")
            elif game.phase == TILING:
                line = game.boards[p].next_complete_line()
                status += (f"; the tile of line {line} may go to "
                           f"{', '.join(self.destinations())}")
        self._status.value = f"<b>{html.escape(status)}</b>"
        self._warning.value = _warning_html(self._message)
        self._log_box.value = "<br>".join(html.escape(line) for line in self._log[-60:])


def _step_line(step: Step) -> str:
    text = "; ".join(" ".join(line.split()) for line in draw.step_caption(step))
    return f"  player {step.player}: {text}"


def _end_line(game: Game) -> str:
    scores = ", ".join(f"player {p} {s}" for p, s in enumerate(game.scores))
    won = game.winners
    who = f"winner: player {won[0]}" if len(won) == 1 else \
        f"shared victory: players {', '.join(map(str, won))}"
    return f"game over after round {game.round}: {scores}; {who}"


# --- the what-if comparison ----------------------------------------------------------------------


class TilingCompare(w.VBox):
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
        count = min(len(s.boards) for s in self._scenarios)
        self._players = w.Dropdown(options=[(f"player {p}", p) for p in range(count)],
                                   description="compare", layout=w.Layout(
                                       display="flex" if count > 1 else "none"))
        self._players.observe(lambda ch: ch["new"] != self._player and
                              self.choose_player(ch["new"]), "value")
        super().__init__([self._players, self._view, self._table, self._warning])
        self.add_class("azul-tiling-compare")  # a stable handle for browser tests and styling
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
        return self._message

    @property
    def svg(self) -> str:
        return self._view.svg

    def choose_player(self, player: int) -> None:
        count = min(len(s.boards) for s in self._scenarios)
        if not 0 <= player < count:
            self._message = f"both sides have players 0 to {count - 1}, not {player}"
            self._warning.value = _warning_html(self._message)
            return
        self._player = player
        self._message = ""
        self._players.value = player  # the observer sees the same player: no second drawing
        self._view.svg = self.scene().to_svg()
        self._table.value = self._table_html()
        self._warning.value = ""

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
        details = [self._placements(r) for r in self._results]
        lines = [f"player {self._player}: {la} {a['before']} \u2192 {a['final']}, "
                 f"{lb} {b['before']} \u2192 {b['final']}"]
        names = {"placements": "placements", "floor": "floor", "bonus": "end bonus",
                 "total": "change of score", "final": "final score"}
        for key, name in names.items():
            left, right = _signed(a[key]), _signed(b[key])
            if key == "final":
                left, right = str(a[key]), str(b[key])
            text = f"{name}: {la} {left}, {lb} {right}"
            if key == "placements":
                text = f"{name}: {la} {left} ({details[0]}), {lb} {right} ({details[1]})"
            if key == "floor":
                clamps = [lab for lab, r in zip(self.labels, self._results, strict=True)
                          if any(isinstance(s, FloorPenalty) and s.clamped
                                 for s in r.player_steps(self._player))]
                if clamps:
                    text += f" (clamped at 0: {', '.join(clamps)})"
            text += f": {lb} \u2212 {la} = {_signed(diff[key])}"
            lines.append(text)
        return "\n".join(lines)

    def scene(self) -> Scene:
        """Each side before and after its tiling (the tiles it placed ringed)."""
        p = self._player
        boards, titles, marks = [], [], []
        for label, scenario in zip(self.labels, self._scenarios, strict=True):
            boards.append(scenario.boards[p])
            titles.append(f"{label} \u2014 before")
        for k, (label, result) in enumerate(zip(self.labels, self._results, strict=True)):
            boards.append(result.boards[p])
            titles.append(f"{label} \u2014 after the tiling")
            marks += [f"player:{2 + k}:wall:{s.row},{s.column}"
                      for s in result.player_steps(p) if isinstance(s, Placement)]
        grays = {s.gray for s in self._scenarios}
        gray = grays.pop() if len(grays) == 1 else None
        return draw.boards_scene(boards, gray=gray, titles=titles, highlight=marks,
                                 display=self.display)

    def _placements(self, result: TilingResult) -> str:
        steps = [s for s in result.player_steps(self._player) if isinstance(s, Placement)]
        if not steps:
            return "none"
        return ", ".join(f"line {s.line}: {draw.points_text(s)}" for s in steps)

    def _table_html(self) -> str:
        parts = self.breakdowns()
        diff = self.difference()
        la, lb = self.labels
        head = (f"<tr><th></th><th>{html.escape(la)}</th><th>{html.escape(lb)}</th>"
                f"<th>{html.escape(lb)} \u2212 {html.escape(la)}</th></tr>")
        rows = []
        for key, name in (("placements", "placements"), ("floor", "floor"), ("bonus", "bonus"),
                          ("total", "change"), ("final", "final score")):
            cells = [str(parts[la][key]), str(parts[lb][key]), _signed(diff[key])]
            rows.append(f"<tr><td>{name}</td>" + "".join(
                f'<td style="text-align:right;padding:0 8px">{c}</td>' for c in cells) + "</tr>")
        text = "<br>".join(html.escape(t) for t in self.explanation.split("\n"))
        return f"<table>{head}{''.join(rows)}</table><p>{text}</p>"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")
