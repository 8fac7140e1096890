"""What if? Two board editors side by side and their score difference, explained."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tabletop.address import PageAddress
from tabletop.i18n import isolate
from tabletop.links import LinkError, pack
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display

from .. import comparison, scoring
from ..comparison import Comparison
from ..errors import ScenarioError
from ..locale import t
from .common import _NOTE, _WARN, _as_scenario, _button
from .editor import BoardEditor


def _difference(d: int) -> str:
    """A row's difference, bold, its sign in front in a right-to-left table too ("+3", not "3+")."""
    return f"<b>{isolate(f'{d:+d}')}</b>" if d else "·"


class WhatIf(Localised, w.VBox):
    """Two boards side by side, each a ``BoardEditor``, and their score difference explained.

    ``left`` and ``right`` may be Boards, Scenarios or scenario files' text (``right`` None starts as a
    copy of ``left``); ``labels`` head the two sides ("before" and "after" in the language in force
    unless given). ``difference()`` maps each of the nine score keys to (left, right, right − left);
    ``explanation`` says category by category which items appeared or went, for instance
    ``fields: 10 → 15 (+5): + field of 3 yellow tokens (a1, a2, b1) (5)``. Both refresh after every
    edit on either side. The editors are ``.left`` and ``.right``.
    """

    def __init__(self, left=None, right=None, *, labels=None, display: Display | None = None):
        first = _as_scenario(left)
        second = _as_scenario(right) if right is not None else _as_scenario(first)
        self.left = BoardEditor(first, display=display)
        self.right = BoardEditor(second, display=display)
        self.labels = (t.lazy("whatif.before"), t.lazy("whatif.after")) if labels is None else tuple(labels)
        self._summary = w.HTML()
        self._headings = [w.HTML(), w.HTML()]
        self._changed_heading = w.HTML()
        self.link_button = _button(self.make_link, icon="link")
        self.address = PageAddress(on_hash=self._page_link)
        self._message: object = ""
        self._note: object = ""
        self._message_box = w.HTML()
        sides = [w.VBox([heading, editor]) for heading, editor in zip(self._headings, (self.left, self.right),
                                                                      strict=True)]
        super().__init__([w.HBox(sides), w.HBox([self.link_button, self.address]), self._message_box,
                          self._changed_heading, self._summary])
        self.add_class("harmonies-what-if")  # a stable handle for browser tests and styling
        self.left._listeners.append(self._edited)
        self.right._listeners.append(self._edited)
        self._localise()
        self.relabel()

    def relabel(self) -> None:
        """The headings and the explanation in the language in force (each editor relabels itself)."""
        for heading, label in zip(self._headings, self.labels, strict=True):
            heading.value = html(escape(str(label)), tag="h4", style="margin:2px")
        self._changed_heading.value = html(t("whatif.heading"))
        self.link_button.description = t("whatif.link")
        self.link_button.tooltip = t("whatif.link.tooltip")
        self.address.copy_label = common("links.copy")
        self.address.box_label = common("links.box")
        self._refresh()

    # -- as a link --------------------------------------------------------------------------------
    @property
    def message(self) -> str:
        """Why the last link could not be opened, in words ("" otherwise; each editor has its own)."""
        return str(self._message)

    def make_link(self) -> str:
        """Both boards as one link: the page shows its own address with them in the fragment
        (``#play=...``), to copy; returns the fragment."""
        self.address.fragment = comparison.link(self.left.scenario(), self.right.scenario())
        self._message, self._note = "", t.lazy("whatif.link.made")
        self._refresh()
        return f"#{self.address.fragment}"

    def open_link(self, link: str) -> bool:
        """Put the two boards of a what-if's link on the two sides; a broken link changes neither
        side and the message says why (False)."""
        try:
            before, after = comparison.from_link(link)
        except (LinkError, ScenarioError) as err:
            self._message, self._note = str(err), ""
            self._refresh()
            return False
        self.left.open_link(pack(before.to_dict()))
        self.right.open_link(pack(after.to_dict()))
        self._message, self._note = "", t.lazy("whatif.link.opened")
        self._refresh()
        return True

    def _edited(self) -> None:
        # A board changed: a link shown no longer holds both boards as they are.
        self.address.fragment, self._message, self._note = "", "", ""
        self._refresh()

    def _page_link(self, fragment: str) -> None:
        # A what-if's link opens here; a single board is opened by each editor on its own.
        if comparison.claims(fragment):
            self.open_link(fragment)

    @property
    def comparison(self) -> Comparison:
        """The two boards' scores compared (``harmonies.comparison``: the logic, with no widget)."""
        return Comparison(self.left.breakdown, self.right.breakdown)

    def difference(self) -> dict[str, tuple[int, int, int]]:
        return self.comparison.difference()

    @property
    def explanation(self) -> str:
        return self._explanation

    def _refresh(self) -> None:
        comparison = self.comparison
        lines = comparison.lines()
        self._explanation = "\n".join(lines)
        left, right = (escape(str(x)) for x in self.labels)
        rows = "".join(
            f"<tr><td>{escape(scoring.category_title(key))}</td><td>{x}</td><td>{y}</td>"
            f"<td>{_difference(d)}</td></tr>"
            for key, (x, y, d) in comparison.difference().items())
        table = (f"<table><tr><th></th><th>{left}</th><th>{right}</th>"
                 f"<th>{escape(t('whatif.difference'))}</th></tr>{rows}</table>")
        text = "<br>".join(escape(line) for line in lines)
        self._summary.value = html(f"{table}<div>{text}</div>", style="display:flex;gap:2em")
        warning, note = self.message, str(self._note)
        self._message_box.value = (html(f"⚠ {escape(warning)}", style=_WARN) if warning else
                                   html(escape(note), style=_NOTE) if note else "")
