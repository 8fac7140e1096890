"""A replay a learner can follow (tabletop.replaying, its widget and ``replay`` in words): every
score that changes has a line saying why (Azul's tiling step by step, its end bonuses, Harmonies'
final breakdown), and a solo game ends with its suns, not a winner."""

from __future__ import annotations

import azul
import harmonies
from azul.review import COACH as AZUL
from azul.tiling import FloorPenalty, describe
from azul.widgets import GameReplay as AzulReplay
from harmonies.policies import GreedyPolicy
from harmonies.review import COACH as HARMONIES
from tabletop.game import RandomPolicy, computer_players, play_out
from tabletop.keeping import replay_lines
from tabletop.records import record
from tabletop.replaying import Replay


def _azul_game() -> azul.Game:
    return play_out(azul.Game(2, seed=1), computer_players(azul.POLICIES, ["greedy", "greedy"], 1))


def _round_ends(replay: Replay) -> list[int]:
    """The steps whose action ended a round (its tiling ran)."""
    return [k for k in range(1, replay.last + 1)
            if replay.games[k].round != replay.games[k - 1].round or replay.games[k].over]


def test_the_step_after_a_rounds_last_move_names_each_tiling_step_and_the_score_it_leads_to():
    game = _azul_game()
    replay = Replay.of(game, AZUL)
    ends = _round_ends(replay)
    assert len(ends) == game.round
    for step in ends:
        lines = replay.explained(step)
        tiling = replay.games[step].last_tiling
        for floor in (s for s in tiling if isinstance(s, FloorPenalty)):
            assert f"  player {floor.player + 1}: {describe(floor)}" in lines
        replay.go(step)
        for seat, total in enumerate(replay.totals):  # each player's last line gives the new score
            last = [line for line in lines if line.startswith(f"  player {seat + 1}:")][-1]
            assert last.endswith(f"(score {total})"), (step, last)
    assert replay.explained(ends[0] - 1) == [] and replay.explained(0) == []
    assert any("end bonus" in line for line in replay.explained(ends[-1]))


def test_the_replay_in_words_puts_the_tiling_between_the_last_move_and_the_scores():
    game = _azul_game()
    lines = replay_lines(record(game), AZUL)
    floors = [k for k, line in enumerate(lines) if ": floor: " in line]
    assert len(floors) == 2 * game.round
    for k in floors:
        above = next(line for line in reversed(lines[:k]) if not line.startswith(" "))
        below = next(line for line in lines[k:] if not line.startswith("     "))
        assert above.split(".")[0].isdigit() and below.startswith("   Scores:")
    assert lines[-3].startswith("     player 2: end bonus") and lines[-2].startswith("   Scores:")
    assert lines[-1] == "The game is over; the winner: player 2."


def test_a_solo_harmonies_replay_names_its_suns_and_no_winner_and_ends_with_the_breakdown():
    game = play_out(harmonies.Game(1, seed=2), [GreedyPolicy(2)])
    suns, total = game.suns(), game.score(0).total
    replay = Replay.of(game, HARMONIES)
    assert replay.action_words(0) == "A solo game at its start: nothing played yet."  # n = 1
    replay.to_last()
    ending = replay.to_move()
    assert f"earned {suns} sun" in ending and "☀" * suns in ending and "winner" not in ending
    breakdown = replay.explained()
    assert breakdown[0] == "The final score of player 1, part by part:"
    assert f"  Total: {total}" in breakdown and any("Animal cards" in line for line in breakdown)
    assert replay.explained(replay.last - 1) == []
    lines = replay_lines(record(game), HARMONIES)
    assert lines[0].endswith(f": 1 player, {len(game.history)} actions.")
    assert "winner" not in lines[-1] and "☀" * suns in lines[-1]
    assert f"     Total: {total}" in lines


def test_the_replay_widget_shows_what_a_step_led_to():
    widget = AzulReplay(_azul_game())
    assert widget.explained_box.value == ""
    widget.go(widget.replay.last)
    assert "end bonus" in widget.explained_box.value and "wall tiling" in widget.explained_box.value
    widget.go(1)
    assert widget.explained_box.value == ""


def test_a_two_player_harmonies_replay_breaks_down_both_scores():
    game = play_out(harmonies.Game(2, seed=3), RandomPolicy(3))
    replay = Replay.of(game, HARMONIES)
    replay.to_last()
    breakdown = replay.explained()
    for seat in range(game.seats):
        assert f"The final score of player {seat + 1}, part by part:" in breakdown
    assert [line for line in breakdown if line.startswith("  Total:")] == \
        [f"  Total: {score.total}" for score in game.scores()]
    assert "winner" in replay.to_move()
