"""The Azul widgets, driven through their public methods exactly as the front end drives them."""

from __future__ import annotations

import json
from html import escape

import ipywidgets as w
import pytest
from examples import AZUL_EXAMPLE as EXAMPLE

from azul import (
    CENTRE,
    FLOOR,
    LETTERS,
    OVER,
    TILING,
    Board,
    EndBonus,
    FloorPenalty,
    Game,
    GreedyPolicy,
    Placement,
    Scenario,
    Take,
    ToFloor,
    play_out,
)
from azul.draw import RUN_ACROSS, RUN_DOWN
from azul.figures import breakdown
from azul.locale import t
from azul.tiles import colour_title
from azul.widgets import SEATS, TOOLS, AzulTable, TilingCompare, WallSandbox
from tabletop import Display, i18n
from tabletop.locale import t as common


def scenario(**player) -> dict:
    return {"game": "azul", "wall": player.pop("wall_kind", "colored"), "players": [player]}


def state(box: WallSandbox) -> tuple:
    # the picture, not the places' names: those say what the tool in hand would do
    return box.to_scenario().to_dict(), box.steps, box.scene().to_svg()


def front_end_click(widget, key: str) -> None:
    """What the browser does: the ClickableSVG reports the data-key of the shape clicked."""
    widget._view._message(widget._view, {"type": "click", "key": key}, [])


# --- the wall sandbox: editing ---------------------------------------------------------------------


def test_sandbox_is_a_container_with_an_empty_board():
    box = WallSandbox()
    assert isinstance(box, w.VBox)
    assert box.svg.startswith("<svg") and 'data-key="line:2"' in box.svg
    assert box.board.to_dict() == Board().to_dict()
    assert box.message == "" and box.steps == [] and not box.running


def test_clicks_fill_lines_wall_and_floor_and_redraw():
    box = WallSandbox()
    before = box.svg
    box.choose("Y")
    box.click("line:1")
    front_end_click(box, "line:1")  # through the picture, as in the browser
    box.choose("B")
    box.click("wall:0,0")
    box.choose("marker")
    box.click("floor")
    box.choose("red")
    box.click("floor")
    board = box.board
    assert board.pattern_lines()[1] == "YY"
    assert board.wall_rows()[0] == "B...."
    assert board.floor_text() == "FR"
    assert box.svg != before
    box.click("wall:0,0")  # a second click takes the tile away
    assert box.board.wall_rows()[0] == "....."
    box.choose("erase")
    box.click("line:1")
    box.click("floor")
    assert box.board.pattern_lines()[1] == "Y" and box.board.floor_text() == "F"


def test_a_wall_tile_in_a_row_whose_line_holds_that_colour_is_refused():
    box = WallSandbox()
    box.choose("Y")
    box.click("line:1")
    before = state(box)
    box.click("wall:1,2")  # yellow's cell in row 1
    assert "already has yellow" in box.message
    assert state(box) == before


@pytest.mark.parametrize("setup, tool, key, words", [
    (scenario(pattern_lines=["", "", "R", "", ""]), "B", "line:2",
     "line 2 already holds red: blue cannot join it"),
    (scenario(pattern_lines=["", "YY", "", "", ""]), "Y", "line:1",
     "line 1 is full: it already holds 2 yellow tiles"),
    (scenario(wall=["B....", ".....", ".....", ".....", "....."]), "B", "line:0",
     "your wall row 0 already has blue, so line 0 cannot take blue again"),
    (scenario(), "B", "wall:0,1",
     "column 1 of row 0 is yellow on the colored wall, so it cannot hold blue"),
    (scenario(wall_kind="gray", wall=["B....", ".....", ".....", ".....", "....."]), "B",
     "wall:0,3", "blue appears twice in row 0"),
    (scenario(wall_kind="gray", wall=["B....", ".....", ".....", ".....", "....."]), "B",
     "wall:2,0", "blue appears twice in column 0"),
    (scenario(floor="BBBBBBB"), "B", "floor", "the floor line has 7 slots, found 8 tiles"),
    (scenario(floor="F"), "marker", "floor", "there is only one first-player marker"),
    (scenario(), "marker", "line:0", "the first-player marker goes on the floor line"),
    (scenario(), "marker", "wall:0,0", "the first-player marker goes on the floor line"),
    (scenario(), "erase", "line:3", "line 3 is already empty"),
    (scenario(), "erase", "floor", "the floor line is already empty"),
    (scenario(), "erase", "wall:2,2", "already empty"),
    (scenario(), "B", "line:9", "is not a place on this board"),
    (scenario(), "B", "bag", "is not a place on this board"),
])
def test_illegal_edits_change_nothing_and_say_why(setup, tool, key, words):
    box = WallSandbox()
    box.load(setup)
    box.choose(tool)
    before = state(box)
    box.click(key)
    assert words in box.message
    assert state(box) == before


def test_line_refusals_are_the_engines_own_messages():
    box = WallSandbox()
    box.load(scenario(pattern_lines=["", "", "R", "", ""]))
    box.choose("K")
    box.click("line:2")
    assert box.message == str(box.board.refusal(LETTERS.index("K"), 2))


def test_a_good_click_clears_the_warning():
    box = WallSandbox()
    box.choose("erase")
    box.click("floor")
    assert box.message
    box.choose("W")
    box.click("floor")
    assert box.message == "" and box.board.floor_text() == "W"


def test_unknown_tool_is_refused():
    box = WallSandbox()
    box.choose("purple")
    assert "not a colour" in box.message and box.tool == "B"


def test_score_and_wall_kind():
    box = WallSandbox(score=7)
    assert box.board.score == 7
    box.set_score(-3)
    assert "at least 0" in box.message and box.board.score == 7
    box.set_score(21)
    assert box.board.score == 21 and "score 21" in box.svg
    box.set_wall("gray")
    box.choose("Y")
    box.click("wall:0,0")  # any colour anywhere on the gray wall
    assert box.board.wall_rows()[0] == "Y...."
    before = state(box)
    box.set_wall("colored")  # yellow is not printed at row 0, column 0
    assert "cannot hold yellow" in box.message and box.wall == "gray"
    assert state(box) == before
    box.set_wall("purple")
    assert "'colored' or 'gray'" in box.message


def test_a_sandbox_starts_from_a_board_and_display_reaches_the_drawing():
    board = Scenario.from_dict(EXAMPLE).boards[0]
    plain = WallSandbox(board)
    lettered = WallSandbox(board, display=Display(colour_blind=True))
    assert plain.board.to_dict() == board.to_dict()
    assert plain.svg != lettered.svg
    assert ">K<" in lettered.svg and ">K<" not in plain.svg


# --- the wall sandbox: stepping through the engine's tiling -------------------------------------


def test_the_example_step_by_step():
    box = WallSandbox()
    box.load(json.dumps(EXAMPLE))
    first = box.step()
    assert isinstance(first, Placement) and (first.row, first.column, first.points) == (1, 2, 2)
    assert "2 across = 2" in box.explanation and "12 + 2 = 14" in box.explanation
    assert RUN_ACROSS in box.svg  # the run that scored is drawn
    second = box.step()
    assert (second.line, second.points) == (4, 1) and "alone: 1" in box.explanation
    floor = box.step()
    assert isinstance(floor, FloorPenalty) and floor.penalty == -2 and floor.score == 13
    assert "15 \u2212 2 = 13" in box.explanation
    assert box.finished and box.board.score == 13
    assert "game would go on" in box.explanation
    assert box.steps == Scenario.from_dict(EXAMPLE).tile().steps  # the engine's very steps
    before = state(box)
    box.step()
    assert "the tiling is over" in box.message and state(box) == before


def test_two_runs_are_explained_and_drawn():
    # Blue at row 2, column 2: white to its left, red and yellow above.
    box = WallSandbox()
    box.load(scenario(wall=["..R..", "..Y..", ".W...", ".....", "....."],
                      pattern_lines=["", "", "BBB", "", ""]))
    step = box.step()
    assert step.points == 5
    assert "2 across + 3 down = 5" in box.explanation
    assert RUN_ACROSS in box.svg and RUN_DOWN in box.svg


def test_the_clamp_at_zero():
    box = WallSandbox()
    box.load(scenario(score=1, floor="FBBY"))
    steps = box.run_all()
    assert len(steps) == 1 and steps[0].clamped
    assert (steps[0].before, steps[0].penalty, steps[0].score) == (1, -6, 0)
    assert "would be \u22125" in box.explanation and "stops at 0" in box.explanation
    assert box.board.score == 0


def test_a_complete_row_ends_the_game_with_the_bonus():
    box = WallSandbox()
    box.load(scenario(score=10, wall=["BYRK.", ".....", ".....", ".....", "....."],
                      pattern_lines=["W", "", "", "", ""]))
    steps = box.run_all()
    assert [type(s) for s in steps] == [Placement, FloorPenalty, EndBonus]
    assert steps[0].points == 5 and steps[2].rows == 1 and steps[2].points == 2
    assert box.board.score == 17
    assert "end of the game: bonus +2" in box.explanation
    assert steps == Scenario.from_dict(scenario(score=10, wall=["BYRK.", ".....", ".....", ".....",
                                                                 "....."],
                                                pattern_lines=["W", "", "", "", ""])).tile().steps


def test_back_and_reset():
    box = WallSandbox()
    box.load(EXAMPLE)
    start = state(box)
    box.step()
    box.step()
    after_one = box.steps[:1]
    box.back()
    assert box.steps == after_one and box.board.score == 14
    box.choose("W")
    box.click("line:0")  # no editing while the tiling runs
    assert "Reset" in box.message and box.steps == after_one
    box.back()
    box.back()
    assert "no step to take back" in box.message
    box.reset()
    assert not box.running and state(box) == start
    box.click("line:0")
    assert box.message == "" and box.board.pattern_lines()[0] == "W"


def test_the_coloured_wall_has_no_column_to_choose():
    box = WallSandbox()
    box.load(EXAMPLE)
    before = state(box)
    box.click("column:2")
    assert "own cell" in box.message and state(box) == before


# --- the wall sandbox: the gray wall ----------------------------------------------------------------


def gray_box() -> WallSandbox:
    """Built by clicks: yellow at row 1, column 2 and red at row 2, column 0; B on line 0, WW on
    line 1, KKKK on line 3, the marker on the floor; score 5."""
    box = WallSandbox(wall="gray", score=5)
    for tool, key in [("Y", "wall:1,2"), ("R", "wall:2,0"), ("B", "line:0"), ("W", "line:1"),
                      ("W", "line:1"), *[("K", "line:3")] * 4, ("marker", "floor")]:
        box.choose(tool)
        box.click(key)
        assert box.message == ""
    return box


def test_gray_columns_are_chosen_by_clicks():
    box = gray_box()
    assert box.waiting == 0
    box.step()  # line 0 waits for its column
    assert box.steps == [] and box.running and box.waiting == 0
    assert "say in which column its blue tile goes (0 or 1 or 2 or 3 or 4)" in box.message
    assert "click a column" in box.explanation
    assert 'data-key="wall:0,3"' in box.svg
    box.click("column:2")  # blue above the yellow: 2 down
    assert box.steps[-1].column == 2 and box.steps[-1].points == 2
    before = state(box)
    box.click("column:2")  # line 1 (white): column 2 holds yellow already in row 1
    assert "already holds yellow" in box.message and state(box) == before
    box.click("wall:3,1")  # not line 1's row
    assert "line 1 is next" in box.message and state(box) == before
    box.click("wall:1,1")
    assert box.steps[-1].points == 2 and "2 across = 2" in box.explanation
    box.run_all()  # stops at line 3, which waits for its column
    assert "black tile goes" in box.message and len(box.steps) == 2 and box.waiting == 3
    box.click("column:2")
    before = state(box)
    box.click("column:0")  # nothing waits any more
    assert box.message and state(box) == before
    box.run_all()
    assert box.finished and box.board.score == 9
    chosen = box.to_scenario()
    assert chosen.gray_columns == [[2, 1, None, 2, None]]
    assert box.steps == chosen.tile().steps  # the engine's tiling with the same choices


def test_a_gray_column_that_repeats_a_colour_is_refused():
    box = gray_box()
    box.choose("B")
    box.click("wall:4,3")  # blue in column 3, so line 0's blue cannot go to column 3
    box.step()
    before = state(box)
    box.click("column:3")
    assert "column 3 of your wall already has blue" in box.message
    assert state(box) == before


def test_a_gray_line_with_no_free_cell_goes_to_the_floor():
    box = WallSandbox()
    box.load(scenario(wall_kind="gray", wall=["BYRK.", "....W", ".....", ".....", "....."],
                      pattern_lines=["W", "", "", "", ""]))
    steps = box.run_all()
    assert isinstance(steps[0], ToFloor) and steps[0].tiles == 1
    assert steps[1].tiles == 1 and steps[1].penalty == -1


def test_gray_choices_are_saved_loaded_and_replayed(tmp_path):
    box = gray_box()
    assert box.save(tmp_path / "unchosen.json") is None  # the format needs every column
    assert "gray_columns" in box.message and not (tmp_path / "unchosen.json").exists()
    box.step()
    for key in ("column:2", "wall:1,1", "column:4"):
        box.click(key)
    box.run_all()
    path = box.save(tmp_path / "gray.json")
    assert box.message == ""
    again = WallSandbox()
    again.load(path)
    assert again.wall == "gray" and again.to_scenario().to_dict() == box.to_scenario().to_dict()
    again.run_all()
    assert again.steps == box.steps
    again.back()  # the floor
    again.back()  # line 3's placement: its column is forgotten, the next step asks again
    assert again.to_scenario().gray_columns[0][3] is None
    again.step()
    assert "black tile goes" in again.message


def test_load_refuses_bad_files_and_changes_nothing(tmp_path):
    box = WallSandbox()
    box.load(EXAMPLE)
    before = state(box)
    box.load('{"game": "azul", "wall": "colored", "players": [{"pattern_lines": '
             '["", "YYY", "", "", ""]}]}')
    assert box.message == "players[0].pattern_lines[1]: line 1 holds at most 2 tiles, not 3"
    box.load(tmp_path / "missing.json")
    assert "cannot read" in box.message
    box.load("{not json")
    assert "not valid JSON" in box.message
    assert state(box) == before


def test_save_and_load_round_trip(tmp_path):
    box = WallSandbox()
    box.load(EXAMPLE)
    path = box.save(tmp_path / "position.json")
    assert Scenario.load(path).to_dict() == EXAMPLE
    other = WallSandbox()
    other.load(path)
    assert other.to_scenario().to_dict() == EXAMPLE and other.svg == box.svg


# --- the game table ---------------------------------------------------------------------------------


def source_key(move: Take) -> str:
    letter = LETTERS[move.colour]
    return f"centre:{letter}" if move.source == CENTRE else f"factory:{move.source}:{letter}"


def table_state(table: AzulTable) -> tuple:
    return table.game.to_dict(), table.log, table.svg


def test_table_seats_and_a_clicked_move_answered_by_the_greedy_opponent():
    table = AzulTable(2, seed=3)
    assert isinstance(table, w.VBox) and table.seats == ["human", "greedy"]
    table.click("factory:0:Y")
    assert table.selected == "factory 0: yellow"
    assert "line 0, line 1, line 2, line 3, line 4 or the floor" in table.status_box.value
    assert "factory:0:Y" in table.svg
    front_end_click(table, "player:0:line:1")
    assert table.message == ""
    assert table.game.boards[0].pattern_lines()[1] == "YY"
    assert table.game.current == 0  # the opponent has answered
    assert table.log[-2] == "player 1 (human) took 2 yellow from factory 0 to line 1"
    assert table.log[-1].startswith("player 2 (greedy) took")
    assert table.selected is None


def test_factories_and_the_centre_are_clickable_as_a_whole():
    svg = AzulTable(2, seed=3).svg
    assert 'data-key="centre"' in svg and 'data-key="factory:4"' in svg


def test_a_second_click_on_the_selection_puts_it_back():
    table = AzulTable(2, seed=3)
    table.click("factory:0:Y")
    table.click("factory:0:Y")
    assert table.selected is None and table.message == ""


@pytest.mark.parametrize("clicks, words", [
    (["line:1"], "first choose tiles"),
    (["factory:0:B"], "factory 0 has no blue tiles (it holds yellow, red, black)"),
    (["centre:R"], "the centre has no red tiles"),
    (["factory:7:R"], "there is no factory 7"),
    (["factory:0:Y", "player:1:line:1"], "that is player 2's board: player 1 is to move"),
    (["factory:0:Y", "column:2"], "it is the factory offer"),
    (["factory:0:Q"], "is not a place on this table"),
    (["centre"], "it holds only the first-player marker, which cannot be taken on its own"),
    (["factory:0"], "factory 0 holds yellow, red and black: click the tiles of one colour"),
    (["bag"], "is not a place on this table"),
])
def test_illegal_table_clicks_change_nothing(clicks, words):
    table = AzulTable(2, seed=3)
    *first, last = clicks
    for key in first:
        table.click(key)
    before = table_state(table)
    table.click(last)
    assert words in table.message
    assert table_state(table) == before


def test_an_illegal_line_shows_the_engines_message_and_keeps_the_selection():
    table = AzulTable(2, seed=3, auto=False)
    table.act("factory 0: yellow -> line 1")
    table.act("factory 1: blue -> line 1")
    table.click("factory:2:Y")
    before = table_state(table)
    table.click("line:1")  # line 1 is full of yellow
    assert table.message == "line 1 is full: it already holds 2 yellow tiles"
    assert table_state(table) == before and table.selected == "factory 2: yellow"
    table.click("line:2")
    assert table.message == "" and table.game.boards[0].pattern_lines()[2] == "YY"


def test_act_plays_text_moves_and_refuses_bad_ones():
    table = AzulTable(2, seed=3, auto=False)
    before = table_state(table)
    table.act("factory 0: purple -> line 1")
    assert "not a colour" in table.message and table_state(table) == before
    table.act("factory 0: blue -> line 1")
    assert "factory 0 has no blue tiles" in table.message and table_state(table) == before
    table.act("factory 0: yellow -> floor")
    assert table.game.boards[0].floor_text() == "YY" and table.game.current == 1


def test_computer_seats_play_on_step_and_run_opponents_only():
    table = AzulTable(3, seats=["human", "random", "greedy"], seed=4, auto=False)
    table.step()
    assert "human seat" in table.message
    table.act(str(table.game.legal_moves()[0]))
    assert table.game.current == 1
    table.click("factory:1:B")
    assert "computer seat (random)" in table.message
    table.step()
    assert table.game.current == 2 and table.log[-1].startswith("player 2 (random) took")
    table.run_opponents()
    assert table.game.current == 0
    table.run_opponents()
    assert "human seat" in table.message


def test_undo_and_redo():
    table = AzulTable(2, seed=3)
    start = table_state(table)
    table.click("factory:0:Y")
    table.click("line:1")
    played = table_state(table)
    table.undo()
    assert table_state(table) == start
    table.redo()
    assert table_state(table) == played
    table.undo()
    table.undo()
    assert table.message == "nothing to undo"
    table.redo()
    table.redo()
    assert table.message == "nothing to redo" and table_state(table) == played


def test_a_whole_game_against_greedy_through_clicks_matches_the_engine():
    table = AzulTable(2, seed=11)
    me = GreedyPolicy()  # the human clicks what greedy would play
    while not table.game.over:
        move = me(table.game)
        table.click(source_key(move))
        table.click("floor" if move.line == FLOOR else f"player:0:line:{move.line}")
        assert table.message == ""
    engine = play_out(Game(2, seed=11), [GreedyPolicy(), GreedyPolicy()])
    assert table.game.scores() == engine.scores() and table.game.phase == OVER
    winners = ", ".join(map(str, engine.winners()))
    assert table.log[-1].startswith("game over") and winners in table.log[-1]
    assert any("end of the game: bonus" in line for line in table.log)
    assert any("floor:" in line for line in table.log)
    assert any("across" in line or "alone" in line for line in table.log)
    table.click("factory:0:B")
    assert "the game is over" in table.message


def test_a_gray_wall_game_with_column_clicks():
    table = AzulTable(2, seed=5, wall="gray")
    me = GreedyPolicy()
    tiled = refused = False
    while not table.game.over:
        game = table.game
        move = me(game)
        if game.phase == TILING:
            board = game.boards[0]
            line = board.next_complete_line()
            assert move.line == line
            if not refused:  # a column that repeats a colour, a line click, another row
                taken = [c for c in range(5) if board.colour_at(line, c) != -1]
                before = table_state(table)
                for key in ("line:0", f"wall:{(line + 1) % 5},{move.column}",
                            *(f"column:{c}" for c in taken[:1])):
                    table.click(key)
                    assert table.message and table_state(table) == before
                refused = True
            table.click("floor" if move.column == FLOOR else
                        f"column:{move.column}" if tiled else f"wall:{line},{move.column}")
            tiled = True
        else:
            table.click(source_key(move))
            table.click("floor" if move.line == FLOOR else f"line:{move.line}")
        assert table.message == ""
    assert tiled and refused
    engine = play_out(Game(2, seed=5, wall="gray"), [GreedyPolicy(), GreedyPolicy()])
    assert table.game.scores() == engine.scores()
    assert any(line.startswith("wall tiling on the gray wall") for line in table.log)


def test_computer_seats_alone_play_a_four_player_game():
    table = AzulTable(4, seats=["random", "greedy", "random", "greedy"], seed=2)
    table.run_opponents()
    assert table.game.over and table.log[-1].startswith("game over")
    rounds = [line for line in table.log if line.startswith("round ")]
    assert len(rounds) == table.game.round
    table.undo()
    assert table.game.round == 1 and len(table.log) == 2


def test_table_seats_must_fit():
    with pytest.raises(ValueError, match="one seat per player"):
        AzulTable(3, seats=["human", "greedy"])
    with pytest.raises(ValueError, match="a seat is one of"):
        AzulTable(2, seats=["human", "clever"])


# --- the what-if comparison --------------------------------------------------------------------------


def variant() -> dict:
    data = json.loads(json.dumps(EXAMPLE))
    data["players"][0]["pattern_lines"][2] = "RRR"  # the red line completed too
    data["players"][0]["floor"] = "F"
    return data


def test_compare_difference_matches_the_engine():
    compare = TilingCompare(json.dumps(EXAMPLE), variant(), labels=("as is", "red done"))
    assert isinstance(compare, w.VBox)
    a, b = compare.breakdowns().values()
    assert a == {"placements": 3, "floor": -2, "bonus": 0, "total": 1, "before": 12,
                 "final": 13}
    assert (b["placements"], b["floor"], b["final"]) == (4, -1, 15)
    assert compare.difference() == {"placements": 1, "floor": 1, "bonus": 0, "total": 2,
                                    "final": 2}
    results = [Scenario.from_dict(EXAMPLE).tile(), Scenario.from_dict(variant()).tile()]
    for label, result in zip(compare.labels, results, strict=True):
        parts = compare.breakdowns()[label]
        assert {k: parts[k] for k in breakdown(result)} == breakdown(result)
        assert parts["final"] == result.boards[0].score
    text = compare.explanation
    assert "final score: as is 13, red done 15: red done \u2212 as is = +2" in text
    assert "line 1: 2 across = 2" in text
    assert "as is \u2014 after the tiling" in compare.svg


def test_compare_accepts_boards_and_scenarios_and_notes_the_clamp():
    low = Scenario.from_dict(scenario(score=1, floor="FBBY"))
    high = Scenario.from_dict(scenario(score=9, floor="FBBY")).boards[0]
    compare = TilingCompare(low, high)
    assert compare.difference() == {"placements": 0, "floor": -5, "bonus": 0, "total": -5,
                                    "final": 3}
    assert "clamped at 0: A" in compare.explanation


def test_compare_chooses_among_players():
    two = {"game": "azul", "wall": "colored",
           "players": [EXAMPLE["players"][0], {"score": 3, "pattern_lines": ["B", "", "", "", ""]}]}
    compare = TilingCompare(two, two)
    compare.choose_player(1)
    assert compare.player == 1 and compare.breakdowns()["A"]["final"] == 4
    compare.choose_player(2)
    assert "players 1 to 2, not 3" in compare.message and compare.player == 1


# --- the learner's language -----------------------------------------------------------------------


@pytest.fixture
def pseudo_dutch(stand_in):
    """Dutch texts that differ from the English ones ("[nl] ..."), whatever the Dutch catalogue
    holds yet, so a word that does not follow the language shows up. English stays in force: each
    test chooses Dutch itself."""
    for package in ("tabletop", "azul", "harmonies"):
        stand_in(package, "nl", {key: {form: f"[nl] {v}" for form, v in text.items()}
                                 if isinstance(text, dict) else f"[nl] {text}"
                                 for key, text in i18n.table(package, "en").items()}, only=True)
    i18n.set_language("en")


def parts(widget, kind) -> list:
    """The controls of type ``kind`` inside ``widget``, in the order shown."""
    found = [widget] if isinstance(widget, kind) else []
    for child in getattr(widget, "children", ()):
        found += parts(child, kind)
    return found


def labels(widget) -> list[tuple[str, str]]:
    return [(b.description, b.tooltip) for b in parts(widget, w.Button)]


def test_every_seat_has_a_name():
    for seat in SEATS:
        assert f"widgets.seat.{seat}" in t


def test_the_sandbox_follows_the_language(pseudo_dutch):
    box = WallSandbox()
    box.set_wall("gray")
    box.choose("erase")
    box.click("floor")  # a warning
    i18n.set_language("nl")
    keys = ("step", "run_all", "back", "reset", "hint", "save", "link")
    expected = [(t(f"widgets.sandbox.button.{k}"),) * 2 for k in keys]
    expected[4] = (t("widgets.sandbox.button.hint"), t("widgets.sandbox.tip.hint"))
    expected[5] = (t("widgets.sandbox.button.save"), common("files.save.tip"))
    expected[6] = (t("widgets.sandbox.button.link"), t("widgets.sandbox.tip.link"))
    assert labels(box) == expected
    assert labels(box)[0] == ("[nl] Step", "[nl] Step")
    assert (box._walls.description, box._score.description) == (
        t("widgets.sandbox.label.wall"), t("widgets.sandbox.label.score"))
    assert (box._upload.description, box._upload.tooltip) == (
        t("widgets.sandbox.button.load"), common("files.upload.tip"))
    names = [colour_title(x) for x in "BYRKW"]
    names += [t("widgets.sandbox.tool_button.marker"), t("widgets.sandbox.tool_button.erase")]
    assert list(box._tools.options) == list(zip(names, TOOLS, strict=True))
    assert list(box._walls.options) == [(t("widgets.sandbox.wall_button.colored"), "colored"),
                                        (t("widgets.sandbox.wall_button.gray"), "gray")]
    # the new options did not change the tool or the wall
    assert (box.tool, box._tools.value, box.wall, box._walls.value) == ("erase", "erase", "gray", "gray")
    assert box.message == t("widgets.sandbox.floor_empty") == "[nl] the floor line is already empty"
    editing = t("widgets.sandbox.editing", wall=t("widgets.wall.gray"),
                tool=t("widgets.sandbox.tool.erase"))
    assert box.explanation == editing and escape(editing) in box._text.value
    assert 'lang="nl"' in box._text.value and 'lang="nl"' in box._warning.value
    assert escape(t("widgets.sandbox.title.editing", wall=t("widgets.wall.gray"))) in box.svg
    i18n.set_language("en")
    assert box.message == "the floor line is already empty" and labels(box)[0] == ("Step", "Step")


def test_the_table_follows_the_language(pseudo_dutch):
    table = AzulTable(2, seed=3)
    table.click("factory:0:Y")
    table.click("line:1")
    chosen = next(m for m in table.game.legal_moves() if m.source != CENTRE)
    table.click(source_key(chosen))
    table.click("bag")
    i18n.set_language("nl")
    assert labels(table) == [(t("widgets.table.button.step"), t("widgets.table.tip.step")),
                             *[(t(f"widgets.table.button.{k}"),) * 2
                               for k in ("run_opponents", "undo", "redo", "play")],
                             (t("widgets.table.button.hint"), t("widgets.table.tip.hint")),
                             (common("bylink.send"), common("bylink.send.tooltip")),
                             (t("widgets.table.button.new_game"), t("widgets.table.tip.new_game"))]
    assert parts(table, w.Checkbox)[0].description == t("widgets.table.label.auto")
    assert table.message == t("widgets.table.not_a_place", key="'bag'")
    assert table.log[-2] == t("widgets.table.log.took", player=1, seat=t("widgets.seat.human"), n=2,
                              colour=colour_title("Y"), source=t("widgets.place.factory", factory=0),
                              target=t("widgets.place.line", line=1))
    assert all("[nl]" in line for line in table.log)
    assert table.selected == t("widgets.table.selected.factory", factory=chosen.source,
                               colour=colour_title(chosen.colour))
    status = table.status_box.value
    assert 'lang="nl"' in status and escape(table.selected) in status
    assert escape(t("widgets.place.line", line=0)) in status and "[nl] round 1" in status
    i18n.set_language("en")
    assert table.log[-2] == "player 1 (human) took 2 yellow from factory 0 to line 1"
    assert table.message == "'bag' is not a place on this table"


def test_the_comparison_follows_the_language(pseudo_dutch):
    two = {"game": "azul", "wall": "colored",
           "players": [EXAMPLE["players"][0], {"score": 3, "pattern_lines": ["B", "", "", "", ""]}]}
    compare = TilingCompare(two, two)
    compare.choose_player(1)
    compare.choose_player(5)
    i18n.set_language("nl")
    menu = compare._players
    assert list(menu.options) == [(t("widgets.compare.player", player=p + 1), p) for p in (0, 1)]
    assert menu.description == t("widgets.compare.label.player")
    assert compare.player == 1 and menu.value == 1  # the new options chose nothing
    assert compare.message == t("widgets.compare.no_such_player", last=2, player=6)
    assert all(line.startswith("[nl] ") for line in compare.explanation.split("\n"))
    assert escape(t("widgets.compare.row.final")) in compare._table.value
    assert 'lang="nl"' in compare._table.value
    assert escape(t("widgets.compare.title.after", label="A")) in compare.svg


@pytest.mark.parametrize("make", [WallSandbox, lambda: AzulTable(2, seed=3),
                                  lambda: TilingCompare(EXAMPLE, variant())])
def test_persian_turns_a_widget_right_to_left(make):
    widget = make()
    assert "tabletop-rtl" not in widget._dom_classes and (widget.lang, widget.dir) == ("en", "ltr")
    i18n.set_language("fa")
    assert "tabletop-rtl" in widget._dom_classes and "tabletop-localised" in widget._dom_classes
    assert (widget.lang, widget.dir) == ("fa", "rtl")
    shown = [h.value for h in parts(widget, w.HTML) if h.value]
    assert shown and all('lang="fa" dir="rtl"' in value for value in shown)
    i18n.set_language("en")
    assert "tabletop-rtl" not in widget._dom_classes and (widget.lang, widget.dir) == ("en", "ltr")
    assert all('lang="en" dir="ltr"' in h.value for h in parts(widget, w.HTML) if h.value)


def test_the_language_in_force_again_redraws_nothing(monkeypatch):
    box = WallSandbox()
    calls = []
    monkeypatch.setattr(box, "relabel", lambda: calls.append(i18n.language()))
    i18n.set_language("en")
    assert calls == []
    i18n.set_language("vi")
    assert calls == ["vi"]
