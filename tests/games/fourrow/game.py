"""The rules of Four in a Row: the board, the moves, the end. A ``tabletop.game.Game``.

A move drops a disc into a column, written ``drop 4`` (columns numbered 1 to 7 from the left, as
the picture numbers them). The board keeps each column's discs from the bottom up, each the seat
(0 or 1) that dropped it; a place is (column, row), both from 0, row 0 at the bottom.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.untrusted import clipped, number, shown

from .errors import ColumnFull, GameOver, MoveSyntaxError, NoSuchColumn, ScenarioError
from .locale import t

COLUMNS, ROWS, LINE = 7, 6, 4
#: The four directions a line can run in: across, up, and the two slants.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_MOVE = re.compile(r"\s*drop\s+(\S+)\s*", re.IGNORECASE)

Place = tuple[int, int]


@dataclass(frozen=True, order=True)
class Drop:
    """A disc dropped into ``column`` (from 1)."""

    column: int

    def __str__(self) -> str:
        return f"drop {self.column}"


@dataclass(frozen=True)
class Score:
    """A seat's score: 1 for the winner, else 0 (a tie gives nobody a point)."""

    total: int


class Game:
    """A game of Four in a Row from its first disc; ``players`` must be 2 (a table or a record
    passes it), ``seed`` is kept for the record, as nothing in the game is drawn by chance."""

    RECORD = "fourrow-game"  # its game records' format (tabletop.records)

    def __init__(self, players: int = 2, seed: int | str | None = None) -> None:
        if type(players) is not int or players != 2:  # not True, not 2.0
            raise ValueError(t("game.players", players=shown(players)))
        self.start: dict = {"players": players, "seed": seed}
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]
        self.current = 0
        self.history: list[Drop] = []
        self.line: tuple[Place, ...] = ()  # the four in a row that ended the game, if any

    # --- reading the state ---------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return 2

    @property
    def full(self) -> bool:
        return all(len(column) == ROWS for column in self.columns)

    @property
    def over(self) -> bool:
        return bool(self.line) or self.full

    def disc(self, place: Place) -> int | None:
        """The seat whose disc is at ``place``, or None (empty, or off the board)."""
        column, row = place
        if 0 <= column < COLUMNS and 0 <= row < len(self.columns[column]):
            return self.columns[column][row]
        return None

    def legal_actions(self) -> list[Drop]:
        if self.over:
            return []
        return [Drop(c + 1) for c, column in enumerate(self.columns) if len(column) < ROWS]

    legal_moves = legal_actions

    def scores(self) -> list[Score]:
        won = self.winners() if self.line else []
        return [Score(1 if seat in won else 0) for seat in range(self.seats)]

    def winners(self) -> list[int]:
        """The seat with four in a row; both seats on a full board; nobody before the end."""
        if self.line:
            return [self.disc(self.line[0])]
        return [0, 1] if self.full else []

    # --- moves ---------------------------------------------------------------------------------
    def action_text(self, action: Drop) -> str:
        return str(action)

    def parse_action(self, text: str | Drop) -> Drop:
        """The move a text writes (``drop 4``), or ``MoveSyntaxError`` / ``NoSuchColumn``."""
        if isinstance(text, Drop):
            return text
        found = _MOVE.fullmatch(text) if isinstance(text, str) else None
        column = number(found.group(1)) if found else None
        if column is None:
            raise MoveSyntaxError(t("move.unreadable", text=clipped(str(text)), columns=COLUMNS))
        return Drop(column)

    def landing(self, action: Drop) -> Place:
        """Where the disc of a legal ``action`` comes to rest."""
        return action.column - 1, len(self.columns[action.column - 1])

    def play(self, action: Drop | str) -> Drop:
        """Drop the disc (checked first: an illegal move changes nothing); the move played."""
        action = self.parse_action(action)
        if self.over:
            raise GameOver(t("move.over"))
        if not 1 <= action.column <= COLUMNS:
            raise NoSuchColumn(t("move.no_column", column=clipped(str(action.column)), columns=COLUMNS))
        place = self.landing(action)
        if place[1] == ROWS:
            raise ColumnFull(t("move.full", column=action.column, rows=ROWS))
        self.columns[place[0]].append(self.current)
        self.history.append(action)
        self.line = self.line_through(place)
        self.current = 1 - self.current
        return action

    def line_through(self, place: Place) -> tuple[Place, ...]:
        """Four (or more) discs in a line through ``place``, all of its disc's seat; else ()."""
        seat = self.disc(place)
        for dc, dr in DIRECTIONS:
            line = [place]
            for step in (1, -1):
                c, r = place[0] + step * dc, place[1] + step * dr
                while self.disc((c, r)) == seat:
                    line.append((c, r))
                    c, r = c + step * dc, r + step * dr
            if len(line) >= LINE:
                return tuple(sorted(line))
        return ()

    # --- copies and files ----------------------------------------------------------------------
    def copy(self) -> Game:
        other = Game.__new__(Game)
        other.start = self.start
        other.columns = [column[:] for column in self.columns]
        other.current, other.history, other.line = self.current, self.history[:], self.line
        return other

    def to_dict(self) -> dict:
        """The game as JSON-ready data: how it started, the moves, and the board they built
        (bottom first, each disc its seat), which ``from_dict`` checks against the moves."""
        return {"game": "fourrow", "setup": dict(self.start),
                "moves": [str(action) for action in self.history],
                "columns": [column[:] for column in self.columns], "current": self.current}

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """The game ``to_dict`` wrote, every move played again; ``ScenarioError`` names the field
        that is wrong."""
        if not isinstance(data, dict) or data.get("game") != "fourrow":
            raise ScenarioError("game", t("file.not_a_game"))
        setup, moves = data.get("setup"), data.get("moves")
        if not isinstance(setup, dict) or set(setup) - {"players", "seed"}:
            raise ScenarioError("setup", t("file.setup"))
        if not isinstance(moves, list):
            raise ScenarioError("moves", t("file.moves"))
        try:
            game = cls(**setup)
        except (TypeError, ValueError) as err:
            raise ScenarioError("setup", str(err)) from None
        for index, text in enumerate(moves):
            try:
                game.play(text)
            except ValueError as err:
                raise ScenarioError(f"moves[{index}]", str(err)) from None
        if data.get("columns") != game.columns or data.get("current") != game.current:
            raise ScenarioError("columns", t("file.disagrees"))
        return game

    def __repr__(self) -> str:
        return f"<Four in a Row after {len(self.history)} moves>"


__all__ = ["Game", "Drop", "Score", "COLUMNS", "ROWS", "LINE", "DIRECTIONS"]
