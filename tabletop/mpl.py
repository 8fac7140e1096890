"""matplotlib rendering of a Scene, for PNG and PDF files only: nothing a lesson shows needs matplotlib
(``tabletop.chart`` draws charts as scenes), so no module a lesson imports imports this one at the top."""

from __future__ import annotations

from pathlib import Path

from matplotlib import patches
from matplotlib.figure import Figure

from .i18n import ARABIC_SCRIPT, plain

_ANCHOR = {"middle": "center", "start": "left", "end": "right", "left": "left", "right": "right"}


def draw(scene, ax) -> None:
    ax.set_xlim(0, scene.width)
    ax.set_ylim(scene.height, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    if scene.background:
        ax.add_patch(patches.Rectangle((0, 0), scene.width, scene.height, color=scene.background,
                                       zorder=0))
    points_per_px = 72 / ax.figure.dpi
    for z, s in enumerate(scene.shapes, start=1):
        _artist(ax, s, z, points_per_px)


def shaped(text: str) -> str:
    """Text as matplotlib must be given it: matplotlib neither joins Persian letters nor lays them out
    right to left, so each line of a Persian text is joined (arabic-reshaper) and put in visual
    order (bidi). Other text comes back as it is."""
    text = plain(str(text))
    if not ARABIC_SCRIPT.search(text):
        return text
    from arabic_reshaper import reshape
    from bidi.algorithm import get_display  # in the pure-Python 0.4 release (Pyodide) too
    return "\n".join(get_display(reshape(line)) for line in text.split("\n"))


def _colour(c: str):
    return "none" if c in ("none", "") else c


def _artist(ax, s, z, ppp) -> None:
    style = dict(facecolor=_colour(s.fill), edgecolor=_colour(s.stroke), alpha=s.opacity,
                 linewidth=s.width * ppp if s.stroke != "none" else 0, zorder=z)
    if s.dash:
        style["linestyle"] = (0, [float(d) * ppp for d in s.dash.replace(",", " ").split()])
    if s.kind == "polygon":
        ax.add_patch(patches.Polygon(s.points, closed=True, **style))
    elif s.kind == "polyline":
        xs, ys = zip(*s.points, strict=True)
        ax.plot(xs, ys, color=_colour(s.stroke), linewidth=s.width * ppp, alpha=s.opacity,
                solid_capstyle="round", zorder=z, linestyle=style.get("linestyle", "-"))
    elif s.kind == "circle":
        ax.add_patch(patches.Circle(s.points[0], s.radius, **style))
    elif s.kind == "rect":
        (x0, y0), (x1, y1) = s.points
        ax.add_patch(patches.Rectangle((x0, y0), x1 - x0, y1 - y0, **style))
    else:
        (x, y), = s.points
        ax.text(x, y, shaped(s.text), fontsize=s.size * ppp, color=_colour(s.fill), alpha=s.opacity,
                ha=_ANCHOR.get(s.anchor, "center"), va="center_baseline", fontweight=s.weight,
                zorder=z)


def figure(scene, dpi: float = 100) -> Figure:
    fig = Figure(figsize=(scene.width / dpi, scene.height / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    draw(scene, ax)
    return fig


def save(scene, path: Path, dpi: float) -> None:
    figure(scene, dpi=100).savefig(path, dpi=dpi)
