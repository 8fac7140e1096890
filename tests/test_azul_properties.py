"""Property tests over random games, for 2 to 4 players and both walls: the 100 tiles are always
all there, scores never go negative, the caches agree with the rules, legal_moves() lists exactly
the moves play() accepts, and every game ends."""

from hypothesis import given, settings
from hypothesis import strategies as st

from azul import FLOOR, MARKER, Game, IllegalMove, Place, RandomPolicy
from azul.moves import _TAKES

seeds = st.integers(0, 2**32 - 1)
players = st.sampled_from([2, 3, 4])
walls = st.sampled_from(["colored", "gray"])


def check_invariants(game):
    assert game.tile_counts() == [20] * 5
    assert all(score >= 0 for score in game.scores())
    assert all(len(board.floor) <= 7 for board in game.boards)
    holders = [p for p, board in enumerate(game.boards) if MARKER in board.floor]
    assert len(holders) <= 1
    assert game.centre_marker == (game.marker_holder is None)
    if holders:
        assert holders == [game.marker_holder]
    for board in game.boards:
        expected = [sum(1 << line for line in range(5) if board.refusal(colour, line) is None)
                    for colour in range(5)]
        if game.phase == "offer":
            assert board.accepts == expected
    if game.phase == "offer":
        assert game.tiles_on_table == sum(map(sum, game.sources)) > 0


@settings(max_examples=60, deadline=None)
@given(seeds, players, walls)
def test_random_games_keep_all_tiles_and_end(seed, n, wall):
    game = Game(n, seed, wall)
    policy = RandomPolicy(seed)
    check_invariants(game)
    for _ in range(5000):
        if game.over:
            break
        moves = game.legal_moves()
        assert moves
        game.play(policy.rng.choice(moves))
        check_invariants(game)
    assert game.over
    assert game.legal_moves() == []
    assert game.winners() and set(game.winners()) <= set(range(n))


def accepted(game, move):
    try:
        game.copy().play(move)
    except IllegalMove:
        return False
    return True


@settings(max_examples=15, deadline=None)
@given(seeds, players, walls)
def test_legal_moves_are_exactly_the_moves_play_accepts(seed, n, wall):
    game = Game(n, seed, wall)
    policy = RandomPolicy(seed)
    step = 0
    while not game.over:
        if step % 7 == 0:
            legal = set(game.legal_moves())
            if game.phase == "offer":
                candidates = list(_TAKES.values())
            else:
                candidates = [Place(line, colour, column) for line in range(5)
                              for colour in range(5) for column in (*range(5), FLOOR)]
            assert {m for m in candidates if accepted(game, m)} == legal
        game.play(policy(game))
        step += 1


@settings(max_examples=10, deadline=None)
@given(seeds, players, walls)
def test_the_same_seed_gives_the_same_game(seed, n, wall):
    def run():
        game = Game(n, seed, wall)
        policy = RandomPolicy(seed)
        moves = []
        while not game.over:
            moves.append(policy(game))
            game.play(moves[-1])
        return moves, game.to_dict()

    assert run() == run()


@settings(max_examples=10, deadline=None)
@given(seeds, players, st.integers(0, 60))
def test_a_copy_is_independent_of_its_original(seed, n, moves):
    game = Game(n, seed)
    policy = RandomPolicy(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(policy(game))
    before = game.to_dict()
    other = game.copy()
    assert other.to_dict() == before
    while not other.over:
        other.play(policy(other))
    assert game.to_dict() == before
