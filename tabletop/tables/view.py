"""What a page at a table is shown: the board drawn by the game's own drawing code (an SVG whose
places carry ``data-key``), the actions the seat to move may play with the keys each touches, and a
status line, all in the reader's language. No server here: ``server`` sends these to the pages."""

from __future__ import annotations

import zlib
from collections import OrderedDict

from .. import i18n, records
from ..locale import t
from ..table import touching
from .table import SPECTATOR, Table

#: How many drawn boards are kept (a board is drawn once per move and language, then shared by
#: every page of the table in that language).
BOARDS_KEPT = 512
#: How many of the last actions the page lists.
LOG = 8


class Boards:
    """The tables' pictures, drawn once per (table, move, language): the SVG and its deflated bytes."""

    def __init__(self, kept: int = BOARDS_KEPT):
        self.kept = kept
        self._drawn: OrderedDict[tuple[str, int, str], tuple[str, bytes]] = OrderedDict()

    def get(self, table: Table, code: str) -> tuple[str, bytes]:
        key = (table.id, table.moves, code)
        if key in self._drawn:
            self._drawn.move_to_end(key)
            return self._drawn[key]
        with i18n.wording(code):
            svg = table.kind.scene(table.game).to_svg(clickable=True)
        drawn = self._drawn[key] = (svg, zlib.compress(svg.encode("utf-8"), 6))
        while len(self._drawn) > self.kept:
            self._drawn.popitem(last=False)
        return drawn


def status(table: Table, role: int | str) -> str:
    """Who the reader is, whose turn it is (or how the game came out), how many moves were played."""
    game = table.game
    name = table.kind.seat
    lines = [t("tables.page.watching") if role == SPECTATOR else t("tables.page.seat", seat=name(role))]
    if role != SPECTATOR and table.seats[role] is not None:
        lines.append(t("tables.page.handed"))
    if game.over:
        lines += [t("tables.page.over"), table.kind.ending(game.winners(), table.kind.rating(game))]
    elif role == game.current:
        lines.append(t("tables.page.your_turn"))
    else:
        lines.append(t("tables.page.waiting", seat=name(game.current)))
    lines.append(t.count("tables.page.moves", table.moves))
    return " ".join(lines)


def actions(table: Table, role: int | str) -> list[dict]:
    """The actions the reader may play now (none unless it is their turn), each with its text and
    the keys of the board it touches, so that clicks on the board can choose one."""
    game = table.game
    if game.over or role != game.current or table.seats[role] is not None:
        return []
    return [{"text": game.action_text(a), "keys": keys} for a, keys in touching(table.kind, game)]


def state(table: Table, role: int | str, code: str) -> dict:
    """The state message for one page (without the board, sent beside it)."""
    game = table.game
    with i18n.wording(code):
        message = {"type": "state", "table": table.id, "game": table.kind.name,
                   "seat": None if role == SPECTATOR else role, "moves": table.moves,
                   "current": game.current, "over": game.over, "status": status(table, role),
                   "computers": [n for n, computer in enumerate(table.seats) if computer],
                   "scores": [s.total for s in game.scores()], "winners": game.winners() if game.over else [],
                   "rating": table.kind.rating(game) if game.over else None,
                   "log": [game.action_text(a) for a in game.history[-LOG:]],
                   "actions": actions(table, role)}
    if game.over:
        message["record"] = records.record(game)
    return message


__all__ = ["Boards", "state", "status", "actions"]
