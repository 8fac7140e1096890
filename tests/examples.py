"""Positions several test files share (import them: ``from examples import AZUL_EXAMPLE``)."""

# The Azul issue's example: 12 points; YY on line 1 scores 2 (next to the blue of row 1), KKKKK on
# line 4 scores 1 (alone), the floor F B costs 2: final 13.
AZUL_EXAMPLE = {"game": "azul", "wall": "colored",
                "players": [{"score": 12, "wall": ["B....", ".B...", ".....", ".....", "....."],
                             "pattern_lines": ["", "YY", "R", "", "KKKKK"], "floor": "FB"}]}
