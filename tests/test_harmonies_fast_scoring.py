"""The points-only scoring path (``scoring.points``, ``landscape_points``, ``token_gain``) agrees with
the full breakdown on random boards of both sides, under both river readings."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harmonies import scoring
from harmonies.board import RIVER_READINGS, Board
from harmonies.cards import all_cards
from harmonies.errors import IllegalPlacement
from harmonies.tokens import NEXT, STACKS, Colour

ANIMAL_CARDS = [c for c in all_cards().values() if not c.is_spirit]
SPIRIT_CARDS = [c for c in all_cards().values() if c.is_spirit]


def random_board(side: str, seed: int, fill: float) -> Board:
    """A board whose cells each hold a random legal stack (empty with probability 1 - fill), and a
    few cubes."""
    rng = random.Random(seed)
    board = Board(side)
    for i in range(len(board.codes)):
        if rng.random() < fill:
            board.codes[i] = rng.randrange(1, len(STACKS))
    full = [i for i, c in enumerate(board.codes) if c]
    board.cubes = set(rng.sample(full, min(len(full), rng.randrange(4))))
    return board


boards = st.builds(random_board, st.sampled_from(["A", "B"]), st.integers(0, 10**9),
                   st.sampled_from([0.0, 0.3, 0.7, 1.0]))
readings = st.sampled_from(RIVER_READINGS)


@settings(max_examples=300, deadline=None)
@given(boards, readings, st.integers(0, 10**9))
def test_points_equal_the_breakdown_total(board, river, seed):
    rng = random.Random(seed)
    animals = [(c, rng.randrange(c.cubes + 1)) for c in rng.sample(ANIMAL_CARDS, rng.randrange(5))]
    spirit = rng.choice([None, (rng.choice(SPIRIT_CARDS), True), (rng.choice(SPIRIT_CARDS), False)])
    board.river = river
    full = scoring.score(board, animals, spirit)
    assert scoring.points(board, animals, spirit) == full.total
    assert scoring.landscape_points(board) == full.landscapes


@settings(max_examples=200, deadline=None)
@given(boards, readings, st.integers(0, 10**9))
def test_token_gain_is_the_change_of_the_landscapes(board, river, seed):
    board.river = river
    rng = random.Random(seed)
    before = board.copy()
    base = scoring.score_landscapes(board).landscapes
    for _ in range(8):
        i = rng.randrange(len(board.codes))
        colour = rng.choice(list(Colour))
        if NEXT[board.codes[i]][colour] < 0 or i in board.cubes:
            with pytest.raises(IllegalPlacement):
                scoring.token_gain(board, board.layout.names[i], colour)
            continue
        trial = board.copy()
        trial.place(trial.layout.names[i], colour)
        expected = scoring.score_landscapes(trial).landscapes - base
        assert scoring.token_gain(board, board.layout.names[i], colour) == expected
        assert scoring.token_gain(board, i, colour) == expected
        assert board == before  # the board is left as it was


def test_a_lone_pair_of_yellow_tokens_makes_a_field():
    board = Board("A")
    board.place("a1", "yellow")
    assert scoring.token_gain(board, "a2", "yellow") == scoring.FIELD_POINTS
    assert scoring.token_gain(board, "c3", "yellow") == 0
