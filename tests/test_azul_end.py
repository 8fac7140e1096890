"""The end of the game: only after a whole tiling phase, only for a complete horizontal row;
bonuses; the winner, the tie-break among tied players only, and shared victory."""

from azul import Board, Game, winners
from azul.tiles import WHITE
from azul.tiling import FloorPenalty, Placement


def boards(*specs):
    return [Board.from_dict({"score": score, "wall": wall}, gray=False) for score, wall in specs]


ROW0 = ["BYRKW", ".....", ".....", ".....", "....."]
TWO_ROWS = ["BYRKW", "WBYRK", ".....", ".....", "....."]
FIVE_ROWS = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]
EMPTY = ["....."] * 5


def test_the_game_ends_after_the_whole_tiling_phase_in_which_a_row_is_completed():
    game = Game.from_position(
        [{"score": 10, "wall": ["BYRK.", ".....", ".....", ".....", "....."],
          "pattern_lines": ["W", "", "", "", ""]},
         {"pattern_lines": ["", "BB", "", "", ""]}],
        ["", "", "", "", ""], "Y")
    bag = game.bag[:]
    game.play("centre: yellow -> floor")
    assert game.over and game.phase == "over"
    steps = game.last_tiling
    # player 1 still tiles after player 0 completed a row, then the bonuses
    assert [type(s).__name__ for s in steps] == [
        "Placement", "FloorPenalty", "Placement", "FloorPenalty", "EndBonus", "EndBonus"]
    assert steps[0].points == 5 and steps[2].player == 1
    assert game.scores() == [10 + 5 - 2 + 2, 1]
    assert game.round == 1 and game.bag == bag and sum(map(sum, game.factories)) == 0
    assert game.legal_moves() == []


def test_a_complete_pattern_line_is_not_a_complete_row():
    game = Game.from_position(
        [{"wall": ["BYRK.", ".....", ".....", ".....", "....."],
          "pattern_lines": ["", "", "", "", "WWWW"]}, {}],
        ["W", "Y", "", "", ""], "")
    game.play("factory 0: white -> line 4")
    assert game.boards[0].is_complete(4)
    assert game.round == 1 and not game.over  # the round goes on
    game.play("factory 1: yellow -> line 0")
    assert game.round == 2 and not game.over  # tiled: row 4 has one tile, row 0 still four
    assert game.boards[0].wall_rows()[4] == "...W."


def test_a_complete_column_does_not_end_the_game():
    column = ["B....", "W....", "K....", "R....", "....."]
    game = Game.from_position([{"wall": column, "pattern_lines": ["", "", "", "", "Y"]}, {}],
                              ["", "", "", "", ""], "YYYY")
    game.play("centre: yellow -> line 4")
    assert game.boards[0].complete_columns() == 1
    assert not game.over and game.round == 2


def test_most_points_wins_whatever_the_rows():
    assert winners(boards((51, EMPTY), (50, FIVE_ROWS))) == [0]


def test_the_tie_break_looks_at_the_tied_players_only():
    # Player 2 has the most rows but fewer points: only players 0 and 1 are compared.
    assert winners(boards((50, ROW0), (50, TWO_ROWS), (40, FIVE_ROWS))) == [1]


def test_a_tie_on_points_and_rows_is_a_shared_victory():
    assert winners(boards((50, ROW0), (50, ROW0), (20, TWO_ROWS))) == [0, 1]


def test_a_shared_victory_at_the_end_of_a_game():
    start = {"score": 10, "wall": ["BYRK.", ".....", ".....", ".....", "....."],
             "pattern_lines": ["W", "", "", "", ""]}
    game = Game.from_position([start, start], ["KKKK", "KKKK", "", "", ""], "")
    game.play("factory 0: black -> floor")
    game.play("factory 1: black -> floor")
    assert game.scores() == [10 + 5 - 6 + 2] * 2
    assert game.winners() == [0, 1]


def test_end_bonuses_are_scored_once_for_every_player():
    game = Game.from_position(
        [{"wall": ["BYRK.", "WBYR.", "KWBY.", "RKWB.", "YRKW."],
          "pattern_lines": ["W", "", "", "", ""]},
         {"wall": ["B....", "WB...", "K.B..", "R..B.", "Y...."],
          "pattern_lines": ["", "", "", "", "BBBBB"]}],
        ["", "", "", "", ""], "R")
    game.play("centre: red -> floor")
    bonus = [s for s in game.last_tiling if type(s).__name__ == "EndBonus"]
    # player 0: row 0, columns 0-3, and the fifth white; player 1: column 0 and the fifth blue
    assert [(b.rows, b.columns, b.colours, b.points) for b in bonus] == [
        (1, 4, 1, 2 + 28 + 10), (0, 1, 1, 17)]
    placements = [s for s in game.last_tiling if isinstance(s, Placement)]
    floors = [s for s in game.last_tiling if isinstance(s, FloorPenalty)]
    assert game.scores() == [f.score + b.points for f, b in zip(floors, bonus, strict=True)]
    assert len(placements) == 2


def test_a_game_ends_when_every_row_misses_a_colour_locked_away():
    """Coloured wall, four random players (a case hypothesis found): by round 6 every white tile
    sits on a wall or in an unfinished pattern line, and every row of every wall still lacks white.
    No row can ever be completed, so the engine ends the game there instead of looping forever."""
    from azul.policies import RandomPolicy
    from azul.tiling import is_blocked

    game, policy = Game(4, 16195501, "colored"), RandomPolicy(16195501)
    while not game.over:
        game.play(policy.rng.choice(game.legal_moves()))
    circulating = [b + k for b, k in zip(game.bag, game.lid, strict=True)]
    assert game.round == 6 and circulating[WHITE] == 0
    assert not any(board.has_complete_row() for board in game.boards)
    assert all(is_blocked(board, circulating) for board in game.boards)
    assert game.legal_moves() == [] and game.winners()
