"""Figures for lessons and handouts (matplotlib): a card's six rotations on a board, score breakdowns,
two breakdowns compared, histograms of final scores from simulated games.

Every function returns a ``matplotlib.figure.Figure`` built without pyplot, so nothing touches global
state: a notebook shows it as the last value of a cell once ``%matplotlib inline`` has run (a bare
Figure has no picture of its own for Jupyter), and ``fig.savefig("out.png")`` writes it (``.svg`` and
``.pdf`` work too). Boards inside figures are the scenes of ``harmonies.draw``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from tabletop import game as game_api
from tabletop.mpl import shaped as _shaped
from tabletop.scene import Scene
from tabletop.settings import Display, resolve

from . import draw, habitats
from .board import Board, Side
from .cards import Card
from .cards import card as _card_lookup
from .game import Game
from .locale import t
from .policies import POLICIES
from .scoring import CATEGORIES, Breakdown, category_title

_HATCHES = ("", "//", "..", "xx")


def _category_names() -> list[str]:
    """The score categories as the chart's axis shows them, in the language in force."""
    return [_shaped(category_title(c)) for c in CATEGORIES]


def _tidy(ax) -> None:
    """Points and players are whole numbers; no box around the plot."""
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.spines[["top", "right"]].set_visible(False)


def _font(disp: Display, size: float) -> float:
    return size * disp.scale * (1.2 if disp.high_contrast else 1.0)


# ---------------------------------------------------------------------------------------------
# Rotations


def rotation_sheet(card: Card | int | str, board: Board | None = None, *,
                   display: Display | None = None) -> Figure:
    """A card's pattern in its six rotations side by side, each above a small board.

    With a ``board``, each small board outlines the placements of that rotation present on it (one
    colour per placement) and marks with a dashed cube the cube cells still free. Without one, the
    small boards are empty side-A boards: a dashed cube marks every cell where that rotation's cube
    could go, and one placement is outlined as an example (all of them overlap too much to read).
    A rotation that looks like a lower one (a symmetric pattern) says so: its placements are listed
    under the lower rotation.
    """
    c = card if isinstance(card, Card) else _card_lookup(card)
    disp = resolve(display)
    if board is None:
        shown = Board(Side.A)
        names = shown.layout.names
        found = habitats.placements(c, Side.A)
        by_rotation = {t: [tuple(names[i] for i, _ in p.cells) for p in found if p.rotation == t]
                       for t in range(6)}
        free = {t: [names[p.cube] for p in found if p.rotation == t] for t in range(6)}
    else:
        shown = board
        matches = habitats.matches(c, board)
        by_rotation = {t: [m.cells for m in matches if m.rotation == t] for t in range(6)}
        free = {t: [m.cube_cell for m in matches if m.rotation == t and m.cube_free] for t in range(6)}
    fig = Figure(figsize=(18 * disp.scale, 4.6 * disp.scale), dpi=100, layout="constrained")
    axes = fig.subplots(1, 6)
    for turns, ax in enumerate(axes):
        same = draw.same_rotation(c, turns)
        cells = by_rotation[turns]
        cubes = list(dict.fromkeys(free[turns]))
        outlined = cells if board is not None else cells[:1]
        pattern = draw.pattern_scene(c, rotation=turns, radius=30.0, display=disp)
        small = draw.board_scene(shown, highlight=[draw.Mark(tuple(group)) for group in outlined],
                                 ghosts=[(cell, "cube") for cell in cubes], labels=False, display=disp)
        column = Scene(max(pattern.width, small.width), pattern.height + small.height)
        column.place(pattern, (column.width - pattern.width) / 2, 0)
        column.place(small, (column.width - small.width) / 2, pattern.height)
        column.draw_on(ax)
        caption = _rotation_caption(turns, same, len(cells), len(cubes), board is None)
        ax.set_title(_shaped(caption), fontsize=_font(disp, 11), y=-0.02, va="top")
    title = (t("figures.rotation.title_empty", card=c.title, id=c.id) if board is None
             else t("figures.rotation.title_board", card=c.title, id=c.id, side=shown.side))
    fig.suptitle(_shaped(title), fontsize=_font(disp, 13), fontweight="bold")
    return fig


def _rotation_caption(turns: int, same: int, placements: int, cube_cells: int, empty_board: bool) -> str:
    """Under one rotation: the lower rotation it repeats, or how often it fits (and its cube cells)."""
    if same != turns:
        return t("figures.rotation.same", rotation=same)
    if empty_board:
        return t.count("figures.rotation.fits", placements,
                       cube_cells=t.count("figures.rotation.cube_cells", cube_cells))
    return t.count("figures.rotation.placements", placements,
                   free_cells=t.count("figures.rotation.free_cube_cells", cube_cells))


# ---------------------------------------------------------------------------------------------
# Score breakdowns


def _category_colours() -> list[str]:
    return [draw.CATEGORY_FILL[c] for c in CATEGORIES]


def breakdown_chart(breakdown: Breakdown, *, title: str | None = None, display: Display | None = None
                    ) -> Figure:
    """One bar per score category (in the order of ``scoring.CATEGORIES``), its points written on it,
    the total in the title."""
    disp = resolve(display)
    fig = Figure(figsize=(7.5 * disp.scale, 4 * disp.scale), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    values = [getattr(breakdown, c) for c in CATEGORIES]
    bars = ax.bar(_category_names(), values, color=_category_colours(), edgecolor="#333333",
                  linewidth=1.5 if disp.high_contrast else 0.8)
    ax.bar_label(bars, labels=[str(v) for v in values], padding=2, fontsize=_font(disp, 10))
    ax.set_ylabel(_shaped(t("figures.points")), fontsize=_font(disp, 10))
    ax.set_ylim(0, max(values + [1]) * 1.18)
    ax.tick_params(labelsize=_font(disp, 9))
    _tidy(ax)
    title = title or t.count("figures.breakdown.title", breakdown.total, landscapes=breakdown.landscapes)
    ax.set_title(_shaped(title), fontsize=_font(disp, 12), fontweight="bold")
    return fig


def compare_breakdowns(a: Breakdown, b: Breakdown, labels: Sequence[str] | None = None, *,
                       title: str | None = None, display: Display | None = None) -> Figure:
    """Two breakdowns as bars side by side per category; each difference written above its pair, the
    totals and their difference in the title. The second board's bars are hatched, so the two read
    apart without colour. ``labels`` name the two boards ("before" and "after" by default)."""
    disp = resolve(display)
    first, second = labels or (t("figures.compare.before"), t("figures.compare.after"))
    fig = Figure(figsize=(8.5 * disp.scale, 4.4 * disp.scale), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    xs = range(len(CATEGORIES))
    width = 0.38
    va = [getattr(a, c) for c in CATEGORIES]
    vb = [getattr(b, c) for c in CATEGORIES]
    colours = _category_colours()
    edge = 1.5 if disp.high_contrast else 0.8
    style = dict(color=colours, edgecolor="#333333", linewidth=edge)
    bars_a = ax.bar([x - width / 2 for x in xs], va, width, alpha=0.55, label=_shaped(first), **style)
    bars_b = ax.bar([x + width / 2 for x in xs], vb, width, hatch="//", label=_shaped(second), **style)
    ax.bar_label(bars_a, fontsize=_font(disp, 8), padding=1)
    ax.bar_label(bars_b, fontsize=_font(disp, 8), padding=1)
    top = max(va + vb + [1])
    for x, (u, v) in zip(xs, zip(va, vb, strict=True), strict=True):
        if u != v:
            ax.annotate(f"{v - u:+d}", (x, max(u, v) + 0.12 * top), ha="center", fontsize=_font(disp, 10),
                        fontweight="bold", color="#1a7f1a" if v > u else "#b00020")
    ax.set_xticks(list(xs), _category_names())
    ax.set_ylim(0, top * 1.3)
    ax.set_ylabel(_shaped(t("figures.points")), fontsize=_font(disp, 10))
    ax.tick_params(labelsize=_font(disp, 9))
    _tidy(ax)
    # Neutral legend swatches: the bars' colours belong to the categories, the hatch to the board.
    swatches = [Patch(facecolor="#bbbbbb", edgecolor="#333333", alpha=0.55, label=_shaped(first)),
                Patch(facecolor="#bbbbbb", edgecolor="#333333", hatch="//", label=_shaped(second))]
    ax.legend(handles=swatches, fontsize=_font(disp, 9), frameon=False)
    diff = b.total - a.total
    title = title or t.count("figures.compare.title", abs(diff), first=first, before=a.total, second=second,
                             after=b.total, difference=f"{diff:+d}")
    ax.set_title(_shaped(title), fontsize=_font(disp, 12), fontweight="bold")
    return fig


# ---------------------------------------------------------------------------------------------
# Simulated games

def simulate(n: int, players: int = 2, seed: int | str = 0, policy: str | Sequence[str] = "random", *,
             side: str = "A", spirits: bool = False, river: str = "shortest-path") -> list[list[int]]:
    """Play ``n`` games to the end and return the final totals, game by game, seat by seat
    (``tabletop.game.simulate``, as in Azul).

    Game ``k`` is seeded ``"{seed}:{k}"`` and its seat ``p`` plays with ``"{seed}:{k}:{p}"``, as
    ``python -m harmonies play --seed {seed}:{k}`` plays it, so any game can be replayed from the
    command line. ``policy``: ``"random"``, ``"greedy"`` or ``"strong"`` for every seat, or one name
    per seat.
    """
    def new_game(game_seed: str) -> Game:
        return Game(players=players, side=side, spirits=spirits, seed=game_seed, river=river)

    return game_api.simulate(new_game, POLICIES, n, policy, players, seed)


def score_histogram(totals: Iterable[int] | Mapping[str, Iterable[int]], *, bins: int | Sequence[float] = 20,
                    title: str | None = None, display: Display | None = None) -> Figure:
    """A histogram of final scores. ``totals`` is one list of scores, or a mapping label → scores to
    compare several series (drawn as outlined steps over each other, each with its mean marked)."""
    disp = resolve(display)
    series = dict(totals) if isinstance(totals, Mapping) else {"": totals}
    series = {label: [int(t) for t in values] for label, values in series.items()}
    fig = Figure(figsize=(7.5 * disp.scale, 4 * disp.scale), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    everything = [t for values in series.values() for t in values]
    if not everything:
        raise ValueError(t("figures.histogram.empty"))
    colours = ("#2b7bcc", "#d7372a", "#3c9a3c", "#8a5a2e", "#7b4fa0")
    single = len(series) == 1
    for k, (label, values) in enumerate(series.items()):
        colour = colours[k % len(colours)]
        mean = sum(values) / len(values)
        text = (t("figures.histogram.series", series=label, mean=f"{mean:.1f}", count=len(values)) if label
                else t("figures.histogram.mean", mean=f"{mean:.1f}", count=len(values)))
        ax.hist(values, bins=bins, range=(min(everything), max(everything) + 1), color=colour,
                alpha=0.75 if single else 1.0, histtype="bar" if single else "step",
                linewidth=1.0 if single else 2.2, edgecolor="#333333" if single else colour,
                hatch=None if single else _HATCHES[k % len(_HATCHES)] or None, label=_shaped(text))
        ax.axvline(mean, color=colour, linestyle="--", linewidth=1.5)
    ax.set_xlabel(_shaped(t("figures.histogram.x")), fontsize=_font(disp, 10))
    ax.set_ylabel(_shaped(t("figures.histogram.y")), fontsize=_font(disp, 10))
    ax.tick_params(labelsize=_font(disp, 9))
    _tidy(ax)
    ax.legend(fontsize=_font(disp, 9), frameon=False)
    title = title or t.count("figures.histogram.title", len(everything))
    ax.set_title(_shaped(title), fontsize=_font(disp, 12), fontweight="bold")
    return fig


def tournament(names: Sequence[str] = ("random", "greedy", "strong"), games: int = 1, seed: int | str = 0, *,
               side: str = "A", spirits: bool = False, river: str = "shortest-path",
               budget: int | None = None) -> dict[str, list[tuple[int, int]]]:
    """A small round robin between computer players, as in Azul (``tabletop.game.tournament``):
    every pair of ``names`` plays ``games`` deals of a two-player game, each deal twice with the
    seats swapped; ``budget`` is the strong player's playouts per turn (default: its own). Returns,
    per name, one (own final total, opponent's final total) pair per game it played."""
    def new_game(game_seed: str) -> Game:
        return Game(players=2, side=side, spirits=spirits, seed=game_seed, river=river)

    return game_api.tournament(new_game, POLICIES, list(names), games, seed, budget)


def tournament_chart(results: Mapping[str, Sequence[tuple[int, int]]], *, title: str | None = None,
                     display: Display | None = None) -> Figure:
    """The results of ``tournament``: one bar per player, its mean final total (dashed line and
    number), with how many of its games it won (more points than the opponent) written on it."""
    disp = resolve(display)
    series = {str(name): [(int(own), int(other)) for own, other in games] for name, games in results.items()}
    played = sum(len(v) for v in series.values()) // 2
    if not played:
        raise ValueError(t("figures.histogram.empty"))
    fig = Figure(figsize=(7.5 * disp.scale, 4 * disp.scale), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    colours = ("#9a9a9a", "#2b7bcc", "#d7372a", "#3c9a3c", "#8a5a2e")
    names = list(series)
    for k, name in enumerate(names):
        games = series[name]
        mean = sum(own for own, _ in games) / max(1, len(games))
        won = sum(own > other for own, other in games)
        (bar,) = ax.bar([k], [mean], 0.6, color=colours[k % len(colours)], edgecolor="#333333",
                        hatch=_HATCHES[k % len(_HATCHES)] or None)
        ax.axhline(mean, color=colours[k % len(colours)], linestyle="--", linewidth=1.0)
        label = f"{mean:.1f}\n" + t("figures.tournament.wins", wins=won, games=len(games))
        ax.annotate(_shaped(label), (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center",
                    va="bottom", xytext=(0, 3), textcoords="offset points", fontsize=_font(disp, 9))
    ax.set_xticks(range(len(names)), [_shaped(_policy_title(name)) for name in names])
    ax.set_xlabel(_shaped(t("figures.tournament.x")), fontsize=_font(disp, 10))
    ax.set_ylabel(_shaped(t("figures.tournament.y")), fontsize=_font(disp, 10))
    ax.tick_params(labelsize=_font(disp, 9))
    ax.margins(y=0.2)
    _tidy(ax)
    title = title or t.count("figures.tournament.title", played)
    ax.set_title(_shaped(title), fontsize=_font(disp, 12), fontweight="bold")
    return fig


def _policy_title(name: str) -> str:
    """A policy's name in the language in force (the seat kinds of the game table), else as given."""
    return t(f"table.seat.{name}") if name in POLICIES else name


__all__ = ["rotation_sheet", "breakdown_chart", "compare_breakdowns", "simulate", "score_histogram",
           "tournament", "tournament_chart"]
