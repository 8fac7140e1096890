"""The game's things in the learner's words (the language in force): lists, token colours, cards,
cell names. Plain Python, for the table's model as for the widgets."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.i18n import join_and

from .actions import ChooseSpirit, PlaceCube, PlaceToken, SwapCard, TakeCard, TakeTokens
from .cards import card as _card_lookup
from .locale import t
from .tokens import Colour

#: A text a model or widget says: already in words (the engine's messages), a lazy catalogue text
#: (``t.lazy``), or a function that puts it into words in the language in force when read.
Said = str | object | Callable[[], str]


def words_of(said: Said) -> str:
    """A said text in words now; a function may give a lazy text too, so the words are ``str``."""
    return str(said() if callable(said) else said)


class Says:
    """What a model has said last: a refusal (``message``) or a note of what was done (``note``),
    both put into words when read, so a change of language rewords them."""

    _warning: Said = ""
    _note: Said = ""

    @property
    def message(self) -> str:
        """The last refusal, in words; empty after a request that worked."""
        return words_of(self._warning)

    @property
    def note(self) -> str:
        """What the last request did, in words (a cube placed, a link made), or empty."""
        return words_of(self._note)

    def _say(self, warning: Said = "", note: Said = "") -> None:
        self._warning, self._note = warning, note


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


def action_line(action, who: str, tokens=(), points: Callable[[], int] | None = None) -> str:
    """An action in the log's words, by ``who``: the ``tokens`` a ``TakeTokens`` took, and
    ``points`` (asked only for the end of a turn) the score it ends with."""
    if isinstance(action, TakeTokens):
        return t("table.log.took_tokens", player=who, tokens=colours_title(tokens), space=action.space)
    if isinstance(action, PlaceToken):
        return t("table.log.placed", player=who, colour=colour_title(action.colour), cell=action.cell)
    if isinstance(action, PlaceCube):
        return t("table.log.placed_cube", player=who, card=card_title(action.card), cell=action.cell)
    cards = {TakeCard: "table.log.took_card", ChooseSpirit: "table.log.kept_spirit",
             SwapCard: "table.log.swapped"}
    if type(action) in cards:
        return t(cards[type(action)], player=who, card=card_title(action.card), id=action.card)
    return t.count("table.log.ended_turn", points(), player=who)
