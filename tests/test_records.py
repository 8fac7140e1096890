"""Game records (tabletop.records) for both games: every step round trips, through a link too, and a
record the rules would not allow is refused with the action's number and the engine's reason."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import azul
import harmonies
from tabletop import i18n
from tabletop.game import RandomPolicy, play_out
from tabletop.links import address, unpack
from tabletop.records import RecordError, positions, record, replay

GAMES = (harmonies.Game, azul.Game)
SETUPS = {
    "harmonies": lambda seed: harmonies.Game(2 + seed % 3, side="AB"[seed % 2], spirits=seed % 3 == 0,
                                             seed=seed),
    "azul": lambda seed: azul.Game(2 + seed % 3, seed=seed, wall=("colored", "gray")[seed % 2]),
}


def _finished(kind: str, seed: int):
    return play_out(SETUPS[kind](seed), RandomPolicy(seed))


@pytest.mark.parametrize("kind", SETUPS)
def test_two_hundred_random_games_come_back_whole_through_a_link(kind):
    for seed in range(200):
        game = _finished(kind, seed)
        kept = unpack(address("http://127.0.0.1:8000/lab/index.html", record(game)))
        again = replay(kept, GAMES)
        assert again.to_dict() == game.to_dict(), seed
        assert [s.total for s in again.scores()] == [s.total for s in game.scores()]
        assert record(again) == record(game)


@pytest.mark.parametrize("kind", SETUPS)
def test_the_record_at_every_step_replays_to_that_step(kind):
    game = SETUPS[kind](11)
    policy = RandomPolicy(3)
    while not game.over:
        assert replay(json.loads(json.dumps(record(game))), GAMES).to_dict() == game.to_dict()
        game.play(policy(game))
    steps = positions(record(game), GAMES)
    assert len(steps) == len(game.history) + 1
    assert steps[-1].to_dict() == game.to_dict()
    assert steps[0].to_dict() == SETUPS[kind](11).to_dict()


def test_a_record_names_its_format_setup_and_actions():
    game = azul.Game(2, seed=7)
    game.play(game.legal_actions()[0])
    kept = record(game)
    assert kept == {"format": "azul-game/1", "setup": {"players": 2, "seed": 7, "wall": "colored"},
                    "actions": [game.action_text(game.history[0])]}
    h = harmonies.Game(2, seed=7, spirits=True)
    assert record(h)["format"] == "harmonies-game/1"
    assert record(h)["setup"]["spirits"] is True


def test_a_game_without_a_seed_gets_one_so_its_record_replays():
    for cls in GAMES:
        game = play_out(cls(seed=None), RandomPolicy(1))
        assert replay(record(game), GAMES).to_dict() == game.to_dict()


def _refusal(data) -> str:
    with pytest.raises(RecordError) as caught:
        replay(data, GAMES)
    return str(caught.value)


def test_an_illegal_action_is_refused_with_its_number_and_the_engines_reason():
    game = _finished("azul", 5)
    kept = record(game)
    kept["actions"][3] = kept["actions"][2]  # the same take twice: that factory is empty now
    message = _refusal(kept)
    assert message.startswith(f"Action 4 of the record, {kept['actions'][3]}, is not allowed: ")
    assert len(message) > len("Action 4 of the record, , is not allowed: ") + len(kept["actions"][3])


def test_a_misspelt_action_and_one_after_the_end():
    game = _finished("harmonies", 2)
    kept = record(game)
    kept["actions"][0] = "take seven"
    assert "Action 1 of the record, take seven" in _refusal(kept)
    kept = record(game)
    kept["actions"].append(kept["actions"][-1])
    assert f"Action {len(kept['actions'])} of the record" in _refusal(kept)
    assert "after the end" in _refusal(kept)


def test_files_that_are_not_records():
    assert "not a game record" in _refusal([1, 2])
    assert "not a game record" in _refusal({"setup": {}})
    assert "chess-game/1" in _refusal({"format": "chess-game/1"})
    assert "newer version" in _refusal({"format": "azul-game/2", "setup": {}, "actions": []})
    assert "no field \"moves\"" in _refusal({"format": "azul-game/1", "setup": {}, "moves": []})
    assert "no setting \"colour\"" in _refusal({"format": "azul-game/1", "setup": {"colour": 1}})
    assert "setup cannot start" in _refusal({"format": "azul-game/1", "setup": {"players": 9}})
    assert "setup cannot start" in _refusal({"format": "harmonies-game/1", "setup": {"side": "C"}})
    assert "list of actions" in _refusal({"format": "azul-game/1", "setup": {}, "actions": "x"})
    assert "not written as text" in _refusal({"format": "azul-game/1", "setup": {}, "actions": [3]})


@pytest.mark.parametrize("name", ["harmonies-game/1", "azul-game/1"])
@pytest.mark.parametrize("seed", [[1], {"a": 1}])
def test_a_seed_that_is_no_number_nor_text_is_refused_in_one_line(name, seed):
    """Python's own refusal of such a seed was two lines long, in English."""
    assert _refusal({"format": name, "setup": {"seed": seed}}).endswith(
        f"the seed is a whole number or a text, not {'a list' if seed == [1] else 'an object'}")


def test_a_made_up_position_has_no_record():
    scenario = harmonies.Scenario.loads('{"game": "harmonies", "side": "A", "board": {"c3": ["green"]}}')
    game = harmonies.game_from_position(scenario, ["blue", "blue", "yellow"])
    with pytest.raises(RecordError, match="did not start from a setup"):
        record(game)
    with pytest.raises(RecordError, match="did not start from a setup"):
        record(azul.Game.from_dict(azul.Game(2, seed=1).to_dict()))


def test_the_refusal_is_in_the_learners_language():
    i18n.set_language("vi")
    assert "Nước đi thứ 1" in _refusal({"format": "azul-game/1", "setup": {}, "actions": ["x"]})


@settings(max_examples=60)
@given(st.data())
def test_any_edited_record_replays_or_is_refused_with_a_record_error(data):
    kind = data.draw(st.sampled_from(sorted(SETUPS)))
    kept = record(_finished(kind, data.draw(st.integers(0, 5))))
    actions = kept["actions"]
    edit = data.draw(st.sampled_from(["drop", "swap", "change", "cut", "junk"]))
    at = data.draw(st.integers(0, len(actions) - 1))
    if edit == "drop":
        del actions[at]
    elif edit == "swap" and at + 1 < len(actions):
        actions[at], actions[at + 1] = actions[at + 1], actions[at]
    elif edit == "change":
        actions[at] = data.draw(st.sampled_from(actions))
    elif edit == "cut":
        del actions[at:]
    else:
        actions[at] = data.draw(st.text(max_size=20))
    try:
        game = replay(kept, GAMES)
    except RecordError as err:
        assert str(err)
    else:
        assert len(game.history) == len(actions)


def test_random_setups_never_escape():
    rng = random.Random(0)
    for _ in range(200):
        setup = {k: rng.choice([None, True, -1, 0, 1, 2, 5, "A", "x", [], {}])
                 for k in rng.sample(["players", "seed", "wall", "side", "spirits", "river", "cube_supply"],
                                     rng.randint(0, 4))}
        for name in ("harmonies-game/1", "azul-game/1"):
            with contextlib.suppress(RecordError):  # anything else escaping fails the test
                replay({"format": name, "setup": setup, "actions": []}, GAMES)
