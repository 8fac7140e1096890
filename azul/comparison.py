"""Two ways to tile the same wall compared: the what-if's model, with no widget.

``TilingComparison(left, right)`` tiles each position with the engine and says, for one player,
what differs category by category (the wall placements, the floor after the clamp at 0, the end
bonus, the change of score, the final score), in numbers (``difference``) and in words
(``explanation``), and draws each side before and after (``scene``). The widget
(``azul.widgets.TilingCompare``) only lays it out. A request that cannot be done (another player
than the scenarios hold) changes nothing and says why in ``message``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop import Display, Scene, links
from tabletop.locale import t as common

from . import draw
from .errors import ScenarioError
from .inwords import listed
from .locale import t
from .scenario import CATEGORIES, Scenario, TilingResult, as_scenario, breakdown
from .tiling import FloorPenalty, Placement

#: What a comparison's link holds (``tabletop.links.kind``): both positions, their labels, the player.
LINK = "azul-compare"


class TilingComparison:
    """Two positions (each a ``Scenario``, a ``Board``, a dict, a scenario file's text or path),
    each tiled by the engine, compared for ``player``."""

    def __init__(self, left, right, *, labels: Sequence[str] = ("A", "B"), player: int = 0,
                 display: Display | None = None) -> None:
        self.scenarios = (as_scenario(left), as_scenario(right))
        self.results: tuple[TilingResult, ...] = tuple(s.tile() for s in self.scenarios)
        self.labels = tuple(labels)
        self.display = display
        self.players = min(len(s.boards) for s in self.scenarios)
        self.player = 0
        self._message: object = ""
        self.choose_player(player)

    @property
    def message(self) -> str:
        """Why the last request was refused, in words; empty after one that worked."""
        return str(self._message)

    def choose_player(self, player: int) -> None:
        if not 0 <= player < self.players:
            self._message = t.lazy("widgets.compare.no_such_player", last=self.players, player=player + 1)
            return
        self.player, self._message = player, ""

    # --- as a link -------------------------------------------------------------------------------

    def link(self) -> str:
        """Both positions, their labels and the player compared, as a link's fragment (``#play=...``)."""
        left, right = (s.to_dict() for s in self.scenarios)
        self._message = ""
        return links.pack(links.kind(LINK, left=left, right=right, labels=list(self.labels),
                                     player=self.player))

    @staticmethod
    def claims(address: str) -> bool:
        """Whether a page address holds a comparison's link (or a broken link, for it to explain)."""
        return links.claims(address, lambda data: links.holds(data, LINK))

    def from_link(self, address: str) -> TilingComparison | None:
        """The comparison a link holds, every position checked; None (and why in ``message``, this
        comparison staying as it is) for a broken link or one holding something else."""
        try:
            data = links.of_kind(links.unpack(address), LINK)
            if data is None:
                raise links.LinkError(t("widgets.compare.link.other"))
            labels, player = data.get("labels"), data.get("player", 0)
            if (not isinstance(labels, list) or len(labels) != 2 or labels[0] == labels[1]
                    or not all(isinstance(x, str) and 0 < len(x) <= 40 for x in labels)
                    or type(player) is not int):
                raise links.LinkError(common("links.damaged"))
            left, right = (Scenario.from_dict(data.get(side)) for side in ("left", "right"))
        except (links.LinkError, ScenarioError) as err:
            self._message = str(err)
            return None
        other = TilingComparison(left, right, labels=labels, player=player, display=self.display)
        if other.message:  # no such player in both positions
            self._message = other.message
            return None
        return other

    def breakdowns(self) -> dict[str, dict[str, int]]:
        """Per side (by label): the engine's points by category, plus the score ``before`` and
        the ``final`` score."""
        out = {}
        for label, result in zip(self.labels, self.results, strict=True):
            parts = breakdown(result, self.player)
            parts["before"] = result.before[self.player]
            parts["final"] = result.boards[self.player].score
            out[label] = parts
        return out

    def difference(self) -> dict[str, int]:
        """Right − left for ``placements``, ``floor``, ``bonus``, ``total`` (the change of score)
        and ``final`` (the final score)."""
        a, b = (self.breakdowns()[label] for label in self.labels)
        return {k: b[k] - a[k] for k in (*CATEGORIES, "final")}

    @property
    def explanation(self) -> str:
        """The difference in words, one line per category."""
        parts = self.breakdowns()
        (la, a), (lb, b) = parts.items()
        diff = self.difference()
        sides = {"left": la, "right": lb}
        lines = [t("widgets.compare.explain.player", player=self.player + 1, **sides,
                   left_before=a["before"], left_final=a["final"],
                   right_before=b["before"], right_final=b["final"])]
        for key in (*CATEGORIES, "final"):
            shown = str if key == "final" else signed
            said = {**sides, "left_points": shown(a[key]), "right_points": shown(b[key]),
                    "difference": signed(diff[key])}
            lines.append(self._explain(key, said))
        return "\n".join(lines)

    def scene(self) -> Scene:
        """Each side before and after its tiling (the tiles it placed ringed)."""
        p = self.player
        boards, titles, marks = [], [], []
        for label, scenario in zip(self.labels, self.scenarios, strict=True):
            boards.append(scenario.boards[p])
            titles.append(t("widgets.compare.title.before", label=label))
        for k, (label, result) in enumerate(zip(self.labels, self.results, strict=True)):
            boards.append(result.boards[p])
            titles.append(t("widgets.compare.title.after", label=label))
            marks += [f"player:{2 + k}:wall:{s.row},{s.column}"
                      for s in result.player_steps(p) if isinstance(s, Placement)]
        return draw.boards_scene(boards, titles=titles, highlight=marks, display=self.display)

    def _explain(self, key: str, said: dict) -> str:
        """The line of one category (``placements``, ``floor``, ``bonus``, ``total``, ``final``)."""
        if key == "placements":
            left, right = (self._placements(r) for r in self.results)
            return t("widgets.compare.explain.placements", **said, left_details=left, right_details=right)
        if key == "floor":
            clamped = [label for label, r in zip(self.labels, self.results, strict=True)
                       if any(isinstance(s, FloorPenalty) and s.clamped for s in r.player_steps(self.player))]
            if clamped:
                return t("widgets.compare.explain.floor_clamped", **said, clamped=listed(clamped))
            return t("widgets.compare.explain.floor", **said)
        if key == "bonus":
            return t("widgets.compare.explain.bonus", **said)
        if key == "total":
            return t("widgets.compare.explain.total", **said)
        return t("widgets.compare.explain.final", **said)

    def _placements(self, result: TilingResult) -> str:
        steps = [s for s in result.player_steps(self.player) if isinstance(s, Placement)]
        if not steps:
            return t("widgets.compare.no_placements")
        return listed(t("widgets.compare.placement", line=s.line, points=draw.points_text(s)) for s in steps)


def signed(n: int) -> str:
    """A difference with its sign: +3, −2 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")
