"""The actions of a Harmonies turn, as small immutable objects with a text form that parses back.

Grammar (one action per line; words are separated by spaces, case does not matter)::

    take SPACE          take all 3 tokens of a central-board space (spaces are numbered from 1)
    place COLOUR CELL   put one token from your hand on a cell      e.g. ``place green c3``
    card CARD           take an animal card from the display        e.g. ``card 23``
    cube CARD CELL      move the bottom cube of a card onto a cell  e.g. ``cube 23 c2``
    spirit CARD         keep this Nature's Spirit card (first turn)  e.g. ``spirit 35``
    swap CARD           solo: swap a display card for the deck's top card (end of a turn, no card taken)
    end                 end your turn

``COLOUR`` is one of ``blue gray brown green yellow red`` (``grey`` and the one-letter codes of
``Colour.letter`` are accepted). ``CELL`` is a cell name such as ``c3``. ``CARD`` is a card id or a
card's name (``cube Fennec Fox d2`` works: the cell is the last word). ``str(action)`` gives the
canonical text (ids, lower-case colours), and ``parse_action(str(action)) == action``.

Actions are values (frozen dataclasses): equal actions compare and hash equal, and they pickle. The
game hands out interned objects from ``legal_actions()`` (built once per side, colour and cell) so
listing them costs no allocation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tabletop.untrusted import shown

from .board import LAYOUTS, Side
from .cards import card as _card
from .errors import ActionSyntaxError, IllegalSpace
from .locale import t
from .tokens import Colour


class Action:
    """Base class of the seven actions: frozen dataclasses (values that compare, hash, pickle and
    deep-copy by their fields); ``kind`` is the first word of the text."""

    __slots__ = ()
    kind = ""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def to_text(self) -> str:
        return str(self)


_VALUE = dataclass(frozen=True, slots=True, repr=False)


@_VALUE
class TakeTokens(Action):
    """Take all 3 tokens of central space ``space`` (1-based)."""

    space: int
    kind = "take"

    def __post_init__(self):
        object.__setattr__(self, "space", int(self.space))

    def __str__(self) -> str:
        return f"take {self.space}"


@_VALUE
class PlaceToken(Action):
    """Put one token of ``colour`` from the hand on ``cell``."""

    colour: Colour
    cell: str
    kind = "place"

    def __post_init__(self):
        colour = self.colour if isinstance(self.colour, Colour) else Colour.parse(self.colour)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "cell", str(self.cell).strip().lower())

    def __str__(self) -> str:
        return f"place {self.colour} {self.cell}"


@_VALUE
class TakeCard(Action):
    """Take an animal card from the display."""

    card: int
    kind = "card"

    def __post_init__(self):
        object.__setattr__(self, "card", int(self.card))

    def __str__(self) -> str:
        return f"card {self.card}"


@_VALUE
class PlaceCube(Action):
    """Move the bottom cube of a held card (animal or the chosen spirit) onto ``cell``."""

    card: int
    cell: str
    kind = "cube"

    def __post_init__(self):
        object.__setattr__(self, "card", int(self.card))
        object.__setattr__(self, "cell", str(self.cell).strip().lower())

    def __str__(self) -> str:
        return f"cube {self.card} {self.cell}"


@_VALUE
class ChooseSpirit(Action):
    """Keep one of the two Nature's Spirit cards dealt to you (during your first turn)."""

    card: int
    kind = "spirit"

    def __post_init__(self):
        object.__setattr__(self, "card", int(self.card))

    def __str__(self) -> str:
        return f"spirit {self.card}"


@_VALUE
class SwapCard(Action):
    """Solo: put a display card out of the game and replace it with the top card of the deck."""

    card: int
    kind = "swap"

    def __post_init__(self):
        object.__setattr__(self, "card", int(self.card))

    def __str__(self) -> str:
        return f"swap {self.card}"


@_VALUE
class EndTurn(Action):
    """End the turn: refill the central board and the display, pass to the next player."""

    kind = "end"

    def __str__(self) -> str:
        return "end"


END = EndTurn()

# How to write each action ("take SPACE (e.g. take 2)"), looked up in the language in force when shown.
_USAGE = {
    "take": t.lazy("action.usage.take"),
    "place": t.lazy("action.usage.place"),
    "card": t.lazy("action.usage.card"),
    "cube": t.lazy("action.usage.cube"),
    "spirit": t.lazy("action.usage.spirit"),
    "swap": t.lazy("action.usage.swap"),
    "end": "end",  # a command word alone: nothing to translate
}


def usage(kind: str) -> str:
    """How to write one kind of action, e.g. ``take SPACE (e.g. take 2)``, in the language in force."""
    return str(_USAGE[kind])


def _usages() -> str:
    return t("action.usage.separator").join(usage(kind) for kind in _USAGE)


def _card_id(words: list[str], text: str, kind: str) -> int:
    key = " ".join(words)
    if not key:
        raise ActionSyntaxError(t("action.which_card", text=shown(text), usage=usage(kind)))
    try:
        return _card(key).id
    except KeyError as err:
        raise ActionSyntaxError(t("action.problem", text=shown(text), problem=err.args[0])) from None


def parse_action(text: str | Action) -> Action:
    """An action from its text form (see the module docstring); an Action is returned as it is."""
    if isinstance(text, Action):
        return text
    words = str(text).strip().lower().split()
    if not words:
        raise ActionSyntaxError(t("action.empty", usages=_usages()))
    kind, rest = words[0], words[1:]
    if kind not in _USAGE:
        raise ActionSyntaxError(t("action.unknown", text=shown(text), kind=shown(kind), usages=_usages()))
    try:
        if kind == "end":
            if rest:
                raise ValueError
            return END
        if kind == "take":
            if len(rest) != 1 or not rest[0].isdigit():
                raise ValueError
            return TakeTokens(int(rest[0]))
        if kind == "place":
            if len(rest) != 2:
                raise ValueError
            try:
                colour = Colour.parse(rest[0])
            except ValueError as err:
                raise ActionSyntaxError(t("action.problem", text=shown(text), problem=str(err))) from None
            return PlaceToken(colour, rest[1])
        if kind == "cube":
            if len(rest) < 2:
                raise ValueError
            return PlaceCube(_card_id(rest[:-1], text, kind), rest[-1])
        cls = {"card": TakeCard, "spirit": ChooseSpirit, "swap": SwapCard}[kind]
        return cls(_card_id(rest, text, kind))
    except ActionSyntaxError:
        raise
    except ValueError:
        raise ActionSyntaxError(t("action.malformed", text=shown(text), usage=usage(kind))) from None


@cache
def place_actions(side: Side) -> dict[Colour, tuple[PlaceToken, ...]]:
    """The interned PlaceToken of every colour and cell of a side, indexed by cell index."""
    names = LAYOUTS[side].names
    return {colour: tuple(PlaceToken(colour, n) for n in names) for colour in Colour}


_CUBES: dict[tuple[Side, int], tuple[PlaceCube, ...]] = {}


def cube_actions(side: Side, card_id: int) -> tuple[PlaceCube, ...]:
    """The interned PlaceCube of a card on every cell of a side, indexed by cell index."""
    key = (side, card_id)
    found = _CUBES.get(key)
    if found is None:
        found = _CUBES[key] = tuple(PlaceCube(card_id, n) for n in LAYOUTS[side].names)
    return found


_TAKES = tuple(TakeTokens(s) for s in range(1, 6))
_CARDS = {i: TakeCard(i) for i in range(1, 43)}
_SPIRITS = {i: ChooseSpirit(i) for i in range(1, 43)}
_SWAPS = {i: SwapCard(i) for i in range(1, 43)}


def take_action(space: int) -> TakeTokens:
    return _TAKES[space - 1]


def card_action(card_id: int) -> TakeCard:
    return _CARDS[card_id]


def spirit_action(card_id: int) -> ChooseSpirit:
    return _SPIRITS[card_id]


def swap_action(card_id: int) -> SwapCard:
    return _SWAPS[card_id]


__all__ = ["Action", "ActionSyntaxError", "IllegalSpace", "TakeTokens", "PlaceToken", "TakeCard",
           "PlaceCube", "ChooseSpirit", "SwapCard", "EndTurn", "END", "parse_action", "place_actions",
           "cube_actions"]
