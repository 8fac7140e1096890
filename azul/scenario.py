"""Scenario files: a position written by a teacher or a player, to ask "what would the tiling do?".

A scenario is a small JSON object (the format is in ``docs/azul.md``)::

    {"game": "azul", "wall": "colored",
     "players": [{"score": 12, "wall": ["B....", ".B...", ".....", ".....", "....."],
                  "pattern_lines": ["", "YY", "R", "", "KKKKK"], "floor": "FB"}]}

``Scenario.from_dict`` checks everything, the gray-wall column choices included, and raises
``ScenarioError`` naming the first field that is wrong; a ``Scenario`` that exists is valid, so
``tile()`` always succeeds. It runs the wall tiling for every player with the very functions the
game uses, and returns a ``TilingResult`` that prints as JSON data or as words.
"""

from __future__ import annotations

import json
from pathlib import Path

from .board import Board
from .errors import IllegalMove, ScenarioError, checks
from .locale import t
from .tiles import COLOURS, LETTERS, SIZE, TILES_PER_COLOUR, WALL_KINDS, colour_title, series
from .tiling import (
    EndBonus,
    FloorPenalty,
    Placement,
    Step,
    ToFloor,
    describe,
    tile_all,
    tile_board,
    winners,
)

_FIELDS = ("game", "wall", "players")
_MOST_PLAYERS = 4


class Scenario:
    """The players' boards of a position, on one kind of wall, with the gray-wall column choices
    (``gray_columns[player][line]``, ``None`` where there is no choice)."""

    def __init__(self, boards: list[Board], wall: str = "colored",
                 gray_columns: list[list[int | None]] | None = None) -> None:
        self.boards = boards
        self.wall = wall
        self.gray_columns = gray_columns or [[None] * SIZE for _ in boards]

    @property
    def gray(self) -> bool:
        return self.wall == "gray"

    # --- reading and writing ---------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict) -> Scenario:
        """Check a scenario and build it; the first invalid field raises ``ScenarioError``."""
        checks.mapping(data, "", _FIELDS)
        checks.choice(checks.required(data, "game", ""), "game", ("azul",))
        wall = checks.choice(checks.required(data, "wall", ""), "wall", WALL_KINDS)
        gray = wall == "gray"
        players = checks.listing(checks.required(data, "players", ""), "players")
        if not 1 <= len(players) <= _MOST_PLAYERS:
            raise ScenarioError("players", t("scenario.file.players", most=_MOST_PLAYERS,
                                             found=len(players)))
        boards, columns = [], []
        marker_at = None
        for p, entry in enumerate(players):
            field = f"players[{p}]"
            board = Board.from_dict(entry, gray, field, extra=("gray_columns",))
            if board.has_marker:
                if marker_at is not None:
                    raise ScenarioError(f"{field}.floor", t("scenario.file.second_marker",
                                                            player=marker_at))
                marker_at = p
            boards.append(board)
            columns.append(_read_columns(entry.get("gray_columns"), board, gray,
                                         f"{field}.gray_columns"))
        check_supply(boards)
        scenario = cls(boards, wall, columns)
        scenario._check_choices()
        return scenario

    @classmethod
    def from_json(cls, text: str) -> Scenario:
        return cls.from_dict(checks.parse_json(text))

    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ScenarioError("file", t("scenario.file.cannot_read", path=repr(str(path)),
                                          reason=e)) from None
        return cls.from_json(text)

    @classmethod
    def from_game(cls, game) -> Scenario:
        """The players' boards of a game, as a scenario."""
        return cls([board.copy() for board in game.boards], game.wall)

    def to_dict(self) -> dict:
        players = []
        for board, columns in zip(self.boards, self.gray_columns, strict=True):
            entry = board.to_dict()
            if any(c is not None for c in columns):
                entry["gray_columns"] = list(columns)
            players.append(entry)
        return {"game": "azul", "wall": self.wall, "players": players}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def _repr_svg_(self) -> str:
        from .draw import scenario_scene  # pictures need the tabletop kit; the rules do not

        return scenario_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    # --- the what-if ---------------------------------------------------------------------------

    def tile(self) -> TilingResult:
        """Run the wall tiling for every player (the scenario itself does not change)."""
        boards = [board.copy() for board in self.boards]
        steps = tile_all(boards, [0] * len(COLOURS), self.gray_columns)
        return TilingResult(boards, steps, [board.score for board in self.boards])

    def _check_choices(self) -> None:
        """Tile a copy, so that a column choice that breaks a rule, or a missing one, is reported
        with the field it belongs to."""
        if not self.gray:
            return
        lid = [0] * len(COLOURS)
        for p, board in enumerate(self.boards):
            board = board.copy()
            try:
                tile_board(board, p, lid, self.gray_columns[p])
            except IllegalMove as e:  # a refused step changes nothing: its line is still next
                line = board.next_complete_line()
                raise ScenarioError(f"players[{p}].gray_columns[{line}]", str(e)) from None


def _read_columns(value, board: Board, gray: bool, field: str) -> list[int | None]:
    if value is None:
        return [None] * SIZE
    if not gray:
        raise ScenarioError(field, t("scenario.file.columns_on_colored"))
    checks.listing(value, field, SIZE)
    columns: list[int | None] = []
    for line, column in enumerate(value):
        where = f"{field}[{line}]"
        if column is not None:
            checks.integer(column, where, 0, SIZE - 1)
            if not board.is_complete(line):
                raise ScenarioError(where, t("scenario.file.line_not_complete", line=line))
        columns.append(column)
    return columns


def check_supply(boards: list[Board]) -> None:
    """Refuse boards that hold more than the box's 20 tiles of a colour (ScenarioError)."""
    totals = [0] * len(COLOURS)
    for board in boards:
        for colour, n in enumerate(board.tile_counts()):
            totals[colour] += n
    for colour, n in enumerate(totals):
        if n > TILES_PER_COLOUR:
            raise ScenarioError("players", t("scenario.file.supply", found=n,
                                             colour=colour_title(colour), most=TILES_PER_COLOUR))


class TilingResult:
    """What a tiling phase did: the ``steps`` in order, the ``boards`` afterwards, and whether the
    game is over."""

    def __init__(self, boards: list[Board], steps: list[Step], before: list[int]) -> None:
        self.boards = boards
        self.steps = steps
        self.before = before
        self.game_over = any(isinstance(step, EndBonus) for step in steps)
        self.winners = winners(boards) if self.game_over else []

    def _repr_svg_(self) -> str:
        from .draw import tiling_result_scene  # pictures need the tabletop kit; the rules do not

        return tiling_result_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    def player_steps(self, player: int) -> list[Step]:
        return [step for step in self.steps if step.player == player]

    def to_dict(self) -> dict:
        """The report printed by ``python -m azul tile``."""
        players = []
        for p, board in enumerate(self.boards):
            steps = self.player_steps(p)
            players.append({
                "placements": [{"line": s.line, "row": s.row, "column": s.column,
                                "colour": LETTERS[s.colour], "points": s.points}
                               for s in steps if isinstance(s, Placement)],
                "to_floor": [{"line": s.line, "colour": LETTERS[s.colour], "tiles": s.tiles}
                             for s in steps if isinstance(s, ToFloor)],
                "floor_penalty": next(s.penalty for s in steps if isinstance(s, FloorPenalty)),
                "bonus": sum(s.points for s in steps if isinstance(s, EndBonus)),
                "score": board.score,
            })
        return {"game_over": self.game_over, "winners": self.winners, "players": players}

    def explain(self) -> str:
        """The same story in words, in the language in force."""
        out = []
        for p in range(len(self.boards)):
            out.append(t("scenario.explain.player", player=p + 1, score=self.before[p]))
            steps = self.player_steps(p)
            if not any(isinstance(s, Placement | ToFloor) for s in steps):
                out.append("  " + t("scenario.explain.nothing"))
            out += ["  " + describe(s) for s in steps if not isinstance(s, EndBonus)]
        if not self.game_over:
            out.append(t("scenario.explain.goes_on"))
            return "\n".join(out)
        return "\n".join(out + self._explain_end())

    def _explain_end(self) -> list[str]:
        full = [p for p, board in enumerate(self.boards) if board.has_complete_row()]
        if full:
            who = series(t("scenario.explain.player_name", player=p + 1) for p in full)
            out = [t("scenario.explain.over_row", players=who)]
        else:
            out = [t("scenario.explain.over_blocked")]
        out += ["  " + t("scenario.explain.step", player=s.player + 1, step=describe(s))
                for s in self.steps if isinstance(s, EndBonus)]
        if len(self.winners) == 1:
            out.append(t("scenario.explain.winner", player=self.winners[0] + 1))
        else:
            out.append(t("scenario.explain.shared", players=series(p + 1 for p in self.winners)))
        return out


#: The categories of ``breakdown``, in the order the charts and the what-if view show them.
CATEGORIES = ("placements", "floor", "bonus", "total")


def breakdown(result: TilingResult, player: int = 0) -> dict[str, int]:
    """What a tiling did to one player's score, by category: the wall ``placements``, the
    ``floor`` (as it changed the score, so after the clamp at 0), the end ``bonus``, and the
    ``total`` change."""
    steps = result.player_steps(player)
    return {
        "placements": sum(s.points for s in steps if isinstance(s, Placement)),
        "floor": sum(s.score - s.before for s in steps if isinstance(s, FloorPenalty)),
        "bonus": sum(s.points for s in steps if isinstance(s, EndBonus)),
        "total": result.boards[player].score - result.before[player],
    }


def as_scenario(value) -> Scenario:
    """A scenario from a ``Scenario``, a ``Board`` (its wall kind guessed from its tiles), a dict,
    the text of a scenario file, or a path to one. Raises ``ScenarioError`` when it is not valid."""
    if isinstance(value, Scenario):
        return value
    if isinstance(value, Board):
        return Scenario([value.copy()], value.wall_kind)
    if isinstance(value, dict):
        return Scenario.from_dict(value)
    if isinstance(value, str) and value.lstrip().startswith("{"):
        return Scenario.from_json(value)
    if isinstance(value, str | Path):
        return Scenario.load(value)
    raise TypeError(f"expected a Scenario, a Board, a dict, scenario text or a path, not "
                    f"{type(value).__name__}")
