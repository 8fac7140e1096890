"""Pictures of Azul: player boards, the factory offer, wall placements and tiling steps, as scenes.

Every function here is pure: it reads the state through the rules API and returns a
``tabletop.Scene`` (deterministic SVG, or matplotlib for PNG and PDF handouts). Options are
keyword-only; ``display`` (a ``tabletop.Display``, by default the settings in force) asks for the
colour letters on every tile and for the large high-contrast style of a projector.

A shape a learner may click carries a ``key``, written ``data-key`` in the SVG, so that a widget
knows what was clicked. Shapes drawn on top of a clickable one carry its key too.

====================  ==========================================================
``wall:R,C``          the wall cell in row R, column C
``line:I``            pattern line I
``floor``             the floor line
``column:C``          the number above wall column C (a gray-wall choice)
``factory:N:L``       the tiles of colour letter L in factory N
``centre:L``          the tiles of colour letter L in the centre
``factory:N``         factory N itself (its disc, e.g. when it is empty)
``centre``            the centre itself (its disc, the first-player marker)
``colour:L``          a tile of the palette
====================  ==========================================================

In a picture of several boards (``game_scene``, ``scenario_scene``) the keys of player P's board
start with ``player:P:``, e.g. ``player:1:line:3``.

A board is drawn on its own wall (``Board.gray``): a what-if on the other kind of wall is a board
read as that kind (``Board.from_dict(data, gray)``), never a drawing option.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import ceil, cos, pi, sin

from tabletop import Display, Scene
from tabletop.i18n import join_and, plain
from tabletop.settings import resolve

from .board import COLUMN_MASKS, EMPTY, ROW_MASKS, Board
from .locale import t
from .moves import CENTRE, FLOOR, Take
from .tiles import (
    BLACK,
    BLUE,
    COLOUR_BONUS,
    COLOURS,
    COLUMN_BONUS,
    FLOOR_PENALTIES,
    LETTERS,
    MARKER,
    RED,
    ROW_BONUS,
    SIZE,
    WHITE,
    YELLOW,
    capacity,
    colour_title,
    floor_penalty,
    wall_colour,
)
from .tiling import (
    EndBonus,
    FloorPenalty,
    Made,
    Placement,
    Step,
    ToFloor,
    cells,
    replay,
)

# --- colours: the one home of how a tile looks ---------------------------------------------------

#: The fill of a tile of each colour. White tiles are a very light blue with a darker edge, so that
#: they stand out from the board.
TILE_FILL = {
    BLUE: "#1f5fa6",
    YELLOW: "#f2c12e",
    RED: "#cf3a2b",
    BLACK: "#262626",
    WHITE: "#f4f9fd",
}
#: The outline of a tile of each colour.
TILE_EDGE = {
    BLUE: "#123a66",
    YELLOW: "#9a7408",
    RED: "#7d1f15",
    BLACK: "#000000",
    WHITE: "#5b7388",
}
#: The colour of the letter printed on a tile in colour-blind mode.
LETTER_INK = {BLUE: "#ffffff", YELLOW: "#000000", RED: "#ffffff", BLACK: "#ffffff",
              WHITE: "#000000"}

BOARD_FILL = "#ece2cc"
SLOT_FILL = "#ddd0b3"
SLOT_EDGE = "#a8966f"
GRAY_CELL = "#c9c9c9"
GRAY_EDGE = "#8f8f8f"
MARKER_FILL = "#fffaf0"
TABLE_FILL = "#f7f4ee"
FACTORY_FILL = "#f4efe4"
FACTORY_EDGE = "#9c8f78"
#: The two runs of a placement: across (solid) and down (dashed), two colours that stay apart
#: for colour-blind eyes.
RUN_ACROSS = "#e66100"
RUN_DOWN = "#5d3a9b"

CELL = 34.0  # the side of a tile, in pixels, at scale 1


def _mix(a: str, b: str, share: float) -> str:
    """The colour ``share`` of the way from ``b`` to ``a`` (1 gives ``a``), as #rrggbb."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(pa, pb, strict=True))


def _minus(n: int) -> str:
    """A negative number with a true minus sign, as printed on the board."""
    return f"\u2212{-n}" if n < 0 else str(n)


# --- a helper that knows sizes, styles and keys ----------------------------------------------------


class _Painter:
    """Draws on one scene in units of a tile side, with the display settings, a key prefix and
    the keys to highlight; it remembers where each keyed element is so highlights can ring it."""

    def __init__(self, scene: Scene, d: Display, prefix: str = "",
                 highlight: Iterable[str] = ()) -> None:
        self.s = scene
        self.d = d
        self.u = CELL * d.scale
        self.prefix = prefix
        self.highlight = set(highlight)
        self.boxes: dict[str, list[tuple[float, float, float, float]]] = {}

    def key(self, name: str) -> str:
        return self.prefix + name

    def font(self, k: float) -> float:
        """A font size of ``k`` tile sides (a little larger in high contrast)."""
        return k * self.u * (1.12 if self.d.high_contrast else 1.0)

    def label(self, at, text: str, k: float = 0.36, **style) -> None:
        style.setdefault("fill", self.d.ink)
        style.setdefault("weight", self.d.weight)
        self.s.text(at, text, size=self.font(k), **style)

    def remember(self, key: str, box: tuple[float, float, float, float]) -> None:
        self.boxes.setdefault(key, []).append(box)

    def tile(self, x: float, y: float, size: float, colour: int, key: str = "",
             title: str = "") -> None:
        """A tile (or the first-player marker) with its top-left corner at (x, y)."""
        d, s = self.d, self.s
        centre = (x + size / 2, y + size / 2)
        # A shadow: a real tile stands on the board, a faint wall cell is printed on it.
        lift = 0.07 * size
        s.rect(x + lift, y + lift, size, size, fill="#000000", opacity=0.28, key=key)
        if colour == MARKER:
            title = title or t("draw.marker")
            s.rect(x, y, size, size, fill=MARKER_FILL, stroke=d.ink, width=1.6 * d.stroke,
                   key=key, title=title)
            s.text(centre, "1", size=0.62 * size, fill=d.ink, weight="bold", key=key)
            return
        s.rect(x, y, size, size, fill=TILE_FILL[colour], stroke=TILE_EDGE[colour],
               width=max(1.0, d.stroke), key=key, title=title)
        if d.colour_blind:
            s.text(centre, LETTERS[colour], size=0.5 * size, fill=LETTER_INK[colour],
                   weight="bold", key=key)

    def ring(self, box, colour: str, width: float, key: str = "", dash: str = "",
             title: str = "", pad: float = 0.0) -> None:
        x, y, w, h = box
        self.s.rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, fill="none", stroke=colour,
                    width=width, dash=dash, key=key, title=title)

    def finish(self) -> None:
        """Ring every remembered element whose key is highlighted."""
        for key, boxes in self.boxes.items():
            if key in self.highlight:
                for box in boxes:
                    self.ring(box, self.d.highlight, 3 * self.d.stroke, key=key,
                              pad=0.1 * self.u)


# --- a player board ------------------------------------------------------------------------------


class _BoardLayout:
    """Where everything of a player board goes, in pixels."""

    def __init__(self, u: float) -> None:
        self.u = u
        self.margin = 0.4 * u
        self.pitch = 1.12 * u  # a tile and the gap after it
        self.header = 1.0 * u
        self.top = self.margin + self.header + 0.6 * u  # below the column numbers
        self.lines_right = self.margin + 0.6 * u + SIZE * self.pitch - 0.12 * u
        self.wall_left = self.lines_right + 0.7 * u
        self.wall_right = self.wall_left + SIZE * self.pitch - 0.12 * u
        self.width = self.wall_right + self.margin
        self.penalty_y = self.top + SIZE * self.pitch + 0.45 * u
        self.floor_y = self.penalty_y + 0.4 * u
        self.floor_left = self.margin + 1.55 * u
        self.height = self.floor_y + u + self.margin

    def line_slot(self, line: int, k: int) -> tuple[float, float]:
        """Top-left corner of slot ``k`` of pattern ``line``, counted from the right."""
        return self.lines_right - self.u - k * self.pitch, self.top + line * self.pitch

    def cell(self, row: int, column: int) -> tuple[float, float]:
        return self.wall_left + column * self.pitch, self.top + row * self.pitch

    def floor_slot(self, k: int) -> tuple[float, float]:
        return self.floor_left + k * self.pitch, self.floor_y


def board_scene(board: Board, *, highlight: Iterable[str] = (), runs: Placement | None = None,
                title: str = "", key_prefix: str = "",
                ghosts: Sequence[tuple[int, int, int | None]] = (),
                display: Display | None = None) -> Scene:
    """One player's board: the staircase of pattern lines (filled from the right), the wall (its
    faint colour pattern, or plain gray cells on the gray wall), the floor line with the penalty of
    each slot, the first-player marker when it lies there, and the score.

    ``highlight`` rings the elements with those keys; ``runs`` (a ``Placement`` step) marks the
    tile it placed and the runs across and down that scored it. ``title`` is written top left;
    ``key_prefix`` goes in front of every key. ``ghosts`` are (row, column, colour) cells where
    a faint tile of that colour (a gray one for ``None``: any colour) numbered 1, 2, 3... shows a
    tile that could come: the coach's advice, best first."""
    scene, p, at = _board(board, highlight, title, key_prefix, resolve(display))
    if runs is not None:
        _runs(p, at, runs)
    for rank, (row, column, colour) in enumerate(ghosts, start=1):
        _ghost(p, at, row, column, colour, rank)
    p.finish()
    return scene


def _ghost(p: _Painter, at: _BoardLayout, row: int, column: int, colour: int | None,
           rank: int) -> None:
    """A tile that is not there yet: pale, dashed, with its rank in the middle."""
    u, d = at.u, p.d
    x, y = at.cell(row, column)
    key = p.key(f"wall:{row},{column}")
    inset = 0.08 * u
    fill = GRAY_CELL if colour is None else TILE_FILL[colour]
    p.s.rect(x + inset, y + inset, u - 2 * inset, u - 2 * inset, fill=fill, opacity=0.6,
             stroke=d.highlight, width=2 * d.stroke, dash="4,3", key=key)
    ink = d.ink if colour is None else LETTER_INK[colour]
    p.s.text((x + u / 2, y + u / 2), str(rank), size=0.5 * u, fill=ink, weight="bold", key=key)


def _board(board: Board, highlight: Iterable[str], title: str, key_prefix: str,
           d: Display) -> tuple[Scene, _Painter, _BoardLayout]:
    """A board drawn but not finished (highlights not yet ringed), with its painter and layout,
    for pictures that add to it."""
    at = _BoardLayout(CELL * d.scale)
    scene = Scene(at.width, at.height, background=BOARD_FILL,
                  title=title or t("draw.board.title"))
    p = _Painter(scene, d, key_prefix, highlight)
    _header(p, at, board, title)
    _pattern_lines(p, at, board)
    _wall(p, at, board)
    _floor(p, at, board)
    return scene, p, at


def _header(p: _Painter, at: _BoardLayout, board: Board, title: str) -> None:
    u, y = at.u, at.margin + 0.45 * at.u
    if title:
        p.label((at.margin, y), title, 0.46, anchor="start", weight="bold")
    p.label((at.width - at.margin, y), t("draw.board.score", score=board.score), 0.5, anchor="end",
            weight="bold")
    for c in range(SIZE):
        x, _ = at.cell(0, c)
        key = p.key(f"column:{c}")
        p.label((x + u / 2, at.top - 0.32 * u), str(c), 0.32, fill=p.d.faint, key=key)
        p.s.tips[key] = t("draw.column.tip", column=c)


def _pattern_lines(p: _Painter, at: _BoardLayout, board: Board) -> None:
    u, d = at.u, p.d
    for line in range(SIZE):
        key = p.key(f"line:{line}")
        colour, count = board.line_colour[line], board.line_count[line]
        holds = capacity(line)
        tip = (t("draw.line.tip", line=line, count=count, colour=colour_title(colour), capacity=holds)
               if count else t("draw.line.tip_empty", line=line, capacity=holds))
        for k in range(capacity(line)):
            x, y = at.line_slot(line, k)
            if k < count:  # tiles fill a line from the right, next to the wall
                p.tile(x, y, u, colour, key=key, title=tip)
            else:
                p.s.rect(x, y, u, u, fill=SLOT_FILL, stroke=SLOT_EDGE, width=d.stroke, key=key,
                         title=tip)
        left, y = at.line_slot(line, line)
        p.remember(key, (left, y, at.lines_right - left, u))
        p.label((left - 0.2 * u, y + u / 2), str(line), 0.32, fill=d.faint, anchor="end")
        # A small arrow: the line feeds the wall row beside it.
        mid, tip_x = y + u / 2, at.wall_left - 0.2 * u
        p.s.polygon([(tip_x - 0.26 * u, mid - 0.16 * u), (tip_x, mid),
                     (tip_x - 0.26 * u, mid + 0.16 * u)], fill=d.faint)


def _wall(p: _Painter, at: _BoardLayout, board: Board) -> None:
    u, d = at.u, p.d
    strength = 0.45 if d.high_contrast else 0.38
    for r in range(SIZE):
        for c in range(SIZE):
            x, y = at.cell(r, c)
            key = p.key(f"wall:{r},{c}")
            p.remember(key, (x, y, u, u))
            held = board.colour_at(r, c)
            if held != EMPTY:
                p.tile(x, y, u, held, key=key,
                       title=t("draw.wall.tile", row=r, column=c, colour=colour_title(held)))
                continue
            if board.gray:
                p.s.rect(x, y, u, u, fill=GRAY_CELL, stroke=GRAY_EDGE, width=d.stroke, key=key,
                         title=t("draw.wall.empty", row=r, column=c))
                continue
            printed = wall_colour(r, c)
            fill = _mix(TILE_FILL[printed], BOARD_FILL, strength)
            p.s.rect(x, y, u, u, fill=fill,
                     stroke=_mix(TILE_EDGE[printed], BOARD_FILL, strength + 0.2),
                     width=d.stroke, key=key,
                     title=t("draw.wall.printed", row=r, column=c, colour=colour_title(printed)))
            if d.colour_blind:
                p.s.text((x + u / 2, y + u / 2), LETTERS[printed], size=0.42 * u,
                         fill=_mix("#000000", fill, 0.6), weight=d.weight, key=key)


def _floor(p: _Painter, at: _BoardLayout, board: Board) -> None:
    u, d = at.u, p.d
    key = p.key("floor")
    p.label((at.margin, at.floor_y + u / 2), t("draw.floor.label"), 0.36, anchor="start")
    for k, penalty in enumerate(FLOOR_PENALTIES):
        x, y = at.floor_slot(k)
        p.label((x + u / 2, at.penalty_y), _minus(penalty), 0.32)
        if k < len(board.floor):
            colour = board.floor[k]
            tip = t("draw.marker") if colour == MARKER else t("draw.floor.tile", colour=colour_title(colour))
            p.tile(x, y, u, colour, key=key, title=tip)
        else:
            p.s.rect(x, y, u, u, fill=SLOT_FILL, stroke=SLOT_EDGE, width=d.stroke, key=key,
                     title=t("draw.floor.empty"))
    left, top = at.floor_slot(0)
    p.remember(key, (left, top, len(FLOOR_PENALTIES) * at.pitch - 0.12 * u, u))
    p.s.tips[key] = _floor_tip(board)


def _floor_tip(board: Board) -> str:
    """The whole floor in words: its tiles and what they cost now."""
    if not board.floor:
        return t("draw.floor.tip_empty")
    tiles = join_and([t("draw.marker") if c == MARKER else colour_title(c) for c in board.floor])
    return t.count("draw.floor.tip", len(board.floor), tiles=tiles,
                   penalty=_minus(floor_penalty(len(board.floor))))


def _runs(p: _Painter, at: _BoardLayout, step: Placement) -> None:
    """The runs across and down through a placed tile, and the tile itself."""
    u, d = at.u, p.d
    across, down = cells(step.horizontal), cells(step.vertical)
    _run(p, at, step, across, RUN_ACROSS, "", t.count("draw.run.across", len(across)),
         [t("draw.run.cell_across", row=r, column=c) for r, c in across])
    _run(p, at, step, down, RUN_DOWN, f"{0.18 * u:.1f}", t.count("draw.run.down", len(down)),
         [t("draw.run.cell_down", row=r, column=c) for r, c in down])
    x, y = at.cell(step.row, step.column)
    p.ring((x, y, u, u), d.highlight, 3 * d.stroke + 1, key=p.key(f"wall:{step.row},{step.column}"),
           title=t("draw.run.new_tile", row=step.row, column=step.column), pad=0.12 * u)


def _run(p: _Painter, at: _BoardLayout, step: Placement, run: list[tuple[int, int]], colour: str,
         dash: str, tip: str, cell_tips: list[str]) -> None:
    """One run of two tiles or more: each cell ringed, and a line through them."""
    if len(run) < 2:
        return
    u, d = at.u, p.d
    for (r, c), cell_tip in zip(run, cell_tips, strict=True):
        x, y = at.cell(r, c)
        p.ring((x, y, u, u), colour, 2.2 * d.stroke + 1, key=p.key(f"wall:{r},{c}"), dash=dash,
               title=cell_tip, pad=0.04 * u)
    first, last = at.cell(*run[0]), at.cell(*run[-1])
    p.s.line((first[0] + u / 2, first[1] + u / 2), (last[0] + u / 2, last[1] + u / 2), stroke=colour,
             width=0.12 * u, opacity=0.85, key=p.key(f"wall:{step.row},{step.column}"), title=tip)


# --- captions and combining scenes ---------------------------------------------------------------


def _captioned(scene: Scene, lines: Sequence[str], d: Display, *, first_bold: bool = True) -> Scene:
    """The scene with lines of text under it (the scene grows wider if a line needs it)."""
    u = CELL * d.scale
    size = 0.42 * u * (1.12 if d.high_contrast else 1.0)
    step = 1.45 * size
    margin = 0.4 * u
    widest = max((0.58 * size * len(plain(text)) for text in lines), default=0.0)
    out = Scene(max(scene.width, widest + 2 * margin), scene.height + step * len(lines) + margin,
                background=scene.background, title=scene.title)
    out.place(scene, 0, 0)
    for i, text in enumerate(lines):
        weight = "bold" if (first_bold and i == 0) or d.high_contrast else "normal"
        out.text((margin, scene.height + step * (i + 0.5)), text, size=size, anchor="start",
                 fill=d.ink, weight=weight)
    return out


def _grid(scenes: Sequence[Scene], columns: int, d: Display, *, background: str = TABLE_FILL,
          title: str = "") -> Scene:
    """Scenes side by side, ``columns`` to a row, each in a cell as large as the largest."""
    gap = 0.4 * CELL * d.scale
    w = max(s.width for s in scenes)
    h = max(s.height for s in scenes)
    rows = ceil(len(scenes) / columns)
    out = Scene(columns * w + (columns + 1) * gap, rows * h + (rows + 1) * gap,
                background=background, title=title)
    for i, s in enumerate(scenes):
        r, c = divmod(i, columns)
        out.place(s, gap + c * (w + gap), gap + r * (h + gap))
    return out


def _on_background(scene: Scene) -> Scene:
    """A board drawn as a rectangle inside a larger scene (``place`` drops backgrounds)."""
    out = Scene(scene.width, scene.height, background=scene.background, title=scene.title)
    out.rect(0, 0, scene.width, scene.height, fill=scene.background)
    out.place(scene, 0, 0)
    return out


# --- a wall placement and the steps of a tiling --------------------------------------------------


def points_text(step: Placement) -> str:
    """How a placement scored, in short: ``"2 across + 3 down = 5"``, ``"3 down = 3"`` or
    ``"alone: 1"``. The numbers are the lengths of the step's runs and its points."""
    h, v = step.horizontal.bit_count(), step.vertical.bit_count()
    if h > 1 and v > 1:
        return t("draw.points.both", across=h, down=v, points=step.points)
    if h > 1:
        return t("draw.points.across", across=h, points=step.points)
    if v > 1:
        return t("draw.points.down", down=v, points=step.points)
    return t("draw.points.alone", points=step.points)


def placement_scene(board_before: Board, step: Placement, *, title: str = "",
                    display: Display | None = None) -> Scene:
    """The board just after the wall placement ``step`` (made on ``board_before``), with the new
    tile and the runs across and down that scored it marked, and the points written out."""
    return _step_scene(replay(board_before, [step])[0], title, resolve(display))


def step_caption(step: Step) -> list[str]:
    """The lines written under a tiling step's picture (``tiling_scenes``), as plain text for a
    widget or a handout: the placement and its points, the line sent to the floor, the floor
    penalty and the clamp, or the end bonus."""
    if isinstance(step, Placement):
        before = step.score - step.points
        return [t("draw.step.placement", line=step.line, colour=colour_title(step.colour), row=step.row,
                  column=step.column),
                t("draw.step.score", how=points_text(step), before=before, points=step.points,
                  score=step.score)]
    if isinstance(step, ToFloor):
        return _to_floor_text(step)
    if isinstance(step, FloorPenalty):
        return _penalty_text(step)
    return _bonus_text(step)


def tiling_scenes(board: Board, steps: Sequence[Step] | None = None, *,
                  columns: Sequence[int | None] | None = None, title: str = "",
                  display: Display | None = None) -> list[Scene]:
    """One scene per step of a player's wall tiling, for a step-by-step sandbox: each placement
    with its runs and points, a gray-wall line sent to the floor, the floor penalty (and the
    clamp at 0), and the end bonus when the game ends.

    ``board`` is the board before the tiling; ``steps`` are that player's steps (for example
    ``result.player_steps(p)`` with ``scenario.boards[p]``). Without ``steps`` the engine makes
    this board's own tiling (on the gray wall with the chosen ``columns``, one entry per line):
    ``tiling.replay`` gives each step with its boards, and this only draws them."""
    d = resolve(display)
    return [_step_scene(made, title, d) for made in replay(board, steps, columns)]


def _step_scene(made: Made, title: str, d: Display) -> Scene:
    """One step's picture, captioned: a placement with its runs, the floor drawn before it is
    emptied (so that the tiles that cost points are seen), the others on the board after them."""
    step = made.step
    if isinstance(step, Placement):
        scene = board_scene(made.after, runs=step, title=title, display=d)
    elif isinstance(step, FloorPenalty):
        scene = _penalty_board(made.before, title, d)
    else:
        highlight = ["floor"] if isinstance(step, ToFloor) else _complete_cells(made.after)
        scene = board_scene(made.after, highlight=highlight, title=title, display=d)
    return _captioned(scene, step_caption(step), d)


def _penalty_board(board: Board, title: str, d: Display) -> Scene:
    """The board with each occupied floor slot and its penalty ringed."""
    scene, p, at = _board(board, (), title, "", d)
    u = at.u
    for k in range(min(len(board.floor), len(FLOOR_PENALTIES))):
        x, y = at.floor_slot(k)
        p.ring((x, at.penalty_y - 0.3 * u, u, y - at.penalty_y + 1.3 * u), d.highlight,
               2.5 * d.stroke, key="floor", pad=0.06 * u,
               title=t("draw.penalty.slot", slot=k, penalty=_minus(FLOOR_PENALTIES[k])))
    p.finish()
    return scene


def _to_floor_text(step: ToFloor) -> list[str]:
    head = t("draw.to_floor.head", line=step.line, colour=colour_title(step.colour))
    where = {1: t("draw.to_floor.one"), 2: t("draw.to_floor.two")}.get(step.tiles) or \
        t("draw.to_floor.all", tiles=step.tiles)
    if step.to_lid:
        where = t("draw.to_floor.and_lid", floor=where, lid=t.count("draw.to_floor.lid", step.to_lid))
    return [head, where]


def _penalty_text(step: FloorPenalty) -> list[str]:
    if not step.tiles:
        return [t("draw.penalty.none"), t("draw.penalty.stays", score=step.score)]
    slots = " ".join(_minus(n) for n in FLOOR_PENALTIES[:step.tiles])
    head = t.count("draw.penalty.head", step.tiles, slots=slots, penalty=_minus(step.penalty))
    less = f"{step.before} \u2212 {-step.penalty}"
    if step.clamped:
        return [head, t("draw.penalty.clamped", sum=less, result=_minus(step.before + step.penalty),
                        score=step.score)]
    return [head, t("draw.penalty.score", sum=less, score=step.score)]


def _bonus_text(step: EndBonus) -> list[str]:
    parts = [t.count(key, n, bonus=bonus) for n, key, bonus in (
        (step.rows, "draw.bonus.rows", ROW_BONUS), (step.columns, "draw.bonus.columns", COLUMN_BONUS),
        (step.colours, "draw.bonus.colours", COLOUR_BONUS)) if n]
    why = t("draw.bonus.sum", terms=" + ".join(parts), points=step.points) if parts else t("draw.bonus.none")
    return [t("draw.bonus.head", points=step.points, before=step.score - step.points, score=step.score), why]


def _complete_cells(board: Board) -> list[str]:
    """The keys of the wall cells in a complete row, column or colour."""
    full = set()
    for mask in (*ROW_MASKS, *COLUMN_MASKS):
        if board.wall & mask == mask:
            full.update(cells(mask))
    done = [c for c in COLOURS if board.cells.count(c) == SIZE]
    full.update(divmod(i, SIZE) for i, colour in enumerate(board.cells) if colour in done)
    return [f"wall:{r},{c}" for r, c in sorted(full)]


# --- the factory offer -----------------------------------------------------------------------------


def offer_scene(game, *, highlight: Iterable[str] = (), display: Display | None = None) -> Scene:
    """The factories in a circle around the centre: each factory's tiles, the centre's tiles as
    one tile and a count per colour, and the first-player marker while it is in the centre. Each
    group of one colour is clickable as ``factory:N:L`` or ``centre:L``."""
    d = resolve(display)
    u = CELL * d.scale
    factories = game.factories
    n = len(factories)
    disc = 1.5 * u  # radius of a factory
    hub = 2.45 * u  # radius of the centre
    ring = max(hub + disc + 0.7 * u, n * (2 * disc + 0.55 * u) / (2 * pi))
    half = ring + disc + 0.95 * u
    scene = Scene(2 * half, 2 * half, background=TABLE_FILL, title=t("draw.offer.title"))
    p = _Painter(scene, d, "", highlight)
    cx = cy = half
    for i, counts in enumerate(factories):
        angle = -pi / 2 + 2 * pi * i / n  # factory 0 at the top, then clockwise
        fx, fy = cx + ring * cos(angle), cy + ring * sin(angle)
        _factory(p, i, counts, fx, fy, disc)
        lx, ly = cx + (ring + disc + 0.45 * u) * cos(angle), cy + (ring + disc + 0.45 * u) * sin(angle)
        p.label((lx, ly), str(i), 0.36, fill=d.faint)
    _centre(p, game, cx, cy, hub)
    p.finish()
    return scene


def _factory(p: _Painter, number: int, counts: Sequence[int], fx: float, fy: float,
             radius: float) -> None:
    u, d = p.u, p.d
    p.s.circle((fx, fy), radius, fill=FACTORY_FILL, stroke=FACTORY_EDGE, width=1.5 * d.stroke,
               title=t("draw.factory.title", factory=number), key=f"factory:{number}")
    tiles = [c for c in COLOURS for _ in range(counts[c])]
    size, gap = 0.9 * u, 0.12 * u
    for k, colour in enumerate(tiles[:4]):  # a factory holds four tiles at most
        r, c = divmod(k, 2)
        x = fx - size - gap / 2 + c * (size + gap)
        y = fy - size - gap / 2 + r * (size + gap)
        key = f"factory:{number}:{LETTERS[colour]}"
        p.tile(x, y, size, colour, key=key,
               title=t.count("draw.factory.tiles", counts[colour], factory=number,
                             colour=colour_title(colour)))
        p.remember(key, (x, y, size, size))


def _centre(p: _Painter, game, cx: float, cy: float, radius: float) -> None:
    u, d = p.u, p.d
    p.s.circle((cx, cy), radius, fill=_mix(FACTORY_FILL, TABLE_FILL, 0.6), stroke=FACTORY_EDGE,
               width=d.stroke, dash=f"{0.15 * u:.1f} {0.1 * u:.1f}", title=t("draw.centre.title"),
               key="centre")
    p.label((cx, cy - radius + 0.38 * u), t("draw.centre.label"), 0.32, fill=d.faint)
    groups: list[int | None] = [c for c in COLOURS if game.centre[c]]
    if game.centre_marker:
        groups.append(None)
    size = 0.8 * u
    for k, colour in enumerate(groups):  # two columns of groups: a tile and its count
        r, c = divmod(k, 2)
        x = cx - 1.75 * u + c * 1.85 * u
        y = cy - 1.45 * u + r * 1.0 * u
        if colour is None:
            p.tile(x, y, size, MARKER, key="centre",
                   title=t("draw.centre.marker"))
            continue
        key = f"centre:{LETTERS[colour]}"
        tip = t.count("draw.centre.tiles", game.centre[colour], colour=colour_title(colour))
        p.tile(x, y, size, colour, key=key, title=tip)
        p.label((x + size + 0.12 * u, y + size / 2), f"\u00d7{game.centre[colour]}", 0.36,
                anchor="start", key=key)
        p.remember(key, (x, y, size, size))


# --- a palette, a whole table, several boards ----------------------------------------------------


def palette_scene(*, selected: int | None = None, display: Display | None = None) -> Scene:
    """The five colours in a row, each clickable as ``colour:L``; ``selected`` is ringed."""
    d = resolve(display)
    u = CELL * d.scale
    scene = Scene(0.4 * u + len(COLOURS) * 1.3 * u, 1.8 * u, background=TABLE_FILL,
                  title=t("draw.palette.title"))
    highlight = [f"colour:{LETTERS[selected]}"] if selected is not None else []
    p = _Painter(scene, d, "", highlight)
    for colour in COLOURS:
        x, y = 0.4 * u + colour * 1.3 * u, 0.4 * u
        key = f"colour:{LETTERS[colour]}"
        p.tile(x, y, u, colour, key=key, title=colour_title(colour))
        p.remember(key, (x, y, u, u))
    p.finish()
    return scene


def move_keys(move, player: int) -> list[str]:
    """The keys of ``game_scene`` a move of ``player`` touches: the tiles it takes and the line
    or floor they go to (a ``Take``), or the wall cell or floor its tile goes to (a ``Place``).
    ``game_scene(game, highlight=move_keys(move, game.current))`` rings them: an advised move
    drawn on the table."""
    if isinstance(move, Take):
        letter = LETTERS[move.colour]
        source = f"centre:{letter}" if move.source == CENTRE else f"factory:{move.source}:{letter}"
        target = f"player:{player}:floor" if move.line == FLOOR else \
            f"player:{player}:line:{move.line}"
        return [source, target]
    return [f"player:{player}:floor" if move.column == FLOOR else
            f"player:{player}:wall:{move.line},{move.column}"]


def game_scene(game, *, highlight: Iterable[str] = (), display: Display | None = None) -> Scene:
    """The whole table: the factory offer on the left, every player's board on the right (two to
    a column; the player to move framed; in the gray-wall tiling, the line to place ringed), and a
    line saying where the game is."""
    d = resolve(display)
    u = CELL * d.scale
    highlight = list(highlight)
    choosing = _line_to_place(game)
    if choosing is not None:
        highlight.append(f"player:{game.current}:line:{choosing}")
    boards = []
    for p, board in enumerate(game.boards):
        to_move = p == game.current and not game.over
        name = t("draw.player.to_move" if to_move else "draw.player.wins" if p in game.winners()
                 else "draw.player.name", player=p + 1)
        scene = board_scene(board, highlight=highlight, title=name,
                            key_prefix=f"player:{p}:", display=d)
        scene = _on_background(scene)
        if to_move:
            scene.rect(0, 0, scene.width, scene.height, fill="none", stroke=d.highlight,
                       width=3 * d.stroke)
        boards.append(scene)
    right = _grid(boards, ceil(len(boards) / 2), d)
    left = offer_scene(game, highlight=highlight, display=d)
    head = 1.0 * u
    width = left.width + right.width
    scene = Scene(width, head + max(left.height, right.height), background=TABLE_FILL,
                  title=t("draw.table.title"))
    scene.text((0.4 * u, head / 2 + 0.1 * u), _status(game), size=0.46 * u, anchor="start",
               fill=d.ink, weight="bold")
    scene.place(left, 0, head + max(0.0, (right.height - left.height) / 2))
    scene.place(right, left.width, head)
    return scene


def _status(game) -> str:
    wall = t("draw.status.gray_wall" if game.gray else "draw.status.coloured_wall")
    if game.over:
        return t("draw.status.over", round=game.round, wall=wall, scores=join_and(game.scores()))
    line = _line_to_place(game)
    if line is not None:
        return t("draw.status.tiling", round=game.round, wall=wall, player=game.current + 1, line=line)
    return t("draw.status.offer", round=game.round, wall=wall, player=game.current + 1)


def _line_to_place(game) -> int | None:
    """In the gray-wall tiling phase, the line whose tile the player to move places next."""
    if game.phase != "tiling":
        return None
    return game.boards[game.current].next_complete_line()


def boards_scene(boards: Sequence[Board], *,
                 titles: Sequence[str] | None = None, highlight: Iterable[str] = (),
                 display: Display | None = None) -> Scene:
    """Several players' boards side by side (two rows from three players on), keyed
    ``player:P:...``."""
    d = resolve(display)
    highlight = list(highlight)
    titles = titles or [t("draw.player.name", player=p + 1) for p in range(len(boards))]
    scenes = [_on_background(board_scene(board, title=name, highlight=highlight,
                                         key_prefix=f"player:{p}:", display=d))
              for p, (board, name) in enumerate(zip(boards, titles, strict=True))]
    columns = len(scenes) if len(scenes) <= 2 else ceil(len(scenes) / 2)
    return _grid(scenes, columns, d, title=t("draw.boards.title"))


def scenario_scene(scenario, *, tiled: bool = False, display: Display | None = None) -> Scene:
    """Every player's board of a scenario; with ``tiled``, the boards after its wall tiling, each
    titled with the score before and after."""
    if tiled:
        return tiling_result_scene(scenario.tile(), display=display)
    return boards_scene(scenario.boards, display=display)


def tiling_result_scene(result, *, display: Display | None = None) -> Scene:
    """The boards after a tiling phase (a ``TilingResult``), titled with each score change."""
    titles = [t("draw.player.change_wins" if p in result.winners else "draw.player.change", player=p + 1,
                before=before, after=board.score)
              for p, (before, board) in enumerate(zip(result.before, result.boards, strict=True))]
    return boards_scene(result.boards, titles=titles, display=display)


def beside(scenes: Sequence[Scene], *, keys: Sequence[bool] | None = None) -> Scene:
    """Scenes side by side on their own backgrounds; ``keys[i]`` False drops the click keys of
    scene ``i`` (a picture of what happened, next to the one to click)."""
    gap = 12.0
    width = sum(s.width for s in scenes) + gap * (len(scenes) - 1)
    out = Scene(width, max(s.height for s in scenes), background=TABLE_FILL,
                title=scenes[0].title)
    x = 0.0
    for i, scene in enumerate(scenes):
        part = Scene(scene.width, scene.height)
        part.rect(0, 0, scene.width, scene.height, fill=scene.background)
        part.place(scene, 0, 0)
        if keys is not None and not keys[i]:
            part.shapes = [type(s)(**{**s.__dict__, "key": ""}) for s in part.shapes]
        out.place(part, x, 0)
        x += scene.width + gap
    return out
