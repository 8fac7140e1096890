"""The coach's review of a game (tabletop.review with harmonies.review and azul.review): the coach's
own turn loses nothing, a poor one loses points and says why, a review round trips as JSON and
reads in every language."""

from __future__ import annotations

import json

import pytest

import azul
import harmonies
from azul.moves import FLOOR, Take
from azul.review import review as azul_review
from harmonies.advisor import advise, judge
from harmonies.policies import StrongPolicy
from harmonies.review import review as harmonies_review
from tabletop import i18n
from tabletop.commandline import language_kept
from tabletop.game import RandomPolicy, play_out
from tabletop.records import RecordError, record
from tabletop.review import Review


def test_a_harmonies_game_played_by_the_coach_loses_nothing():
    game = play_out(harmonies.Game(2, seed=5), [StrongPolicy(1, budget=0), RandomPolicy(2)])
    kept = harmonies_review(game, seat=0, budget=0)
    assert kept.turns and all(r.seat == 0 for r in kept.turns)
    assert [r.loss for r in kept.turns] == [0.0] * len(kept.turns)
    assert kept.costliest() == []
    assert all(r.played.gain == r.best.gain for r in kept.turns)
    other = harmonies_review(game, seat=1, budget=0)
    assert other.lost > 0 and other.costliest()[0].loss == max(r.loss for r in other.turns)


def test_judge_values_the_coachs_turn_as_the_coach_does():
    game = harmonies.Game(2, seed=8, spirits=True)
    for _ in range(3):
        best = advise(game, budget=0)[0]
        assert judge(game, best.actions).gain == pytest.approx(best.gain, abs=0.011)
        assert judge(game, [str(a) for a in best.actions]).now == best.now
        before = game.to_dict()
        judge(game, best.actions)
        assert game.to_dict() == before  # the game is left as it was
        for action in best.actions:
            game.play(action)


def _azul_midgame(seed: int) -> azul.Game:
    game = azul.Game(2, seed=seed)
    policy = RandomPolicy(seed)
    for _ in range(3):
        game.play(policy(game))
    return game


def test_the_coachs_own_azul_move_loses_nothing_and_a_floor_dump_loses_with_a_reason():
    game = _azul_midgame(4)
    coach = azul.advisor.advise(game, budget=40, seed=9, top=None)[0].move
    dump = next(m for m in game.legal_moves() if type(m) is Take and m.line == FLOOR
                and game.sources[m.source][m.colour] >= 2)
    for move, lost in ((coach, False), (dump, True)):
        played = game.copy()
        played.play(move)
        turn = azul_review(played, budget=40, seed=9).turns[-1]
        assert turn.number == 4 and turn.seat == game.current
        assert turn.played.actions == (game.action_text(move),)
        if lost:
            assert turn.loss > 0 and turn.costly
            assert turn.best.reasons and turn.played.reasons
            assert "floor" in str(turn).lower()
        else:
            assert turn.loss == 0 and turn.best.actions == turn.played.actions


def test_a_review_round_trips_as_json_and_its_chart_draws_both_players():
    game = play_out(azul.Game(2, seed=2), RandomPolicy(2))
    kept = azul_review(game, seat=1, budget=10)
    data = json.loads(json.dumps(kept.to_dict()))
    again = Review.from_dict(data)
    assert again.to_dict() == kept.to_dict()
    assert data["player"] == 2 and data["record"] == record(game)
    assert data["costliest"] == [r.number for r in kept.costliest()]
    assert len(kept.totals) == len(game.history) + 1  # every Azul move is a turn
    assert kept.totals[-1] == [s.total for s in game.scores()]
    chart = kept.chart()
    assert len(chart.legend()) == 2 and len(chart.notes) == len(kept.costliest()) <= 3
    assert "<svg" in chart.to_svg()


@pytest.mark.parametrize("kind", ["harmonies", "azul"])
def test_random_games_are_reviewed_in_every_language(kind):
    for seed in (1, 2):
        if kind == "harmonies":
            game = play_out(harmonies.Game(2 + seed % 2, seed=seed, spirits=seed == 1), RandomPolicy(seed))
            kept = harmonies_review(record(game), budget=1, seed=seed)
        else:
            game = play_out(azul.Game(2, seed=seed, wall=("colored", "gray")[seed % 2]), RandomPolicy(seed))
            kept = azul_review(record(game), budget=5, seed=seed)
        assert all(r.loss >= 0 for r in kept.turns) and kept.turns
        assert kept.totals[-1] == [s.total for s in game.scores()]
        words = set()
        for code in i18n.LANGUAGES:
            with language_kept():
                i18n.set_language(code)
                words.add(str(kept) + kept.summary())
        assert len(words) == len(i18n.LANGUAGES)


def test_a_player_not_in_the_game_and_a_text_that_is_no_review_are_refused():
    game = play_out(azul.Game(2, seed=3), RandomPolicy(3))
    for seat in (2, -1, "x"):
        with pytest.raises(RecordError, match="player"):
            azul_review(game, seat=seat, budget=1)
    for junk in ({}, {"format": "review/1"}, {"format": "review/1", "turns": [{}]}, [], "review"):
        with pytest.raises(RecordError):
            Review.from_dict(junk)


def test_a_record_that_stops_inside_a_turn_reviews_the_finished_turns_only():
    game = harmonies.Game(2, seed=4)
    policy = RandomPolicy(4)
    while game.players[0].turns < 2 or game.current != 0:
        game.play(policy(game))
    game.play(policy(game))  # the first action of a turn not finished
    kept = harmonies_review(game, budget=0)
    assert len(kept.turns) == len(kept.totals) - 1 == 4


@pytest.mark.parametrize("kind", ["harmonies", "azul"])
def test_a_review_numbers_each_players_own_turns(kind):
    if kind == "harmonies":
        game = play_out(harmonies.Game(2, seed=6), RandomPolicy(6))
        kept, first = harmonies_review(game, budget=0), 1
    else:
        game = play_out(azul.Game(2, seed=6), RandomPolicy(6))
        kept, first = azul_review(game, budget=1), 0
    for seat in (0, 1):
        own = [r.own for r in kept.turns if r.seat == seat]
        assert own == list(range(1, len(own) + 1)) and len(own) > 3
    second = next(r for r in kept.turns if r.seat == 1 and r.own == 3)
    assert second.number > 3  # the game's turn, where the chart puts it, counts both players
    assert second.describe(first).startswith(f"Player {1 + first}, turn 3: ")
    alone = (harmonies_review if kind == "harmonies" else azul_review)(game, seat=1, budget=0)
    assert [r.own for r in alone.turns] == list(range(1, len(alone.turns) + 1))
    assert Review.from_dict(alone.to_dict()).to_dict() == alone.to_dict()


def test_a_reason_about_one_point_reads_singular():
    game = harmonies.Game(2, seed=0)
    policy = RandomPolicy(0)
    for _ in range(10):
        game.play(policy(game))
    reasons = [str(r) for advice in advise(game, budget=0) for r in advice.reasons]
    assert "prepares about 1 point for your next turns" in reasons


def test_a_review_of_one_costly_turn_says_so_in_the_singular():
    game = azul.Game(2, seed=4)
    game.play(next(m for m in game.legal_moves() if type(m) is Take and m.line == FLOOR
                   and game.sources[m.source][m.colour] >= 2))
    kept = azul_review(game, budget=40, seed=9)
    assert len(kept.turns) == 1 and kept.turns[0].costly
    assert kept.summary().startswith("The costliest turn: player 1, turn 1 (−")
    assert kept.summary().endswith(" points lost over 1 turn.")
