"""A game reviewed by the coach: for each turn of a player, the coach's best turn beside the one
played, the points the coach estimates the played turn lost, and why, in words.

Written once for both games; each game gives a small ``Coach`` adapter (``harmonies.review``,
``azul.review``) that knows what a turn is in its game (Harmonies: the actions up to ``end``;
Azul: one move) and asks its coach about one position:

* ``ends_turn(text)``: whether the action written ``text`` closes its player's turn;
* ``consider(game, played, budget, seed)``: the coach's best turn from ``game`` and the ``played``
  turn (its action texts) valued on the same scale, each as a ``Turn``;
* ``words(game, texts)``: a turn in words, in the language in force, from the position before it;
* ``say(game, text)``: one action of the player to move as a sentence (for a replay in words);
* ``explain(before, after)``: what an action led to beyond itself, line by line (Azul's tiling and
  end bonuses, Harmonies' final breakdown), so that no score changes in a replay without a reason;
* ``outcome(game)``: how a finished game came out (the winners, or the suns of a solo game).

The loss of a turn is how many points the coach expects its best turn to gain more than the played
one (never below 0: a played turn the coach likes better than its own loses nothing). A review keeps
both players' totals after every turn for the chart, so ``chart()`` needs no engine, and it round
trips through ``to_dict``/``from_dict`` (its texts kept in the language it was made in).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .chart import Chart
from .game import Game
from .i18n import join_and
from .locale import t
from .records import RecordError, record, steps

#: How many turns the summary names.
COSTLIEST = 3
#: Losses below this many points are noise of the estimate: such a turn is as good as the coach's.
NOISE = 0.05
FORMAT = "review/1"
#: One colour per seat in the chart (as the lessons' charts use them), with a marker each.
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
MARKERS = ("o", "s", "^", "D")


@dataclass(frozen=True)
class Turn:
    """One turn as the coach sees it: its actions (their text form), in words, the points the
    coach expects it to gain, and why."""

    actions: tuple[str, ...]
    words: str
    gain: float
    reasons: tuple = ()  # texts (lazy catalogue texts follow the language in force)

    def to_dict(self) -> dict:
        return {"actions": list(self.actions), "words": str(self.words), "gain": self.gain,
                "reasons": [str(r) for r in self.reasons]}

    @classmethod
    def from_dict(cls, data: dict) -> Turn:
        return cls(tuple(data["actions"]), data["words"], float(data["gain"]), tuple(data["reasons"]))


class Coach(Protocol):
    """What a game gives the review (see the module docstring)."""

    games: Sequence[type]
    first_seat: int  # the number the game's texts give seat 0 (both games say 1)

    def ends_turn(self, text: str) -> bool: ...

    def consider(self, game: Game, played: Sequence[str], budget: int | None,
                 seed: object) -> tuple[Turn, Turn]: ...

    def words(self, game: Game, texts: Sequence[str]) -> str: ...

    def say(self, game: Game, text: str) -> str: ...

    def explain(self, before: Game, after: Game) -> list[str]: ...

    def outcome(self, game: Game) -> str: ...


@dataclass(frozen=True)
class Reviewed:
    """One reviewed turn: the ``number``-th turn of the game (from 1, every seat's turns counted:
    where the chart puts it), played by ``seat`` (from 0) from action ``first`` of the record (from
    0); ``own`` is the player's own count (their first turn is 1), the number words give it."""

    number: int
    seat: int
    first: int
    played: Turn
    best: Turn
    loss: float
    own: int

    @property
    def costly(self) -> bool:
        return self.loss >= NOISE

    def __str__(self) -> str:
        return self.describe()

    def describe(self, first_seat: int = 1) -> str:
        """The turn in words; seat 0 is called player ``first_seat``."""
        head = t("review.turn", turn=self.own, player=self.seat + first_seat,
                 played=self.played.words)
        if not self.costly:
            return "\n".join([head, "  " + t("review.as_coach", gain=f"{self.played.gain:+.1f}")])
        lines = [head, "  " + t("review.best", best=self.best.words, gain=f"{self.best.gain:+.1f}",
                                played=f"{self.played.gain:+.1f}", loss=f"{self.loss:.1f}")]
        lines.append("  " + t("review.why_best", reasons=_joined(self.best.reasons)))
        lines.append("  " + t("review.why_played", reasons=_joined(self.played.reasons)))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"turn": self.number, "own_turn": self.own, "player": self.seat + 1,
                "first_action": self.first, "played": self.played.to_dict(),
                "best": self.best.to_dict(), "loss": self.loss}

    @classmethod
    def from_dict(cls, data: dict) -> Reviewed:
        return cls(int(data["turn"]), int(data["player"]) - 1, int(data["first_action"]),
                   Turn.from_dict(data["played"]), Turn.from_dict(data["best"]), float(data["loss"]),
                   int(data["own_turn"]))


def _joined(reasons) -> str:
    """Reasons in a row: whole sentences (Azul's coach) side by side, phrases (Harmonies') with the
    language's separator."""
    texts = [str(r).strip() for r in reasons]
    if not texts:
        return t("review.no_reason")
    sentences = all(text.endswith((".", "!", "?", "؟")) for text in texts)
    return (" " if sentences else t("review.separator")).join(texts)


@dataclass
class Review:
    """A game reviewed for one player (``seat``) or for all (``seat`` None)."""

    game: str  # the record's format, e.g. "azul-game/1"
    seat: int | None
    turns: list[Reviewed]
    #: every seat's total at the start and after each turn of the game (all seats' turns)
    totals: list[list[int]]
    budget: int | None = None
    seed: object = 0
    record: dict = field(default_factory=dict)
    first_seat: int = 1  # the number words give seat 0 (a review kept before Azul's said 1 says 0)

    @property
    def seats(self) -> int:
        return len(self.totals[0]) if self.totals else 0

    @property
    def lost(self) -> float:
        """The points the reviewed turns lost together, as the coach estimates them."""
        return round(sum(r.loss for r in self.turns), 2)

    def costliest(self, n: int = COSTLIEST) -> list[Reviewed]:
        """The ``n`` turns that lost the most (the earlier first among equals), losses only."""
        costly = sorted((r for r in self.turns if r.costly), key=lambda r: (-r.loss, r.number))
        return costly[:n]

    def summary(self) -> str:
        """The costliest turns in a sentence or two, in the language in force."""
        worst = self.costliest()
        if not self.turns:
            return t("review.summary.none")
        if not worst:
            return t.count("review.summary.clean", len(self.turns))
        listed = t("review.separator").join(
            t("review.summary.item", turn=r.own, player=r.seat + self.first_seat, loss=f"{r.loss:.1f}")
            for r in worst)
        return t.count("review.summary.costliest", len(worst), turns=listed, lost=f"{self.lost:.1f}",
                       reviewed=t.count("review.turns", len(self.turns)))

    def __str__(self) -> str:
        first = self.first_seat
        who = (t("review.head.all") if self.seat is None
               else t("review.head.player", player=self.seat + first))
        lines = [who, ""]
        for r in self.turns:
            lines += [r.describe(first), ""]
        lines += [t("review.finals", totals=scores_words(self.totals[-1], first)), self.summary()]
        return "\n".join(lines)

    def chart(self, display=None) -> Chart:
        """Every player's total over the game (after each turn), the costliest turns marked."""
        chart = Chart(title=t("review.chart.title"), x_label=t("review.chart.turns"),
                      y_label=t("review.chart.points"), display=display, grid=True)
        xs = list(range(len(self.totals)))
        for p in range(self.seats):
            chart.line(xs, [row[p] for row in self.totals], COLOURS[p % len(COLOURS)],
                       label=player_name(p, self.first_seat), marker=MARKERS[p % len(MARKERS)],
                       dash="" if p == 0 else "6,3")
        for r in self.costliest():
            chart.note(r.number, self.totals[r.number][r.seat],
                       t("review.chart.loss", loss=f"{r.loss:.1f}"), colour=COLOURS[r.seat % 4], bold=True)
        return chart

    def _repr_html_(self) -> str:
        return self.chart()._repr_html_()

    def to_dict(self) -> dict:
        return {"format": FORMAT, "game": self.game,
                "player": None if self.seat is None else self.seat + 1, "budget": self.budget,
                "seed": self.seed, "lost": self.lost, "summary": self.summary(),
                "costliest": [r.number for r in self.costliest()],
                "turns": [r.to_dict() for r in self.turns], "totals": self.totals,
                "record": self.record, "first_seat": self.first_seat}

    @classmethod
    def from_dict(cls, data: dict) -> Review:
        """A review read back from ``to_dict`` (``RecordError`` for anything else)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(t("review.not_a_review", format=FORMAT))
        try:
            player = data["player"]
            return cls(data["game"], None if player is None else int(player) - 1,
                       [Reviewed.from_dict(r) for r in data["turns"]],
                       [[int(x) for x in row] for row in data["totals"]], data["budget"],
                       data["seed"], dict(data["record"]), int(data.get("first_seat", 1)))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError(t("review.not_a_review", format=FORMAT)) from None


# -- words the games' adapters share -------------------------------------------------------------
def joined_actions(words: Sequence[str]) -> str:
    """A turn's actions in a row, or "nothing" when it had none."""
    return t("review.actions").join(words) if words else t("review.nothing_played")


def player_name(seat: int, first_seat: int = 1) -> str:
    return t("review.chart.player", player=seat + first_seat)


def scores_words(totals: Sequence[int], first_seat: int = 1) -> str:
    """"player 1: 30; player 2: 28"."""
    return t("review.separator").join(t("review.final", player=p + first_seat, total=total)
                                      for p, total in enumerate(totals))


def said(seat: int, action: str, first_seat: int = 1) -> str:
    """"player 1: <action>"."""
    return t("keeping.said", player=player_name(seat, first_seat), action=action)


def winners_words(game: Game, first_seat: int = 1) -> str:
    """"the winner: player 2", or the winners of a shared victory."""
    winners = game.winners()
    return t.count("replay.winners", len(winners),
                   winners=join_and(str(seat + first_seat) for seat in winners))


def unsearched(points: int, gain: float):
    """The reason of a move the coach did not play out (a lazy text)."""
    return t.lazy("review.unsearched", points=points, gain=f"{gain:+.1f}")


def split_turns(data: dict, coach: Coach):
    """The turns of a record: (game before the turn, a copy; seat; first action's index; the
    turn's action texts), then the totals after each; every action checked by the engine."""
    game_turns, totals, current, first = [], [], [], 0
    before = None
    for k, (game, text) in enumerate(steps(data, coach.games)):
        if text is None:
            totals.append([s.total for s in game.scores()])
            before, seat = game.copy(), game.current
            continue
        current.append(text)
        if coach.ends_turn(text) or game.over:
            game_turns.append((before, seat, first, tuple(current)))
            totals.append([s.total for s in game.scores()])
            current, first = [], k
            before, seat = game.copy(), game.current
    return game_turns, totals  # a turn the record stops inside of is not over: not reviewed


def review(source, coach: Coach, *, seat: int | None = None, budget: int | None = None,
           seed: object = 0) -> Review:
    """The review of a game (a ``Game`` with its history, or a record) for ``seat`` (None: every
    seat), the coach asked with ``budget`` and ``seed`` (None: the coach's own default budget)."""
    data = source if isinstance(source, dict) else record(source)
    game_turns, totals = split_turns(data, coach)
    seats = len(totals[0])
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < seats):
        first = getattr(coach, "first_seat", 1)
        raise RecordError(t("review.no_player", player=seat + first if isinstance(seat, int) else seat,
                            low=first, high=seats - 1 + first))
    reviewed, own = [], [0] * seats
    for number, (game, who, first, played) in enumerate(game_turns, 1):
        own[who] += 1
        if seat is not None and who != seat:
            continue
        best, mine = coach.consider(game, played, budget, seed)
        loss = max(0.0, round(best.gain - mine.gain, 2))
        reviewed.append(Reviewed(number, who, first, mine, best, loss, own[who]))
    return Review(data["format"], seat, reviewed, totals, budget, seed, data,
                  getattr(coach, "first_seat", 1))


__all__ = ["joined_actions", "player_name", "scores_words", "said", "winners_words", "unsearched",
           "Coach", "Turn", "Reviewed", "Review", "review", "split_turns", "COSTLIEST", "FORMAT"]
