"""The vocabulary of Harmonies: token colours, the pouch, and every legal stack.

A stack is a tuple of colours, bottom to top. The rules allow only fifteen stacks (the empty one
included), so each gets a small integer code; boards store codes, and the stacking rule is a table
lookup from (stack, colour) to the next stack.
"""

from __future__ import annotations

from enum import StrEnum

from tabletop.i18n import join_or
from tabletop.untrusted import shown

from .locale import t


class Colour(StrEnum):
    BLUE = "blue"
    GRAY = "gray"
    BROWN = "brown"
    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"

    @property
    def letter(self) -> str:
        """One letter per colour, for compact text and colour-blind-safe drawings (K for gray)."""
        return _LETTERS[self]

    @property
    def title(self) -> str:
        """The colour's name in the language in force (``value`` stays the English identifier)."""
        return t(f"colour.{self.value}")

    @classmethod
    def parse(cls, text: str) -> Colour:
        """A colour from its name (``grey`` accepted) or its letter; ValueError otherwise."""
        key = str(text).strip().lower()
        key = {"grey": "gray"}.get(key, key)
        for colour in cls:
            if key in (colour.value, colour.letter.lower()):
                return colour
        names = ", ".join(c.value for c in cls)  # what to type: the English words of the grammar
        raise ValueError(t("tokens.error.colour", text=shown(text), names=names))


BLUE, GRAY, BROWN, GREEN, YELLOW, RED = Colour
_LETTERS = {BLUE: "B", GRAY: "K", BROWN: "N", GREEN: "G", YELLOW: "Y", RED: "R"}

#: How many tokens of each colour the pouch holds at the start (120 in all).
POUCH_COUNTS: dict[Colour, int] = {BLUE: 23, GRAY: 23, BROWN: 21, GREEN: 19, YELLOW: 19, RED: 15}

Stack = tuple[Colour, ...]

#: Every stack the rules allow, bottom to top; the index is the stack's code.
STACKS: tuple[Stack, ...] = (
    (),
    (BLUE,),
    (YELLOW,),
    (GREEN,),
    (BROWN, GREEN),
    (BROWN, BROWN, GREEN),
    (BROWN,),
    (BROWN, BROWN),
    (GRAY,),
    (GRAY, GRAY),
    (GRAY, GRAY, GRAY),
    (RED,),
    (RED, RED),
    (BROWN, RED),
    (GRAY, RED),
)
CODE: dict[Stack, int] = {stack: code for code, stack in enumerate(STACKS)}
EMPTY = 0

TOP: tuple[Colour | None, ...] = tuple(s[-1] if s else None for s in STACKS)
HEIGHT: tuple[int, ...] = tuple(len(s) for s in STACKS)

#: NEXT[code][colour] is the code of the stack after placing ``colour`` on it, or -1.
NEXT: tuple[dict[Colour, int], ...] = tuple(
    {c: CODE.get(stack + (c,), -1) for c in Colour} for stack in STACKS
)
#: The same table by colour first: NEXT_BY_COLOUR[colour][code] (a row per colour, for fast loops).
NEXT_BY_COLOUR: dict[Colour, tuple[int, ...]] = {c: tuple(row[c] for row in NEXT) for c in Colour}

# What a stack is, in words, for messages and explanations.
TREE = {CODE[(GREEN,)]: 1, CODE[(BROWN, GREEN)]: 2, CODE[(BROWN, BROWN, GREEN)]: 3}
MOUNTAIN = {CODE[(GRAY,)]: 1, CODE[(GRAY, GRAY)]: 2, CODE[(GRAY, GRAY, GRAY)]: 3}
BUILDING = frozenset(CODE[(base, RED)] for base in (RED, BROWN, GRAY))


def describe(code: int) -> str:
    """A stack in plain words: 'a tree of height 2', 'a red token', 'two brown tokens'."""
    if code == EMPTY:
        return t("tokens.nothing")
    if code in TREE:
        return t("tokens.tree", height=TREE[code])
    if code in MOUNTAIN:
        height = MOUNTAIN[code]
        return t("tokens.mountain.low") if height == 1 else t("tokens.mountain", height=height)
    if code in BUILDING:
        return t("tokens.building", base=STACKS[code][0].title)
    stack = STACKS[code]
    if len(stack) == 1:
        return one_token(stack[0])
    return t("tokens.two_brown")


def one_token(colour: Colour) -> str:
    """'a blue token': one key per colour, as some languages inflect the colour word."""
    return t(f"tokens.one.{Colour(colour).value}")


def why_not(code: int, colour: Colour) -> str | None:
    """Why ``colour`` cannot go on the stack ``code``, in words; None when it can."""
    if NEXT[code][colour] >= 0:
        return None
    top = TOP[code]
    what = describe(code)
    if top in (BLUE, YELLOW, GREEN):
        return t("tokens.refused.top", stack=what, top=top.title)
    if code in BUILDING:
        return t("tokens.refused.building", stack=what)
    if HEIGHT[code] == 3:
        return t("tokens.refused.height", stack=what)
    fits = join_or(c.title for c in Colour if NEXT[code][c] >= 0)
    return t("tokens.refused.only", stack=what, fits=fits, colour=Colour(colour).title)
