"""Load on the table server: N tables whose seats are protocol-level clients (tabletop.tables.client,
no browser) playing random legal games, at a human pace or as fast as they can.

    python benchmarks/tables_load.py --tables 50 --seats 4 --pace human --seconds 60
    python benchmarks/tables_load.py --tables 20 --seats 4 --pace fast --seconds 30

The server runs in its own process on 127.0.0.1 over a fresh SQLite file (its CPU time and peak
memory are the child's rusage); the tables play each installed game in turn (half Harmonies,
half Azul). Prints tables=, seats=, moves=, moves_per_s=, p95_move_to_update_ms= (from a move sent
to the new state at every seat of its table), server_cpu_s=, peak_mib=, errors= (error messages,
refused moves, lost connections), lost_moves= (for every table, what its clients saw last against
its stored record replayed).
Targets (issue 22): 50 tables of 4 seats at a human pace, p95 <= 150 ms, 0 errors, 0 lost moves.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tornado.httpclient import AsyncHTTPClient  # noqa: E402

from tabletop import records  # noqa: E402
from tabletop.kinds import classes, kinds  # noqa: E402
from tabletop.tables.client import Client, Closed  # noqa: E402

MAX_TABLES = 200
MAX_SECONDS = 300


class Tally:
    def __init__(self):
        self.latencies: list[float] = []
        self.errors = 0
        self.moves = 0


async def seat(client: Client, me: int, pace: str, rng: random.Random, sent: dict, tally: Tally,
               stop: asyncio.Event) -> None:
    """One seat: answer each state; on its turn wait (a human thinks) and play a random legal action."""
    try:
        while True:
            message = await client.next()
            if message["type"] == "error":
                tally.errors += 1
            if message["type"] != "state":
                continue
            moves = message["moves"]
            if moves in sent:  # the update of a move: how long it took to reach this seat
                tally.latencies.append(time.perf_counter() - sent[moves])
            if message["over"]:
                return
            if message["current"] != me or not message["actions"]:
                continue
            if pace == "human":
                await asyncio.sleep(rng.uniform(1.0, 3.0))
            if stop.is_set():
                continue  # no more moves; the seat still reads the updates of those on their way
            sent[moves + 1] = time.perf_counter()
            client.move(rng.choice(message["actions"])["text"], after=moves)
            tally.moves += 1
    except Closed:
        if not stop.is_set():
            tally.errors += 1


async def table(base: str, n: int, seats: int, pace: str, tally: Tally, stop: asyncio.Event) -> tuple:
    games = sorted(kinds())  # every installed game in turn
    game = games[n % len(games)]
    reply = await AsyncHTTPClient().fetch(f"{base}/tables", method="POST",
                                          body=json.dumps({"game": game, "players": seats}),
                                          headers={"Content-Type": "application/json"})
    made = json.loads(reply.body)
    ws = base.replace("http", "ws") + f"/t/{made['id']}/ws"
    clients = [await Client.open(ws, link.split("#", 1)[1]) for link in made["seats"]]
    sent: dict[int, float] = {}
    rng = random.Random(n)


    async def hang_up():  # at the end of the time, every seat stops, once the moves sent are shown
        await stop.wait()
        last, waited = max(sent, default=0), 0.0
        while waited < 10 and any(not c.state or c.state["moves"] < last for c in clients):
            await asyncio.sleep(0.05)  # a move still on its way: what is not shown by then counts as lost
            waited += 0.05
        for c in clients:
            c.close()
    ending = asyncio.create_task(hang_up())
    await asyncio.gather(*(seat(c, k, pace, rng, sent, tally, stop) for k, c in enumerate(clients)))
    ending.cancel()
    return made["id"], max((c.state for c in clients if c.state), key=lambda s: s["moves"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lost_moves(db: str, seen: list[tuple[str, dict]]) -> int:
    """Moves the clients saw that the store does not replay to (or the other way round)."""
    conn = sqlite3.connect(db)
    lost = 0
    for table_id, state in seen:
        (game, setup), = conn.execute("SELECT game, setup FROM tables WHERE id = ?", (table_id,))
        actions = [a for (a,) in conn.execute(
            "SELECT action FROM moves WHERE table_id = ? ORDER BY number", (table_id,))]
        stored = records.replay({"format": f"{kinds()[game].game.RECORD}/{records.VERSION}",
                                 "setup": json.loads(setup), "actions": actions}, classes())
        same = ([s.total for s in stored.scores()] == state["scores"]
                and [stored.action_text(a) for a in stored.history[-len(state["log"]):]] == state["log"]
                if state["log"] else True)
        lost += abs(len(stored.history) - state["moves"]) + (0 if same else 1)
    return lost


async def load(base: str, args, stop: asyncio.Event, tally: Tally) -> list:
    async def stop_later():
        await asyncio.sleep(args.seconds)
        stop.set()
    timer = asyncio.create_task(stop_later())
    tasks = [asyncio.create_task(table(base, n, args.seats, args.pace, tally, stop))
             for n in range(args.tables)]

    async def ends():  # a game that ends before the time is up just stops its seats' loop
        done = await asyncio.gather(*tasks)
        timer.cancel()
        return done
    try:
        return await asyncio.wait_for(ends(), args.seconds + 60)
    finally:
        stop.set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--pace", choices=("human", "fast"), default="human")
    parser.add_argument("--seconds", type=float, default=60)
    args = parser.parse_args()
    args.tables = min(args.tables, MAX_TABLES)
    args.seconds = min(args.seconds, MAX_SECONDS)
    with tempfile.TemporaryDirectory() as tmp:
        db, port = os.path.join(tmp, "tables.sqlite"), free_port()
        # All its tables come from this one address, at once: a creator's limits raised to the run's.
        server = subprocess.Popen([sys.executable, "-m", "tabletop.tables", "--port", str(port), "--db", db,
                                   "--rate", "1000" if args.pace == "fast" else "10",
                                   "--per-creator", str(MAX_TABLES), "--per-minute", str(MAX_TABLES),
                                   "--per-address", str(MAX_TABLES)],
                                  cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:  # until the server listens
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if server.poll() is not None:
                        sys.exit("the server did not start")
                    time.sleep(0.1)
            tally, stop = Tally(), None
            started = time.perf_counter()

            async def go():
                nonlocal stop
                stop = asyncio.Event()
                return await load(f"http://127.0.0.1:{port}", args, stop, tally)
            seen = asyncio.run(go())
            elapsed = time.perf_counter() - started
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait()
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        lost = lost_moves(db, seen)
    lat = sorted(tally.latencies)
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    print(f"pace={args.pace} tables={args.tables} seats={args.tables * args.seats} moves={tally.moves} "
          f"moves_per_s={tally.moves / elapsed:.1f} p95_move_to_update_ms={p95:.1f} "
          f"server_cpu_s={usage.ru_utime + usage.ru_stime:.1f} peak_mib={usage.ru_maxrss / 1024:.0f} "
          f"errors={tally.errors} lost_moves={lost}")


if __name__ == "__main__":
    main()
