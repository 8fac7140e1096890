"""Properties of random games: tokens and cards conserved after every action, games end with equal
turns, legal_actions() agrees with play(), illegal actions change nothing, save/load and copies
continue identically."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from harmonies.actions import (
    END,
    ChooseSpirit,
    PlaceCube,
    PlaceToken,
    SwapCard,
    TakeCard,
    TakeTokens,
)
from harmonies.errors import IllegalMove
from harmonies.game import HAND_LIMIT, Game
from harmonies.policies import RandomPolicy, play_game
from harmonies.tokens import Colour

games = st.fixed_dictionaries({
    "players": st.integers(1, 4),
    "side": st.sampled_from(["A", "B"]),
    "spirits": st.booleans(),
    "seed": st.integers(0, 10**6),
    "cube_supply": st.sampled_from([None, None, 0, 12, 66]),
})


def check_invariants(g):
    census = g.token_census()
    assert sum(census.values()) == 120 and min(census.values()) >= 0
    assert min(g.pouch) >= 0
    animals = g.display + g.deck + g.discarded + [i for p in g.players for i in p.held + p.completed]
    assert sorted(animals) == list(range(1, 33))
    spirits = g.spirit_box + [i for p in g.players for i in p.spirit_offer]
    spirits += [p.spirit for p in g.players if p.spirit is not None]
    assert sorted(spirits) == list(range(33, 43))
    assert g.cube_supply is None or g.cube_supply >= 0
    for p in g.players:
        assert p.cards_above <= HAND_LIMIT
        assert len(p.board.cubes) == p.cubes_placed
        assert sorted(p.placed) == sorted(p.held + p.completed)


@settings(max_examples=60, deadline=None)
@given(games)
def test_random_games_conserve_everything_and_end(options):
    g = Game(**options)
    policy = RandomPolicy(options["seed"])
    check_invariants(g)
    for _ in range(3000):
        if g.over:
            break
        g.play(policy(g))
        check_invariants(g)
    assert g.over
    assert len({p.turns for p in g.players}) == 1  # the round was finished
    assert g.end_reason in ("board", "pouch")
    assert g.winners()
    if g.solo:
        assert g.suns() >= 0


def candidates(g, rng):
    """A mix of actions to try, legal or not."""
    names = g.player.board.layout.names
    out = [TakeTokens(s) for s in range(0, 7)] + [END]
    out += [PlaceToken(c, rng.choice(names)) for c in Colour for _ in range(3)]
    out += [TakeCard(i) for i in rng.sample(range(1, 43), 6)] + [TakeCard(i) for i in g.display]
    held = g.player.held + ([g.player.spirit] if g.player.spirit else [])
    out += [PlaceCube(i, rng.choice(names)) for i in held + [rng.randrange(1, 43)] for _ in range(3)]
    out += [ChooseSpirit(i) for i in range(33, 43)]
    out += [SwapCard(i) for i in g.display] + [SwapCard(rng.randrange(1, 43))]
    return out


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 10**6))
def test_legal_actions_agree_with_play(options, seed):
    g = Game(**options)
    policy, rng = RandomPolicy(seed), random.Random(seed)
    step = 0
    while not g.over:
        if step % 5 == 0:
            legal = g.legal_actions()
            assert len(set(legal)) == len(legal)
            for action in legal:
                g.copy().play(action)  # every listed action is playable
            before = g.to_dict()
            for action in candidates(g, rng):
                if action in legal:
                    continue
                try:
                    g.play(action)
                except IllegalMove:
                    assert g.to_dict() == before
                else:
                    raise AssertionError(f"{action} was played but is not in legal_actions()")
        g.play(policy(g))
        step += 1


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 300), st.integers(0, 10**6))
def test_save_and_load_mid_game_continue_identically(options, cut, seed):
    g = Game(**options)
    policy = RandomPolicy(seed)
    for _ in range(cut):
        if g.over:
            break
        g.play(policy(g))
    saved = g.to_json()
    loaded = Game.from_json(saved)
    assert loaded.to_json() == saved
    twin = g.copy()
    for game in (g, loaded, twin):
        play_game(game, RandomPolicy(seed + 1))
    assert g.to_dict() == loaded.to_dict() == twin.to_dict()
