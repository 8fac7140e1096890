"""Golden playthroughs: a few seeded games of each game recorded as readable text, step by step.

``python tools/playthroughs.py`` rewrites ``tests/golden/playthroughs/*.txt``; ``--check`` only says
which ones differ (``tests/test_playthroughs.py`` diffs them too). Each step shows the state, the
legal actions (their count, the first few and a digest of the whole list, so a change anywhere in it
shows) and the action played. A change of behaviour in either game shows as a diff here: regenerate
only when the change is meant, and read the diff before committing it.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import azul  # noqa: E402
import harmonies  # noqa: E402
from tabletop import game as api  # noqa: E402
from tabletop import i18n  # noqa: E402

FOLDER = ROOT / "tests" / "golden" / "playthroughs"
SHOWN = 6  # legal actions written out in full at each step; the digest covers the rest


def _harmonies_state(game: harmonies.Game) -> list[str]:
    lines = game.describe().splitlines()[1:]
    for seat, player in enumerate(game.players):
        board = player.board.to_dict()
        stacks = " ".join(f"{cell}={stack}" for cell, stack in sorted(board["board"].items()))
        cubes = " ".join(sorted(board["cubes"]))
        lines.append(f"seat {seat} board: {stacks or '-'}; cubes: {cubes or '-'}")
    return lines


def _azul_state(game: azul.Game) -> list[str]:
    return str(game).splitlines() + [f"bag {game.bag}, lid {game.lid}"]


#: name → (the game, its players, how its state reads)
GAMES: dict[str, tuple[Callable[[], api.Game], Callable[[], list], Callable]] = {
    "harmonies-2-players-spirits-random": (
        lambda: harmonies.Game(players=2, spirits=True, seed=1),
        lambda: [api.RandomPolicy(11), api.RandomPolicy(12)], _harmonies_state),
    "harmonies-solo-side-b-greedy": (
        lambda: harmonies.Game(players=1, side="B", spirits=True, seed=2),
        lambda: [harmonies.GreedyPolicy(21)], _harmonies_state),
    "azul-2-players-greedy-random": (
        lambda: azul.Game(2, seed=1),
        lambda: [azul.GreedyPolicy(), api.RandomPolicy(12)], _azul_state),
    "azul-2-players-gray-greedy": (
        lambda: azul.Game(2, seed=2, wall="gray"),
        lambda: [azul.GreedyPolicy(), azul.GreedyPolicy()], _azul_state),
}


def _legal(game: api.Game) -> str:
    texts = [game.action_text(a) for a in game.legal_actions()]
    digest = hashlib.sha1("\n".join(texts).encode()).hexdigest()[:12]
    more = f", … ({len(texts) - SHOWN} more)" if len(texts) > SHOWN else ""
    return f"legal ({len(texts)}, digest {digest}): " + ", ".join(texts[:SHOWN]) + more


def record(name: str) -> str:
    """The playthrough of one game, in English whatever the language in force."""
    new_game, players, read = GAMES[name]
    before = i18n.language()
    i18n.set_language("en")
    try:
        game, seats = new_game(), players()
        lines = [f"# {name}: {game!r}"]
        step = 0
        while not game.over:
            action = seats[game.current](game)
            lines += ["", f"## step {step}: seat {game.current} to move", *read(game), _legal(game),
                      f"action: {game.action_text(action)}"]
            game.play(action)
            step += 1
        totals = [score.total for score in game.scores()]
        lines += ["", f"## over after {step} actions", *read(game),
                  f"totals {totals}, winners {game.winners()}"]
        return "\n".join(lines) + "\n"
    finally:
        i18n.set_language(before)


def path(name: str) -> Path:
    return FOLDER / f"{name}.txt"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    for name in GAMES:
        text = record(name)
        if check:
            if not path(name).exists() or path(name).read_text(encoding="utf-8") != text:
                differ.append(name)
        else:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path(name).write_text(text, encoding="utf-8")
    for name in differ:
        print(f"differs: {path(name).relative_to(ROOT)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
