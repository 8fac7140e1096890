"""The game's things in the learner's words (the language in force): lists, token colours, cards,
cell names. Plain Python, for the table's model as for the widgets."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.i18n import join_and

from .cards import card as _card_lookup
from .locale import t
from .tokens import Colour

#: A text a model or widget says: already in words (the engine's messages), a lazy catalogue text
#: (``t.lazy``), or a function that puts it into words in the language in force when read.
Said = str | object | Callable[[], str]


def words_of(said: Said) -> str:
    """A said text in words now; a function may give a lazy text too, so the words are ``str``."""
    return str(said() if callable(said) else said)


def words(items) -> str:
    """A list in words, in the language in force ("blue, brown and green"), or "nothing"."""
    items = list(items)
    return join_and(items) if items else t("widgets.nothing")


def colour_title(colour: Colour | str) -> str:
    """A token colour's name in the language in force."""
    return Colour(colour).title


def colours_title(colours) -> str:
    return words(colour_title(c) for c in colours)


def card_title(card: int | str) -> str:
    return _card_lookup(card).title


def cell_name(key: str) -> str:
    """``"cell:c3"`` or ``"c3"`` → ``"c3"`` (the board checks that the cell exists)."""
    key = str(key).strip()
    return key.split(":", 1)[1] if key.lower().startswith("cell:") else key
