"""What the Azul widgets share: the warning area, keys of the pictures, words and small controls."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

import ipywidgets as w

from tabletop import i18n
from tabletop.clickable import Pictured
from tabletop.localised import Localised, html

from .. import inwords
from ..tiles import LETTERS

# The widgets' names for what ``azul.inwords`` holds.
_Later = inwords.Later
_seat_title, _wall_words, _listed = inwords.seat_title, inwords.wall_words, inwords.listed

TOOLS = (*LETTERS, "marker", "erase")


# --- small shared pieces -----------------------------------------------------------------------


class _Worded(Pictured, Localised):
    """What the three widgets share to follow the language: controls whose words (a button's
    description and tooltip...) are catalogue texts, put into the language in force by
    ``_reword()``."""

    def _word(self, widget: w.DOMWidget, **texts: i18n.Text) -> w.DOMWidget:
        """``widget`` with ``texts`` (attribute name to text) shown now and after each change."""
        if not hasattr(self, "_words"):
            self._words: list[tuple[w.DOMWidget, dict]] = []
        self._words.append((widget, texts))
        return widget

    def _labelled(self, action: Callable[[], object], text: i18n.Text,
                  tip: i18n.Text | None = None) -> w.Button:
        """A button that does ``action``; its tooltip is ``tip`` or its label."""
        return self._word(_button(action), description=text, tooltip=tip or text)

    def _language_changed(self) -> None:
        # ipywidgets keeps every widget ever made alive, and each is told of every
        # set_language(): redraw only when the language really changed.
        if i18n.language() != self.lang:
            super()._language_changed()

    def _reword(self) -> None:
        for widget, texts in getattr(self, "_words", []):
            for name, text in texts.items():
                setattr(widget, name, str(text))


def _warning_html(text: object) -> str:
    """The friendly warning area: empty when all is well."""
    text = str(text)
    if not text:
        return ""
    return html(f"&#9888; {escape(text)}", style="background:#fff4e5;border-left:4px solid #e69f00;"
                "padding:6px 10px;border-radius:4px;color:#4a3200")


def _hint_html(head: str, items: Iterable[tuple[str, str]]) -> str:
    """The coach's answer: a head line, then a numbered list of (what, why) items; empty for no
    items. The game table and the sandbox show their hints in it."""
    rows = "".join(f"<li><b>{escape(what)}</b> {escape(why)}</li>" for what, why in items)
    if not rows:
        return ""
    return html(f"<b>{escape(head)}</b><ol style='margin:4px 0'>{rows}</ol>",
                style="background:#eef6ff;border-left:4px solid #0072b2;padding:6px 10px;"
                "border-radius:4px")


def _lines_html(text: str) -> str:
    """Plain text, one line per line, in an element carrying the language."""
    return html("<br>".join(escape(line) for line in text.split("\n")))



def _button(action: Callable[[], object]) -> w.Button:
    """A button without words yet (``_Worded._word`` gives them)."""
    button = w.Button(layout=w.Layout(width="auto"))
    button.on_click(lambda _b: action())
    return button
