"""The command line: ``python -m azul tile FILE|- [--explain]`` and ``python -m azul play ...``.

``tile`` reads a scenario (``-`` for standard input), runs the wall tiling for every player and
prints the result as JSON, or in words with ``--explain``. A file that is not valid prints one line
``error: <field>: <what is wrong>`` on standard error, nothing on standard output, and exits with
status 2.

``play`` plays a whole game between policies and prints every round and the result.

``render`` draws a scenario's boards (after the wall tiling with ``--tiled``) to a picture file,
SVG, PNG or PDF by its extension; a bad file or an unknown extension fails as ``tile`` does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from .errors import ScenarioError
from .game import Game
from .policies import POLICIES
from .scenario import Scenario
from .tiles import LETTERS, PLAYER_COUNTS, WALL_KINDS
from .tiling import EndBonus, describe


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "tile":
        return tile(args.file, args.explain)
    if args.command == "render":
        return render(args.file, args.output, colour_blind=args.colour_blind,
                      high_contrast=args.high_contrast, tiled=args.tiled)
    return play(args.players, args.seed, args.policy, args.wall)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m azul",
                                     description="The rules of Azul: what-ifs and whole games.")
    commands = parser.add_subparsers(dest="command", required=True)
    tile_ = commands.add_parser("tile", help="run the wall tiling of a scenario file")
    tile_.add_argument("file", help="the scenario (JSON); - reads standard input")
    tile_.add_argument("--explain", action="store_true", help="tell the story in words")
    play_ = commands.add_parser("play", help="play a whole game between computer players")
    play_.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2)
    play_.add_argument("--seed", type=int, default=None,
                       help="the same seed gives the same game (default: a fresh one)")
    play_.add_argument("--policy", choices=sorted(POLICIES), default="random")
    play_.add_argument("--wall", choices=WALL_KINDS, default="colored")
    render_ = commands.add_parser("render", help="draw a scenario file as SVG, PNG or PDF")
    render_.add_argument("file", help="the scenario (JSON); - reads standard input")
    render_.add_argument("-o", "--output", required=True,
                         help="the picture to write; its extension (.svg, .png, .pdf) sets the format")
    render_.add_argument("--colour-blind", action="store_true",
                         help="print the colour letter on every tile")
    render_.add_argument("--high-contrast", action="store_true",
                         help="large, bold and thick, for a projector")
    render_.add_argument("--tiled", action="store_true",
                         help="draw the boards after the wall tiling")
    return parser


def _read_scenario(path: str, stdin: TextIO | None, stderr: TextIO) -> Scenario | None:
    """The scenario in a file (``-``: standard input), or None after one line on stderr."""
    try:
        source = stdin or sys.stdin
        return Scenario.from_json(source.read()) if path == "-" else Scenario.load(path)
    except ScenarioError as e:
        print(f"error: {e}", file=stderr)
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
        print(pretty_json(result.to_dict()), file=stdout)
    return 0


RENDER_FORMATS = (".svg", ".png", ".pdf")


def render(path: str, output: str, *, colour_blind: bool = False, high_contrast: bool = False,
           tiled: bool = False, stdin: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stderr = stderr or sys.stderr
    if Path(output).suffix.lower() not in RENDER_FORMATS:
        print(f"error: {output}: unknown picture format, end the name with "
              f"{', '.join(RENDER_FORMATS[:-1])} or {RENDER_FORMATS[-1]}", file=stderr)
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
        print(f"error: {output}: cannot write it ({e.strerror or e})", file=stderr)
        return 2
    return 0


def pretty_json(value, indent: str = "") -> str:
    """JSON with one line per small object or list (one holding no object or list), so that each
    placement reads as one line."""
    inner = indent + "  "
    if isinstance(value, dict) and any(isinstance(v, dict | list) for v in value.values()):
        items = [f"{inner}{json.dumps(k)}: {pretty_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = [f"{inner}{pretty_json(v, inner)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{indent}]"
    return json.dumps(value)


def play(players: int, seed: int | None, policy: str, wall: str = "colored",
         stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    game = Game(players, seed, wall)
    chooser = [POLICIES[policy](f"{game.seed}:{p}") for p in range(players)]
    print(f"Azul: {players} players, {wall} wall, seed {game.seed}, {policy} policy", file=out)
    while not game.over:
        print(f"\nround {game.round}: player {game.current} starts", file=out)
        print("  factories: " + "  ".join(_tiles(f) for f in game.factories), file=out)
        number = game.round
        while game.round == number and not game.over:
            player = game.current
            move = chooser[player](game)
            game.play(move)
            print(f"  player {player}: {move}", file=out)
        print("  wall tiling:", file=out)
        for step in game.last_tiling:
            if not isinstance(step, EndBonus):
                print(f"    player {step.player}: {describe(step)}", file=out)
        print("  scores: " + ", ".join(map(str, game.scores)), file=out)
    print(f"\ngame over after round {game.round}", file=out)
    for step in game.last_tiling:
        if isinstance(step, EndBonus):
            print(f"  player {step.player}: {describe(step)}", file=out)
    print("final scores: " + ", ".join(f"player {p}: {s}" for p, s in enumerate(game.scores)),
          file=out)
    won = game.winners
    if len(won) == 1:
        print(f"winner: player {won[0]}", file=out)
    else:
        print(f"shared victory: players {', '.join(map(str, won))}", file=out)
    return 0


def _tiles(counts: list[int]) -> str:
    return "".join(LETTERS[c] * n for c, n in enumerate(counts)) or "-"
