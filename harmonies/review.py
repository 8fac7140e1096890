"""A Harmonies game reviewed by the coach (``tabletop.review`` for this game): a turn is a player's
actions up to ``end``; the coach's best whole turn comes from ``advisor.advise``, and the turn played
is valued by ``advisor.judge`` on the same scale (when it leaves the same position as one of the
coach's candidates, it gets that candidate's value, playouts included, so the coach's own turn
loses 0).

``review(game_or_record, seat=0)`` → ``tabletop.review.Review``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop import review as reviewing
from tabletop.review import Turn

from . import advisor
from .actions import TakeTokens
from .game import Game
from .inwords import action_line
from .locale import t


def _advised_turn(game: Game, advice: advisor.Advice) -> Turn:
    texts = tuple(str(a) for a in advice.actions)
    return Turn(texts, turn_words(game, texts), advice.gain, advice.reasons)


def turn_words(game: Game, texts: Sequence[str]) -> str:
    """A whole turn in the action grammar a learner types, ``end`` left out."""
    return reviewing.joined_actions([text for text in texts if text.strip() != "end"])


def say(game: Game, text: str) -> str:
    """An action of the player to move in ``game`` (before it is played), as the table's log says
    it: "player 1 took blue, green and green from space 2"."""
    action = game.parse_action(text)
    who = reviewing.player_name(game.current, HarmoniesCoach.first_seat)
    tokens = game.central[action.space - 1] if isinstance(action, TakeTokens) else ()

    def points() -> int:  # the score the turn ends with, played on a copy
        after = game.copy()
        after.play(action)
        return after.score(game.current).total
    return action_line(action, who, tokens, points)


def explain(before: Game, after: Game) -> list[str]:
    """What an action led to beyond itself: at the game's end, every player's score part by part
    (each landscape, each animal card, the spirit), so the replay's last scores are accounted for."""
    if not after.over or before.over:
        return []
    lines = []
    for seat, score in enumerate(after.scores()):
        who = reviewing.player_name(seat, HarmoniesCoach.first_seat)
        lines.append(t("replay.breakdown", player=who))
        lines += ["  " + line for line in score.explain().splitlines()]
    return lines


def outcome(game: Game) -> str:
    """How a finished game came out: a solo game's suns (it has no winner), else the winners."""
    if game.solo:
        suns = game.suns()
        return t.count("replay.suns", suns, icons="☀" * suns)
    return reviewing.winners_words(game, HarmoniesCoach.first_seat)


def _after(game: Game, actions) -> dict:
    g = game.copy()
    for a in actions:
        g.play(a)
    return g.to_dict()


class HarmoniesCoach:
    games = (Game,)
    first_seat = 1  # as the game's own texts number the players

    @staticmethod
    def ends_turn(text: str) -> bool:
        return text.strip().lower() == "end"

    # the module's functions, as the coach's protocol names them (tabletop.review.Coach)
    words = staticmethod(turn_words)
    say = staticmethod(say)
    explain = staticmethod(explain)
    outcome = staticmethod(outcome)

    @staticmethod
    def consider(game: Game, played: Sequence[str], budget: int | None,
                 seed: object) -> tuple[Turn, Turn]:
        budget = advisor.DEFAULT_BUDGET if budget is None else budget
        advices = advisor.advise(game, budget=budget, seed=seed)
        mine = advisor.judge(game, played)
        if not advices:  # nothing to advise (a hand that cannot all go down): the turn is its own best
            turn = Turn(tuple(played), turn_words(game, played), mine.gain, mine.reasons)
            return turn, turn
        after = _after(game, played)
        for advice in advices:
            if _after(game, advice.actions) == after:  # the coach's own turn, in any order
                mine = advice
                break
        played_turn = Turn(tuple(played), turn_words(game, played), mine.gain, mine.reasons)
        return _advised_turn(game, advices[0]), played_turn


COACH = HarmoniesCoach()


def review(source, *, seat: int | None = None, budget: int | None = None,
           seed: object = 0) -> reviewing.Review:
    """The coach's review of a Harmonies game (a ``Game`` or its record) for ``seat`` (from 0;
    None: every seat); ``budget``: the coach's playouts per turn (None: its default)."""
    return reviewing.review(source, COACH, seat=seat, budget=budget, seed=seed)


__all__ = ["review", "turn_words", "say", "explain", "outcome", "COACH", "HarmoniesCoach"]
