"""A chart described once, as data (bars, lines, reference lines, notes), and drawn as a Scene.

The lessons' charts are the project's own pictures, like its boards: ``Chart.scene()`` lays the chart
out in pixels as a ``tabletop.Scene``, which a notebook shows as SVG (in Lab, Voila and the browser's
Python alike, with no chart library) and ``save`` writes to ``.svg``, or through matplotlib to
``.png`` and ``.pdf``. A notebook shows a chart as the last value of a cell.

Texts are given as they read (Persian too): the SVG lays them out right to left, and matplotlib gets
them shaped when a file is written. ``display`` (a ``tabletop.Display``) works as for the boards:
``scale`` enlarges all, ``high_contrast`` thickens lines and bolds text, and a chart drawn for colour
blind eyes tells its series apart by hatches, markers and dashes too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from .scene import Scene
from .settings import Display, resolve

#: Marks of a line's points, by name (matplotlib's letters): outlines round (0, 0), one unit across.
MARKS = {
    "o": (), "s": ((-1, -1), (1, -1), (1, 1), (-1, 1)), "^": ((0, -1.2), (1.1, 0.8), (-1.1, 0.8)),
    "v": ((0, 1.2), (1.1, -0.8), (-1.1, -0.8)), "D": ((0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)),
    "P": ((-0.4, -1.1), (0.4, -1.1), (0.4, -0.4), (1.1, -0.4), (1.1, 0.4), (0.4, 0.4), (0.4, 1.1),
          (-0.4, 1.1), (-0.4, 0.4), (-1.1, 0.4), (-1.1, -0.4), (-0.4, -0.4)),
}
INK = "#333333"


@dataclass(frozen=True)
class Series:
    """One series: ``bars`` (one bar per x, ``width`` in x units) or a ``line`` through its points."""

    kind: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    colour: str
    label: str = ""
    width: float = 0.8
    hatch: str = ""  # any of "/", "\\", "x", ".", "+" (a bar's pattern, for colour-blind eyes)
    opacity: float = 1.0
    outline: bool = False  # bars drawn as outlines in their colour (several histograms over each other)
    values: tuple[str, ...] = ()  # a bar's own text, over it
    marker: str = ""
    dash: str = ""
    errors: tuple[float, ...] = ()  # a line's error bars: ± this much at each point
    swatch: str = ""  # the legend's colour, where the bars' colours belong to something else


@dataclass(frozen=True)
class Rule:
    """A reference line across the chart: ``axis`` "y" is horizontal at ``at``, "x" vertical."""

    axis: str
    at: float
    colour: str = INK
    dash: str = ""


@dataclass(frozen=True)
class Note:
    """A text at a point of the chart (in the chart's own units), drawn just above it."""

    x: float
    y: float
    text: str
    colour: str = INK
    bold: bool = False


@dataclass
class Chart:
    title: str = ""
    x_label: str = ""
    y_label: str = ""
    display: Display | None = None
    width: float = 700.0  # pixels at scale 1
    height: float = 400.0
    series: list[Series] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    #: The x axis's ticks as (x, label) pairs; ``None``: round numbers along the axis.
    ticks: list[tuple[float, str]] | None = None
    message: str = ""  # a sentence across an empty chart
    grid: bool = False  # faint horizontal lines at the y ticks

    def __post_init__(self) -> None:
        self.display = resolve(self.display)

    # -- describing --------------------------------------------------------------------------
    def bars(self, xs, heights, colour, **options) -> Chart:
        """Bars of ``heights`` at ``xs``; ``colour`` is one colour or one per bar (a tuple)."""
        xs, heights = tuple(xs), tuple(heights)
        colours = colour if isinstance(colour, tuple | list) else (colour,) * len(xs)
        if len(set(colours)) <= 1:
            self.series.append(Series("bars", xs, heights, colours[0] if colours else INK, **options))
            return self
        # One series per colour would split the legend: the bars keep one label, drawn bar by bar.
        label = options.pop("label", "")
        values = options.pop("values", ())
        for k, (x, h, c) in enumerate(zip(xs, heights, colours, strict=True)):
            self.series.append(Series("bars", (x,), (h,), c, label=label if k == 0 else "",
                                      values=values[k:k + 1], **options))
        return self

    def histogram(self, values, edges, colour, **options) -> Chart:
        """Bars counting the ``values`` between each two ``edges`` (evenly spaced; a value on the
        last edge counts in the last bar)."""
        edges = list(edges)
        counts = bin_counts(values, edges)
        centres = [(a + b) / 2 for a, b in zip(edges, edges[1:], strict=False)]
        return self.bars(centres, counts, colour, width=edges[1] - edges[0], **options)

    def line(self, xs, ys, colour, **options) -> Chart:
        self.series.append(Series("line", tuple(xs), tuple(ys), colour, **options))
        return self

    def rule(self, axis: str, at: float, colour: str = INK, dash: str = "") -> Chart:
        self.rules.append(Rule(axis, at, colour, dash))
        return self

    def note(self, x: float, y: float, text: str, colour: str = INK, bold: bool = False) -> Chart:
        self.notes.append(Note(x, y, str(text), colour, bold))
        return self

    def legend(self) -> list[str]:
        """The legend's entries, in order (each labelled series once)."""
        return [s.label for s in self.series if s.label]

    # -- showing and saving ------------------------------------------------------------------
    def scene(self) -> Scene:
        return _Layout(self).scene()

    def to_svg(self) -> str:
        return self.scene().to_svg()

    def _repr_html_(self) -> str:
        return self.scene()._repr_html_()

    def save(self, path: str | Path, dpi: float = 150) -> Path:
        """Write the chart to ``.svg``, or (with matplotlib) ``.png`` or ``.pdf``."""
        return self.scene().save(path, dpi)

    def figure(self, dpi: float = 100):
        """The chart as a matplotlib ``Figure`` (needs matplotlib)."""
        return self.scene().figure(dpi)


# --- layout: the chart in pixels -----------------------------------------------------------------


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round numbers from ``lo`` to ``hi``, about ``count`` steps apart: 1, 2 or 5 times a power of 10."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9)
    return [round(k * step, 10) for k in range(first, math.floor(hi / step + 1e-9) + 1)]


def even_edges(lo: float, hi: float, bins: int) -> list[float]:
    """``bins + 1`` evenly spaced edges from ``lo`` to ``hi``."""
    return [lo + (hi - lo) * k / bins for k in range(bins + 1)]


def bin_counts(values, edges: list[float]) -> list[int]:
    """How many of ``values`` lie in each bin: ``edges[k] <= v < edges[k + 1]``, the last bin closed."""
    counts = [0] * (len(edges) - 1)
    for v in values:
        for k in range(len(counts)):
            if edges[k] <= v < edges[k + 1] or (k == len(counts) - 1 and v == edges[-1]):
                counts[k] += 1
                break
    return counts


def number(x: float) -> str:
    """A tick's number: whole numbers without a point, a minus sign that reads as one."""
    text = f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))
    return text.replace("-", "\u2212")


def hatch_lines(pattern: str, x0: float, y0: float, x1: float, y1: float, gap: float):
    """The strokes of a hatch inside a rectangle, as point pairs (dots as one-point pairs)."""
    strokes = []
    if "/" in pattern or "x" in pattern:  # x + y = c, rising to the right
        c = x0 + y0 + gap
        while c < x1 + y1:
            a, b = max(x0, c - y1), min(x1, c - y0)
            strokes.append(((a, c - a), (b, c - b)))
            c += gap
    if "\\" in pattern or "x" in pattern:  # x - y = c, falling to the right
        c = x0 - y1 + gap
        while c < x1 - y0:
            a, b = max(x0, c + y0), min(x1, c + y1)
            strokes.append(((a, a - c), (b, b - c)))
            c += gap
    if "+" in pattern:
        strokes += [((x, y0), (x, y1)) for x in _steps(x0, x1, gap)]
        strokes += [((x0, y), (x1, y)) for y in _steps(y0, y1, gap)]
    if "." in pattern:
        strokes += [((x, y),) for x in _steps(x0, x1, gap) for y in _steps(y0, y1, gap)]
    return strokes


def _steps(lo: float, hi: float, gap: float) -> list[float]:
    n = int((hi - lo) // gap)
    return [lo + (hi - lo - (n - 1) * gap) / 2 + k * gap for k in range(n)] if n > 0 else []


def _width(text: str, size: float) -> float:
    """About how wide a text is drawn (the SVG has no way to measure it)."""
    return 0.58 * size * max((len(line) for line in text.split("\n")), default=0)


class _Layout:
    def __init__(self, chart: Chart) -> None:
        d = chart.display
        self.c = chart
        self.s = d.scale
        self.font = 12 * d.scale * (1.15 if d.high_contrast else 1.0)
        self.stroke = d.stroke * d.scale
        self.bold = "bold" if d.high_contrast else "normal"

    # The data's extent, with room above the bars for their texts.
    def y_range(self) -> tuple[float, float]:
        ys = [0.0]
        for s in self.c.series:
            errors = s.errors or (0,) * len(s.ys)
            ys += [y + e for y, e in zip(s.ys, errors, strict=True)]
            ys += [y - e for y, e in zip(s.ys, errors, strict=True)]
        ys += [r.at for r in self.c.rules if r.axis == "y"] + [n.y for n in self.c.notes]
        lo, hi = min(ys), max(ys)
        span = (hi - lo) or 1.0
        lo, hi = (lo - 0.12 * span if lo < 0 else lo), hi + 0.12 * span
        ticks = nice_ticks(lo, hi)
        return min(lo, ticks[0]), max(hi, ticks[-1])

    def x_range(self) -> tuple[float, float]:
        xs = []
        for s in self.c.series:
            half = s.width / 2 if s.kind == "bars" else 0.0
            xs += [x - half for x in s.xs] + [x + half for x in s.xs]
        xs += [r.at for r in self.c.rules if r.axis == "x"] + [x for x, _ in self.c.ticks or ()]
        if not xs:
            return 0.0, 1.0
        lo, hi = min(xs), max(xs)
        pad = 0.04 * (hi - lo) if hi > lo else 0.5
        return lo - pad, hi + pad

    def scene(self) -> Scene:
        c, f = self.c, self.font
        scene = Scene(c.width * self.s, c.height * self.s, title=c.title)
        y_lo, y_hi = self.y_range()
        x_lo, x_hi = self.x_range()
        ticks = c.ticks if c.ticks is not None else [(x, number(x)) for x in nice_ticks(x_lo, x_hi)
                                                     if x_lo <= x <= x_hi]
        y_ticks = [y for y in nice_ticks(y_lo, y_hi) if y_lo - 1e-9 <= y <= y_hi + 1e-9]
        tick_lines = max((label.count("\n") + 1 for _, label in ticks), default=1)
        legend = c.legend()
        top = (1.9 * f if c.title else 0.8 * f) + (1.6 * f if c.y_label else 0)
        left = 14 * self.s + max((_width(number(y), f) for y in y_ticks), default=0)
        bottom = 1.5 * f * tick_lines + (1.8 * f if c.x_label else 0) + 1.5 * f * len(legend) + 10 * self.s
        box = (left, top, scene.width - 16 * self.s, scene.height - bottom)
        self.px = lambda x: box[0] + (x - x_lo) / (x_hi - x_lo) * (box[2] - box[0])
        self.py = lambda y: box[3] - (y - y_lo) / (y_hi - y_lo) * (box[3] - box[1])
        if c.title:
            scene.text((scene.width / 2, 1.0 * f), c.title, size=f * 1.2, weight="bold", fill=INK)
        if c.y_label:
            scene.text((4 * self.s, top - 1.0 * f), c.y_label, size=f, anchor="start", fill=INK,
                       weight=self.bold)
        for y in y_ticks:
            at = self.py(y)
            if c.grid:
                scene.line((box[0], at), (box[2], at), stroke="#cccccc", width=self.s)
            scene.line((box[0] - 4 * self.s, at), (box[0], at), stroke=INK, width=self.stroke)
            scene.text((box[0] - 6 * self.s, at), number(y), size=f * 0.9, anchor="end", fill=INK)
        for series in c.series:
            (self._bars if series.kind == "bars" else self._line)(scene, series)
        for rule in c.rules:
            a, b = (((box[0], self.py(rule.at)), (box[2], self.py(rule.at))) if rule.axis == "y"
                    else ((self.px(rule.at), box[1]), (self.px(rule.at), box[3])))
            scene.line(a, b, stroke=rule.colour, width=1.5 * self.stroke, dash=rule.dash)
        for n in c.notes:
            scene.text((self.px(n.x), self.py(n.y) - 0.8 * f), n.text, size=f * 0.95, fill=n.colour,
                       weight="bold" if n.bold else self.bold)
        # the axes: left and bottom only
        scene.line((box[0], box[1]), (box[0], box[3]), stroke=INK, width=self.stroke)
        scene.line((box[0], box[3]), (box[2], box[3]), stroke=INK, width=self.stroke)
        for x, label in ticks:
            at = self.px(x)
            scene.line((at, box[3]), (at, box[3] + 4 * self.s), stroke=INK, width=self.stroke)
            for k, part in enumerate(label.split("\n")):
                scene.text((at, box[3] + (1.0 + 1.3 * k) * f), part, size=f * 0.9, fill=INK)
        y = box[3] + 1.5 * f * tick_lines + 0.6 * f
        if c.x_label:
            scene.text(((box[0] + box[2]) / 2, y + 0.3 * f), c.x_label, size=f, fill=INK, weight=self.bold)
            y += 1.8 * f
        for series in (s for s in c.series if s.label):
            self._swatch(scene, series, box[0], y)
            scene.text((box[0] + 2.6 * f, y), series.label, size=f * 0.95, anchor="start", fill=INK)
            y += 1.5 * f
        if c.message:
            scene.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), c.message, size=f, fill=INK)
        return scene

    def _rect(self, scene: Scene, s: Series, x0: float, y0: float, x1: float, y1: float) -> None:
        fill = "none" if s.outline else s.colour
        edge = s.colour if s.outline else INK
        scene.rect(x0, y0, x1 - x0, y1 - y0, fill=fill, opacity=s.opacity, stroke=edge,
                   width=(2.2 if s.outline else 0.8) * self.stroke)
        ink = s.colour if s.outline else INK
        for stroke in hatch_lines(s.hatch, x0, y0, x1, y1, 7 * self.s):
            if len(stroke) == 1:
                scene.circle(stroke[0], 1.1 * self.s, fill=ink)
            else:
                scene.line(*stroke, stroke=ink, width=0.8 * self.s)

    def _bars(self, scene: Scene, s: Series) -> None:
        base = self.py(0)
        for k, (x, h) in enumerate(zip(s.xs, s.ys, strict=True)):
            x0, x1 = self.px(x - s.width / 2), self.px(x + s.width / 2)
            top = self.py(h)
            self._rect(scene, s, x0, min(top, base), x1, max(top, base))
            if k < len(s.values) and s.values[k]:
                above = top - 0.7 * self.font if h >= 0 else top + 0.7 * self.font
                scene.text(((x0 + x1) / 2, above), s.values[k], size=self.font * 0.85, fill=INK)

    def _line(self, scene: Scene, s: Series) -> None:
        points = [(self.px(x), self.py(y)) for x, y in zip(s.xs, s.ys, strict=True)]
        width = 1.8 * self.stroke
        for (x, y), e in zip(points, s.errors or (0,) * len(points), strict=True):
            if not e:
                continue
            a, b = self.py(0) - self.py(e), 5 * self.s
            scene.line((x, y - a), (x, y + a), stroke=s.colour, width=width * 0.7)
            scene.line((x - b, y - a), (x + b, y - a), stroke=s.colour, width=width * 0.7)
            scene.line((x - b, y + a), (x + b, y + a), stroke=s.colour, width=width * 0.7)
        if len(points) > 1:
            scene.polyline(points, stroke=s.colour, width=width, dash=s.dash)
        for point in points:
            self._mark(scene, s.marker, point, s.colour)

    def _mark(self, scene: Scene, marker: str, at: tuple[float, float], colour: str) -> None:
        if not marker:
            return
        r = (3.5 + 1.5 * self.c.display.stroke) * self.s
        if marker not in MARKS or not MARKS[marker]:
            scene.circle(at, r, fill=colour, stroke="#ffffff", width=0.8 * self.s)
        else:
            scene.polygon([(at[0] + r * dx, at[1] + r * dy) for dx, dy in MARKS[marker]], fill=colour,
                          stroke="#ffffff", width=0.8 * self.s)

    def _swatch(self, scene: Scene, s: Series, x: float, y: float) -> None:
        f = self.font
        if s.swatch:
            s = Series(**{**s.__dict__, "colour": s.swatch})
        if s.kind == "bars":
            self._rect(scene, s, x, y - 0.55 * f, x + 2.0 * f, y + 0.55 * f)
        else:
            scene.line((x, y), (x + 2.0 * f, y), stroke=s.colour, width=1.8 * self.stroke, dash=s.dash)
            self._mark(scene, s.marker, (x + f, y), s.colour)
