"""The wall sandbox: a wall and its lines set up by clicking, tiled step by step with the points explained."""

from __future__ import annotations

import ipywidgets as w

from tabletop import Display, inclass
from tabletop.address import PageAddress
from tabletop.binding import bind
from tabletop.clickable import ClickableSVG
from tabletop.links import address, pack
from tabletop.locale import t as common
from tabletop.transfer import Download, upload_button

from ..board import Board
from ..locale import t
from ..sandboxmodel import DOWNLOAD_NAME, SandboxModel
from ..tiles import LETTERS, WALL_KINDS, colour_title
from .common import TOOLS, _hint_html, _Later, _lines_html, _warning_html, _Worded

__all__ = ["WallSandbox", "DOWNLOAD_NAME"]


@bind(requests="hint choose click set_score set_wall step run_all back reset load save open_link",
      readings="message steps board tool wall gray running finished waiting explanation hints hint_cells "
               "scene to_scenario", settable="display")
class WallSandbox(_Worded, w.VBox):
    """One player's board to set up by clicking, then its wall tiling run one step at a time: a view
    of ``self.model``, an ``azul.sandboxmodel.SandboxModel``, which holds the position and the
    steps and decides what each click does.

    Editing: ``choose(tool)`` picks a colour letter (``B Y R K W``), ``"marker"`` (the
    first-player marker, for the floor) or ``"erase"``; ``click(key)`` uses it on ``"line:I"``
    (one tile more, or one less with erase), ``"wall:R,C"`` (toggles a tile: on the coloured wall
    only the colour printed there, on the gray wall the chosen colour) or ``"floor"``;
    ``set_score(n)`` and ``set_wall("colored" | "gray")``. The board's own rules refuse what a
    real board cannot hold.

    Running: ``step()`` makes the next step of the engine's tiling (each placement with its runs
    and points, then the floor penalty and the clamp at 0, then the end bonus if the game would
    end), ``run_all()``, ``back()`` and ``reset()`` (back to editing). On the gray wall the column
    of each complete line is chosen by clicking ``"column:C"`` or ``"wall:R,C"``; the choices are
    remembered (and saved) until the position changes.

    Files use the scenario format of ``docs/azul.md`` and never touch, from the page, the disk of the
    machine the kernel runs on: *Save* gives the learner the file as a browser download
    (``download()``), *Load* reads the file they pick on their own device. ``load(path_or_text)``
    and ``save(path)`` read and write a path: Python calls for whoever owns the machine, never a
    control. ``to_scenario()`` is the position as a scenario. *Link* (``make_link()``) shows this
    page's address with the position in its fragment (``#play=...``) to copy; ``open_link(link)``
    opens one, and a page opened at such an address opens its position here.

    ``hint()`` asks the coach about the board shown (the position being edited, or the board
    after the steps made). On the gray wall with a complete pattern line, the question is the
    one the tiling asks: which column for its tile (``azul.advisor.advise_board``, the coach's
    search). Otherwise the board has no choice to make in this tiling, and the coach answers the
    question the next round asks: where one more tile would score the most
    (``azul.advisor.best_cells``). The picture shows the top answers as faint numbered tiles on
    the wall, ``hints`` lists them with their reasons; any change of the board puts them away.
    """

    def __init__(self, board: Board | None = None, *, wall: str = "colored", score: int = 0,
                 display: Display | None = None) -> None:
        self.model = SandboxModel(board, wall=wall, score=score, display=display)
        self._syncing = False
        self._build_view()
        self._localise()
        self.relabel()

    def _do(self, request, *args):
        result = request(*args)
        self._refresh()
        return result

    def download(self) -> None:
        """Give the position to the browser as a scenario file to download, onto the learner's
        device; one the format would refuse is not offered and the message says why."""
        offered = self._do(self.model.download)
        if offered is not None:
            self._download.offer(*offered)

    def _handed(self) -> str:
        """The position as a link's fragment, for the teacher's challenge ("" when the format
        refuses it: the server then says there is no link)."""
        data = self.model.link()
        return pack(data) if data is not None else ""

    def make_link(self, base: str = "") -> str:
        """The position as a link: the page shows its own address with the board in the fragment
        (``#play=...``), to copy; returns ``base`` with that fragment (no ``base``: the fragment).
        A position the format would refuse gives no link ("") and the message says why."""
        data = self._do(self.model.link)
        if data is None:
            return ""
        self.address.fragment = pack(data)
        return address(base, data) if base else f"#{self.address.fragment}"

    def _page_link(self, fragment: str) -> None:
        # The page was opened at an address holding a link: a position of ours opens here; a game
        # (for a table in the same lesson) is left to it.
        if self.model.claims(fragment):
            self.open_link(fragment)

    def _uploaded(self, name: str, text: str) -> None:
        self._do(self.model.upload, name, text)

    # --- the view ------------------------------------------------------------------------------

    def _refuse(self, text: str) -> None:
        self.model._refuse(text)
        self._refresh()  # a refused change typed in a control springs back

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            self._tools.value = self.model.tool
            self._walls.value = self.model.wall
            self._score.value = self.model.score
        finally:
            self._syncing = False

    def _build_view(self) -> None:
        # While the teacher has paused a class's boards, a click on this one does nothing.
        self._view = ClickableSVG(on_click=lambda key: inclass.paused() or self.click(key))
        # The option values stay the English identifiers; relabel() puts in the words.
        self._tools = w.ToggleButtons(options=list(TOOLS), value=self.model.tool,
                                      style={"button_width": "auto"})  # words differ in length by language
        self._tools.observe(lambda ch: self._syncing or self.choose(ch["new"]), "value")
        self._walls = w.ToggleButtons(options=list(WALL_KINDS), value=self.model.wall)
        self._walls.observe(lambda ch: self._syncing or self.set_wall(ch["new"]), "value")
        self._word(self._walls, description=t.lazy("widgets.sandbox.label.wall"))
        self._score = w.IntText(value=self.model.score, layout=w.Layout(width="160px"))
        self._score.observe(lambda ch: self._syncing or self.set_score(ch["new"]), "value")
        self._word(self._score, description=t.lazy("widgets.sandbox.label.score"))
        self._text = w.HTML()
        self._warning = w.HTML()
        self._hint_box = w.HTML()
        self._download = Download()
        self._upload = upload_button(self._uploaded, self._refuse)
        self._word(self._upload, description=t.lazy("widgets.sandbox.button.load"),
                   tooltip=_Later(common, "files.upload.tip"))
        buttons = w.HBox([self._labelled(self.step, t.lazy("widgets.sandbox.button.step")),
                          self._labelled(self.run_all, t.lazy("widgets.sandbox.button.run_all")),
                          self._labelled(self.back, t.lazy("widgets.sandbox.button.back")),
                          self._labelled(self.reset, t.lazy("widgets.sandbox.button.reset")),
                          self._labelled(self.hint, t.lazy("widgets.sandbox.button.hint"),
                                         t.lazy("widgets.sandbox.tip.hint"))])
        self.address = PageAddress(on_hash=self._page_link)
        self._word(self.address, copy_label=_Later(common, "links.copy"),
                   box_label=_Later(common, "links.box"))
        files = w.HBox([self._labelled(self.download, t.lazy("widgets.sandbox.button.save"),
                                       _Later(common, "files.save.tip")),
                        self._upload,
                        self._labelled(self.make_link, t.lazy("widgets.sandbox.button.link"),
                                       t.lazy("widgets.sandbox.tip.link")),
                        self._download])
        in_class = [inclass.ClassTools(link=self._handed, open_link=self.open_link)
                    ] if inclass.active() else []  # a class: hand in, the teacher's board
        super().__init__([self._tools, w.HBox([self._walls, self._score]), self._view, buttons,
                          self._text, self._warning, self._hint_box, files, *in_class, self.address])
        self.add_class("azul-wall-sandbox")  # a stable handle for browser tests and styling

    def relabel(self) -> None:
        """Every label, option, title and message in the language in force, then redraw."""
        self._reword()
        self._syncing = True  # new options select their first one: not a choice of the learner
        try:
            tools = [colour_title(letter) for letter in LETTERS]
            tools += [t("widgets.sandbox.tool_button.marker"),
                      t("widgets.sandbox.tool_button.erase")]
            self._tools.options = list(zip(tools, TOOLS, strict=True))
            walls = {"colored": t("widgets.sandbox.wall_button.colored"),
                     "gray": t("widgets.sandbox.wall_button.gray")}
            self._walls.options = [(walls[kind], kind) for kind in WALL_KINDS]
        finally:
            self._syncing = False
        self._refresh()  # puts the chosen tool and wall back

    def _refresh(self) -> None:
        model = self.model
        self._sync_controls()
        self._view.show(model.scene(), model.place_name)
        self._text.value = _lines_html(model.explanation)
        self._warning.value = _warning_html(model.message)
        self._hint_box.value = _hint_html(*model.hint_items())
