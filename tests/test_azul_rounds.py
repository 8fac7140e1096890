"""Phase C, the next round: the marker, the refill from bag and lid, partly filled factories,
and who starts."""

from azul import Game
from azul.tiles import BLUE

FULL_ROWS = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]


def without_column(column):
    """A coloured wall with every cell except those of one column: 20 tiles, no row complete."""
    return [row[:column] + "." + row[column + 1:] for row in FULL_ROWS]


def test_the_holder_of_the_marker_starts_and_the_marker_returns_to_the_centre():
    game = Game.from_position([{}, {}], ["", "", "", "", ""], "YR", current=1)
    game.play("centre: yellow -> line 0")  # player 1 takes the marker
    game.play("centre: red -> line 0")
    assert game.round == 2
    assert game.current == 1 and game.first_player == 1
    assert game.centre_marker and game.marker_holder is None
    assert game.boards[1].floor == [] and game.scores() == [1, 0]  # 1 - 1, clamped at 0
    assert game.tile_counts() == [20] * 5


def test_when_nobody_takes_from_the_centre_the_same_player_starts_again():
    game = Game.from_position([{}, {}], ["BBBB", "YYYY", "RRRR", "KKKK", "WWWW"], "",
                              current=1, first_player=1)
    for move in ["factory 0: blue -> line 3", "factory 1: yellow -> line 3",
                 "factory 2: red -> floor", "factory 3: black -> floor",
                 "factory 4: white -> line 4"]:
        game.play(move)
    assert game.round == 2
    assert game.centre == [0] * 5  # nothing ever went to the centre...
    assert game.centre_marker and game.marker_holder is None  # ...and the marker stayed there
    assert game.current == 1 and game.first_player == 1


def test_the_bag_is_used_up_first_then_refilled_from_the_lid():
    game = Game.from_position([{}, {}], ["", "", "", "", ""], "Y", bag="BBB")
    assert sum(game.lid) == 96
    game.play("centre: yellow -> floor")
    assert game.round == 2
    assert game.factories[0][BLUE] >= 3  # the three tiles left in the bag were drawn first
    assert game.lid == [0] * 5  # the lid went into the bag
    assert sum(game.bag) == 100 - 20
    assert all(sum(f) == 4 for f in game.factories)
    assert game.tile_counts() == [20] * 5


def test_partly_filled_factories_when_bag_and_lid_run_out():
    # Four walls each missing one column hold 80 tiles; 15 more wait on incomplete lines.
    players = [
        {"wall": without_column(0), "pattern_lines": ["", "", "KK", "RRR", "YYY"]},
        {"wall": without_column(1), "pattern_lines": ["", "", "", "KK", ""]},
        {"wall": without_column(2), "pattern_lines": ["", "", "BB", "", ""]},
        {"wall": without_column(3), "pattern_lines": ["", "R", "", "BB", ""]},
    ]
    game = Game.from_position(players, [""] * 9, "WWWWY")
    assert sum(game.bag) == sum(game.lid) == 0
    game.play("centre: white -> floor")
    game.play("centre: yellow -> floor")
    assert game.round == 2 and game.phase == "offer"
    assert [sum(f) for f in game.factories] == [4, 1, 0, 0, 0, 0, 0, 0, 0]
    assert game.tiles_on_table == 5 and sum(game.bag) == sum(game.lid) == 0
    assert game.legal_moves()
    assert game.tile_counts() == [20] * 5


def test_a_round_with_no_tile_at_all_ends_the_game():
    # Every one of the 100 tiles ends up on a wall or an incomplete line: nothing to refill with.
    players = [
        {"wall": without_column(0), "pattern_lines": ["", "", "KK", "RRR", "YYYY"]},
        {"wall": without_column(1), "pattern_lines": ["", "", "", "KK", ""]},
        {"wall": without_column(2), "pattern_lines": ["", "", "BB", "", ""]},
        {"wall": without_column(3), "pattern_lines": ["", "R", "", "BB", "WWW"]},
    ]
    game = Game.from_position(players, [""] * 9, "W", current=3)
    game.play("centre: white -> line 4")
    assert game.over
    assert [s.points for s in game.last_tiling[-4:]] == [28, 28, 28, 28]  # four columns each
    # 0 + 28 each (player 3's marker costs 1, clamped at 0), no complete row: all four share it
    assert game.scores() == [28] * 4 and game.winners() == [0, 1, 2, 3]
