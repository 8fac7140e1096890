"""Two boards' scores compared (the what-if's model), without any widget."""

from __future__ import annotations

from harmonies import score
from harmonies.board import Board
from harmonies.comparison import Comparison
from harmonies.tokens import Colour


def _board(tokens: dict[str, list[str]]) -> Board:
    board = Board("A")
    for cell, stack in tokens.items():
        for colour in stack:
            board.place(cell, Colour(colour))
    return board


def test_a_new_field_shows_its_points_and_the_item_that_appeared():
    before = _board({"a1": ["yellow"]})  # a lone yellow token: no field
    after = _board({"a1": ["yellow"], "b1": ["yellow"]})
    comparison = Comparison(score(before), score(after))
    difference = comparison.difference()
    assert difference["fields"] == (0, 5, 5)
    assert difference["total"] == (score(before).total, score(after).total,
                                   score(after).total - score(before).total)
    unchanged = [key for key in difference if key not in ("fields", "landscapes", "total")]
    assert all(difference[key][2] == 0 for key in unchanged)
    lines = comparison.lines()
    fields = next(line for line in lines if line.startswith("fields"))
    assert "(+5)" in fields and "a1, b1" in fields  # the new field, with its cells
    assert lines[-1].startswith("total")


def test_the_same_board_twice_changes_nothing():
    board = _board({"c3": ["brown", "green"]})
    comparison = Comparison(score(board), score(board))
    assert all(d == 0 for _a, _b, d in comparison.difference().values())
    assert not any("(+" in line or "(-" in line for line in comparison.lines())
