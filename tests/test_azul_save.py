"""Saving and loading the whole state as JSON: exact round trips, a loaded game continues exactly
as the original would, and a broken file names the field that is wrong."""

import json

import pytest

from azul import Game, GreedyPolicy, RandomPolicy, ScenarioError, play_out


def advance(game, policy, moves):
    for _ in range(moves):
        if game.over:
            break
        game.play(policy(game))
    return game


@pytest.mark.parametrize("wall", ["colored", "gray"])
@pytest.mark.parametrize("moves", [0, 7, 23, 41])
def test_save_mid_game_load_and_continue_identically(wall, moves):
    policy = RandomPolicy(11)
    game = advance(Game(3, seed=2024, wall=wall), policy, moves)
    saved = game.to_json()
    policy_state = policy.rng.getstate()

    loaded = Game.from_json(saved)
    assert loaded.to_json() == saved
    assert json.loads(json.dumps(loaded.to_dict())) == loaded.to_dict()

    twin = RandomPolicy()
    twin.rng.setstate(policy_state)
    play_out(game, policy)
    play_out(loaded, twin)
    assert loaded.to_dict() == game.to_dict()


def test_round_trip_in_the_gray_tiling_phase_and_after_the_end():
    game = Game(2, seed=5, wall="gray")
    policy = RandomPolicy(5)
    while game.phase != "tiling":
        game.play(policy(game))
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    loaded = Game.from_dict(game.to_dict())
    assert loaded.legal_moves() == game.legal_moves()
    play_out(game, GreedyPolicy())
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert Game.from_dict(game.to_dict()).winners() == game.winners()


def test_the_saved_form_reads_well():
    data = Game(2, seed=1).to_dict()
    assert data["game"] == "azul" and data["phase"] == "offer"
    assert all(len(f) == 4 and set(f) <= set("BYRKW") for f in data["factories"])
    assert sum(data["bag"].values()) == 80
    assert data["players"][0] == {"score": 0, "wall": ["....."] * 5,
                                  "pattern_lines": [""] * 5, "floor": ""}


def broken(**changes):
    data = Game(2, seed=1).to_dict()
    for path, value in changes.items():
        target = data
        *parents, last = path.split("__")
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return data


@pytest.mark.parametrize(("data", "field", "words"), [
    (broken(game="chess"), "game", "must be one of 'azul'"),
    (broken(phase="lunch"), "phase", "must be one of"),
    (broken(phase="tiling"), "phase", "only a gray-wall game"),
    (broken(round=0), "round", "at least 1"),
    (broken(current=2), "current", "between 0 and 1"),
    (broken(factories__0="BBBBB"), "factories[0]", "at most 4 tiles"),
    (broken(factories__0="BBXB"), "factories[0]", "'X' is not a colour letter"),
    (broken(bag__B=1), "players", "blue tiles in all"),
    (broken(lid__Q=1), "lid.Q", "unknown field"),
    (broken(rng=[3, [1, 2], None]), "rng", "not a saved random-generator state"),
    (broken(marker_holder=0), "marker_holder", "either in the centre"),
    (broken(players__1__floor="F"), "players[1].floor", "not this player's"),
    (broken(players__0__pattern_lines=["", "", "", ""]), "players[0].pattern_lines",
     "expected 5 entries"),
    (broken(colour="blue"), "colour", "unknown field"),
])
def test_a_broken_save_names_the_field(data, field, words):
    with pytest.raises(ScenarioError) as caught:
        Game.from_dict(data)
    assert caught.value.field == field
    assert words in caught.value.message


def test_missing_fields_and_bad_json():
    data = Game(2, seed=1).to_dict()
    del data["lid"]
    with pytest.raises(ScenarioError, match="^lid: missing$"):
        Game.from_dict(data)
    with pytest.raises(ScenarioError, match="^file: not valid JSON"):
        Game.from_json("{nope")
    with pytest.raises(ScenarioError, match="^file: expected an object"):
        Game.from_json("[1, 2]")
