"""Four in a Row, a test game: two players drop discs into a board of 7 columns and 6 rows, each
disc falling to the lowest empty place of its column; four of one colour in a line (across, up or
on a slant) wins, and a full board with no such line is a tie.

Written as CONTRIBUTING's "Adding a game" says, and nothing more: its rules (``errors``, ``game``,
``coach``), its catalogue (``locale``), its drawing (``draw``) and its kind (``kind``). The tests
register it through a temporary entry point (``tests/test_third_game.py``), never pyproject.
"""

from .game import COLUMNS, ROWS, Drop, Game

__all__ = ["Game", "Drop", "COLUMNS", "ROWS"]
