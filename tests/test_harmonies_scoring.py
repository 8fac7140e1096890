"""End-of-game scoring: the worked figures, each landscape's edge cases, cards, spirits, solo suns,
and property tests against a plain reference scorer written here for the purpose."""

from collections import Counter, deque

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from harmonies.board import LAYOUTS, RIVER_READINGS, Board, Side
from harmonies.cards import animal_ids, card, spirit_ids
from harmonies.errors import HarmoniesError
from harmonies.locale import t
from harmonies.scoring import (
    CATEGORIES,
    SOLO_SUN_THRESHOLDS,
    Breakdown,
    Item,
    river_points,
    score,
    score_landscapes,
    solo_suns,
)
from harmonies.tokens import CODE, STACKS, Colour
from tabletop import i18n

SHORTEST, LOOPS = RIVER_READINGS


def make(side="A", **stacks):
    """A board from cell=stack keywords, each stack bottom to top in words: c3="brown brown green"."""
    board = Board(side)
    for cell, words in stacks.items():
        board.set_stack(cell, words.split())
    return board


def blue(side, cells):
    return make(side, **dict.fromkeys(cells.split(), "blue"))


# -- worked figures --------------------------------------------------------------------------------


class TestWorkedFigures:
    def test_river_with_a_side_branch_is_6_long(self):
        board = blue("A", "b3 b2 b1 c2 d2 d3 e4")
        result = score(board)
        assert result.water == 15
        (river,) = result.items_for("water")
        assert river.cells == ("b3", "b2", "c2", "d2", "d3", "e4")
        assert "b1" not in river.cells and river.points == 15
        assert "6" in river.label and "b3" in river.label and "e4" in river.label

    def test_side_branch_example_is_15_under_both_readings(self):
        board = blue("A", "b3 b2 b1 c2 d2 d3 e4")
        assert score(board.with_river(LOOPS)).water == 15  # its only loop, b1-b2-c2, is 3 long

    def test_four_islands_score_20(self):
        board = blue("B", "a2 b1 c2 d2 d3 c4 e2 f1 g1 g2")
        result = score(board)
        assert result.water == 20
        islands = {item.cells for item in result.items_for("water")}
        assert islands == {("a1",), ("a3", "a4", "b2", "b3", "c3"), ("c1", "d1", "e1"),
                           ("e3", "e4", "f2", "f3", "g3", "g4")}

    def test_ram_counts_isolated_mountains_on_top_of_mountain_points(self):
        board = make("A", c3="gray gray gray", d3="gray", a1="gray gray")
        result = score(board, spirit=("Ram", True))
        assert result.mountains == 7 + 1  # the isolated a1 scores nothing as a mountain
        assert result.spirit == 4 + 4  # but counts for the Ram; the height-1 mountain does not
        (item,) = result.items_for("spirit")
        assert set(item.cells) == {"a1", "c3"}

    def test_lion_fields_of_1_2_and_4(self):
        board = make("A", a1="yellow", c1="yellow", c2="yellow",
                     a4="yellow", a5="yellow", b4="yellow", c5="yellow")
        result = score(board, spirit=(33, True))
        assert result.fields == 10
        assert result.spirit == 2 + 2 + 10
        (item,) = result.items_for("spirit")
        assert item.label == "Lion: fields of 1, 2 and 4 tokens → 2 + 2 + 10"

    def test_finished_board_53_landscapes_63_animals_116(self):
        board = make(
            "A",
            e1="blue", e2="blue", e3="blue", e4="blue", e5="blue", b2="blue",  # river of 5: 11
            a1="yellow", a2="yellow", a4="yellow", a5="yellow",  # two fields: 10
            c1="brown brown green", d1="brown green", a3="green", c4="green",  # 7 + 3 + 1 + 1
            c3="gray gray gray", d3="gray gray", b4="gray",  # 7 + 3, b4 has no mountain next to it
            c2="brown red", d4="gray red", b3="red",  # two buildings with 4 colours; a lone red
            d2="brown", c5="brown",
        )
        animals = [("Fennec Fox", 3), ("Shrew", 3), ("Kingfisher", 3), (card(12), 2)]
        result = score(board, animals)
        assert (result.trees, result.mountains, result.fields, result.buildings, result.water) == \
            (12, 10, 10, 10, 11)
        assert result.landscapes == 53 and result.animals == 16 + 17 + 18 + 12 == 63
        assert result.spirit == 0 and result.total == 116
        assert result.to_dict() == {"trees": 12, "mountains": 10, "fields": 10, "buildings": 10,
                                    "water": 11, "landscapes": 53, "animals": 63, "spirit": 0,
                                    "total": 116}


# -- landscapes ------------------------------------------------------------------------------------


class TestTrees:
    @pytest.mark.parametrize(("stack", "points"), [("green", 1), ("brown green", 3),
                                                   ("brown brown green", 7)])
    def test_tree_heights(self, stack, points):
        result = score(make("A", c3=stack))
        assert result.trees == points
        assert result.items_for("trees")[0].label == f"tree of height {len(stack.split())} at c3"

    def test_brown_only_scores_nothing(self):
        result = score(make("A", c3="brown", c4="brown brown"))
        assert result.total == 0 and result.items == ()


class TestMountains:
    def test_isolated_mountain_scores_0(self):
        result = score(make("A", c3="gray gray gray"))
        assert result.mountains == 0
        assert result.items_for("mountains")[0].points == 0

    def test_two_adjacent_mountains_both_score(self):
        assert score(make("A", c3="gray gray gray", c4="gray")).mountains == 7 + 1

    def test_building_on_gray_is_not_a_mountain(self):
        assert score(make("A", c3="gray gray", c4="gray red")).mountains == 0


class TestFields:
    def test_field_of_4_scores_5(self):
        assert score(make("A", a1="yellow", a2="yellow", a3="yellow", a4="yellow")).fields == 5

    def test_two_separate_pairs_score_10(self):
        result = score(make("A", a1="yellow", a2="yellow", a4="yellow", a5="yellow"))
        assert result.fields == 10
        assert [i.cells for i in result.items_for("fields")] == [("a1", "a2"), ("a4", "a5")]

    def test_single_yellow_scores_0(self):
        result = score(make("A", c3="yellow"))
        assert result.fields == 0 and result.items_for("fields")[0].points == 0


class TestBuildings:
    def test_lone_red_token_is_no_building(self):
        result = score(make("A", c3="red", c2="blue", c4="green", b2="yellow"))
        assert result.buildings == 0 and result.items_for("buildings") == []

    def test_two_colours_around_score_0(self):
        result = score(make("A", c3="brown red", c2="blue", c4="green", b2="green"))
        assert result.buildings == 0
        assert "only 2 colours" in result.items_for("buildings")[0].label

    def test_three_colours_around_score_5(self):
        assert score(make("A", c3="brown red", c2="blue", c4="green", b2="yellow")).buildings == 5

    def test_red_neighbours_count(self):
        assert score(make("A", c3="gray red", c2="blue", c4="red", b2="yellow")).buildings == 5

    def test_neighbour_tops_count_not_what_is_under_them(self):
        # a tree shows green, a building shows red: the brown and gray below do not count
        assert score(make("A", c3="red red", c2="brown green", c4="brown red")).buildings == 0

    def test_own_red_and_empty_neighbours_add_nothing(self):
        # a red top on itself and five empty neighbours: blue and green are only 2 colours
        assert score(make("A", c3="red red", c2="blue", c4="green")).buildings == 0

    def test_red_token_neighbour_counts_as_red(self):
        assert score(make("A", c3="red red", c2="blue", c4="green", d3="red")).buildings == 5


class TestRiver:
    @pytest.mark.parametrize(("length", "points"), [(0, 0), (1, 0), (2, 2), (3, 5), (4, 8), (5, 11),
                                                    (6, 15), (7, 19), (8, 23), (12, 39)])
    def test_river_points(self, length, points):
        assert river_points(length) == points

    def test_single_blue_is_a_river_of_1(self):
        result = score(blue("A", "c3"))
        assert result.water == 0 and result.items_for("water")[0].cells == ("c3",)

    def test_only_the_best_river_scores(self):
        result = score(blue("A", "a1 a2 a3 e1 e2"))
        assert result.water == 5 and len(result.items_for("water")) == 1

    def test_ring_of_6_under_both_readings(self):
        ring = blue("A", "c2 d2 d3 c4 b3 b2")  # around c3
        assert score(ring).water == 8
        loop = score(ring.with_river(LOOPS))
        assert loop.water == 15
        (item,) = loop.items_for("water")
        assert sorted(item.cells) == sorted(["c2", "d2", "d3", "c4", "b3", "b2"])
        assert "loop" in item.label

    def test_ring_with_a_short_tail(self):
        board = blue("A", "c2 d2 d3 c4 b3 b2 e4")  # e4 touches d3 only
        assert score(board).water == 11  # e4 … b2: 5 tokens
        assert score(board.with_river(LOOPS)).water == 15  # the loop of 6 is longer

    def test_ring_with_a_longer_tail(self):
        board = blue("A", "c2 d2 d3 c4 b3 b2 e4 e5")  # tail d3-e4-e5
        assert score(board).water == 15  # e5 … b2: 6 tokens
        loop = score(board.with_river(LOOPS))
        assert loop.water == 15  # the loop is 6 too: the path is kept on a tie
        assert loop.items_for("water")[0].cells[0] in ("b2", "e5")

    def test_unknown_reading(self):
        with pytest.raises(HarmoniesError, match="river reading"):
            Board("A", "longest")

    def test_empty_board_side_a_scores_0(self):
        result = score(Board("A"))
        assert result.total == 0 and result.items == ()
        assert "no blue token" in result.explain()


class TestIslands:
    def test_empty_board_side_b_is_one_island(self):
        result = score(Board("B"))
        assert result.water == 5 and result.total == 5
        assert len(result.items_for("water")[0].cells) == 25

    def test_blue_column_from_edge_to_edge_splits_the_board(self):
        assert score(blue("B", "c1 c2 c3 c4")).water == 10

    def test_blue_cuts_off_a_corner(self):
        result = score(blue("B", "a2 b1"))
        assert result.water == 10
        assert ("a1",) in [item.cells for item in result.items_for("water")]

    def test_blue_reaching_one_edge_only_splits_nothing(self):
        assert score(blue("B", "c1 c2 c3")).water == 5

    def test_loop_reading_does_not_matter_on_side_b(self):
        board = blue("B", "a2 b1 c2 d2 d3 c4 e2 f1 g1 g2")
        loops, shortest = score(board.with_river(LOOPS)), score(board)
        assert loops.to_dict() == shortest.to_dict() and loops.items == shortest.items


# -- cards -----------------------------------------------------------------------------------------


class TestAnimals:
    @pytest.mark.parametrize("cid", animal_ids())
    def test_every_card_every_cube_count(self, cid):
        c = card(cid)
        for placed in range(c.cubes + 1):
            expected = 0 if placed == 0 else c.points[placed - 1]
            assert score(Board("A"), [(cid, placed)]).animals == expected
        with pytest.raises(HarmoniesError, match="cannot have been placed"):
            score(Board("A"), [(cid, c.cubes + 1)])

    def test_fennec_fox_track(self):
        assert [score(Board("A"), [("Fennec Fox", k)]).animals for k in range(4)] == [0, 4, 9, 16]
        item = score(Board("A"), [(23, 3)]).items_for("animals")[0]
        assert item.label == "Fennec Fox, 3 cubes placed"

    def test_spirit_is_no_animal_and_animal_is_no_spirit(self):
        with pytest.raises(HarmoniesError, match="Nature's Spirit card, not an animal"):
            score(Board("A"), [(33, 1)])
        with pytest.raises(HarmoniesError, match="animal card, not a Nature's Spirit"):
            score(Board("A"), spirit=(23, True))


class TestSpirits:
    def test_spirit_with_cube_not_placed_scores_0(self):
        board = make("A", a1="yellow", a2="yellow", a3="yellow")
        result = score(board, spirit=("Lion", False))
        assert result.spirit == 0 and "not placed" in result.items_for("spirit")[0].label
        assert score(board, spirit=("Lion", True)).spirit == 10

    @pytest.mark.parametrize(("spirit", "stacks", "points"), [
        ("Lion", {"a1": "yellow", "a3": "yellow", "a4": "yellow", "a5": "yellow"}, 2 + 10),
        ("Butterfly", {"a1": "yellow", "a3": "yellow", "a4": "yellow", "a5": "yellow"}, 5 + 5),
        ("Deer", {"a1": "green", "a3": "brown green", "c1": "brown brown green", "e1": "brown brown green"},
         4 + 4 + 4),
        ("Owl", {"a1": "green", "a3": "brown green", "c1": "brown brown green"}, 3 + 3 + 1),
        ("Cat", {"c2": "brown red", "e1": "red red", "e2": "gray red", "a1": "red"}, 4 + 4),
        ("Stork", {"c2": "brown red", "e1": "red red", "e2": "gray red", "a1": "red"}, 0 + 6),
        ("Ram", {"a1": "gray", "c1": "gray gray", "e1": "gray gray gray"}, 0 + 4 + 4),
        ("Marmot", {"a1": "gray", "c1": "gray gray", "e1": "gray gray gray"}, 3 + 3 + 1),
        ("Dragonfly", dict.fromkeys(["a1", "c1", "c2", "e1", "e2", "e3"], "blue"), 0 + 7 + 7),
        ("Tortoise", dict.fromkeys(["a1", "c1", "c2", "e1", "e2"], "blue"), 5 * 2),
    ])
    def test_each_spirit(self, spirit, stacks, points):
        board = make("A", **stacks)
        result = score(board, spirit=(spirit, True))
        assert result.spirit == points
        (item,) = result.items_for("spirit")
        assert item.points == points and item.label.startswith(spirit + ":")
        assert all(cell in stacks for cell in item.cells)
        assert score(board, spirit=(spirit, False)).spirit == 0

    def test_all_ten_spirits_are_covered(self):
        names = {"Lion", "Butterfly", "Deer", "Owl", "Cat", "Stork", "Ram", "Marmot", "Dragonfly",
                 "Tortoise"}
        assert {card(i).name for i in spirit_ids()} == names

    def test_spirit_without_its_landscape(self):
        result = score(Board("A"), spirit=("Cat", True))
        assert result.spirit == 0 and "no building" in result.items_for("spirit")[0].label


# -- solo suns -------------------------------------------------------------------------------------


class TestSoloSuns:
    def test_rulebook_example(self):
        assert solo_suns(130, "A", "Lion") == 7

    @pytest.mark.parametrize(("total", "suns"), [(0, 0), (39, 0), (40, 1), (69, 1), (70, 2), (89, 2),
                                                 (90, 3), (109, 3), (110, 4), (129, 4), (130, 5),
                                                 (139, 5), (140, 6), (149, 6), (150, 7), (159, 7),
                                                 (160, 8), (250, 8)])
    def test_thresholds(self, total, suns):
        # side B with a per-height spirit adds nothing to the score's suns
        assert solo_suns(total, "B", 35) == suns
        assert solo_suns(total, Side.A, None) == suns + 1 + 2

    def test_thresholds_table_is_the_one_home(self):
        assert SOLO_SUN_THRESHOLDS[0] == (40, 1) and SOLO_SUN_THRESHOLDS[-1] == (160, 8)

    @pytest.mark.parametrize("cid", spirit_ids())
    def test_spirit_bonus(self, cid):
        bonus = 1 if cid in (33, 34, 37, 38, 41) else 0
        assert solo_suns(100, "B", cid) == 3 + bonus
        assert solo_suns(100, "B", card(cid)) == 3 + bonus

    def test_animal_card_is_no_spirit(self):
        with pytest.raises(HarmoniesError):
            solo_suns(100, "A", 23)


# -- the breakdown object --------------------------------------------------------------------------


class TestBreakdown:
    def test_landscapes_only(self):
        board = make("A", c3="brown brown green", a1="yellow", a2="yellow")
        only = score_landscapes(board)
        assert isinstance(only, Breakdown)
        assert only.to_dict() == score(board).to_dict()
        assert only.animals == 0 and only.spirit == 0

    def test_explain_names_the_reading_and_the_items(self):
        board = blue("A", "c2 d2 d3 c4 b3 b2")
        text = score(board, [(23, 2)], ("Tortoise", True)).explain()
        assert "shortest-path" in text and "river of 4 tokens" in text
        assert "Fennec Fox, 2 cubes placed: 9" in text and "Tortoise" in text
        assert text.splitlines()[-1] == "Total: 29"  # 8 + 9 + 12
        assert "loops-full-length" in score(board.with_river(LOOPS)).explain()
        assert "islands" in score(Board("B")).explain()

    def test_items_for_rejects_unknown_categories(self):
        with pytest.raises(HarmoniesError):
            score(Board("A")).items_for("rivers")


# -- words: the catalogue, plurals, the language in force -----------------------------------------
class TestWords:
    def test_counts_choose_the_singular_or_the_plural(self):
        labels = [score(Board("A"), [(23, k)]).items_for("animals")[0].label for k in range(3)]
        assert labels == ["Fennec Fox, no cube placed", "Fennec Fox, 1 cube placed",
                          "Fennec Fox, 2 cubes placed"]
        islands = score(make("B", a2="blue", b1="blue")).items_for("water")
        assert [i.label for i in islands] == ["island of 1 cell from a1", "island of 22 cells from a3"]
        one = score(make("A", c3="brown red", c2="blue")).items_for("buildings")[0].label
        assert one == "building at c3: only 1 colour around it (blue), it needs 3"
        none = score(make("A", c3="brown red")).items_for("buildings")[0].label
        assert none == "building at c3: only 0 colours around it (nothing), it needs 3"

    def test_a_breakdown_reads_in_the_language_chosen_after_scoring(self, stand_in):
        result = score(make("A", c3="brown green", c2="blue"), [(23, 1)])
        english = result.explain()
        # Dutch reduced to a few stand-in texts: those show, every other text falls back to English.
        stand_in("harmonies", "nl", {"scoring.item.tree": "boom van hoogte {height} op {cell}",
                                     "scoring.explain.trees": "Bomen: {points}",
                                     "card.23": "Woestijnvos"}, only=True)
        assert result.items_for("trees")[0].label == "boom van hoogte 2 op c3"
        assert "Bomen: 3" in result.explain() and "Woestijnvos, 1 cube placed: 4" in result.explain()
        i18n.set_language("en")
        assert result.explain() == english

    def test_items_stay_equal_and_hashable(self):
        a, b = score(make("A", c3="green", a1="yellow")), score(make("A", c3="green", a1="yellow"))
        assert a == b and hash(a.items) == hash(b.items)
        assert Counter((i.label, i.points) for i in a.items)[("tree of height 1 at c3", 1)] == 1
        assert Item("trees", ("c3",), 1, t.lazy("scoring.item.tree", height=1, cell="c3")) == a.items[0]

    @pytest.mark.parametrize("cid", spirit_ids())
    def test_every_spirit_rule_has_its_texts(self, cid):
        rule = card(cid).scoring
        landscape = rule["landscape"]
        assert f"scoring.spirit.none.{landscape}" in t
        if rule["per"] == "group":
            assert f"scoring.spirit.groups.{landscape}" in t
        elif landscape in ("tree", "mountain"):
            assert f"scoring.spirit.heights.{landscape}" in t
        else:
            assert f"scoring.spirit.count.{landscape}" in t
        assert score(Board("A"), spirit=(cid, True)).items_for("spirit")[0].label.endswith("on the board → 0")

    def test_errors_come_from_the_catalogue(self, stand_in):
        stand_in("harmonies", "nl", {"board.error.river": "{river} is geen manier om de rivier te lezen"},
                 only=True)
        with pytest.raises(HarmoniesError, match="'wide' is geen manier"):
            Board("A", "wide")


# -- properties against a plain reference scorer ---------------------------------------------------


def _groups(layout, cells):
    cells, out = set(cells), []
    while cells:
        todo, group = [min(cells)], set()
        while todo:
            i = todo.pop()
            if i in group:
                continue
            group.add(i)
            todo.extend(j for j in layout.neighbours[i] if j in cells)
        cells -= group
        out.append(group)
    return out


def _distances(layout, source, cells):
    dist, queue = {source: 0}, deque([source])
    while queue:
        i = queue.popleft()
        for j in layout.neighbours[i]:
            if j in cells and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _longest_cycle(layout, cells):
    best = 0

    def walk(path, seen):
        nonlocal best
        for j in layout.neighbours[path[-1]]:
            if j == path[0] and len(path) >= 3:
                best = max(best, len(path))
            elif j in cells and j not in seen and j > path[0]:
                walk(path + [j], seen | {j})

    for s in cells:
        walk([s], {s})
    return best


def _reference(board, reading):
    """The rules as plainly as they can be written, slowly."""
    layout, codes = board.layout, board.codes
    kind = [STACKS[c] for c in codes]
    trees = sum({1: 1, 2: 3, 3: 7}[len(s)] for s in kind if s and s[-1] == Colour.GREEN)
    mountain = {i for i, s in enumerate(kind) if s and set(s) == {Colour.GRAY}}
    mountains = sum({1: 1, 2: 3, 3: 7}[len(kind[i])] for i in mountain
                    if any(j in mountain for j in layout.neighbours[i]))
    yellow = [i for i, s in enumerate(kind) if s == (Colour.YELLOW,)]
    fields = 5 * sum(len(g) >= 2 for g in _groups(layout, yellow))
    buildings = 0
    for i, s in enumerate(kind):
        if len(s) == 2 and s[-1] == Colour.RED:
            tops = {kind[j][-1] for j in layout.neighbours[i] if kind[j]}
            buildings += 5 * (len(tops) >= 3)
    blues = {i for i, s in enumerate(kind) if s == (Colour.BLUE,)}
    if board.side is Side.A:
        length = 0
        for group in _groups(layout, blues):
            diameter = max(max(_distances(layout, s, group).values()) + 1 for s in group)
            if reading == LOOPS:
                diameter = max(diameter, _longest_cycle(layout, group))
            length = max(length, diameter)
        water = river_points(length)
    else:
        land = [i for i in range(len(layout)) if i not in blues]
        water = 5 * max(1, len(_groups(layout, land)))
    return {"trees": trees, "mountains": mountains, "fields": fields, "buildings": buildings,
            "water": water}


ANY_SIDE = st.sampled_from(list(Side))


def boards(side_strategy=ANY_SIDE, blue_share=None):
    """Random legal boards: any of the 15 legal stacks on each cell (or mostly blue ones)."""
    @st.composite
    def build(draw):
        side = draw(side_strategy)
        board = Board(side)
        n = len(LAYOUTS[side])
        if blue_share is None:
            board.codes = draw(st.lists(st.integers(0, len(STACKS) - 1), min_size=n, max_size=n))
        else:
            pick = st.sampled_from([CODE[(Colour.BLUE,)]] * blue_share + [0, CODE[(Colour.GREEN,)]])
            board.codes = draw(st.lists(pick, min_size=n, max_size=n))
        return board
    return build()


SPIRIT_CHOICE = st.one_of(st.none(), st.tuples(st.sampled_from(spirit_ids()), st.booleans()))
ANIMAL_CHOICE = st.lists(st.sampled_from(animal_ids()).flatmap(
    lambda cid: st.tuples(st.just(cid), st.integers(0, card(cid).cubes))), max_size=4)


class TestProperties:
    @settings(max_examples=150, deadline=None)
    @given(boards(), ANIMAL_CHOICE, SPIRIT_CHOICE, st.sampled_from(RIVER_READINGS))
    def test_parts_add_up(self, board, animals, spirit, reading):
        board.river = reading
        before = board.copy()
        result = score(board, animals, spirit)
        assert board == before  # scoring reads the board, never changes it
        parts = result.to_dict()
        assert parts["total"] == sum(parts[c] for c in CATEGORIES) == result.total
        assert parts["landscapes"] == sum(parts[c] for c in CATEGORIES[:5])
        for category in CATEGORIES:
            assert sum(i.points for i in result.items_for(category)) == parts[category]
        assert all(v >= 0 for v in parts.values())
        assert all(i.points >= 0 and i.label for i in result.items)
        assert score(board.copy(), animals, spirit) == result

    @settings(max_examples=150, deadline=None)
    @given(boards(), st.sampled_from(RIVER_READINGS))
    def test_matches_the_reference(self, board, reading):
        result = score(board.with_river(reading)).to_dict()
        assert {c: result[c] for c in CATEGORIES[:5]} == _reference(board, reading)

    @settings(max_examples=150, deadline=None)
    @given(boards(st.just(Side.A), blue_share=2), st.sampled_from(RIVER_READINGS))
    def test_river_path_is_a_real_river(self, board, reading):
        assume(board.codes.count(CODE[(Colour.BLUE,)]) <= 13)  # keeps the brute-force loop search short
        result = score(board.with_river(reading))
        assert result.to_dict()["water"] == _reference(board, reading)["water"]
        items = result.items_for("water")
        if not items:
            return
        layout = board.layout
        path = [layout.index[name] for name in items[0].cells]
        assert all(board.codes[i] == CODE[(Colour.BLUE,)] for i in path)
        assert len(set(path)) == len(path)
        assert all(b in layout.neighbours[a] for a, b in zip(path, path[1:], strict=False))
        assert river_points(len(path)) == items[0].points
        if "closed loop" not in items[0].label:
            blues = {i for i, c in enumerate(board.codes) if c == CODE[(Colour.BLUE,)]}
            assert _distances(layout, path[0], blues)[path[-1]] == len(path) - 1
        else:
            assert path[0] in layout.neighbours[path[-1]]

    @settings(max_examples=100, deadline=None)
    @given(boards(st.just(Side.A), blue_share=5))
    def test_loops_never_score_less(self, board):
        # no reference here, so any number of blue tokens, up to the whole board
        assert score(board.with_river(LOOPS)).water >= score(board).water

    @settings(max_examples=100, deadline=None)
    @given(boards(), st.sampled_from(spirit_ids()))
    def test_spirits_match_the_reference(self, board, cid):
        rule = card(cid).scoring
        kind = [STACKS[c] for c in board.codes]
        is_landscape = {
            "tree": lambda s: bool(s) and s[-1] == Colour.GREEN,
            "mountain": lambda s: bool(s) and set(s) == {Colour.GRAY},
            "building": lambda s: len(s) == 2 and s[-1] == Colour.RED,
            "water": lambda s: s == (Colour.BLUE,),
            "field": lambda s: s == (Colour.YELLOW,),
        }[rule["landscape"]]
        cells = [i for i, s in enumerate(kind) if is_landscape(s)]
        if rule["per"] == "group":
            expected = sum(max([p for n, p in rule["table"] if n <= len(g)], default=0)
                           for g in _groups(board.layout, cells))
        else:
            expected = sum(dict(rule["table"]).get(len(kind[i]), 0) for i in cells)
        assert score(board, spirit=(cid, True)).spirit == expected
