"""The coach: ranked advice with reasons; the playouts (the coach before the search, and the gray
wall's) honest about the bag and deterministic; the strong player and the playout player."""

import random

import pytest

from azul import CENTRE, FLOOR, Game, Place, RandomPolicy, Take, play_out
from azul.advisor import advise, advise_playouts, move_reasons
from azul.policies import POLICIES, PlayoutPolicy, StrongPolicy
from azul.tiles import BLUE, RED, TILES_PER_COLOUR
from tabletop import i18n


def mid_game(seed: int, moves: int = 13, players: int = 2, wall: str = "colored") -> Game:
    """A game some random moves in (into the second round with two players)."""
    game, policy = Game(players, seed, wall), RandomPolicy(seed)
    for _ in range(moves):
        game.play(policy(game))
    return game


def same(advice_a, advice_b) -> bool:
    return [(a.move, a.gain, a.lead, a.playouts) for a in advice_a] == \
        [(b.move, b.gain, b.lead, b.playouts) for b in advice_b]


def test_the_same_seed_gives_the_same_advice_and_another_seed_may_not():
    game = mid_game(3)
    first = advise_playouts(game, budget=40, seed=7)
    assert same(first, advise_playouts(game, budget=40, seed=7))
    assert len(first) > 1 and first[0].playouts > 0
    others = [advise_playouts(game, budget=40, seed=s) for s in range(8)]
    assert any(not same(first, other) for other in others)  # the playouts do use the seed


def test_the_advice_never_depends_on_the_order_of_the_bag():
    """Two games alike in everything a player can see, whose bags would deal different factories
    next round: the same seed gives the same advice."""
    for seed in (1, 5):
        game = mid_game(seed, moves=7)  # late in round 1: playouts reach the next deal
        other = game.copy()
        other.rng = random.Random("another order")
        assert game.rng.getstate() != other.rng.getstate()
        before = game.rng.getstate()
        assert same(advise_playouts(game, budget=60, seed=2), advise_playouts(other, budget=60, seed=2))
        assert game.rng.getstate() == before  # and the real bag was not drawn from either


def test_a_different_bag_order_changes_the_real_deal_but_not_the_advice():
    """The test above can fail: the two bags really deal differently."""
    game = mid_game(1, moves=7)
    other = game.copy()
    other.rng = random.Random("another order")
    a, b = game.copy(), other.copy()
    policy = RandomPolicy(0)
    while a.round == game.round:
        move = policy(a)
        a.play(move)
        b.play(move)
    assert a.factories != b.factories


@pytest.mark.parametrize("seed", range(6))
def test_advised_moves_are_legal_and_ranked(seed):
    game = mid_game(seed, moves=seed * 3)
    advice = advise_playouts(game, budget=30, seed=seed)
    legal = game.legal_moves()
    assert advice and all(a.move in legal for a in advice)
    assert len({a.move for a in advice}) == len(advice)
    assert sum(a.playouts for a in advice) == 30  # the budget, exactly
    assert all(a.reasons for a in advice)


def obvious_position() -> Game:
    """The last two takes of a round: player 0 can finish red on line 3, next to two wall tiles
    (5 points), or take the four blue tiles, some of which only the floor can take."""
    wall = [".....", ".....", "K....", ".K...", "Y...."]
    return Game.from_position(
        [{"wall": wall, "pattern_lines": ["", "", "", "RRR", "KKKK"]}, {"floor": "F"}],
        ["", "", "", "", ""], "RBBBB", centre_marker=False, marker_holder=1)


def test_an_obvious_position_is_ranked_right_with_the_right_reasons():
    game = obvious_position()
    for advice in (advise(game), advise_playouts(game, budget=60, seed=1)):
        best = advice[0]
        assert best.move == Take(CENTRE, RED, 3)
        words = [str(r) for r in best.reasons]
        assert words[0] == "1 red tile goes on line 3."
        assert words[1] == "Line 3 is then complete: its tile scores 5 at the wall tiling."
        assert best.gain >= 4
    assert words[2].startswith("Played out to the end of the round")
    words = [str(r) for r in advise(game)[0].reasons]
    assert words[2].startswith("Searched 2 moves ahead, to the end of the round")
    assert advise(game)[0].gain == 5  # exactly: the search plays the round out
    ranked = [a.move for a in advice]
    if Take(CENTRE, BLUE, 0) in ranked:
        assert ranked.index(Take(CENTRE, BLUE, 0)) > 0
    dump = [str(r) for r in move_reasons(game, Take(CENTRE, BLUE, 0))]
    assert dump == ["1 blue tile goes on line 0.",
                    "Line 0 is then complete: its tile scores 1 at the wall tiling.",
                    "These 3 blue tiles would go to the floor: -4."]


def test_reasons_for_the_marker_a_line_still_open_and_the_floor():
    game = Game.from_position([{"floor": "K"}, {}], ["", "", "", "", ""], "BB")
    words = [str(r) for r in move_reasons(game, Take(-1, BLUE, 4))]
    assert words == ["You take the first-player marker: you start the next round, but it lies on "
                     "your floor: -1.", "2 blue tiles go on line 4.", "Line 4 still needs 3 tiles."]
    assert [str(r) for r in move_reasons(game, Take(-1, BLUE, FLOOR))][-1] == \
        "These 2 blue tiles would go to the floor: -4."


def test_the_reasons_follow_the_language():
    advice = advise(obvious_position(), budget=10, seed=1)
    english = str(advice[0])
    i18n.set_language("nl")
    dutch = str(advice[0])
    assert dutch != english and "patroonrij 3" in dutch.lower()
    assert dutch.startswith("midden: rood → patroonrij 3")  # the move in words, in Dutch too
    assert " red " not in dutch and "kleur rood" in dutch  # a reason made in English follows as well
    assert advice[0].move.text == "centre: red -> line 3"  # the move grammar stays as it is


def test_a_time_budget_and_the_budget_checks():
    game = mid_game(2)
    advice = advise_playouts(game, budget=None, seconds=0.0)
    assert sum(a.playouts for a in advice) == 1  # at least one playout, however short the time
    with pytest.raises(TypeError):
        advise_playouts(game, budget=None)
    over = Game(2, 1)
    play_out(over, RandomPolicy(1))
    assert advise_playouts(over) == []


def test_the_gray_walls_column_choices_are_advised_too():
    game, policy = Game(2, 4, "gray"), RandomPolicy(4)
    while game.phase != "tiling":
        game.play(policy(game))
    advice = advise(game, budget=20, seed=0)
    assert advice and all(type(a.move) is Place for a in advice)
    assert all(a.move in game.legal_moves() for a in advice)
    assert "goes to column" in str(advice[0].reasons[0]) or "floor" in str(advice[0].reasons[0])


def test_strong_and_playout_are_policies_everywhere():
    assert POLICIES["strong"] is StrongPolicy and POLICIES["playout"] is PlayoutPolicy
    game = obvious_position()
    assert StrongPolicy(0, budget=30)(game) == Take(CENTRE, RED, 3)
    assert PlayoutPolicy(0, budget=30)(game) == Take(CENTRE, RED, 3)


@pytest.mark.parametrize(("players", "wall"), [(2, "colored"), (3, "gray"), (4, "colored"),
                                               (2, "gray")])
def test_the_strong_player_plays_whole_games(players, wall):
    game = Game(players, 11, wall)
    seats = [StrongPolicy(p, budget=2) if p % 2 == 0 else RandomPolicy(p) for p in range(players)]
    play_out(game, seats)
    assert game.over and game.winners()
    assert game.tile_counts() == [TILES_PER_COLOUR] * 5
    again = Game(players, 11, wall)
    play_out(again, [StrongPolicy(p, budget=2) if p % 2 == 0 else RandomPolicy(p)
                     for p in range(players)])
    assert again.scores() == game.scores()  # a budget in playouts: the same game again


@pytest.mark.parametrize("seed", [2, 9])
def test_a_hint_says_what_it_leaves_the_next_player(seed):
    """The reply the search expects is a legal move of the next player after the advised move, and
    the hint says it with that player's change of score; the round's last tiles leave no reply."""
    from azul.search import Search
    game = Game(2, seed=seed)
    policy = RandomPolicy(seed)
    for _ in range(3):
        game.play(policy(game))
    search = Search(game, 20000)
    _, move = search.run()[0]
    player, take = search.reply(move)
    after = game.copy()
    after.play(advise(game, top=1)[0].move)
    assert player == after.current and take in after.legal_moves()
    words = " ".join(str(r) for r in advise(game, top=1)[0].reasons)
    assert f"the best reply the search finds is player {player + 1}'s" in words
    rnd = game.round
    while len({(m.source, m.colour) for m in game.legal_moves()}) > 1:
        game.play(policy(game))
        assert game.round == rnd
    words = " ".join(str(r) for r in advise(game, top=1)[0].reasons)
    assert "the round ends with it, and nobody can reply" in words
