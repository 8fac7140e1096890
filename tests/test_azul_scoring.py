"""The scoring of the wall tiling: placements, the floor and its clamp, end bonuses."""

from hypothesis import given
from hypothesis import strategies as st

from azul import Board, cells, describe, placement_points, points, runs
from azul.tiling import EndBonus, FloorPenalty, Placement, end_bonus, tile_board


def board(wall=(".....",) * 5, lines=("",) * 5, floor="", score=0, gray=False):
    return Board.from_dict({"score": score, "wall": list(wall), "pattern_lines": list(lines),
                            "floor": floor}, gray)


def tile(b, lid=None):
    return tile_board(b, 0, lid if lid is not None else [0] * 5)


def test_a_tile_touching_nothing_scores_one():
    (placement, floor) = tile(board(lines=["", "", "BBB", "", ""]))
    assert (placement.row, placement.column, placement.points) == (2, 2, 1)
    assert floor.tiles == 0 and floor.score == 1


def test_seed_figure_a_tile_joining_three_horizontally_scores_three():
    b = board(wall=["BY...", ".....", ".....", ".....", "....."], lines=["R", "", "", "", ""])
    placement, _ = tile(b)
    assert placement.points == 3
    assert cells(placement.horizontal) == [(0, 0), (0, 1), (0, 2)]
    assert cells(placement.vertical) == [(0, 2)]


def test_seed_figure_three_vertical_and_four_horizontal_score_seven():
    b = board(wall=["...K.", "...R.", "KWB..", ".....", "....."], lines=["", "", "YYY", "", ""])
    placement, _ = tile(b)
    assert (placement.row, placement.column) == (2, 3)
    assert placement.points == 7
    assert cells(placement.horizontal) == [(2, 0), (2, 1), (2, 2), (2, 3)]
    assert cells(placement.vertical) == [(0, 3), (1, 3), (2, 3)]
    assert "4 + 3 = +7" in describe(placement)


def test_three_lines_into_one_column_in_one_phase_score_one_two_three():
    steps = tile(board(lines=["B", "WW", "KKK", "", ""]))
    assert [s.column for s in steps if isinstance(s, Placement)] == [0, 0, 0]
    assert [s.points for s in steps if isinstance(s, Placement)] == [1, 2, 3]
    assert steps[-1].score == 6


def test_lines_are_tiled_top_to_bottom_and_the_rest_of_a_line_goes_to_the_lid():
    lid = [0] * 5
    b = board(lines=["", "YY", "R", "", "KKKKK"])
    steps = tile(b, lid)
    assert [s.line for s in steps if isinstance(s, Placement)] == [1, 4]
    assert lid == [0, 1, 0, 4, 0]
    assert b.pattern_lines() == ["", "", "R", "", ""]  # the incomplete line stays
    assert b.wall_rows()[1] == "..Y.." and b.wall_rows()[4] == "..K.."


def test_floor_of_three_costs_four_and_of_seven_costs_fourteen():
    assert tile(board(floor="BYR", score=10))[-1] == FloorPenalty(0, 3, -4, 10, 6)
    assert tile(board(floor="BYRKWFB", score=20))[-1].penalty == -14


def test_the_marker_counts_as_a_floor_tile_and_does_not_go_to_the_lid():
    lid = [0] * 5
    b = board(floor="FB", score=5)
    assert tile(b, lid)[-1].penalty == -2
    assert lid == [1, 0, 0, 0, 0] and b.floor == []


def test_clamp_score_three_with_three_floor_tiles_is_zero():
    step = tile(board(floor="BBB", score=3))[-1]
    assert step.score == 0 and step.clamped
    assert "never drops below 0" in describe(step)


def test_clamp_comes_after_the_wall_points_zero_plus_five_minus_four_is_one():
    b = board(wall=["..R..", "WB...", ".....", ".....", "....."], lines=["", "YY", "", "", ""],
              floor="BBB")
    placement, floor = tile(b)
    assert placement.points == 5
    assert (floor.before, floor.penalty, floor.score, floor.clamped) == (5, -4, 1, False)


def test_bonus_one_row_one_column_one_colour_is_nineteen():
    b = board(wall=["BYRKW", "WB...", "K.B..", "R..B.", "Y...B"], score=30)
    assert end_bonus(b, 0) == EndBonus(0, 1, 1, 1, 19, 49)


def test_bonus_full_wall_is_ninety_five():
    full = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]
    step = end_bonus(board(wall=full), 0)
    assert (step.rows, step.columns, step.colours, step.points) == (5, 5, 5, 95)


def test_gray_wall_colour_bonus_counts_five_of_a_colour_anywhere():
    wall = ["BRYKW", "RBKWY", "YKWBR", "KWRYB", "WYBRK"]  # a Latin square, not the pattern
    assert end_bonus(board(wall=wall, gray=True), 0).points == 95
    assert end_bonus(board(wall=["B....", "..B..", "....B", ".B...", "...B."], gray=True),
                     0).points == 10


def _naive_points(occupied, row, col):
    """The rule as the rulebook words it, cell by cell."""
    def count(dr, dc):
        n, r, c = 0, row + dr, col + dc
        while 0 <= r < 5 and 0 <= c < 5 and (r, c) in occupied:
            n, r, c = n + 1, r + dr, c + dc
        return n
    h = 1 + count(0, -1) + count(0, 1)
    v = 1 + count(-1, 0) + count(1, 0)
    if h == 1 and v == 1:
        return 1
    return (h if h > 1 else 0) + (v if v > 1 else 0)


@given(st.integers(0, 2**25 - 1), st.integers(0, 24))
def test_run_scoring_agrees_with_a_cell_by_cell_count(wall, index):
    row, col = divmod(index, 5)
    wall &= ~(1 << index)
    occupied = {divmod(i, 5) for i in range(25) if wall >> i & 1}
    assert placement_points(wall, row, col) == _naive_points(occupied, row, col)
    h, v = runs(wall | 1 << index, row, col)
    assert points(h, v) == placement_points(wall, row, col)
    assert (row, col) in cells(h) and (row, col) in cells(v)
