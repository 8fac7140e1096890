"""Charts as the project's own scenes (tabletop.chart): the layout's arithmetic, what a chart draws,
and that every chart of both games draws to SVG where matplotlib cannot be imported (the offline
static site, whose Pyodide has no matplotlib)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import i18n
from tabletop.chart import Chart, bin_counts, even_edges, hatch_lines, nice_ticks, number
from tabletop.mpl import shaped
from tabletop.settings import Display


@pytest.mark.parametrize("lo, hi, ticks", [(0, 10, [0, 2, 4, 6, 8, 10]), (0, 95, [0, 20, 40, 60, 80]),
                                           (-6, 3, [-6, -4, -2, 0, 2]), (0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]),
                                           (5, 5, [5, 5.2, 5.4, 5.6, 5.8, 6])])
def test_ticks_are_round_numbers_inside_the_range(lo, hi, ticks):
    assert nice_ticks(lo, hi) == ticks


@given(st.floats(-1e4, 1e4), st.floats(0.01, 1e4))
def test_ticks_always_fall_inside_and_are_evenly_spaced(lo, span):
    ticks = nice_ticks(lo, lo + span)
    assert 2 <= len(ticks) <= 11
    assert lo - 1e-6 * span <= ticks[0] and ticks[-1] <= lo + span * (1 + 1e-6)
    steps = {round(b - a, 6) for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1


def test_numbers_read_as_a_learner_writes_them():
    assert [number(x) for x in (3, 3.0, -2, 0.25, 1.5)] == ["3", "3", "\u22122", "0.25", "1.5"]


@given(st.lists(st.integers(0, 120), min_size=1, max_size=60), st.integers(1, 25))
def test_every_value_counts_in_exactly_one_bin(values, bins):
    edges = even_edges(min(values), max(values) + 1, bins)
    counts = bin_counts(values, edges)
    assert len(counts) == bins and sum(counts) == len(values)
    assert bin_counts([max(values) + 1], edges)[-1] == 1  # the last edge belongs to the last bin


@pytest.mark.parametrize("pattern", ["/", "\\", "x", "+", "."])
def test_hatch_strokes_stay_inside_their_bar(pattern):
    strokes = hatch_lines(pattern, 10, 20, 40, 120, 7)
    assert strokes
    for stroke in strokes:
        for x, y in stroke:
            assert 10 - 1e-9 <= x <= 40 + 1e-9 and 20 - 1e-9 <= y <= 120 + 1e-9


def _texts(chart: Chart) -> list[str]:
    return [s.text for s in chart.scene().shapes if s.kind == "text"]


def test_a_bar_chart_draws_its_bars_values_ticks_and_legend():
    chart = Chart(title="Points", y_label="points", ticks=[(0, "trees"), (1, "water\nΔ +3")])
    chart.bars([0, 1], [4, -2], ("#00aa00", "#0000ff"), values=("4", "\u22122"), label="now")
    scene = chart.scene()
    bars = [s for s in scene.shapes if s.kind == "rect" and s.fill in ("#00aa00", "#0000ff")]
    assert len(bars) == 3  # two bars and the legend's swatch
    (green, swatch), (blue,) = ([s for s in bars if s.fill == c] for c in ("#00aa00", "#0000ff"))
    # 4 rises from the zero line, -2 hangs below it, and the zero line is where they meet
    assert green.points[1][1] == blue.points[0][1]
    height = green.points[1][1] - green.points[0][1]
    assert height == pytest.approx(2 * (blue.points[1][1] - blue.points[0][1]))
    assert chart.legend() == ["now"]  # one entry for bars of several colours
    assert {"Points", "points", "trees", "water", "Δ +3", "4", "\u22122", "now"} <= set(_texts(chart))
    assert scene.title == "Points" and "<title>Points</title>" in chart.to_svg()


def test_a_line_chart_draws_its_marks_error_bars_and_rules():
    chart = Chart().line([0, 1, 2], [1, 3, 2], "#0072b2", marker="s", errors=(0, 1, 0)).rule("y", 0)
    shapes = chart.scene().shapes
    assert sum(s.kind == "polygon" and s.fill == "#0072b2" for s in shapes) == 3  # a square per point
    lines = [s for s in shapes if s.kind == "polyline" and s.stroke == "#0072b2"]
    assert len(lines) == 1 + 3  # the line, and one error bar with its two caps


def test_colour_blind_and_projector_displays():
    plain = Chart().bars([0], [3], "#888888", hatch="/")
    assert any(s.kind == "polyline" for s in plain.scene().shapes if s.stroke == "#333333" and s.width < 1)
    big = Chart(display=Display(high_contrast=True, scale=1.6)).bars([0], [3], "#888888")
    assert big.scene().width == pytest.approx(1.6 * Chart().scene().width)
    assert max(s.size for s in big.scene().shapes if s.kind == "text") > \
        max(s.size for s in Chart(title="x").scene().shapes if s.kind == "text")


def test_a_chart_is_its_own_picture_in_a_notebook(tmp_path):
    chart = Chart(title="Scores").bars([0], [1], "#888888")
    assert chart._repr_html_().startswith('<img src="data:image/svg+xml;base64,') and 'alt="Scores"' in \
        chart._repr_html_()
    assert chart.save(tmp_path / "c.svg").read_text(encoding="utf-8") == chart.to_svg()


def test_shaped_joins_persian_letters_in_visual_order_and_leaves_latin_alone():
    # سلام: sīn initial, the lām-alef ligature, mīm final, laid out right to left.
    assert shaped("سلام") == "\ufee1\ufefc\ufeb3"
    # امتیاز (score), left to right as drawn: zā alone (alef never joins the next letter), alef final,
    # yā and tā medial, mīm initial, the first alef alone.
    assert shaped("امتیاز") == "\ufeaf\ufe8e\ufbff\ufe98\ufee3\ufe8d"
    assert shaped("c3") == "c3" and shaped("player 0: 12") == "player 0: 12"
    assert shaped(f"{i18n.FSI}c3{i18n.PDI}") == "c3"  # isolate marks are for browsers only
    assert shaped("سلام\nc3") == "\ufee1\ufefc\ufeb3\nc3"  # line by line


# Every chart and figure of both games, drawn to SVG in every language with matplotlib and numpy
# unimportable; a chart-returning function missing from this script fails the test.
NO_MATPLOTLIB = textwrap.dedent('''
    import inspect, sys

    class Blocked:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("matplotlib", "numpy"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    sys.meta_path.insert(0, Blocked())
    import azul, harmonies, tabletop
    import azul.widgets, harmonies.widgets, tabletop.clickable, tabletop.quiz
    from azul import Game, GreedyPolicy, Scenario, play_out
    from azul import figures as A
    from harmonies import figures as H, scoring
    from harmonies.board import Board
    from tabletop import i18n

    board = Board.from_dict({"side": "A", "board": {"c2": ["gray", "gray"], "b1": ["blue"]}})
    game = play_out(Game(2, seed=1), GreedyPolicy())
    wall = {"game": "azul", "wall": "colored", "players": [{"score": 3, "wall": ["B....", ".....", ".....",
            ".....", "....."], "pattern_lines": ["", "", "RRR", "", ""], "floor": "F"}]}
    calls = {
        H: {"rotation_sheet": lambda: H.rotation_sheet(3, board),
            "breakdown_chart": lambda: H.breakdown_chart(scoring.score(board)),
            "compare_breakdowns": lambda: H.compare_breakdowns(scoring.score(board),
                                                               scoring.score(Board("A"))),
            "score_histogram": lambda: H.score_histogram({"a": [10, 20, 30], "b": [15, 25]}, bins=5),
            "tournament_chart": lambda: H.tournament_chart({"random": [(20, 60)], "greedy": [(60, 20)]})},
        A: {"score_progression": lambda: A.score_progression(game),
            "score_histogram": lambda: A.score_histogram([[50, 1], [60, 0]]),
            "tournament_chart": lambda: A.tournament_chart({"random": [(3, 40)], "greedy": [(40, 3)]}),
            "compare_tilings": lambda: A.compare_tilings(Scenario.from_dict(wall), Scenario.from_dict(wall))},
    }
    for module, drawn in calls.items():
        pictures = {name for name, f in vars(module).items() if inspect.isfunction(f)
                    and f.__module__ == module.__name__ and not name.startswith("_")
                    and f.__annotations__.get("return") in ("Chart", "Scene")}
        assert pictures == set(drawn), (module.__name__, pictures ^ set(drawn))
        for code in ("en", "fa", "nl", "vi"):
            i18n.set_language(code)
            for name, draw in drawn.items():
                picture = draw()
                svg = picture.to_svg()
                assert svg.startswith("<svg") and picture._repr_html_().startswith("<img"), name
                print(module.__name__, name, code, len(svg))
    assert not {"matplotlib", "numpy"} & set(sys.modules)
''')


def test_every_chart_draws_to_svg_without_matplotlib():
    run = subprocess.run([sys.executable, "-c", NO_MATPLOTLIB], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert len(run.stdout.splitlines()) == 4 * (5 + 4)
