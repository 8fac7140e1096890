"""Jupyter widgets for Harmonies: a board editor, a habitat explorer, a game table, a what-if view.

Each widget is an ``ipywidgets`` container (show it as the last value of a cell) built from
``tabletop.clickable.ClickableSVG`` pictures and standard controls. Every interaction is a public
method, and the front end calls exactly that method: a click on cell c3 of the editor's board is
``editor.click("cell:c3")``, a button press is ``editor.undo()``. Tests and notebooks call the same
methods without a browser.

The widgets decide no rule. A token is stacked by ``Board.place``, a cube's cell is checked by
``habitats.can_place_cube``, a game moves only through ``Game.play``, points come from
``scoring.score``. When the engine refuses, its message appears in the widget (``.message``) and
nothing changes. Undo keeps copies of engine states (``Board.copy``, ``Game.copy``).

Every text a widget shows comes from the catalogue (``harmonies/locale``) and follows the language
menu: ``relabel()`` puts labels, options, messages, the log and the pictures' words into the language
in force. Option values, tools and seat kinds stay the English identifiers of the API.

One module per widget, their shared pieces in ``common``:

- ``BoardEditor`` (``editor.py``): stack tokens by clicking, cubes on and off, undo/redo, side A/B,
  the river reading, scenario files in and out, the live score with a category's items outlined.
- ``HabitatExplorer`` (``explorer.py``): one of the 42 cards, its six rotations, its habitats on a
  board (near misses as ghost tokens), cubes placed by clicking their cell.
- ``GameTable`` (``table.py``): a game for 1 to 4 at one screen; each seat human, random, greedy or
  strong; a hint button (the coach's best turns) and a setup form.
- ``WhatIf`` (``whatif.py``): two editors side by side and their score difference, category by category.
- ``GameReplay`` (``replay.py``): a kept game (a game, its record or a link) stepped through: first,
  previous, next, last, a slider (``tabletop.replayer``, the model ``tabletop.replaying``).
"""

from .common import SCORE_KEYS, TOOLS
from .editor import BoardEditor
from .explorer import HabitatExplorer
from .replay import GameReplay
from .table import SEAT_KINDS, GameTable
from .whatif import WhatIf

__all__ = ["GameReplay", "BoardEditor", "HabitatExplorer", "GameTable", "WhatIf", "TOOLS", "SCORE_KEYS",
           "SEAT_KINDS"]
