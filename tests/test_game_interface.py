"""Both games through the one interface (``tabletop.game.Game``): random games to the end, and at
every step every round trip (to_dict/from_dict, pickle, deepcopy, copy, each legal action's text and
back) gives a game that goes on exactly as the original."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import azul
import harmonies
from azul import figures as azul_figures
from harmonies import figures as harmonies_figures
from tabletop import game as api

GAMES = {
    "harmonies 2 players, spirits": lambda seed: harmonies.Game(players=2, spirits=True, seed=seed),
    "harmonies solo, side B": lambda seed: harmonies.Game(players=1, side="B", seed=seed),
    "harmonies 3 players, cube supply": lambda seed: harmonies.Game(players=3, seed=seed, cube_supply=20),
    "azul 3 players": lambda seed: azul.Game(3, seed=seed),
    "azul gray wall": lambda seed: azul.Game(2, seed=seed, wall="gray"),
}


def state(game: api.Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def clones(game: api.Game) -> dict[str, api.Game]:
    return {
        "from_dict": type(game).from_dict(json.loads(json.dumps(game.to_dict()))),
        "pickle": pickle.loads(pickle.dumps(game)),
        "deepcopy": copy.deepcopy(game),
        "copy": game.copy(),
    }


def check_step(game: api.Game, action) -> None:
    """Every round trip of ``game`` before ``action`` is played: the same state, the same legal
    actions, and after ``action`` the same state as the original."""
    before, legal = state(game), [game.action_text(a) for a in game.legal_actions()]
    for text, a in zip(legal, game.legal_actions(), strict=True):
        assert game.parse_action(text) == a and game.action_text(game.parse_action(text)) == text
    others = clones(game)
    for how, other in others.items():
        assert state(other) == before, how
        assert [other.action_text(a) for a in other.legal_actions()] == legal, how
        assert other.current == game.current and other.seats == game.seats, how
    game.play(action)
    for how, other in others.items():
        other.play(other.parse_action(game.action_text(action)))
        assert state(other) == state(game), how


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("kind", list(GAMES))
def test_a_random_game_keeps_every_round_trip_at_every_step(kind, seed):
    game = GAMES[kind](seed)
    assert isinstance(game, api.Game)
    player, steps = api.RandomPolicy(seed), 0
    while not game.over:
        assert 0 <= game.current < game.seats and game.legal_actions()
        check_step(game, player(game))
        steps += 1
    assert steps > 10 and game.legal_actions() == []
    totals = [score.total for score in game.scores()]
    assert len(totals) == game.seats and all(isinstance(x, int) for x in totals)
    assert game.winners() and all(totals[w] == max(totals) for w in game.winners())
    for how, other in clones(game).items():
        assert other.over and other.winners() == game.winners(), how


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_shared_loop_and_random_player_are_reproducible(kind):
    a = api.play_out(GAMES[kind](5), api.RandomPolicy(9))
    b = api.play_out(GAMES[kind](5), api.RandomPolicy(9))
    assert a.over and state(a) == state(b)


def test_the_play_loop_wants_one_policy_per_seat():
    with pytest.raises(ValueError, match=r"one per seat \(2\), not 3"):
        api.play_out(azul.Game(2, seed=1), [api.RandomPolicy(1)] * 3)


def test_a_game_that_does_not_end_in_time_names_the_policy_to_move():
    with pytest.raises(RuntimeError, match=r"within 3 actions: RandomPolicy\(seed=4\)"):
        api.play_out(harmonies.Game(players=2, seed=1), api.RandomPolicy(4), max_actions=3)


def test_the_seeding_rule_is_the_parents_seed_and_the_parts_number():
    assert api.seed_for(7, 1) == "7:1" and api.seed_for(api.seed_for(7, 1), 0) == "7:1:0"
    players = api.computer_players(harmonies.POLICIES, ["random", "greedy"], "7:1")
    assert [p.seed for p in players] == ["7:1:0", "7:1:1"]


@pytest.mark.parametrize("module", [harmonies_figures, azul_figures], ids=["harmonies", "azul"])
def test_simulate_has_one_shape_in_both_games(module):
    finals = module.simulate(2, players=2, seed=3, policy="random")
    assert len(finals) == 2 and all(len(game) == 2 for game in finals)
    assert module.simulate(2, players=2, seed=3, policy="random") == finals


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_huge_text_typed_as_an_action_is_refused_in_one_line(kind):
    game = GAMES[kind](1)
    before = state(game)
    with pytest.raises(ValueError) as refusal:
        game.play("take " + "9" * 100_000)
    assert len(str(refusal.value)) < 1000 and "\u2026" in str(refusal.value)
    assert state(game) == before
