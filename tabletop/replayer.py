"""The replay widget, for both games: first, previous, next, last and a slider over a kept game
(``tabletop.replaying.Replay``, the model), showing the boards as the game's own drawing draws them,
the scores, the action just played and what it led to (a tiling, the final breakdown), in words. A
box takes a link (``#play=...``) or a record's JSON and opens it; anything else is refused in words,
and the replay shown stays as it was.

``ReplayWidget(replay, draw)``: ``draw(game, display=...)`` is the game's ``draw.game_scene``;
``harmonies.widgets.GameReplay`` and ``azul.widgets.GameReplay`` build one from a game, a record or
a link.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from . import i18n
from .clickable import ClickableSVG
from .links import LinkError, unpack
from .locale import t
from .localised import Localised, html
from .records import RecordError
from .replaying import Replay
from .scene import Scene
from .settings import Display
from .untrusted import read_json

Draw = Callable[..., Scene]


class ReplayWidget(Localised, w.VBox):
    def __init__(self, replay: Replay, draw: Draw, display: Display | None = None) -> None:
        self.replay, self.draw, self.display = replay, draw, display
        self.message = ""  # the last refusal, in words ("" when all is well)
        self.buttons = {name: w.Button(layout=w.Layout(width="auto")) for name in
                        ("first", "previous", "next", "last")}
        moves = {"first": replay.first, "previous": replay.previous, "next": replay.next,
                 "last": replay.to_last}
        for name, button in self.buttons.items():
            button.on_click(lambda _b, move=moves[name]: self._moved(move))
        self.slider = w.IntSlider(min=0, max=max(replay.last, 0), value=replay.step,
                                  continuous_update=False, layout=w.Layout(width="60%"))
        self.slider.observe(self._slid, names="value")
        self.where_box, self.action_box, self.score_box = w.HTML(), w.HTML(), w.HTML()
        self.explained_box = w.HTML()
        self.warning_box = w.HTML()
        self.link_box = w.Text(layout=w.Layout(width="60%"))
        self.open_button = w.Button(layout=w.Layout(width="auto"))
        self.open_button.on_click(lambda _b: self.open_game(self.link_box.value))
        self._view = ClickableSVG()
        controls = w.HBox([*self.buttons.values(), self.slider])
        opening = w.HBox([self.link_box, self.open_button])
        super().__init__([self.where_box, controls, self.action_box, self.explained_box,
                          self.score_box, self._view, opening, self.warning_box])
        self._localise()
        self.relabel()

    # -- what a learner does ----------------------------------------------------------------------
    def go(self, step) -> None:
        """Stand at ``step`` (a whole number; beyond either end: that end)."""
        try:
            self.replay.go(step)
        except RecordError as err:
            self._warn(err)
            return
        self._warn("")
        self.redraw()

    def open_game(self, text: str) -> bool:
        """Open a link or a record's JSON in place of the game shown; False (and the reason shown)
        when it holds no game this replay can read."""
        try:
            data = unpack(text) if "play=" in str(text) else read_json(str(text))
            replay = Replay(data, self.replay.coach)
        except (LinkError, RecordError) as err:
            self._warn(err)
            return False
        except ValueError:  # not JSON, or JSON nested too deep to read (tabletop.untrusted)
            self._warn(t("replay.not_a_game"))
            return False
        self.replay = replay
        self.link_box.value = ""
        self._warn("")
        self.redraw()
        return True

    def _moved(self, move: Callable[[], int]) -> None:
        move()
        self._warn("")
        self.redraw()

    def _slid(self, change) -> None:
        if change["new"] != self.replay.step:
            self.go(change["new"])

    # -- showing ----------------------------------------------------------------------------------
    @property
    def svg(self) -> str:
        return self._view.svg

    def redraw(self) -> None:
        r = self.replay
        self.slider.max = max(r.last, 0)
        if self.slider.value != r.step:
            self.slider.value = r.step
        for name, button in self.buttons.items():
            button.disabled = (r.step == 0) if name in ("first", "previous") else (r.step == r.last)
        self.where_box.value = html(f"<b>{escape(r.where())}</b> &middot; {escape(r.to_move())}")
        self.action_box.value = html(escape(r.action_words()))
        lines = r.explained()  # kept as printed: a breakdown's items are indented under their part
        self.explained_box.value = "" if not lines else html(
            escape("\n".join(lines)), style="white-space:pre-wrap;font-size:90%")
        self.score_box.value = html(escape(r.scores()))
        self._view.show(self.draw(r.game, display=self.display))

    def relabel(self) -> None:
        for name, button in self.buttons.items():
            button.description = t(f"replay.button.{name}")
            button.tooltip = t(f"replay.button.{name}.tip")
        self.slider.description = t("replay.slider")
        self.link_box.placeholder = t("replay.link.placeholder")
        self.open_button.description = t("replay.link.open")
        self.redraw()

    def _warn(self, text: object) -> None:
        text = self.message = str(text)
        self.warning_box.value = "" if not text else html(
            f"&#9888; {escape(text)}", style="background:#fff4e5;border-left:4px solid #e69f00;"
            "padding:6px 10px;border-radius:4px;color:#4a3200")

    def _language_changed(self) -> None:
        if i18n.language() != self.lang:
            super()._language_changed()


__all__ = ["ReplayWidget"]
