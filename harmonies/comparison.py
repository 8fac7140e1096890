"""Two boards' scores compared: the what-if's model, with no widget.

``Comparison(before, after)`` takes two scoring breakdowns and says, score key by score key, what
changed (``difference``) and, category by category, which scoring items appeared or went
(``lines``), in the language in force when read::

    Comparison(score(board), score(changed)).lines()
    # ['trees: 0 → 0', …, 'fields: 10 → 15 (+5): + field of 3 yellow tokens (a1, a2, b1) (5)', …]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tabletop import links

from . import scoring
from .locale import t
from .scenario import Scenario

#: What a what-if's link holds (``tabletop.links.kind``): the board before and the board after.
LINK = "harmonies-whatif"


@dataclass(frozen=True)
class Comparison:
    before: scoring.Breakdown
    after: scoring.Breakdown

    def difference(self) -> dict[str, tuple[int, int, int]]:
        """Each of the nine score keys: (before, after, after − before)."""
        a, b = self.before.to_dict(), self.after.to_dict()
        return {key: (a[key], b[key], b[key] - a[key]) for key in scoring.SCORE_KEYS}

    def lines(self) -> list[str]:
        """The change of each category with the items behind it, the landscapes and the total."""
        a, b = self.before, self.after
        lines = []
        for category in scoring.CATEGORIES:
            lines.append(_compare(category, a, b))
            if category == "water":
                lines.append(_change("landscapes", a.landscapes, b.landscapes))
        lines.append(_change("total", a.total, b.total))
        return lines


def _change(key: str, a: int, b: int) -> str:
    """One score key's change in words: ``fields: 10 → 15 (+5)``."""
    category = t(f"whatif.category.{key}")
    if a == b:
        return t("whatif.no_change", category=category, before=a, after=b)
    return t("whatif.change", category=category, before=a, after=b, difference=f"{b - a:+d}")


def _compare(category: str, a: scoring.Breakdown, b: scoring.Breakdown) -> str:
    """One category's change and the scoring items behind it (items worth 0 points are left out)."""
    before = Counter((i.label, i.points) for i in a.items_for(category) if i.points)
    after = Counter((i.label, i.points) for i in b.items_for(category) if i.points)
    gained, lost = after - before, before - after
    parts = [t("whatif.gained", item=label, points=points) for label, points in sorted(gained.elements())]
    parts += [t("whatif.lost", item=label, points=points) for label, points in sorted(lost.elements())]
    line = _change(category, getattr(a, category), getattr(b, category))
    return t("whatif.items", change=line, items=t("whatif.separator").join(parts)) if parts else line


# --- the what-if as a link ------------------------------------------------------------------------


def link(before: Scenario, after: Scenario) -> str:
    """Both boards of a what-if as a link's fragment (``#play=...``)."""
    return links.pack(links.kind(LINK, before=before.to_dict(), after=after.to_dict()))


def claims(address: str) -> bool:
    """Whether a page address holds a what-if's link (or a broken link, for it to explain)."""
    return links.claims(address, lambda data: links.holds(data, LINK))


def from_link(address: str) -> tuple[Scenario, Scenario]:
    """The two boards a what-if's link holds, both checked (``LinkError`` or ``ScenarioError``)."""
    data = links.of_kind(links.unpack(address), LINK)
    if data is None:
        raise links.LinkError(t("whatif.link.other"))
    return Scenario.from_dict(data.get("before")), Scenario.from_dict(data.get("after"))
