"""The coach's search (``azul.search``): it finds the best move that an exhaustive search of the
round finds, never proposes an illegal move, plays the rules exactly on its compact positions, and
gives the same answer to the same position."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from azul import Game, RandomPolicy, Take
from azul.search import Search, _moves, _play, best_move, compact, judge_end, to_take


def exhaustive(game: Game, me: int, seen: dict | None = None) -> int:
    """The final margin of ``me`` (own score minus the other's) with best play from both sides, by
    trying every move with the engine itself (positions met twice are looked up). Only for
    positions whose round ends the game."""
    if game.over:
        scores = game.scores()
        return scores[me] - scores[1 - me]
    seen = {} if seen is None else seen
    key = (str(game.sources), game.centre_marker, game.current,
           str([(b.score, b.wall, b.line_count, b.line_colour, b.floor) for b in game.boards]))
    if key in seen:
        return seen[key]
    values = []
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        assert after.over or after.round == game.round, "the round must end the game"
        values.append(exhaustive(after, me, seen))
    seen[key] = max(values) if game.current == me else min(values)
    return seen[key]


def best_by_exhaustion(game: Game) -> tuple[int, set]:
    me, best, moves, seen = game.current, None, set(), {}
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        value = exhaustive(after, me, seen)
        if best is None or value > best:
            best, moves = value, {move}
        elif value == best:
            moves.add(move)
    return best, moves


# Both walls have row 0 one tile short, and line 0 already holds that tile: the coming tiling ends
# the game, whatever is played, so its end bonuses are part of the answer.
ENDING = ["BYRK.", ".....", ".....", ".....", "....."]


def ending_position(factories, centre, lines0, lines1, wall1=None, marker=True, score=(10, 10)):
    return Game.from_position(
        [{"score": score[0], "wall": ENDING, "pattern_lines": ["W", *lines0]},
         {"score": score[1], "wall": wall1 or ENDING, "pattern_lines": ["W", *lines1]}],
        factories, centre, centre_marker=marker, marker_holder=None if marker else 1)


HAND_BUILT = [
    # A colour bonus against a quick point: player 0's fifth red on line 2 (row 2, column 4) ...
    ending_position(["RRR", "", "", "", ""], "BKY", ["", "", "", ""], ["", "", "", ""]),
    # Taking the blues denies player 1 its column, or finishing one's own line: which is worth more?
    ending_position(["", "BB", "", "", ""], "KKY", ["B", "", "", ""], ["", "", "KKK", ""],
                    marker=False),
    # Overflow that falls to the floor, against a line left open.
    ending_position(["YYYY", "", "", "", ""], "RRW", ["", "YY", "", ""], ["R", "", "", ""],
                    score=(3, 12)),
]


@pytest.mark.parametrize("game", HAND_BUILT)
def test_the_search_finds_the_move_the_exhaustive_search_finds(game):
    value, best = best_by_exhaustion(game)
    search = Search(game, nodes=10**6)
    ranked = search.run()
    assert search.complete
    assert ranked[0][0] == value
    assert to_take(search.root[1], ranked[0][1]) in best
    assert best_move(game, 10**6) in best


def random_ending(seed: int) -> Game:
    """A random position whose coming tiling ends the game, with a few tiles left on the table."""
    rng = random.Random(seed)
    letters = "BYRKW"
    factories = ["", "", "", "", ""]
    for f in rng.sample(range(5), 2):
        factories[f] = "".join(rng.choice(letters) for _ in range(rng.randint(1, 2)))
    centre = "".join(rng.choice(letters) for _ in range(rng.randint(1, 2)))

    def lines():
        out = []
        for line in range(1, 5):  # rows 1 to 4 of the wall are empty: any colour will do
            out.append(rng.choice(letters) * rng.randint(0, line))
        return out

    return ending_position(factories, centre, lines(), lines(),
                           score=(rng.randint(0, 20), rng.randint(0, 20)))


@pytest.mark.parametrize("seed", range(8))
def test_random_small_rounds_agree_with_the_exhaustive_search(seed):
    game = random_ending(seed)
    value, best = best_by_exhaustion(game)
    search = Search(game, nodes=10**6)
    ranked = search.run()
    assert search.complete and ranked[0][0] == value
    assert to_take(search.root[1], ranked[0][1]) in best


def played(seed: int, moves: int) -> Game:
    game, policy = Game(2, seed), RandomPolicy(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(policy(game))
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.sampled_from((2, 3, 4)))
def test_the_compact_position_follows_the_rules_and_every_move_is_legal(seed, moves, players):
    game, policy = Game(players, seed), RandomPolicy(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(policy(game))
    if game.over:
        return
    pos = compact(game)
    legal = game.legal_moves()
    found = [to_take(pos[1], m) for m in _moves(pos)]
    assert set(found) <= set(legal) and len(set(found)) == len(found)
    # identical factories are offered once: every legal move has one of the same tiles and line
    offered = {(tuple(game.sources[m.source]), m.colour, m.line) for m in found}
    assert {(tuple(game.sources[m.source]), m.colour, m.line) for m in legal} == offered
    move = best_move(game, 300)
    assert move in legal
    for m in _moves(pos)[:6]:
        after = game.copy()
        take = to_take(pos[1], m)
        after.play(take)
        child = _play(pos, m)
        if after.round == game.round and not after.over:
            assert child == compact(after)
        else:  # the round's end: the tiling of the compact boards is the engine's
            _, over = judge_end(child[2], child[3], game.current)
            assert over == after.over
            if not after.over:
                assert [p[0] for p in _tiled_all(child)] == [b.score for b in after.boards]
                assert [p[1] for p in _tiled_all(child)] == [b.wall for b in after.boards]


def _tiled_all(end):
    from azul.search import _tile
    return [_tile(p) for p in end[3]]


def test_the_same_position_gets_the_same_move_whatever_the_bag():
    for seed in (1, 2, 3):
        game = played(seed, 3)
        other = game.copy()
        other.rng = random.Random("another order")
        first = best_move(game, 5000)
        assert best_move(game, 5000) is first
        assert best_move(other, 5000) is first


def test_a_tiny_budget_still_looks_at_every_move_once():
    game = Game(2, 7)
    search = Search(game, nodes=1)
    ranked = search.run()
    assert search.depth == 1 and len(ranked) == len(_moves(search.root))
    assert isinstance(to_take(search.root[1], ranked[0][1]), Take)


def test_the_search_refuses_what_it_does_not_play():
    with pytest.raises(ValueError):
        Search(Game(2, 4, "gray"))
