"""What the Harmonies widgets share: the warning area, names in words, small controls."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tabletop.localised import html

from .. import inwords
from ..editormodel import HINT_BUDGET, TOOLS  # noqa: F401  (the widgets take them from here)
from ..locale import t
from ..scenario import as_scenario
from ..scoring import SCORE_KEYS  # noqa: F401  (the widgets take it from here)

# The widgets' names for the words of ``harmonies.inwords`` and for ``scenario.as_scenario``.
_words, _colour, _colours = inwords.words, inwords.colour_title, inwords.colours_title
_card_title, _cell_name = inwords.card_title, inwords.cell_name
Said, _words_of = inwords.Said, inwords.words_of
_as_scenario = as_scenario

#: The look of the box that lists a hint's turns.
_HINT_STYLE = "background:#eef6ff;border:1px solid #9cc3e6;border-radius:6px;padding:6px 10px;margin:4px 0"
#: The categories whose items lie on board cells, so that they can be outlined.
ON_BOARD = ("trees", "mountains", "fields", "buildings", "water", "spirit")

_WARN = ("background:#fff4d6;border:1px solid #e2b24a;border-radius:6px;padding:6px 10px;"
         "color:#4d3800;margin:4px 0")
_NOTE = "color:#4a4a4a;padding:2px 4px"

def _river_title(reading: str) -> str:
    """A river reading's name for the menu (the reading itself stays the value)."""
    titles = {"shortest-path": t("editor.river.shortest_path"),
              "loops-full-length": t("editor.river.loops_full_length")}
    return titles.get(reading, reading)


# A picture keeps its own size in a row of widgets instead of shrinking to fit.
_NATURAL = {"flex": "0 0 auto"}


def _button(handler, **options) -> w.Button:
    """A button whose words ``relabel`` sets."""
    button = w.Button(layout=w.Layout(width="auto"), **options)
    button.on_click(lambda _b: handler())
    return button


def _label(text: str) -> str:
    """A short label beside a control, in the language in force."""
    return html(escape(text), tag="span", style="padding:0 0.3em")


def _hint_panel(lines: list[str]) -> str:
    """A hint's lines (already in words) in the light blue box the widgets show hints in."""
    return html("<br>".join(escape(line) for line in lines), style=_HINT_STYLE)
