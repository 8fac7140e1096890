"""Azul charts: the score history they read, what each figure holds, and that figures save."""

import re

import pytest

from azul import Game, GreedyPolicy, RandomPolicy, Scenario, play_out
from azul import figures as F
from azul.locale import t
from tabletop import Display, i18n
from tabletop.chart import Chart
from tabletop.mpl import shaped
from tabletop.settings import PROJECTOR

CLAMPED = {"game": "azul", "wall": "colored",
           "players": [{"score": 3, "wall": ["BY...", ".BY..", "..B..", ".....", "....."],
                        "pattern_lines": ["", "", "", "KKKK", "RRRRR"], "floor": "FBBYYR"}]}
CAREFUL = {"game": "azul", "wall": "colored",
           "players": [{"score": 3, "wall": ["BY...", ".BY..", "..B..", ".....", "....."],
                        "pattern_lines": ["", "", "RRR", "KKKK", ""], "floor": "F"}]}


def finished(players=2, seed=4, wall="colored") -> Game:
    game = Game(players, seed=seed, wall=wall)
    return play_out(game, ([GreedyPolicy(), RandomPolicy(seed)] * 2)[:players])


def legend(chart: Chart) -> list[str]:
    return chart.legend()


def heights(chart: Chart) -> list[float]:
    return [y for s in chart.series if s.kind == "bars" for y in s.ys]


def texts(chart: Chart) -> list[str]:
    """Every text the chart draws."""
    return [s.text for s in chart.scene().shapes if s.kind == "text"]


# --- the score history the game keeps ------------------------------------------------------------


@pytest.mark.parametrize("wall", ["colored", "gray"])
def test_the_game_keeps_the_scores_after_every_round(wall):
    game = Game(2, seed=6, wall=wall)
    assert game.score_history == []
    policy = GreedyPolicy()
    while game.round == 1:
        game.play(policy(game))
    assert game.score_history == [game.scores()]
    play_out(game, policy)
    assert len(game.score_history) == game.round
    assert game.score_history[-1] == game.scores()  # the end bonuses included


def test_the_history_is_copied_and_not_saved():
    game = finished()
    other = game.copy()
    other.score_history[0][0] = 999
    assert game.score_history[0][0] != 999
    assert "score_history" not in game.to_dict()
    assert Game.from_dict(game.to_dict()).score_history == []


def test_rounds_start_from_nothing_when_the_history_is_whole():
    game = finished()
    rounds, history = F.rounds_and_scores(game)
    assert rounds == list(range(game.round + 1))
    assert history[0] == [0, 0] and history[1:] == game.score_history


def test_a_game_loaded_mid_way_charts_the_rounds_it_saw():
    game = Game(2, seed=6)
    policy = GreedyPolicy()
    while game.round < 3:
        game.play(policy(game))
    loaded = Game.from_dict(game.to_dict())
    while loaded.round < 5 and not loaded.over:
        loaded.play(policy(loaded))
    rounds, history = F.rounds_and_scores(loaded)
    assert rounds[0] == 3 and len(rounds) == len(history) == len(loaded.score_history)


# --- the figures ----------------------------------------------------------------------------------


def test_score_progression_draws_a_line_per_player_and_names_the_winner(tmp_path):
    game = finished(players=3)
    chart = F.score_progression(game)
    assert isinstance(chart, Chart)
    lines = [s for s in chart.series if s.kind == "line"]
    assert len(lines) == 3
    assert [list(line.ys) for line in lines] == \
        [[0] + [row[p] for row in game.score_history] for p in range(3)]
    names = legend(chart)
    assert [n.split(":")[0] for n in names] == ["player 1", "player 2", "player 3"]
    assert sum("(wins)" in n for n in names) == len(game.winners()) >= 1
    assert chart.ticks[-1][1].endswith("+ bonus") and "+ bonus" in texts(chart)  # a tick of two lines
    chart.save(tmp_path / "progress.png")
    assert (tmp_path / "progress.png").read_bytes().startswith(b"\x89PNG")


def test_score_progression_from_a_plain_history():
    chart = F.score_progression([[3, 4], [9, 10], [21, 22]], names=["Ada", "Bo"])
    assert [list(line.xs) for line in chart.series] == [[0, 1, 2, 3]] * 2
    assert legend(chart) == ["Ada: 21", "Bo: 22"]
    empty = F.score_progression(Game(2, seed=1))
    assert "no round has been played yet" in texts(empty)


def test_simulate_is_repeatable_and_checks_its_policies():
    a = F.simulate(4, players=2, seed=3, policy="greedy")
    assert a == F.simulate(4, players=2, seed=3, policy="greedy")
    assert len(a) == 4 and all(len(scores) == 2 for scores in a)
    assert a != F.simulate(4, players=2, seed=4, policy="greedy")
    mixed = F.simulate(3, players=3, seed=1, policy=["greedy", "random", "random"])
    assert len(mixed) == 3 and all(len(scores) == 3 for scores in mixed)
    with pytest.raises(ValueError, match="no policy 'clever'"):
        F.simulate(1, policy="clever")
    with pytest.raises(ValueError, match="one per seat"):
        F.simulate(1, players=3, policy=["greedy", "random"])


def test_score_histogram_one_series_per_seat_or_name(tmp_path):
    finals = F.simulate(6, players=2, seed=2, policy=["greedy", "random"])
    chart = F.score_histogram(finals)
    names = legend(chart)
    assert [n.split(" (")[0] for n in names] == ["player 1", "player 2"]
    mean = sum(g[0] for g in finals) / len(finals)
    assert f"player 1 (mean {mean:.1f})" in names
    assert sum(heights(chart)) == 2 * len(finals)
    flat = F.score_histogram([s for g in finals for s in g], title="all seats")
    assert flat.title == "all seats"
    assert len(legend(F.score_histogram({"greedy": [50, 60], "random": [0, 2],
                                         "empty": []}))) == 2
    chart.save(tmp_path / "scores.pdf")
    assert (tmp_path / "scores.pdf").read_bytes().startswith(b"%PDF")


def test_colour_blind_histograms_are_hatched():
    finals = [[50, 1], [60, 0], [55, 3]]
    plain = F.score_histogram(finals)
    marked = F.score_histogram(finals, display=Display(colour_blind=True))
    assert not any(s.hatch for s in plain.series)
    assert any(s.hatch for s in marked.series)
    # the hatch is drawn: strokes inside the hatched bars
    assert len(marked.scene().shapes) > len(plain.scene().shapes)


def test_breakdown_adds_up_and_shows_the_clamp():
    result = Scenario.from_dict(CLAMPED).tile()
    parts = F.breakdown(result)
    assert parts == {"placements": 3, "floor": -6, "bonus": 0, "total": -3}
    assert parts["placements"] + parts["floor"] + parts["bonus"] == parts["total"]
    ending = Scenario.from_dict({"game": "azul", "wall": "colored", "players": [
        {"score": 20, "wall": ["BYRKW", "WB.RK", "K.BYR", ".....", "....."],
         "pattern_lines": ["", "YY", "WWW", "", ""]}]}).tile()
    assert F.breakdown(ending) == {"placements": 16, "floor": 0, "bonus": 6, "total": 22}


def test_compare_tilings_bars_each_category(tmp_path):
    chart = F.compare_tilings(Scenario.from_dict(CLAMPED), Scenario.from_dict(CAREFUL),
                              labels=("greedy", "careful"))
    a = F.breakdown(Scenario.from_dict(CLAMPED).tile())
    b = F.breakdown(Scenario.from_dict(CAREFUL).tile())
    assert heights(chart) == [a[c] for c in F.CATEGORIES] + [b[c] for c in F.CATEGORIES]
    ticks = [label for _, label in chart.ticks]
    assert ticks[1] == "floor (clamped at 0)\n\u0394 +5"
    assert ticks[3] == f"total\n\u0394 +{b['total'] - a['total']}"
    assert chart.title == "Player 1: greedy 3 \u2192 0, careful 3 \u2192 4"
    assert "\u22126" in texts(chart)  # the floor's bar says its points, with a true minus sign
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<svg"), (".pdf", b"%PDF")):
        chart.save(tmp_path / f"compare{suffix}")
        assert (tmp_path / f"compare{suffix}").read_bytes().startswith(magic)


def test_projector_figures_are_larger():
    small = F.score_progression([[1, 2]])
    big = F.score_progression([[1, 2]], display=PROJECTOR)
    assert big.scene().width == pytest.approx(small.scene().width * PROJECTOR.scale)
    def widest(chart):
        return max(s.width for s in chart.scene().shapes if s.kind == "polyline")

    assert widest(big) > widest(small) * PROJECTOR.scale


# --- languages -----------------------------------------------------------------------------------


def test_chart_words_come_from_the_language_in_force():
    i18n.set_language("fa")
    chart = F.score_progression([[3, 4], [9, 10]])
    assert chart.title == t("figures.progression.title")
    assert chart.x_label == t("figures.progression.x")
    assert legend(chart)[0] == t("figures.progression.label", player=t("draw.player.name", player=1), score=9)
    empty = F.score_progression(Game(2, seed=1))
    assert t("figures.progression.empty") in texts(empty)


def test_a_persian_chart_renders_to_png(stand_in, tmp_path):
    stand_in("azul", "fa", {"figures.category.floor_clamped": "کف (تا صفر)", "figures.compare.y": "امتیاز",
                            "draw.player.name": "بازیکن {player}"})
    chart = F.compare_tilings(Scenario.from_dict(CLAMPED), Scenario.from_dict(CAREFUL))
    assert chart.y_label == "امتیاز" and i18n.plain(chart.ticks[1][1]) == "کف (تا صفر)\n\u0394 +5"
    # a tick of two lines: two texts, the Persian one laid out right to left in the SVG
    assert "کف (تا صفر)" in [i18n.plain(x) for x in texts(chart)]
    drawn = [i18n.plain(x) for x in re.findall(f"{i18n.RLI}([^<]*){i18n.PDI}</text>", chart.to_svg())]
    assert "کف (تا صفر)" in drawn
    # matplotlib, for files, gets the letters joined and in visual order
    assert shaped("کف (تا صفر)") in [text.get_text() for text in chart.figure().axes[0].texts]
    chart.save(tmp_path / "fa.png")
    assert (tmp_path / "fa.png").read_bytes().startswith(b"\x89PNG")
    histogram = F.score_histogram([[50, 1], [60, 0]])
    assert "بازیکن" in i18n.plain(legend(histogram)[0])
    histogram.save(tmp_path / "hist.png")


# --- a small tournament ----------------------------------------------------------------------------


def test_tournament_plays_every_pair_both_seats_and_is_repeatable():
    results = F.tournament(("random", "greedy"), games=2, seed=7)
    assert list(results) == ["random", "greedy"]
    assert [len(games) for games in results.values()] == [4, 4]  # 2 deals x 2 seats
    # every game appears once from each side: the opponent's score is the other's own
    assert sorted((o, m) for m, o in results["random"]) == sorted(results["greedy"])
    assert F.tournament(("random", "greedy"), games=2, seed=7) == results
    with pytest.raises(ValueError, match="no policy 'clever'"):
        F.tournament(("greedy", "clever"))


def test_the_strong_player_of_a_tournament_takes_its_budget():
    small = F.tournament(("greedy", "strong"), games=1, seed=3, budget=5)
    assert small == F.tournament(("greedy", "strong"), games=1, seed=3, budget=5)
    assert len(small["strong"]) == 2


def test_tournament_chart_shows_a_bar_per_player_with_its_wins(tmp_path):
    results = {"random": [(3, 40), (10, 52)], "greedy": [(40, 3), (52, 10)]}
    chart = F.tournament_chart(results)
    assert [round(h, 1) for h in heights(chart)] == [6.5, 46.0]
    assert [label for _, label in chart.ticks] == ["random", "greedy"]
    assert [v for s in chart.series for v in s.values] == ["won 0 of 2", "won 2 of 2"]
    assert {"won 0 of 2", "won 2 of 2"} <= set(texts(chart))
    assert chart.title == "A small tournament: 2 games"
    chart.save(tmp_path / "t.png")
    i18n.set_language("nl")
    try:
        nl = F.tournament_chart(results)
        assert nl.series[1].values == ("2 van de 2 gewonnen",)
    finally:
        i18n.set_language("en")
    empty = F.tournament_chart({"random": []})
    assert empty.message == t("figures.histogram.empty") and empty.message in texts(empty)
