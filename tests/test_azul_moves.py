"""Moves: one object per move, printed as text and parsed back."""

import copy
import pickle
import re

import pytest

from azul import CENTRE, FLOOR, MoveSyntaxError, Place, Take, in_words, parse_move
from azul.moves import _PLACES, _TAKES
from azul.tiles import BLACK, BLUE, RED, YELLOW
from tabletop import i18n


def test_every_move_reads_back_as_itself():
    for move in [*_TAKES.values(), *_PLACES.values()]:
        assert parse_move(str(move)) is move
    assert len(_TAKES) == 10 * 5 * 6 and len(_PLACES) == 5 * 5 * 6


@pytest.mark.parametrize(("text", "move"), [
    ("factory 3: blue -> line 2", Take(3, BLUE, 2)),
    ("centre: red -> floor", Take(CENTRE, RED, FLOOR)),
    ("line 1: yellow -> column 4", Place(1, YELLOW, 4)),
    ("line 3: black -> floor", Place(3, BLACK, FLOOR)),
])
def test_the_grammar(text, move):
    assert str(move) == text
    assert parse_move(text) is move


@pytest.mark.parametrize("text", [
    "  FACTORY 3 :  B  ->  LINE 2 ", "factory3:blue->line2", "Factory 3: Blue → Line 2",
])
def test_case_spacing_letters_and_arrow_do_not_matter(text):
    assert parse_move(text) is Take(3, BLUE, 2)


def test_center_is_accepted_for_centre():
    assert parse_move("center: k -> line 0") is Take(CENTRE, BLACK, 0)


@pytest.mark.parametrize(("text", "words"), [
    ("take the blue ones", "cannot read"),
    ("factory 3: blue", "cannot read"),
    ("factory 9: blue -> line 2", "at most 9 factories"),
    ("factory 1: blue -> line 5", "line 5 does not exist"),
    ("line 7: blue -> column 1", "line 7 does not exist"),
    ("line 1: blue -> column 5", "column 5 does not exist"),
    ("factory 1: purple -> line 0", "'purple' is not a colour"),
    ("factory 1: blue -> column 2", "not to a wall column"),
    ("line 1: blue -> line 2", "not to another line"),
])
def test_text_that_is_not_a_move(text, words):
    with pytest.raises(MoveSyntaxError, match=words):
        parse_move(text)


def test_constructors_return_the_one_object_and_refuse_impossible_moves():
    assert Take(0, BLUE, FLOOR) is Take(0, BLUE, FLOOR)
    assert Take(0, BLUE, 1) != Take(0, BLUE, 2)
    with pytest.raises(MoveSyntaxError):
        Take(9, BLUE, 0)
    with pytest.raises(MoveSyntaxError):
        Place(0, 5, 0)


def test_moves_cannot_be_changed_and_copies_are_the_same_object():
    move = Take(2, RED, 3)
    with pytest.raises(AttributeError):
        move.line = 4
    assert copy.deepcopy(move) is move
    assert pickle.loads(pickle.dumps(move)) is move
    assert pickle.loads(pickle.dumps(Place(1, RED, 0))) is Place(1, RED, 0)
    assert repr(move) == "<Take factory 2: red -> line 3>"


@pytest.mark.parametrize("language, take, place", [
    ("en", "factory 3: blue → line 2", "line 1: red → floor"),
    ("nl", "fabriek 3: blauw → patroonrij 2", "patroonrij 1: rood → vloerlijn"),
    ("vi", "xưởng 3: xanh dương → dòng 2", "dòng 1: đỏ → sàn"),
])
def test_a_move_in_words_follows_the_language_and_its_text_does_not(language, take, place):
    i18n.set_language(language)
    try:
        assert in_words(Take(3, BLUE, 2)) == take
        assert in_words(Place(1, RED, FLOOR)) == place
        assert str(Take(3, BLUE, 2)) == "factory 3: blue -> line 2"  # what parse_move reads
    finally:
        i18n.set_language("en")


def test_a_move_in_persian_words_has_no_english_word():
    i18n.set_language("fa")
    try:
        for move in (*_TAKES.values(), *_PLACES.values()):
            assert not re.search(r"[a-z]", in_words(move)), in_words(move)
    finally:
        i18n.set_language("en")
