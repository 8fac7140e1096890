"""The exceptions of the Harmonies rules, each with a message a learner can read."""

from tabletop import files


class HarmoniesError(ValueError):
    """Base class: something the rules do not allow, or a file that does not describe a position."""


class IllegalMove(HarmoniesError):
    """An action the rules forbid. The state it was tried on is left exactly as it was."""


class IllegalPlacement(IllegalMove):
    """A token that cannot go on that cell (stacking rules, a cube, an unknown cell)."""


class IllegalCube(IllegalMove):
    """An animal or spirit cube that cannot be placed there."""


class IllegalCardAction(IllegalMove):
    """Taking, choosing or swapping a card when the rules do not allow it."""


class IllegalSpace(IllegalMove):
    """Taking tokens from a central-board space that is empty or does not exist."""


class ActionSyntaxError(IllegalMove):
    """Text that is not an action of the grammar (nothing was played)."""


class TurnOrderError(IllegalMove):
    """An action at the wrong moment of the turn, or after the game has ended."""


class ScenarioError(HarmoniesError, files.ScenarioError):
    """A scenario file that is not valid (``tabletop.files.ScenarioError``). ``field`` names the place
    in the file, e.g. ``board.c2``."""


#: The field checkers of scenario files, raising ``ScenarioError``.
checks = files.Fields(ScenarioError)
