"""A scene: a list of simple shapes in pixel coordinates (y down), rendered to SVG or matplotlib.

The games describe every picture once, as a scene; the same scene becomes a deterministic SVG string
(same scene, same bytes) for notebooks and widgets, or matplotlib artists for PNG and PDF handouts.
A shape may carry a ``key`` (for instance ``"cell:c3"``): the SVG marks it ``data-key`` so that a
click on it can be reported, and a ``title`` shown as a tooltip.

A place (all the shapes drawn with one key) becomes one button for the keyboard and screen readers in
``to_svg(clickable=True)``: an invisible copy of its outline, drawn over the picture, carries
``role="button"``, a ``tabindex`` and an accessible name (``aria-label``, also its tooltip).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape, unescape
from pathlib import Path

from .i18n import ARABIC_SCRIPT, PDI, RLI
from .locale import t

Point = tuple[float, float]


#: Numbers already formatted: a board repeats its coordinates thousands of times, and formatting
#: them was a third of the time a table server spent drawing a move (emptied when it grows big).
_NUMS: dict[float, str] = {}
_NUMS_KEPT = 50_000
#: Polygons' points already written, the same way (a polygon's key is the shape's own tuple).
_POINTS: dict[tuple[Point, ...], str] = {}
_POINTS_KEPT = 10_000


def _points(points: tuple[Point, ...]) -> str:
    """A polygon's ``points``, kept as numbers are: a hex of a board is at the same place in the
    next move's picture, and writing its corners was most of the time spent writing a picture."""
    text = _POINTS.get(points)
    if text is None:
        text = " ".join([f"{_num(x)},{_num(y)}" for x, y in points])
        if len(_POINTS) >= _POINTS_KEPT:
            _POINTS.clear()
        _POINTS[points] = text
    return text


def _num(x: float) -> str:
    """Fixed formatting so that the same scene always gives the same bytes."""
    text = _NUMS.get(x)
    if text is None:
        text = f"{x:.2f}".rstrip("0").rstrip(".")
        text = "0" if text in ("-0", "") else text
        if len(_NUMS) >= _NUMS_KEPT:
            _NUMS.clear()
        _NUMS[x] = text
    return text


@dataclass(frozen=True)
class Shape:
    kind: str  # polygon | polyline | circle | rect | text
    points: tuple[Point, ...] = ()
    radius: float = 0.0
    fill: str = "none"
    stroke: str = "none"
    width: float = 1.0
    opacity: float = 1.0
    dash: str = ""
    text: str = ""
    size: float = 12.0
    anchor: str = "middle"
    weight: str = "normal"
    key: str = ""
    title: str = ""

    def moved(self, points: tuple[Point, ...]) -> Shape:
        """The same shape at ``points``. Copied field by field, not through ``__init__``: a board
        is placed into the whole picture shape by shape, and the frozen ``__init__`` (fourteen
        checked assignments) was most of the time a table server took to build a move's picture."""
        copy = object.__new__(Shape)
        copy.__dict__.update(self.__dict__)
        copy.__dict__["points"] = points
        return copy


@dataclass
class Scene:
    width: float
    height: float
    background: str = "#ffffff"
    title: str = ""
    shapes: list[Shape] = field(default_factory=list)
    # A place's own tooltip, where its shapes' tooltips each say only part of it (a row of slots).
    tips: dict[str, str] = field(default_factory=dict)

    # -- building ------------------------------------------------------------------------------
    def polygon(self, points, **style) -> Scene:
        self.shapes.append(Shape("polygon", tuple(points), **style))
        return self

    def polyline(self, points, **style) -> Scene:
        self.shapes.append(Shape("polyline", tuple(points), **style))
        return self

    def line(self, a: Point, b: Point, **style) -> Scene:
        return self.polyline((a, b), **style)

    def circle(self, centre: Point, radius: float, **style) -> Scene:
        self.shapes.append(Shape("circle", (centre,), radius=radius, **style))
        return self

    def rect(self, x: float, y: float, w: float, h: float, **style) -> Scene:
        self.shapes.append(Shape("rect", ((x, y), (x + w, y + h)), **style))
        return self

    def text(self, at: Point, text: str, **style) -> Scene:
        style.setdefault("fill", "#333333")
        self.shapes.append(Shape("text", (at,), text=str(text), **style))
        return self

    def place(self, other: Scene, dx: float, dy: float) -> Scene:
        """Copy another scene's shapes into this one, shifted by (dx, dy)."""
        for s in other.shapes:
            self.shapes.append(s.moved(tuple([(x + dx, y + dy) for x, y in s.points])))
        self.tips.update(other.tips)
        return self

    # -- SVG -----------------------------------------------------------------------------------
    def to_svg(self, *, clickable: bool = False, name: Callable[[str, str], str] | None = None) -> str:
        """The scene as SVG. ``clickable`` adds the places layer (see the module docstring): one
        button per key, in the order the keys were first drawn, named ``name(key, tooltip)`` (by
        default the tooltip of the key's outline: the first titled shape drawn with that key)."""
        w, h = _num(self.width), _num(self.height)
        group = ""
        if clickable:
            label = " ".join(self.title.split())
            group = f' role="group" aria-label="{escape(label)}"' if label else ' role="group"'
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif"{group}>')
        body = [head]
        if self.title:
            body.append(f"<title>{escape(self.title)}</title>")
        if self.background:
            body.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{self.background}"/>')
        if clickable:
            # The place carries the name: a drawn piece keeps its key (a click on it still counts)
            # but not its tooltip, so that a screen reader meets each place once.
            body.extend(_svg(s if not (s.key and s.title) else Shape(**{**s.__dict__, "title": ""}))
                        for s in self.shapes)
            body.append(self._places(name))
        else:
            body.extend(_svg(s) for s in self.shapes)
        body.append("</svg>")
        return "\n".join(body)

    def outlines(self) -> dict[str, Shape]:
        """Each key's outline, in the order the keys were first drawn. The outline is drawn from
        the key's shapes that have a tooltip (else its filled shapes, else all of them): the first
        of them if it holds the others (a hex and the stack on it), else a rectangle round them all
        (a row of slots)."""
        ranked: dict[str, list[tuple[int, Shape]]] = {}
        for s in self.shapes:
            if s.key:
                rank = 0 if s.title and s.kind != "text" else 1 if s.kind in _AREAS else 2
                ranked.setdefault(s.key, []).append((rank, s))
        outlines = {}
        for key, shapes in ranked.items():
            best = min(rank for rank, _ in shapes)
            chosen = [s for rank, s in shapes if rank == best]
            boxes = [_box(s) for s in chosen]
            x0, y0, x1, y1 = boxes[0]
            if all(x0 - 0.5 <= a and y0 - 0.5 <= b and c <= x1 + 0.5 and d <= y1 + 0.5
                   for a, b, c, d in boxes[1:]) and chosen[0].kind != "text":
                outlines[key] = chosen[0]
            else:
                x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
                x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
                outlines[key] = Shape("rect", ((x0, y0), (x1, y1)), title=chosen[0].title)
        return outlines

    def tip(self, key: str) -> str:
        """What a place's tooltip says: its own, else that of its first shape that has one."""
        return self.tips.get(key) or next((s.title for s in self.shapes if s.key == key and s.title), "")

    def _tips(self) -> dict[str, str]:
        """``tip`` of every key at once (one pass over the shapes, not one per key)."""
        first: dict[str, str] = {}
        for s in self.shapes:
            if s.key and s.title and s.key not in first:
                first[s.key] = s.title
        return {**first, **{key: tip for key, tip in self.tips.items() if tip}}

    def _places(self, name: Callable[[str, str], str] | None) -> str:
        rows = ['<g class="tabletop-places">']
        tips = self._tips()
        for i, (key, s) in enumerate(self.outlines().items()):
            tip = tips.get(key, "")
            label = " ".join((name(key, tip) if name else tip).split())
            rows.append(_place(s, key, label, tabindex=0 if i == 0 else -1))
        rows.append("</g>")
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_html_(self) -> str:
        return image_html(self.to_svg())

    # -- matplotlib ----------------------------------------------------------------------------
    def draw_on(self, ax) -> None:
        """Draw the scene on a matplotlib Axes (y runs down, one unit per pixel)."""
        from . import mpl

        mpl.draw(self, ax)

    def figure(self, dpi: float = 100):
        from . import mpl

        return mpl.figure(self, dpi)

    def save(self, path: str | Path, dpi: float = 150) -> Path:
        """Write the scene to ``.svg``, ``.png`` or ``.pdf`` (the format comes from the extension)."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix == ".svg":
            path.write_text(self.to_svg(), encoding="utf-8")
            return path
        if suffix not in (".png", ".pdf"):
            raise ValueError(f"cannot write {path.name}: use a .svg, .png or .pdf file name")
        from . import mpl

        mpl.save(self, path, dpi)
        return path


_AREAS = ("polygon", "rect", "circle")


def _box(s: Shape) -> tuple[float, float, float, float]:
    """A shape's bounding box (a text's from an estimate of its width)."""
    if s.kind == "circle":
        (x, y), = s.points
        return x - s.radius, y - s.radius, x + s.radius, y + s.radius
    if s.kind == "text":
        (x, y), = s.points
        width = 0.62 * s.size * max(1, len(s.text))
        x0 = {"left": x, "start": x, "right": x - width, "end": x - width}.get(s.anchor, x - width / 2)
        return x0, y - 0.7 * s.size, x0 + width, y + 0.7 * s.size
    xs, ys = [x for x, _ in s.points], [y for _, y in s.points]
    return min(xs), min(ys), max(xs), max(ys)


def _place(s: Shape, key: str, label: str, *, tabindex: int) -> str:
    """An invisible button over a place: its outline, filled with nothing visible so that the
    whole area takes clicks; the focus ring is drawn by the widget's script."""
    attrs = (f'class="tabletop-place" data-key="{escape(key)}" role="button" tabindex="{tabindex}" '
             f'aria-label="{escape(label)}" fill="#000000" fill-opacity="0" stroke="none" '
             f'style="cursor:pointer"')
    title = f"<title>{escape(label)}</title>" if label else ""
    if s.kind in ("polygon", "polyline"):
        return f'<polygon points="{_points(s.points)}" {attrs}>{title}</polygon>'
    if s.kind == "circle":
        (x, y), = s.points
        return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(s.radius)}" {attrs}>{title}</circle>'
    x0, y0, x1, y1 = _box(s)
    return (f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(x1 - x0)}" height="{_num(y1 - y0)}" '
            f'{attrs}>{title}</rect>')


def image_html(svg: str) -> str:
    """An SVG picture as an HTML image whose text alternative is the picture's title: what a
    notebook shows for a picture (JupyterLab shows a bare SVG as an image with no text at all)."""
    match = re.search(r"<title>(.*?)</title>", svg, re.S)
    alt = " ".join(unescape(match.group(1)).split()) if match else ""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}">'


def _style(s: Shape) -> str:
    parts = [f'fill="{s.fill}"', f'stroke="{s.stroke}"']
    if s.stroke != "none":
        parts.append(f'stroke-width="{_num(s.width)}"')
    if s.opacity != 1:
        parts.append(f'opacity="{_num(s.opacity)}"')
    if s.dash:
        parts.append(f'stroke-dasharray="{s.dash}"')
    if s.key:
        parts.append(f'data-key="{escape(s.key)}" style="cursor:pointer"')
    return " ".join(parts)


def _svg(s: Shape) -> str:
    title = f"<title>{escape(s.title)}</title>" if s.title else ""
    if s.kind in ("polygon", "polyline"):
        pts = _points(s.points)
        extra = ' stroke-linecap="round" stroke-linejoin="round"' if s.kind == "polyline" else ""
        return f'<{s.kind} points="{pts}" {_style(s)}{extra}>{title}</{s.kind}>'
    if s.kind == "circle":
        (x, y), = s.points
        return (f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(s.radius)}" {_style(s)}>'
                f"{title}</circle>")
    if s.kind == "rect":
        (x0, y0), (x1, y1) = s.points
        return (f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(x1 - x0)}" '
                f'height="{_num(y1 - y0)}" {_style(s)}>{title}</rect>')
    (x, y), = s.points
    anchor = {"left": "start", "right": "end"}.get(s.anchor, s.anchor)
    weight = f' font-weight="{s.weight}"' if s.weight != "normal" else ""
    key = f' data-key="{escape(s.key)}" style="cursor:pointer"' if s.key else ""
    return (f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(s.size)}" text-anchor="{anchor}" '
            f'dominant-baseline="central" fill="{s.fill}"{weight}{key}>{escape(_directed(s.text))}{title}'
            "</text>")


def _directed(text: str) -> str:
    """A Persian label laid out right to left (an SVG text runs left to right, so a number at either
    end of a Persian label would otherwise land on the wrong side)."""
    return f"{RLI}{text}{PDI}" if ARABIC_SCRIPT.search(text) else text


def place_name(place: str, action: str | None = None) -> str:
    """A place's accessible name: what the place is and holds (its tooltip), then what a click on
    it would do now, if anything (``"c3: nothing. Click: place green here"``)."""
    return t("clickable.name", place=place, action=action) if action else place
