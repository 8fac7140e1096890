"""The command line: ``python -m azul tile FILE|- [--explain]`` and ``python -m azul play ...``.

``tile`` reads a scenario (``-`` for standard input), runs the wall tiling for every player and
prints the result as JSON, or in words with ``--explain``. A file that is not valid prints one line
``error: <field>: <what is wrong>`` on standard error, nothing on standard output, and exits with
status 2.

``play`` plays a whole game between policies (``--policy strong,greedy``: one per seat, or one name
for every seat) and prints every round and the result, or with ``--json`` only the result as JSON:
the keys both games share (``tabletop.commandline.play_result``: the seed, the number of players,
the policies, each player's ``total``, the winners; players count from 1 there), then the wall, the
rounds and the turns (takes) played, and each player's rows, columns and colours completed.

``render`` draws a scenario's boards (after the wall tiling with ``--tiled``) to a picture file,
SVG, PNG or PDF by its extension; a bad file or an unknown extension fails as ``tile`` does.

Every subcommand takes ``--lang CODE`` (``en``, ``fa``, ``nl``, ``vi``): the language of everything
printed for people, help texts included. JSON output, field names and move texts stay as they are.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from tabletop import commandline, files, keeping
from tabletop.game import computer_players, seat_names
from tabletop.i18n import LANGUAGES, join_or, set_language
from tabletop.untrusted import named

from .errors import ScenarioError
from .game import Game
from .kind import KIND, budget_argument
from .locale import t
from .moves import Take
from .policies import POLICIES
from .scenario import Scenario
from .tiles import LETTERS, PLAYER_COUNTS, WALL_KINDS, series
from .tiling import EndBonus, describe


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    with commandline.language_kept():
        commandline.speak(argv)  # before the parser is built, so that --help speaks it too
        args = _parser().parse_args(argv)
        if args.lang:
            set_language(args.lang)
        if args.command == "tile":
            return tile(args.file, args.explain)
        if args.command in keeping.COMMANDS:  # record|replay|review|link: tabletop.keeping
            return args.run(args)
        if args.command == "render":
            return render(args.file, args.output, colour_blind=args.colour_blind,
                          high_contrast=args.high_contrast, tiled=args.tiled)
        if len(args.policy) not in (1, args.players):
            print(t("cli.error", message=t("cli.play.policy_count", players=args.players,
                                           policies=len(args.policy))), file=sys.stderr)
            return 2
        return play(args.players, args.seed, args.policy, args.wall, as_json=args.json,
                    budget=args.budget)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m azul", description=t("cli.description"))
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", type=commandline.language_code, default=None, metavar="CODE",
                      help=t("cli.help.lang", languages=series(
                          f"{code} ({language.name})" for code, language in LANGUAGES.items())))
    commands = parser.add_subparsers(dest="command", required=True)
    tile_ = commands.add_parser("tile", parents=[lang], help=t("cli.help.tile"))
    tile_.add_argument("file", help=t("cli.help.file"))
    tile_.add_argument("--explain", action="store_true", help=t("cli.help.explain"))
    play_ = commands.add_parser("play", parents=[lang], help=t("cli.help.play"))
    play_.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2,
                       help=t("cli.help.players"))
    play_.add_argument("--seed", type=commandline.seed_argument, default=None, help=t("cli.help.seed"))
    play_.add_argument("--policy", type=commandline.policy_list(POLICIES), default=["random"],
                       metavar="|".join(sorted(POLICIES)),
                       help=t("cli.help.policy", policies=join_or(sorted(POLICIES))))
    play_.add_argument("--wall", choices=WALL_KINDS, default="colored", help=t("cli.help.wall"))
    play_.add_argument("--budget", type=budget_argument, default=None, metavar="N",
                       help=t("cli.help.budget"))
    play_.add_argument("--json", action="store_true", help=t("cli.help.json"))
    render_ = commands.add_parser("render", parents=[lang], help=t("cli.help.render"))
    render_.add_argument("file", help=t("cli.help.file"))
    render_.add_argument("-o", "--output", required=True, help=t("cli.help.output"))
    render_.add_argument("--colour-blind", action="store_true", help=t("cli.help.colour_blind"))
    render_.add_argument("--high-contrast", action="store_true", help=t("cli.help.high_contrast"))
    render_.add_argument("--tiled", action="store_true", help=t("cli.help.tiled"))
    keeping.add_commands(commands, KIND, parents=[lang])
    return parser


def _read_scenario(path: str, stdin: TextIO | None, stderr: TextIO) -> Scenario | None:
    """The scenario in a file (``-``: standard input), or None after one line on stderr."""
    try:
        source = stdin or sys.stdin
        return Scenario.from_json(source.read()) if path == "-" else Scenario.load(path)
    except ScenarioError as e:
        print(t("cli.error", message=e), file=stderr)
        return None


def tile(path: str, explain: bool = False, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    scenario = _read_scenario(path, stdin, stderr)
    if scenario is None:
        return 2
    result = scenario.tile()
    if explain:
        print(result.explain(), file=stdout)
    else:
        print(files.pretty_json(result.to_dict()), file=stdout)
    return 0


def render(path: str, output: str, *, colour_blind: bool = False, high_contrast: bool = False,
           tiled: bool = False, stdin: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stderr = stderr or sys.stderr
    if Path(output).suffix.lower() not in commandline.RENDER_FORMATS:
        problem = t("cli.render.unknown_format", output=named(output),
                    formats=join_or(commandline.RENDER_FORMATS))
        print(t("cli.error", message=problem), file=stderr)
        return 2
    scenario = _read_scenario(path, stdin, stderr)
    if scenario is None:
        return 2
    # Drawing needs the picture kit (and matplotlib for PNG and PDF); the other commands do not.
    from tabletop import Display
    from tabletop.settings import PROJECTOR

    from .draw import scenario_scene

    display = Display(colour_blind=colour_blind, high_contrast=high_contrast,
                      scale=PROJECTOR.scale if high_contrast else 1.0)
    scene = scenario_scene(scenario, tiled=tiled, display=display)
    try:
        scene.save(output)
    except OSError as e:
        problem = t("cli.render.cannot_write", output=named(output), reason=e.strerror or e)
        print(t("cli.error", message=problem), file=stderr)
        return 2
    return 0


def play(players: int, seed: int | None, policy: str | list[str], wall: str = "colored",
         stdout: TextIO | None = None, *, as_json: bool = False, budget: int | None = None) -> int:
    """Play one game; ``policy`` is a name for every seat or a list of one name per seat;
    ``budget`` is the strong player's nodes per move (default: the search's)."""
    out = stdout or sys.stdout
    names = seat_names(policy, players, POLICIES)
    game = Game(players, seed, wall)
    chooser = computer_players(POLICIES, names, game.seed, budget)
    if as_json:
        turns = 0
        while not game.over:
            move = chooser[game.current](game)
            turns += type(move) is Take
            game.play(move)
        print(files.pretty_json(result(game, names, turns)), file=out)
        return 0
    print(t(f"cli.play.head.{game.wall}", players=players, seed=game.seed,
            policy=names[0] if len(set(names)) == 1 else ",".join(names)), file=out)
    while not game.over:
        print("\n" + t("cli.play.round", round=game.round, player=game.current + 1), file=out)
        factories = "  ".join(_tiles(f) for f in game.factories)
        print("  " + t("cli.play.factories", factories=factories), file=out)
        number = game.round
        while game.round == number and not game.over:
            player = game.current
            move = chooser[player](game)
            game.play(move)
            print("  " + t("cli.play.player", player=player + 1, text=move), file=out)
        print("  " + t("cli.play.tiling"), file=out)
        for step in game.last_tiling:
            if not isinstance(step, EndBonus):
                print("    " + t("cli.play.player", player=step.player + 1, text=describe(step)), file=out)
        print("  " + t("cli.play.scores", scores=series(game.scores())), file=out)
    _print_end(game, out)
    return 0


def result(game: Game, policies: list[str], turns: int) -> dict:
    """The end of a game as JSON-ready data (``play --json``, the keys both games share)."""
    details = [{"rows": board.complete_rows(), "columns": board.complete_columns(),
                "colours": board.complete_colours()} for board in game.boards]
    return commandline.play_result(game, game.seed, policies, details, wall=game.wall,
                                   rounds=game.round, turns=turns)


def _print_end(game: Game, out: TextIO) -> None:
    print("\n" + t("cli.play.over", round=game.round), file=out)
    for step in game.last_tiling:
        if isinstance(step, EndBonus):
            print("  " + t("cli.play.player", player=step.player + 1, text=describe(step)), file=out)
    scores = series(t("cli.play.final_score", player=p + 1, score=s) for p, s in enumerate(game.scores()))
    print(t("cli.play.final", scores=scores), file=out)
    won = game.winners()
    if len(won) == 1:
        print(t("cli.play.winner", player=won[0] + 1), file=out)
    else:
        print(t("cli.play.shared", players=series(p + 1 for p in won)), file=out)


def _tiles(counts: list[int]) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts)) or "-"

