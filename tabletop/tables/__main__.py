"""``python -m tabletop.tables [--port 8870] [--db tables.sqlite] [--host 127.0.0.1]``: the table
server on its own (loopback unless told otherwise)."""

from __future__ import annotations

import argparse
import asyncio
import logging

from .server import Limits, make_app
from .store import IDLE, MAX_TABLES, Tables


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tabletop.tables",
                                     description="Serve private tables for friends (see docs/tables.md).")
    parser.add_argument("--port", type=int, default=8870)
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default: this computer only)")
    parser.add_argument("--db", default="tables.sqlite", help="the SQLite file of the tables")
    parser.add_argument("--idle", type=float, default=IDLE, help="seconds before an idle table expires")
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES)
    parser.add_argument("--rate", type=float, default=Limits.per_second,
                        help="messages a page may send per second (after a burst)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(serve(args))


async def serve(args: argparse.Namespace) -> None:
    tables = Tables(args.db, idle=args.idle, max_tables=args.max_tables)
    app = make_app(tables, Limits(per_second=args.rate))
    server = app.listen(args.port, address=args.host)
    logging.info("tables on http://%s:%d/ (POST /tables to create one)", args.host, args.port)
    try:
        await asyncio.Event().wait()
    finally:
        server.stop()
        tables.close()


if __name__ == "__main__":
    main()
