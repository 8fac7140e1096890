"""Figures: the rotation sheet, breakdown charts, compared breakdowns, score histograms, simulations.

Figures are checked through their matplotlib objects (axes, bars, texts), and saved to each format.
"""

import json

import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from harmonies import figures, habitats, scoring
from harmonies.board import Board
from harmonies.cli import main
from harmonies.locale import t
from harmonies.scoring import CATEGORIES
from tabletop import i18n
from tabletop.mpl import shaped

BOARD = {"c2": ["gray", "gray", "gray"], "b1": ["blue"], "b2": ["blue"], "c1": ["blue"], "d1": ["blue"],
         "a1": ["yellow"], "a2": ["yellow"], "e3": ["brown", "green"]}


def board(cubes=("b1",)) -> Board:
    return Board.from_dict({"side": "A", "board": BOARD, "cubes": list(cubes)})


def bars(ax) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def all_text(fig: Figure) -> str:
    parts = [fig._suptitle.get_text() if fig._suptitle else ""]
    for ax in fig.axes:
        parts += [ax.get_title(), *(t.get_text() for t in ax.texts)]
        parts += [t.get_text() for t in ax.get_xticklabels()]
        legend = ax.get_legend()
        if legend:
            parts += [t.get_text() for t in legend.get_texts()]
    return "\n".join(parts)


class TestRotationSheet:
    def test_six_panels_with_the_placements_of_each_rotation(self):
        b = board()
        fig = figures.rotation_sheet(3, b)  # Fish: a 3-high mountain beside a blue token
        assert isinstance(fig, Figure) and len(fig.axes) == 6
        matches = habitats.matches(3, b)
        for turns, ax in enumerate(fig.axes):
            mine = [m for m in matches if m.rotation == turns]
            free = {m.cube_cell for m in mine if m.cube_free}
            plural = "s" * (len(mine) != 1)
            assert ax.get_title() == f"{len(mine)} placement{plural}, {len(free)} free cube cell" \
                                     f"{'s' * (len(free) != 1)}"
        # b1 holds a cube: the placement with its cube cell there is present but offers no cube cell.
        assert any(m.cube_cell == "b1" and not m.cube_free for m in matches)
        assert "Fish (card 3)" in all_text(fig)

    def test_symmetric_patterns_and_an_empty_board(self):
        fig = figures.rotation_sheet("Dragonfly")
        titles = [ax.get_title() for ax in fig.axes]
        assert titles[3] == "same as rotation 0" and titles[4] == "same as rotation 1"
        placements = [p for p in habitats.placements(41, "A") if p.rotation == 0]
        cube_cells = {p.cube for p in placements}
        assert titles[0] == f"fits in {len(placements)} places ({len(cube_cells)} cube cells)"

    def test_saves(self, tmp_path):
        path = tmp_path / "sheet.png"
        figures.rotation_sheet(23, board()).savefig(path)
        assert path.read_bytes().startswith(b"\x89PNG")


class TestBreakdowns:
    def test_one_bar_per_category_with_its_points(self):
        breakdown = scoring.score(board(), animals=[(3, 1)])
        fig = figures.breakdown_chart(breakdown)
        (ax,) = fig.axes
        heights = [bar.get_height() for bar in bars(ax)]
        assert heights == [getattr(breakdown, c) for c in CATEGORIES]
        assert f"{breakdown.total} points" in ax.get_title()
        assert figures.breakdown_chart(breakdown, title="Mine").axes[0].get_title() == "Mine"

    def test_compared_breakdowns_annotate_the_differences(self):
        before = scoring.score(board())
        changed = board()
        changed.place("a3", "yellow")  # a bigger field scores the same
        changed.place("e1", "blue")  # the river grows by one
        after = scoring.score(changed)
        fig = figures.compare_breakdowns(before, after, labels=("now", "what if"))
        (ax,) = fig.axes
        assert len(bars(ax)) == 2 * len(CATEGORIES)
        # Bar labels are points (never signed); the differences carry their sign.
        notes = [t.get_text() for t in ax.texts if t.get_text()[0] in "+-"]
        diffs = [getattr(after, c) - getattr(before, c) for c in CATEGORIES]
        assert notes == [f"{d:+d}" for d in diffs if d]
        assert notes == ["+3"]  # water: 5 → 8
        assert ax.get_title() == f"now {before.total} → what if {after.total} (+3 points)"
        assert [t.get_text() for t in ax.get_legend().get_texts()] == ["now", "what if"]

    @pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")])
    def test_saves(self, tmp_path, suffix, magic):
        path = tmp_path / f"chart{suffix}"
        figures.breakdown_chart(scoring.score(board())).savefig(path)
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
        fig = figures.score_histogram(totals, bins=5)
        (ax,) = fig.axes
        counts = [bar.get_height() for bar in bars(ax)]
        assert len(counts) == 5 and sum(counts) == len(totals)
        assert "mean 20.8, n=6" in all_text(fig)

    def test_histogram_of_several_series(self, tmp_path):
        fig = figures.score_histogram({"random": [10, 20, 30], "greedy": [50, 60, 70, 80]}, title="Policies")
        text = all_text(fig)
        assert "random (mean 20.0, n=3)" in text and "greedy (mean 65.0, n=4)" in text
        assert fig.axes[0].get_title() == "Policies"
        fig.savefig(tmp_path / "hist.pdf")
        assert (tmp_path / "hist.pdf").read_bytes().startswith(b"%PDF")

    def test_histogram_needs_scores(self):
        with pytest.raises(ValueError, match="no scores"):
            figures.score_histogram([])


class TestLanguages:
    def test_shaped_joins_persian_letters_in_visual_order_and_leaves_latin_alone(self):
        # سلام: sīn initial, the lām-alef ligature, mīm final, laid out right to left.
        assert shaped("سلام") == "\ufee1\ufefc\ufeb3"
        assert shaped("c3") == "c3" and shaped("trees 12") == "trees 12"
        assert shaped(f"{i18n.FSI}c3{i18n.PDI}") == "c3"  # isolate marks are for browsers only
        # Line by line: a line break stays between the lines it separated.
        assert figures._shaped("سلام\nc3") == "\ufee1\ufefc\ufeb3\nc3"

    def test_chart_words_come_from_the_language_in_force(self):
        breakdown = scoring.score(board())
        i18n.set_language("fa")
        (ax,) = figures.breakdown_chart(breakdown).axes
        title = t.count("figures.breakdown.title", breakdown.total, landscapes=breakdown.landscapes)
        assert ax.get_title() == shaped(title)
        assert ax.get_ylabel() == shaped(t("figures.points"))
        assert [label.get_text() for label in ax.get_xticklabels()] == [
            shaped(scoring.category_title(c)) for c in CATEGORIES]

    def test_a_persian_chart_renders_to_png(self, stand_in, tmp_path):
        stand_in("harmonies", "fa", {"figures.points": "امتیاز", "landscape.trees": "درخت‌ها",
                                     "figures.compare.before": "پیش", "figures.compare.after": "پس"})
        before, after = scoring.score(board()), scoring.score(board(cubes=()))
        fig = figures.compare_breakdowns(before, after)
        (ax,) = fig.axes
        assert ax.get_ylabel() == shaped("امتیاز") != "امتیاز"
        assert shaped("درخت‌ها") in [label.get_text() for label in ax.get_xticklabels()]
        assert [text.get_text() for text in ax.get_legend().get_texts()] == [shaped("پیش"), shaped("پس")]
        fig.savefig(tmp_path / "fa.png")
        assert (tmp_path / "fa.png").read_bytes().startswith(b"\x89PNG")
        sheet = figures.rotation_sheet(23)
        sheet.savefig(tmp_path / "sheet.png")
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
    fig = figures.tournament_chart(results)
    ax = fig.axes[0]
    assert sorted(round(b.get_height()) for b in bars(ax) if b.get_height() > 0) == [25, 55]
    text = all_text(fig)
    assert t("table.seat.greedy") in text and "55.0" in text and "won 2 of 2" in text and "won 0 of 2" in text
    assert "2 games" in ax.get_title()
    i18n.set_language("nl")
    try:
        assert shaped(t("table.seat.greedy")) in all_text(figures.tournament_chart(results))
    finally:
        i18n.set_language("en")
    with pytest.raises(ValueError):
        figures.tournament_chart({})
