"""``python -m tabletop.tables [--port 8870] [--db tables.sqlite] [--host 127.0.0.1]``: the table
server on its own (loopback unless told otherwise). As a JupyterHub service (docs/tables.md) it
takes its prefix from ``JUPYTERHUB_SERVICE_PREFIX`` and its key from ``TABLETOP_TABLES_KEY``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os

from .server import Limits, make_app
from .store import IDLE, MAX_TABLES, PER_ADDRESS, PER_CREATOR, PER_MINUTE, Tables


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tabletop.tables",
                                     description="Serve private tables for friends (see docs/tables.md).")
    parser.add_argument("--port", type=int, default=8870)
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default: this computer only)")
    parser.add_argument("--db", default="tables.sqlite", help="the SQLite file of the tables")
    parser.add_argument("--idle", type=float, default=IDLE, help="seconds before an idle table expires")
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES)
    parser.add_argument("--per-creator", type=int, default=PER_CREATOR,
                        help="tables one creator (a kernel, an address) may keep at once")
    parser.add_argument("--per-minute", type=int, default=PER_MINUTE,
                        help="tables one creator may make in a minute")
    parser.add_argument("--per-address", type=int, default=PER_ADDRESS,
                        help="tables the devices of one address may keep at once")
    parser.add_argument("--rate", type=float, default=Limits.per_second,
                        help="messages a page may send per second (after a burst)")
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""),
                        help="the path of the routes (default: JupyterHub's service prefix, else none)")
    parser.add_argument("--public", default=None,
                        help="the address the links start with, e.g. "
                             "https://hub.school.example/services/tables (default: the address asked at)")
    parser.add_argument("--key", default=os.environ.get("TABLETOP_TABLES_KEY", ""),
                        help="if set, making a table needs this key (the X-Tables-Key header); "
                             "default: TABLETOP_TABLES_KEY, else anyone may")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(serve(args))


async def serve(args: argparse.Namespace) -> None:
    tables = Tables(args.db, idle=args.idle, max_tables=args.max_tables, per_creator=args.per_creator,
                    per_minute=args.per_minute, per_address=args.per_address)
    prefix = args.prefix.rstrip("/")
    app = make_app(tables, Limits(per_second=args.rate), prefix=prefix, public=args.public, key=args.key)
    server = app.listen(args.port, address=args.host)
    logging.info("tables on http://%s:%d%s/ (POST %s/tables to create one)", args.host, args.port, prefix,
                 prefix)
    try:
        await asyncio.Event().wait()
    finally:
        server.stop()
        tables.close()


if __name__ == "__main__":
    main()
