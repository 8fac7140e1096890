"""A private table's rules, with no server: who sits where, who may move, and when a move counts.

A table holds one game (a kind of ``tabletop.kinds``), a secret per seat and one for spectators. A
seat is a human's or the computer's (one of the game's policies). A move names the seat's secret,
the number of moves it was made after (what its sender saw) and the action's text; it counts only
when the secret is that of the seat to move, the number is the table's number of moves (so, of two
moves sent at once, the second is stale) and the engine accepts the action. A refusal is a
``TableError`` whose message, from the catalogue, is worded when shown (in the reader's language),
and it leaves the table as it was.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from ..game import Game, seed_for
from ..kinds import Kind, UnknownGame, kinds
from ..kinds import kind as find_kind
from ..locale import t
from ..untrusted import number, shown

#: What ``Table.role`` says of the spectator's secret.
SPECTATOR = "spectator"
#: The computer players a table offers (``tables.lobby.computer.<name>``), of those its game has.
COMPUTERS = ("greedy", "strong")


class TableError(ValueError):
    """A refused request: a catalogue text (``tables.<key>``) worded in the language in force
    when shown, so each reader gets it in their own language."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key = key
        self.text = t.lazy(f"tables.{key}", **params)

    def __str__(self) -> str:
        return str(self.text)


def new_secret() -> str:
    """An unguessable secret: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """What is stored of a secret (the store never holds a secret itself)."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def computers(kind: Kind) -> tuple[str, ...]:
    """The computer players a table of this game offers."""
    return tuple(name for name in COMPUTERS if name in kind.policies)


def check_computer(kind: Kind, name: object) -> str:
    """``name`` if a table of this game offers that computer player, else a ``TableError``."""
    offered = computers(kind)
    if name not in offered:
        raise TableError("bad_computer", name=shown(name), names=", ".join(offered))
    return name


def game_kind(name: object) -> Kind:
    """The kind of game called ``name``, else a ``TableError`` naming the games there are."""
    try:
        return find_kind(name)
    except UnknownGame:
        raise TableError("unknown_game", game=shown(name), games=", ".join(kinds())) from None


def check_players(kind: Kind, players: object) -> int:
    """``players`` if a table of this game may have that many seats, else a ``TableError``."""
    if not isinstance(players, int) or isinstance(players, bool) or players not in kind.players:
        raise TableError("bad_players", players=shown(players), low=kind.players[0], high=kind.players[-1])
    return players


def check_option(kind: Kind, name: object, value: object) -> object:
    """``value`` if option ``name`` of this game may take it (of the very type it has), else a
    ``TableError``."""
    values = kind.options.get(name) if isinstance(name, str) else None
    if values is None:
        raise TableError("unknown_option", option=shown(name), options=", ".join(kind.options))
    if value not in values or type(value) is not type(values[0]):
        raise TableError("bad_option", option=name, value=shown(value), values=", ".join(map(str, values)))
    return value


def check_setup(game: str, players: object, options: object, computers: object) -> tuple[Kind, dict, list]:
    """The kind of game, its checked options and one entry per seat (None: a human; else the
    computer player's name), or a ``TableError`` saying what is wrong."""
    kind = game_kind(game)
    players = check_players(kind, players)
    if not (isinstance(options, dict) or options is None):
        raise TableError("bad_options")
    options = {name: check_option(kind, name, value) for name, value in (options or {}).items()}
    seats = [None] * players
    chosen = computers or {}
    if not isinstance(chosen, dict):
        raise TableError("bad_computers")
    for seat, name in chosen.items():
        place = number(seat)
        if place is None or not 0 <= place < players:
            raise TableError("bad_computer_seat", seat=shown(seat), players=players)
        seats[place] = check_computer(kind, name)
    if all(seats):
        raise TableError("no_human")
    return kind, options, seats


@dataclass
class Table:
    """One table: its game, its seats (None for a human, else a computer player's name) and the
    digests of its secrets. ``moves`` is the number of moves played, the number a move is made
    after."""

    id: str
    kind: Kind
    game: Game
    seats: list[str | None]
    seat_digests: list[str]
    spectator_digest: str
    created: float
    touched: float
    players: dict[int, object] = field(default_factory=dict, repr=False)

    @property
    def moves(self) -> int:
        return len(self.game.history)

    def role(self, secret: object) -> int | str:
        """The seat (from 0) whose secret this is, or ``SPECTATOR``; every digest is compared in
        constant time, so the time taken tells nothing of which one is near."""
        if not isinstance(secret, str):
            raise TableError("bad_secret")
        mine = digest(secret)
        found: int | str | None = None
        for seat, known in enumerate(self.seat_digests):
            if hmac.compare_digest(mine, known):
                found = seat
        if hmac.compare_digest(mine, self.spectator_digest):
            found = SPECTATOR
        if found is None:
            raise TableError("bad_secret")
        return found

    def move(self, seat: int | str, after: object, text: object) -> str:
        """Play the move of ``seat`` made after ``after`` moves, or ``TableError`` (and no change):
        the seat must be the one to move, the number the table's own, the action legal. Returns the
        action's text as the engine writes it."""
        if seat == SPECTATOR:
            raise TableError("spectator")
        if self.game.over:
            raise TableError("over")
        if not isinstance(after, int) or isinstance(after, bool):
            raise TableError("bad_after")
        if after != self.moves:
            raise TableError("stale", after=after, moves=self.moves)
        if seat != self.game.current:
            raise TableError("not_your_turn", seat=self.kind.seat(seat),
                             current=self.kind.seat(self.game.current))
        if not isinstance(text, str) or not text.strip():
            raise TableError("no_action")
        return self.play(text)

    def play(self, text: str) -> str:
        """Play an action on the game and return its text as the engine writes it, or
        ``TableError`` with the engine's reason (the engine checks before it changes anything, so
        a refused action leaves the game as it was)."""
        try:
            action = self.game.parse_action(text)
            written = self.game.action_text(action)
            self.game.play(action)
            return written
        except ValueError as err:  # the engine's own reason, in the language in force
            raise TableError("illegal", action=text[:80], reason=str(err)) from None

    def computer(self) -> object | None:
        """The computer player to move now (made when first needed), or None for a human."""
        seat = self.game.current
        name = None if self.game.over else self.seats[seat]
        if name is None:
            return None
        if seat not in self.players:
            self.players[seat] = self.kind.policies[name](seed_for(self.id, self.moves, seat))
        return self.players[seat]


__all__ = ["Table", "TableError", "SPECTATOR", "COMPUTERS", "new_secret", "digest", "check_setup",
           "computers", "check_computer", "check_players", "check_option", "game_kind"]
