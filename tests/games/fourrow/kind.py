"""Four in a Row as the shared ground sees it: its kind (``tabletop.kinds.Kind``), and the review's
coach (``tabletop.review.Coach``), in which a turn is one drop."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.kinds import Kind
from tabletop.review import Turn, joined_actions, player_name, winners_words

from . import coach, draw
from .game import Game
from .locale import t


class Coach:
    """The review's questions, answered by ``coach.value``."""

    games = (Game,)
    first_seat = 1

    def ends_turn(self, text: str) -> bool:
        return True  # a turn is one drop

    def consider(self, game: Game, played: Sequence[str], budget: int | None,
                 seed: object) -> tuple[Turn, Turn]:
        # No search and no chance: the budget and the seed change nothing.
        return self.turn(game, coach.best(game)[0]), self.turn(game, game.parse_action(played[0]))

    def turn(self, game: Game, action) -> Turn:
        value = coach.value(game, action)
        return Turn((str(action),), self.words(game, [str(action)]), value.gain, value.reasons)

    def words(self, game: Game, texts: Sequence[str]) -> str:
        return joined_actions(texts)

    def say(self, game: Game, text: str) -> str:
        action = game.parse_action(text)
        return t("say.drop", player=player_name(game.current, self.first_seat),
                 colour=t(f"colour.{game.current}"), column=action.column)

    def explain(self, before: Game, after: Game) -> list[str]:
        """The drop that ended the game: the four it made, or the full board."""
        if before.over or not after.over:
            return []
        if after.line:
            return [t("explain.won", player=after.winners()[0] + 1, points=1)]
        return [t("explain.tie")]

    def outcome(self, game: Game) -> str:
        return winners_words(game, self.first_seat) if game.line else t("explain.tie")


KIND = Kind(name="fourrow", catalogue=t, game=Game, players=range(2, 3), coach=Coach(),
            scene=draw.game_scene, keys=draw.keys, policies=coach.POLICIES)

__all__ = ["KIND", "Coach"]
