"""The exceptions of the Azul rules, each with a message a learner can read.

Messages are put into words (in the language in force) where the exception is raised.

Every illegal move raises a subclass of ``IllegalMove`` and leaves the game exactly as it was: the
engine checks everything before it changes anything.
"""

from tabletop import files


class AzulError(ValueError):
    """Base class: something the rules do not allow, or a file that does not describe a game."""


class MoveSyntaxError(AzulError):
    """Text that does not read as a move, e.g. ``"factory three: blue"``."""


class ScenarioError(AzulError, files.ScenarioError):
    """A scenario or saved-game file that is not valid (``tabletop.files.ScenarioError``). ``field``
    names the place in the file, e.g. ``players[0].pattern_lines[1]``."""


#: The field checkers of scenario and saved-game files, raising ``ScenarioError``.
checks = files.Fields(ScenarioError)


class IllegalMove(AzulError):
    """A move the rules forbid. The state it was tried on is left exactly as it was."""


class GameOver(IllegalMove):
    """Any move once the game has ended."""


class WrongPhase(IllegalMove):
    """Taking tiles during the wall tiling, or choosing a wall column during the factory offer."""


class NoSuchSource(IllegalMove):
    """A factory number this game does not have."""


class ColourNotThere(IllegalMove):
    """Taking a colour the factory or the centre does not hold."""


class LineFull(IllegalMove):
    """Adding tiles to a pattern line that is already complete."""


class LineHoldsOtherColour(IllegalMove):
    """Adding tiles to a pattern line that already holds another colour."""


class WallRowHasColour(IllegalMove):
    """Adding a colour to a pattern line whose wall row already has that colour."""


class NotThisLine(IllegalMove):
    """A wall choice for a pattern line other than the one to tile next (top to bottom)."""


class WrongColour(IllegalMove):
    """A wall choice naming another colour than the one its pattern line holds."""


class CellTaken(IllegalMove):
    """A wall choice for a cell that already holds a tile."""


class ColumnHasColour(IllegalMove):
    """A gray-wall choice for a column that already holds that colour."""


class FloorNotAllowed(IllegalMove):
    """Sending a complete line to the floor while a cell on the wall can still take its tile."""


class ColumnRequired(IllegalMove):
    """A gray-wall line tiled without saying in which column its tile goes."""
