"""Figures: the rotation sheet, breakdown charts, compared breakdowns, score histograms, simulations.

Charts are checked through what they describe (``tabletop.chart.Chart``: bars, notes, ticks, legend)
and through the texts of the picture they draw; every figure saves to each format.
"""

import json

import pytest

from harmonies import figures, habitats, scoring
from harmonies.board import Board
from harmonies.cli import main
from harmonies.locale import t
from harmonies.scoring import CATEGORIES
from tabletop import Scene, i18n
from tabletop.chart import Chart
from tabletop.mpl import shaped

BOARD = {"c2": ["gray", "gray", "gray"], "b1": ["blue"], "b2": ["blue"], "c1": ["blue"], "d1": ["blue"],
         "a1": ["yellow"], "a2": ["yellow"], "e3": ["brown", "green"]}


def board(cubes=("b1",)) -> Board:
    return Board.from_dict({"side": "A", "board": BOARD, "cubes": list(cubes)})


def heights(chart: Chart) -> list[float]:
    return [y for s in chart.series if s.kind == "bars" for y in s.ys]


def texts(picture: Chart | Scene) -> list[str]:
    """Every text the picture draws."""
    scene = picture.scene() if isinstance(picture, Chart) else picture
    return [s.text for s in scene.shapes if s.kind == "text"]


class TestRotationSheet:
    def test_six_panels_with_the_placements_of_each_rotation(self):
        b = board()
        sheet = figures.rotation_sheet(3, b)  # Fish: a 3-high mountain beside a blue token
        assert isinstance(sheet, Scene)
        matches = habitats.matches(3, b)
        captions = []
        for turns in range(6):
            mine = [m for m in matches if m.rotation == turns]
            free = {m.cube_cell for m in mine if m.cube_free}
            plural, cells = "s" * (len(mine) != 1), "s" * (len(free) != 1)
            captions.append(f"{len(mine)} placement{plural}, {len(free)} free cube cell{cells}")
        assert [x for x in texts(sheet) if "placement" in x] == captions
        # b1 holds a cube: the placement with its cube cell there is present but offers no cube cell.
        assert any(m.cube_cell == "b1" and not m.cube_free for m in matches)
        assert "Fish (card 3)" in sheet.title and sheet.title in texts(sheet)

    def test_symmetric_patterns_and_an_empty_board(self):
        drawn = texts(figures.rotation_sheet("Dragonfly"))
        captions = [x for x in drawn if x.startswith(("same as rotation", "fits"))]
        assert captions[3] == "same as rotation 0" and captions[4] == "same as rotation 1"
        placements = [p for p in habitats.placements(41, "A") if p.rotation == 0]
        cube_cells = {p.cube for p in placements}
        assert captions[0] == f"fits in {len(placements)} places ({len(cube_cells)} cube cells)"

    def test_saves(self, tmp_path):
        path = tmp_path / "sheet.png"
        figures.rotation_sheet(23, board()).save(path)
        assert path.read_bytes().startswith(b"\x89PNG")


class TestBreakdowns:
    def test_one_bar_per_category_with_its_points(self):
        breakdown = scoring.score(board(), animals=[(3, 1)])
        chart = figures.breakdown_chart(breakdown)
        assert heights(chart) == [getattr(breakdown, c) for c in CATEGORIES]
        assert [s.values for s in chart.series] == [(str(getattr(breakdown, c)),) for c in CATEGORIES]
        assert f"{breakdown.total} points" in chart.title
        assert figures.breakdown_chart(breakdown, title="Mine").title == "Mine"

    def test_compared_breakdowns_annotate_the_differences(self):
        before = scoring.score(board())
        changed = board()
        changed.place("a3", "yellow")  # a bigger field scores the same
        changed.place("e1", "blue")  # the river grows by one
        after = scoring.score(changed)
        chart = figures.compare_breakdowns(before, after, labels=("now", "what if"))
        assert len(heights(chart)) == 2 * len(CATEGORIES)
        # Bar labels are points (never signed); the differences carry their sign.
        diffs = [getattr(after, c) - getattr(before, c) for c in CATEGORIES]
        assert [n.text for n in chart.notes] == [f"{d:+d}" for d in diffs if d] == ["+3"]  # water: 5 → 8
        assert chart.title == f"now {before.total} → what if {after.total} (+3 points)"
        assert chart.legend() == ["now", "what if"]
        # the second board's bars are hatched, so the two read apart without colour
        assert {s.hatch for s in chart.series if s.label == "what if"} == {"/"}
        assert "+3" in texts(chart) and "what if" in texts(chart)

    @pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<svg"), (".pdf", b"%PDF")])
    def test_saves(self, tmp_path, suffix, magic):
        path = tmp_path / f"chart{suffix}"
        figures.breakdown_chart(scoring.score(board())).save(path)
        assert path.read_bytes().startswith(magic)


class TestSimulation:
    def test_totals_per_player_and_game_reproducible(self):
        finals = figures.simulate(3, players=2, seed=5)
        assert len(finals) == 3 and all(len(game) == 2 for game in finals)  # game by game, seat by seat
        assert all(isinstance(t, int) and t >= 0 for game in finals for t in game)
        assert figures.simulate(3, players=2, seed=5) == finals

    def test_a_simulated_game_is_the_command_lines_game(self, capsys):
        (totals,) = figures.simulate(1, players=2, seed=7, policy=["greedy", "random"])
        assert main(["play", "--players", "2", "--seed", "7:0", "--policy", "greedy,random", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert totals == [s["total"] for s in data["scores"]]

    def test_the_strong_player_simulates_as_on_the_command_line(self, capsys):
        (totals,) = figures.simulate(1, players=2, seed=4, policy=["strong", "greedy"])
        assert main(["play", "--players", "2", "--seed", "4:0", "--policy", "strong,greedy", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert totals == [s["total"] for s in data["scores"]]

    def test_bad_policies(self):
        with pytest.raises(ValueError, match="no policy 'clever'"):
            figures.simulate(1, policy="clever")
        with pytest.raises(ValueError, match=r"one per seat \(3\), not 2"):
            figures.simulate(1, players=3, policy=["random", "greedy"])

    def test_histogram_bins_and_mean(self):
        totals = [10, 12, 12, 20, 31, 40]
        chart = figures.score_histogram(totals, bins=5)
        assert heights(chart) == [3, 1, 0, 1, 1]  # bins of 6.2 points from 10 to 41
        assert chart.legend() == ["mean 20.8, n=6"] and "mean 20.8, n=6" in texts(chart)
        assert [(r.axis, round(r.at, 2)) for r in chart.rules] == [("x", 20.83)]

    def test_histogram_of_several_series(self, tmp_path):
        series = {"random": [10, 20, 30], "greedy": [50, 60, 70, 80]}
        chart = figures.score_histogram(series, title="Policies")
        assert chart.legend() == ["random (mean 20.0, n=3)", "greedy (mean 65.0, n=4)"]
        assert chart.title == "Policies" and sum(heights(chart)) == 7
        assert all(s.outline for s in chart.series)  # several series: outlines over each other
        chart.save(tmp_path / "hist.pdf")
        assert (tmp_path / "hist.pdf").read_bytes().startswith(b"%PDF")

    def test_histogram_needs_scores(self):
        with pytest.raises(ValueError, match="no scores"):
            figures.score_histogram([])


class TestLanguages:
    def test_chart_words_come_from_the_language_in_force(self):
        breakdown = scoring.score(board())
        i18n.set_language("fa")
        chart = figures.breakdown_chart(breakdown)
        title = t.count("figures.breakdown.title", breakdown.total, landscapes=breakdown.landscapes)
        assert chart.title == title
        assert chart.y_label == t("figures.points")
        assert [label for _, label in chart.ticks] == [scoring.category_title(c) for c in CATEGORIES]

    def test_a_persian_chart_renders_to_svg_right_to_left_and_to_png(self, stand_in, tmp_path):
        stand_in("harmonies", "fa", {"figures.points": "امتیاز", "landscape.trees": "درخت‌ها",
                                     "figures.compare.before": "پیش", "figures.compare.after": "پس"})
        before, after = scoring.score(board()), scoring.score(board(cubes=()))
        chart = figures.compare_breakdowns(before, after)
        assert chart.y_label == "امتیاز" and chart.legend() == ["پیش", "پس"]
        # the SVG lays a Persian text out right to left (an isolate), matplotlib gets it shaped
        assert f"{i18n.RLI}درخت‌ها{i18n.PDI}" in chart.to_svg()
        assert shaped("امتیاز") in [t.get_text() for t in chart.figure().axes[0].texts]
        chart.save(tmp_path / "fa.png")
        assert (tmp_path / "fa.png").read_bytes().startswith(b"\x89PNG")
        sheet = figures.rotation_sheet(23)
        sheet.save(tmp_path / "sheet.png")
        assert (tmp_path / "sheet.png").read_bytes().startswith(b"\x89PNG")


def test_a_tournament_is_a_round_robin_with_the_seats_swapped_as_in_azul():
    results = figures.tournament(("random", "greedy"), games=2, seed=5)
    assert list(results) == ["random", "greedy"] and all(len(v) == 4 for v in results.values())
    # Game 0: deal "5:0", random in seat 0; game 1: the same deal, greedy in seat 0.
    (first,) = figures.simulate(1, players=2, seed=5, policy=["random", "greedy"])
    assert results["random"][0] == (first[0], first[1]) and results["greedy"][0] == (first[1], first[0])
    assert figures.tournament(("random", "greedy"), games=2, seed=5) == results  # seeded


def test_the_tournament_chart_has_a_bar_per_player_with_its_mean_and_wins():
    results = {"random": [(20, 60), (30, 50)], "greedy": [(60, 20), (50, 30)]}
    chart = figures.tournament_chart(results)
    assert sorted(heights(chart)) == [25, 55]
    assert [r.at for r in chart.rules] == [25.0, 55.0]
    words = " ".join(texts(chart))
    assert t("table.seat.greedy") in words and "55.0" in words
    assert "won 2 of 2" in words and "won 0 of 2" in words
    assert "2 games" in chart.title
    i18n.set_language("nl")
    try:
        assert t("table.seat.greedy") in [label for _, label in figures.tournament_chart(results).ticks]
    finally:
        i18n.set_language("en")
    with pytest.raises(ValueError):
        figures.tournament_chart({})
