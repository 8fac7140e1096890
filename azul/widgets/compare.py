"""The what-if comparison: two ways to tile the same wall, side by side."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from tabletop import Display, Scene
from tabletop.clickable import ClickableSVG
from tabletop.localised import html

from .. import draw
from ..locale import t
from ..scenario import CATEGORIES, Scenario, TilingResult, breakdown
from ..tiling import (
    FloorPenalty,
    Placement,
)
from .common import (
    _listed,
    _scenario_from,
    _warning_html,
    _Worded,
)


class TilingCompare(_Worded, w.VBox):
    """Two tilings side by side: each position (a ``Scenario``, a ``Board``, or a scenario file's
    text) is tiled by the engine, and the difference is explained category by category: the wall
    placements, the floor (after the clamp at 0), the end bonus, the change of score and the final
    score. ``difference()`` gives the numbers (right − left); ``choose_player(p)`` compares
    another player of multi-player scenarios."""

    def __init__(self, left, right, *, labels: Sequence[str] = ("A", "B"), player: int = 0,
                 display: Display | None = None) -> None:
        self._scenarios = [_scenario_from(left), _scenario_from(right)]
        self._results: list[TilingResult] = [s.tile() for s in self._scenarios]
        self.labels = tuple(labels)
        self.display = display
        self._message = ""
        self._player = 0
        self._view = ClickableSVG()
        self._table = w.HTML()
        self._warning = w.HTML()
        self._syncing = False
        self._count = count = min(len(s.boards) for s in self._scenarios)
        self._players = w.Dropdown(options=list(range(count)), layout=w.Layout(
            display="flex" if count > 1 else "none"))
        self._word(self._players, description=t.lazy("widgets.compare.label.player"))
        self._players.observe(lambda ch: self._syncing or ch["new"] == self._player or
                              self.choose_player(ch["new"]), "value")
        super().__init__([self._players, self._view, self._table, self._warning])
        self.add_class("azul-tiling-compare")  # a stable handle for browser tests and styling
        self._localise()
        self._relabel_controls()
        self.choose_player(player)

    @property
    def left(self) -> Scenario:
        return self._scenarios[0]

    @property
    def right(self) -> Scenario:
        return self._scenarios[1]

    @property
    def results(self) -> list[TilingResult]:
        """The engine's tiling of each side."""
        return list(self._results)

    @property
    def player(self) -> int:
        return self._player

    @property
    def message(self) -> str:
        return str(self._message)

    def choose_player(self, player: int) -> None:
        if not 0 <= player < self._count:
            self._message = t.lazy("widgets.compare.no_such_player", last=self._count - 1,
                                   player=player)
            self._warning.value = _warning_html(self._message)
            return
        self._player = player
        self._message = ""
        self._players.value = player  # the observer sees the same player: no second drawing
        self._show()

    def relabel(self) -> None:
        """Every label, title and explanation in the language in force, then redraw."""
        self._relabel_controls()
        self._show()

    def _relabel_controls(self) -> None:
        self._reword()
        self._syncing = True  # new options select their first one: not a choice of the learner
        try:
            self._players.options = [(t("widgets.compare.player", player=p), p)
                                     for p in range(self._count)]
            self._players.value = self._player
        finally:
            self._syncing = False

    def _show(self) -> None:
        self._view.svg = self.scene().to_svg()
        self._table.value = self._table_html()
        self._warning.value = _warning_html(self._message)

    def breakdowns(self) -> dict[str, dict[str, int]]:
        """Per side (by label): the engine's points by category, plus the score ``before`` and
        the ``final`` score."""
        out = {}
        for label, result in zip(self.labels, self._results, strict=True):
            parts = breakdown(result, self._player)
            parts["before"] = result.before[self._player]
            parts["final"] = result.boards[self._player].score
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
        lines = [t("widgets.compare.explain.player", player=self._player, **sides,
                   left_before=a["before"], left_final=a["final"],
                   right_before=b["before"], right_final=b["final"])]
        for key in (*CATEGORIES, "final"):
            shown = str if key == "final" else _signed
            said = {**sides, "left_points": shown(a[key]), "right_points": shown(b[key]),
                    "difference": _signed(diff[key])}
            lines.append(self._explain(key, said))
        return "\n".join(lines)

    def _explain(self, key: str, said: dict) -> str:
        """The line of one category (``placements``, ``floor``, ``bonus``, ``total``, ``final``)."""
        if key == "placements":
            left, right = (self._placements(r) for r in self._results)
            return t("widgets.compare.explain.placements", **said, left_details=left,
                     right_details=right)
        if key == "floor":
            clamped = [label for label, r in zip(self.labels, self._results, strict=True)
                       if any(isinstance(s, FloorPenalty) and s.clamped
                              for s in r.player_steps(self._player))]
            if clamped:
                return t("widgets.compare.explain.floor_clamped", **said, clamped=_listed(clamped))
            return t("widgets.compare.explain.floor", **said)
        if key == "bonus":
            return t("widgets.compare.explain.bonus", **said)
        if key == "total":
            return t("widgets.compare.explain.total", **said)
        return t("widgets.compare.explain.final", **said)

    def scene(self) -> Scene:
        """Each side before and after its tiling (the tiles it placed ringed)."""
        p = self._player
        boards, titles, marks = [], [], []
        for label, scenario in zip(self.labels, self._scenarios, strict=True):
            boards.append(scenario.boards[p])
            titles.append(t("widgets.compare.title.before", label=label))
        for k, (label, result) in enumerate(zip(self.labels, self._results, strict=True)):
            boards.append(result.boards[p])
            titles.append(t("widgets.compare.title.after", label=label))
            marks += [f"player:{2 + k}:wall:{s.row},{s.column}"
                      for s in result.player_steps(p) if isinstance(s, Placement)]
        grays = {s.gray for s in self._scenarios}
        gray = grays.pop() if len(grays) == 1 else None
        return draw.boards_scene(boards, gray=gray, titles=titles, highlight=marks,
                                 display=self.display)

    def _placements(self, result: TilingResult) -> str:
        steps = [s for s in result.player_steps(self._player) if isinstance(s, Placement)]
        if not steps:
            return t("widgets.compare.no_placements")
        return _listed(t("widgets.compare.placement", line=s.line, points=draw.points_text(s))
                       for s in steps)

    def _table_html(self) -> str:
        parts = self.breakdowns()
        diff = self.difference()
        la, lb = self.labels
        head = (f"<tr><th></th><th>{escape(la)}</th><th>{escape(lb)}</th>"
                f"<th>{escape(lb)} \u2212 {escape(la)}</th></tr>")
        names = {"placements": t("widgets.compare.row.placements"),
                 "floor": t("widgets.compare.row.floor"), "bonus": t("widgets.compare.row.bonus"),
                 "total": t("widgets.compare.row.total"), "final": t("widgets.compare.row.final")}
        rows = []
        for key, name in names.items():
            cells = [str(parts[la][key]), str(parts[lb][key]), _signed(diff[key])]
            rows.append(f"<tr><td>{escape(name)}</td>" + "".join(
                f'<td style="text-align:end;padding:0 8px">{c}</td>' for c in cells) + "</tr>")
        text = "<br>".join(escape(line) for line in self.explanation.split("\n"))
        return html(f"<table>{head}{''.join(rows)}</table><p>{text}</p>")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")
