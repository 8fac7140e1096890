"""The command line: ``python -m harmonies score|habitats|play|render``.

``play --policy strong,greedy`` gives each seat its policy (one name: every seat), ``--budget N`` the
strong player's playouts per turn, ``--json`` the result as JSON. Every help text comes from the
catalogue, so ``--help --lang fa`` is in Persian.

Every command prints to standard output only once it has succeeded. A scenario file that is not
valid (or cannot be read) gives exit status 2 and exactly one line on standard error naming the field
and what is wrong; argparse reports bad usage itself, also with status 2. See ``docs/harmonies.md``.

Every command takes ``--lang CODE`` (``en``, ``fa``, ``nl``, ``vi``): the language of everything it
prints for people (explanations, the play transcript, error lines); without it the language is the
one ``TABLETOP_LANGUAGE`` names, else English. JSON output is the same in every language. ``main``
puts the language back as it found it, so calling it from a notebook changes nothing there.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from tabletop import commandline, files, i18n, keeping
from tabletop.game import computer_players, play_out, seat_names
from tabletop.untrusted import named, shown

from .board import RIVER_READINGS
from .errors import ScenarioError
from .game import END_REASONS
from .kind import KIND, budget_argument, error_line
from .locale import t
from .policies import POLICIES
from .scenario import Scenario
from .scoring import CATEGORIES, SCORE_KEYS  # SCORE_KEYS: the keys of score's JSON

STDIN = "-"


class UsageError(Exception):
    """A command-line value that parses but means nothing (an unknown card): status 2, one line."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    with commandline.language_kept():
        # Chosen before parsing, so that help texts and argparse's own words are in it too.
        commandline.speak(argv)
        parser = _parser()
        args = parser.parse_args(argv)
        if args.lang is not None:
            i18n.set_language(args.lang)
        try:
            return args.run(args)
        except (ScenarioError, UsageError) as err:
            print(error_line(args.command, err), file=sys.stderr)
            return 2


PROGRAM = "python -m harmonies"  # the usage line's program name


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROGRAM, description=t("cli.help.description"),
                                     epilog=t("cli.help.epilog"))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser("score", help=t("cli.help.score"), description=t("cli.help.score.description"))
    _file_argument(p)
    p.add_argument("--explain", action="store_true", help=t("cli.help.explain"))
    p.add_argument("--river", choices=RIVER_READINGS, help=t("cli.help.river.score"))
    _language_argument(p)
    p.set_defaults(run=_score)

    p = commands.add_parser("habitats", help=t("cli.help.habitats"),
                            description=t("cli.help.habitats.description"))
    _file_argument(p)
    p.add_argument("--card", required=True, metavar="N", help=t("cli.help.card"))
    p.add_argument("--near-misses", action="store_true", help=t("cli.help.near_misses"))
    _language_argument(p)
    p.set_defaults(run=_habitats)

    p = commands.add_parser("play", help=t("cli.help.play"), description=t("cli.help.play.description"))
    p.add_argument("--players", type=int, choices=range(1, 5), default=2, metavar="N",
                   help=t("cli.help.players"))
    p.add_argument("--seed", type=commandline.seed_argument, help=t("cli.help.seed"))
    p.add_argument("--side", type=str.upper, choices=("A", "B"), default="A", help=t("cli.help.side"))
    p.add_argument("--spirits", action="store_true", help=t("cli.help.spirits"))
    p.add_argument("--policy", default="random", type=commandline.policy_list(POLICIES),
                   metavar="|".join(POLICIES),
                   help=t("cli.help.policy", example="strong,greedy"))
    p.add_argument("--budget", type=budget_argument, default=0, metavar="N", help=t("cli.help.budget"))
    p.add_argument("--river", choices=RIVER_READINGS, default=RIVER_READINGS[0],
                   help=t("cli.help.river.play", default=RIVER_READINGS[0]))
    p.add_argument("--cube-supply", type=int, metavar="N", help=t("cli.help.cube_supply"))
    p.add_argument("--json", action="store_true", help=t("cli.help.json"))
    _language_argument(p)
    p.set_defaults(run=_play)

    p = commands.add_parser("render", help=t("cli.help.render"), description=t("cli.help.render.description"))
    _file_argument(p)
    p.add_argument("-o", "--output", required=True, metavar="OUT", help=t("cli.help.output"))
    p.add_argument("--highlight", choices=CATEGORIES, metavar="CATEGORY",
                   help=t("cli.help.highlight", categories=", ".join(CATEGORIES)))
    p.add_argument("--colour-blind", "--color-blind", action="store_true", help=t("cli.help.colour_blind"))
    p.add_argument("--high-contrast", action="store_true", help=t("cli.help.high_contrast"))
    _language_argument(p)
    p.set_defaults(run=_render)
    keeping.add_commands(commands, KIND, language=_language_argument)  # record|replay|review|link
    return parser


def _language_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", type=commandline.language_code, metavar="CODE",
                   help=t("cli.help.lang", languages=", ".join(i18n.LANGUAGES),
                          variable=f"${i18n.ENVIRONMENT}", fallback=i18n.FALLBACK))


def _file_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=t("cli.help.file"))


def _load(path: str) -> Scenario:
    if path == STDIN:
        # Bytes, decoded as UTF-8 by the scenario reader whatever the terminal's locale says.
        return Scenario.load(getattr(sys.stdin, "buffer", sys.stdin))
    return Scenario.load(path)


# -- score -----------------------------------------------------------------------------------------
def _score(args: argparse.Namespace) -> int:
    scenario = _load(args.file)
    if args.river:
        scenario.river = args.river
    breakdown = scenario.score()
    if args.explain:
        print(breakdown.explain())
    else:
        print(json.dumps(score_dict(breakdown), indent=2))
    return 0


def score_dict(breakdown: Any) -> dict[str, int]:
    """The nine integer totals of a breakdown, always in the same order."""
    data = breakdown.to_dict()
    return {key: int(data[key]) for key in SCORE_KEYS}


# -- habitats --------------------------------------------------------------------------------------
def _habitats(args: argparse.Namespace) -> int:
    from . import habitats
    from .cards import card

    scenario = _load(args.file)
    try:
        wanted = card(args.card)
    except KeyError as err:
        raise UsageError(t("cli.option_problem", option="--card", problem=err.args[0])) from None
    board = scenario.board
    result: dict[str, Any] = {
        "card": wanted.id,
        "matches": [m.to_dict() for m in habitats.matches(wanted, board)],
        "cube_cells": list(habitats.cube_cells(wanted, board)),
    }
    if args.near_misses:
        result["near_misses"] = [_plain(m) for m in habitats.near_misses(wanted, board)]
    print(files.pretty_json(result))
    return 0


def _plain(item: Any) -> Any:
    return item.to_dict() if hasattr(item, "to_dict") else item


# -- play ------------------------------------------------------------------------------------------
END_WORDS = END_REASONS  # why a game ended, in words (``game.END_REASONS``); notebook 21 uses it too


def _play(args: argparse.Namespace) -> int:
    from .game import Game

    if len(args.policy) not in (1, args.players):
        raise UsageError(t("cli.policy_count", players=args.players, policies=len(args.policy)))
    if args.cube_supply is not None and args.cube_supply < 0:
        raise UsageError(t("cli.negative_supply", supply=args.cube_supply))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    names = seat_names(args.policy, args.players, POLICIES)
    game = Game(players=args.players, side=args.side, spirits=args.spirits, seed=seed,
                river=args.river, cube_supply=args.cube_supply)
    # Each seat's policy gets its own seed, derived from the game's, so one seed fixes the whole game.
    play_out(game, computer_players(POLICIES, names, seed, args.budget))
    details = [{**{k: v for k, v in score_dict(b).items() if k != "total"}, "cubes_placed": p.cubes_placed,
                "animal_cubes": p.animal_cubes} for b, p in zip(game.scores(), game.players, strict=True)]
    result = commandline.play_result(game, seed, names, details, side=args.side, spirits=args.spirits,
                                     river=args.river, end_reason=game.end_reason,
                                     turns=game.players[0].turns)
    if args.players == 1:
        result["suns"] = game.suns()
    print(files.pretty_json(result) if args.json else _play_text(result))
    return 0


def _play_text(r: dict) -> str:
    """The result of ``play`` for people: the settings, one line per player, the end, the winner."""
    solo = r["players"] == 1
    who = t("cli.play.solo") if solo else t.count("cli.play.players", r["players"])
    spirits = t("cli.play.with_spirits") if r["spirits"] else t("cli.play.without_spirits")
    lines = [t("cli.play.head", seed=r["seed"], players=who, side=r["side"], spirits=spirits,
               policies=",".join(r["policies"]), river=r["river"])]
    for s in r["scores"]:
        points = {key: s[key] for key in SCORE_KEYS if key != "landscapes"}
        lines.append(t.count("cli.play.player", s["animal_cubes"], player=s["player"], **points))
    reason = END_WORDS.get(r["end_reason"], r["end_reason"])
    lines.append(t.count("cli.play.ended_solo", r["turns"], reason=reason) if solo else
                 t.count("cli.play.ended", r["turns"], reason=reason))
    if "suns" in r:
        lines.append(t("cli.play.suns", suns=r["suns"]))
    else:
        winners = r["winners"]
        lines.append(t("cli.play.winner", player=winners[0]) if len(winners) == 1 else
                     t("cli.play.shared_victory", players=", ".join(map(str, winners))))
    return "\n".join(lines)


# -- render ----------------------------------------------------------------------------------------
RENDER_FORMATS = commandline.RENDER_FORMATS  # the formats render writes, as in Azul


def _render(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tabletop.settings import Display

    from .draw import scenario_scene

    out = Path(args.output)
    if out.suffix.lower() not in RENDER_FORMATS:
        raise UsageError(t("cli.unknown_format", option="-o", file=shown(out.name),
                           formats=i18n.join_or(RENDER_FORMATS)))
    scenario = _load(args.file)
    settings = Display(colour_blind=args.colour_blind, high_contrast=args.high_contrast)
    scene = scenario_scene(scenario, highlight=args.highlight, display=settings)
    try:
        scene.save(out)
    except OSError as err:
        raise UsageError(t("cli.cannot_write", option="-o", file=named(out),
                           reason=err.strerror or err)) from None
    return 0


__all__ = ["main", "score_dict", "SCORE_KEYS", "RENDER_FORMATS"]
