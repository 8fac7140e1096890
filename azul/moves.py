"""Moves, and the text they print as and parse back from.

There are two kinds of move, both written ``<from>: <colour> -> <to>``:

* ``Take`` — the factory offer: take every tile of one colour from a factory or from the centre and
  put them on a pattern line or on the floor::

      factory 3: blue -> line 2
      centre: red -> floor

* ``Place`` — the wall tiling on the gray wall: the column where the tile of a complete pattern
  line goes, or ``floor`` when no cell of its row can take it::

      line 1: yellow -> column 4
      line 3: black -> floor

The move text is a grammar, so it stays English in every language (the messages about it do not).
Numbers count from 0, as everywhere in this package. When parsing, case and spacing do not matter,
``center`` is accepted for ``centre``, a colour may be its letter (``B Y R K W``) and ``→`` may stand
for ``->``.

Every possible move exists exactly once: ``Take(3, BLUE, 2)`` and ``parse_move("factory 3: blue ->
line 2")`` return the same object, so moves compare by identity, cost nothing to generate, and
cannot be changed.
"""

from __future__ import annotations

import re

from tabletop.untrusted import shown

from .errors import MoveSyntaxError
from .locale import t
from .tiles import COLOURS, LINES, NAMES, SIZE, colour_of, colour_title, series

#: ``Take.source`` of the centre of the table.
CENTRE = -1
#: ``Take.line`` or ``Place.column`` meaning the floor line.
FLOOR = -1

#: The most factories any game uses (four players).
MAX_FACTORIES = 9


class _Move:
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError("moves cannot be changed")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def __str__(self) -> str:
        return self.text  # type: ignore[attr-defined]


class Take(_Move):
    """Take every ``colour`` tile from factory ``source`` (or ``CENTRE``) onto pattern ``line``
    (or ``FLOOR``)."""

    __slots__ = ("source", "colour", "line", "text")
    source: int
    colour: int
    line: int
    text: str

    def __new__(cls, source: int, colour: int, line: int) -> Take:
        try:
            return _TAKES[source, colour, line]
        except (KeyError, TypeError):
            raise MoveSyntaxError(t("moves.no_such_take", source=shown(source), last=MAX_FACTORIES - 1,
                                    colour=shown(colour), line=shown(line))) from None

    def __reduce__(self):
        return (Take, (self.source, self.colour, self.line))


class Place(_Move):
    """Gray wall: the tile of complete pattern ``line`` (holding ``colour``) goes to ``column``;
    ``FLOOR`` sends the whole line to the floor, allowed only when no cell can take it."""

    __slots__ = ("line", "colour", "column", "text")
    line: int
    colour: int
    column: int
    text: str

    def __new__(cls, line: int, colour: int, column: int) -> Place:
        try:
            return _PLACES[line, colour, column]
        except (KeyError, TypeError):
            raise MoveSyntaxError(t("moves.no_such_place", line=shown(line), colour=shown(colour),
                                    column=shown(column))) from None

    def __reduce__(self):
        return (Place, (self.line, self.colour, self.column))


Move = Take | Place


def _build(cls, names, values, text):
    move = object.__new__(cls)
    for name, value in zip(names, values, strict=True):
        object.__setattr__(move, name, value)
    object.__setattr__(move, "text", text)
    return move


def _where(source: int) -> str:
    return "centre" if source == CENTRE else f"factory {source}"


def _to_line(line: int) -> str:
    return "floor" if line == FLOOR else f"line {line}"


def _to_column(column: int) -> str:
    return "floor" if column == FLOOR else f"column {column}"


_TAKES: dict[tuple[int, int, int], Take] = {
    (s, c, d): _build(Take, ("source", "colour", "line"), (s, c, d),
                      f"{_where(s)}: {NAMES[c]} -> {_to_line(d)}")
    for s in (*range(MAX_FACTORIES), CENTRE) for c in COLOURS for d in (*LINES, FLOOR)
}
_PLACES: dict[tuple[int, int, int], Place] = {
    (d, c, k): _build(Place, ("line", "colour", "column"), (d, c, k),
                      f"line {d}: {NAMES[c]} -> {_to_column(k)}")
    for d in LINES for c in COLOURS for k in (*range(SIZE), FLOOR)
}


def in_words(move: Move) -> str:
    """A move as a learner reads it, in the language in force ("factory 3: blue → line 2").
    ``str(move)`` stays the text ``parse_move`` reads, the same in every language."""
    if type(move) is Take:
        where = t("moves.words.centre") if move.source == CENTRE else t("moves.words.factory",
                                                                         factory=move.source)
        to = t("moves.words.floor") if move.line == FLOOR else t("moves.words.line", line=move.line)
    else:
        where = t("moves.words.line", line=move.line)
        to = t("moves.words.floor") if move.column == FLOOR else t("moves.words.column", column=move.column)
    return t("moves.words.move", where=where, colour=colour_title(move.colour), to=to)


def take_table(source: int) -> tuple[tuple[tuple[Take, ...], ...], ...]:
    """For one source: ``table[colour][mask]`` is the tuple of moves of that colour onto every
    pattern line whose bit is set in ``mask``, then onto the floor. ``Game.legal_moves`` uses it
    to list moves without building any."""
    return _TABLES[source]


_TABLES = {
    s: tuple(
        tuple(
            tuple(_TAKES[s, c, d] for d in LINES if mask >> d & 1) + (_TAKES[s, c, FLOOR],)
            for mask in range(1 << SIZE)
        )
        for c in COLOURS
    )
    for s in (*range(MAX_FACTORIES), CENTRE)
}

_MOVE_TEXT = re.compile(
    r"""\s*(?: factory\s*(?P<factory>\d+) | (?P<centre>centre|center) | line\s*(?P<line>\d+) )
        \s*:\s*(?P<colour>[a-z]+)\s*(?:->|→)\s*
        (?: line\s*(?P<to_line>\d+) | column\s*(?P<to_column>\d+) | (?P<floor>floor) )\s*""",
    re.IGNORECASE | re.VERBOSE,
)

EXAMPLES = ("factory 3: blue -> line 2", "centre: red -> floor", "line 1: yellow -> column 4")


def parse_move(text: str) -> Move:
    """The move written as ``text`` (see the module docstring for the grammar)."""
    m = _MOVE_TEXT.fullmatch(text)
    if m is None:
        examples = series(repr(e) for e in EXAMPLES)
        raise MoveSyntaxError(t("moves.unreadable", text=shown(text), examples=examples))
    try:
        colour = colour_of(m["colour"])
    except ValueError as e:
        raise MoveSyntaxError(str(e)) from None
    if m["line"] is None:
        if m["to_column"] is not None:
            raise MoveSyntaxError(t("moves.take_to_column", text=shown(text)))
        source = CENTRE if m["centre"] else int(m["factory"])
        if source >= MAX_FACTORIES:
            raise MoveSyntaxError(t("moves.too_many_factories", text=shown(text), most=MAX_FACTORIES,
                                    last=MAX_FACTORIES - 1))
        line = FLOOR if m["floor"] else _line(text, m["to_line"])
        return _TAKES[source, colour, line]
    if m["to_line"] is not None:
        raise MoveSyntaxError(t("moves.place_to_line", text=shown(text)))
    line = _line(text, m["line"])
    column = FLOOR if m["floor"] else _column(text, m["to_column"])
    return _PLACES[line, colour, column]


def _line(text: str, digits: str) -> int:
    n = int(digits)
    if n >= SIZE:
        raise MoveSyntaxError(t("moves.no_such_line", text=shown(text), line=n, last=SIZE - 1))
    return n


def _column(text: str, digits: str) -> int:
    n = int(digits)
    if n >= SIZE:
        raise MoveSyntaxError(t("moves.no_such_column", text=shown(text), column=n, last=SIZE - 1))
    return n
