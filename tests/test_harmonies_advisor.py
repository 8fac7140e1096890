"""The coach: ranked whole turns, deterministic for a seed, blind to the pouch and deck order, legal,
within its playout budget; the strong player built on it plays whole games cleanly."""

import random

import pytest

from harmonies import habitats
from harmonies.actions import END, PlaceCube, PlaceToken, TakeCard, TakeTokens
from harmonies.advisor import Advice, advise
from harmonies.game import Game
from harmonies.policies import POLICIES, GreedyPolicy, RandomPolicy, StrongPolicy, play_game
from harmonies.tokens import Colour
from tabletop import i18n


def position(seed=4, actions=12, **options):
    """A game some actions in, played by a random policy."""
    g = Game(seed=seed, **options)
    policy = RandomPolicy(seed)
    for _ in range(actions):
        if g.over:
            break
        g.play(policy(g))
    return g


def summary(advices):
    return [(a.actions, a.gain, a.now, a.playouts) for a in advices]


def test_the_same_seed_gives_the_same_advice():
    g = position(spirits=True)
    first = advise(g, budget=3, seed=7)
    assert first and all(isinstance(a, Advice) for a in first)
    assert summary(advise(g, budget=3, seed=7)) == summary(first)
    assert g == position(spirits=True)  # the game itself is left untouched


def test_never_peeks_at_the_pouch_or_the_deck():
    g = position(seed=9, actions=20, spirits=True)
    other = g.copy()
    rng = random.Random(1)
    rng.shuffle(other.deck)
    other.reseed(12345)  # the pouch's next draws differ too
    assert other.deck != g.deck
    assert summary(advise(other, budget=4, seed=2)) == summary(advise(g, budget=4, seed=2))


@pytest.mark.parametrize("options", [
    {"players": 2, "spirits": True, "actions": 0},  # the first turn: a spirit card to keep
    {"players": 2, "actions": 13},
    {"players": 1, "spirits": True, "actions": 9},
    {"players": 3, "side": "B", "actions": 25},
])
def test_every_advised_turn_is_legal(options):
    actions = options.pop("actions")
    for seed in range(3):
        g = position(seed=seed, actions=actions, **options)
        if g.over:
            continue
        for advice in advise(g, budget=0, top=3):
            trial = g.copy()
            seat, turn = trial.current, trial.turn
            trial.play_all(advice.actions)
            assert advice.actions[-1] == END
            assert trial.over or (trial.turn, trial.current) != (turn, seat)


def test_the_middle_of_a_turn_gets_the_rest_of_the_turn():
    g = Game(seed=3)
    g.play(TakeTokens(2))
    g.play(PlaceToken(g.hand[0], "c3"))
    best = advise(g, budget=0, top=1)[0]
    assert not any(type(a) is TakeTokens for a in best.actions)
    assert sum(type(a) is PlaceToken for a in best.actions) == 2
    g.copy().play_all(best.actions)


def fennec_position():
    """Seat 0 holds the Fennec Fox (a field and two low mountains in a row); one gray token on the
    right cell completes it. Every central space offers a gray token."""
    g = Game(seed=1)
    p = g.player
    fennec = 23
    g.display.remove(fennec) if fennec in g.display else g.deck.remove(fennec)
    p.held.append(fennec)
    p.placed[fennec] = 0
    placement = habitats.placements(fennec, "A")[0]
    names = p.board.layout.names
    missing = None
    for (cell, _), need in zip(placement.cells, placement.needs, strict=True):
        if need == "F":
            p.board.place(names[cell], "yellow")
        elif missing is None:
            missing = names[cell]
        else:
            p.board.place(names[cell], "gray")
    # Put the tokens back in the pouch and deal spaces of known colours instead.
    for space in g.central:
        for colour in space:
            g.pouch[list(Colour).index(colour)] += 1
    g.central = []
    for colours in ([Colour.GRAY, Colour.BLUE, Colour.BLUE], [Colour.RED, Colour.BLUE, Colour.YELLOW],
                    [Colour.BLUE, Colour.BLUE, Colour.RED], [Colour.GRAY, Colour.RED, Colour.RED],
                    [Colour.RED, Colour.RED, Colour.BLUE]):
        for colour in colours:
            g.pouch[list(Colour).index(colour)] -= 1
        g.central.append(list(colours))
    return g, missing


def test_completing_a_habitat_is_ranked_first_with_its_reason():
    g, missing = fennec_position()
    best = advise(g, budget=0)[0]
    assert PlaceToken(Colour.GRAY, missing) in best.actions
    cubes = [a for a in best.actions if type(a) is PlaceCube]
    assert 23 in [a.card for a in cubes]
    assert best.now >= 4 + 2  # the first Fennec Fox cube, and two neighbouring mountains
    habitat = [dict(r.values) for r in best.reasons if r.key == "advisor.reason.habitat"]
    assert ("card.23", 4) in [(h["card"].key, h["points"]) for h in habitat]
    assert "Fennec Fox" in best.reason and "+4 now" in best.reason


def test_reasons_follow_the_language():
    from harmonies.locale import t

    g, _ = fennec_position()
    best = advise(g, budget=0)[0]
    english = best.reason
    i18n.set_language("nl")
    assert best.reason != english and t("card.23") in best.reason
    i18n.set_language("en")
    assert best.reason == english


@pytest.mark.parametrize("budget", [0, 1, 5, 6])
def test_the_playout_budget_is_respected(budget):
    g = position(seed=5, actions=14)
    advices = advise(g, budget=budget, top=3)
    assert sum(a.playouts for a in advices) == budget
    assert max(a.playouts for a in advices) - min(a.playouts for a in advices) <= 1


def test_a_bad_budget_is_refused():
    for budget in (-1, 1.5, True):
        with pytest.raises(ValueError):
            advise(Game(seed=1), budget=budget)


def test_a_finished_game_has_no_advice():
    g = play_game(Game(seed=2), RandomPolicy(2))
    assert advise(g) == []


@pytest.mark.parametrize("options", [
    {"players": 2, "spirits": True},
    {"players": 1, "spirits": True},
    {"players": 3, "side": "B"},
])
def test_the_strong_player_plays_whole_games(options):
    g = Game(seed=21, **options)
    seats = [StrongPolicy(1)] + [GreedyPolicy(s) for s in range(1, g.n)]
    play_game(g, seats)
    assert g.over and len({p.turns for p in g.players}) == 1
    assert all(b.total >= 0 for b in g.scores())


def test_the_strong_player_is_registered_and_reproducible():
    assert POLICIES["strong"] is StrongPolicy
    a = play_game(Game(seed=8), [StrongPolicy(3), RandomPolicy(4)])
    b = play_game(Game(seed=8), [StrongPolicy(3), RandomPolicy(4)])
    assert a.history == b.history


def test_the_strong_player_picks_up_after_someone_else_moved():
    """A plan made for one position is dropped when the game is not where the plan expects it."""
    g = Game(seed=6)
    strong = StrongPolicy(0)
    first = strong(g)
    assert type(first) in (TakeTokens, TakeCard)
    g.play(TakeTokens(1) if type(first) is TakeCard else TakeTokens(2 if first.space == 1 else 1))
    follow = strong(g)
    assert g.is_legal(follow)


def test_habitat_distances_one_token_later_equal_a_fresh_count():
    """The beam judges a board one token away from a known one through that token's cell only; on
    random boards that gives the same distances as counting afresh."""
    from harmonies import advisor as coach
    from harmonies.board import LAYOUTS, Side
    from harmonies.tokens import NEXT, STACKS

    rng = random.Random(1)
    checked = 0
    for _ in range(600):
        side = rng.choice([Side.A, Side.B])
        size = len(LAYOUTS[side])
        codes = [rng.randrange(len(STACKS)) if rng.random() < 0.5 else 0 for _ in range(size)]
        cubes = {i for i in rng.sample(range(size), rng.randrange(4)) if codes[i]}
        card = rng.randrange(1, 43)
        eff = [c + coach._N if i in cubes else c for i, c in enumerate(codes)]
        root = coach._root(card, side, eff, cubes)
        i = rng.randrange(size)
        new = NEXT[codes[i]][rng.choice(list(Colour))]
        if i in cubes or new < 0:
            continue
        eff[i] = new
        assert coach._cube_dists_after(root, card, side, eff, cubes, i) == \
            coach._cube_dists(card, side, eff, cubes)
        checked += 1
    assert checked > 100


def test_the_coach_counts_points_as_the_game_does():
    from harmonies.advisor import _points, _Seat

    for seed in range(4):
        g = Game(players=2, spirits=True, seed=seed)
        policy = RandomPolicy(seed)
        while not g.over:
            g.play(policy(g))
            if g.taken_space is None:
                for seat in range(g.n):
                    assert _points(_Seat.of(g, seat)) == g.score(seat).total


def test_after_a_solo_swap_only_the_end_is_advised():
    g = Game(players=1, seed=3)
    g.play(TakeTokens(1))
    while g.hand:
        g.play(next(a for a in g.legal_actions() if type(a) is PlaceToken))
    g.play(next(a for a in g.legal_actions() if a.kind == "swap"))
    assert [a.actions for a in advise(g, budget=0)] == [(END,)]


def test_a_held_card_counts_its_further_cubes_each_after_the_ones_before():
    from harmonies.advisor import _CARDS, _NEAR, _card_worth

    ladybug = _CARDS[31]  # five cubes: 2, 5, 8, 12, 17
    assert _card_worth(ladybug, 0, [0, 0], 1.0, 0.8) == ladybug.points_for(2)  # both complete now
    one = _card_worth(ladybug, 0, [1], 1.0, 0.8)
    assert one == pytest.approx(2 * _NEAR[1])
    two = _card_worth(ladybug, 0, [1, 1], 1.0, 0.8)
    # the second cube needs its own token on top of the first one's: two tokens away
    assert two == pytest.approx(2 * _NEAR[1] + 3 * _NEAR[2] * 0.8)
    assert two > one
    assert _card_worth(ladybug, 0, [1, 1], 0.0, 0.8) == 0  # no turns left: only what is complete now
    assert _card_worth(ladybug, 4, [0, 0, 0], 1.0, 0.8) == 5  # one cube left: the last step only


def _full_board_seat(empty):
    from harmonies.advisor import _Seat
    from harmonies.tokens import EMPTY, STACKS

    g = Game(players=2, spirits=True, seed=2)
    seat = _Seat.of(g, 0)
    green = STACKS.index((Colour.GREEN,))
    seat.codes = [green if i >= empty else EMPTY for i in range(len(seat.codes))]
    return g, seat


def test_a_free_place_in_the_hand_counts_only_while_there_is_room():
    from harmonies.advisor import HAND_LIMIT, Weights, evaluate

    g, seat = _full_board_seat(12)
    free, none = Weights(), Weights(slot=0.0)
    assert evaluate(seat, 6.0, free) - evaluate(seat, 6.0, none) == pytest.approx(free.slot)
    seat.placed = dict.fromkeys((1, 8, 13, 22)[:HAND_LIMIT], 0)
    assert evaluate(seat, 6.0, free) == pytest.approx(evaluate(seat, 6.0, none))


def test_a_board_that_ends_the_game_leaves_nothing_for_later():
    from harmonies.advisor import END_EMPTY, _points, evaluate

    g, ending = _full_board_seat(END_EMPTY)
    assert evaluate(ending, 6.0) == _points(ending)  # no turn, no card place to come
    g, open_board = _full_board_seat(END_EMPTY + 6)
    # the same turns allowed by the others, but this board leaves turns of its own: they count
    assert evaluate(open_board, 6.0) - _points(open_board) > 10
