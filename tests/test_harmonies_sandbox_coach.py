"""The coach in the scoring sandbox: a game built from a position, the editor's hint, in every language."""

from __future__ import annotations

from collections import Counter
from html import escape

import pytest

from harmonies import POUCH_COUNTS, Board, Colour, HarmoniesError, Scenario, advise, draw
from harmonies import editormodel as editor_module
from harmonies.actions import PlaceCube, PlaceToken
from harmonies.locale import t
from harmonies.positions import game_from_position
from harmonies.widgets import BoardEditor, WhatIf
from tabletop import i18n

#: Notebook 20's position: two animal cards with a cube each, the Tortoise's cube still on its card.
SANDBOX = {
    "game": "harmonies", "side": "A",
    "board": {"a1": ["gray"], "a2": ["gray", "gray"], "a4": ["blue"],
              "b1": ["brown", "green"], "b3": ["brown", "brown", "green"],
              "c1": ["yellow"], "c2": ["brown", "red"], "c4": ["blue"],
              "d1": ["yellow"], "d4": ["blue"], "e4": ["blue"], "e5": ["green"]},
    "cubes": ["d4", "e4"],
    "animals": [{"card": "Alligator", "cubes_placed": 1}, {"card": "Frog", "cubes_placed": 1}],
    "spirit": {"card": "Tortoise", "cube_placed": False},
}


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _position() -> Scenario:
    return Scenario.from_dict(SANDBOX)


# --- the game built from a position ------------------------------------------------------------


def test_the_game_holds_the_position_and_the_hand():
    position = _position()
    game = game_from_position(position, ["blue", "brown", "green"])
    me = game.players[0]
    assert game.current == 0 and not game.over and game.n == 2
    assert me.board == position.board
    assert me.placed == {c.id: k for c, k in position.animals}
    assert sorted(me.held) == sorted(c.id for c, _ in position.animals)
    assert me.spirit == position.spirit[0].id and me.spirit_placed is False
    other = game.players[1]
    assert other.spirit is not None and other.spirit != me.spirit and other.board == Board("A")
    assert game.hand == [Colour.BLUE, Colour.BROWN, Colour.GREEN] and game.taken_space == 1
    assert game.central[0] == [] and all(len(space) == 3 for space in game.central[1:])
    assert game.display == []  # a sandbox takes no card
    taken = set(me.placed) | {me.spirit, other.spirit}
    assert not taken & set(game.deck) and not taken & set(game.spirit_box)


def test_the_pouch_lacks_what_is_in_sight_and_the_other_players_share():
    position = _position()
    game = game_from_position(position, ["blue", "blue", "red"])
    on_board = Counter(Colour(c) for _, stack in position.board.stacks() for c in stack)
    in_sight = on_board + Counter([Colour.BLUE, Colour.BLUE, Colour.RED])
    in_sight += Counter(c for space in game.central for c in space)
    pouch = game.pouch_counts()
    tokens = sum(on_board.values())
    assert sum(pouch.values()) == sum(POUCH_COUNTS.values()) - sum(in_sight.values()) - tokens
    for colour in Colour:
        assert pouch[colour] <= POUCH_COUNTS[colour] - in_sight[colour]
    assert game.players[0].turns == game.players[1].turns == tokens // 3


def test_the_same_position_and_seed_give_the_same_game():
    a = game_from_position(_position(), "green", seed=3)
    b = game_from_position(_position(), ["green"], seed=3)
    assert a.to_dict() == b.to_dict()


def test_two_blue_tokens_need_two_empty_cells():
    board = Board("A")
    for cell in board.layout.names[1:]:
        board.place(cell, "gray")
    assert game_from_position(Scenario(board), ["blue", "gray"]).hand == [Colour.BLUE, Colour.GRAY]
    with pytest.raises(HarmoniesError):
        game_from_position(Scenario(board), ["blue", "blue"])


@pytest.mark.parametrize("hand", [[], ["blue"] * 4])
def test_a_hand_holds_one_to_three_tokens(hand):
    with pytest.raises(HarmoniesError, match="1 to 3 tokens"):
        game_from_position(_position(), hand)


def test_a_word_that_is_no_colour_is_refused():
    with pytest.raises(ValueError, match="purple"):
        game_from_position(_position(), ["purple"])


def test_the_coach_answers_with_turns_that_can_be_played():
    game = game_from_position(_position(), ["blue", "brown", "green"])
    advice = advise(game, budget=2, seed=0)
    assert advice
    for a in advice:
        placed = sorted(str(x.colour) for x in a.actions if isinstance(x, PlaceToken))
        assert placed == ["blue", "brown", "green"]
        copy = game.copy()
        copy.play_all(a.actions)  # every advice is legal to the end of the turn
        assert copy.current == 1


#: A nearly full board on which a narrow search puts the red or grey token on the one empty cell the
#: blue token needs: the coach must still find the turn that places all three.
CRAMPED = {
    "game": "harmonies", "side": "A",
    "board": {"a1": ["brown", "green"], "a2": ["blue"], "a3": ["brown", "red"], "a4": ["red"],
              "a5": ["blue"], "b1": ["yellow"], "b2": ["yellow"], "b3": ["gray"], "b4": ["green"],
              "c1": ["red"], "c2": ["green"], "c3": ["red"], "c4": ["gray", "gray"], "c5": ["brown"],
              "d1": ["green"], "d2": ["gray", "gray", "gray"], "d3": ["brown", "brown"], "d4": ["blue"],
              "e1": ["red"], "e3": ["red", "red"], "e4": ["brown", "green"], "e5": ["red"]},
}


def test_a_hand_that_fits_only_one_way_still_gets_whole_turns():
    from harmonies import advisor

    game = game_from_position(Scenario.from_dict(CRAMPED), ["red", "blue", "gray"])
    seat = advisor._Seat.of(game, 0)
    narrow = advisor._beam(seat, list(game.hand), advisor.turns_left(game, own=False), 4)
    assert all(len(steps) < 3 for _, _, steps in narrow)  # the narrow search alone gets stuck
    advice = advise(game, budget=0, seed=0)
    assert advice
    for a in advice:
        tokens = sorted(str(x.colour) for x in a.actions if isinstance(x, PlaceToken))
        assert tokens == ["blue", "gray", "red"]
        game.copy().play_all(a.actions)
    editor = BoardEditor(Scenario.from_dict(CRAMPED))
    editor.hint(["red", "blue", "gray"])
    assert editor.message == "" and editor.hints  # the sandbox shows them too


def test_advice_marks_outline_the_cells_and_ghost_the_top_tokens():
    game = game_from_position(_position(), ["blue", "brown", "green"])
    best = advise(game, budget=0)[0]
    marks, ghosts = draw.advice_marks(best)
    tokens = [a for a in best.actions if isinstance(a, PlaceToken)]
    cubes = [a.cell for a in best.actions if isinstance(a, PlaceCube)]
    assert set(marks[0].cells) == {a.cell for a in tokens}
    assert dict(ghosts) == {a.cell: str(a.colour) for a in tokens}  # the last token on a cell shows
    assert (len(marks) == 2 and list(marks[1].cells) == cubes) if cubes else len(marks) == 1
    assert draw.advice_marks(list(best.actions)) == (marks, ghosts)  # a turn as actions draws alike


# --- the editor's hint -----------------------------------------------------------------------


def test_the_hint_lists_the_best_placements_and_draws_the_first():
    editor = BoardEditor(_position())
    plain = editor.svg
    assert editor.hand == ("blue", "brown", "green") and editor.hints == []
    editor.hint()
    assert editor.message == ""
    hints = editor.hints
    assert 1 <= len(hints) <= 3 and hints[0].gain >= hints[-1].gain
    box = editor._hint_box.value
    assert escape(t("editor.hint.title", tokens="blue, brown and green")) in box
    assert "1. " in box and "expected +" in box and escape(str(hints[0].reasons[0])) in box
    assert "blue on " in box  # the moves in words, not in the action grammar
    assert editor.svg != plain and "stroke-dasharray" in editor.svg
    assert editor.board == _position().board  # a hint changes nothing


def test_a_change_of_board_or_hand_takes_the_hint_away():
    editor = BoardEditor(_position())
    editor.hint()
    editor.choose("yellow")
    editor.click("e1")
    assert editor.hints == [] and editor._hint_box.value == ""
    editor.undo()
    assert editor.hints  # the very position it was asked about
    editor.set_hand("gray")
    assert editor.hand == ("gray",) and editor.hints == [] and editor._hint_box.value == ""


def test_hint_with_tokens_sets_the_hand_and_the_menus():
    editor = BoardEditor(_position())
    editor.hint(["yellow", "gray"])
    assert editor.hand == ("yellow", "gray") and editor.hints
    assert [box.value for box in editor._hand] == ["yellow", "gray", ""]
    for advice in editor.hints:
        placed = sorted(str(a.colour) for a in advice.actions if isinstance(a, PlaceToken))
        assert placed == ["gray", "yellow"]
    editor._hand[2].value = "red"  # the third menu, as a learner would
    assert editor.hand == ("yellow", "gray", "red") and editor.hints == []


@pytest.mark.parametrize(("tokens", "words"), [
    ("blue blue blue blue", "at most 3 tokens"),
    (["purple"], "purple"),
    ([], "at least one token"),
])
def test_a_bad_hand_is_said_and_changes_nothing(tokens, words):
    editor = BoardEditor(_position())
    editor.hint()
    before, hand = editor.hints, editor.hand
    editor.hint(tokens)
    assert words in editor.message
    if tokens:
        assert editor.hand == hand and editor.hints == before


def test_tokens_with_no_room_are_said():
    board = Board("A")
    for cell in board.layout.names:
        board.place(cell, "yellow")
    editor = BoardEditor(board)
    editor.hint("blue")
    assert editor.message == t("positions.error.no_room", tokens="blue") and editor.hints == []
    with pytest.raises(HarmoniesError, match="do not all fit"):
        game_from_position(Scenario(board), ["blue"])


def test_a_failing_coach_is_said_not_raised(monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(editor_module, "advise", broken)
    editor = BoardEditor(_position())
    editor.hint()
    assert editor.message == t("editor.hint.failed", problem="out of ideas") and editor.hints == []


@pytest.mark.parametrize("code", ["fa", "nl", "vi"])
def test_the_hint_follows_the_language(code):
    editor = BoardEditor(_position())
    editor.hint()
    english = editor._hint_box.value
    i18n.set_language(code)
    assert editor._hint.description == t("editor.hint") != "hint"
    assert editor._hint_box.value != english
    assert escape(str(editor.hints[0].reasons[0])) in editor._hint_box.value  # reasons in the language too
    assert editor._hand[0].label == Colour.BLUE.title
    names = [box.description for box in editor._hand]  # a screen reader tells the menus apart
    assert len(set(names)) == 3 and names[0] == t("editor.hint.token", n=1)
    i18n.set_language("en")
    assert editor._hint_box.value == english


def test_both_sides_of_the_what_if_view_have_a_coach():
    view = WhatIf(_position())
    view.right.hint("red")
    assert view.right.hints and view.left.hints == []
    view.right._hint.click()  # the button, as the front end presses it
    assert view.right.hints and view.right.message == ""
