"""Scenario files: reading and checking them, and the what-if tiling they answer."""

import pytest
from examples import AZUL_EXAMPLE as EXAMPLE

from azul import Game, Scenario, ScenarioError


def scenario(players, wall="colored"):
    return {"game": "azul", "wall": wall, "players": players}


def test_the_example_of_the_issue():
    result = Scenario.from_dict(EXAMPLE).tile()
    assert result.to_dict() == {
        "game_over": False, "winners": [],
        "players": [{"placements": [
            {"line": 1, "row": 1, "column": 2, "colour": "Y", "points": 2},
            {"line": 4, "row": 4, "column": 2, "colour": "K", "points": 1}],
            "to_floor": [], "floor_penalty": -2, "bonus": 0, "score": 13}]}


def test_tiling_a_scenario_does_not_change_it():
    s = Scenario.from_dict(EXAMPLE)
    before = s.to_dict()
    s.tile()
    assert s.to_dict() == before == EXAMPLE


def test_a_completed_row_ends_the_game_with_bonuses_and_winners():
    result = Scenario.from_dict(scenario([
        {"score": 5, "wall": ["BYRK.", ".....", ".....", ".....", "....."],
         "pattern_lines": ["W", "", "", "", ""]},
        {"score": 12}])).tile()
    report = result.to_dict()
    assert report["players"][0]["bonus"] == 2 and report["players"][0]["score"] == 5 + 5 + 2
    # tied on 12 points: player 0's complete row breaks the tie
    assert report["game_over"] and report["winners"] == [0]
    assert "The game is over" in result.explain() and "Winner: player 1" in result.explain()


def test_explain_tells_the_story_in_words():
    text = Scenario.from_dict(EXAMPLE).tile().explain()
    assert "player 1 (score 12):" in text
    assert "yellow goes to row 1, column 2; it makes a horizontal run of 2" in text
    assert "floor: 2 tiles, -2 (score 13)" in text
    assert "The game goes on" in text


def test_gray_scenario_with_choices_and_a_line_sent_to_the_floor():
    s = Scenario.from_dict(scenario([
        {"wall": ["B....", ".YRKW", ".....", ".....", "....."],
         "pattern_lines": ["Y", "BB", "", "", ""], "gray_columns": [4, None, None, None, None]}],
        wall="gray"))
    report = s.tile().to_dict()["players"][0]
    assert report["placements"] == [{"line": 0, "row": 0, "column": 4, "colour": "Y",
                                     "points": 2}]
    assert report["to_floor"] == [{"line": 1, "colour": "B", "tiles": 2}]
    assert report["floor_penalty"] == -2 and report["score"] == 0
    assert Scenario.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_a_scenario_from_a_game():
    game = Game(2, seed=4)
    s = Scenario.from_game(game)
    assert s.to_dict()["players"] == [b.to_dict() for b in game.boards]


ROW = ["....."] * 5


@pytest.mark.parametrize(("data", "field", "words"), [
    ([], "file", "expected an object"),
    ({"wall": "colored", "players": [{}]}, "game", "missing"),
    ({**EXAMPLE, "game": "harmonies"}, "game", "must be one of 'azul'"),
    ({**EXAMPLE, "wall": "grey"}, "wall", "must be one of 'colored', 'gray'"),
    ({**EXAMPLE, "notes": "hi"}, "notes", "unknown field"),
    (scenario([]), "players", "expected 1 to 4 players"),
    (scenario([{}] * 5), "players", "expected 1 to 4 players"),
    (scenario([{"score": -1}]), "players[0].score", "at least 0"),
    (scenario([{"score": "12"}]), "players[0].score", "expected a whole number"),
    (scenario([{"pattern_line": []}]), "players[0].pattern_line", "unknown field"),
    (scenario([{"wall": ROW[:4]}]), "players[0].wall", "expected 5 entries, found 4"),
    (scenario([{"wall": ["B...", *ROW[1:]]}]), "players[0].wall[0]", "5 characters"),
    (scenario([{"wall": ["Bx...", *ROW[1:]]}]), "players[0].wall[0]", "'x' in column 1"),
    (scenario([{"wall": [ROW[0], "B....", *ROW[2:]]}]), "players[0].wall[1]",
     "column 0 of row 1 is white on the colored wall, so it cannot hold blue"),
    (scenario([{"wall": ["BB...", *ROW[1:]]}], "gray"), "players[0].wall[0]",
     "blue appears twice in row 0"),
    (scenario([{"wall": ["B....", "B....", *ROW[2:]]}], "gray"), "players[0].wall[1]",
     "blue appears twice in column 0"),
    (scenario([{"pattern_lines": ["", "YR", "", "", ""]}]), "players[0].pattern_lines[1]",
     "one colour only"),
    (scenario([{"pattern_lines": ["", "YYY", "", "", ""]}]), "players[0].pattern_lines[1]",
     "line 1 holds at most 2 tiles, not 3"),
    (scenario([{"pattern_lines": ["", "W", "", "", ""],
                "wall": [ROW[0], "W....", *ROW[2:]]}]), "players[0].pattern_lines[1]",
     "wall row 1 already has white"),
    (scenario([{"pattern_lines": "YY"}]), "players[0].pattern_lines", "expected a list"),
    (scenario([{"floor": "BBBBBBBB"}]), "players[0].floor", "7 slots"),
    (scenario([{"floor": "BQ"}]), "players[0].floor", "'Q' is not a colour letter"),
    (scenario([{"floor": "FF"}]), "players[0].floor", "only one first-player marker"),
    (scenario([{"floor": "F"}, {"floor": "BF"}]), "players[1].floor", "players[0] has it"),
    (scenario([{"pattern_lines": ["", "", "", "", "BBBBB"], "wall": ["B....", *ROW[1:]]}] * 4),
     "players", "the boards hold 24 blue tiles, but the game has only 20"),
    (scenario([{"gray_columns": [0, None, None, None, None]}]), "players[0].gray_columns",
     "only the gray wall"),
    (scenario([{"pattern_lines": ["B", "", "", "", ""],
                "gray_columns": [0, 1, None, None, None]}], "gray"),
     "players[0].gray_columns[1]", "line 1 is not complete"),
    (scenario([{"pattern_lines": ["B", "", "", "", ""],
                "gray_columns": [7, None, None, None, None]}], "gray"),
     "players[0].gray_columns[0]", "between 0 and 4"),
    (scenario([{"pattern_lines": ["", "YY", "", "", ""]}], "gray"),
     "players[0].gray_columns[1]", "line 1 is complete: say in which column its yellow tile"),
    (scenario([{"pattern_lines": ["B", "BB", "", "", ""],
                "gray_columns": [3, 3, None, None, None]}], "gray"),
     "players[0].gray_columns[1]", "column 3 of your wall already has blue"),
    (scenario([{"wall": ["..Y..", *ROW[1:]], "pattern_lines": ["R", "", "", "", ""],
                "gray_columns": [2, None, None, None, None]}], "gray"),
     "players[0].gray_columns[0]", "row 0, column 2 of your wall already holds yellow"),
])
def test_an_invalid_scenario_names_the_field(data, field, words):
    with pytest.raises(ScenarioError) as caught:
        Scenario.from_dict(data)
    assert caught.value.field == field
    assert words in caught.value.message
    assert str(caught.value) == f"{field}: {caught.value.message}"
