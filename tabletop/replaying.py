"""Stepping through a kept game: the model of the replay widget, plain Python.

``Replay(record, coach)`` reads a record (every action checked by the engine, ``RecordError``
otherwise) and holds the game at its start and after every action. ``step`` is where it stands,
from 0 (the start) to ``last`` (after the last action); ``first``, ``previous``, ``next``,
``to_last`` and ``go(step)`` move it (never out of range: a step beyond either end stays at that
end). What is shown at a step, in the language in force when it is read: the game (``game``, a copy
the widget may draw but not change), the totals, the action just played in words and what it led
to (a tiling, the final breakdown), and where the step stands. ``Replay.from_link`` opens a link
(``tabletop.links``) that holds a record.
"""

from __future__ import annotations

from .game import Game
from .links import unpack
from .locale import t
from .records import RecordError, positions, record
from .review import Coach, scores_words
from .untrusted import shown


class Replay:
    def __init__(self, data: dict, coach: Coach) -> None:
        self.games: list[Game] = positions(data, coach.games)
        self.actions: list[str] = list(data["actions"]) if "actions" in data else []
        self.coach = coach
        self.format = data["format"]
        self.step = 0

    @classmethod
    def from_link(cls, link: str, coach: Coach) -> Replay:
        """The replay of the record a link holds (``LinkError`` or ``RecordError`` otherwise)."""
        return cls(unpack(link), coach)

    @classmethod
    def of(cls, source, coach: Coach) -> Replay:
        """The replay of a ``Game`` (its history), a record (a dict) or a link (a string)."""
        if isinstance(source, str):
            return cls.from_link(source, coach)
        return cls(source if isinstance(source, dict) else record(source), coach)

    # -- moving ---------------------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.games) - 1

    def go(self, step: int) -> int:
        """Stand at ``step`` (kept between 0 and ``last``); the step it stands at."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise RecordError(t("replay.bad_step", step=shown(step), last=self.last))
        self.step = max(0, min(self.last, step))
        return self.step

    def first(self) -> int:
        return self.go(0)

    def previous(self) -> int:
        return self.go(self.step - 1)

    def next(self) -> int:
        return self.go(self.step + 1)

    def to_last(self) -> int:
        return self.go(self.last)

    # -- what a step shows ----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.games[self.step]

    @property
    def totals(self) -> list[int]:
        return [score.total for score in self.game.scores()]

    def action_words(self, step: int | None = None) -> str:
        """The action that led to ``step`` (default: the current one), in words; at the start,
        that the game is at its start."""
        step = self.step if step is None else step
        if step == 0:
            return t.count("replay.start", self.games[0].seats)
        return self.coach.say(self.games[step - 1], self.actions[step - 1])

    def explained(self, step: int | None = None) -> list[str]:
        """What the action that led to ``step`` brought about beyond itself, line by line (Azul's
        tiling and end bonuses, Harmonies' final breakdown); nothing at the start."""
        step = self.step if step is None else step
        return self.coach.explain(self.games[step - 1], self.games[step]) if step else []

    def where(self) -> str:
        """"Action 5 of 60", or the start, or the end."""
        if self.step == 0:
            return t.count("replay.where.start", self.last)
        text = t("replay.where.action", number=self.step, actions=self.last)
        return t("replay.where.over", where=text) if self.game.over else text

    def scores(self) -> str:
        return t("keeping.replay.scores", scores=scores_words(self.totals, self.coach.first_seat))

    def to_move(self) -> str:
        """Whose turn it is at this step (or how the game came out)."""
        if self.game.over:
            return t("replay.over", outcome=self.coach.outcome(self.game))
        return t("replay.to_move", player=self.game.current + self.coach.first_seat)


__all__ = ["Replay"]
