"""The command lines that keep a game, written once for both games:

    python -m harmonies|azul record [SETUP] [--seed S] [--policy a,b] [--actions FILE|-] [-o OUT]
    python -m harmonies|azul replay SOURCE
    python -m harmonies|azul review SOURCE [--player N] [--budget N] [--seed S] [--json] [--chart OUT]
    python -m harmonies|azul link SOURCE [--base URL]   |   link --read LINK

``record`` plays a game (the computer players named by ``--policy``, or the action texts of
``--actions``, one a line, ``-`` for standard input) and prints its record (``tabletop.records``).
A SOURCE is a file, ``-`` (standard input) or a link (an address holding ``#play=``): ``replay``
prints a record's actions in words with the scores as they change, ``review`` the coach's review
(``tabletop.review``) in words or as JSON, ``link`` the address that holds a record or a position
(a scenario file) and, with ``--read``, the JSON a link holds, checked.

Each game's kind (``tabletop.kinds.Kind``) gives its setup options, its coach, its positions'
reader and the way its command line writes an error line. Whatever is wrong with the input (a file
that cannot be read, a record the rules refuse, a broken link) prints that one line on standard
error, nothing on standard output, and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from . import i18n
from .commandline import policy_list, seed_argument
from .files import ScenarioError, pretty_json
from .game import Game, computer_players, play_out, seat_names
from .kinds import Kind
from .links import LinkError, address, fragment, unpack
from .locale import t
from .records import RecordError, record, replay, steps
from .review import Coach, review, scores_words
from .untrusted import JSONRefused, clipped, named, read_json

COMMANDS = ("record", "replay", "review", "link")
STDIN = "-"


class KeepingError(ValueError):
    """An input these commands cannot use; the message says why."""


def add_commands(commands, kind: Kind, *, language: Callable | None = None,
                 parents: Sequence[argparse.ArgumentParser] = ()) -> None:
    """Add the four commands to a game's subparsers; ``language`` adds ``--lang`` to a parser (or
    ``parents`` carry it)."""
    def command(name: str) -> argparse.ArgumentParser:
        p = commands.add_parser(name, parents=list(parents), help=t(f"keeping.help.{name}"),
                                description=t(f"keeping.help.{name}.description"))
        if language is not None:
            language(p)
        p.set_defaults(run=lambda args: run(args, kind))
        return p

    p = command("record")
    kind.add_setup(p)
    p.add_argument("--seed", type=seed_argument, default=None, help=t("keeping.help.seed"))
    p.add_argument("--policy", type=policy_list(kind.policies), default=["random"],
                   metavar="|".join(sorted(kind.policies)), help=t("keeping.help.policy"))
    p.add_argument("--budget", type=kind.budget, default=None, metavar="N",
                   help=t("keeping.help.policy_budget"))
    p.add_argument("--actions", metavar="FILE", help=t("keeping.help.actions"))
    p.add_argument("-o", "--output", metavar="OUT", help=t("keeping.help.output"))

    p = command("replay")
    _source(p)

    p = command("review")
    _source(p)
    p.add_argument("--player", type=int, metavar="N", help=t("keeping.help.player"))
    p.add_argument("--budget", type=kind.budget, default=None, metavar="N",
                   help=t("keeping.help.budget"))
    p.add_argument("--seed", type=seed_argument, default=0, help=t("keeping.help.coach_seed"))
    p.add_argument("--json", action="store_true", help=t("keeping.help.json"))
    p.add_argument("--chart", metavar="OUT", help=t("keeping.help.chart"))

    p = command("link")
    p.add_argument("source", nargs="?", metavar="SOURCE", help=t("keeping.help.link_source"))
    p.add_argument("--read", metavar="LINK", help=t("keeping.help.read"))
    p.add_argument("--base", metavar="URL", help=t("keeping.help.base"))


def _source(p: argparse.ArgumentParser) -> None:
    p.add_argument("source", metavar="SOURCE", help=t("keeping.help.source"))


def run(args: argparse.Namespace, kind: Kind, stdin=None, stdout=None, stderr=None) -> int:
    """Run one of the commands; an input that cannot be used gives one line on ``stderr`` and 2."""
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    try:
        text = {"record": _record, "replay": _replay, "review": _review, "link": _link}[args.command](
            args, kind, stdin)
    except (KeepingError, RecordError, LinkError, ScenarioError) as err:
        print(kind.error(args.command, str(err)), file=stderr)
        return 2
    if text:
        print(text, file=stdout)
    return 0


# -- reading a source ------------------------------------------------------------------------------
def is_link(source: str) -> bool:
    return "#" in source and fragment(source) is not None or source.startswith("play=")


def read_data(source: str, stdin) -> dict:
    """The JSON object a file, standard input (``-``) or a link holds (``KeepingError``/``LinkError``)."""
    if is_link(source):
        return unpack(source)
    text = _text(source, stdin)
    name = t("keeping.stdin") if source == STDIN else named(source)
    if is_link(text.strip()):  # a file holding a link
        return unpack(text.strip())
    try:
        data = read_json(text)
    except JSONRefused as err:
        raise KeepingError(t("keeping.cannot_read", file=name, reason=err)) from None
    if not isinstance(data, dict):
        raise KeepingError(t("keeping.not_an_object", file=name))
    return data


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise KeepingError(t("keeping.cannot_write", file=named(path),
                             reason=err.strerror or err)) from None


# -- record ------------------------------------------------------------------------------------------
def _record(args, kind: Kind, stdin) -> str:
    seed = args.seed if args.seed is not None else 0
    try:
        game = kind.from_arguments(args, seed)
    except (ValueError, TypeError) as err:
        raise KeepingError(t("records.bad_setup", problem=err)) from None
    if args.actions is not None:
        _play_lines(game, _lines(args.actions, stdin))
    else:
        try:
            names = seat_names(args.policy, game.seats, kind.policies)
        except ValueError as err:
            raise KeepingError(str(err)) from None
        play_out(game, computer_players(kind.policies, names, seed, args.budget))
    text = pretty_json(record(game))
    if args.output:
        _write(args.output, text + "\n")
        return ""
    return text


def _text(source: str, stdin) -> str:
    """What a file or standard input (``-``) holds; ``KeepingError`` when it cannot be read."""
    if source == STDIN:
        return stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise KeepingError(t("keeping.cannot_read", file=named(source),
                             reason=getattr(err, "strerror", None) or err)) from None


def _lines(source: str, stdin) -> list[str]:
    return [line.split("#", 1)[0].strip() for line in _text(source, stdin).splitlines()]


def _play_lines(game: Game, lines: list[str]) -> None:
    number = 0
    for line in lines:
        if not line:
            continue
        number += 1
        if game.over:
            raise KeepingError(t("records.after_the_end", number=number, action=clipped(line)))
        try:
            game.play(line)
        except ValueError as err:
            raise KeepingError(t("records.illegal", number=number, action=clipped(line),
                                 reason=err)) from None


# -- replay ------------------------------------------------------------------------------------------
def _totals(game: Game) -> list[int]:
    return [score.total for score in game.scores()]


def _scores_line(totals: list[int], first_seat: int) -> str:
    return t("keeping.replay.scores", scores=scores_words(totals, first_seat))


def replay_lines(data: dict, coach: Coach) -> list[str]:
    """A record in words: each action and what it led to (a tiling, the final breakdown), the
    scores each time they change, the end; every action checked by the engine (``RecordError``)."""
    lines, totals, shown, game, before, said = [], [], None, None, None, ""
    first = coach.first_seat
    for number, (game, text) in enumerate(steps(data, coach.games)):
        actions = data.get("actions", [])
        if text is None:
            lines.append(t("keeping.replay.head", format=data["format"],
                           players=t.count("keeping.replay.players", game.seats),
                           actions=t.count("keeping.replay.actions", len(actions))))
            totals = shown = _totals(game)
        else:
            lines.append(t("keeping.replay.action", number=number, action=said))
            lines += ["   " + line for line in coach.explain(before, game)]
            totals = _totals(game)
            if totals != shown:
                lines.append("   " + _scores_line(totals, first))
                shown = totals
        before = game.copy()  # steps() plays on the same game: what the next action starts from
        if number < len(actions):
            said = _said(coach, game, actions[number])
    if game.over:
        lines.append(t("keeping.replay.over", outcome=coach.outcome(game)))
    else:
        lines.append(t("keeping.replay.unfinished"))
    if totals != shown:
        lines.append(_scores_line(totals, first))
    return lines


def _said(coach: Coach, game: Game, text: object) -> str:
    """The next action in words; as written if it cannot be read (``steps`` then refuses it)."""
    if game.over or not isinstance(text, str):
        return str(text)
    try:
        game.copy().play(text)  # only a legal action is put into words
    except ValueError:
        return text
    return coach.say(game, text)


def _replay(args, kind: Kind, stdin) -> str:
    return "\n".join(replay_lines(read_data(args.source, stdin), kind.coach))


# -- review ------------------------------------------------------------------------------------------
def _review(args, kind: Kind, stdin) -> str:
    data = read_data(args.source, stdin)
    seat = None if args.player is None else args.player - kind.first
    reviewed = review(data, kind.coach, seat=seat, budget=args.budget, seed=args.seed)
    if args.chart:
        if Path(args.chart).suffix.lower() != ".svg":
            raise KeepingError(t("keeping.chart_svg", file=named(args.chart)))
        _write(args.chart, reviewed.chart().to_svg())
    return pretty_json(reviewed.to_dict()) if args.json else str(reviewed)


# -- link ----------------------------------------------------------------------------------------------
def lesson_path(kind: Kind, data: dict) -> str:
    """The lesson that opens what ``data`` holds, as a path from the site's root."""
    lesson = kind.play_lesson if _is_record(data) else kind.position_lesson
    return f"notebooks/{i18n.language()}/{kind.name}-lessons/{lesson}"


def _is_record(data: dict) -> bool:
    return isinstance(data.get("format"), str)


def checked(data: dict, kind: Kind) -> dict:
    """``data`` if it is a record the rules allow or a position of this game (else their error)."""
    if _is_record(data):
        replay(data, [kind.game])
    elif data.get("game") == kind.name and kind.position is not None:
        kind.position(data)
    else:
        raise KeepingError(t("keeping.not_ours", game=kind.name))
    return data


def _link(args, kind: Kind, stdin) -> str:
    if args.read is not None:
        if args.source is not None:
            raise KeepingError(t("keeping.link_both"))
        return pretty_json(checked(unpack(args.read), kind))
    if args.source is None:
        raise KeepingError(t("keeping.link_nothing"))
    data = checked(read_data(args.source, stdin), kind)
    return address(args.base or lesson_path(kind, data), data)


__all__ = ["KeepingError", "COMMANDS", "add_commands", "run", "read_data", "replay_lines",
           "checked", "lesson_path", "is_link"]
