"""Pictures of Harmonies: personal boards, cards, the central board and the whole table, as scenes.

Every function here is pure: it reads the rules objects through their public API and returns a
``tabletop.Scene`` (shapes in pixels) that renders to a deterministic SVG string (``scene.to_svg()``,
same state, same bytes) or to PNG/PDF (``scene.save(path)``). Nothing here decides a rule: what a
stack is, what scores, where a habitat lies all come from ``tokens``, ``scoring`` and ``habitats``.

How a board reads
-----------------
- Cells are flat-top hexes in columns, as on the printed board; each shows its name small at the top.
- A stack is drawn as coins seen slightly from the side, bottom token lowest: a tree is green on brown
  trunk(s), a mountain is one to three gray coins, a building is red on its base. From height 2 a small
  number at the right repeats the height. The hex behind takes a pale tint of the top token's colour,
  so fields, forests and rivers read as regions.
- An animal cube is a small dark cube on top of its stack.
- ``highlight`` outlines cells strongly (a placement, a scoring item); a ``Mark`` with ``path=True``
  also draws a line through its cells in order (a river). ``ghosts`` draws would-be tokens (a near
  miss) as translucent dashed coins on top of their stacks; the colour ``"cube"`` draws a dashed cube.
- ``tabletop.Display`` settings: ``colour_blind`` puts the colour's letter (``Colour.letter``) on every
  token and varies the dash of highlight groups; ``high_contrast`` thickens outlines and enlarges and
  darkens text; ``scale`` multiplies every size.

Clickable shapes carry a ``key`` that the SVG writes as ``data-key``: ``cell:c3`` (every shape drawn
for a board cell, so a click anywhere on the cell reports it), ``space:2`` (central-board spaces,
numbered from 1 as the ``take`` action numbers them), ``display:23`` (display cards), ``card:23`` (a
card drawn alone), ``held:23`` and ``spirit:35`` (a seat's cards), ``colour:green`` (palette and hand
tokens), ``rotation:2`` (a rotation in ``rotations_scene``). ``board_scene(key_prefix="seat1:")``
prefixes a board's keys, as ``game_scene`` does for every seat.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from tabletop.i18n import join_and, plain
from tabletop.scene import Scene
from tabletop.settings import Display, resolve

from .actions import PlaceCube, PlaceToken
from .board import LAYOUTS, Board, Side, rotate
from .cards import NEED_WORDS, Card
from .cards import card as _card_lookup
from .locale import t
from .scoring import CATEGORIES, Breakdown, Item, category_title
from .tokens import STACKS, TOP, Colour, describe

BLUE, GRAY, BROWN, GREEN, YELLOW, RED = Colour

#: The one home of the token colours in pictures: distinct from each other and from an empty cell.
TOKEN_FILL: dict[Colour, str] = {
    BLUE: "#2b7bcc", GRAY: "#8d959c", BROWN: "#8a5a2e", GREEN: "#3c9a3c", YELLOW: "#f2c200", RED: "#d7372a",
}
#: Text drawn on a token (its colour-blind letter) in this colour, for contrast.
TOKEN_INK: dict[Colour, str] = {
    BLUE: "#ffffff", GRAY: "#ffffff", BROWN: "#ffffff", GREEN: "#ffffff", YELLOW: "#222222", RED: "#ffffff",
}
#: The score categories in charts, landscape categories in their token's colour.
CATEGORY_FILL: dict[str, str] = {
    "trees": TOKEN_FILL[GREEN], "mountains": TOKEN_FILL[GRAY], "fields": TOKEN_FILL[YELLOW],
    "buildings": TOKEN_FILL[RED], "water": TOKEN_FILL[BLUE], "animals": TOKEN_FILL[BROWN],
    "spirit": "#7b4fa0",
}
EMPTY_FILL = "#f6f0e0"  # an empty cell: the cream of the printed board
CELL_EDGE = "#b3a78c"
CUBE_FACES = ("#4a4a4a", "#1e1e1e", "#2f2f2f")  # top, left, right
#: Colours of highlight groups after the first (which takes the display's highlight colour).
GROUP_COLOURS = ("#ff7f00", "#6a3d9a", "#009e9e", "#222222", "#b8860b", "#1f5fbf")
_GROUP_DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "1 2")

_SQRT3 = math.sqrt(3)
_HEX = tuple((math.cos(math.pi / 3 * k), math.sin(math.pi / 3 * k)) for k in range(6))
_ELLIPSE_STEPS = 16
_ELLIPSE = tuple((math.cos(2 * math.pi * k / _ELLIPSE_STEPS), math.sin(2 * math.pi * k / _ELLIPSE_STEPS))
                 for k in range(_ELLIPSE_STEPS))
# A coin's silhouette: the front half of its bottom rim, then the back half of its top rim.
_FRONT = tuple(_ELLIPSE[k] for k in range(_ELLIPSE_STEPS // 2 + 1))
_BACK = tuple(_ELLIPSE[k % _ELLIPSE_STEPS] for k in range(_ELLIPSE_STEPS // 2, _ELLIPSE_STEPS + 1))

# Proportions of a drawn stack, in hex radii.
_COIN_A, _COIN_B, _COIN_T = 0.52, 0.18, 0.25  # half width, half depth of a rim, thickness
_STACK_BASE = 0.42  # centre of the lowest coin's bottom rim, below the hex centre
_BASE_RADIUS = 40.0  # hex radius of a board at scale 1


# ---------------------------------------------------------------------------------------------
# Small helpers


def _mix(colour: str, other: str, share: float) -> str:
    """``colour`` moved a fraction ``share`` towards ``other`` (both ``#rrggbb``)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


TOKEN_TINT: dict[Colour, str] = {c: _mix(f, "#ffffff", 0.74) for c, f in TOKEN_FILL.items()}


def _colour(value: Colour | str) -> Colour:
    return value if isinstance(value, Colour) else Colour.parse(value)


def _hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * x, cy + radius * y) for x, y in _HEX]


def _centre(q: int, r: int, radius: float) -> tuple[float, float]:
    """Pixel centre of an axial cell (flat-top hexes, y down)."""
    return 1.5 * radius * q, _SQRT3 * radius * (r + q / 2)


def _text_width(text: str, size: float, weight: str = "normal") -> float:
    """A generous estimate of a text's width (SVG gives no metrics without a browser); the invisible
    isolate marks around a placeholder in a right-to-left language take no room."""
    return (0.66 if weight == "bold" else 0.6) * size * len(plain(text))


def _wrap(text: str, width: float, size: float, weight: str = "normal") -> list[str]:
    """Greedy word wrap of ``text`` into lines about ``width`` pixels wide; a "·" separator stays at
    the end of its line."""
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        words: list[str] = []
        for word in filter(None, paragraph.split(" ")):  # a no-break space keeps "water\xa05" whole
            if word == "·" and words:
                words[-1] += " ·"
            else:
                words.append(word)
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if line and _text_width(trial, size, weight) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


class _Style:
    """Sizes and colours of one drawing, from the display settings and a hex radius."""

    def __init__(self, disp: Display, radius: float):
        self.disp = disp
        self.R = radius
        hc = disp.high_contrast
        self.stroke = disp.stroke * disp.scale
        self.text_scale = 1.25 if hc else 1.0
        self.ink = disp.ink
        self.faint = disp.faint
        self.weight = disp.weight
        self.edge = "#000000" if hc else CELL_EDGE
        self.coin_edge = "#000000" if hc else "#2a2a2a"
        self.coin_width = min((1.6 if hc else 0.9) * disp.scale, 0.05 * radius)
        self.letters = disp.colour_blind
        # Outlines of small drawings (cards, patterns) stay in proportion to them.
        self.line = min(self.stroke, 0.09 * radius)

    def size(self, fraction: float) -> float:
        """A font size: a fraction of the hex radius, larger in high contrast."""
        return fraction * self.R * self.text_scale


# ---------------------------------------------------------------------------------------------
# Highlights and ghosts


@dataclass(frozen=True)
class Mark:
    """A group of cells to outline on a board.

    ``colour`` None takes the next group colour; ``path`` also draws a line through the cells in
    order (closed when the last cell touches the first); ``faint`` draws a thin dashed outline (an
    item that scored nothing); ``label`` becomes the tooltip.
    """

    cells: tuple[str, ...]
    colour: str | None = None
    label: str = ""
    path: bool = False
    faint: bool = False


def _as_marks(highlight, side: Side) -> list[Mark]:
    """Accept a cell name, cell names, (cells, colour) pairs, Marks, scoring Items, habitat Matches."""
    if not highlight:
        return []
    if isinstance(highlight, str | Mark) or hasattr(highlight, "cells"):
        highlight = [highlight]
    marks: list[Mark] = []
    loose: list[str] = []
    for entry in highlight:
        if isinstance(entry, str):
            loose.append(entry)
        elif isinstance(entry, Mark):
            marks.append(entry)
        elif isinstance(entry, Item):
            path = entry.category == "water" and side is Side.A
            marks.append(Mark(tuple(entry.cells), label=_item_tip(entry), path=path, faint=entry.points <= 0))
        elif hasattr(entry, "cells"):
            marks.append(Mark(tuple(entry.cells)))
        else:
            cells, colour = entry
            marks.append(Mark((cells,) if isinstance(cells, str) else tuple(cells), colour))
    if loose:
        marks.insert(0, Mark(tuple(loose)))
    return marks


def _as_ghosts(ghosts) -> list[tuple[str, str]]:
    out = []
    for entry in ghosts or ():
        if hasattr(entry, "cell"):
            cell, colour = entry.cell, entry.colour
        else:
            cell, colour = entry
        out.append((str(cell), "cube" if str(colour) == "cube" else str(_colour(colour))))
    return out


def advice_marks(advice) -> tuple[list[Mark], list[tuple[str, str]]]:
    """What a coach's advice (``harmonies.advisor.Advice``, or any turn as a list of actions) looks
    like on its player's board: ``(highlight, ghosts)`` for ``board_scene``. The cells its tokens go
    to are one outlined group, its cubes' cells another; each token's cell gets a ghost token of the
    colour placed there last (the one on top)."""
    ghosts: dict[str, str] = {}
    cells: list[str] = []
    cubes: list[str] = []
    for a in getattr(advice, "actions", advice):
        if isinstance(a, PlaceToken):
            ghosts[a.cell] = str(a.colour)
            if a.cell not in cells:
                cells.append(a.cell)
        elif isinstance(a, PlaceCube):
            cubes.append(a.cell)
    marks = [Mark(tuple(cells))] if cells else []
    if cubes:
        marks.append(Mark(tuple(cubes)))
    return marks, list(ghosts.items())


def score_highlights(breakdown: Breakdown, category: str) -> list[Mark]:
    """The highlight groups of a category's items: items that scored first, then those that did not
    (drawn faint). Each group gets its own colour; the side-A river is drawn as a path.

    Pass the result as ``board_scene(board, highlight=...)``. Animal cards involve no cell, so
    ``"animals"`` gives no group.
    """
    items = [item for item in breakdown.items_for(category) if item.cells]
    scored = [item for item in items if item.points > 0]
    unscored = [item for item in items if item.points <= 0]
    marks = []
    for item in scored + unscored:
        path = item.category == "water" and breakdown.side == "A"
        marks.append(Mark(tuple(item.cells), label=_item_tip(item), path=path, faint=item.points <= 0))
    return marks


def _item_tip(item: Item) -> str:
    """A scoring item's tooltip: what it is and its points."""
    return t("draw.item.tip", item=item.label, points=item.points)


# ---------------------------------------------------------------------------------------------
# Tokens, stacks and cubes


def _coin_outline(cx: float, y_rim: float, R: float) -> tuple[list, list]:
    """A coin whose bottom rim is centred at (cx, y_rim): its silhouette and its top face."""
    a, b = _COIN_A * R, _COIN_B * R
    top = y_rim - _COIN_T * R
    side = [(cx + a * x, y_rim + b * y) for x, y in _FRONT] + [(cx + a * x, top + b * y) for x, y in _BACK]
    return side, [(cx + a * x, top + b * y) for x, y in _ELLIPSE]


def _coin(scene: Scene, st: _Style, cx: float, y_rim: float, colour: Colour, key: str, *,
          letter_on_side: bool, letter_on_top: bool, ghost: bool = False, radius: float | None = None
          ) -> None:
    """One token as a coin whose bottom rim is centred at (cx, y_rim)."""
    R = st.R if radius is None else radius
    b, thick = _COIN_B * R, _COIN_T * R
    style = dict(fill=TOKEN_FILL[colour], stroke=st.coin_edge, width=st.coin_width, key=key)
    if ghost:
        style.update(opacity=0.5, dash="3 2", stroke=st.ink)
    side, face = _coin_outline(cx, y_rim, R)
    scene.polygon(side, **style)
    scene.polygon(face, **style)
    top = y_rim - thick
    if st.letters and not ghost:
        ink = TOKEN_INK[colour]
        if letter_on_side:
            scene.text((cx, y_rim + b - thick / 2), colour.letter, size=0.78 * thick, fill=ink, weight="bold",
                       key=key)
        if letter_on_top:
            scene.text((cx, top), colour.letter, size=min(0.24 * R * st.text_scale, 1.9 * b), fill=ink,
                       weight="bold", key=key)


def _cube(scene: Scene, st: _Style, x: float, y: float, key: str, *, ghost: bool = False,
          size: float | None = None, title: str = "") -> None:
    """An animal cube, drawn in isometric view, centred at (x, y)."""
    c = 0.22 * st.R if size is None else size
    h = 0.87 * c
    top = [(x, y - c), (x + h, y - c / 2), (x, y), (x - h, y - c / 2)]
    left = [(x - h, y - c / 2), (x, y), (x, y + c), (x - h, y + c / 2)]
    right = [(x, y), (x + h, y - c / 2), (x + h, y + c / 2), (x, y + c)]
    edge = "#ffffff"
    width = max(0.8, 0.6 * st.stroke)
    if ghost:
        # Where a cube could go: a veil in the cube's shape, its edges dashed.
        for face in (top, left, right):
            scene.polygon(face, fill="#ffffff", opacity=0.6, key=key, title=title)
        for face in (top, left, right):
            scene.polygon(face, stroke=st.ink, width=max(1.2, 0.8 * st.stroke), dash="2 1.5", key=key,
                          title=title)
        return
    for face, fill in zip((top, left, right), CUBE_FACES, strict=True):
        scene.polygon(face, fill=fill, stroke=edge, width=width, key=key, title=title)


def _stack(scene: Scene, st: _Style, cx: float, cy: float, stack: Sequence[Colour], key: str, *,
           cube: bool = False, ghost: str | None = None, number: bool = True) -> None:
    """A stack of tokens (bottom first) in a hex centred at (cx, cy), a cube on top, a ghost above."""
    R = st.R
    y = cy + _STACK_BASE * R
    step = _COIN_T * R
    n = len(stack)
    covered = cube or ghost is not None  # the top face is hidden: its letter goes on the side too
    for k, colour in enumerate(stack):
        _coin(scene, st, cx, y - k * step, colour, key, letter_on_side=k < n - 1 or covered,
              letter_on_top=k == n - 1 and not covered)
    top = y - n * step  # centre of the top face
    if ghost is not None and ghost != "cube":
        _coin(scene, st, cx, y - n * step, Colour(ghost), key, letter_on_side=False, letter_on_top=False,
              ghost=True)
        if st.letters:
            scene.text((cx, top - step), Colour(ghost).letter, size=0.2 * R * st.text_scale, fill=st.ink,
                       weight="bold", key=key)
    if cube:
        _cube(scene, st, cx, top, key)
    elif ghost == "cube":
        _cube(scene, st, cx, top, key, ghost=True)
    if number and n >= 2:
        scene.text((cx + 0.73 * R, cy + 0.02 * R), str(n), size=st.size(0.26), fill=st.ink, weight="bold",
                   key=key)


# ---------------------------------------------------------------------------------------------
# The personal board


@cache
def _board_geometry(side: Side, radius: float) -> tuple[tuple[tuple[float, float], ...], float, float]:
    """Cell centres (relative to the board's top-left corner), the board's width and height."""
    layout = LAYOUTS[side]
    raw = [_centre(q, r, radius) for q, r in layout.axial]
    x0 = min(x for x, _ in raw) - radius
    y0 = min(y for _, y in raw) - radius * _SQRT3 / 2
    centres = tuple((x - x0, y - y0) for x, y in raw)
    width = max(x for x, _ in raw) + radius - x0
    height = max(y for _, y in raw) + radius * _SQRT3 / 2 - y0
    return centres, width, height


def _title_block(title: str | None, width: float, st: _Style) -> list[tuple[str, float, str]]:
    """A title's lines wrapped to ``width``: (text, font size, weight). The first line of the title is
    bold, the others a little smaller."""
    if not title:
        return []
    head, _, rest = str(title).partition("\n")
    big, small = st.size(0.36), st.size(0.3)
    out = [(line, big, "bold") for line in _wrap(head, width, big, "bold")]
    if rest:
        out += [(line, small, st.weight) for line in _wrap(rest, width, small, st.weight)]
    return out


def _draw_title(scene: Scene, st: _Style, x: float, y: float, lines: list[tuple[str, float, str]]) -> float:
    """Title lines from (x, y) down; returns the y below them."""
    for text, size, weight in lines:
        y += 0.7 * size
        scene.text((x, y), text, size=size, anchor="start", fill=st.ink, weight=weight)
        y += 0.65 * size
    return y


def _draw_board(scene: Scene, board: Board, st: _Style, x0: float, y0: float, *, highlight=(),
                ghosts=(), cubes: bool = True, labels: bool = True, key_prefix: str = "") -> None:
    R = st.R
    layout = board.layout
    centres, _, _ = _board_geometry(layout.side, R)
    ghost_at = {}
    for cell, colour in _as_ghosts(ghosts):
        ghost_at[layout.cell(cell)] = colour
    # Cells and their stacks.
    for i, (name, code) in enumerate(zip(layout.names, board.codes, strict=True)):
        cx, cy = centres[i]
        cx, cy = cx + x0, cy + y0
        key = f"{key_prefix}cell:{name}"
        top = TOP[code]
        has_cube = i in board.cubes
        title = t("draw.cell.tip_cube" if has_cube else "draw.cell.tip", cell=name, stack=describe(code))
        fill = EMPTY_FILL if top is None else TOKEN_TINT[top]
        scene.polygon(_hex_points(cx, cy, R), fill=fill, stroke=st.edge, width=st.stroke, key=key,
                      title=title)
        if labels:
            scene.text((cx, cy - 0.64 * R), name, size=st.size(0.22), fill=st.faint, weight=st.weight,
                       key=key)
        if code or i in ghost_at:
            _stack(scene, st, cx, cy, STACKS[code], key, cube=cubes and has_cube, ghost=ghost_at.get(i))
    # Highlights on top: each group outlined along its border, inside earlier groups it overlaps.
    marks = _as_marks(highlight, layout.side)
    depth: dict[int, int] = {}
    hc = st.disp.high_contrast
    for m, mark in enumerate(marks):
        colour = mark.colour or (st.disp.highlight if m == 0 else GROUP_COLOURS[(m - 1) % len(GROUP_COLOURS)])
        dash = _GROUP_DASHES[m % len(_GROUP_DASHES)] if st.letters else ""
        if mark.faint:
            colour, dash = (mark.colour or st.faint), "4 3"
        width = (0.045 if mark.faint else 0.08) * R * (1.4 if hc else 1.0)
        cells = [layout.cell(cell) for cell in mark.cells]
        level = max((depth.get(i, 0) for i in cells), default=0)
        for i in set(cells):
            depth[i] = level + 1
        # Three levels at most: a deeper inset would turn a group's narrow neck inside out.
        inset = 0.02 * R + width / 2 + min(level, 3) * 0.08 * R
        shifted = {i: (centres[i][0] + x0, centres[i][1] + y0) for i in cells}
        for loop in _outline(layout, shifted, R):
            scene.polygon(_offset(loop, inset), stroke=colour, width=width, dash=dash, title=mark.label)
        points = [shifted[i] for i in cells]
        if mark.path and len(points) >= 2:
            closed = len(points) >= 3 and cells[-1] in layout.neighbours[cells[0]]
            line = points + [points[0]] if closed else points
            scene.polyline(line, stroke=colour, width=0.1 * R, opacity=0.85, dash=dash, title=mark.label)
            for px, py in (points[0], points[-1]) if not closed else (points[0],):
                scene.circle((px, py), 0.11 * R, fill=colour, stroke="#ffffff", width=st.stroke)


# The neighbour across each edge of a flat-top hex, the edge running from corner k to corner k + 1
# (corners at 0°, 60°, … with y down, so the edges face 30°, 90°, … ).
_ACROSS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


Point = tuple[float, float]


def _outline(layout, centres: dict[int, Point], radius: float) -> list[list[Point]]:
    """The border of a group of cells as closed loops of hex corners (holes included), each run with
    the group on the same side, in a fixed order."""
    group = set(centres)
    edges: dict[Point, tuple[Point, Point]] = {}
    order = []
    for i in sorted(group):
        q, r = layout.axial[i]
        cx, cy = centres[i]
        corners = _hex_points(cx, cy, radius)
        for k, (dq, dr) in enumerate(_ACROSS):
            if layout.at_axial.get((q + dq, r + dr)) in group:
                continue
            a, b = corners[k], corners[(k + 1) % 6]
            key = (round(a[0], 3), round(a[1], 3))
            edges[key] = (a, b)
            order.append(key)
    loops, used = [], set()
    for start in order:
        if start in used:
            continue
        loop, key = [], start
        while key not in used and key in edges:
            used.add(key)
            a, b = edges[key]
            loop.append(a)
            key = (round(b[0], 3), round(b[1], 3))
        loops.append(loop)
    return loops


def _offset(loop: list[Point], d: float) -> list[Point]:
    """A loop moved ``d`` pixels towards the group it surrounds (mitred corners)."""
    n = len(loop)
    normals = []
    for k in range(n):
        (ax, ay), (bx, by) = loop[k], loop[(k + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        normals.append((-(by - ay) / length, (bx - ax) / length))  # the group's side of edge k
    out = []
    for k in range(n):
        (ux, uy), (vx, vy) = normals[k - 1], normals[k]
        scale = d / (1 + ux * vx + uy * vy)
        out.append((loop[k][0] + (ux + vx) * scale, loop[k][1] + (uy + vy) * scale))
    return out


def board_scene(board: Board, *, highlight=(), ghosts=(), cubes: bool = True, labels: bool = True,
                title: str | None = None, key_prefix: str = "", display: Display | None = None) -> Scene:
    """A personal board of either side, every cell keyed ``cell:NAME``.

    ``highlight``: a cell name, a list of cell names (one group), or a list of groups, each a
    ``Mark``, a ``(cells, colour)`` pair, a scoring ``Item`` or a habitat ``Match``.
    ``ghosts``: ``(cell, colour)`` pairs or ``habitats.NearMiss`` objects, drawn as translucent dashed
    tokens on top of their cells (colour ``"cube"``: a dashed cube). ``cubes`` False hides the cubes;
    ``labels`` False hides the cell names. ``title`` (``\\n`` separates lines) goes above the board.
    """
    st = _Style(resolve(display), _BASE_RADIUS * resolve(display).scale)
    _, width, height = _board_geometry(board.layout.side, st.R)
    margin = 0.3 * st.R
    lines = _title_block(title, width, st)
    text_width = max((_text_width(text, size, weight) for text, size, weight in lines), default=0)
    scene_width = max(width, text_width) + 2 * margin
    top = margin + (sum(1.35 * size for _, size, _ in lines) + 0.3 * st.R if lines else 0)
    scene = Scene(scene_width, top + height + margin, title=t("draw.board.title", side=board.side))
    _draw_title(scene, st, margin, margin, lines)
    _draw_board(scene, board, st, (scene_width - width) / 2, top, highlight=highlight, ghosts=ghosts,
                cubes=cubes, labels=labels, key_prefix=key_prefix)
    return scene


def board_svg(board: Board, **options) -> str:
    """``board_scene(board, **options).to_svg()``."""
    return board_scene(board, **options).to_svg()


# ---------------------------------------------------------------------------------------------
# Patterns and cards

# What a need looks like as a stack; a building's base is shown as an "any base" coin.
_NEED_STACKS: dict[str, tuple[Colour | None, ...]] = {
    "W": (BLUE,), "F": (YELLOW,), "B": (None, RED),
    "T1": (GREEN,), "T2": (BROWN, GREEN), "T3": (BROWN, BROWN, GREEN),
    "M1": (GRAY,), "M2": (GRAY, GRAY), "M3": (GRAY, GRAY, GRAY),
}
_ANY_BASE = "#f4f4f4"


def _pattern_cells(c: Card, rotation: int) -> list[tuple[int, int]]:
    return [rotate(p.dq, p.dr, rotation) for p in c.pattern]


def _pattern_box(c: Card, rotation: int, radius: float) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) of a rotated pattern's hexes around the first cell's centre."""
    xs, ys = [], []
    for q, r in _pattern_cells(c, rotation):
        x, y = _centre(q, r, radius)
        xs.append(x)
        ys.append(y)
    return (min(xs) - radius, min(ys) - radius * _SQRT3 / 2, max(xs) + radius, max(ys) + radius * _SQRT3 / 2)


def _draw_need(scene: Scene, st: _Style, cx: float, cy: float, need: str, key: str) -> None:
    stack = _NEED_STACKS[need]
    R = st.R
    y = cy + _STACK_BASE * R
    step = _COIN_T * R
    for k, colour in enumerate(stack):
        if colour is None:
            # Any base: red, brown or gray. A neutral coin with a dashed rim says "one of several".
            style = dict(fill=_ANY_BASE, stroke=st.coin_edge, width=st.coin_width, dash="2 2", key=key)
            for outline in _coin_outline(cx, y, R):
                scene.polygon(outline, **style)
            continue
        _coin(scene, st, cx, y - k * step, colour, key, letter_on_side=k < len(stack) - 1,
              letter_on_top=k == len(stack) - 1)


def _draw_pattern(scene: Scene, c: Card, st: _Style, cx: float, cy: float, rotation: int, key: str, *,
                  cube: bool = True) -> None:
    """A card's pattern, rotated, centred at (cx, cy): each cell shows the stack it needs."""
    R = st.R
    x0, y0, x1, y1 = _pattern_box(c, rotation, R)
    dx, dy = cx - (x0 + x1) / 2, cy - (y0 + y1) / 2
    cells = _pattern_cells(c, rotation)
    for k, ((q, r), p) in enumerate(zip(cells, c.pattern, strict=True)):
        x, y = _centre(q, r, R)
        x, y = x + dx, y + dy
        is_cube = k == c.cube
        title = t("draw.pattern.need_cube", need=NEED_WORDS[p.need]) if is_cube else NEED_WORDS[p.need]
        scene.polygon(_hex_points(x, y, R), fill=EMPTY_FILL, stroke=st.ink if is_cube else st.edge,
                      width=st.line * (2.2 if is_cube else 1), key=key, title=title)
        scene.text((x, y - 0.68 * R), p.need, size=st.size(0.28), fill=st.faint, weight=st.weight, key=key)
        _draw_need(scene, st, x, y, p.need, key)
        if is_cube and cube:
            top = y + _STACK_BASE * R - len(_NEED_STACKS[p.need]) * _COIN_T * R
            _cube(scene, st, x, top, key, title=t("draw.pattern.cube"))


def _fit(text: str, width: float, size: float) -> float:
    """``size``, made smaller if ``text`` would be wider than ``width``."""
    return min(size, width / max(1.0, 0.6 * len(plain(text))))


# Card layout, in hex radii of its pattern: the card is drawn around a pattern area.
_CARD_W = 8.2
_CARD_H = {False: 9.6, True: 7.4}  # full card / compact thumbnail (no sentences)
_TRACK_SLOT = 0.95


def _card_size(radius: float, compact: bool = False) -> tuple[float, float]:
    return _CARD_W * radius, _CARD_H[compact] * radius


def _draw_card(scene: Scene, c: Card, st: _Style, x: float, y: float, *, cubes_left: int | None = None,
               rotation: int = 0, key: str = "", compact: bool = False, selected: bool = False) -> None:
    """A card with its top-left corner at (x, y), drawn around a pattern of hex radius ``st.R``.

    ``compact`` leaves out the sentences (a thumbnail: the tooltip still says everything)."""
    R = st.R
    w, h = _card_size(R, compact)
    line = st.line
    key = key or f"card:{c.id}"
    left = c.cubes if cubes_left is None else max(0, min(int(cubes_left), c.cubes))
    placed = c.cubes - left
    frame = st.disp.highlight if selected else (st.ink if st.disp.high_contrast else "#7d7460")
    scene.rect(x, y, w, h, fill="#fffdf6", stroke=frame, width=line * (3 if selected else 1.5), key=key,
               title=t("draw.card.tip_rule", card=c.describe(), rule=c.rule_text) if c.rule else c.describe())
    ident = f"#{c.id}"
    id_size = st.size(0.55 if compact else 0.5)
    name_room = w - 0.8 * R - _text_width(ident, id_size) - 0.3 * R
    name = c.title
    name_size = _fit(name, name_room, st.size(0.75 if compact else 0.62))
    scene.text((x + 0.4 * R, y + 0.75 * R), name, size=name_size, anchor="start", fill=st.ink,
               weight="bold", key=key)
    scene.text((x + w - 0.35 * R, y + 0.75 * R), ident, size=id_size, anchor="end", fill=st.faint,
               weight=st.weight, key=key)
    track_w = 1.5 * R
    area_top, area_bottom = y + 1.4 * R, y + 6.9 * R
    _draw_pattern(scene, c, st, x + (w - track_w) / 2, (area_top + area_bottom) / 2, rotation, key)
    slot = _TRACK_SLOT * R
    track_x = x + w - 0.4 * R - slot
    number_size = st.size(0.6 if compact else 0.5)
    if c.is_spirit:
        scene.text((track_x + slot / 2, area_top + 0.2 * R), t("draw.card.spirit"), size=st.size(0.36),
                   fill="#7b4fa0", weight="bold", key=key)
        sy = area_top + 0.7 * R
        scene.rect(track_x, sy, slot, slot, fill="#e6e0cf" if left else "#ffffff", stroke=st.edge, width=line,
                   key=key, title=t("draw.card.spirit_cube_left" if left else "draw.card.spirit_cube_placed"))
        if left:
            _cube(scene, st, track_x + slot / 2, sy + slot / 2, key, size=0.36 * slot)
        if not compact:
            size = st.size(0.4)
            yy = y + 7.3 * R
            for text in _wrap(c.rule_text, w - 0.8 * R, size)[:4]:
                scene.text((x + 0.4 * R, yy), text, size=size, anchor="start", fill=st.ink, weight=st.weight,
                           key=key)
                yy += 1.3 * size
        return
    # The points track, bottom to top: slot k shows the points once k+1 cubes have left the card;
    # the cubes still on the card sit on the top slots.
    gap = 0.12 * R
    for k, points in enumerate(c.points):
        sy = area_bottom - (k + 1) * slot - k * gap
        covered = k >= placed
        current = k == placed - 1
        scene.rect(track_x, sy, slot, slot, fill="#e6e0cf" if covered else "#ffffff",
                   stroke=st.disp.highlight if current else st.edge, width=line * (2.5 if current else 1),
                   key=key, title=t.count("draw.card.slot_covered" if covered else "draw.card.slot", k + 1,
                                          points=points))
        if covered:
            _cube(scene, st, track_x + slot / 2, sy + slot / 2, key, size=0.36 * slot)
            scene.text((track_x - 0.15 * R, sy + slot / 2), str(points), size=0.8 * number_size, anchor="end",
                       fill=st.faint, weight=st.weight, key=key)
        else:
            scene.text((track_x + slot / 2, sy + slot / 2), str(points), size=number_size, fill=st.ink,
                       weight="bold", key=key)
    if not compact:
        room = w - 0.8 * R
        words = t.count("draw.card.progress", c.cubes, placed=placed, points=c.points_for(placed))
        scene.text((x + 0.4 * R, y + 7.65 * R), words, size=_fit(words, room, st.size(0.42)), anchor="start",
                   fill=st.ink, weight=st.weight, key=key)
        where = t("draw.card.cube_on", need=NEED_WORDS[c.cube_need])
        scene.text((x + 0.4 * R, y + 8.6 * R), where, size=_fit(where, room, st.size(0.38)), anchor="start",
                   fill=st.faint, weight=st.weight, key=key)


def _resolve_card(c: Card | int | str) -> Card:
    return c if isinstance(c, Card) else _card_lookup(c)


def card_scene(card: Card | int | str, *, cubes_left: int | None = None, rotation: int = 0,
               display: Display | None = None) -> Scene:
    """A card: its name and id, its pattern on a mini board (rotated ``rotation`` × 60° clockwise) with
    the cube cell marked; an animal's points track (one slot per cube, bottom to top, the cubes still
    on the card drawn on the top slots; ``cubes_left`` None means a fresh card) or a spirit's rule."""
    c = _resolve_card(card)
    disp = resolve(display)
    st = _Style(disp, 22.0 * disp.scale)
    margin = 0.3 * st.R
    w, h = _card_size(st.R)
    scene = Scene(w + 2 * margin, h + 2 * margin, title=t("game.card_named", name=c.title, id=c.id))
    _draw_card(scene, c, st, margin, margin, cubes_left=cubes_left, rotation=rotation)
    return scene


def card_svg(card: Card | int | str, **options) -> str:
    return card_scene(card, **options).to_svg()


def same_rotation(card: Card | int | str, rotation: int) -> int:
    """The lowest rotation that looks exactly like ``rotation`` (same needs on the same cells up to a
    shift, same cube cell): ``rotation`` itself unless the pattern is symmetric."""
    c = _resolve_card(card)

    def shape(turns: int):
        cells = _pattern_cells(c, turns)
        q0, r0 = min(cells)
        needs = frozenset(((q - q0, r - r0), p.need) for (q, r), p in zip(cells, c.pattern, strict=True))
        cq, cr = cells[c.cube]
        return needs, (cq - q0, cr - r0)

    wanted = shape(rotation % 6)
    return next(turns for turns in range(6) if shape(turns) == wanted)


def _turn_words(turns: int) -> str:
    """A rotation in words: "as printed", "60° clockwise", "120°" … (texts ``draw.rotation.0`` … ``5``)."""
    return t(f"draw.rotation.{turns % 6}")


def _rotation_panel(scene: Scene, c: Card, st: _Style, x: float, y: float, turns: int, size: float) -> None:
    key = f"rotation:{turns}"
    same = same_rotation(c, turns)
    words = _turn_words(turns)
    scene.rect(x, y, size, size + 1.2 * st.R, fill="#ffffff", stroke=st.edge, width=st.stroke, key=key,
               title=t("draw.rotation.tip", rotation=turns, turn=words))
    _draw_pattern(scene, c, st, x + size / 2, y + size / 2 + 0.1 * st.R, turns, key)
    caption = t("draw.rotation.caption", rotation=turns, turn=words)
    scene.text((x + size / 2, y + size + 0.4 * st.R), caption, size=st.size(0.42), fill=st.ink,
               weight="bold", key=key)
    if same != turns:
        scene.text((x + size / 2, y + size + 0.9 * st.R), t("draw.rotation.same", rotation=same),
                   size=st.size(0.38), fill=st.faint, weight=st.weight, key=key)


def pattern_scene(card: Card | int | str, *, rotation: int = 0, radius: float = 17.0,
                  display: Display | None = None) -> Scene:
    """One rotation of a card's pattern in a captioned box (keyed ``rotation:N``), as in
    ``rotations_scene``; ``radius`` is the hex radius at scale 1."""
    c = _resolve_card(card)
    disp = resolve(display)
    st = _Style(disp, radius * disp.scale)
    size = 6.0 * st.R
    margin = 0.2 * st.R
    scene = Scene(size + 2 * margin, size + 1.2 * st.R + 2 * margin,
                  title=t("draw.pattern.title", card=c.title, rotation=rotation % 6))
    _rotation_panel(scene, c, st, margin, margin, rotation % 6, size)
    return scene


def rotations_scene(card: Card | int | str, *, selected: int | None = None,
                    display: Display | None = None) -> Scene:
    """The six rotations of a card's pattern side by side, keyed ``rotation:0`` … ``rotation:5``; a
    rotation that looks like a lower one (a symmetric pattern) says which. ``selected`` frames one
    rotation in the highlight colour."""
    c = _resolve_card(card)
    disp = resolve(display)
    st = _Style(disp, 17.0 * disp.scale)
    size = 6.0 * st.R
    gap = 0.4 * st.R
    margin = 0.4 * st.R
    head = st.size(0.6)
    top = margin + 1.6 * head
    width = 2 * margin + 6 * size + 5 * gap
    scene = Scene(width, top + size + 1.2 * st.R + margin, title=t("draw.rotations.title", card=c.title))
    scene.text((margin, margin + 0.7 * head), t("draw.rotations.head", card=c.title, id=c.id),
               size=head, anchor="start", fill=st.ink, weight="bold")
    for turns in range(6):
        _rotation_panel(scene, c, st, margin + turns * (size + gap), top, turns, size)
    if selected is not None:
        scene.rect(margin + selected * (size + gap), top, size, size + 1.2 * st.R, stroke=disp.highlight,
                   width=3 * st.stroke, key=f"rotation:{selected}")
    return scene


# ---------------------------------------------------------------------------------------------
# The palette, the central board, the display, the whole table


def _token_disc(scene: Scene, st: _Style, cx: float, cy: float, colour: Colour, radius: float, key: str,
                *, selected: bool = False, title: str = "") -> None:
    """A token seen from above (central board, hand, palette)."""
    scene.circle((cx, cy), radius, fill=TOKEN_FILL[colour], stroke=st.coin_edge, width=st.coin_width,
                 key=key, title=title or colour.title)
    if selected:
        scene.circle((cx, cy), radius * 1.3, stroke=st.disp.highlight, width=2.5 * st.stroke, key=key)
    if st.letters:
        scene.text((cx, cy), colour.letter, size=radius * 1.05, fill=TOKEN_INK[colour], weight="bold",
                   key=key)


def palette_scene(colours: Iterable[Colour | str] = tuple(Colour), *, selected: Colour | str | None = None,
                  counts: dict | None = None, display: Display | None = None) -> Scene:
    """A row of token colours to choose from, keyed ``colour:NAME``; ``selected`` is ringed; ``counts``
    (colour → number) writes a number under each."""
    disp = resolve(display)
    st = _Style(disp, _BASE_RADIUS * disp.scale)
    colours = [_colour(c) for c in colours]
    chosen = _colour(selected) if selected is not None else None
    r = 0.42 * st.R
    step = 1.3 * st.R
    margin = 0.6 * st.R
    height = 2 * margin + 2 * r + (st.size(0.36) * 1.4 if counts is not None else 0)
    scene = Scene(2 * margin + step * (len(colours) - 1) + 2 * r, height, title=t("draw.palette.title"))
    for k, colour in enumerate(colours):
        cx, cy = margin + r + k * step, margin + r
        key = f"colour:{colour}"
        _token_disc(scene, st, cx, cy, colour, r, key, selected=colour == chosen)
        if counts is not None:
            scene.text((cx, cy + r + 0.45 * st.R), str(counts.get(colour, counts.get(str(colour), 0))),
                       size=st.size(0.36), fill=st.ink, weight=st.weight, key=key)
    return scene


def _draw_space(scene: Scene, st: _Style, cx: float, cy: float, number: int, tokens: Sequence[Colour], *,
                taken: bool) -> None:
    R = st.R
    key = f"space:{number}"
    radius = 0.95 * R
    words = join_and(colour.title for colour in tokens) or t("draw.space.empty")
    title = t("draw.space.tip_taken" if taken else "draw.space.tip", space=number, tokens=words)
    scene.circle((cx, cy), radius, fill="#efe6cf" if tokens else "#f7f3ea", stroke=st.edge, width=st.line,
                 dash="" if tokens else "4 3", key=key, title=title)
    for k, colour in enumerate(tokens):
        angle = -math.pi / 2 + 2 * math.pi * k / max(3, len(tokens))
        _token_disc(scene, st, cx + 0.44 * R * math.cos(angle), cy + 0.44 * R * math.sin(angle), colour,
                    0.32 * R, key, title=title)
    label = t("draw.space.label_taken", space=number) if taken else str(number)
    scene.text((cx, cy + radius + 0.32 * R), label, size=st.size(0.36), fill=st.ink, weight="bold", key=key)


def _central_info(game) -> str:
    """The line under the central board: the pouch, the deck, and whose turn it is."""
    turn = t("draw.central.over") if game.over else t("draw.central.turn", round=game.round,
                                                       player=game.current + 1)
    pouch = t.count("draw.central.pouch", game.pouch_size)
    return " · ".join((pouch, t.count("draw.central.deck", len(game.deck)), turn))


class _Central:
    """The layout of the central area: spaces, display cards, one line of counts and the hand."""

    def __init__(self, game, st: _Style):
        R = st.R
        self.st = st
        self.card = _Style(st.disp, 0.5 * R)
        self.card_w, self.card_h = _card_size(self.card.R, compact=True)
        self.info = _central_info(game)
        self.info_size = st.size(0.34)
        self.hand_label = t("draw.central.hand")
        hand = len(game.hand)
        hand_w = _text_width(self.hand_label, self.info_size) + 1.0 * R + 0.8 * R * hand if hand else 0
        spaces_w = len(game.central) * 2.4 * R
        cards_w = len(game.display) * (self.card_w + 0.3 * R)
        self.width = max(spaces_w, cards_w, _text_width(self.info, self.info_size) + hand_w + R) + 0.6 * R
        self.cards_y = 2.75 * R
        self.info_y = self.cards_y + self.card_h + 0.6 * R
        self.height = self.info_y + 0.6 * R

    def draw(self, scene: Scene, game, x: float, y: float, selected: frozenset = frozenset()) -> None:
        st, R = self.st, self.st.R
        for s, tokens in enumerate(game.central):
            _draw_space(scene, st, x + 1.2 * R + s * 2.4 * R, y + 1.2 * R, s + 1, tokens,
                        taken=game.taken_space == s + 1)
        for k, card_id in enumerate(game.display):
            _draw_card(scene, _card_lookup(card_id), self.card, x + 0.3 * R + k * (self.card_w + 0.3 * R),
                       y + self.cards_y, key=f"display:{card_id}", compact=True)
        iy = y + self.info_y
        scene.text((x + 0.3 * R, iy), self.info, size=self.info_size, anchor="start", fill=st.ink,
                   weight=st.weight)
        if game.hand:
            hx = x + 0.3 * R + _text_width(self.info, self.info_size) + 0.8 * R
            scene.text((hx, iy), self.hand_label, size=self.info_size, anchor="start", fill=st.ink,
                       weight="bold")
            hx += _text_width(self.hand_label, self.info_size) + 0.5 * R
            for k, colour in enumerate(game.hand):
                key = f"colour:{colour}"
                _token_disc(scene, st, hx + k * 0.8 * R, iy, colour, 0.3 * R, key, selected=key in selected)


def central_scene(game, *, display: Display | None = None) -> Scene:
    """The central board (spaces keyed ``space:N``, numbered from 1 like ``take N``), the card display
    (keyed ``display:ID``), the pouch and deck counts, and the tokens in hand (keyed ``colour:NAME``)."""
    disp = resolve(display)
    central = _Central(game, _Style(disp, _BASE_RADIUS * disp.scale))
    scene = Scene(central.width, central.height, title=t("draw.central.title"))
    central.draw(scene, game, 0, 0)
    return scene


class _Seat:
    """The layout of one seat: a title line, the board, the cards above it, a footnote."""

    def __init__(self, game, seat: int, st: _Style):
        R = st.R
        p = game.players[seat]
        self.st, self.seat, self.player = st, seat, p
        _, self.board_w, self.board_h = _board_geometry(game.side, R)
        self.card = _Style(st.disp, 0.45 * R)
        self.card_w, self.card_h = _card_size(self.card.R, compact=True)
        # (card, cubes left, key) for the cards above the board: animals, the spirit, spirit offers.
        prefix = f"seat{seat}:"
        self.cards = [(i, _card_lookup(i).cubes - p.placed.get(i, 0), f"{prefix}held:{i}") for i in p.held]
        if p.spirit is not None:
            self.cards.append((p.spirit, 0 if p.spirit_placed else 1, f"{prefix}spirit:{p.spirit}"))
        self.cards += [(i, 1, f"{prefix}spirit:{i}") for i in p.spirit_offer]
        self.head = st.size(0.42)
        self.foot = st.size(0.3)
        self.width = max(self.board_w, len(self.cards) * (self.card_w + 0.2 * R))
        self.height = (1.7 * self.head + self.board_h + (self.card_h + 0.3 * R if self.cards else 0)
                       + 1.8 * self.foot)

    def draw(self, scene: Scene, game, x: float, y: float, selected: frozenset = frozenset(), *,
             highlight=(), ghosts=()) -> None:
        st, R, p, seat = self.st, self.st.R, self.player, self.seat
        total = game.score(seat).total
        won = game.over and seat in game.winners()
        now = not game.over and seat == game.current
        key = "draw.seat.title_winner" if won else "draw.seat.title_to_play" if now else "draw.seat.title"
        title = t.count(key, total, player=seat + 1)
        scene.text((x, y + 0.7 * self.head), ("▶ " if now else "") + title, size=self.head, anchor="start",
                   fill=st.disp.highlight if now or won else st.ink, weight="bold")
        top = y + 1.7 * self.head
        _draw_board(scene, p.board, st, x, top, key_prefix=f"seat{seat}:", highlight=highlight,
                    ghosts=ghosts)
        cy = top + self.board_h + 0.3 * R
        for k, (card_id, left, key) in enumerate(self.cards):
            _draw_card(scene, _card_lookup(card_id), self.card, x + k * (self.card_w + 0.2 * R), cy,
                       cubes_left=left, key=key, compact=True, selected=key in selected)
        done = join_and(_card_lookup(i).title for i in p.completed)
        foot = (t.count("draw.seat.cubes_completed", p.cubes_placed, cards=done) if done
                else t.count("draw.seat.cubes", p.cubes_placed))
        scene.text((x, y + self.height - 0.8 * self.foot), foot, size=self.foot, anchor="start",
                   fill=st.faint, weight=st.weight)


def game_scene(game, *, selected: Iterable[str] = (), display: Display | None = None,
               highlight: dict | None = None, ghosts: dict | None = None) -> Scene:
    """The whole table, compactly: the central board and display, then every seat's board with its
    score, its cards above it (cubes still on them) and its cubes placed; the player to play, or the
    winners, are named in colour. Board cells are keyed ``seatN:cell:NAME`` (N from 0), a seat's cards
    ``seatN:held:ID`` and ``seatN:spirit:ID``. ``selected``: keys of hand tokens (``colour:NAME``) and
    seat cards to ring in the highlight colour (a widget's current choice). ``highlight`` and
    ``ghosts``: seat → what ``board_scene`` takes for them (a coach's advice drawn on a board)."""
    disp = resolve(display)
    st = _Style(disp, 24.0 * disp.scale)
    central = _Central(game, _Style(disp, 26.0 * disp.scale))
    seats = [_Seat(game, s, st) for s in range(game.n)]
    per_row = 2 if game.n == 4 else game.n
    gap = 0.8 * st.R
    col_w = max(s.width for s in seats)
    rows = [seats[i:i + per_row] for i in range(0, game.n, per_row)]
    row_h = [max(s.height for s in row) for row in rows]
    margin = 0.4 * st.R
    width = max(central.width, per_row * col_w + (per_row - 1) * gap) + 2 * margin
    height = margin + central.height + 0.4 * gap + sum(row_h) + gap * (len(rows) - 1) + margin
    scene = Scene(width, height, title=t.count("draw.table.title", game.n, side=game.side))
    chosen = frozenset(selected)
    central.draw(scene, game, margin, margin, chosen)
    y = margin + central.height + 0.4 * gap
    for row, h in zip(rows, row_h, strict=True):
        for k, seat in enumerate(row):
            seat.draw(scene, game, margin + k * (col_w + gap), y, chosen,
                      highlight=(highlight or {}).get(seat.seat, ()),
                      ghosts=(ghosts or {}).get(seat.seat, ()))
        y += h + gap
    return scene


def game_svg(game, **options) -> str:
    return game_scene(game, **options).to_svg()


# ---------------------------------------------------------------------------------------------
# A scenario: the board with its score, and the cards taken


def scenario_title(breakdown: Breakdown, highlight: str | None = None) -> str:
    """The title lines of a scored board: the total, the points per category, what is highlighted."""
    lands = " · ".join(_category_points(breakdown, c) for c in CATEGORIES[:5])
    total = _category_points(breakdown, "landscapes")
    lines = [t.count("draw.scenario.head", breakdown.total, side=breakdown.side),
             t("draw.scenario.landscapes", landscapes=total, categories=lands),
             " · ".join(_category_points(breakdown, c) for c in ("animals", "spirit"))]
    if highlight:
        items = breakdown.items_for(highlight)
        scored = sum(item.points > 0 for item in items)
        lines.append(t.count("draw.scenario.outlined", len(items), category=category_title(highlight),
                             points=getattr(breakdown, highlight), scored=scored))
    return "\n".join(lines)


def _category_points(breakdown: Breakdown, category: str) -> str:
    """"water 8": a category and its points, joined by no-break spaces so they stay on one line."""
    text = t("draw.scenario.category", category=category_title(category), points=getattr(breakdown, category))
    return text.replace(" ", "\xa0")


def scenario_scene(scenario, *, highlight: str | None = None, display: Display | None = None,
                   marks=(), ghosts=()) -> Scene:
    """A scenario's position: its board under a title with the score, and the cards taken below it
    (the cubes still on them drawn on their tracks).

    ``highlight``: a score category whose items are outlined (see ``score_highlights``); ``marks``:
    more groups of cells to outline and ``ghosts`` would-be tokens, as ``board_scene`` takes them
    (a coach's advice drawn on the board)."""
    disp = resolve(display)
    breakdown = scenario.score()
    outlined = [*(score_highlights(breakdown, highlight) if highlight else ()), *marks]
    board = board_scene(scenario.board, highlight=outlined, title=scenario_title(breakdown, highlight),
                        ghosts=ghosts, display=disp)
    entries = [(c, c.cubes - k) for c, k in scenario.animals]
    if scenario.spirit is not None:
        entries.append((scenario.spirit[0], 0 if scenario.spirit[1] else 1))
    if not entries:
        return board
    st = _Style(disp, 18.0 * disp.scale)
    cw, ch = _card_size(st.R)
    gap = 0.4 * st.R
    margin = 0.3 * _BASE_RADIUS * disp.scale
    per_row = max(1, int((max(board.width, 3 * cw) - 2 * margin + gap) // (cw + gap)))
    rows = math.ceil(len(entries) / per_row)
    width = max(board.width, 2 * margin + min(per_row, len(entries)) * (cw + gap) - gap)
    scene = Scene(width, board.height + rows * (ch + gap) + margin, title=board.title)
    scene.place(board, (width - board.width) / 2, 0)
    for k, (c, left) in enumerate(entries):
        row, col = divmod(k, per_row)
        _draw_card(scene, c, st, margin + col * (cw + gap), board.height + row * (ch + gap), cubes_left=left)
    return scene


__all__ = [
    "TOKEN_FILL", "TOKEN_INK", "TOKEN_TINT", "CATEGORY_FILL", "EMPTY_FILL", "Mark", "advice_marks",
    "board_scene",
    "board_svg", "card_scene", "card_svg", "pattern_scene", "rotations_scene", "same_rotation",
    "palette_scene", "central_scene", "game_scene", "game_svg", "scenario_scene", "scenario_title",
    "score_highlights",
]
