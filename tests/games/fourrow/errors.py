"""The exceptions of Four in a Row, each with a message a learner can read (put into words where
it is raised). An illegal move leaves the game exactly as it was."""

from tabletop import files


class FourRowError(ValueError):
    """Base class: something the rules do not allow, or a file that does not hold a game."""


class MoveSyntaxError(FourRowError):
    """Text that does not read as a move, e.g. ``"drop four"``."""


class ScenarioError(FourRowError, files.ScenarioError):
    """A saved game that is not valid; ``field`` names the place in the file."""


class IllegalMove(FourRowError):
    """A move the rules forbid."""


class GameOver(IllegalMove):
    """Any move once the game has ended."""


class NoSuchColumn(IllegalMove):
    """A column the board does not have."""


class ColumnFull(IllegalMove):
    """A disc dropped into a column with no room left."""
