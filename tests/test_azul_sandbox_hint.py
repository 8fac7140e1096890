"""The coach in the wall sandbox: ``advise_board`` and ``best_cells`` on one board, the Hint button."""

from __future__ import annotations

from html import escape

from examples import AZUL_EXAMPLE as EXAMPLE
from machines import labelled_buttons

from azul import TILING, Board, Place, Scenario, advise_board, best_cells
from azul.advisor import board_game
from azul.locale import t
from azul.tiling import placement_points
from azul.widgets import WallSandbox
from tabletop import i18n

GHOST = 'stroke-dasharray="4,3"'  # how the drawing marks a coach's tile that is not there yet


def gray_board() -> Board:
    """Gray wall: line 1 holds two red tiles (complete), row 1 has yellow in column 1."""
    return Board.from_dict({"score": 12, "wall": ["B....", ".Y...", ".....", ".....", "....."],
                            "pattern_lines": ["", "RR", "R", "", "KKKKK"], "floor": "FB"}, True)


# --- the rules layer ---------------------------------------------------------------------------


def test_best_cells_of_the_example_rank_the_cell_next_to_two_tiles_first():
    board = Scenario.from_dict(EXAMPLE).boards[0]
    cells = best_cells(board)
    first = cells[0]
    # After the tiling, yellow sits at row 1, column 2: a yellow tile at row 0, column 1 touches
    # the blue at (0, 0) across and the blue at (1, 1) down: 2 + 2.
    assert (first.row, first.column, first.colour, first.points) == (0, 1, 1, 4)
    assert [c.value for c in cells] == sorted((c.value for c in cells), reverse=True)
    assert str(first).startswith("row 0, column 1 (yellow): A tile here would score 4 points.")
    # never a cell the tiling fills, nor a row whose line holds another colour's tile elsewhere
    assert all((c.row, c.column) not in {(0, 0), (1, 1), (1, 2), (4, 2)} for c in cells)
    assert {c.column for c in cells if c.row == 2} == {4}  # line 2 holds red: only red's cell
    assert all(c.row != 4 for c in cells)  # line 4 is complete: it goes to the wall now


def test_best_cells_name_the_bonus_a_cell_finishes():
    board = Board.from_dict({"score": 0, "wall": ["BYRK.", ".....", ".....", ".....", "....."],
                             "pattern_lines": ["", "", "", "", ""], "floor": ""}, False)
    first = best_cells(board, top=1)[0]
    assert (first.row, first.column, first.points) == (0, 4, 5)
    assert first.value > 5 + 1  # the row bonus counts in the ranking
    assert "It completes row 0: +2 at the end of the game." in str(first)


def test_best_cells_on_the_gray_wall_may_leave_the_colour_open():
    board = gray_board()
    cells = best_cells(board)
    assert any(c.colour is None for c in cells)
    assert all(c.colour == 2 for c in cells if c.row == 2)  # line 2 holds red
    opened = next(c for c in cells if c.colour is None)
    assert "a colour its row and column still lack" in str(opened)


def test_the_game_built_from_a_board_waits_for_its_column():
    game = board_game(gray_board())
    assert game.phase == TILING and game.current == 0 and game.marker_holder == 0
    assert game.tile_counts() == [20] * 5
    assert game.legal_moves() == [Place(1, 2, c) for c in (0, 2, 3, 4)]


def test_advise_board_ranks_the_columns_of_the_complete_line():
    board = gray_board()
    advice = advise_board(board)
    assert [a.move.column for a in advice][:2] == [0, 2]  # next to blue above and yellow beside
    best = advice[0]
    assert best.move == Place(1, 2, 0) and placement_points(board.wall, 1, 0) == 4
    # the other seat of the game is an empty board: no reason compares with it
    assert not any("the others" in str(r) for a in advice for r in a.reasons)
    assert best.playouts and "advisor.reason.search" in [r.key for r in best.reasons]  # the rest stays
    assert advise_board(board) == advice  # the same board, the same answer
    coloured = Board.from_dict({**board.to_dict(), "wall": ["B...."] + ["....."] * 4}, False)
    assert advise_board(coloured) == []  # the coloured wall leaves no choice
    assert advise_board(Board(gray=True)) == []  # no complete line: no choice to make


# --- the widget --------------------------------------------------------------------------------


def test_hint_in_the_sandbox_shows_the_best_cells_as_ghost_tiles_with_reasons():
    box = WallSandbox(Scenario.from_dict(EXAMPLE).boards[0])
    assert box.hints == [] and box.hint_cells() == [] and GHOST not in box.svg
    labelled_buttons(box)["Hint"].click()
    assert box.message == ""
    assert len(box.hints) == 3 and box.hint_cells()[0] == (0, 1, 1)
    assert box.svg.count(GHOST) == 3
    shown = box._hint_box.value
    assert escape(t("widgets.sandbox.hint.cells")) in shown
    assert escape("row 0, column 1 (yellow)") in shown
    box.choose("Y")
    box.click("line:0")  # a change of the board puts the hint away
    assert box.message == ""
    assert box.hints == [] and box._hint_box.value == "" and GHOST not in box.svg


def test_hint_on_the_gray_wall_asks_the_coach_for_the_column():
    box = WallSandbox(gray_board(), wall="gray")
    box.step()
    assert box.waiting == 1
    box.hint()
    assert box.hint_cells()[0] == (1, 0, 2)
    assert box.hints[0].startswith("line 1: red → column 0")
    assert escape(t("widgets.sandbox.hint.columns", line=1)) in box._hint_box.value
    box.click("column:0")  # the advised column: the next line waits, the hint is gone
    assert box.hints == [] and box.waiting == 4


def test_hint_after_the_steps_answers_for_the_board_after_them():
    box = WallSandbox(Scenario.from_dict(EXAMPLE).boards[0])
    box.run_all()
    assert box.finished
    box.hint()
    tiled = box.board
    assert box.hints and all(tiled.colour_at(r, c) == -1 for r, c, _ in box.hint_cells())
    assert box.svg.count(GHOST) == 3  # drawn beside the last step's picture


def test_hint_with_nothing_to_aim_at_says_so():
    board = Board.from_dict({"score": 3, "wall": ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"],
                             "pattern_lines": ["", "", "", "", ""], "floor": ""}, False)
    box = WallSandbox(board)
    box.hint()
    assert box.hints == [] and box.message == t("widgets.sandbox.hint.nothing")


def test_sandbox_hint_follows_the_language():
    box = WallSandbox(Scenario.from_dict(EXAMPLE).boards[0])
    box.hint()
    english = box.hints[0]
    i18n.set_language("nl")
    assert box.hints[0] != english and box.hints[0].startswith("rij 0, kolom 1")
    assert 'lang="nl"' in box._hint_box.value
    assert t("widgets.sandbox.button.hint") in labelled_buttons(box)


def test_move_keys_ring_an_advised_move_on_the_table():
    from azul import CENTRE, FLOOR, Game, Take
    from azul.draw import game_scene, move_keys

    game = Game(2, seed=3)
    take = Take(0, game.factories[0].index(max(game.factories[0])), 1)
    assert move_keys(take, 0) == [f"factory:0:{'BYRKW'[take.colour]}", "player:0:line:1"]
    assert move_keys(Take(CENTRE, 2, FLOOR), 1) == ["centre:R", "player:1:floor"]
    assert move_keys(Place(1, 2, 0), 0) == ["player:0:wall:1,0"]
    assert move_keys(Place(1, 2, FLOOR), 1) == ["player:1:floor"]
    plain = game_scene(game).to_svg().count('stroke="#e6007e"')
    assert game_scene(game, highlight=move_keys(take, 0)).to_svg().count(
        'stroke="#e6007e"') == plain + game.factories[0][take.colour] + 1  # each tile, the line
