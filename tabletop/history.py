"""Undo and redo for a widget: whole states, kept before each change (the engines' copies)."""

from __future__ import annotations

from typing import Generic, TypeVar

State = TypeVar("State")


class History(Generic[State]):
    """``save(state)`` before a change; ``undo(now)`` and ``redo(now)`` return the state to show,
    or None when there is nothing to go back (or forward) to."""

    def __init__(self) -> None:
        self.past: list[State] = []
        self.future: list[State] = []

    def save(self, state: State) -> None:
        self.past.append(state)
        self.future.clear()  # a new change forgets what was undone

    def undo(self, now: State) -> State | None:
        return self._move(self.past, self.future, now)

    def redo(self, now: State) -> State | None:
        return self._move(self.future, self.past, now)

    @staticmethod
    def _move(source: list[State], target: list[State], now: State) -> State | None:
        if not source:
            return None
        target.append(now)
        return source.pop()
