"""Habitat matching: every card in every rotation, exact heights, cubes, shared tokens, near misses."""

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harmonies.board import LAYOUTS, Board, Side
from harmonies.cards import NEEDS, all_cards, card
from harmonies.errors import IllegalPlacement
from harmonies.habitats import (
    Match,
    NearMiss,
    all_matches,
    can_place_cube,
    cube_cell_indices,
    cube_cells,
    has_cube_cell,
    matches,
    near_misses,
    placements,
)
from harmonies.tokens import CODE, NEXT, STACKS, Colour

CARDS = all_cards()
STACK_FOR = {
    "W": ("blue",), "F": ("yellow",), "T1": ("green",), "T2": ("brown", "green"),
    "T3": ("brown", "brown", "green"), "M1": ("gray",), "M2": ("gray", "gray"),
    "M3": ("gray", "gray", "gray"),
}
BUILDINGS = (("brown", "red"), ("gray", "red"), ("red", "red"))


# -- a deliberately naive reference, independent of the module ------------------------------------
def turn(q, r, turns):
    """Clockwise 60° turns through cube coordinates (x, y, z) → (-z, -x, -y)."""
    x, z = q, r
    y = -x - z
    for _ in range(turns % 6):
        x, y, z = -z, -x, -y
    return x, z


def naive_placements(the_card, side):
    """{(frozenset of (cell, need), cube cell): (lowest rotation, cells in pattern order)}."""
    layout = LAYOUTS[Side(side)]
    where = dict(zip(layout.axial, layout.names, strict=True))
    found = {}
    for rotation in range(6):
        for q0, r0 in layout.axial:
            cells = []
            for p in the_card.pattern:
                dq, dr = turn(p.dq, p.dr, rotation)
                cells.append(where.get((q0 + dq, r0 + dr)))
            if None in cells:
                continue
            key = (frozenset((c, p.need) for c, p in zip(cells, the_card.pattern, strict=True)),
                   cells[the_card.cube])
            found.setdefault(key, (rotation, tuple(cells)))
    return found


def satisfies(board, cell, need):
    return CODE[board.stack(cell)] in NEEDS[need]


def naive_matches(the_card, board):
    """{key: (rotation, cells, cube_free)} for every placement whose every cell satisfies its need."""
    out = {}
    for key, (rotation, cells) in naive_placements(the_card, board.side).items():
        if all(satisfies(board, c, p.need) for c, p in zip(cells, the_card.pattern, strict=True)):
            out[key] = (rotation, cells, not board.has_cube(key[1]))
    return out


def naive_near_misses(the_card, board):
    out = set()
    for (_, cube), (rotation, cells) in naive_placements(the_card, board.side).items():
        for k, (cell, p) in enumerate(zip(cells, the_card.pattern, strict=True)):
            others = all(satisfies(board, c, q.need)
                         for j, (c, q) in enumerate(zip(cells, the_card.pattern, strict=True)) if j != k)
            if not others or board.has_cube(cell) or (cube != cell and board.has_cube(cube)):
                continue
            for colour in Colour:
                if NEXT[CODE[board.stack(cell)]][colour] in NEEDS[p.need]:
                    out.add((rotation, cells, cube, cell, colour))
    return out


def key_of(m):
    return frozenset(m.needs().items()), m.cube_cell


def board_with(side="A", **stacks):
    board = Board(side)
    for cell, stack in stacks.items():
        board.set_stack(cell, stack.split() if isinstance(stack, str) else stack)
    return board


# -- every card, every rotation, both sides ---------------------------------------------------------
@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_every_rotation_is_found_on_an_empty_board(card_id, side):
    the_card = CARDS[card_id]
    layout = LAYOUTS[Side(side)]
    where = dict(zip(layout.axial, layout.names, strict=True))
    reference = naive_placements(the_card, side)
    for rotation in range(6):
        steps = [turn(p.dq, p.dr, rotation) for p in the_card.pattern]
        anchor = next(qr for qr in layout.axial
                      if all((qr[0] + dq, qr[1] + dr) in where for dq, dr in steps))
        cells = [where[anchor[0] + dq, anchor[1] + dr] for dq, dr in steps]
        board = Board(side)
        for cell, p in zip(cells, the_card.pattern, strict=True):
            board.set_stack(cell, STACK_FOR.get(p.need) or BUILDINGS[rotation % 3])
        key = (frozenset((c, p.need) for c, p in zip(cells, the_card.pattern, strict=True)),
               cells[the_card.cube])
        found = [m for m in matches(card_id, board) if key_of(m) == key]
        assert len(found) == 1, (rotation, cells)
        m = found[0]
        assert m.cube_free and m.cube_cell == cells[the_card.cube]
        # The same rotation, or a lower one putting the same needs on the same cells.
        assert m.rotation == reference[key][0] <= rotation
        if m.rotation == rotation:
            assert m.cells == tuple(cells)
        assert cells[the_card.cube] in cube_cells(card_id, board)
        assert can_place_cube(card_id, board, cells[the_card.cube])


def test_symmetric_patterns_keep_one_placement_per_cube_cell():
    rotations = {cid: sorted({p.rotation for p in placements(cid, "A")}) for cid in CARDS}
    assert rotations[41] == [0, 1, 2]  # Dragonfly T2-W*-T2: a half turn changes nothing
    assert rotations[34] == rotations[37] == list(range(6))  # Butterfly, Cat: the half turn moves the cube
    assert rotations[10] == list(range(6))  # Peacock's V shape has no turn symmetry
    board = board_with(c2="brown red", c3="green", c4="gray red")  # Cat B-T1-B* in a column
    assert cube_cells("Cat", board) == ["c2", "c4"]
    assert {m.cube_cell: m.rotation for m in matches("Cat", board)} == {"c4": 1, "c2": 4}


@pytest.mark.parametrize("side", ["A", "B"])
def test_placements_are_exactly_those_inside_the_board(side):
    for cid, the_card in CARDS.items():
        got = placements(cid, side)
        reference = naive_placements(the_card, side)
        names = LAYOUTS[Side(side)].names
        assert len(got) == len(reference)
        for p in got:
            cells = tuple(names[i] for i, _ in p.cells)
            key = (frozenset(zip(cells, p.needs, strict=True)), names[p.cube])
            assert reference[key] == (p.rotation, cells)


def test_pattern_running_off_the_edge_does_not_count():
    # Frog T1-W*: a blue in the corner has only two neighbours on the board.
    board = board_with(a1="blue")
    for cell in LAYOUTS[Side.A].names[1:]:
        board.set_stack(cell, ["green"])
    assert sorted(m.cells[0] for m in matches("Frog", board)) == ["a2", "b1"]
    # Alligator T3-W-W*: the line from e1 through e2 would need e0, which does not exist.
    board = board_with(e1="blue", e2="blue", e3="brown brown green")
    assert [m.cells for m in matches("Alligator", board)] == [("e3", "e2", "e1")]


# -- exact heights and buildings ----------------------------------------------------------------------
def test_heights_must_match_exactly():
    boar = board_with(c2="brown red", c3="brown brown green")  # Boar B-T2*: a T3 is not a T2
    assert matches("Boar", boar) == []
    boar.codes[LAYOUTS[Side.A].cell("c3")] = CODE[("brown", "green")]
    assert cube_cells("Boar", boar) == ["c3"]
    macaque = board_with(b2="blue", c2="gray gray gray", c3="blue")  # Macaque: a triangle W, M2*, W
    assert matches("Macaque", macaque) == []
    assert cube_cells("Macaque", board_with(b2="blue", c2="gray gray", c3="blue")) == ["c2"]
    assert matches("Frog", board_with(c2="blue", c3="brown brown")) == []  # trunks are no tree
    assert matches("Meerkat", board_with(c2="yellow", c3="gray red")) == []  # a building is no mountain


@pytest.mark.parametrize("base", ["brown", "gray", "red"])
def test_a_building_on_any_base_counts(base):
    board = board_with(c2=f"{base} red", c3="blue")  # Duck B-W*
    assert cube_cells("Duck", board) == ["c3"]
    assert matches("Duck", board_with(c2="red", c3="blue")) == []  # a lone red is no building


# -- cubes and shared tokens ----------------------------------------------------------------------------
def test_only_the_cube_cell_must_be_free():
    board = board_with(c2="green", c3="blue")  # Frog T1-W*
    board.freeze("c2")  # a cube on the tree (another card's) does not matter
    assert [m.cube_free for m in matches("Frog", board)] == [True]
    assert can_place_cube("Frog", board, "c3") and has_cube_cell("Frog", board)
    board.freeze("c3")
    (m,) = matches("Frog", board)
    assert not m.cube_free and m.cube_cell == "c3"
    assert cube_cells("Frog", board) == [] and not has_cube_cell("Frog", board)
    assert not can_place_cube("Frog", board, "c3") and not can_place_cube("Frog", board, "c2")


def test_a_token_serves_two_habitats_of_the_same_card():
    board = board_with(b2="blue", c3="green", d3="blue")  # one tree, two Frogs
    assert cube_cells("Frog", board) == ["b2", "d3"]
    board.freeze("b2")
    assert cube_cells("Frog", board) == ["d3"]
    assert len(matches("Frog", board)) == 2


def test_fennec_fox_example_from_the_rulebook():
    fox = card("Fennec Fox")  # F - M1 - M1*
    board = board_with(a1="yellow", a2="gray", b2="yellow", c1="yellow", c2="gray", c4="yellow")
    assert cube_cells(fox, board) == []
    board.place("a3", "gray")  # a field and two mountains of height 1 in a line
    assert [(m.cells, m.cube_cell) for m in matches(fox, board)] == [(("a1", "a2", "a3"), "a3")]
    board.freeze("a3")
    assert cube_cells(fox, board) == []
    board.place("c3", "gray")  # one more gray opens two further habitats at once
    assert cube_cells(fox, board) == ["c2", "c3"]
    board.freeze("c2")
    board.freeze("c3")
    assert fox.cubes == 3  # the card is complete
    board.place("a2", "red")  # red on a gray: a building for the Shrew, the mountain is gone
    assert all("a2" not in m.cells for m in matches(fox, board))
    assert board.has_cube("a3")  # the placed cube stays; keeping it is the game's business
    assert cube_cells("Shrew", board) == ["a2"]


# -- near misses -------------------------------------------------------------------------------------
def misses(the_card, board):
    return {(m.cell, m.colour) for m in near_misses(the_card, board)}


def test_near_miss_green_on_two_browns():
    board = board_with(c2="brown brown", c3="blue", c4="blue")  # Alligator T3-W-W*
    assert misses("Alligator", board) == {("c2", Colour.GREEN)}


def test_near_miss_blue_on_an_empty_cell():
    board = board_with(c3="green")  # Frog T1-W*: a blue on any neighbour
    got = near_misses("Frog", board)
    around = ("b2", "b3", "c2", "c4", "d2", "d3")
    assert {(m.cell, m.colour) for m in got} == {(c, Colour.BLUE) for c in around}
    assert all(m.cells[0] == "c3" and m.cube_cell == m.cell for m in got)


def test_near_miss_gray_on_gray():
    board = board_with(c3="gray gray", c4="blue")  # Fish M3-W*
    assert misses("Fish", board) == {("c3", Colour.GRAY)}
    board = board_with(b2="blue", c2="gray", c3="blue")  # Macaque: a triangle W, M2*, W
    assert misses("Macaque", board) == {("c2", Colour.GRAY)}


def test_no_near_miss_on_a_cell_with_a_cube():
    board = board_with(c3="gray gray", c4="blue")
    board.freeze("c3")  # the missing piece would go on a frozen cell
    assert misses("Fish", board) == set()
    board = board_with(c3="gray gray", c4="blue")
    board.freeze("c4")  # the cube cell is taken: growing the mountain would not let a cube go
    assert misses("Fish", board) == set()


def test_no_near_miss_where_the_token_cannot_be_stacked():
    # Duck B-W*: red goes on red, brown or gray, never on gray gray, yellow or an empty cell.
    board = board_with(c3="blue", c2="gray gray", c4="yellow", b3="gray", d3="brown")
    assert misses("Duck", board) == {("b3", Colour.RED), ("d3", Colour.RED)}
    # Frog T1-W*: a green on brown makes a tree of height 2, not 1.
    # Nothing around this blue can become a tree of height 1 with one token.
    board = board_with(c3="blue", c2="brown", c4="yellow", b2="brown brown", b3="gray", d2="red",
                       d3="brown green")
    assert misses("Frog", board) == set()
    board.codes[LAYOUTS[Side.A].cell("b3")] = CODE[()]
    assert misses("Frog", board) == {("b3", Colour.GREEN)}


def test_near_miss_order_and_dict():
    board = board_with(c3="green")
    got = near_misses(5, board)
    assert got == sorted(got, key=lambda m: (m.rotation, LAYOUTS[Side.A].cell(m.cells[0])))
    assert got[0].to_dict() == {"cells": {"c3": "T1", got[0].cell: "W"}, "cube_cell": got[0].cell,
                                "rotation": got[0].rotation, "cell": got[0].cell, "colour": "blue"}


# -- the API surface ---------------------------------------------------------------------------------
def test_card_by_id_name_or_card_and_dicts():
    board = board_with(c2="yellow", c3="gray", c4="gray")
    by_id, by_name, by_card = matches(23, board), matches("fennec fox", board), matches(CARDS[23], board)
    assert by_id == by_name == by_card == [Match(23, 1, ("c2", "c3", "c4"), "c4", True)]
    assert by_id[0].needs() == {"c2": "F", "c3": "M1", "c4": "M1"}
    assert by_id[0].to_dict() == {"cells": {"c2": "F", "c3": "M1", "c4": "M1"}, "cube_cell": "c4",
                                  "rotation": 1}
    assert cube_cell_indices(23, board) == [LAYOUTS[Side.A].cell("c4")]
    with pytest.raises(KeyError):
        matches(99, board)
    with pytest.raises(KeyError, match="card 23 \\(Fennec Fox\\) differs from the card data"):
        matches(dataclasses.replace(CARDS[23], cube=0), board)
    with pytest.raises(IllegalPlacement):
        can_place_cube(23, board, "z9")


def test_all_matches_agrees_with_matches():
    board = board_with(c2="yellow", c3="gray", c4="gray", d3="green", d4="blue", e4="brown red")
    every = all_matches(board)
    assert sorted(every) == list(range(1, 43))
    assert all(every[cid] == matches(cid, board) for cid in every)
    assert set(all_matches(board, cards=["Frog", 23])) == {5, 23}
    assert every[23] and every[5] and every[6]


# -- property: the matcher equals the naive reference on random boards ------------------------------
@st.composite
def card_and_board(draw):
    the_card = CARDS[draw(st.sampled_from(sorted(CARDS)))]
    side = draw(st.sampled_from(["A", "B"]))
    layout = LAYOUTS[Side(side)]
    # A palette biased towards the card's needs, plus near-misses and noise, makes hits common.
    wanted = sorted({c for p in the_card.pattern for c in NEEDS[p.need]})
    palette = draw(st.lists(st.sampled_from(wanted), min_size=1, max_size=4, unique=True))
    palette += draw(st.lists(st.integers(0, len(STACKS) - 1), max_size=3))
    codes = draw(st.lists(st.sampled_from(palette), min_size=len(layout), max_size=len(layout)))
    board = Board(side)
    for name, code in zip(layout.names, codes, strict=True):
        if code:
            board.set_stack(name, STACKS[code])
    filled = [n for n, c in zip(layout.names, codes, strict=True) if c]
    if filled:
        for name in draw(st.lists(st.sampled_from(filled), unique=True, max_size=6)):
            board.freeze(name)
    return the_card, board


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_and_board())
def test_matches_equal_the_naive_reference(case):
    the_card, board = case
    got = matches(the_card.id, board)
    reference = naive_matches(the_card, board)
    assert {key_of(m): (m.rotation, m.cells, m.cube_free) for m in got} == reference
    assert len(got) == len(reference)
    assert cube_cells(the_card.id, board) == sorted({k[1] for k, v in reference.items() if v[2]})
    assert has_cube_cell(the_card.id, board) == any(v[2] for v in reference.values())


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_and_board())
def test_near_misses_equal_the_reference_and_complete_a_habitat(case):
    the_card, board = case
    got = near_misses(the_card.id, board)
    as_tuples = [(m.rotation, m.cells, m.cube_cell, m.cell, m.colour) for m in got]
    assert len(as_tuples) == len(set(as_tuples))
    assert set(as_tuples) == naive_near_misses(the_card, board)
    for miss in got:
        assert isinstance(miss, NearMiss)
        after = board.copy()
        after.place(miss.cell, miss.colour)
        assert Match(the_card.id, miss.rotation, miss.cells, miss.cube_cell, True) in matches(the_card, after)
