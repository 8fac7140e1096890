"""Private tables: friends play one game from their own devices, each through a link of their own.

``table`` holds the rules of a table (who may move, when a move counts), ``store`` keeps tables in
SQLite and rebuilds them after a restart (what a table needs of each game is the game's kind,
``tabletop.kinds``); ``server`` (tornado) serves the seat pages and their websockets, on its own or
inside the classroom server and JupyterLab (``jupyter``); ``lobby`` and ``widget`` are a notebook's
lobby. See docs/tables.md.
"""

from .table import SPECTATOR, Table, TableError

__all__ = ["Tables", "Created", "Table", "TableError", "SPECTATOR"]


def __getattr__(name: str):
    """``Tables`` and ``Created`` on first use: the store needs sqlite3, which a browser's Python
    (JupyterLite) may lack, and a notebook's lobby imports this package without needing the store."""
    if name in ("Tables", "Created"):
        from . import store

        return getattr(store, name)
    raise AttributeError(name)
