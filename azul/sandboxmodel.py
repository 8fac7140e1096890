"""The wall sandbox's model: one player's board set up by clicking, then tiled step by step, with
no widget.

``SandboxModel`` holds what the sandbox knows and decides: the position being edited, the tool in
hand, the wall kind, the steps of the engine's tiling made so far (with the gray-wall columns
chosen), the coach's answer, the message in force, and what a click does. The widget
(``azul.widgets.WallSandbox``) only draws it and forwards clicks; a test or a script drives the same
model::

    box = SandboxModel()
    box.choose("B"); box.click("line:0")   # one blue tile on pattern line 0
    box.step()                              # the first step of the tiling, explained
    box.message, box.explanation, box.scene()

Every request either works or leaves the position as it was and says why in ``message``; none
raises.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tabletop import Display, Scene, links
from tabletop.scene import place_name
from tabletop.untrusted import shown

from . import draw
from .advisor import Advice, CellAdvice, advise_board, best_cells
from .board import EMPTY, Board
from .errors import AzulError, IllegalMove, ScenarioError
from .inwords import Later, parse_key, wall_words
from .locale import t
from .moves import FLOOR, in_words
from .scenario import Scenario, as_scenario, check_supply
from .tiles import LETTERS, MARKER_LETTER, SIZE, WALL_KINDS, colour_of, colour_title, wall_colour
from .tiling import (
    EndBonus,
    FloorPenalty,
    Placement,
    Step,
    end_bonus,
    free_columns,
    game_ends,
    next_step,
    refusal,
)

#: The name a downloaded wall is offered under (the browser may add a number to keep earlier ones).
DOWNLOAD_NAME = "azul-wall.json"


class SandboxModel:
    """A board in the sandbox (see the module docstring); the arguments are the widget's."""

    def __init__(self, board: Board | None = None, *, wall: str = "colored", score: int = 0,
                 display: Display | None = None) -> None:
        if wall not in WALL_KINDS:
            raise ValueError(t("widgets.sandbox.unknown_wall", wall=shown(wall)))
        self.display = display
        start = board.copy() if board is not None else Board()
        if score:
            start.score = score
        self._start = self._checked(start.to_dict(), wall)  # raises ScenarioError when not valid
        self._tool = LETTERS[0]
        self._columns: list[int | None] = [None] * SIZE
        self._running = False
        self._steps: list[Step] = []
        self._after: list[Board] = []  # the board after each step
        self._message: object = ""
        # The coach's last answer and the position it answers: (position, advice, cells).
        self._hint: tuple[object, list[Advice], list[CellAdvice]] | None = None

    # --- what the sandbox shows ------------------------------------------------------------------

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
        """The board's own wall: ``"colored"`` or ``"gray"``."""
        return self._start.wall_kind

    @property
    def score(self) -> int:
        """The score before the tiling."""
        return self._start.score

    @property
    def gray(self) -> bool:
        return self._start.gray

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
            return t("widgets.sandbox.editing", wall=wall_words(self.wall), tool=tool)
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

    @property
    def hints(self) -> list[str]:
        """The coach's answer about the board shown, one line each, best first, in the language
        in force; empty until ``hint()`` and after any change of the board."""
        advice, cells = self._shown_hints()
        return [str(a) for a in advice] + [str(c) for c in cells]

    def hint_cells(self) -> list[tuple[int, int, int | None]]:
        """The wall cells the hints point at, best first: (row, column, colour), the colour
        ``None`` where an empty gray-wall line may still choose it."""
        advice, cells = self._shown_hints()
        return [(a.move.line, a.move.column, a.move.colour) for a in advice
                if a.move.column != FLOOR] + [(c.row, c.column, c.colour) for c in cells]

    def scene(self) -> Scene:
        """The picture shown now, as a scene (``.save("x.png")`` for a handout)."""
        d = self.display
        ghosts = self.hint_cells()
        if not self._running:
            title = t("widgets.sandbox.title.editing", wall=wall_words(self.wall))
            return draw.board_scene(self._start, title=title, ghosts=ghosts,
                                    display=d)
        board = self._current()
        line = self._choice_line(board)
        waiting = None
        if line is not None:
            colour = board.line_colour[line]
            free = free_columns(board, line, colour)
            waiting = draw.board_scene(
                board, display=d,
                title=t("widgets.sandbox.title.choose_column", line=line,
                        colour=colour_title(colour)),
                highlight=[f"line:{line}", *(f"wall:{line},{c}" for c in free)], ghosts=ghosts)
        if not self._steps:
            return waiting or draw.board_scene(board, display=d, ghosts=ghosts,
                                               title=t("widgets.sandbox.title.before"))
        done = draw.tiling_scenes(self._start, self._steps, display=d,
                                  title=t("widgets.sandbox.title.step", step=len(self._steps)))[-1]
        if not waiting and ghosts:  # the step's picture, and the board now with the coach's tiles
            waiting = draw.board_scene(board, display=d, ghosts=ghosts,
                                       title=self._hint_head())
        return draw.beside([done, waiting], keys=[False, True]) if waiting else done

    # --- the coach -----------------------------------------------------------------------------

    def hint(self, top: int = 3) -> None:
        """Ask the coach about the board shown (see the class docstring) for its ``top`` best
        answers."""
        board = self._current()
        try:
            if self.gray and board.next_complete_line() is not None:
                advice, cells = advise_board(board, top=top), []
            else:
                advice, cells = [], best_cells(board, top=top)
        except AzulError as e:  # a position the engine cannot set up: say so, change nothing
            self._refuse(str(e))
            return
        if not advice and not cells:
            self._hint = None
            self._refuse(t.lazy("widgets.sandbox.hint.nothing"))
            return
        self._hint = (self._position(), advice, cells)
        self._message = ""

    def _position(self) -> tuple:
        """What a hint answers: the board shown, on its wall (a change of either hides it)."""
        return json.dumps(self._current().to_dict()), self.wall

    def _shown_hints(self) -> tuple[list[Advice], list[CellAdvice]]:
        if self._hint is None or self._hint[0] != self._position():
            return [], []
        return self._hint[1], self._hint[2]

    def _hint_head(self) -> str:
        advice, _ = self._shown_hints()
        if advice:
            return t("widgets.sandbox.hint.columns", line=advice[0].move.line)
        return t("widgets.sandbox.hint.cells")

    def hint_items(self) -> tuple[str, list[tuple[str, str]]]:
        """The hint to show: a head line and (place or move, reasons) per answer, in words."""
        advice, cells = self._shown_hints()
        items = [(in_words(a.move), f"({t('widgets.table.hint.gain', gain=f'{a.gain:+.1f}')}): "
                  + " ".join(str(r) for r in a.reasons)) for a in advice]
        items += [(c.place, " ".join(str(r) for r in c.reasons)) for c in cells]
        return self._hint_head(), items

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

    def click(self, key: str) -> None:
        """What a click on the picture does (``"line:2"``, ``"wall:1,3"``, ``"floor"``,
        ``"column:4"``)."""
        try:
            _, kind, args = parse_key(key)
        except ValueError:  # a key the drawing never makes
            self._refuse(t.lazy("widgets.sandbox.not_a_place", key=shown(key)))
            return
        if kind == "colour":
            self.choose(LETTERS[args[0]])
        elif kind == "column":
            self._choose_column(None, args[0])
        elif kind == "wall" and self._running:
            self._choose_column(*args)
        elif kind in ("factory", "centre"):
            self._refuse(t.lazy("widgets.sandbox.not_a_place", key=shown(key)))
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
            self._refuse(t.lazy("widgets.sandbox.unknown_wall", wall=shown(wall)))
            return
        try:
            board = self._checked(self._start.to_dict(), wall)
        except ScenarioError as e:
            self._refuse(t.lazy("widgets.sandbox.wall_does_not_fit", wall=Later(wall_words, wall),
                                problem=e.message))
            return
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
        board = Board.from_dict(data, (wall or self.wall) == "gray", "board")
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

    # --- running the tiling ------------------------------------------------------------------------

    def step(self) -> Step | None:
        """Make the next step of the tiling; returns it (``None`` when nothing happened)."""
        self._running = True
        made = self._advance()
        return made

    def run_all(self) -> list[Step]:
        """Make every remaining step (on the gray wall, up to a column not chosen yet)."""
        self._running = True
        made = []
        while (step := self._advance()) is not None:
            made.append(step)
        if made and self.finished:
            self._message = ""
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

    def reset(self) -> None:
        """Back to the position before the tiling, to edit it."""
        self._running = False
        self._steps, self._after = [], []
        self._message = ""

    def _current(self) -> Board:
        return self._after[-1] if self._after else self._start

    def _next_kind(self, board: Board) -> str | None:
        """What comes next: the player's own "tiling" (``next_step`` knows its order, up to the
        floor), the "bonus" (the game would end), or None when the phase is over."""
        if not any(isinstance(s, FloorPenalty) for s in self._steps):
            return "tiling"
        if not any(isinstance(s, EndBonus) for s in self._steps) and game_ends([board]):
            return "bonus"
        return None

    def place_name(self, key: str, tip: str) -> str:
        """A place's accessible name: its tooltip, and what a click with the tool in hand (or, in
        a gray-wall tiling, the column choice) would do there now."""
        try:
            _, kind, args = parse_key(key)
        except ValueError:
            return tip
        return place_name(tip, self._click_action(kind, args))

    def _click_action(self, kind: str, args: tuple[int, ...]) -> str | None:
        if self._running:
            line = self._choice_line(self._current())
            if line is not None and (kind == "column" or kind == "wall" and args[0] == line):
                return t("widgets.click.column", line=line)
            return None
        board, tool = self._start, self._tool
        colour = None if tool in ("erase", "marker") else LETTERS.index(tool)
        if kind == "line":
            if tool == "erase":
                return t("widgets.click.remove_tile") if board.line_count[args[0]] else None
            if colour is None or board.refusal(colour, args[0]) is not None:
                return None
            return t("widgets.click.add_tile", colour=colour_title(colour))
        if kind == "wall":
            if board.colour_at(*args) != EMPTY:
                return t("widgets.click.wall_off")
            if colour is None or not self.gray and colour != wall_colour(*args):
                return None
            return t("widgets.click.wall_tile", colour=colour_title(colour))
        if kind == "floor":
            if tool == "erase":
                return t("widgets.click.remove_tile") if board.floor else None
            if tool == "marker":
                return t("widgets.click.add_marker")
            return t("widgets.click.add_tile", colour=colour_title(colour))
        return None

    def _choice_line(self, board: Board) -> int | None:
        """Gray wall: the line next to tile when it waits for a column (none chosen yet)."""
        if not self.gray:
            return None
        line = board.next_complete_line()
        if line is None or self._columns[line] is not None:
            return None
        return line if free_columns(board, line, board.line_colour[line]) else None

    def _prompt(self, board: Board) -> str:
        line = self._choice_line(board)
        if line is not None:
            return t("widgets.sandbox.choose_column", problem=refusal(board, line, None),
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
        if kind == "bonus":
            step = end_bonus(board, 0)
        else:
            line = board.next_complete_line()
            if column is None and line is not None:
                column = self._columns[line]
            try:
                step = next_step(board, 0, lid, column)
            except IllegalMove as e:
                self._refuse(str(e))
                return None
            if self.gray and line is not None:
                self._columns[line] = column if isinstance(step, Placement) else None
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

    # --- files ---------------------------------------------------------------------------------

    def to_scenario(self) -> Scenario:
        """The position being edited (with the gray-wall columns chosen) as a scenario."""
        return Scenario([self._start.copy()], self.wall, [self._columns[:]])

    def load(self, source, player: int = 0) -> None:
        """Load a scenario (a path, the file's text, a dict or a ``Scenario``); its player
        ``player`` becomes the position to edit."""
        try:
            scenario = as_scenario(source)
        except ScenarioError as e:
            self._refuse(str(e))
            return
        if not 0 <= player < len(scenario.boards):
            self._refuse(t.lazy("widgets.sandbox.no_such_player", last=len(scenario.boards),
                                player=player + 1))
            return
        self._start = scenario.boards[player].copy()
        self._columns = list(scenario.gray_columns[player])
        self.reset()

    def download(self) -> tuple[str, str] | None:
        """The position as a scenario file to give the browser: (its name, its text); None (and
        the message says why) for one the format would refuse."""
        text = self._file_text()
        if text is None:
            return None
        self._message = ""
        return DOWNLOAD_NAME, text

    def save(self, path: str | Path) -> Path | None:
        """Write the position as a scenario file at ``path`` on this machine (a Python call, never
        a control); one the format would refuse (a gray-wall line whose column is not chosen yet)
        is not written and the message says why."""
        text = self._file_text()
        if text is None:
            return None
        path = Path(path)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as e:
            self._refuse(t.lazy("widgets.sandbox.cannot_write", path=repr(str(path)),
                                problem=e.strerror or str(e)))
            return None
        self._message = ""
        return path

    def link(self) -> dict | None:
        """The position as a link's data (``tabletop.links.pack`` it); None (and the message says
        why) for one the format would refuse."""
        text = self._file_text()
        if text is None:
            return None
        self._message = ""
        return json.loads(text)

    def open_link(self, link: str) -> None:
        """Open the board a link holds (an address or its fragment); a broken link, or one that
        holds no Azul position, changes nothing and the message says why."""
        try:
            data = links.unpack(link)
        except links.LinkError as e:
            self._refuse(str(e))
            return
        self.load(data)

    @staticmethod
    def claims(link: str) -> bool:
        """Whether a page address holds a link for the sandbox: an Azul position (or a broken link)."""
        return links.claims(link, lambda data: data.get("game") == "azul")

    def _file_text(self) -> str | None:
        """The position as the text of a scenario file, or None (and the message says why) when
        the format would refuse it."""
        text = self.to_scenario().to_json(indent=2) + "\n"
        try:
            Scenario.from_json(text)
        except ScenarioError as e:
            self._refuse(t.lazy("widgets.sandbox.not_saved", problem=str(e)))
            return None
        return text

    def upload(self, _name: str, text: str) -> None:
        """A file the learner picked on their device: its text itself, never taken for a path."""
        try:
            scenario = Scenario.from_json(text)  # the file's text itself, never taken for a path
        except ScenarioError as e:
            self._refuse(str(e))
            return
        self.load(scenario)

    def _refuse(self, text: object) -> None:
        self._message = text


__all__ = ["SandboxModel", "DOWNLOAD_NAME"]
