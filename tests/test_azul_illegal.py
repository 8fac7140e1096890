"""Illegal moves of every kind: a specific exception, a message in plain words, and a state left
exactly as it was (compared with a snapshot that includes the engine's caches)."""

import pytest

from azul import (
    CellTaken,
    ColourNotThere,
    ColumnHasColour,
    FloorNotAllowed,
    Game,
    GameOver,
    IllegalMove,
    LineFull,
    LineHoldsOtherColour,
    MoveSyntaxError,
    NoSuchSource,
    NotThisLine,
    WallRowHasColour,
    WrongColour,
    WrongPhase,
    play_out,
)
from azul.policies import RandomPolicy


def snapshot(game):
    return (game.to_dict(), [b.accepts[:] for b in game.boards], game.tiles_on_table,
            list(game.last_tiling))


def offer():
    """Player 0 to move: red on line 3, yellow on the wall in row 2, line 1 full of blue."""
    return Game.from_position(
        [{"wall": [".....", ".....", "...Y.", ".....", "....."],
          "pattern_lines": ["", "BB", "", "RR", ""], "floor": "W"}, {}],
        ["BBYR", "YYKW", "", "", "RRRR"], "KW")


def gray_tiling():
    """Gray wall, tiling phase: player 0 must place line 1 (yellow), then line 2 (black)."""
    game = Game.from_position(
        [{"wall": ["B....", "R.K..", ".....", ".....", "..Y.."],
          "pattern_lines": ["", "YY", "KKK", "", ""]}, {}],
        ["", "", "", "", ""], "W", wall="gray")
    game.play("centre: white -> floor")
    assert game.phase == "tiling"
    return game


def finished():
    return play_out(Game(2, seed=3), RandomPolicy(3))


CASES = [
    (offer, "factory 7: blue -> line 0", NoSuchSource,
     "there is no factory 7: a 2-player game has factories 0 to 4"),
    (offer, "factory 1: blue -> line 0", ColourNotThere,
     "factory 1 has no blue tiles (it holds yellow, black, white)"),
    (offer, "factory 2: blue -> line 0", ColourNotThere, "factory 2 has no blue tiles: it is empty"),
    (offer, "factory 4: black -> line 0", ColourNotThere, "factory 4 has no black tiles"),
    (offer, "centre: red -> line 0", ColourNotThere, "the centre has no red tiles"),
    (offer, "factory 0: blue -> line 1", LineFull, "line 1 is full"),
    (offer, "factory 0: blue -> line 3", LineHoldsOtherColour,
     "line 3 already holds red: blue cannot join it"),
    (offer, "factory 1: yellow -> line 2", WallRowHasColour, "your wall row 2 already has yellow"),
    (offer, "line 0: blue -> column 0", WrongPhase, "it is the factory offer"),
    (offer, "factory one: blue -> line 0", MoveSyntaxError, "cannot read"),
    (gray_tiling, "centre: black -> line 0", WrongPhase, "it is the wall tiling"),
    (gray_tiling, "line 2: black -> column 1", NotThisLine, "line 1 is next"),
    (gray_tiling, "line 1: blue -> column 1", WrongColour, "line 1 holds yellow, not blue"),
    (gray_tiling, "line 1: yellow -> column 0", CellTaken,
     "row 1, column 0 of your wall already holds red"),
    (gray_tiling, "line 1: yellow -> column 2", CellTaken, "already holds black"),
    (finished, "factory 0: blue -> line 0", GameOver, "the game is over"),
    (finished, "line 0: blue -> column 0", GameOver, "the game is over"),
]


@pytest.mark.parametrize(("setup", "text", "error", "words"), CASES,
                         ids=[f"{c[2].__name__}:{c[1]}" for c in CASES])
def test_illegal_move_raises_a_specific_error_and_changes_nothing(setup, text, error, words):
    game = setup()
    before = snapshot(game)
    rng_before = game.rng.getstate()
    with pytest.raises(error) as caught:
        game.play(text)
    assert words in str(caught.value)
    assert snapshot(game) == before
    assert game.rng.getstate() == rng_before


def test_illegal_moves_are_illegal_moves_and_value_errors():
    game = offer()
    with pytest.raises(IllegalMove):
        game.play("factory 0: blue -> line 1")
    with pytest.raises(ValueError):
        game.play("factory 0: blue -> line 1")


def test_gray_column_and_floor_errors_after_an_earlier_choice():
    game = gray_tiling()
    game.play("line 1: yellow -> column 1")
    before = snapshot(game)
    with pytest.raises(ColumnHasColour, match="column 2 of your wall already has black"):
        game.play("line 2: black -> column 2")
    with pytest.raises(FloorNotAllowed):
        game.play("line 2: black -> floor")
    with pytest.raises(NotThisLine):
        game.play("line 1: yellow -> column 3")  # line 1 is done: line 2 is next
    assert snapshot(game) == before


def test_something_that_is_not_a_move_is_a_type_error():
    game = offer()
    before = snapshot(game)
    with pytest.raises(TypeError):
        game.play(("factory", 0))
    assert snapshot(game) == before


def test_every_take_outside_legal_moves_is_refused_without_change():
    from azul.moves import _TAKES

    game = offer()
    legal = set(game.legal_moves())
    before = snapshot(game)
    for move in _TAKES.values():
        if move not in legal:
            with pytest.raises(IllegalMove):
                game.play(move)
            assert snapshot(game) == before
    for move in legal:
        game.copy().play(move)  # and every listed one is accepted
