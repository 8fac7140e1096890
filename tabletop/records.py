"""A game you can keep: its setup and its actions in their text form, as versioned JSON.

    {"format": "azul-game/1", "setup": {"players": 2, "seed": 7, "wall": "colored"},
     "actions": ["factory 3: blue -> line 2", ...]}

The same for every game: a game class names its record (``RECORD``, e.g. ``"azul-game"``), keeps
what it was started with (``start``: the keyword arguments of its constructor, seed included) and
the actions played since (``history``). Reading a record replays every action with the engine, so
a record never holds a game the rules would not allow: an illegal action is refused with its number
and the engine's own reason, and nothing half-read is returned. A position (no game before it)
stays a scenario file. A record is read as a game of ``games`` (Game classes), by default of every
installed game (``tabletop.kinds``).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Sequence

from .files import kind
from .game import Game
from .kinds import classes
from .locale import t
from .untrusted import clipped, number

VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be read; the message says where and why."""


def record(game: Game) -> dict:
    """The record of ``game`` so far (``RecordError`` for a game that did not start from a setup)."""
    if getattr(game, "start", None) is None:
        raise RecordError(t("records.no_start"))
    return {"format": f"{type(game).RECORD}/{VERSION}", "setup": dict(game.start),
            "actions": [game.action_text(action) for action in game.history]}


def _game_class(data: object, games: Sequence[type] | None) -> type:
    if not isinstance(data, dict) or not isinstance(data.get("format"), str):
        raise RecordError(t("records.not_a_record"))
    name, _, version = data["format"].partition("/")
    version = number(version)
    kinds = {cls.RECORD: cls for cls in (classes() if games is None else games)}
    if name not in kinds or version is None:
        raise RecordError(t("records.other_format", format=clipped(data["format"]),
                            formats=", ".join(f"{k}/{VERSION}" for k in kinds)))
    if version > VERSION:
        raise RecordError(t("records.newer", format=clipped(data["format"])))
    unknown = sorted(set(data) - {"format", "setup", "actions"})
    if unknown:
        raise RecordError(t("records.unknown_field", field=clipped(unknown[0])))
    return kinds[name]


def _start(cls: type, setup: object) -> Game:
    if not isinstance(setup, dict):
        raise RecordError(t("records.bad_setup", problem=t("records.setup_not_object")))
    allowed = [p for p in inspect.signature(cls).parameters if p != "self"]
    for key in setup:
        if key not in allowed:
            raise RecordError(t("records.bad_setup", problem=t("records.setup_unknown", field=clipped(key),
                                                               fields=", ".join(allowed))))
    seed = setup.get("seed")
    if not (seed is None or isinstance(seed, int | float | str)):  # Python's refusal: two lines
        raise RecordError(t("records.bad_setup", problem=t("records.setup_seed", found=kind(seed))))
    try:
        return cls(**setup)
    except (ValueError, TypeError) as err:  # the game's own refusal, in the learner's language
        raise RecordError(t("records.bad_setup", problem=str(err))) from None


def steps(data: object, games: Sequence[type] | None = None) -> Iterator[tuple[Game, str | None]]:
    """The game at its start and after each action, with the action just played (None at the
    start), checked by the engine as it goes; the same game object each time (copy it to keep it)."""
    cls = _game_class(data, games)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(t("records.actions_not_list"))
    game = _start(cls, data.get("setup"))
    yield game, None
    for index, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise RecordError(t("records.action_not_text", number=index))
        if game.over:
            raise RecordError(t("records.after_the_end", number=index, action=clipped(text)))
        try:
            game.play(text)
        except ValueError as err:  # the engine's refusal: the game is left as it was
            raise RecordError(t("records.illegal", number=index, action=clipped(text),
                                reason=str(err))) from None
        yield game, text


def replay(data: object, games: Sequence[type] | None = None) -> Game:
    """The game a record describes, every action checked; ``RecordError`` says what is wrong."""
    *_, (game, _) = steps(data, games)
    return game


def positions(data: object, games: Sequence[type] | None = None) -> list[Game]:
    """A copy of the game at its start and after every action (for stepping through a replay)."""
    return [game.copy() for game, _ in steps(data, games)]


__all__ = ["RecordError", "record", "replay", "steps", "positions", "VERSION"]
