"""Tables kept in SQLite: each table's setup, its seats and its moves as action texts.

A move is acknowledged only once its row is committed; the primary key (table, number) makes sure
that two moves made after the same number cannot both be stored. A table is rebuilt from its rows
by replaying its record (``tabletop.records``), so a restarted server carries on every game where
it stopped. A table nobody touched for ``idle`` seconds is deleted with its seats and moves, and so
is one nobody ever played at for ``unplayed`` seconds.

Each table keeps who made it (``creator``: a signed-in browser, a kernel, an address; the server
says which) and from which address: one creator may keep ``per_creator`` tables at once and make
``per_minute`` a minute, one address keep ``per_address`` (a class behind one router shares it;
a student who signs in again and again is a new creator each time, at the same address), counted
from the rows, so a restart forgets nothing. Far below ``max_tables``: one student's loop cannot
fill the server. When it is full all the same, the oldest table that was made more than
``FRESH`` seconds ago and never played at gives its place to the new one.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

from .. import records
from ..untrusted import shown
from .table import SPECTATOR, Table, TableError, check_computer, check_setup, digest, game_kind, new_secret

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL, spectator TEXT NOT NULL,
    created REAL NOT NULL, touched REAL NOT NULL, creator TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    secret TEXT NOT NULL, computer TEXT, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE, number INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS hosts (
    table_id TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE, secret TEXT NOT NULL);
"""

#: A day: a table nobody played at for that long is gone.
IDLE = 24 * 3600.0
MAX_TABLES = 500
#: What one creator may make: tables kept at once, tables a minute; what one address may keep.
PER_CREATOR, PER_MINUTE, PER_ADDRESS = 8, 4, 100
#: A table nobody played at is gone after two hours; when the server is full, after ten minutes.
UNPLAYED, FRESH = 2 * 3600.0, 600.0
#: The tables nobody ever played at (their moves are the truth: none stored).
_UNPLAYED = "NOT EXISTS (SELECT 1 FROM moves WHERE moves.table_id = tables.id)"


@dataclass(frozen=True)
class Created:
    """A new table: its id and the secrets to hand out (they are not stored, only their digests)."""

    id: str
    seats: list[str | None]  # one secret per human seat; None for the computer's seats
    spectator: str
    host: str = ""  # the host's: hands a seat that went away to the computer


class Tables:
    """Every table of one database file (``":memory:"`` for one that lives as long as the object).
    ``clock`` gives the time in seconds (a test passes its own)."""

    def __init__(self, path: str = ":memory:", *, idle: float = IDLE, max_tables: int = MAX_TABLES,
                 per_creator: int = PER_CREATOR, per_minute: int = PER_MINUTE, per_address: int = PER_ADDRESS,
                 unplayed: float = UNPLAYED, clock: Callable[[], float] = time.time):
        self.idle, self.max_tables, self.clock = idle, max_tables, clock
        self.per_creator, self.per_minute, self.per_address = per_creator, per_minute, per_address
        self.unplayed = unplayed
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of the server
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        for column in ("creator", "address"):  # a file from before creators were kept
            if column not in columns:
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} TEXT NOT NULL DEFAULT ''")
        self._live: dict[str, Table] = {}

    def close(self) -> None:
        self.db.close()

    # --- creating -----------------------------------------------------------------------------

    def create(self, game: str, players: object = 2, options: object = None, computers: object = None,
               seed: int | None = None, creator: str = "", address: str = "") -> Created:
        """A new table made by ``creator`` from ``address`` ("": this process itself, which no limit
        of a creator's holds). ``TableError`` for a setup the game does not have, or too many tables."""
        kind, options, seats = check_setup(game, players, options, computers)
        self.expire()
        self._room(creator, address)
        start = kind.new_game(players, options, secrets.randbelow(2**32) if seed is None else seed).start
        table_id = secrets.token_urlsafe(9)
        keys = [None if computer else new_secret() for computer in seats]
        spectator, host = new_secret(), new_secret()
        now = self.clock()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables (id, game, setup, spectator, created, touched, creator, "
                            "address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (table_id, game, json.dumps(start), digest(spectator), now, now, creator,
                             address))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                                [(table_id, n, digest(key or new_secret()), computer)
                                 for n, (key, computer) in enumerate(zip(keys, seats, strict=True))])
            self.db.execute("INSERT INTO hosts VALUES (?, ?)", (table_id, digest(host)))
        return Created(table_id, keys, spectator, host)

    def _room(self, creator: str, address: str) -> None:
        """Refuse a table beyond its creator's or its address's limits; make room on a full server by
        reclaiming the oldest table nobody played at since it was made, ``FRESH`` seconds ago at least."""
        if address:
            (here,) = self.db.execute("SELECT COUNT(*) FROM tables WHERE address = ?", (address,)).fetchone()
            if here >= self.per_address:
                raise TableError("too_many_here", limit=self.per_address)
        if creator:
            (kept,) = self.db.execute("SELECT COUNT(*) FROM tables WHERE creator = ?", (creator,)).fetchone()
            if kept >= self.per_creator:
                raise TableError("too_many_yours", limit=self.per_creator)
            (recent,) = self.db.execute("SELECT COUNT(*) FROM tables WHERE creator = ? AND created > ?",
                                        (creator, self.clock() - 60)).fetchone()
            if recent >= self.per_minute:
                raise TableError("tables_too_fast", limit=self.per_minute)
        (count,) = self.db.execute("SELECT COUNT(*) FROM tables").fetchone()
        if count < self.max_tables:
            return
        oldest = self.db.execute(f"SELECT id FROM tables WHERE created < ? AND {_UNPLAYED} ORDER BY created "
                                 "LIMIT 1", (self.clock() - FRESH,)).fetchone()
        if oldest is None:
            raise TableError("too_many_tables", limit=self.max_tables)
        self._delete(list(oldest))

    # --- reading ------------------------------------------------------------------------------

    def get(self, table_id: object) -> Table:
        """The table with this id, rebuilt from the database if it is not in memory yet."""
        if not isinstance(table_id, str):
            raise TableError("no_table")
        if table_id in self._live:
            table = self._live[table_id]
            if table.touched + self.idle >= self.clock():
                return table
        self.expire()
        row = self.db.execute("SELECT game, setup, spectator, created, touched FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        if row is None:
            self._live.pop(table_id, None)
            raise TableError("no_table")
        game, setup, spectator, created, touched = row
        seats = self.db.execute("SELECT secret, computer FROM seats WHERE table_id = ? ORDER BY seat",
                                (table_id,)).fetchall()
        actions = [a for (a,) in self.db.execute(
            "SELECT action FROM moves WHERE table_id = ? ORDER BY number", (table_id,))]
        kind = game_kind(game)
        played = records.replay({"format": f"{kind.game.RECORD}/{records.VERSION}",
                                 "setup": json.loads(setup), "actions": actions}, [kind.game])
        table = Table(table_id, kind, played, [c for _, c in seats], [s for s, _ in seats], spectator,
                      created, touched)
        self._live[table_id] = table
        return table

    def record(self, table_id: str) -> dict:
        """The game record of a table so far (a finished table's is the whole game)."""
        return records.record(self.get(table_id).game)

    # --- playing ------------------------------------------------------------------------------

    def move(self, table_id: object, secret: object, after: object, action: object) -> int:
        """Play a human's move (see ``Table.move``) and store it; returns the number of moves now.
        ``TableError`` when it is refused; the table is then as it was."""
        return self.move_seat(table_id, self.get(table_id).role(secret), after, action)

    def move_seat(self, table_id: object, seat: int | str, after: object, action: object) -> int:
        """``move`` for a seat whose secret was checked already (a page that said hello)."""
        table = self.get(table_id)
        if seat == SPECTATOR:
            raise TableError("spectator")
        if table.seats[seat] is not None:  # handed to the computer: its secret no longer acts
            raise TableError("computer_seat", seat=table.kind.seat(seat))
        self._store(table, seat, table.move(seat, after, action))
        return table.moves

    def computer_move(self, table_id: str, after: int, action: str) -> int:
        """Play and store the move a computer seat chose after ``after`` moves (worked out away from
        the table, see ``think``); refused like any move when the table moved on meanwhile."""
        table = self.get(table_id)
        seat = table.game.current
        if table.seats[seat] is None:
            raise TableError("not_your_turn", seat=table.kind.seat(seat), current=table.kind.seat(seat))
        self._store(table, seat, table.move(seat, after, action))
        return table.moves

    def think(self, table_id: str) -> tuple[int, str] | None:
        """What the computer seat to move would play, with the number of moves it was worked out
        after; None when a human is to move (or the game is over). Works on a copy of the game,
        so it may run in another thread while the table goes on."""
        table = self.get(table_id)
        player = table.computer()
        if player is None:
            return None
        game = table.game.copy()
        return table.moves, game.action_text(player(game))

    def hand(self, table_id: object, host: object, seat: object, computer: object = "strong") -> None:
        """The host hands a human seat (whose player went away) to the computer player ``computer``;
        from then on that seat's link only watches. ``TableError`` (and no change) for a wrong host
        secret, a seat that is not a person's, the last person's seat, or a player the computer
        does not have."""
        table = self.get(table_id)
        row = self.db.execute("SELECT secret FROM hosts WHERE table_id = ?", (table.id,)).fetchone()
        if not isinstance(host, str) or row is None or not hmac.compare_digest(digest(host), row[0]):
            raise TableError("not_host")
        players = len(table.seats)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise TableError("bad_computer_seat", seat=shown(seat), players=players)
        check_computer(table.kind, computer)
        if table.seats[seat] is not None:
            raise TableError("already_computer", seat=table.kind.seat(seat))
        if table.game.over:
            raise TableError("over")
        if sum(computer is None for computer in table.seats) == 1:  # as at the start: one person at least
            raise TableError("no_human")
        now = self.clock()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE seats SET computer = ? WHERE table_id = ? AND seat = ?",
                            (computer, table.id, seat))
            self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (now, table.id))
        table.seats[seat], table.touched = computer, now
        table.players.pop(seat, None)

    def play_computers(self, table_id: str) -> int:
        """Let the computer seats play until a human is to move; returns the number of moves."""
        while (thought := self.think(table_id)) is not None:
            self.computer_move(table_id, *thought)
        return self.get(table_id).moves

    def _store(self, table: Table, seat: int, text: str) -> None:
        """Commit the move just played; if that fails, forget the table (its rows are the truth)."""
        now = self.clock()
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                                (table.id, table.moves - 1, seat, text, now))
                self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (now, table.id))
        except sqlite3.Error:
            self._live.pop(table.id, None)
            raise TableError("not_stored") from None
        table.touched = now

    # --- forgetting ---------------------------------------------------------------------------

    def expire(self) -> list[str]:
        """Delete the tables idle for longer than ``idle``, and those nobody played at for longer
        than ``unplayed``; returns their ids."""
        now = self.clock()
        gone = [i for (i,) in self.db.execute(
            f"SELECT id FROM tables WHERE touched < ? OR (created < ? AND {_UNPLAYED})",
            (now - self.idle, now - self.unplayed))]
        self._delete(gone)
        return gone

    def _delete(self, gone: list[str]) -> None:
        if gone:
            with self.db:
                self.db.execute("BEGIN")
                self.db.executemany("DELETE FROM tables WHERE id = ?", [(i,) for i in gone])
            for table_id in gone:
                self._live.pop(table_id, None)


__all__ = ["Tables", "Created", "IDLE", "MAX_TABLES", "PER_CREATOR", "PER_MINUTE", "PER_ADDRESS", "UNPLAYED",
           "FRESH"]
