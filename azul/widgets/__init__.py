"""Azul widgets for a notebook: the wall sandbox, the game table and the what-if comparison.

Each widget is an ``ipywidgets.VBox`` (it shows itself as the last value of a cell) built from a
``ClickableSVG`` picture drawn by ``azul.draw`` and a few standard controls. Every interaction is a
public method, and the picture and the buttons only call those methods, so a test (or a notebook
cell) can drive a widget without a browser::

    box = WallSandbox()
    box.choose("Y"); box.click("line:1"); box.click("line:1")
    box.step()          # the tile of line 1 goes to the wall; box.explanation says how it scored

The rules stay in the engine: a widget asks ``Board``, ``Game``, ``Scenario`` and the ``tiling``
functions what is allowed and what it scores, and shows their answers. Something the rules forbid
leaves the state and the picture as they were and shows the engine's message in a warning area
(``.message``).

Every word a widget shows comes from the catalogue (``azul/locale``, keys ``widgets.*``) and
follows the language menu: ``relabel()`` puts labels, options, the status, the log, the titles of
the pictures and the message into the language in force. Option values stay English identifiers.

One module per widget, their shared pieces in ``common``: ``WallSandbox`` (``sandbox.py``),
``AzulTable`` (``table.py``), ``TilingCompare`` (``compare.py``), ``GameReplay`` (``replay.py``: a
kept game stepped through, ``tabletop.replayer``).
"""

from .common import TOOLS
from .compare import TilingCompare
from .replay import GameReplay
from .sandbox import WallSandbox
from .table import SEATS, AzulTable

__all__ = ["GameReplay", "WallSandbox", "AzulTable", "TilingCompare", "TOOLS", "SEATS"]
