"""Play by link, with no server: the game so far travels in a link, from one player to the next.

At the end of a turn, *send* gives a link whose fragment (``#play=...``, ``tabletop.links``) holds
the game's record (``tabletop.records``). Whoever opens it finds the game at the same table of the
same lesson, with every seat played by whoever holds the link: they play the seat to move, then
send a link back. Nothing is kept anywhere but in the links, so it works on the static site over
plain ``http://`` as well as in Lab and the classroom server; and since there are no accounts,
anyone who holds a link can move for the seat to move (the page says so).

A link is untrusted: it is unpacked by ``tabletop.links`` and every action in it is checked by the
engine (``tabletop.records.replay``); a broken link raises ``LinkError`` or ``RecordError`` before
anything changes. The game tables of both games (``harmonies.tablemodel``, ``azul.tablemodel``)
play by link through ``ByLink``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import Game
from .links import LinkError, claims, holds, pack, unpack
from .locale import t
from .records import RecordError, record, replay

#: A link sent: the game, how many actions it had then, the fragment.
Sent = tuple[Game, int, str]


def send(game: Game) -> tuple[str, Sent]:
    """The fragment (without ``#``) holding ``game`` so far, and what was sent (for ``still``);
    ``RecordError`` for a game that did not start from a setup."""
    packed = pack(record(game))
    return packed, (game, len(game.history), packed)


def still(sent: Sent | None, game: Game) -> str:
    """The fragment sent, while it still holds ``game`` as it stands ("" once an action followed)."""
    if sent is None or sent[0] is not game or sent[1] != len(game.history):
        return ""
    return sent[2]


def holds_game(link: str, games: Sequence[type]) -> bool:
    """Whether a page's address or fragment holds a link that claims to be a game of ``games``
    (it may still be broken: ``receive`` says how). A board or any other link is not a game."""
    return claims(link, lambda data: holds(data, *(cls.RECORD for cls in games)))


def receive(link: str, games: Sequence[type]) -> Game:
    """The game a link holds, every action checked (``LinkError``, ``RecordError`` otherwise)."""
    return replay(unpack(link), games)


class ByLink:
    """Play by link for a game table's model, once for both games: ``send()``, ``sent`` and
    ``open_link(link)``. The model names its game class (``GAME``) and gives ``game``,
    ``_refuse(text)`` (a refusal in ``message``; "" clears it), ``_restart(game)`` (a fresh table
    every seat of which is human, the received game's actions played and told in its log) and may
    refuse to send in the middle of a turn (``_cannot_send()``)."""

    GAME: type
    by_link = False  # a game opened from a link: every seat is whoever holds the link
    _sent: Sent | None = None

    def send(self) -> str | None:
        """The game so far as a link's fragment (``#play=...``), for the next player; None (and
        the reason in ``message``) when it cannot be sent now."""
        refusal = self._cannot_send()
        if refusal:
            self._refuse(refusal)
            return None
        self._refuse("")
        packed, self._sent = send(self.game)
        return packed

    @property
    def sent(self) -> str:
        """The fragment ``send`` gave, while it still holds the game as it stands ("" after)."""
        return still(self._sent, self.game)

    def open_link(self, link: str) -> bool:
        """Go on with the game a link holds, every seat played by whoever holds the link; a broken
        link, or one an action of which the rules refuse, changes nothing and says why (False)."""
        try:
            received = receive(link, [self.GAME])
        except (LinkError, RecordError) as err:
            self._refuse(str(err))
            return False
        self._restart(received)
        self.by_link, self._sent = True, None
        self._refuse("")
        return True

    def _cannot_send(self) -> object:
        return ""


def anyone_note() -> str:
    """What the page says about a game played by link, in the language in force."""
    return t("bylink.anyone")


__all__ = ["ByLink", "send", "still", "Sent", "receive", "holds_game", "anyone_note", "LinkError",
           "RecordError"]
