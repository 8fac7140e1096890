"""``GameReplay``: a kept Azul game stepped through (``tabletop.replayer.ReplayWidget``), the
table drawn by ``azul.draw.game_scene``."""

from __future__ import annotations

from tabletop.replayer import ReplayWidget
from tabletop.replaying import Replay

from .. import draw
from ..review import COACH


class GameReplay(ReplayWidget):
    """``GameReplay(game_or_record_or_link)``: a ``Game`` (its history), a record, or a link."""

    def __init__(self, source, display=None) -> None:
        super().__init__(Replay.of(source, COACH), draw.game_scene, display)


__all__ = ["GameReplay"]
