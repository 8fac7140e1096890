"""An Azul game reviewed by the coach (``tabletop.review`` for this game): every move is a turn (a
take from the offer, and on the gray wall each choice of a column in the tiling).

The coach is asked only through ``advisor.advise(game, budget=, seed=, top=None)``: its best move
and every move its search looked at, each with ``gain`` (the points the player's score changes by
the end of the round, on average) and its reasons. A move played that the search looked at gets the
search's own figures, so the coach's own move loses 0. One it left out is valued by its immediate
gain (``azul.immediate.gain``: the points it scores at the coming tiling minus the floor penalty it
adds) plus what the rest of the round added on average to the moves played out, at most the least
of their gains (the coach's quick look put it below them).

``review(game_or_record, seat=0)`` → ``tabletop.review.Review``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop import review as reviewing
from tabletop.review import Turn

from . import advisor
from .game import OFFER, TILING, Game
from .immediate import gain as immediate_gain
from .locale import t
from .moves import in_words
from .tiling import describe


def turn_words(game: Game, texts: Sequence[str]) -> str:
    """A move (or several) in words, in the language in force."""
    return reviewing.joined_actions([in_words(game.parse_action(text)) for text in texts])


def say(game: Game, text: str) -> str:
    """A move of the player to move in ``game``, in words: "player 1: factory 3: blue → line 2"."""
    return reviewing.said(game.current, in_words(game.parse_action(text)), AzulCoach.first_seat)


def explain(before: Game, after: Game) -> list[str]:
    """What a move led to beyond itself: the wall tiling's steps it set going (each tile placed and
    its points, each floor penalty) and, at the game's end, the end bonuses, each with the score it
    leaves, so that no score changes in a replay without a line saying why."""
    if before.phase == TILING:  # the gray wall's tiling goes on: only the steps this choice made
        steps = after.last_tiling[len(before.last_tiling):]
    elif after.phase == OFFER and after.round == before.round:  # the offer goes on: no tiling
        return []
    else:
        steps = after.last_tiling
    lines = [t("cli.play.tiling")] if before.phase == OFFER else []
    return lines + ["  " + reviewing.said(step.player, describe(step), AzulCoach.first_seat)
                    for step in steps]


class AzulCoach:
    games = (Game,)
    first_seat = 1  # words number the players from 1, as Harmonies' do

    @staticmethod
    def ends_turn(text: str) -> bool:
        return True

    # the module's functions, as the coach's protocol names them (tabletop.review.Coach)
    words = staticmethod(turn_words)
    say = staticmethod(say)
    explain = staticmethod(explain)

    @staticmethod
    def outcome(game: Game) -> str:
        return reviewing.winners_words(game, AzulCoach.first_seat)

    @staticmethod
    def consider(game: Game, played: Sequence[str], budget: int | None,
                 seed: object) -> tuple[Turn, Turn]:
        move = game.parse_action(played[0])
        text = game.action_text(move)
        kwargs = {} if budget is None else {"budget": budget}
        advices = advisor.advise(game, seed=seed, top=None, **kwargs)
        if not advices:
            return (Turn((text,), in_words(move), 0.0), Turn((text,), in_words(move), 0.0))
        best = advices[0]
        best_turn = Turn((game.action_text(best.move),), in_words(best.move), round(best.gain, 2),
                         tuple(best.reasons))
        for advice in advices:
            if game.action_text(advice.move) == text:
                return best_turn, Turn((text,), in_words(move), round(advice.gain, 2),
                                       tuple(advice.reasons))
        # Not played out: its points at once, plus what the rest of the round added on average to
        # the moves that were (their gain beyond their own points at once), but never more than the
        # least of them, since the coach's quick look put it below them all.
        points = immediate_gain(game, move)
        later = [a.gain - immediate_gain(game, a.move) for a in advices]
        estimate = round(min(points + sum(later) / len(later), min(a.gain for a in advices)), 2)
        return best_turn, Turn((text,), in_words(move), estimate,
                               (reviewing.unsearched(points, estimate),))

COACH = AzulCoach()


def review(source, *, seat: int | None = None, budget: int | None = None,
           seed: object = 0) -> reviewing.Review:
    """The coach's review of an Azul game (a ``Game`` or its record) for ``seat`` (from 0; None:
    every seat); ``budget``: the coach's playouts per move (None: its default)."""
    return reviewing.review(source, COACH, seat=seat, budget=budget, seed=seed)


__all__ = ["review", "turn_words", "say", "explain", "COACH", "AzulCoach"]
