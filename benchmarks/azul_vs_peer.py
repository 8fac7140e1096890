"""The Azul coach against a public player, kbizikav/azul-ai, refereed by our engine.

    python benchmarks/azul_vs_peer.py --peer DIR --games 40 --ms 1000 [--budget 30000] [--seed 1]
    python benchmarks/azul_vs_peer.py --peer DIR --check 200

``DIR`` is a checkout of the peer with its npm packages installed (``npm ci``; docs/azul.md,
"Measured against a public player"), default the environment variable ``AZUL_PEER``. Nothing is
fetched here: the peer's own search answers through ``benchmarks/peer/azul_bridge.mjs``, one node
process for the run, JSON lines over its standard input and output.

Two-player games on the coloured wall: deal ``k`` (``k = 0, 1, …``) is ``Game(2,
seed_for(seed, k))`` and is played twice, the strong player (``StrongPolicy``, ``--budget`` nodes
a move) in seat 0 in game ``2k`` and in seat 1 in game ``2k + 1``; the peer thinks ``--ms``
milliseconds a move (its "hard" level is 1000). Every move of the peer must be one of our
``legal_actions()``; one that is not is printed with the position and counted as a disagreement,
and that game is left out (never a move put in its place). Prints one ``name=value`` a line: the
load average at the start, a line per game, then ``games`` (games finished), ``wins`` and
``draws`` (shared victories) of the strong player, ``win_share`` (a shared victory counts half),
``mean`` and ``peer_mean`` (points a game), ``margin``, ``floor`` and ``peer_floor`` (floor
penalties a game), ``s_per_move`` and ``peer_s_per_move`` (seconds a move, moves with a single
legal choice left out; the peer's include the bridge's round trip), ``disagreements`` and the load
average at the end. Exits 1 when there was a disagreement.

``--check N`` compares instead the two engines on ``N`` positions of seeded games (random and
greedy moves mixed): the peer's legal moves against ours, and the peer's round end (tiling,
floor, end bonuses, next first player) against ours. It prints each difference, then
``checked=`` and ``problems=``; it exits 1 when there is a problem.

Without node or a usable checkout it says what is missing in one line and exits 2. It is not
part of ``make test``; ``tests/test_azul_peer_bridge.py`` runs the check when ``AZUL_PEER`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from azul_strength import Timed, played  # noqa: E402

from azul import Game, GreedyPolicy  # noqa: E402
from azul.errors import MoveSyntaxError  # noqa: E402
from azul.game import OFFER  # noqa: E402
from azul.moves import CENTRE, FLOOR, Take  # noqa: E402
from azul.policies import StrongPolicy  # noqa: E402
from azul.search import DEFAULT_NODES  # noqa: E402
from azul.tiles import MARKER  # noqa: E402
from azul.tiling import end_of_phase, tile_board  # noqa: E402
from tabletop.game import seed_for  # noqa: E402

BRIDGE = Path(__file__).resolve().parent / "peer" / "azul_bridge.mjs"
#: What a checkout must hold for the bridge: the peer's search and the loader that runs TypeScript.
NEEDED = ("src/ai/search.ts", "src/engine/rules.ts", "node_modules/tsx")


class PeerFailed(RuntimeError):
    """The bridge could not answer (it failed to start, died, or refused a request)."""


class Disagreement(Exception):
    """The peer chose a move that is not among our legal moves."""

    def __init__(self, game: Game, move) -> None:
        super().__init__(f"the peer's move {json.dumps(move)} is not among our legal moves in "
                         f"{game.to_json()}")


# --- the two halves of the translation ---------------------------------------------------------


def peer_state(game: Game) -> dict:
    """The position of ``game`` (two players, coloured wall, factory offer) as the bridge reads it:
    per-colour counts, walls as bits ``5 * row + column`` (the same in both engines), each pattern
    line as [colour, count], each floor as its tiles with the first-player marker as "marker"."""
    if game.players != 2 or game.gray or game.phase != OFFER:
        raise ValueError("the peer plays two-player games on the coloured wall, in the factory offer")
    return {
        "factories": [list(counts) for counts in game.factories],
        "centre": list(game.centre),
        "centre_marker": game.centre_marker,
        "marker_holder": game.marker_holder,
        "first_player": game.first_player,
        "current": game.current,
        "round": game.round,
        "bag": list(game.bag),
        "lid": list(game.lid),
        "players": [{"score": b.score, "wall": b.wall,
                     "lines": [[b.line_colour[i], b.line_count[i]] for i in range(len(b.line_count))],
                     "floor": ["marker" if tile == MARKER else tile for tile in b.floor]}
                    for b in game.boards],
    }


def our_move(move: dict) -> Take | None:
    """The peer's move (as the bridge writes it) as our ``Take``; None when it names no move."""
    try:
        source = CENTRE if move["source"] == "centre" else move["source"]
        line = FLOOR if move["line"] == "floor" else move["line"]
        return Take(source, move["colour"], line)
    except (KeyError, TypeError, MoveSyntaxError):
        return None


# --- the bridge, running -------------------------------------------------------------------------


def missing(peer: str | None) -> str | None:
    """What stops the bridge from running, in one sentence, or None."""
    if shutil.which("node") is None:
        return "node is not installed: the bridge to the peer runs on Node.js (20 or later)"
    if not peer:
        return ("no checkout of the peer: give --peer DIR or set AZUL_PEER "
                "(docs/azul.md, 'Measured against a public player', says how to get one)")
    for part in NEEDED:
        if not (Path(peer) / part).exists():
            fix = ("run npm ci in it" if part.startswith("node_modules")
                   else "not a checkout of kbizikav/azul-ai")
            return f"{peer} has no {part}: {fix}"
    return None


class Peer:
    """The bridge as a node process in the checkout ``directory``: ``ask(...)`` sends one request
    and returns its answer."""

    def __init__(self, directory: str) -> None:
        self.process = subprocess.Popen(
            ["node", "--import", "tsx", str(BRIDGE)], cwd=directory, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def ask(self, **request) -> dict:
        process = self.process
        try:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
        except BrokenPipeError:
            pass  # it died: the empty answer below says why
        line = process.stdout.readline()
        if not line:
            process.wait()
            said = process.stderr.read().strip().splitlines()
            raise PeerFailed(f"the bridge stopped (status {process.returncode}): "
                             f"{said[-1] if said else 'nothing said'}")
        answer = json.loads(line)
        if "error" in answer:
            raise PeerFailed(f"the bridge refused a request: {answer['error']}")
        return answer

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()
        self.process.stdout.close()
        self.process.stderr.close()

    def __enter__(self) -> Peer:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class PeerPolicy:
    """The peer as one of our policies: its move for ``game``, checked against our legal moves."""

    def __init__(self, peer: Peer, ms: float) -> None:
        self.peer, self.ms = peer, ms

    def __call__(self, game: Game) -> Take:
        answer = self.peer.ask(ask="move", state=peer_state(game), ms=self.ms)
        move = our_move(answer["move"])
        if move is None or move not in game.legal_actions():
            raise Disagreement(game, answer["move"])
        return move


# --- the self-check -------------------------------------------------------------------------------


def positions(count: int, seed: object):
    """``count`` positions in the factory offer of seeded games whose moves are random or greedy,
    one or the other by a coin (so walls fill and floors overflow)."""
    rng, greedy, found, deal = random.Random(seed_for(seed, "check")), GreedyPolicy(), 0, 0
    while True:
        game = Game(2, seed_for(seed, "check", deal))
        while not game.over:
            if rng.random() < 0.3:
                yield game.copy()
                found += 1
                if found == count:
                    return
            moves = game.legal_actions()
            game.play(greedy(game) if rng.random() < 0.5 else rng.choice(moves))
        deal += 1


def our_tiling(game: Game) -> dict:
    """Our round end applied to the position as it stands, in the bridge's terms."""
    boards, lid = [board.copy() for board in game.boards], game.lid[:]
    for player, board in enumerate(boards):
        tile_board(board, player, lid)
    over = bool(end_of_phase(boards))  # a complete row ends it: the peer's only end
    starter = game.first_player if game.marker_holder is None else game.marker_holder
    return {"scores": [b.score for b in boards], "walls": [b.wall for b in boards], "lid": lid,
            "starter": starter, "over": over}


def peer_move(move: Take) -> dict:
    """Our ``Take`` in the bridge's words (``our_move`` reads them back)."""
    return {"source": "centre" if move.source == CENTRE else move.source, "colour": move.colour,
            "line": "floor" if move.line == FLOOR else move.line}


def differences(peer: Peer, game: Game, rng: random.Random) -> list[str]:
    """How the peer's legal moves and round end differ from ours at ``game`` (empty: they agree).
    The round end is compared as the position stands and after a few moves played in both engines
    (every take from the centre, where the marker goes, and one drawn by ``rng``), those that
    leave tiles on the table (one that empties it starts our next round)."""
    state = peer_state(game)
    theirs = {our_move(m) for m in peer.ask(ask="legal", state=state)["moves"]}
    legal = game.legal_actions()
    found = []
    if theirs != set(legal):
        found.append(f"legal moves: only the peer's {sorted(map(str, theirs - set(legal)))}, "
                     f"only ours {sorted(map(str, set(legal) - theirs))}")
    tried = dict.fromkeys([m for m in legal if m.source == CENTRE] + [rng.choice(legal)])
    for move in (None, *tried):
        after = game.copy()
        if move is not None:
            if after.sources[move.source][move.colour] == after.tiles_on_table:
                continue
            after.play(move)
        tiled = peer.ask(ask="tiling", state=state,
                         **({} if move is None else {"move": peer_move(move)}))
        mine = our_tiling(after)
        found += [f"round end after {move or 'no move'}, {key}: the peer's {tiled[key]}, "
                  f"ours {mine[key]}" for key in mine if tiled[key] != mine[key]]
    return found


def check(peer: Peer, count: int, seed: object) -> int:
    """Compare the engines on ``count`` positions; print each difference; the number of
    positions where they differ."""
    problems, rng = 0, random.Random(seed_for(seed, "moves"))
    for game in positions(count, seed):
        found = differences(peer, game, rng)
        if found:
            problems += 1
            print(f"difference at {game.to_json()}:", *found, sep="\n  ", flush=True)
    return problems


# --- the match ------------------------------------------------------------------------------------


def load() -> str:
    return ",".join(f"{x:.2f}" for x in os.getloadavg())


def match(peer: Peer, games: int, ms: float, budget: int, seed: object) -> dict[str, float]:
    """The strong player against the peer, each deal from both seats; the figures."""
    mine, theirs, floors, wins, draws, disagreements = [], [], [], 0, 0, 0
    ours_timed, peer_timed = [], []
    for i in range(games):
        deal, seat = i // 2, i % 2
        game = Game(2, seed_for(seed, deal))
        strong = Timed(StrongPolicy(seed_for(seed, deal, seat), budget=budget))
        other = Timed(PeerPolicy(peer, ms))
        try:
            points = played(game, [strong, other] if seat == 0 else [other, strong])
        except Disagreement as e:
            disagreements += 1
            print(f"disagreement in game {i + 1} (deal {seed_for(seed, deal)}): {e}", flush=True)
            continue
        scores, winners = game.scores(), game.winners()
        mine.append(scores[seat])
        theirs.append(scores[1 - seat])
        floors.append((points[seat]["floor"], points[1 - seat]["floor"]))
        if winners == [seat]:
            wins += 1
        elif seat in winners:
            draws += 1
        ours_timed.append(strong)
        peer_timed.append(other)
        print(f"game={i + 1} deal={seed_for(seed, deal)} seat={seat} score={scores[seat]} "
              f"peer_score={scores[1 - seat]} rounds={game.round}", flush=True)

    def per_move(timed: list[Timed]) -> float:
        return round(sum(t.seconds for t in timed) / max(1, sum(t.moves for t in timed)), 3)

    done = max(1, len(mine))
    return {"games": len(mine), "wins": wins, "draws": draws,
            "win_share": round((wins + draws / 2) / done, 3),
            "mean": round(sum(mine) / done, 1), "peer_mean": round(sum(theirs) / done, 1),
            "margin": round((sum(mine) - sum(theirs)) / done, 1),
            "floor": round(sum(f for f, _ in floors) / done, 1),
            "peer_floor": round(sum(f for _, f in floors) / done, 1),
            "s_per_move": per_move(ours_timed), "peer_s_per_move": per_move(peer_timed),
            "disagreements": disagreements}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", default=os.environ.get("AZUL_PEER"),
                        help="a checkout of kbizikav/azul-ai with npm ci done (default: $AZUL_PEER)")
    parser.add_argument("--games", type=int, default=40, help="games, two a deal")
    parser.add_argument("--ms", type=float, default=1000, help="the peer's milliseconds a move")
    parser.add_argument("--budget", type=int, default=DEFAULT_NODES, help="our nodes a move")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--check", type=int, default=0, metavar="N",
                        help="compare the engines on N positions instead of playing")
    args = parser.parse_args(argv)
    problem = missing(args.peer)
    if problem:
        print(f"azul_vs_peer: {problem}", file=sys.stderr)
        return 2
    print(f"load_start={load()}", flush=True)
    started = time.perf_counter()
    try:
        with Peer(args.peer) as peer:
            if args.check:
                problems = check(peer, args.check, args.seed)
                print(f"checked={args.check}\nproblems={problems}")
                failed = problems > 0
            else:
                print(f"ms={args.ms:g}\nbudget={args.budget}\nseed={args.seed}", flush=True)
                figures = match(peer, args.games, args.ms, args.budget, args.seed)
                for name, value in figures.items():
                    print(f"{name}={value}")
                failed = figures["disagreements"] > 0
    except PeerFailed as e:
        print(f"azul_vs_peer: {e}", file=sys.stderr)
        return 2
    print(f"load_end={load()}\nseconds={time.perf_counter() - started:.0f}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
