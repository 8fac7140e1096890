"""Charts of Azul: scores round by round, final scores of many simulated games, and two wall
tilings compared category by category.

Each chart is a matplotlib ``Figure`` built without pyplot (no global state): a notebook shows it as
the last value of a cell once ``%matplotlib inline`` has run, and ``fig.savefig("chart.png")``
writes PNG, SVG or PDF for a handout.
``display`` (a ``tabletop.Display``) works as for the drawings: colour-blind mode adds a marker or a
hatch to every colour, high contrast draws thicker lines and bolder text, ``scale`` enlarges all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil

from matplotlib.figure import Figure

from tabletop import Display
from tabletop import game as game_api
from tabletop.mpl import shaped as _shaped
from tabletop.settings import resolve

from .game import Game
from .locale import t
from .policies import POLICIES
from .scenario import CATEGORIES, Scenario, TilingResult, breakdown
from .tiling import FloorPenalty

#: One colour per player or series (the Okabe-Ito palette, safe for colour-blind eyes), with a
#: marker, a line style and a hatch that tell them apart without colour.
SERIES_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00")
MARKERS = ("o", "s", "^", "D", "v", "P")
LINE_STYLES = ("-", "--", "-.", ":", "-", "--")
HATCHES = ("", "//", "..", "xx", "\\\\", "++")


class _Style:
    def __init__(self, display: Display | None) -> None:
        d = resolve(display)
        self.d = d
        self.font = 10 * d.scale * (1.2 if d.high_contrast else 1.0)
        self.line = 1.8 * d.stroke
        self.weight = d.weight

    def figure(self, width: float = 7.0, height: float = 4.2) -> tuple[Figure, object]:
        fig = Figure(figsize=(width * self.d.scale, height * self.d.scale), layout="constrained")
        ax = fig.add_subplot()
        ax.tick_params(labelsize=self.font, width=self.d.stroke)
        for spine in ax.spines.values():
            spine.set_linewidth(self.d.stroke)
        ax.spines[["top", "right"]].set_visible(False)
        return fig, ax

    def labels(self, ax, title: str, x: str, y: str) -> None:
        ax.set_title(_shaped(title), fontsize=self.font * 1.2, fontweight="bold")
        ax.set_xlabel(_shaped(x), fontsize=self.font, fontweight=self.weight)
        ax.set_ylabel(_shaped(y), fontsize=self.font, fontweight=self.weight)

    def note(self, ax, text: str) -> None:
        """A sentence in the middle of an empty chart."""
        ax.text(0.5, 0.5, _shaped(text), transform=ax.transAxes, ha="center", fontsize=self.font)

    def legend(self, ax) -> None:
        ax.legend(fontsize=self.font, frameon=False)


# --- scores round by round -----------------------------------------------------------------------


def rounds_and_scores(game_or_history: Game | Sequence[Sequence[int]]
                      ) -> tuple[list[int], list[list[int]]]:
    """The rounds and the scores after each of them, from a game's ``score_history`` or from a
    list of per-round scores (round 1 first). When the history starts at round 1, round 0 with
    every score at 0 is put in front, so that lines start from nothing."""
    if isinstance(game_or_history, Game):
        game = game_or_history
        history = [list(scores) for scores in game.score_history]
        last = game.round if game.over else game.round - 1
    else:
        history = [list(scores) for scores in game_or_history]
        last = len(history)
    first = last - len(history) + 1
    rounds = list(range(first, last + 1))
    if history and first == 1:
        rounds.insert(0, 0)
        history.insert(0, [0] * len(history[0]))
    return rounds, history


def score_progression(game_or_history: Game | Sequence[Sequence[int]], *,
                      names: Sequence[str] | None = None,
                      display: Display | None = None) -> Figure:
    """Each player's score after every round, one line per player: from a ``Game`` (its
    ``score_history``) or from a list of per-round score lists. The last round of a finished game
    includes the end bonuses; the winners are named in the legend."""
    st = _Style(display)
    rounds, history = rounds_and_scores(game_or_history)
    fig, ax = st.figure()
    st.labels(ax, t("figures.progression.title"), t("figures.progression.x"), t("figures.progression.y"))
    if not history:
        st.note(ax, t("figures.progression.empty"))
        return fig
    players = len(history[0])
    won = game_or_history.winners() if isinstance(game_or_history, Game) else []
    names = list(names) if names is not None else [t("draw.player.name", player=p) for p in range(players)]
    for p in range(players):
        scores = [row[p] for row in history]
        label = t("figures.progression.wins" if p in won else "figures.progression.label", player=names[p],
                  score=scores[-1])
        ax.plot(rounds, scores, color=SERIES_COLOURS[p], marker=MARKERS[p], linewidth=st.line,
                markersize=4 + 2 * st.d.stroke, label=_shaped(label),
                linestyle=LINE_STYLES[p] if st.d.colour_blind else "-")
    ticks = [str(r) for r in rounds]
    if isinstance(game_or_history, Game) and game_or_history.over:
        # The last round's scores include the end bonuses.
        ticks[-1] = t("figures.progression.last_round", round=rounds[-1])
    ax.set_xticks(rounds, [_shaped(tick) for tick in ticks])
    top = max(max(row) for row in history)
    ax.set_ylim(bottom=-0.04 * max(top, 10))  # room for the markers of a score of 0
    ax.grid(axis="y", alpha=0.3)
    st.legend(ax)
    return fig


# --- many games ----------------------------------------------------------------------------------


def simulate(n: int, players: int = 2, seed: int | str = 0,
             policy: str | Sequence[str] = "greedy", wall: str = "colored") -> list[list[int]]:
    """The final scores of ``n`` games played to the end by computer players (``policy``: a name
    from ``POLICIES`` for everybody, or one per seat), game by game (``tabletop.game.simulate``:
    game ``i`` uses the seed ``"{seed}:{i}"`` and its players ``"{seed}:{i}:{p}"``)."""
    return game_api.simulate(lambda s: Game(players, seed=s, wall=wall), POLICIES, n, policy,
                             players, seed)


def tournament(names: Sequence[str] = ("random", "greedy", "strong"), games: int = 2,
               seed: int | str = 0, budget: int | None = None) -> dict[str, list[tuple[int, int]]]:
    """A small round robin between computer players (``tabletop.game.tournament``): every pair
    plays ``games`` deals, each deal twice with the seats swapped; ``budget`` is the strong
    player's playouts per move (default: the advisor's). Returns, per name, one (own final score,
    opponent's final score) pair per game it played."""
    return game_api.tournament(lambda s: Game(2, seed=s), POLICIES, names, games, seed, budget)


def tournament_chart(results: Mapping[str, Sequence[tuple[int, int]]], *,
                     display: Display | None = None) -> Figure:
    """The results of ``tournament``: one bar per player, its average final score, with how many
    of its games it won (more points than the opponent) written on the bar."""
    st = _Style(display)
    fig, ax = st.figure()
    played = sum(len(r) for r in results.values()) // 2
    st.labels(ax, t.count("figures.tournament.title", played), t("figures.tournament.x"),
              t("figures.tournament.y"))
    if not played:
        st.note(ax, t("figures.histogram.empty"))
        return fig
    names = list(results)
    means = [sum(own for own, _ in results[n]) / max(1, len(results[n])) for n in names]
    bars = ax.bar(range(len(names)), means, color=[SERIES_COLOURS[k] for k in range(len(names))],
                  edgecolor="black", linewidth=st.d.stroke,
                  hatch=None if not st.d.colour_blind else "//")
    for bar, name in zip(bars, names, strict=True):
        won = sum(own > other for own, other in results[name])
        ax.annotate(_shaped(t("figures.tournament.wins", wins=won, games=len(results[name]))),
                    (bar.get_x() + bar.get_width() / 2, bar.get_height()), ha="center",
                    va="bottom", xytext=(0, 3), textcoords="offset points", fontsize=st.font)
    ax.set_xticks(range(len(names)), [_shaped(t(f"widgets.seat.{n}")) for n in names])
    ax.set_ylim(top=max(means) * 1.15 + 1)
    ax.grid(axis="y", alpha=0.3)
    return fig


def _series(totals) -> dict[str, list[int]]:
    if isinstance(totals, Mapping):
        return {str(name): list(values) for name, values in totals.items()}
    totals = list(totals)
    if totals and isinstance(totals[0], Sequence):  # games × seats, as simulate() returns
        seats = len(totals[0])
        return {t("draw.player.name", player=p): [game[p] for game in totals] for p in range(seats)}
    return {t("figures.histogram.final_scores"): totals}


def score_histogram(totals: Sequence[int] | Sequence[Sequence[int]] | Mapping[str, Sequence[int]],
                    *, bins: int | Sequence[float] | None = None, title: str = "",
                    display: Display | None = None) -> Figure:
    """How often each final score came up: one histogram for a list of scores, one per seat for
    the per-game lists that ``simulate`` returns, or one per name for a mapping (e.g. two
    policies). A dashed line marks each mean."""
    st = _Style(display)
    series = _series(totals)
    values = [v for vs in series.values() for v in vs]
    fig, ax = st.figure()
    games = max(map(len, series.values()), default=0)
    st.labels(ax, title or t.count("figures.histogram.title", games), t("figures.histogram.x"),
              t("figures.histogram.y"))
    if not values:
        st.note(ax, t("figures.histogram.empty"))
        return fig
    if bins is None:  # whole-number bins, at most about 30 of them
        lo, hi = min(values), max(values)
        width = max(1, ceil((hi - lo + 1) / 30))
        bins = [lo - 0.5 + width * k for k in range(ceil((hi - lo + 1) / width) + 1)]
    several = len(series) > 1
    for k, (name, vs) in enumerate(series.items()):
        if not vs:
            continue
        mean = sum(vs) / len(vs)
        ax.hist(vs, bins=bins, color=SERIES_COLOURS[k], alpha=0.5 if several else 0.85,
                edgecolor=SERIES_COLOURS[k], linewidth=st.d.stroke,
                label=_shaped(t("figures.histogram.series", series=name, mean=f"{mean:.1f}")),
                hatch=HATCHES[k] if st.d.colour_blind else None)
        ax.axvline(mean, color=SERIES_COLOURS[k], linestyle="--", linewidth=st.line)
    ax.grid(axis="y", alpha=0.3)
    st.legend(ax)
    return fig


# --- two tilings ------------------------------------------------------------------------------------
# CATEGORIES and breakdown live with TilingResult (azul.scenario): the what-if widget uses them, and
# widgets import no matplotlib (a lesson without a chart runs in a browser without it).

def compare_tilings(a: TilingResult | Scenario, b: TilingResult | Scenario, *, player: int = 0,
                    labels: Sequence[str] = ("a", "b"),
                    display: Display | None = None) -> Figure:
    """Two tilings of one player side by side, category by category (placements, floor, bonus,
    total), with each bar's points and the difference b − a. Scenarios are tiled first."""
    st = _Style(display)
    results = [x.tile() if isinstance(x, Scenario) else x for x in (a, b)]
    parts = [breakdown(r, player) for r in results]
    fig, ax = st.figure(7.0, 4.6)
    before = [r.before[player] for r in results]
    after = [r.boards[player].score for r in results]
    st.labels(ax, t("figures.compare.title", player=player, first=labels[0], first_before=before[0],
                    first_after=after[0], second=labels[1], second_before=before[1], second_after=after[1]),
              t("figures.compare.x", first=labels[0], second=labels[1]), t("figures.compare.y"))
    width = 0.38
    xs = range(len(CATEGORIES))
    for k, (name, values) in enumerate(zip(labels, parts, strict=True)):
        heights = [values[c] for c in CATEGORIES]
        offset = (k - 0.5) * width
        bars = ax.bar([x + offset for x in xs], heights, width, label=_shaped(name),
                      color=SERIES_COLOURS[k], edgecolor="black", linewidth=st.d.stroke * 0.6,
                      hatch=HATCHES[k] if st.d.colour_blind else None)
        ax.bar_label(bars, labels=[_signed(h) for h in heights], fontsize=st.font * 0.9,
                     padding=2)
    ax.axhline(0, color="black", linewidth=st.d.stroke)
    ticks = [_shaped(t("figures.compare.tick", category=_category_label(c, results, player),
                      difference=_signed(parts[1][c] - parts[0][c])))
             for c in CATEGORIES]
    ax.set_xticks(list(xs), ticks, fontsize=st.font)
    ax.margins(y=0.2)
    st.legend(ax)
    return fig


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def _category_label(category: str, results: Sequence[TilingResult], player: int) -> str:
    """A category's name under its bars (texts ``figures.category.<name>``); the floor says when a
    score stopped at 0."""
    clamped = category == "floor" and any(
        isinstance(s, FloorPenalty) and s.clamped for r in results for s in r.player_steps(player))
    return t("figures.category.floor_clamped") if clamped else t(f"figures.category.{category}")
