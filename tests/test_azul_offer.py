"""Phase A, the factory offer: what a take does to the factories, the centre, the lines and the
floor, and when the phase ends."""

from azul import CENTRE, FLOOR, MARKER, ColourNotThere, Game, Take
from azul.tiles import BLACK, BLUE, RED, WHITE, YELLOW

EMPTY_BOARD: dict = {}


def position(factories=("BBYR", "", "", "", ""), centre="K", players=(EMPTY_BOARD, EMPTY_BOARD),
             **kwargs):
    return Game.from_position([dict(p) for p in players], list(factories), centre, **kwargs)


def test_a_new_game_fills_every_factory_and_player_zero_starts():
    for players, factories in ((2, 5), (3, 7), (4, 9)):
        game = Game(players, seed=5)
        assert len(game.factories) == factories
        assert all(sum(f) == 4 for f in game.factories)
        assert sum(game.bag) == 100 - 4 * factories
        assert game.centre == [0] * 5 and game.centre_marker
        assert (game.round, game.phase, game.current) == (1, "offer", 0)


def test_taking_from_a_factory_sends_the_rest_to_the_centre():
    game = position()
    game.play("factory 0: blue -> line 1")
    assert game.factories[0] == [0] * 5
    assert game.centre == [0, 1, 1, 1, 0]  # Y and R joined the K already there
    assert game.boards[0].pattern_lines()[1] == "BB"
    assert game.current == 1 and game.centre_marker


def test_tiles_that_do_not_fit_the_line_go_to_the_floor():
    game = position(factories=("BBBY", "", "", "", ""))
    game.play("factory 0: blue -> line 1")
    assert game.boards[0].pattern_lines()[1] == "BB"
    assert game.boards[0].floor_text() == "B"


def test_first_take_from_the_centre_puts_the_marker_in_the_leftmost_slot_first():
    game = position(centre="RRR", players=({"floor": "BB"}, {}))
    game.play("centre: red -> line 0")
    board = game.boards[0]
    assert board.pattern_lines()[0] == "R"
    assert board.floor_text() == "BBFRR"
    assert not game.centre_marker and game.marker_holder == 0


def test_only_the_first_centre_take_gets_the_marker():
    game = position(factories=("", "", "", "", ""), centre="RRKKYY")
    game.play("centre: red -> line 1")
    game.play("centre: black -> line 1")
    assert game.boards[0].floor_text() == "F" and game.boards[1].floor_text() == ""
    assert game.marker_holder == 0


def test_marker_with_a_full_floor_is_still_taken_and_its_holder_starts_next_round():
    game = position(factories=("", "", "", "", ""), centre="RRY",
                    players=({"floor": "BBBBBBB", "score": 30}, {}), current=1)
    game.play("centre: yellow -> line 0")  # player 1 takes the marker
    assert game.boards[1].floor_text() == "F"
    game = position(factories=("", "", "", "", ""), centre="RRY",
                    players=({"floor": "BBBBBBB", "score": 30}, {}), first_player=1)
    lid_before = game.lid[RED]
    game.play("centre: red -> line 0")
    board = game.boards[0]
    assert board.floor_text() == "BBBBBBB"  # no room for the marker...
    assert game.marker_holder == 0  # ...but player 0 holds it
    assert board.pattern_lines()[0] == "R" and game.lid[RED] == lid_before + 1
    game.play("centre: yellow -> floor")  # the table is empty: tiling, then round 2
    assert game.round == 2
    assert game.scores()[0] == 30 + 1 - 14  # no penalty beyond the seven slots
    assert game.current == 0 and game.first_player == 0


def test_floor_overflow_goes_to_the_lid_at_once():
    game = position(factories=("KKKK", "", "", "", ""), centre="B",
                    players=({"floor": "YYYYY"}, {}))
    game.play("factory 0: black -> floor")
    assert game.boards[0].floor_text() == "YYYYYKK"
    assert game.lid[BLACK] == 2
    assert game.tile_counts() == [20] * 5


def test_all_tiles_to_the_floor_is_always_legal():
    game = position()
    legal = game.legal_moves()
    for colour in (BLUE, YELLOW, RED):
        assert Take(0, colour, 0) in legal  # a line could take them...
        assert Take(0, colour, FLOOR) in legal  # ...and the floor may too
    game.play("factory 0: yellow -> floor")
    assert game.boards[0].floor_text() == "Y"


def test_legal_moves_follow_the_line_rules():
    game = position(factories=("BBRW", "", "", "", ""), centre="",
                    players=({"wall": ["..R..", ".....", ".....", ".....", "....."],
                              "pattern_lines": ["", "B", "", "", "WWWWW"]}, {}))
    legal = {str(m) for m in game.legal_moves()}
    assert legal == {
        "factory 0: blue -> line 1", "factory 0: blue -> line 2", "factory 0: blue -> line 3",
        "factory 0: blue -> line 0", "factory 0: blue -> floor",
        "factory 0: red -> line 2", "factory 0: red -> line 3", "factory 0: red -> floor",
        "factory 0: white -> line 0", "factory 0: white -> line 2", "factory 0: white -> line 3",
        "factory 0: white -> floor",
    }
    assert [str(m) for m in game.legal_moves()][:2] == ["factory 0: blue -> line 0",
                                                        "factory 0: blue -> line 1"]


def test_the_centre_holding_only_the_marker_is_no_source():
    game = position(factories=("BBYR", "", "", "", ""), centre="")
    assert all(m.source != CENTRE for m in game.legal_moves())
    try:
        game.play("centre: blue -> floor")
    except ColourNotThere as e:
        assert "only the first-player marker" in str(e)
    else:
        raise AssertionError("the marker alone was taken")


def test_turns_go_round_the_table_and_the_phase_ends_when_no_tile_is_left():
    game = Game.from_position([{}, {}, {}], ["BBBB", "YYYY", "", "", "", "", ""], "",
                              current=2, first_player=2)
    game.play("factory 0: blue -> line 3")
    assert game.current == 0
    game.play("factory 1: yellow -> line 3")  # the last tiles: tiling, then a new round
    assert game.round == 2 and game.phase == "offer"
    assert [(type(s).__name__, s.player) for s in game.last_tiling] == [
        ("Placement", 0), ("FloorPenalty", 0), ("FloorPenalty", 1), ("Placement", 2),
        ("FloorPenalty", 2)]


def test_the_marker_on_the_floor_is_written_F():
    game = position(centre="W")
    game.play("centre: white -> line 4")
    assert game.boards[0].floor == [MARKER]
    assert game.boards[0].floor_text() == "F" and game.boards[0].has_marker
    assert game.centre[WHITE] == 0
