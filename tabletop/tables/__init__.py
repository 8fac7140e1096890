"""Private tables: friends play one game from their own devices, each through a link of their own.

``table`` holds the rules of a table (who may move, when a move counts), ``store`` keeps tables in
SQLite and rebuilds them after a restart, ``games`` says what a table needs of each game;
``server`` (tornado) serves the seat pages and their websockets. See docs/tables.md.
"""

from .store import Created, Tables
from .table import SPECTATOR, Table, TableError

__all__ = ["Tables", "Created", "Table", "TableError", "SPECTATOR"]
