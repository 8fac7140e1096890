"""Computer players: uniformly random, and greedy on the immediate gain."""

from hypothesis import given, settings
from hypothesis import strategies as st

from azul import (
    CENTRE,
    FLOOR,
    Game,
    GreedyPolicy,
    Place,
    RandomPolicy,
    Take,
    gain,
    play_out,
)
from azul.tiles import BLACK, BLUE, RED, YELLOW


def test_gain_is_wall_points_minus_added_floor_penalty():
    game = Game.from_position(
        [{"wall": ["BY...", ".....", ".....", ".....", "....."], "floor": "KK"}, {}],
        ["RRRY", "", "", "", ""], "BB")
    # The floor holds 2 tiles (-2): 4 tiles would cost -6, 5 tiles -8.
    assert gain(game, Take(0, RED, 0)) == 3 + (-6 + 2)  # joins B Y: 3 points; 2 to the floor
    assert gain(game, Take(0, RED, 2)) == 1  # completes line 2: a lone tile
    assert gain(game, Take(0, RED, 3)) == 0  # line 3 is not completed yet
    assert gain(game, Take(0, RED, FLOOR)) == -8 + 2
    # blue completes line 1 under the yellow (2 points); the marker takes the third slot (-2)
    assert gain(game, Take(CENTRE, BLUE, 1)) == 2 - 2


def test_gain_with_a_full_floor_adds_no_penalty():
    game = Game.from_position([{"floor": "KKKKKKK"}, {}], ["RRRR", "", "", "", ""], "")
    assert gain(game, Take(0, RED, FLOOR)) == 0
    assert gain(game, Take(0, RED, 0)) == 1


def test_greedy_takes_the_best_gain():
    game = Game.from_position(
        [{"wall": ["BY...", ".....", ".....", ".....", "....."]}, {}],
        ["RYYY", "", "", "", ""], "")
    assert GreedyPolicy()(game) == Take(0, RED, 0)


def test_greedy_breaks_ties_by_tiles_on_lines():
    game = Game.from_position([{}, {}], ["KKKY", "", "", "", ""], "")
    # Both gain 1: yellow on line 0 comes first in legal order, but black on line 2 puts three
    # tiles on a line instead of one.
    assert gain(game, Take(0, YELLOW, 0)) == gain(game, Take(0, BLACK, 2)) == 1
    assert GreedyPolicy()(game) == Take(0, BLACK, 2)


def test_greedy_breaks_remaining_ties_by_legal_order():
    game = Game.from_position([{}, {}], ["KKYY", "", "", "", ""], "")
    # Yellow or black on line 1 both gain 1 with two tiles: yellow comes first (B Y R K W).
    assert gain(game, Take(0, YELLOW, 1)) == gain(game, Take(0, BLACK, 1)) == 1
    assert GreedyPolicy()(game) == Take(0, YELLOW, 1)


def test_greedy_on_the_gray_wall_picks_the_column_with_most_points():
    game = Game.from_position(
        [{"wall": [".....", "R...Y", ".....", ".....", "....."],
          "pattern_lines": ["", "", "", "", ""]}, {}],
        ["", "", "", "", ""], "BB", wall="gray")
    game.play("centre: blue -> line 1")  # the table is empty: the tiling phase
    assert game.phase == "tiling"
    # columns 1 and 3 touch a tile (2 points), column 2 does not: the leftmost of the best
    assert [gain(game, m) for m in game.legal_moves()] == [2, 1, 2]
    assert GreedyPolicy()(game) == Place(1, BLUE, 1)


def test_random_policy_is_reproducible_and_greedy_is_deterministic():
    def game_with(policy_factory):
        game = Game(2, seed=9)
        return play_out(game, [policy_factory(), policy_factory()]).to_dict()

    assert game_with(lambda: RandomPolicy(1)) == game_with(lambda: RandomPolicy(1))
    assert game_with(GreedyPolicy) == game_with(GreedyPolicy)


def test_greedy_beats_random_over_a_few_games():
    greedy_total = random_total = 0
    for seed in range(20):
        game = play_out(Game(2, seed), [GreedyPolicy(), RandomPolicy(seed)])
        greedy_total += game.scores()[0]
        random_total += game.scores()[1]
    assert greedy_total > 2 * random_total


def test_play_out_with_one_policy_for_everybody():
    game = play_out(Game(4, seed=2), RandomPolicy(2))
    assert game.over and len(game.scores()) == 4


def test_gain_of_a_gray_line_that_will_find_no_cell_counts_its_fall_to_the_floor():
    # Row 1's only empty cell is in column 0, which already has blue.
    game = Game.from_position(
        [{"wall": ["B....", ".YRKW", ".....", ".....", "....."]}, {}],
        ["BBRR", "", "", "", ""], "", wall="gray")
    assert gain(game, Take(0, BLUE, 1)) == -2  # both tiles will drop: -1 -1
    assert gain(game, Take(0, BLUE, 2)) == 0


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]), st.sampled_from(["colored", "gray"]))
def test_greedy_games_end(seed, players, wall):
    game = play_out(Game(players, seed, wall), GreedyPolicy(), max_actions=5000)
    assert game.over and all(score >= 0 for score in game.scores())
