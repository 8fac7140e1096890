"""The gray wall: column choices as moves or given up front, the row and column rules, earlier
choices of the same phase, all tiles to the floor, and a wall that can never complete a row."""

import pytest

from azul import (
    FLOOR,
    CellTaken,
    ColumnHasColour,
    FloorNotAllowed,
    Game,
    NotThisLine,
    Place,
    Scenario,
    WallRowHasColour,
    WrongColour,
)
from azul.tiles import BLUE
from azul.tiling import FloorPenalty, Placement, ToFloor, is_blocked, row_can_complete

# Rows and columns never repeat a colour, but no row can be completed: each row's missing colour
# is already in the column of its empty cell.
BLOCKED = ["KWY.B", "YKWR.", "BY.KR", "R.KBY", ".RBYW"]


def gray(players, centre="K", factories=("", "", "", "", ""), **kwargs):
    return Game.from_position(players, list(factories), centre, wall="gray", **kwargs)


def test_the_tiling_phase_asks_for_columns_and_earlier_choices_count():
    game = gray([{"pattern_lines": ["B", "BB", "", "", ""]}, {}])
    game.play("centre: black -> floor")
    assert game.phase == "tiling" and game.current == 0
    assert game.legal_moves() == [Place(0, BLUE, c) for c in range(5)]
    game.play("line 0: blue -> column 2")
    # line 1 is next, and column 2 now holds blue: the same-phase column rule
    assert game.legal_moves() == [Place(1, BLUE, c) for c in (0, 1, 3, 4)]
    with pytest.raises(ColumnHasColour, match="column 2 of your wall already has blue"):
        game.play("line 1: blue -> column 2")
    game.play("line 1: blue -> column 3")
    assert game.phase == "offer" and game.round == 2
    assert game.boards[0].wall_rows()[:2] == ["..B..", "...B."]
    assert [type(s) for s in game.last_tiling] == [Placement, Placement, FloorPenalty,
                                                   FloorPenalty]


def test_players_choose_in_seat_order_each_finishing_with_the_floor():
    game = gray([{"pattern_lines": ["R", "", "", "", ""]},
                 {"pattern_lines": ["", "YY", "", "", ""]}], current=1)
    game.play("centre: black -> floor")
    assert game.current == 0
    game.play("line 0: red -> column 4")
    assert game.current == 1
    assert [type(s) for s in game.last_tiling] == [Placement, FloorPenalty]
    assert game.legal_moves()[0] == Place(1, 1, 0)
    game.play("line 1: yellow -> column 0")
    assert game.round == 2 and game.current == 1  # player 1 took the marker


def test_the_row_rule_still_holds_for_the_pattern_lines():
    game = gray([{"wall": [".....", "...B.", ".....", ".....", "....."]}, {}],
                factories=("BBYR", "", "", "", ""))
    with pytest.raises(WallRowHasColour):
        game.play("factory 0: blue -> line 1")


def test_a_cell_already_taken_and_the_order_of_lines_are_enforced():
    game = gray([{"wall": [".....", "R....", ".....", ".....", "....."],
                  "pattern_lines": ["", "YY", "KKK", "", ""]}, {}])
    game.play("centre: black -> floor")
    with pytest.raises(NotThisLine, match="line 1 is next"):
        game.play("line 2: black -> column 1")
    with pytest.raises(WrongColour, match="line 1 holds yellow, not red"):
        game.play("line 1: red -> column 1")
    with pytest.raises(CellTaken, match="row 1, column 0 of your wall already holds red"):
        game.play("line 1: yellow -> column 0")


def test_when_no_cell_fits_all_tiles_of_the_line_go_to_the_floor():
    # Row 1 has one empty cell, in column 0, and column 0 already has blue.
    game = gray([{"wall": ["B....", ".YRKW", ".....", ".....", "....."],
                  "pattern_lines": ["", "BB", "", "", ""], "floor": "KKKKK", "score": 20}, {}],
                centre="R", current=1)
    game.play("centre: red -> line 0")  # player 1 takes the marker
    assert game.phase == "tiling" and game.current == 0
    assert game.legal_moves() == [Place(1, BLUE, FLOOR)]
    lid = game.lid[BLUE]
    game.play("line 1: blue -> floor")
    to_floor, floor = game.last_tiling[:2]
    assert to_floor == ToFloor(0, 1, BLUE, 2, 0)
    assert floor.tiles == 7 and floor.penalty == -14  # the two tiles count in this phase
    assert game.lid[BLUE] == lid + 2 and game.scores()[0] == 6


def test_floor_overflow_of_a_line_sent_to_the_floor_goes_to_the_lid():
    game = gray([{"wall": ["B....", ".YRKW", ".....", ".....", "....."],
                  "pattern_lines": ["", "BB", "", "", ""], "floor": "KKKKKK"}, {}],
                centre="R", current=1)
    game.play("centre: red -> line 0")
    game.play("line 1: blue -> floor")
    assert game.last_tiling[0] == ToFloor(0, 1, BLUE, 2, 1)


def test_the_floor_is_not_allowed_while_a_cell_fits():
    game = gray([{"pattern_lines": ["Y", "", "", "", ""]}, {}])
    game.play("centre: black -> floor")
    with pytest.raises(FloorNotAllowed, match="still fits in column 0 or 1 or 2 or 3 or 4"):
        game.play("line 0: yellow -> floor")


def test_choices_given_up_front_give_the_same_result_as_moves():
    player = {"score": 4, "wall": ["..B..", ".....", "R....", ".....", "....."],
              "pattern_lines": ["Y", "BB", "", "", "RRRRR"], "floor": "W"}
    scenario = Scenario.from_dict({"game": "azul", "wall": "gray", "players": [
        {**player, "gray_columns": [3, 4, None, None, 1]}]})
    result = scenario.tile()
    game = gray([player, {}], current=1)
    game.play("centre: black -> floor")
    for move in ["line 0: yellow -> column 3", "line 1: blue -> column 4",
                 "line 4: red -> column 1"]:
        game.play(move)
    assert game.boards[0].to_dict() == result.boards[0].to_dict()
    assert [s for s in game.last_tiling if s.player == 0] == result.player_steps(0)


def test_row_can_complete_and_blocked_walls():
    board = Scenario.from_dict({"game": "azul", "wall": "gray",
                                "players": [{"wall": BLOCKED}]}).boards[0]
    assert is_blocked(board)
    assert not any(row_can_complete(board, r) for r in range(5))
    # An empty row 4 can still take W B R Y K in columns 0 to 4.
    open_ = Scenario.from_dict({"game": "azul", "wall": "gray",
                                "players": [{"wall": [*BLOCKED[:4], "....."]}]}).boards[0]
    assert row_can_complete(open_, 4) and not is_blocked(open_)
    assert not any(row_can_complete(open_, r) for r in range(4))


def test_the_game_ends_when_no_wall_can_ever_complete_a_row():
    game = gray([{"wall": BLOCKED, "score": 30}, {"wall": BLOCKED, "score": 20}])
    game.play("centre: black -> floor")
    assert game.over and game.winners() == [0]
    # the bonuses as usual: each wall has its five yellows
    assert [s.points for s in game.last_tiling if type(s).__name__ == "EndBonus"] == [10, 10]


def test_one_blocked_wall_is_not_enough_to_end_the_game():
    game = gray([{"wall": BLOCKED}, {}])
    game.play("centre: black -> floor")
    assert not game.over and game.round == 2
