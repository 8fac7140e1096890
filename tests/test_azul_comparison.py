"""Two tilings of a wall compared (the what-if's model), without any widget."""

from __future__ import annotations

import pytest

from azul.comparison import TilingComparison, signed
from azul.scenario import Scenario, ScenarioError


def position(score: int, floor: str = "", lines=("", "", "", "", "")) -> dict:
    return {"game": "azul", "wall": "colored",
            "players": [{"score": score, "floor": floor, "pattern_lines": list(lines)}]}


def test_a_full_line_against_an_empty_one_and_the_clamp_of_the_floor():
    done = TilingComparison(position(0), position(0, lines=("B", "", "", "", "")), labels=("empty", "blue"))
    assert done.difference() == {"placements": 1, "floor": 0, "bonus": 0, "total": 1, "final": 1}
    assert "final score: empty 0, blue 1" in done.explanation
    clamped = TilingComparison(position(1, "FBBY"), Scenario.from_dict(position(9, "FBBY")).boards[0])
    assert clamped.difference()["floor"] == -5 and "clamped at 0: A" in clamped.explanation
    assert len(done.scene().to_svg()) > 0


def test_another_player_and_a_refusal_that_changes_nothing():
    two = position(0)
    two["players"].append({"score": 3, "pattern_lines": ["B", "", "", "", ""]})
    model = TilingComparison(two, two)
    model.choose_player(1)
    assert model.player == 1 and model.message == "" and model.breakdowns()["A"]["final"] == 4
    model.choose_player(5)
    assert "players 1 to 2, not 6" in model.message and model.player == 1


def test_a_bad_position_is_the_scenarios_own_error():
    with pytest.raises(ScenarioError, match="game"):
        TilingComparison({"game": "harmonies"}, position(0))


def test_differences_carry_their_sign():
    assert [signed(n) for n in (3, 0, -2)] == ["+3", "0", "\u22122"]


def test_a_comparison_as_a_link_and_back_with_no_widget():
    from examples import AZUL_EXAMPLE

    from azul.comparison import TilingComparison
    from tabletop.links import pack
    first = TilingComparison(AZUL_EXAMPLE, AZUL_EXAMPLE, labels=("x", "y"))
    link = first.link()
    assert TilingComparison.claims(link) and not TilingComparison.claims(pack({"game": "azul"}))
    other = first.from_link(link)
    assert other is not None and other.labels == ("x", "y") and other.difference() == first.difference()
    for broken in ["#play=1.x",
                   pack({"format": "azul-compare/1", "left": {}, "right": {}, "labels": ["a", "b"]}),
                   pack({"format": "azul-compare/1", "left": AZUL_EXAMPLE, "right": AZUL_EXAMPLE,
                         "labels": ["a", "a"], "player": 0}),
                   pack({"format": "azul-compare/2"})]:
        assert first.from_link(broken) is None and first.message
