"""Charts of Azul: scores round by round, final scores of many simulated games, and two wall
tilings compared category by category.

Each chart is a ``tabletop.chart.Chart``, the project's own picture: a notebook shows it as SVG as
the last value of a cell (Lab, Voila and the browser's Python alike, with no chart library), and
``chart.save("chart.svg")`` writes it for a handout (``.png`` and ``.pdf`` through matplotlib).
``display`` (a ``tabletop.Display``) works as for the drawings: colour-blind mode adds a dash or a
hatch to every colour, high contrast draws thicker lines and bolder text, ``scale`` enlarges all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil

from tabletop import Display
from tabletop import game as game_api
from tabletop.chart import Chart
from tabletop.settings import resolve

from .game import Game
from .locale import t
from .policies import POLICIES
from .scenario import CATEGORIES, Scenario, TilingResult, breakdown
from .tiling import FloorPenalty

#: One colour per player or series (the Okabe-Ito palette, safe for colour-blind eyes), with a
#: marker, a dash pattern and a hatch that tell them apart without colour.
SERIES_COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00")
MARKERS = ("o", "s", "^", "D", "v", "P")
DASHES = ("", "7 4", "7 3 2 3", "2 3", "", "7 4")
HATCHES = ("", "/", ".", "x", "\\", "+")


def _chart(display: Display | None, title: str, x: str, y: str, **options) -> Chart:
    return Chart(title=title, x_label=x, y_label=y, display=display, **options)


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
                      display: Display | None = None) -> Chart:
    """Each player's score after every round, one line per player: from a ``Game`` (its
    ``score_history``) or from a list of per-round score lists. The last round of a finished game
    includes the end bonuses; the winners are named in the legend."""
    rounds, history = rounds_and_scores(game_or_history)
    chart = _chart(display, t("figures.progression.title"), t("figures.progression.x"),
                   t("figures.progression.y"), grid=True)
    if not history:
        chart.message = t("figures.progression.empty")
        chart.ticks = []
        return chart
    players = len(history[0])
    won = game_or_history.winners() if isinstance(game_or_history, Game) else []
    if names is None:
        names = [t("draw.player.name", player=p + 1) for p in range(players)]
    names = list(names)
    colour_blind = resolve(display).colour_blind
    for p in range(players):
        scores = [row[p] for row in history]
        label = t("figures.progression.wins" if p in won else "figures.progression.label", player=names[p],
                  score=scores[-1])
        chart.line(rounds, scores, SERIES_COLOURS[p], marker=MARKERS[p], label=label,
                   dash=DASHES[p] if colour_blind else "")
    ticks = [str(r) for r in rounds]
    if isinstance(game_or_history, Game) and game_or_history.over:
        # The last round's scores include the end bonuses.
        ticks[-1] = t("figures.progression.last_round", round=rounds[-1])
    chart.ticks = list(zip(rounds, ticks, strict=True))
    return chart


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
    player's nodes per move (default: the search's). Returns, per name, one (own final score,
    opponent's final score) pair per game it played."""
    return game_api.tournament(lambda s: Game(2, seed=s), POLICIES, names, games, seed, budget)


def tournament_chart(results: Mapping[str, Sequence[tuple[int, int]]], *,
                     display: Display | None = None) -> Chart:
    """The results of ``tournament``: one bar per player, its average final score, with how many
    of its games it won (more points than the opponent) written on the bar."""
    played = sum(len(r) for r in results.values()) // 2
    chart = _chart(display, t.count("figures.tournament.title", played), t("figures.tournament.x"),
                   t("figures.tournament.y"), grid=True)
    names = list(results)
    chart.ticks = [(k, t(f"widgets.seat.{n}")) for k, n in enumerate(names)]
    if not played:
        chart.message = t("figures.histogram.empty")
        return chart
    means = [sum(own for own, _ in results[n]) / max(1, len(results[n])) for n in names]
    hatch = "/" if resolve(display).colour_blind else ""
    wins = [t("figures.tournament.wins", wins=sum(own > other for own, other in results[n]),
              games=len(results[n])) for n in names]
    return chart.bars(range(len(names)), means, SERIES_COLOURS[:len(names)], hatch=hatch, values=tuple(wins))


def _series(totals) -> dict[str, list[int]]:
    if isinstance(totals, Mapping):
        return {str(name): list(values) for name, values in totals.items()}
    totals = list(totals)
    if totals and isinstance(totals[0], Sequence):  # games × seats, as simulate() returns
        seats = len(totals[0])
        return {t("draw.player.name", player=p + 1): [game[p] for game in totals] for p in range(seats)}
    return {t("figures.histogram.final_scores"): totals}


def score_histogram(totals: Sequence[int] | Sequence[Sequence[int]] | Mapping[str, Sequence[int]],
                    *, bins: int | Sequence[float] | None = None, title: str = "",
                    display: Display | None = None) -> Chart:
    """How often each final score came up: one histogram for a list of scores, one per seat for
    the per-game lists that ``simulate`` returns, or one per name for a mapping (e.g. two
    policies). A dashed line marks each mean."""
    series = _series(totals)
    values = [v for vs in series.values() for v in vs]
    games = max(map(len, series.values()), default=0)
    chart = _chart(display, title or t.count("figures.histogram.title", games), t("figures.histogram.x"),
                   t("figures.histogram.y"), grid=True)
    if not values:
        chart.message = t("figures.histogram.empty")
        return chart
    lo, hi = min(values), max(values)
    if bins is None:  # whole-number bins, at most about 30 of them
        width = max(1, ceil((hi - lo + 1) / 30))
        bins = [lo - 0.5 + width * k for k in range(ceil((hi - lo + 1) / width) + 1)]
    elif isinstance(bins, int):
        bins = [lo + (hi - lo) * k / bins for k in range(bins + 1)]
    several = len(series) > 1
    colour_blind = resolve(display).colour_blind
    for k, (name, vs) in enumerate(series.items()):
        if not vs:
            continue
        mean = sum(vs) / len(vs)
        chart.histogram(vs, bins, SERIES_COLOURS[k], opacity=0.5 if several else 0.85,
                        label=t("figures.histogram.series", series=name, mean=f"{mean:.1f}"),
                        hatch=HATCHES[k] if colour_blind else "")
        chart.rule("x", mean, SERIES_COLOURS[k], dash="6 4")
    return chart


# --- two tilings ------------------------------------------------------------------------------------
# CATEGORIES and breakdown live with TilingResult (azul.scenario): the what-if widget uses them too.

def compare_tilings(a: TilingResult | Scenario, b: TilingResult | Scenario, *, player: int = 0,
                    labels: Sequence[str] = ("a", "b"),
                    display: Display | None = None) -> Chart:
    """Two tilings of one player side by side, category by category (placements, floor, bonus,
    total), with each bar's points and the difference b − a. Scenarios are tiled first."""
    results = [x.tile() if isinstance(x, Scenario) else x for x in (a, b)]
    parts = [breakdown(r, player) for r in results]
    before = [r.before[player] for r in results]
    after = [r.boards[player].score for r in results]
    chart = _chart(display, t("figures.compare.title", player=player + 1, first=labels[0],
                              first_before=before[0], first_after=after[0], second=labels[1],
                              second_before=before[1], second_after=after[1]),
                   t("figures.compare.x", first=labels[0], second=labels[1]), t("figures.compare.y"),
                   height=440)
    width = 0.38
    xs = range(len(CATEGORIES))
    colour_blind = resolve(display).colour_blind
    for k, (name, values) in enumerate(zip(labels, parts, strict=True)):
        heights = [values[c] for c in CATEGORIES]
        chart.bars([x + (k - 0.5) * width for x in xs], heights, SERIES_COLOURS[k], width=width, label=name,
                   hatch=HATCHES[k] if colour_blind else "", values=tuple(_signed(h) for h in heights))
    chart.rule("y", 0)
    chart.ticks = [(x, t("figures.compare.tick", category=_category_label(c, results, player),
                         difference=_signed(parts[1][c] - parts[0][c])))
                   for x, c in zip(xs, CATEGORIES, strict=True)]
    return chart


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def _category_label(category: str, results: Sequence[TilingResult], player: int) -> str:
    """A category's name under its bars (texts ``figures.category.<name>``); the floor says when a
    score stopped at 0."""
    clamped = category == "floor" and any(
        isinstance(s, FloorPenalty) and s.clamped for r in results for s in r.player_steps(player))
    return t("figures.category.floor_clamped") if clamped else t(f"figures.category.{category}")
