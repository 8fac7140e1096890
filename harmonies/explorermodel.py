"""The habitat explorer's model: one card's habitats on a board, with no widget.

``ExplorerModel`` holds what the explorer knows and decides: the board, the card, the rotation
shown, the habitats present and the near misses in that rotation, the cells where a cube of the
card may go now, the message in force, and what a click does. The widget
(``harmonies.widgets.HabitatExplorer``) only draws it and forwards clicks; a test or a script
drives the same model::

    explorer = ExplorerModel(board, card(3))
    explorer.show_rotation(2)      # or "rotation:2"; None shows every rotation
    explorer.click("cell:c3")      # a cube of the card, if one may go there now
    explorer.message               # why the last request was refused ("" when it worked)
    explorer.board_scene()         # the picture to show

Every request either works or leaves the state as it was and says why in ``message``; none
raises. Texts are kept as functions or lazy catalogue texts, so a change of language rewords them
when next read.
"""

from __future__ import annotations

from tabletop import links
from tabletop.locale import t as common
from tabletop.scene import Scene, place_name
from tabletop.settings import Display
from tabletop.untrusted import number, shown

from . import draw, habitats
from .board import Board, Side
from .cards import Card
from .cards import card as _card_lookup
from .errors import HarmoniesError, ScenarioError
from .inwords import Said, Says, cell_name, colour_title, words
from .locale import t
from .scenario import Scenario, as_scenario

#: What an explorer's link holds (``tabletop.links.kind``): the board, the card, the rotation.
LINK = "harmonies-explorer"


class ExplorerModel(Says):
    """One card's habitats on a board (see the module's docstring).

    ``board`` may be a Board, a Scenario, a scenario file's text or its path (None: an empty board
    of ``side``); ``card`` a Card, an id (1–42) or a name.
    """

    def __init__(self, board=None, card: Card | int | str = 1, *, side: Side | str = "A",
                 display: Display | None = None):
        self._board = as_scenario(board, side).board
        self._card = card if isinstance(card, Card) else _card_lookup(card)
        self.display = display
        self._rotation: int | None = None
        self._update()

    # --- what it shows ----------------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board.copy()

    @property
    def card(self) -> Card:
        return self._card

    @property
    def rotation(self) -> int | None:
        return self._rotation

    @property
    def matches(self) -> list[habitats.Match]:
        """The habitats present, in the rotation shown (every rotation when none is chosen)."""
        return list(self._matches)

    @property
    def near_misses(self) -> list[habitats.NearMiss]:
        return list(self._near)

    @property
    def cube_cells(self) -> list[str]:
        """Every cell where a cube of the card may go now, whatever the rotation shown."""
        return list(self._cube_cells)



    # --- what a learner can ask -------------------------------------------------------------------

    def select_card(self, card: Card | int | str) -> None:
        """Show another card (its id, its name, or a ``"card:ID"`` key)."""
        key = card
        if isinstance(card, str) and card.strip().lower().startswith("card:"):
            key = card.split(":", 1)[1]
        try:
            found = card if isinstance(card, Card) else _card_lookup(key)
        except KeyError as err:  # cards.card's own message: which ids and names exist
            self._say(str(err.args[0]))
            return
        self._card, self._rotation = found, None
        self._say()
        self._update()

    def show_rotation(self, rotation: int | str | None) -> None:
        """Show only the habitats in one rotation (0–5, or a ``"rotation:N"`` key); None shows all.

        A rotation that repeats a lower one (a symmetric pattern) shows that one's habitats."""
        if isinstance(rotation, str):
            text = (rotation.split(":", 1)[1] if ":" in rotation else rotation).strip().lower()
            if text in ("", "all", "none"):
                rotation = None
            elif number(text) is not None:
                rotation = number(text)
            else:
                self._say(t.lazy("explorer.not_a_rotation", rotation=shown(rotation)))
                return
        if rotation is not None and not 0 <= rotation <= 5:
            self._say(t.lazy("explorer.not_a_rotation", rotation=rotation))
            return
        self._rotation = rotation
        self._say()
        self._update()

    def set_board(self, board) -> None:
        """Look at another board (a Board, a Scenario, a scenario file's text or path)."""
        try:
            self._board = as_scenario(board).board
        except ScenarioError as err:
            self._say(str(err))
            return
        self._say()
        self._update()

    def click(self, cell: str) -> None:
        """Place a cube of the card on ``cell`` (``"c3"`` or ``"cell:c3"``) if it is a free cube cell now."""
        name, board, c = cell_name(cell), self._board, self._card
        try:
            allowed = habitats.can_place_cube(c, board, name)
            name = board.layout.names[board.layout.cell(name)]
        except HarmoniesError as err:
            self._say(str(err))
            return
        if not allowed:
            self._say(self._refusal(name))
            return
        board.freeze(name)
        self._say(note=lambda: t("explorer.cube_placed", card=c.title, cell=name))
        self._update()

    # --- as a link -------------------------------------------------------------------------------

    def link(self) -> str:
        """The board, the card and the rotation shown, as a link's fragment (``#play=...``)."""
        self._say(note=t.lazy("explorer.link.made"))
        return links.pack(links.kind(LINK, board=Scenario(self._board.copy()).to_dict(), card=self._card.id,
                                     rotation=self._rotation))

    @staticmethod
    def claims(link: str) -> bool:
        """Whether a page address holds a link for an explorer: its own, or a Harmonies board."""
        return links.claims(link, lambda data: links.holds(data, LINK) or data.get("game") == "harmonies")

    def open_link(self, link: str) -> bool:
        """Show what a link holds: an explorer's board, card and rotation, or a Harmonies board (with
        the card shown now). A broken link, or one holding something else, changes nothing (False)."""
        try:
            data = links.unpack(link)
            parts = links.of_kind(data, LINK)
            if parts is None and data.get("game") != "harmonies":
                raise links.LinkError(t("explorer.link.other"))
            parts = parts or {"board": data, "card": self._card.id, "rotation": None}
            board = Scenario.from_dict(parts.get("board")).board
            card = parts.get("card")
            if type(card) not in (int, str):
                raise links.LinkError(common("links.damaged"))
            found = _card_lookup(card)
            rotation = parts.get("rotation")
            if rotation is not None and (type(rotation) is not int or not 0 <= rotation <= 5):
                raise links.LinkError(t("explorer.not_a_rotation", rotation=shown(rotation)))
        except (links.LinkError, ScenarioError) as err:
            self._say(str(err))
            return False
        except KeyError as err:  # cards.card's own message: which ids and names exist
            self._say(str(err.args[0]))
            return False
        self._board, self._card, self._rotation = board, found, rotation
        self._say(note=t.lazy("explorer.link.opened"))
        self._update()
        return True

    # --- the pictures -----------------------------------------------------------------------------

    def rotations_scene(self) -> Scene:
        """The card's six rotations, the one shown selected; each a place to click."""
        return draw.rotations_scene(self._card, selected=self._rotation, display=self.display)

    def board_scene(self) -> Scene:
        """The board: each habitat shown outlined, each near miss a ghost token of the colour that
        would complete it, each free cube cell a dashed cube; the title says what is shown."""
        board = self._board
        marks = [draw.Mark(m.cells, label=_habitat_label(m)) for m in self._matches]
        marks += [draw.Mark(n.cells, faint=True,
                            label=t("explorer.mark.near_miss", colour=colour_title(n.colour), cell=n.cell))
                  for n in self._near]
        free = sorted({m.cube_cell for m in self._matches if m.cube_free}, key=board.layout.index.get)
        ghosts = [(n.cell, n.colour) for n in self._near] + [(cell, "cube") for cell in free]
        return draw.board_scene(board, highlight=marks, ghosts=ghosts, title=self._title(free),
                                display=self.display)

    def place_name(self, key: str, tip: str) -> str:
        """A cell's accessible name: its tooltip, and whether a click would place a cube there."""
        free = cell_name(key) in self._cube_cells
        action = t("explorer.click.cube" if free else "explorer.click.no_cube", card=self._card.title)
        return place_name(tip, action)

    @staticmethod
    def rotation_place_name(key: str, tip: str) -> str:
        return place_name(tip, t("explorer.click.rotation"))

    # --- inside -----------------------------------------------------------------------------------


    def _shown_rotation(self) -> int | None:
        """The rotation whose habitats are shown: a symmetric pattern's repeat shows the lower one."""
        return None if self._rotation is None else draw.same_rotation(self._card, self._rotation)

    def _update(self) -> None:
        c, board, wanted = self._card, self._board, self._shown_rotation()
        self._matches = [m for m in habitats.matches(c, board) if wanted is None or m.rotation == wanted]
        self._near = [n for n in habitats.near_misses(c, board) if wanted is None or n.rotation == wanted]
        self._cube_cells = habitats.cube_cells(c, board)

    def _refusal(self, cell: str) -> Said:
        """Why no cube of the card can go on ``cell`` now, and where one can."""
        c = self._card
        if self._board.has_cube(cell):
            return t.lazy("explorer.cube_taken", cell=cell)
        free = list(self._cube_cells)
        if free:
            return lambda: t("explorer.cube_elsewhere", card=c.title, cell=cell, cells=words(free))
        return lambda: t("explorer.cube_nowhere", card=c.title, cell=cell)

    def _title(self, free: list[str]) -> str:
        """The board's title: the card and its habitats, then what the picture shows."""
        c, k, wanted = self._card, len(self._near), self._shown_rotation()
        if wanted is None:
            shown = t("explorer.shown.all")
        elif wanted != self._rotation:
            shown = t("explorer.shown.same", rotation=self._rotation, same=wanted)
        else:
            shown = t("explorer.shown.rotation", rotation=self._rotation)
        cubes = t("explorer.cubes.free", cells=words(free)) if free else t("explorer.cubes.none")
        misses = t.count("explorer.near_misses", k) if k else t("explorer.near_misses.none")
        heading = t.count("explorer.title", len(self._matches), card=c.title, id=c.id)
        return heading + "\n" + t("explorer.summary", shown=shown, cubes=cubes, misses=misses)


def _habitat_label(m: habitats.Match) -> str:
    """The outline's tooltip for a habitat present on the board."""
    if m.cube_free:
        return t("explorer.mark.habitat", rotation=m.rotation, cell=m.cube_cell)
    return t("explorer.mark.habitat_taken", rotation=m.rotation, cell=m.cube_cell)
