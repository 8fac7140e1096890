"""Board geometry, cell names, neighbours, rotations and every stacking rule."""

import pytest

from harmonies.board import DIRECTIONS, LAYOUTS, Board, Side, code_of, rotate
from harmonies.errors import HarmoniesError, IllegalPlacement
from harmonies.tokens import CODE, NEXT, POUCH_COUNTS, STACKS, Colour, describe, why_not


class TestGeometry:
    def test_side_sizes_and_columns(self):
        a, b = LAYOUTS[Side.A], LAYOUTS[Side.B]
        assert len(a) == 23 and len(b) == 25
        assert a.names[:5] == ("a1", "a2", "a3", "a4", "a5") and a.names[-1] == "e5"
        assert [sum(n[0] == col for n in a.names) for col in "abcde"] == [5, 4, 5, 4, 5]
        assert [sum(n[0] == col for n in b.names) for col in "abcdefg"] == [4, 3, 4, 3, 4, 3, 4]

    def test_reference_neighbours(self):
        a = LAYOUTS[Side.A]
        assert sorted(a.neighbour_names("c3")) == ["b2", "b3", "c2", "c4", "d2", "d3"]
        assert sorted(a.neighbour_names("b2")) == ["a2", "a3", "b1", "b3", "c2", "c3"]

    def test_corners_have_fewer_neighbours(self):
        a = LAYOUTS[Side.A]
        assert sorted(a.neighbour_names("a1")) == ["a2", "b1"]
        assert sorted(a.neighbour_names("e5")) == ["d4", "e4"]

    @pytest.mark.parametrize("side", list(Side))
    def test_neighbourhood_is_symmetric(self, side):
        layout = LAYOUTS[side]
        for i, around in enumerate(layout.neighbours):
            assert len(around) <= 6
            for j in around:
                assert i in layout.neighbours[j]

    def test_six_rotations_cycle_the_directions(self):
        for k, (q, r) in enumerate(DIRECTIONS):
            assert rotate(q, r, 1) == DIRECTIONS[(k + 1) % 6]
            assert rotate(q, r, 6) == (q, r)

    def test_unknown_cell_names_the_side(self):
        with pytest.raises(IllegalPlacement, match="not a cell of side A"):
            LAYOUTS[Side.A].cell("f1")
        assert LAYOUTS[Side.B].cell("g4") == 24


class TestStacking:
    @pytest.mark.parametrize("stack", [s for s in STACKS if s])
    def test_every_legal_stack_can_be_built(self, stack):
        board = Board("A")
        for colour in stack:
            board.place("c3", colour)
        assert board.stack("c3") == stack
        assert board.height("c3") == len(stack)

    def test_only_fifteen_stacks_exist(self):
        reachable, frontier = {CODE[()]}, [CODE[()]]
        while frontier:
            code = frontier.pop()
            for nxt in NEXT[code].values():
                if nxt >= 0 and nxt not in reachable:
                    reachable.add(nxt)
                    frontier.append(nxt)
        assert len(reachable) == len(STACKS) == 15

    @pytest.mark.parametrize("below, colour, why", [
        (["blue"], "gray", "nothing can be stacked on blue"),
        (["yellow"], "yellow", "nothing can be stacked on yellow"),
        (["green"], "brown", "nothing can be stacked on green"),
        (["brown", "green"], "green", "nothing can be stacked on green"),
        (["brown", "brown"], "red", "only green can go on it"),
        (["brown", "brown"], "brown", "only green can go on it"),
        (["gray", "gray"], "red", "only gray can go on it"),
        (["gray", "gray", "gray"], "gray", "at most 3 tokens high"),
        (["red"], "green", "only red can go on it"),
        (["brown", "red"], "red", "a building is finished"),
        (["gray", "red"], "gray", "a building is finished"),
        (["red", "red"], "red", "a building is finished"),
    ])
    def test_illegal_stacks_explain_why_and_change_nothing(self, below, colour, why):
        board = Board("A")
        board.set_stack("c3", below)
        before = board.copy()
        with pytest.raises(IllegalPlacement, match=why) as err:
            board.place("c3", colour)
        assert "c3" in str(err.value)
        assert board == before

    def test_cube_freezes_its_cell(self):
        board = Board("A")
        board.place("b2", "gray")
        board.freeze("b2")
        before = board.copy()
        with pytest.raises(IllegalPlacement, match="cube"):
            board.place("b2", "gray")
        assert board == before
        with pytest.raises(IllegalPlacement, match="empty"):
            board.freeze("b3")

    def test_a_what_if_may_lift_a_cube(self):
        board = Board("A")
        board.place("b2", "gray")
        board.freeze("b2")
        board.unfreeze("b2")
        assert not board.has_cube("b2") and board.can_place("b2", "gray")
        with pytest.raises(IllegalPlacement, match="holds no cube"):
            board.unfreeze("b2")

    def test_unknown_colour_is_an_illegal_placement(self):
        with pytest.raises(IllegalPlacement, match="not a token colour"):
            Board("A").place("a1", "purple")

    def test_refusals_are_whole_sentences_in_english(self):
        board = Board("A")
        board.set_stack("c3", ["gray"])
        with pytest.raises(IllegalPlacement) as err:
            board.place("c3", "green")
        assert str(err.value) == ("green cannot go on c3: it holds a gray token (a mountain of height 1): "
                                  "only gray or red can go on it, not green")
        # Three colours fit on one brown token: listed the way the language lists them.
        assert why_not(CODE[(Colour.BROWN,)], Colour.BLUE) == (
            "it holds a brown token: only brown, green or red can go on it, not blue")
        assert describe(CODE[(Colour.BROWN, Colour.RED)]) == "a building (red on brown)"
        unknown = r"^'z9' is not a cell of side B \(cells run from a1 to g4\)$"
        with pytest.raises(IllegalPlacement, match=unknown):
            Board("B").place("z9", "blue")

    def test_refusals_follow_the_language(self, stand_in):
        stand_in("harmonies", "nl", {
            "board.error.refused": "{colour} kan niet op {cell}: {reason}", "colour.red": "rood",
            "colour.yellow": "geel", "tokens.refused.top": "er ligt {stack}: niets op {top}",
            "tokens.one.yellow": "een geel fiche"})
        board = Board("A")
        board.place("c1", "yellow")
        refused = "^rood kan niet op c1: er ligt een geel fiche: niets op geel$"
        with pytest.raises(IllegalPlacement, match=refused):
            board.place("c1", "red")

    def test_grey_is_accepted_and_letters_are_distinct(self):
        assert Colour.parse("Grey") is Colour.GRAY
        assert len({c.letter for c in Colour}) == 6
        assert sum(POUCH_COUNTS.values()) == 120

    def test_legal_cells_respects_stacks_and_cubes(self):
        board = Board("B")
        board.place("a1", "yellow")
        board.place("a2", "brown")
        board.place("a3", "brown")
        board.freeze("a3")
        cells = board.legal_cells(Colour.GREEN)
        assert "a1" not in cells and "a2" in cells and "a3" not in cells and len(cells) == 23


class TestBoardRoundTrip:
    def test_to_dict_and_back(self):
        board = Board("B")
        board.set_stack("c2", ["brown", "red"])
        board.set_stack("g4", ["gray", "gray", "gray"])
        board.freeze("c2")
        data = board.to_dict()
        assert data == {"side": "B", "board": {"c2": ["brown", "red"], "g4": ["gray"] * 3},
                        "cubes": ["c2"], "river": "shortest-path"}
        assert Board.from_dict(data) == board
        board.river = "loops-full-length"
        assert Board.from_dict(board.to_dict()) == board != Board.from_dict(data)
        assert board.copy() == board and board.with_river("shortest-path") == Board.from_dict(data)

    def test_a_river_reading_the_rules_do_not_know_is_refused_and_nothing_changes(self):
        board = Board("A", "loops-full-length")
        with pytest.raises(HarmoniesError, match="'widest' is not a river reading"):
            board.river = "widest"
        assert board.river == "loops-full-length"
        with pytest.raises(HarmoniesError) as refused:
            board.river = "w" * 100_000  # a box typed full: the message still reads in one line
        assert len(str(refused.value)) < 200 and "'wwww" in str(refused.value)
        assert board.river == "loops-full-length"

    def test_copy_is_independent(self):
        board = Board("A")
        clone = board.copy()
        clone.place("a1", "blue")
        assert board.empty_cells() != clone.empty_cells()
        assert code_of(["brown", "green"]) == CODE[(Colour.BROWN, Colour.GREEN)]
