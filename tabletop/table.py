"""One table model for every game: a whole game at one screen, with no widget.

``TableModel`` holds what a game's table knows and decides, written once against the game
interface (``tabletop.game``): the game, who plays each seat (a person, or one of the game's
computer players by name), the turn, the computer seats' answers, undo and redo through the shared
history (``tabletop.history``), the coach's advice until the next change, the log and the message,
both put into words when read (a change of language rewords them), and play by link
(``tabletop.bylink``). A game's table (``harmonies.tablemodel``, ``azul.tablemodel``) adds only
what is its own: what a click on its picture means, its words, its coach.

A click is read with the kind's keys (``tabletop.kinds.Kind.keys``: the places of the picture an
action touches) by the seat page's rule (``narrow``): the legal actions whose keys hold every place
clicked so far are kept, and the one left is played, so a click means the same in a lesson and on
a phone. A place that begins an action of two places (Azul's tiles before their line, a Harmonies
token before its cell) is picked first, and a second click puts it back.

Every request either works or leaves the state as it was and says why in ``message``; none raises.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .bylink import ByLink
from .game import seed_for
from .history import History
from .scene import Scene

if TYPE_CHECKING:
    from .kinds import Kind

#: The seat of a person (every other seat names one of the game's computer players).
HUMAN = "human"


def seat_kinds(kind: Kind) -> tuple[str, ...]:
    """Who may sit at a game's table: a person, or one of the kind's computer players by name."""
    return (HUMAN, *kind.policies)


def words(said: object) -> str:
    """A text kept for later (a text, a lazy text or a function giving one) in words now."""
    return str(said() if callable(said) else said)


def touching(kind: Kind, game) -> list[tuple[object, list[str]]]:
    """Each legal action of ``game`` with the keys of the picture it touches (what a click
    names), in a lesson's table as on the seat page."""
    return [(action, kind.keys(game, action)) for action in game.legal_actions()]


def narrow(actions: Iterable[tuple[object, Sequence[str]]], picks: Sequence[str]) -> list:
    """The seat page's click rule: of (action, its keys), the actions whose keys hold every key
    picked so far."""
    return [action for action, keys in actions if all(k in keys for k in picks)]


class TableModel(ByLink):
    """A game's table. The game's own part gives:

    - ``KIND`` (its ``tabletop.kinds.Kind``: the game, its computer players, the keys of an
      action) and ``ERROR`` (what its engine refuses an action with);
    - ``_key(key)``: a click's key as the picture writes it (a game may take a shorter form), or
      None when it is no place to click (the reason said);
    - ``_unclear(key, left)``: what a click does that the rule leaves with no action or several
      (the engine's reason, or the game's own reading);
    - ``_play(action)``: one action (or its text) played on the engine and told in the log
      (``_write``); an illegal one raises ``ERROR`` and changes nothing;
    - ``_refusal(why)``: its words for "over", "computer" (a computer seat is to move),
      "person" (a person is), "undo" and "redo" (nothing to go back or forward to);
    - ``_advise(top)``: the coach's advice for the seat to move;
    - and may keep its picks otherwise after each change (``_done``).
    """

    KIND: Kind
    ERROR: type[Exception] = ValueError
    picks: list[str] = []  # the places picked toward an action

    @property
    def GAME(self) -> type:  # noqa: N802  (play by link's name for it)
        return self.KIND.game

    def __init__(self, *, display=None, auto: bool = True) -> None:
        self.display = display
        self.auto = auto  # the computer seats answer a person's action at once

    def _begin(self, game, seats: Sequence[str], *lines: object) -> None:
        """A fresh game at the table: its seats, the computer players, the first lines of the log."""
        self.game = game
        self.seats = list(seats)
        self.policies = {p: self.KIND.policies[seat](seed_for(game.seed, p))
                         for p, seat in enumerate(seats) if seat != HUMAN}
        self._log: list[object] = list(lines)
        self._history: History[tuple[object, list[object]]] = History()
        self.by_link, self._sent, self.picks = False, None, []
        self._changed()

    # --- reading -------------------------------------------------------------------------------

    @property
    def message(self) -> str:
        """The last refusal, in words; empty after a request that worked."""
        return words(self._said)

    @property
    def log(self) -> list[str]:
        """The story of the game in the language in force."""
        return [words(line) for line in self._log]

    def is_human(self, seat: int) -> bool:
        return seat not in self.policies

    @property
    def human_to_move(self) -> bool:
        """Whether a person is to move (the game not over)."""
        return not self.game.over and self.is_human(self.game.current)

    def svg(self) -> str:
        """The scene as SVG, every place a button named by ``place_name``."""
        return self.scene().to_svg(clickable=True, name=self.place_name)

    def scene(self) -> Scene:
        raise NotImplementedError

    def place_name(self, key: str, tip: str) -> str:
        raise NotImplementedError

    def touching(self) -> list[tuple[object, list[str]]]:
        """Each legal action with the places of the picture it touches."""
        return touching(self.KIND, self.game)

    # --- requests ------------------------------------------------------------------------------

    def click(self, key: str) -> None:
        """A click on a place of the picture (its key): a place that begins an action of two
        places is picked (again: put back); any other plays the one legal action that touches it
        and the place picked, or the game says why not."""
        key = self._key(str(key).strip())
        if key is None or not self._may_play():
            return
        self._say()
        if key in self.picks:
            self.picks = [k for k in self.picks if k != key]
            return
        touching = self.touching()
        if _begins(touching, key):
            self.picks = [key]
            return
        left = narrow(touching, [*self.picks, key])
        if len(left) == 1:
            self._person(left[0])
        else:
            self._unclear(key, left)

    def act(self, action) -> None:
        """Play one action of the person to move, as the engine writes it (``"take 2"``)."""
        if self._may_play():
            self._person(action)

    def step(self) -> None:
        """The computer seat to move plays one action."""
        if self._computer_may_play():
            self._save()
            self._play_computer()
            self._changed()

    def run_opponents(self) -> None:
        """The computer seats play until a person must move or the game ends."""
        if self._computer_may_play():
            self._save()
            self._answer()
            self._changed()

    def undo(self) -> None:
        """Back to before the last change (an action with the answers it got, a step...)."""
        self._go_to(self._history.undo((self.game, self._log)), "undo")

    def redo(self) -> None:
        """Forward again to where the last undo came from."""
        self._go_to(self._history.redo((self.game, self._log)), "redo")

    def hint(self, top: int = 3) -> None:
        """Ask the coach for the ``top`` best actions of the person to move (``advice``)."""
        if self._may_play():
            self._say()
            self.advice = self._advise(top)

    # --- the game's own part -------------------------------------------------------------------

    def _key(self, key: str) -> str | None:
        return key

    def _unclear(self, key: str, left: list) -> None:
        raise NotImplementedError

    def _play(self, action) -> None:
        raise NotImplementedError

    def _refusal(self, why: str) -> object:
        raise NotImplementedError

    def _advise(self, top: int) -> list:
        return []

    def _done(self) -> None:
        """The table changed: a pick stays while it still begins an action."""
        if self.picks:
            touching = self.touching()
            self.picks = [k for k in self.picks if _begins(touching, k)]

    # --- internals -----------------------------------------------------------------------------

    def _say(self, said: object = "") -> None:
        self._said = said

    _refuse = _say  # play by link's name for it

    def _write(self, line: object) -> None:
        """Add a line to the log, put into words when read."""
        self._log.append(line)

    def _may_play(self) -> bool:
        """Whether a person may play now; else the reason in ``message``."""
        if self.game.over or not self.is_human(self.game.current):
            self._say(self._refusal("over" if self.game.over else "computer"))
            return False
        return True

    def _computer_may_play(self) -> bool:
        if self.game.over or self.is_human(self.game.current):
            self._say(self._refusal("over" if self.game.over else "person"))
            return False
        return True

    def _person(self, action) -> None:
        """Play a person's action, keeping the table as it was for undo; the computer seats
        answer when ``auto``. An illegal action changes nothing and says why."""
        saved = self._snapshot()
        try:
            self._play(action)
        except self.ERROR as err:
            self._say(str(err))
            return
        self._history.save(saved)
        if self.auto:
            self._answer()
        self._changed()

    def _answer(self) -> None:
        for _ in range(100_000):  # a guard: a game has far fewer actions
            if self.game.over or self.is_human(self.game.current):
                return
            self._play_computer()

    def _play_computer(self) -> None:
        self._play(self.policies[self.game.current](self.game))

    def _snapshot(self) -> tuple[object, list[object]]:
        """The table as undo keeps it: a copy of the game and of the log."""
        return self.game.copy(), list(self._log)

    def _save(self) -> None:
        self._history.save(self._snapshot())

    def _go_to(self, state: tuple[object, list[object]] | None, why: str) -> None:
        if state is None:
            self._say(self._refusal(why))
            return
        self.game, self._log = state
        self._changed()

    def _changed(self) -> None:
        self._say()
        self.advice: list = []
        self._done()


def _begins(touching: Iterable[tuple[object, Sequence[str]]], key: str) -> bool:
    """Whether ``key`` is the first of the places of some action that touches two or more."""
    return any(len(keys) > 1 and keys[0] == key for _, keys in touching)


__all__ = ["TableModel", "HUMAN", "seat_kinds", "narrow", "touching", "words"]
