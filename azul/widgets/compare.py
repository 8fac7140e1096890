"""The what-if comparison: two ways to tile the same wall, side by side."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from tabletop import Display, Scene
from tabletop.address import PageAddress
from tabletop.clickable import ClickableSVG
from tabletop.i18n import isolate
from tabletop.locale import t as common
from tabletop.localised import html

from ..comparison import TilingComparison, signed
from ..locale import t
from ..scenario import TilingResult
from .common import _warning_html, _Worded


class TilingCompare(_Worded, w.VBox):
    """Two tilings side by side: each position (a ``Scenario``, a ``Board``, or a scenario file's
    text) is tiled by the engine, and the difference is explained category by category: the wall
    placements, the floor (after the clamp at 0), the end bonus, the change of score and the final
    score. ``difference()`` gives the numbers (right − left); ``choose_player(p)`` compares
    another player of multi-player scenarios. The comparison itself is ``.model``
    (``azul.comparison.TilingComparison``); this widget lays it out."""

    def __init__(self, left, right, *, labels: Sequence[str] = ("A", "B"), player: int = 0,
                 display: Display | None = None) -> None:
        self.model = TilingComparison(left, right, labels=labels, display=display)
        self._view = ClickableSVG()
        self._table = w.HTML()
        self._warning = w.HTML()
        self._syncing = False
        count = self.model.players
        self._players = w.Dropdown(options=list(range(count)), layout=w.Layout(
            display="flex" if count > 1 else "none"))
        self._word(self._players, description=t.lazy("widgets.compare.label.player"))
        self._players.observe(lambda ch: self._syncing or ch["new"] == self.player or
                              self.choose_player(ch["new"]), "value")
        self.address = PageAddress(on_hash=self._page_link)
        self._word(self.address, copy_label=common.lazy("links.copy"), box_label=common.lazy("links.box"))
        link_button = self._labelled(self.make_link, t.lazy("widgets.compare.link"),
                                     t.lazy("widgets.compare.link.tooltip"))
        self._note: object = ""
        super().__init__([w.HBox([self._players, link_button, self.address]), self._view, self._table,
                          self._warning])
        self.add_class("azul-tiling-compare")  # a stable handle for browser tests and styling
        self._localise()
        self._relabel_controls()
        self.choose_player(player)

    # The model's state, under the names the lessons use.
    left = property(lambda self: self.model.scenarios[0], doc="The left position (a Scenario).")
    right = property(lambda self: self.model.scenarios[1], doc="The right position (a Scenario).")
    labels = property(lambda self: self.model.labels)
    player = property(lambda self: self.model.player)
    message = property(lambda self: self.model.message)
    explanation = property(lambda self: self.model.explanation, doc="The difference in words.")

    @property
    def results(self) -> list[TilingResult]:
        """The engine's tiling of each side."""
        return list(self.model.results)

    def choose_player(self, player: int) -> None:
        self.model.choose_player(player)
        self.address.fragment, self._note = "", ""  # a link shown holds the player it was made for
        self._syncing = True  # the observer must not see the same player as a new choice
        try:
            self._players.value = self.model.player
        finally:
            self._syncing = False
        self._show()

    def breakdowns(self) -> dict[str, dict[str, int]]:
        return self.model.breakdowns()

    def make_link(self) -> str:
        """Both positions, their labels and the player as a link: the page shows its own address
        with them in the fragment (``#play=...``), to copy; returns the fragment."""
        self.address.fragment = self.model.link()
        self._note = t.lazy("widgets.compare.link.made")
        self._show()
        return f"#{self.address.fragment}"

    def open_link(self, link: str) -> bool:
        """Compare what a comparison's link holds; a broken link changes nothing and the warning
        says why (False)."""
        other = self.model.from_link(link)
        if other is not None:
            self.model = other
            self._players.layout.display = "flex" if other.players > 1 else "none"
            self._relabel_controls()
            self.address.fragment, self._note = "", t.lazy("widgets.compare.link.opened")
        self._show()
        return other is not None

    def _page_link(self, fragment: str) -> None:
        # A comparison's link opens here; a single wall or a game is for another part of the lesson.
        if self.model.claims(fragment):
            self.open_link(fragment)

    def difference(self) -> dict[str, int]:
        return self.model.difference()

    def scene(self) -> Scene:
        return self.model.scene()

    def relabel(self) -> None:
        """Every label, title and explanation in the language in force, then redraw."""
        self._relabel_controls()
        self._show()

    def _relabel_controls(self) -> None:
        self._reword()
        self._syncing = True  # new options select their first one: not a choice of the learner
        try:
            self._players.options = [(t("widgets.compare.player", player=p + 1), p)
                                     for p in range(self.model.players)]
            self._players.value = self.model.player
        finally:
            self._syncing = False

    def _show(self) -> None:
        self._view.svg = self.scene().to_svg()
        self._table.value = self._table_html()
        note = "" if self.model.message else str(self._note)
        self._warning.value = _warning_html(self.model.message) or (html(escape(note)) if note else "")

    def _table_html(self) -> str:
        parts, diff = self.model.breakdowns(), self.model.difference()
        la, lb = self.labels
        head = (f"<tr><th></th><th>{escape(la)}</th><th>{escape(lb)}</th>"
                f"<th>{escape(lb)} \u2212 {escape(la)}</th></tr>")
        names = {"placements": t("widgets.compare.row.placements"),
                 "floor": t("widgets.compare.row.floor"), "bonus": t("widgets.compare.row.bonus"),
                 "total": t("widgets.compare.row.total"), "final": t("widgets.compare.row.final")}
        rows = []
        for key, name in names.items():
            # a sign keeps its place in front in a right-to-left table ("+3", not "3+")
            cells = [str(parts[la][key]), str(parts[lb][key]), isolate(signed(diff[key]))]
            rows.append(f"<tr><td>{escape(name)}</td>" + "".join(
                f'<td style="text-align:end;padding:0 8px">{c}</td>' for c in cells) + "</tr>")
        text = "<br>".join(escape(line) for line in self.explanation.split("\n"))
        return html(f"<table>{head}{''.join(rows)}</table><p>{text}</p>")

