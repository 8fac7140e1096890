"""``scoring.score`` keeps the items that depend on many cells (fields, the river or islands, a placed
spirit card) in memos keyed on the masks and stacks they are made of. Whatever the memos hold, it
must give exactly what scoring gave before them: the same points, the same items in the same order,
the same words (catalogue keys and values). ``reference_score`` below is the implementation as it
was before the memos, kept here as the yardstick; it shares only the geometry tables and the river
searches (``_diameter``, ``_longest_loop``), whose results it does not cache."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harmonies import scoring as sc
from harmonies.board import RIVER_READINGS, Board, Side
from harmonies.cards import all_cards
from harmonies.locale import t
from harmonies.tokens import HEIGHT, MOUNTAIN, NEXT, STACKS, TREE, Colour
from tabletop.i18n import language, set_language

ANIMAL_CARDS = [c for c in all_cards().values() if not c.is_spirit]
SPIRIT_CARDS = [c for c in all_cards().values() if c.is_spirit]


# ---------------------------------------------------------------------------------------------
# The yardstick: scoring as it was, item by item, with nothing remembered between calls


def _ref_river(geo, blue, reading):
    if not blue:
        return None
    names = geo.names
    best_len, best_path, loop = 0, [], False
    for group in sorted(geo.groups(blue), key=lambda g: -g.bit_count()):
        size = group.bit_count()
        if size <= best_len:
            break
        length, path = sc._diameter(geo, group)
        if length > best_len:
            best_len, best_path, loop = length, path, False
        if reading == "loops-full-length" and size > length:
            cycle = sc._longest_loop(geo, group, best_len)
            if cycle:
                best_len, best_path, loop = len(cycle), cycle, True
    if not loop and best_path[0] > best_path[-1]:
        best_path.reverse()
    cells = tuple(names[i] for i in best_path)
    if loop:
        words = t.lazy_count("scoring.item.river.loop", best_len, path=" → ".join(cells + cells[:1]))
    elif best_len == 1:
        words = t.lazy("scoring.item.river.single", cell=cells[0])
    elif reading == "loops-full-length":
        words = t.lazy_count("scoring.item.river.no_loop", best_len, start=cells[0], end=cells[-1])
    else:
        words = t.lazy_count("scoring.item.river", best_len, start=cells[0], end=cells[-1])
    return sc.Item("water", cells, sc.river_points(best_len), words)


def _ref_islands(geo, blue):
    groups = geo.groups(geo.full & ~blue)
    if not groups:
        return [sc.Item("water", (), sc.ISLAND_POINTS, t.lazy("scoring.item.island.none"))]
    items = []
    for group in groups:
        cells = geo.names_of(group)
        key = "scoring.item.island" if blue else "scoring.item.island.whole"
        items.append(sc.Item("water", cells, sc.ISLAND_POINTS, t.lazy_count(key, len(cells), start=cells[0])))
    return items


def _ref_spirit(geo, codes, masks, spirit):
    rule = spirit.scoring
    landscape, per, table = rule["landscape"], rule["per"], rule["table"]
    mask = masks[sc._SPIRIT_KIND[landscape]]
    name = sc._card_name(spirit)
    scored = 0
    if per == "group":
        sizes, points = [], []
        for group in geo.groups(mask):
            size = group.bit_count()
            value = sc._group_value(table, size)
            sizes.append(size)
            points.append(value)
            if value:
                scored |= group
        if not sizes:
            words = t.lazy(f"scoring.spirit.none.{landscape}", card=name)
        else:
            pairs = sorted(zip(sizes, points, strict=True))
            words = t.lazy(f"scoring.spirit.groups.{landscape}", card=name,
                           sizes=sc.Listed(tuple(s for s, _ in pairs)),
                           points=" + ".join(str(p) for _, p in pairs))
        total = sum(points)
    else:
        by_height = dict(table)
        counts = {}
        for i in geo.indices(mask):
            h = HEIGHT[codes[i]]
            counts[h] = counts.get(h, 0) + 1
            if by_height.get(h, 0):
                scored |= 1 << i
        total = sum(by_height.get(h, 0) * k for h, k in counts.items())
        if not counts:
            words = t.lazy(f"scoring.spirit.none.{landscape}", card=name)
        elif landscape in ("tree", "mountain"):
            parts = sc.Listed(tuple(t.lazy_count("scoring.spirit.height", k, height=h,
                                                 points=by_height.get(h, 0))
                                    for h, k in sorted(counts.items())), parts=True)
            words = t.lazy(f"scoring.spirit.heights.{landscape}", card=name, parts=parts)
        else:
            key = f"scoring.spirit.count.{landscape}"
            parts = sc.Listed(tuple(t.lazy_count(key, k, points=by_height.get(h, 0))
                                 for h, k in sorted(counts.items())), parts=True)
            words = t.lazy("scoring.spirit.tokens", card=name, parts=parts)
    return sc.Item("spirit", geo.names_of(scored), total, words)


def reference_score(board, animals=(), spirit=None, river="shortest-path"):
    side = board.layout.side
    geo = sc._GEOMETRY[side]
    codes = board.codes
    masks = sc._masks(geo, codes)
    items = []
    for i in geo.indices(masks[sc._K_TREE]):
        h = TREE[codes[i]]
        items.append(sc.Item("trees", (geo.names[i],), sc.HEIGHT_POINTS[h],
                          t.lazy("scoring.item.tree", height=h, cell=geo.names[i])))
    mountain = masks[sc._K_MOUNTAIN]
    for i in geo.indices(mountain):
        h, name = MOUNTAIN[codes[i]], geo.names[i]
        if geo.nb[i] & mountain:
            items.append(sc.Item("mountains", (name,), sc.HEIGHT_POINTS[h],
                              t.lazy("scoring.item.mountain", height=h, cell=name)))
        else:
            items.append(sc.Item("mountains", (name,), 0,
                                 t.lazy("scoring.item.mountain.alone", height=h, cell=name)))
    for group in geo.groups(masks[sc._K_YELLOW]):
        cells = geo.names_of(group)
        if len(cells) > 1:
            items.append(sc.Item("fields", cells, sc.FIELD_POINTS,
                              t.lazy_count("scoring.item.field", len(cells), cells=", ".join(cells))))
        else:
            items.append(sc.Item("fields", cells, 0, t.lazy("scoring.item.field.alone", cell=cells[0])))
    for i in geo.indices(masks[sc._K_BUILDING]):
        colours = 0
        for j in geo.nbrs[i]:
            colours |= sc._TOP_BIT[codes[j]]
        name, count, around = geo.names[i], colours.bit_count(), sc._colour_list(colours)
        if count >= sc.BUILDING_COLOURS_NEEDED:
            items.append(sc.Item("buildings", (name,), sc.BUILDING_POINTS,
                              t.lazy_count("scoring.item.building", count, cell=name, colours=around)))
        else:
            items.append(sc.Item("buildings", (name,), 0, t.lazy_count(
                "scoring.item.building.short", count, cell=name, colours=around,
                needed=sc.BUILDING_COLOURS_NEEDED)))
    if side is Side.A:
        item = _ref_river(geo, masks[sc._K_BLUE], river)
        items += [] if item is None else [item]
    else:
        items += _ref_islands(geo, masks[sc._K_BLUE])
    for key, placed in animals:
        items.append(sc._animal_item(key, placed))
    if spirit is not None:
        key, placed = spirit
        found = sc._spirit_card(key)
        unplaced = t.lazy("scoring.item.spirit.unplaced", card=sc._card_name(found))
        items.append(_ref_spirit(geo, codes, masks, found) if placed else sc.Item("spirit", (), 0, unplaced))
    points = {c: sum(i.points for i in items if i.category == c) for c in sc.CATEGORIES}
    return sc.Breakdown(**points, items=tuple(items), side=str(side), river=river)


# ---------------------------------------------------------------------------------------------
# Random boards, and boards that change token by token between two scorings


def random_board(side: str, seed: int, fill: float) -> Board:
    rng = random.Random(seed)
    board = Board(side)
    for i in range(len(board.codes)):
        if rng.random() < fill:
            board.codes[i] = rng.randrange(1, len(STACKS))
    return board


def random_cards(rng: random.Random):
    animals = [(rng.choice([c, c.id]), rng.randrange(c.cubes + 1))
               for c in rng.sample(ANIMAL_CARDS, rng.randrange(5))]
    spirit = rng.choice([None, (rng.choice(SPIRIT_CARDS).id, True), (rng.choice(SPIRIT_CARDS), True),
                         (rng.choice(SPIRIT_CARDS).id, False)])
    return animals, spirit


boards = st.builds(random_board, st.sampled_from(["A", "B"]), st.integers(0, 10**9),
                   st.sampled_from([0.0, 0.3, 0.5, 0.7, 1.0]))
readings = st.sampled_from(RIVER_READINGS)


def assert_same(board, animals, spirit, river):
    board.river = river
    got = sc.score(board, animals, spirit)
    want = reference_score(board, animals, spirit, river)
    assert got == want
    assert got.to_dict() == want.to_dict()
    return got


@settings(max_examples=300, deadline=None)
@given(boards, readings, st.integers(0, 10**9))
def test_score_equals_the_reference_on_random_boards(board, river, seed):
    animals, spirit = random_cards(random.Random(seed))
    assert_same(board, animals, spirit, river)
    assert_same(board, animals, spirit, river)  # the second time from the memos


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["A", "B"]), readings, st.integers(0, 10**9))
def test_score_follows_a_board_that_changes_token_by_token(side, river, seed):
    """The memos are keyed on what the board holds, not on the board: one board object, scored after
    each token (and after each stack is emptied again), always scores as the reference says."""
    rng = random.Random(seed)
    board = Board(side)
    spirit = (rng.choice(SPIRIT_CARDS).id, True)
    for _ in range(30):
        i = rng.randrange(len(board.codes))
        if rng.random() < 0.15:
            board.codes[i] = 0
        else:
            colour = rng.choice(list(Colour))
            if NEXT[board.codes[i]][colour] < 0:
                continue
            board.place(board.layout.names[i], colour)
        assert_same(board, [], spirit, river)


def test_the_spirit_item_follows_the_heights_of_the_same_cells():
    """A spirit scoring per height of mountains meets the same mountain cells with other heights."""
    deer = next(c for c in SPIRIT_CARDS if c.scoring == {"landscape": "mountain", "per": "height",
                                                           "table": [[2, 4], [3, 4]]})
    board = Board("A")
    for cell in ("c2", "c3"):
        board.place(cell, "gray")
    first = assert_same(board, [], (deer.id, True), "shortest-path")
    board.place("c3", "gray")
    second = assert_same(board, [], (deer.id, True), "shortest-path")
    assert (first.spirit, second.spirit) == (0, 4)


def test_full_memos_are_emptied_and_still_right(monkeypatch):
    monkeypatch.setattr(sc, "_ITEM_MEMO_LIMIT", 3)
    sc.clear_memos()
    rng = random.Random(7)
    for k in range(40):
        board = random_board(rng.choice("AB"), k, 0.6)
        animals, spirit = random_cards(rng)
        assert_same(board, animals, spirit, rng.choice(RIVER_READINGS))
        geo = sc._GEOMETRY[board.layout.side]
        assert max(len(geo.field_memo), len(geo.water_memo), len(geo.spirit_memo)) <= 3
    sc.clear_memos()
    assert not any(geo.field_memo or geo.water_memo or geo.spirit_memo for geo in sc._GEOMETRY.values())


@pytest.mark.parametrize("code", ["en", "fa", "nl", "vi"])
def test_remembered_items_speak_the_language_in_force(code):
    board = random_board("A", 11, 0.8)
    before = language()
    try:
        set_language("en")
        first = sc.score(board, [(1, 1)], (39, True)).explain()
        set_language(code)
        again = sc.score(board, [(1, 1)], (39, True))
        assert again.explain() == reference_score(board, [(1, 1)], (39, True)).explain()
        assert (again.explain() == first) is (code == "en")
    finally:
        set_language(before)
