"""Figures for lessons and handouts: a card's six rotations on a board, score breakdowns, two
breakdowns compared, histograms of final scores from simulated games.

Every picture is the project's own: the rotation sheet is a ``tabletop.Scene`` and every chart a
``tabletop.chart.Chart``, described once and drawn as SVG wherever a notebook runs (Lab, Voila, the
browser's Python), with no chart library. A notebook shows one as the last value of a cell;
``.save("out.svg")`` writes it (``.png`` and ``.pdf`` through matplotlib, for handouts). Boards inside
figures are the scenes of ``harmonies.draw``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tabletop import game as game_api
from tabletop.chart import Chart, even_edges
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

_HATCHES = ("", "/", ".", "x")


def _category_names() -> list[str]:
    """The score categories as the chart's axis shows them, in the language in force."""
    return [category_title(c) for c in CATEGORIES]


def _chart(title: str, display: Display | None, **labels) -> Chart:
    return Chart(title=title, display=display, width=750, height=420, **labels)


# ---------------------------------------------------------------------------------------------
# Rotations


def rotation_sheet(card: Card | int | str, board: Board | None = None, *,
                   display: Display | None = None) -> Scene:
    """A card's pattern in its six rotations side by side, each above a small board and a caption.

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
    title = (t("figures.rotation.title_empty", card=c.title, id=c.id) if board is None
             else t("figures.rotation.title_board", card=c.title, id=c.id, side=shown.side))
    font = 13 * disp.scale * (1.15 if disp.high_contrast else 1.0)
    columns = []
    for turns in range(6):
        same = draw.same_rotation(c, turns)
        cells = by_rotation[turns]
        cubes = list(dict.fromkeys(free[turns]))
        outlined = cells if board is not None else cells[:1]
        pattern = draw.pattern_scene(c, rotation=turns, radius=30.0, display=disp)
        small = draw.board_scene(shown, highlight=[draw.Mark(tuple(group)) for group in outlined],
                                 ghosts=[(cell, "cube") for cell in cubes], labels=False, display=disp)
        caption = _rotation_caption(turns, same, len(cells), len(cubes), board is None)
        width = max(pattern.width, small.width, 0.56 * font * len(caption))
        column = Scene(width, pattern.height + small.height + 2 * font, background="")
        column.place(pattern, (width - pattern.width) / 2, 0)
        column.place(small, (width - small.width) / 2, pattern.height)
        column.text((width / 2, column.height - font), caption, size=font)
        columns.append(column)
    gap = 10 * disp.scale
    sheet = Scene(sum(col.width for col in columns) + gap * 7, max(col.height for col in columns) + 3 * font,
                  title=title)
    sheet.text((sheet.width / 2, 1.3 * font), title, size=1.15 * font, weight="bold")
    x = gap
    for column in columns:
        sheet.place(column, x, 3 * font)
        x += column.width + gap
    return sheet


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


def _category_colours() -> tuple[str, ...]:
    return tuple(draw.CATEGORY_FILL[c] for c in CATEGORIES)


def _category_ticks() -> list[tuple[float, str]]:
    return list(enumerate(_category_names()))


def breakdown_chart(breakdown: Breakdown, *, title: str | None = None, display: Display | None = None
                    ) -> Chart:
    """One bar per score category (in the order of ``scoring.CATEGORIES``), its points written on it,
    the total in the title."""
    values = [getattr(breakdown, c) for c in CATEGORIES]
    title = title or t.count("figures.breakdown.title", breakdown.total, landscapes=breakdown.landscapes)
    chart = _chart(title, display, y_label=t("figures.points"))
    chart.ticks = _category_ticks()
    return chart.bars(range(len(values)), values, _category_colours(), values=tuple(map(str, values)))


def compare_breakdowns(a: Breakdown, b: Breakdown, labels: Sequence[str] | None = None, *,
                       title: str | None = None, display: Display | None = None) -> Chart:
    """Two breakdowns as bars side by side per category; each difference written above its pair, the
    totals and their difference in the title. The second board's bars are hatched, so the two read
    apart without colour. ``labels`` name the two boards ("before" and "after" by default)."""
    first, second = labels or (t("figures.compare.before"), t("figures.compare.after"))
    diff = b.total - a.total
    title = title or t.count("figures.compare.title", abs(diff), first=first, before=a.total, second=second,
                             after=b.total, difference=f"{diff:+d}")
    chart = _chart(title, display, y_label=t("figures.points"))
    chart.ticks = _category_ticks()
    width = 0.38
    va = [getattr(a, c) for c in CATEGORIES]
    vb = [getattr(b, c) for c in CATEGORIES]
    xs = range(len(CATEGORIES))
    # Neutral legend swatches: the bars' colours belong to the categories, the hatch to the board.
    chart.bars([x - width / 2 for x in xs], va, _category_colours(), width=width, opacity=0.55,
               label=first, swatch="#bbbbbb", values=tuple(map(str, va)))
    chart.bars([x + width / 2 for x in xs], vb, _category_colours(), width=width, hatch="/",
               label=second, swatch="#bbbbbb", values=tuple(map(str, vb)))
    top = max(va + vb + [1])
    for x, u, v in zip(xs, va, vb, strict=True):
        if u != v:
            chart.note(x, max(u, v) + 0.12 * top, f"{v - u:+d}", colour="#1a7f1a" if v > u else "#b00020",
                       bold=True)
    return chart


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
                    title: str | None = None, display: Display | None = None) -> Chart:
    """A histogram of final scores. ``totals`` is one list of scores, or a mapping label → scores to
    compare several series (drawn as outlines over each other, each with its mean marked)."""
    series = dict(totals) if isinstance(totals, Mapping) else {"": totals}
    series = {label: [int(t) for t in values] for label, values in series.items()}
    everything = [t for values in series.values() for t in values]
    if not everything:
        raise ValueError(t("figures.histogram.empty"))
    edges = (even_edges(min(everything), max(everything) + 1, bins) if isinstance(bins, int) else list(bins))
    chart = _chart(title or t.count("figures.histogram.title", len(everything)), display,
                   x_label=t("figures.histogram.x"), y_label=t("figures.histogram.y"))
    colours = ("#2b7bcc", "#d7372a", "#3c9a3c", "#8a5a2e", "#7b4fa0")
    single = len(series) == 1
    for k, (label, values) in enumerate(series.items()):
        colour = colours[k % len(colours)]
        mean = sum(values) / len(values)
        text = (t("figures.histogram.series", series=label, mean=f"{mean:.1f}", count=len(values)) if label
                else t("figures.histogram.mean", mean=f"{mean:.1f}", count=len(values)))
        chart.histogram(values, edges, colour, label=text, opacity=0.75 if single else 1.0,
                        outline=not single, hatch="" if single else _HATCHES[k % len(_HATCHES)])
        chart.rule("x", mean, colour, dash="6 4")
    return chart


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
                     display: Display | None = None) -> Chart:
    """The results of ``tournament``: one bar per player, its mean final total (dashed line and
    number), with how many of its games it won (more points than the opponent) written on it."""
    series = {str(name): [(int(own), int(other)) for own, other in games] for name, games in results.items()}
    played = sum(len(v) for v in series.values()) // 2
    if not played:
        raise ValueError(t("figures.histogram.empty"))
    chart = _chart(title or t.count("figures.tournament.title", played), display,
                   x_label=t("figures.tournament.x"), y_label=t("figures.tournament.y"))
    names = list(series)
    chart.ticks = [(k, _policy_title(name)) for k, name in enumerate(names)]
    colours = ("#9a9a9a", "#2b7bcc", "#d7372a", "#3c9a3c", "#8a5a2e")
    for k, name in enumerate(names):
        games, colour = series[name], colours[k % len(colours)]
        mean = sum(own for own, _ in games) / max(1, len(games))
        won = sum(own > other for own, other in games)
        chart.bars([k], [mean], colour, width=0.6, hatch=_HATCHES[k % len(_HATCHES)])
        chart.rule("y", mean, colour, dash="6 4")
        chart.note(k, mean, f"{mean:.1f} · " + t("figures.tournament.wins", wins=won, games=len(games)))
    return chart


def _policy_title(name: str) -> str:
    """A policy's name in the language in force (the seat kinds of the game table), else as given."""
    return t(f"table.seat.{name}") if name in POLICIES else name


__all__ = ["rotation_sheet", "breakdown_chart", "compare_breakdowns", "simulate", "score_histogram",
           "tournament", "tournament_chart"]
