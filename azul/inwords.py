"""The table's things in the learner's words (the language in force), and the keys of the pictures
read back: plain Python, for the table's model as for the widgets."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tabletop.locale import t as common

from .locale import t
from .tiles import SIZE, colour_of


class Later:
    """Words put together each time they are read: a log line or a warning kept from before a
    change of language is shown in the new one: ``Later(i18n.join_and, names)`` joins the names
    with the "and" of the language in force."""

    __slots__ = ("_words", "_args")

    def __init__(self, words: Callable[..., str], *args) -> None:
        self._words, self._args = words, args

    def __str__(self) -> str:
        return self._words(*self._args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def wall_words(kind: str) -> str:
    """The kind of wall in prose (the files say ``"colored"``)."""
    return t("widgets.wall.gray") if kind == "gray" else t("widgets.wall.colored")


def seat_title(seat: str) -> str:
    """A seat ("human" or a policy) as a learner reads it; a test checks every seat's key."""
    return t(f"widgets.seat.{seat}")


def listed(words: Iterable[object]) -> str:
    """``a, b, c``: a plain list (no "and"), with the language's separator."""
    return common("list.separator").join(str(word) for word in words)


def parse_key(key: str) -> tuple[int | None, str, tuple[int, ...]]:
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
