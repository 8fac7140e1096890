"""The board editor: stack tokens by clicking, cubes, undo/redo, scenario files, the live score."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tabletop import inclass
from tabletop.address import PageAddress
from tabletop.binding import bind
from tabletop.clickable import ClickableSVG, Pictured, place_name
from tabletop.links import address, pack
from tabletop.locale import t as common
from tabletop.localised import Localised, html
from tabletop.settings import Display
from tabletop.transfer import Download, upload_button

from .. import scoring
from ..board import RIVER_READINGS, Side
from ..editormodel import DOWNLOAD_NAME, EditorModel
from ..locale import t
from ..tokens import Colour
from .common import (
    _NATURAL,
    _NOTE,
    _WARN,
    ON_BOARD,
    SCORE_KEYS,
    Said,
    _button,
    _colour,
    _hint_panel,
    _label,
    _river_title,
)

__all__ = ["BoardEditor", "DOWNLOAD_NAME"]


@bind(requests="choose click undo redo clear set_side set_river load save open_link show_category",
      readings="board breakdown tool category hand hints message scenario")
class BoardEditor(Pictured, Localised, w.VBox):
    """Build a Harmonies board by clicking, and watch its score: a view of ``self.model``, a
    ``harmonies.editormodel.EditorModel``, which holds the position and decides what each click does.

    Choose a tool in the palette (a token colour, or the cube) and click a cell: a token is stacked by
    ``Board.place``, so an illegal stack is refused with the engine's message and changes nothing.
    The cube tool toggles a cube on a cell that holds a token: the editor is a what-if tool, so a cube
    may be put on any token, whatever the habitats, or taken off again (the habitat rules belong to
    the game and to ``HabitatExplorer``).

    ``board`` may be a Board, a Scenario, a scenario file's text or its path; with a Board (or None,
    an empty board of ``side``) the cards and river reading come from ``animals`` ((card, cubes
    placed) pairs), ``spirit`` ((card, cube placed) or None) and ``river``.

    The hint button asks the coach (``harmonies.advisor``) where the tokens in hand (``hand``: up to
    3 colours, chosen in the three menus beside it) would go best on this board, and which cubes
    would follow. A board is not a game, so the coach is asked about the game
    ``harmonies.positions.game_from_position`` builds from it: a game for two in which this player has
    just taken those tokens, with no card on display. The best turns are listed with their reasons and
    the first is drawn on the board (dashed tokens, outlined cells) until the board or the hand changes.

    Files never touch the disk of the machine the kernel runs on from the page: *save* gives the
    learner the scenario file as a browser download (``download()``), *upload* reads the file they
    pick on their own device. ``load(path_or_text)`` and ``save(path)`` read and write a path: Python
    calls for whoever owns the machine, never a control.

    Methods (each is what a control calls): ``choose(tool)``, ``click(cell)``, ``undo()``, ``redo()``,
    ``clear()``, ``set_side(side)``, ``set_river(reading)``, ``download()``, ``make_link()`` (the
    board as a link, ``#play=...``), ``open_link(link)``, ``show_category(category or None)``,
    ``set_hand(colours)``, ``hint(tokens=None)``, ``relabel()``; and ``load``, ``save``. A page
    opened at an address holding a board (``#play=...``) opens that board here.
    Properties: ``board`` (a copy), ``breakdown``, ``message``, ``svg``, ``scene``, ``tool``,
    ``category``, ``hand``, ``hints`` (the advice shown, while it fits); ``scenario()`` gives the
    position as a Scenario.
    """

    def __init__(self, board=None, *, side: Side | str = "A", animals=(), spirit=None,
                 river: str = "shortest-path", display: Display | None = None,
                 hand=("blue", "brown", "green")):
        self.model = EditorModel(board, side=side, animals=animals, spirit=spirit, river=river,
                                 display=display, hand=hand)
        self._listeners: list = []  # called after every change (the what-if view listens)
        self._syncing = False

        self._message_box = w.HTML()
        self._palette = ClickableSVG(on_click=self.choose, layout=_NATURAL)
        self._cube_tool = w.ToggleButton(layout=w.Layout(width="6em"))
        self._cube_tool.observe(self._on_cube_tool, "value")
        self._undo = _button(self.undo, icon="undo")
        self._redo = _button(self.redo, icon="repeat")
        self._clear = _button(self.clear, icon="trash")
        self._side_label = w.HTML()
        self._side = w.ToggleButtons(options=["A", "B"], style={"button_width": "2.5em"})
        self._side.observe(lambda change: self._syncing or self.set_side(change["new"]), "value")
        self._river = w.Dropdown(options=list(RIVER_READINGS), layout=w.Layout(width="17em"),
                                 style={"description_width": "initial"})
        self._river.observe(lambda change: self._syncing or self.set_river(change["new"]), "value")
        # While the teacher has paused a class's boards, a click on this one does nothing.
        self._view = ClickableSVG(on_click=lambda key: inclass.paused() or self.click(key), layout=_NATURAL)
        self._score_values = {key: w.HTML() for key in SCORE_KEYS}
        self._category_buttons: dict[str, w.Button] = {}
        self._category_labels: dict[str, w.HTML] = {}
        table = w.GridBox(self._score_rows(), layout=w.Layout(
            grid_template_columns="minmax(7.5em, max-content) 3em", align_items="center"))
        self._save = _button(self.download, icon="download")
        self._download = Download()
        self._upload = upload_button(self._uploaded, self._say)
        self._link = _button(self.make_link, icon="link")
        self.address = PageAddress(on_hash=self._page_link)
        self._score_heading = w.HTML()
        self._hand_label = w.HTML()
        # Each menu is named (its description), so that a screen reader can tell the three apart.
        self._hand = [w.Dropdown(layout=w.Layout(width="auto"), style={"description_width": "initial"})
                      for _ in range(3)]
        for box in self._hand:
            box.observe(lambda _change: self._syncing or self._hand_changed(), "value")
        self._hint = _button(self.hint, icon="lightbulb-o")
        self._hint_box = w.HTML()
        coach = w.HBox([self._hand_label, *self._hand, self._hint],
                       layout=w.Layout(flex_flow="row wrap", align_items="center"))
        tools = w.HBox([self._palette, self._cube_tool], layout=w.Layout(align_items="center"))
        edit = w.HBox([self._undo, self._redo, self._clear, self._side_label, self._side, self._river],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))
        files = w.HBox([self._save, self._upload, self._link, self._download])
        board_and_score = w.HBox([self._view, w.VBox([self._score_heading, table])])
        in_class = [inclass.ClassTools(link=lambda: pack(self.scenario().to_dict()), open_link=self.open_link)
                    ] if inclass.active() else []  # a class: hand in, the teacher's board
        super().__init__([tools, edit, self._message_box, board_and_score, coach, self._hint_box, files,
                          *in_class, self.address])
        self.add_class("harmonies-board-editor")  # a stable handle for browser tests and styling
        self._localise()
        self.relabel()

    def _score_rows(self) -> list[w.Widget]:
        """The score table: a button per category on the board (it outlines its items), a label for
        the others, each followed by its points."""
        rows = []
        for key in SCORE_KEYS:
            if key in ON_BOARD:
                b = w.Button(layout=w.Layout(width="100%"))
                b.on_click(lambda _b, key=key: self.show_category(None if self.category == key else key))
                self._category_buttons[key] = b
                rows.append(b)
            else:
                self._category_labels[key] = w.HTML(layout=w.Layout(padding="0 0 0 0.6em"))
                rows.append(self._category_labels[key])
            rows.append(self._score_values[key])
        return rows

    def relabel(self) -> None:
        """Every label, option and message in the language in force; the board and score redrawn."""
        self._cube_tool.description = t("editor.cube")
        self._cube_tool.tooltip = t("editor.cube.tooltip")
        self._undo.description = t("editor.undo")
        self._redo.description = t("editor.redo")
        self._clear.description = t("editor.clear")
        self._side_label.value = _label(t("editor.side"))
        self._side.tooltips = [t("editor.side.a"), t("editor.side.b")]
        self._syncing = True  # new option labels must not count as a choice
        self._river.options = [(_river_title(r), r) for r in RIVER_READINGS]
        self._syncing = False
        self._river.description = t("editor.river")
        for key, button in self._category_buttons.items():
            button.description = scoring.category_title(key)
            button.tooltip = t("editor.category.tooltip", category=scoring.category_title(key))
        for key, label in self._category_labels.items():
            label.value = html(f"<b>{escape(scoring.category_title(key))}</b>")
        self._score_heading.value = html(t("editor.score.heading"))
        self._upload.description = t("editor.upload")
        self._upload.tooltip = common("files.upload.tip")
        self._save.description = t("editor.save")
        self._save.tooltip = common("files.save.tip")
        self._link.description = t("editor.link")
        self._link.tooltip = t("editor.link.tooltip")
        self.address.copy_label = common("links.copy")
        self.address.box_label = common("links.box")
        self._hand_label.value = _label(t("editor.hint.hand"))
        self._hint.description = t("editor.hint")
        self._hint.tooltip = t("editor.hint.tooltip")
        for n, box in enumerate(self._hand, 1):
            box.description = t("editor.hint.token", n=n)
        self._show_hand()
        self._show_message()
        self._show_palette()
        self._refresh()

    def _do(self, request, *args):
        result = request(*args)
        self._refresh()
        return result

    def download(self) -> None:
        """Give the position to the browser as a scenario file to download, onto the learner's device."""
        self._download.offer(*self._do(self.model.download))

    def make_link(self, base: str = "") -> str:
        """The position as a link: the page shows its own address with the board in the fragment
        (``#play=...``), to copy; returns ``base`` with that fragment (no ``base``: the fragment)."""
        self.address.fragment = self._do(self.model.link)
        return address(base, self.model.scenario().to_dict()) if base else f"#{self.address.fragment}"

    def _page_link(self, fragment: str) -> None:
        # The page was opened at an address holding a link: a board of ours opens here; a game
        # (for a table in the same lesson) is left to it.
        if self.model.claims(fragment):
            self.open_link(fragment)

    def set_hand(self, colours) -> None:
        """The tokens in hand for the hint: up to 3 colours (``["blue", "green"]`` or ``"blue green"``)."""
        self._do(self.model.set_hand, colours)
        self._show_hand()

    def hint(self, tokens=None, top: int = 3) -> None:
        """Ask the coach where the tokens in hand (or ``tokens``, which become the hand) go best on
        this board; list its best turns with their reasons and draw the first on the board."""
        self._do(self.model.hint, tokens, top)
        self._show_hand()

    # -- the view -------------------------------------------------------------------------------
    def _say(self, warning: Said = "", note: Said = "") -> None:
        """A message of the view's own (an upload that failed)."""
        self.model._say(warning, note)
        self._show_message()

    def _show_message(self) -> None:
        warning, note = self.model.message, self.model.note
        if warning:
            self._message_box.value = html(f"⚠ {escape(warning)}", style=_WARN)
        else:
            self._message_box.value = html(escape(note), style=_NOTE) if note else ""

    def _show_hand(self) -> None:
        """The three menus: a colour each, or none, in the language in force."""
        options = [(t("editor.hint.no_token"), "")] + [(_colour(c), str(c)) for c in Colour]
        values = list(self.model.hand) + [""] * (3 - len(self.model.hand))
        self._syncing = True
        for box, value in zip(self._hand, values, strict=True):
            box.options = options
            box.value = value
        self._syncing = False

    def _hand_changed(self) -> None:
        self._do(self.model.set_hand, [box.value for box in self._hand if box.value])

    def _show_palette(self) -> None:
        self._palette.show(self.model.palette_scene(),
                           lambda key, tip: place_name(tip, t("editor.click.choose")))

    def _on_cube_tool(self, change) -> None:
        if not self._syncing:
            self.choose("cube" if change["new"] else self.model.last_colour)

    def _uploaded(self, name: str, text: str) -> None:
        self._do(self.model.upload, name, text)

    def _refresh(self) -> None:
        model = self.model
        self._show_message()
        self._show_palette()
        self._scene = model.scene()
        lines = model.hint_lines()
        self._hint_box.value = _hint_panel(lines) if lines else ""
        self._view.show(self._scene, model.place_name)
        values = model.breakdown.to_dict()
        for key, box in self._score_values.items():
            box.value = f"<b>{values[key]}</b>" if key == "total" else str(values[key])
        for key, button in self._category_buttons.items():
            button.button_style = "info" if key == model.category else ""
        self._undo.disabled = not model.history.past
        self._redo.disabled = not model.history.future
        self._syncing = True
        self._cube_tool.value = model.tool == "cube"
        self._side.value = str(model.state.board.side)
        self._river.value = model.state.river
        self._syncing = False
        for listener in self._listeners:
            listener()
