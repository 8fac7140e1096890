"""The 32 animal cards and 10 Nature's Spirit cards, read from ``data/cards.json``.

A card's habitat pattern is a list of cells in axial offsets from its first cell, each with what it
needs (``W`` water, ``F`` field, ``B`` building, ``T1``–``T3`` a tree of that height, ``M1``–``M3`` a
mountain of that height); one of them is the cube cell.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tabletop.i18n import Catalogue
from tabletop.untrusted import number, shown

from .locale import t
from .tokens import BUILDING, CODE, MOUNTAIN, STACKS, TREE, Colour, one_token

#: For each need, the stack codes that satisfy it (a building may stand on red, brown or gray).
NEEDS: dict[str, frozenset[int]] = {
    "W": frozenset({CODE[(Colour.BLUE,)]}),
    "F": frozenset({CODE[(Colour.YELLOW,)]}),
    "B": BUILDING,
    **{f"T{h}": frozenset(c for c, t in TREE.items() if t == h) for h in (1, 2, 3)},
    **{f"M{h}": frozenset(c for c, m in MOUNTAIN.items() if m == h) for h in (1, 2, 3)},
}

_common = Catalogue("tabletop")


class _NeedWords(Mapping):
    """Each need in words ('a tree of height 2'), looked up in the language in force at each read."""

    def __getitem__(self, need: str) -> str:
        if need == "W":
            return one_token(Colour.BLUE)
        if need == "F":
            return one_token(Colour.YELLOW)
        if need == "B":
            return t("cards.need.building")
        if need in NEEDS and need[0] == "T":
            return t("tokens.tree", height=int(need[1]))
        if need in NEEDS and need[0] == "M":
            return t("tokens.mountain", height=int(need[1]))
        raise KeyError(need)

    def __iter__(self) -> Iterator[str]:
        return iter(NEEDS)

    def __len__(self) -> int:
        return len(NEEDS)


NEED_WORDS: Mapping[str, str] = _NeedWords()


def need_mask(need: str) -> int:
    """The set of stack codes satisfying a need, as a bit mask over codes."""
    return sum(1 << code for code in NEEDS[need])


@dataclass(frozen=True)
class PatternCell:
    need: str
    dq: int
    dr: int


@dataclass(frozen=True)
class Card:
    """One animal or Nature's Spirit card."""

    id: int
    name: str
    pattern: tuple[PatternCell, ...]
    cube: int  # index into ``pattern`` of the cell the cube goes on
    points: tuple[int, ...] = ()  # animal cards: points bottom → top, one per cube
    scoring: dict | None = None  # spirit cards: the end-of-game rule (see scoring.py)
    rule: str = ""  # spirit cards: the rule in words

    @property
    def title(self) -> str:
        """The card's name in the language in force (``name`` stays the English identifier)."""
        return t(f"card.{self.id}")

    @property
    def rule_text(self) -> str:
        """A spirit card's rule in words in the language in force ("" for an animal card)."""
        return t(f"card.{self.id}.rule") if self.rule else ""

    @property
    def is_spirit(self) -> bool:
        return self.scoring is not None

    @property
    def cubes(self) -> int:
        """How many cubes the card holds when taken (a spirit card holds one)."""
        return 1 if self.is_spirit else len(self.points)

    @property
    def cube_need(self) -> str:
        return self.pattern[self.cube].need

    def points_for(self, cubes_placed: int) -> int:
        """An animal card's points once ``cubes_placed`` cubes have left it (0 for none)."""
        return self.points[cubes_placed - 1] if cubes_placed else 0

    def _repr_svg_(self) -> str:
        from . import draw  # drawing is optional for the rules layer: imported only when shown
        return draw.card_scene(self).to_svg()

    def _repr_html_(self) -> str:
        from tabletop.scene import image_html  # the picture, with its title as its text

        return image_html(self._repr_svg_())

    def describe(self) -> str:
        cells = _common("list.separator").join(NEED_WORDS[p.need] for p in self.pattern)
        return t("cards.describe", card=self.title, id=self.id, cells=cells, need=NEED_WORDS[self.cube_need])


def _card(entry: dict) -> Card:
    return Card(
        id=entry["id"],
        name=entry["name"],
        pattern=tuple(PatternCell(n, q, r) for n, q, r in entry["pattern"]),
        cube=entry["cube"],
        points=tuple(entry.get("points", ())),
        scoring=entry.get("scoring"),
        rule=entry.get("rule", ""),
    )


@cache
def _load() -> dict[int, Card]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return {e["id"]: _card(e) for e in data["animals"] + data["spirits"]}


def all_cards() -> dict[int, Card]:
    """Every card by id: animals 1–32, spirits 33–42."""
    return dict(_load())


def animal_ids() -> list[int]:
    return [i for i, c in _load().items() if not c.is_spirit]


def spirit_ids() -> list[int]:
    return [i for i, c in _load().items() if c.is_spirit]


def card(key: int | str) -> Card:
    """A card by id (``23`` or ``"23"``) or by name (``"Fennec Fox"``, any case, or its name in the
    language in force); KeyError otherwise."""
    cards = _load()
    if number(key) is not None:  # "²" is a digit, but no number
        found = cards.get(number(key))
    else:
        wanted = str(key).strip().lower()
        found = next((c for c in cards.values() if c.name.lower() == wanted), None)
        if found is None:
            found = next((c for c in cards.values() if c.title.lower() == wanted), None)
    if found is None:
        raise KeyError(t("cards.error.unknown", key=shown(key)))
    return found


__all__ = ["Card", "PatternCell", "NEEDS", "NEED_WORDS", "STACKS", "all_cards", "animal_ids",
           "spirit_ids", "card", "need_mask"]
