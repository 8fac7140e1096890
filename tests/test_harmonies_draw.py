"""Drawings of Harmonies: boards, cards, rotations, the central board, the table, scenarios.

Pictures are tested by their structure (which shapes carry which key, fill, stroke or text), never by
pixels. Every SVG is parsed as XML, so a malformed picture fails too.
"""

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from harmonies import draw, habitats, scoring
from harmonies.board import LAYOUTS, Board, Side
from harmonies.cards import all_cards, card
from harmonies.errors import HarmoniesError, IllegalPlacement
from harmonies.game import Game
from harmonies.locale import t
from harmonies.scenario import Scenario
from harmonies.tokens import CODE, Colour, describe
from tabletop import i18n
from tabletop.settings import PROJECTOR, Display, display, set_display

SVG = "{http://www.w3.org/2000/svg}"
LETTERS = {c.letter for c in Colour}
CUBE_TOP = draw.CUBE_FACES[0]

# A full side-A board: every kind of stack, a river, two fields, cubes.
FULL = {
    "a1": ["brown", "brown", "green"], "a2": ["brown", "green"], "a3": ["green"], "a4": ["yellow"],
    "a5": ["yellow"], "b1": ["blue"], "b2": ["blue"], "b3": ["gray", "gray"], "b4": ["yellow"],
    "c1": ["blue"], "c2": ["gray", "gray", "gray"], "c3": ["gray", "red"], "c4": ["brown", "red"],
    "c5": ["green"], "d1": ["blue"], "d2": ["gray"], "d3": ["red", "red"], "d4": ["blue"],
    "e1": ["blue"], "e2": ["blue"], "e3": ["yellow"], "e4": ["gray"], "e5": ["brown", "brown", "green"],
}


def full_board(cubes=("a1", "c2", "b1")) -> Board:
    return Board.from_dict({"side": "A", "board": FULL, "cubes": list(cubes)})


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def shapes(svg: str, key: str | None = None, tag: str | None = None) -> list[ET.Element]:
    """Every drawn element (optionally with this data-key and tag), in drawing order."""
    found = []
    for el in parse(svg).iter():
        name = el.tag.replace(SVG, "")
        if name in ("svg", "title"):
            continue
        if key is not None and el.get("data-key") != key:
            continue
        if tag is not None and name != tag:
            continue
        found.append(el)
    return found


def texts(svg: str, key: str | None = None) -> list[str]:
    """The words of the SVG's labels (a Persian label's right-to-left isolate taken off)."""
    return [_undirected(el.text) for el in shapes(svg, key, "text")]


def _undirected(text: str | None) -> str | None:
    rtl = text is not None and text.startswith(i18n.RLI) and text.endswith(i18n.PDI)
    return text[1:-1] if rtl else text


def fills(svg: str, key: str) -> list[str]:
    return [el.get("fill") for el in shapes(svg, key, "polygon")]


def outlines(svg: str, colour: str) -> list[list[tuple[float, float]]]:
    """The highlight loops drawn in a colour, as lists of points."""
    return [[tuple(map(float, p.split(","))) for p in el.get("points").split()]
            for el in shapes(svg, tag="polygon") if el.get("stroke") == colour and el.get("fill") == "none"]


def hex_centre(svg: str, cell: str) -> tuple[float, float]:
    corners = shapes(svg, f"cell:{cell}", "polygon")[0].get("points").split()
    points = [tuple(map(float, p.split(","))) for p in corners]
    return sum(x for x, _ in points) / 6, sum(y for _, y in points) / 6


def inside_hex(point, centre, radius=draw._BASE_RADIUS) -> bool:
    """Strictly inside the flat-top hex of that centre."""
    dx, dy = abs(point[0] - centre[0]), abs(point[1] - centre[1])
    return dy < 3 ** 0.5 / 2 * radius and 3 ** 0.5 * dx + dy < 3 ** 0.5 * radius


def coins(svg: str, key: str, colour: Colour) -> int:
    """Tokens of a colour drawn on a cell: each coin is two polygons (its side and its top face)."""
    n = fills(svg, key).count(draw.TOKEN_FILL[colour])
    assert n % 2 == 0
    return n // 2


class TestBoard:
    def test_same_state_same_bytes(self):
        a = draw.board_scene(full_board()).to_svg()
        b = draw.board_scene(full_board()).to_svg()
        assert a == b
        # The same position built in another order draws the same picture.
        other = Board("A")
        for cell in reversed(list(FULL)):
            other.set_stack(cell, FULL[cell])
        for cell in ("b1", "c2", "a1"):
            other.freeze(cell)
        assert draw.board_scene(other).to_svg() == a
        assert draw.board_svg(full_board()) == a

    @pytest.mark.parametrize("side", ["A", "B"])
    def test_every_cell_is_a_keyed_hex_with_its_name(self, side):
        svg = draw.board_scene(Board(side)).to_svg()
        names = LAYOUTS[Side(side)].names
        hexes = [el for el in shapes(svg, tag="polygon") if el.get("data-key", "").startswith("cell:")]
        assert [el.get("data-key") for el in hexes] == [f"cell:{n}" for n in names]
        assert all(len(el.get("points").split()) == 6 for el in hexes)
        assert all(el.get("fill") == draw.EMPTY_FILL for el in hexes)
        assert sorted(t for t in texts(svg) if t) == sorted(names)
        assert [el.find(f"{SVG}title").text for el in hexes] == [f"{n}: nothing" for n in names]

    def test_hexes_tile_like_the_printed_board(self):
        # Neighbouring cells share an edge: their centres are one hex height apart (c3 touches c2 c4
        # b2 b3 d2 d3 and no other cell).
        svg = draw.board_scene(Board("A"), labels=False).to_svg()
        centres = {}
        for el in shapes(svg, tag="polygon"):
            pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            centres[el.get("data-key")[5:]] = (sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6)
        radius = draw._BASE_RADIUS
        x, y = centres["c3"]
        step = 3 ** 0.5 * radius
        touching = sorted(n for n, (u, v) in centres.items()
                          if n != "c3" and abs(((u - x) ** 2 + (v - y) ** 2) ** 0.5 - step) < 0.05)
        assert touching == ["b2", "b3", "c2", "c4", "d2", "d3"]
        # Odd columns sit half a hex lower than even ones.
        assert centres["b1"][1] - centres["a1"][1] == pytest.approx(3 ** 0.5 * radius / 2, abs=0.02)

    def test_a_stack_shows_each_layer_bottom_first_and_its_height(self):
        board = Board("A")
        board.set_stack("c3", ["brown", "brown", "green"])
        board.set_stack("e1", ["gray", "gray"])
        board.set_stack("a1", ["gray", "red"])
        svg = draw.board_scene(board).to_svg()
        assert coins(svg, "cell:c3", Colour.BROWN) == 2 and coins(svg, "cell:c3", Colour.GREEN) == 1
        assert coins(svg, "cell:e1", Colour.GRAY) == 2
        assert coins(svg, "cell:a1", Colour.GRAY) == 1 and coins(svg, "cell:a1", Colour.RED) == 1
        # Bottom first: the green coin is drawn after (over) the two brown ones.
        tree = [f for f in fills(svg, "cell:c3") if f in draw.TOKEN_FILL.values()]
        assert tree == [draw.TOKEN_FILL[Colour.BROWN]] * 4 + [draw.TOKEN_FILL[Colour.GREEN]] * 2
        # The height is written from 2 tokens on; a single token has no number.
        assert "3" in texts(svg, "cell:c3") and "2" in texts(svg, "cell:e1")
        board.set_stack("d1", ["blue"])
        assert texts(draw.board_scene(board).to_svg(), "cell:d1") == ["d1"]

    def test_the_hex_is_tinted_by_its_top_token(self):
        svg = draw.board_scene(full_board()).to_svg()
        for cell, stack in FULL.items():
            hex_fill = shapes(svg, f"cell:{cell}", "polygon")[0].get("fill")
            assert hex_fill == draw.TOKEN_TINT[Colour(stack[-1])]
        assert len(set(draw.TOKEN_FILL.values())) == 6
        assert draw.EMPTY_FILL not in draw.TOKEN_TINT.values()

    def test_cubes_are_drawn_when_asked(self):
        board = full_board(cubes=("c2",))
        with_cubes = draw.board_scene(board).to_svg()
        assert fills(with_cubes, "cell:c2").count(CUBE_TOP) == 1
        assert sum(fills(with_cubes, f"cell:{c}").count(CUBE_TOP) for c in FULL) == 1
        without = draw.board_scene(board, cubes=False).to_svg()
        assert CUBE_TOP not in without
        assert "animal cube" in with_cubes  # the cell's tooltip says so either way
        assert "animal cube" in without

    def test_highlight_outlines_the_border_of_a_group_only_when_asked(self):
        colour = Display().highlight
        plain = draw.board_scene(full_board()).to_svg()
        assert f'stroke="{colour}"' not in plain
        svg = draw.board_scene(full_board(), highlight=["c3", "d3"]).to_svg()
        (loop,) = outlines(svg, colour)
        # Two touching hexes: one loop of 10 corners, each just inside c3 or d3.
        assert len(loop) == 10
        centres = {n: hex_centre(svg, n) for n in ("c3", "d3")}
        assert all(any(inside_hex(p, c) for c in centres.values()) for p in loop)
        (single,) = outlines(draw.board_scene(full_board(), highlight="c3").to_svg(), colour)
        assert len(single) == 6

    def test_highlight_groups_with_their_own_colours_and_a_path(self):
        groups = [(["a4", "a5", "b4"], "#123456"), draw.Mark(("b2", "b1", "c1"), "#abcdef", path=True)]
        svg = draw.board_scene(full_board(), highlight=groups).to_svg()
        assert [len(loop) for loop in outlines(svg, "#123456")] == [12]  # three hexes meeting at a corner
        assert len(outlines(svg, "#abcdef")) == 1
        lines = shapes(svg, tag="polyline")
        assert len(lines) == 1 and lines[0].get("stroke") == "#abcdef"
        assert len(lines[0].get("points").split()) == 3
        # Without path=True no line is drawn.
        assert not shapes(draw.board_scene(full_board(), highlight=groups[:1]).to_svg(), tag="polyline")

    def test_a_ring_has_an_outer_border_and_a_hole_and_its_path_closes(self):
        ring = ("c2", "d2", "d3", "c4", "b3", "b2")
        svg = draw.board_scene(Board("A"), highlight=[draw.Mark(ring, "#123456", path=True)]).to_svg()
        assert sorted(len(loop) for loop in outlines(svg, "#123456")) == [6, 18]
        points = shapes(svg, tag="polyline")[0].get("points").split()
        assert len(points) == 7 and points[0] == points[-1]

    def test_a_group_overlapping_an_earlier_one_is_drawn_inside_it(self):
        svg = draw.board_scene(full_board(), highlight=[(["c3"], "#111111"), (["c3"], "#222222")]).to_svg()
        (outer,), (inner,) = outlines(svg, "#111111"), outlines(svg, "#222222")
        centre = hex_centre(svg, "c3")
        assert max(math.dist(p, centre) for p in inner) < min(math.dist(p, centre) for p in outer)

    def test_unknown_highlight_cell_is_refused(self):
        with pytest.raises(IllegalPlacement, match="not a cell of side A"):
            draw.board_scene(Board("A"), highlight=["z9"])

    def test_ghosts_appear_only_when_asked(self):
        board = full_board()
        assert 'opacity="0.5"' not in draw.board_scene(board).to_svg()
        svg = draw.board_scene(board, ghosts=[("d2", "gray"), ("a3", "cube")]).to_svg()
        ghost = [el for el in shapes(svg, "cell:d2", "polygon") if el.get("opacity") == "0.5"]
        assert len(ghost) == 2 and all(el.get("fill") == draw.TOKEN_FILL[Colour.GRAY] for el in ghost)
        assert all(el.get("stroke-dasharray") for el in ghost)
        dashed_cube = [el for el in shapes(svg, "cell:a3", "polygon") if el.get("stroke-dasharray")]
        assert len(dashed_cube) == 3 and all(el.get("fill") == "none" for el in dashed_cube)
        # Near misses from the habitat search can be passed as they are: a green token with six empty
        # neighbours is six Frog habitats short of one blue token each.
        lone = Board("A")
        lone.set_stack("c3", ["green"])
        misses = habitats.near_misses(5, lone)
        assert len(misses) == 6
        svg = draw.board_scene(lone, ghosts=misses).to_svg()
        ghosts = [el for el in shapes(svg, tag="polygon") if el.get("opacity") == "0.5"]
        # Two polygons (side and top) per ghost coin.
        assert sorted(el.get("data-key") for el in ghosts) == sorted(2 * [f"cell:{m.cell}" for m in misses])
        assert {el.get("fill") for el in ghosts} == {draw.TOKEN_FILL[Colour.BLUE]}

    def test_colour_blind_letters_only_in_that_mode(self):
        board = full_board()
        plain = draw.board_scene(board).to_svg()
        assert not LETTERS & set(texts(plain))
        svg = draw.board_scene(board, display=Display(colour_blind=True)).to_svg()
        letters = [t for t in texts(svg) if t in LETTERS]
        # One letter per token, under cubes too.
        assert len(letters) == board.token_count()
        assert texts(svg, "cell:a1").count("N") == 2 and texts(svg, "cell:a1").count("G") == 1
        assert texts(svg, "cell:c3").count("K") == 1 and texts(svg, "cell:c3").count("R") == 1

    def test_high_contrast_draws_thicker_and_larger(self):
        def hex_stroke(svg):
            return float(shapes(svg, "cell:a1", "polygon")[0].get("stroke-width"))

        def name_size(svg):
            label = next(el for el in shapes(svg, "cell:a1", "text") if el.text == "a1")
            return float(label.get("font-size"))

        plain = draw.board_scene(full_board()).to_svg()
        bold = draw.board_scene(full_board(), display=Display(high_contrast=True)).to_svg()
        assert hex_stroke(bold) > hex_stroke(plain)
        assert name_size(bold) > name_size(plain)
        assert 'font-weight="bold"' in bold

    def test_scale_and_the_settings_in_force(self):
        small = draw.board_scene(Board("B"))
        big = draw.board_scene(Board("B"), display=PROJECTOR)
        assert big.width == pytest.approx(small.width * 1.6)
        assert big.height == pytest.approx(small.height * 1.6)
        before = display()
        try:
            set_display(colour_blind=True)
            wanted = draw.board_svg(full_board(), display=Display(colour_blind=True))
            assert draw.board_svg(full_board()) == wanted
        finally:
            set_display(before)

    def test_title_lines_and_key_prefix(self):
        scene = draw.board_scene(Board("A"), title="My board\nsecond line", key_prefix="seat1:")
        svg = scene.to_svg()
        assert "My board" in texts(svg) and "second line" in texts(svg)
        assert scene.height > draw.board_scene(Board("A")).height
        assert 'data-key="seat1:cell:c3"' in svg and 'data-key="cell:c3"' not in svg

    def test_labels_can_be_hidden(self):
        assert not [t for t in texts(draw.board_scene(Board("A"), labels=False).to_svg()) if t]

    def test_png_file(self, tmp_path):
        path = draw.board_scene(full_board()).save(tmp_path / "board.png")
        assert path.read_bytes().startswith(b"\x89PNG")


class TestScoreHighlights:
    def test_the_river_is_one_path_in_order(self):
        board = full_board()
        breakdown = scoring.score(board)
        river = breakdown.items_for("water")[0]
        marks = draw.score_highlights(breakdown, "water")
        assert marks == [draw.Mark(river.cells, label=f"{river.label}: {river.points}", path=True)]
        assert len(shapes(draw.board_scene(board, highlight=marks).to_svg(), tag="polyline")) == 1

    def test_scored_items_first_then_faint_ones(self):
        board = Board("A")
        for cell in ("a1", "c3", "c4"):
            board.set_stack(cell, ["yellow"])
        marks = draw.score_highlights(scoring.score(board), "fields")
        assert [(m.cells, m.faint) for m in marks] == [(("c3", "c4"), False), (("a1",), True)]
        svg = draw.board_scene(board, highlight=marks).to_svg()
        faint = [el for el in shapes(svg, tag="polygon") if el.get("stroke-dasharray") == "4 3"]
        assert len(faint) == 1 and "lone yellow token at a1" in faint[0].findtext(f"{SVG}title")

    def test_islands_each_get_a_colour_and_no_path(self):
        board = Board("B")
        for cell in ("a2", "b1", "c2", "d2", "d3", "c4", "e2", "f1", "g1", "g2"):
            board.set_stack(cell, ["blue"])
        marks = draw.score_highlights(scoring.score(board), "water")
        assert len(marks) == 4 and not any(m.path for m in marks)
        svg = draw.board_scene(board, highlight=marks).to_svg()
        strokes = {el.get("stroke") for el in shapes(svg, tag="polygon") if el.get("fill") == "none"}
        assert len(strokes) == 4

    def test_items_can_be_passed_directly(self):
        breakdown = scoring.score(full_board())
        direct = draw.board_svg(full_board(), highlight=breakdown.items_for("trees"))
        assert direct == draw.board_svg(full_board(), highlight=draw.score_highlights(breakdown, "trees"))

    def test_cards_have_no_cells_and_unknown_categories_fail(self):
        breakdown = scoring.score(full_board(), animals=[(3, 1)], spirit=(39, True))
        assert draw.score_highlights(breakdown, "animals") == []
        assert draw.score_highlights(breakdown, "spirit")  # the mountains the Ram counted
        with pytest.raises(HarmoniesError):
            draw.score_highlights(breakdown, "rivers")


class TestCard:
    @pytest.mark.parametrize("card_id", sorted(all_cards()))
    def test_every_card_draws_its_pattern_name_and_points(self, card_id):
        c = card(card_id)
        svg = draw.card_scene(c).to_svg()
        key = f"card:{c.id}"
        assert {el.get("data-key") for el in shapes(svg)} - {None} == {key}
        words = texts(svg, key)
        assert c.name in words and f"#{c.id}" in words
        hexes = [el for el in shapes(svg, key, "polygon") if len(el.get("points").split()) == 6
                 and el.get("fill") == draw.EMPTY_FILL]
        assert len(hexes) == len(c.pattern)
        for p in c.pattern:
            assert p.need in words
        if c.is_spirit:
            assert "spirit" in words
            assert c.rule.split()[0] in " ".join(words)
        else:
            slots = [el for el in shapes(svg, key, "rect")
                     if "points once" in (el.findtext(f"{SVG}title") or "")]
            assert len(slots) == c.cubes
            for points in c.points:
                assert str(points) in words

    def test_cubes_left_on_the_track(self):
        c = card("Fennec Fox")
        def cubes(svg):
            return fills(svg, "card:23").count(CUBE_TOP)

        # One cube on the pattern's cube cell, plus one per cube still on the card.
        assert cubes(draw.card_svg(c)) == 1 + 3
        assert cubes(draw.card_svg(c, cubes_left=2)) == 1 + 2
        assert cubes(draw.card_svg(c, cubes_left=0)) == 1
        assert "1 of 3 cubes placed: 4 points" in texts(draw.card_svg(c, cubes_left=2))
        assert "3 of 3 cubes placed: 16 points" in texts(draw.card_svg(c, cubes_left=0))

    def test_the_cube_cell_is_marked(self):
        svg = draw.card_svg(23)
        titles = [el.findtext(f"{SVG}title") for el in shapes(svg, "card:23", "polygon")]
        assert titles.count("a mountain of height 1 (the cube goes here)") == 1

    def test_rotation_turns_the_pattern(self):
        zero, one = draw.card_svg(23), draw.card_svg(23, rotation=1)
        assert zero != one and draw.card_svg(23, rotation=6) == zero
        # The Dragonfly looks the same after a half turn.
        assert draw.same_rotation(41, 3) == 0 and draw.same_rotation(41, 4) == 1
        assert draw.same_rotation(23, 3) == 3

    def test_accepts_ids_and_names(self):
        assert draw.card_svg(5) == draw.card_svg("Frog") == draw.card_svg(card(5))


class TestRotations:
    def test_six_keyed_panels(self):
        svg = draw.rotations_scene("Fennec Fox").to_svg()
        keys = [el.get("data-key") for el in shapes(svg, tag="rect")]
        assert keys == [None] + [f"rotation:{turns}" for turns in range(6)]  # the background, then the panels
        for turns in range(6):
            panel = shapes(svg, f"rotation:{turns}", "polygon")
            hexes = [el for el in panel if el.get("fill") == draw.EMPTY_FILL]
            assert len(hexes) == 3
        assert "same as" not in svg

    def test_symmetric_patterns_say_which_rotation_they_repeat(self):
        words = texts(draw.rotations_scene(41).to_svg())
        assert words.count("same as 0") == 1 and words.count("same as 1") == 1 and "same as 2" in words

    def test_one_panel(self):
        svg = draw.pattern_scene(23, rotation=2).to_svg()
        assert {el.get("data-key") for el in shapes(svg)} - {None} == {"rotation:2"}


def a_game(seed=3, players=2, actions=0, **options) -> Game:
    from harmonies.policies import GreedyPolicy

    game = Game(players=players, seed=seed, **options)
    policy = GreedyPolicy(seed)
    for _ in range(actions):
        game.play(policy(game))
    return game


class TestCentralAndTable:
    def test_spaces_display_and_counts(self):
        game = a_game()
        svg = draw.central_scene(game).to_svg()
        keys = {el.get("data-key") for el in shapes(svg)}
        assert {f"space:{s}" for s in range(1, 6)} <= keys
        assert {f"display:{i}" for i in game.display} <= keys
        for s, tokens in enumerate(game.central, 1):
            discs = [el.get("fill") for el in shapes(svg, f"space:{s}", "circle")]
            assert sorted(f for f in discs if f in draw.TOKEN_FILL.values()) == sorted(
                draw.TOKEN_FILL[c] for c in tokens)
        assert f"pouch: {game.pouch_size} tokens · deck: {len(game.deck)} cards · round 1, player 1 to play" \
            in texts(svg)

    def test_a_taken_space_and_the_hand(self):
        game = a_game()
        game.play("take 2")
        svg = draw.central_scene(game).to_svg()
        assert "2 (taken)" in texts(svg, "space:2")
        hand = [el for el in shapes(svg, tag="circle") if (el.get("data-key") or "").startswith("colour:")]
        assert sorted(el.get("data-key") for el in hand) == sorted(f"colour:{c}" for c in game.hand)

    def test_solo_has_three_spaces(self):
        svg = draw.central_scene(Game(players=1, seed=1)).to_svg()
        keys = {el.get("data-key") for el in shapes(svg)}
        assert {"space:1", "space:2", "space:3"} <= keys and "space:4" not in keys

    @pytest.mark.parametrize("players", [1, 2, 3, 4])
    def test_the_table_keys_every_seat(self, players):
        game = a_game(players=players, actions=12, spirits=True)
        svg = draw.game_scene(game).to_svg()
        keys = {el.get("data-key") for el in shapes(svg)}
        for seat in range(players):
            assert {f"seat{seat}:cell:{n}" for n in LAYOUTS[Side.A].names} <= keys
            total = game.score(seat).total
            # "Player 2: 1 point" or "Player 2: 7 points"; "· to play" may follow.
            assert any(t.count("draw.seat.title", total, player=seat + 1) in w for w in texts(svg))
            p = game.players[seat]
            for i in p.held:
                assert f"seat{seat}:held:{i}" in keys
            for i in ([p.spirit] if p.spirit else []) + p.spirit_offer:
                assert f"seat{seat}:spirit:{i}" in keys
        assert "cell:a1" not in keys
        assert draw.game_scene(game).to_svg() == svg

    def test_the_winner_is_named_at_the_end(self):
        from harmonies.policies import RandomPolicy, play_game

        game = play_game(Game(players=2, seed=8), RandomPolicy(8))
        words = texts(draw.game_svg(game))
        for seat in game.winners():
            assert f"Player {seat + 1}: {game.score(seat).total} points · winner" in words
        assert any("game over" in t for t in words)

    def test_palette(self):
        svg = draw.palette_scene(selected="green", counts={Colour.GREEN: 4}).to_svg()
        keys = [el.get("data-key") for el in shapes(svg, tag="circle")]
        assert sorted(set(keys)) == sorted(f"colour:{c}" for c in Colour)
        assert keys.count("colour:green") == 2  # the token and its selection ring
        assert "4" in texts(svg, "colour:green")


class TestScenarioAndReprs:
    def scenario(self):
        return Scenario(full_board(), animals=[(card(3), 1)], spirit=(card(39), True))

    def test_scenario_scene_titles_the_score_and_draws_the_cards(self):
        s = self.scenario()
        svg = draw.scenario_scene(s, highlight="mountains").to_svg()
        total = s.score().total
        assert f"Side A board: {total} points" in texts(svg)
        assert any(w.startswith(f"outlined: {scoring.category_title('mountains')}") for w in texts(svg))
        keys = {el.get("data-key") for el in shapes(svg)}
        assert {"card:3", "card:39"} <= keys

    def test_scenario_title_keeps_each_category_with_its_points(self):
        title = draw.scenario_title(scoring.score(full_board()), "water")
        # Each category and its points are joined by no-break spaces: "water\xa011", "animal\xa0cards\xa00".
        water, animals = (scoring.category_title(c).replace(" ", "\xa0") for c in ("water", "animals"))
        assert title.count("\n") == 3 and f"{water}\xa011" in title and f"{animals}\xa00" in title

    def test_repr_svg(self):
        game = a_game(actions=5)
        for obj in (full_board(), card(23), card(35), game, self.scenario()):
            svg = obj._repr_svg_()
            assert svg.startswith("<svg") and parse(svg) is not None
        assert full_board()._repr_svg_() == draw.board_svg(full_board())
        assert game._repr_svg_() == draw.game_svg(game)

    def test_drawing_does_not_load_matplotlib(self):
        code = ("import sys, harmonies.draw as d, harmonies.board as b; d.board_svg(b.Board('A')); "
                "print('matplotlib' in sys.modules)")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                              cwd=Path(__file__).parents[1])
        assert done.stdout.strip() == "False", done.stderr


# ---------------------------------------------------------------------------------------------
# Languages: every word of a picture comes from the catalogue of the language in force


def keys_named_in(module) -> set[str]:
    """The catalogue keys a module names as string literals (``"draw.card.spirit"``)."""
    import ast

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and re.fullmatch(r"draw\.[a-z_.]*[a-z_]", node.value)}


class TestLanguages:
    def test_every_key_the_pictures_use_is_in_english(self):
        english = i18n.table("harmonies", "en")
        used = keys_named_in(draw) | {f"draw.rotation.{turns}" for turns in range(6)}
        assert len(used) > 40 and used <= set(english), used - set(english)

    def test_labels_and_tooltips_follow_the_language(self):
        c = card("Fennec Fox")
        english = texts(draw.card_svg(c, cubes_left=2))
        i18n.set_language("fa")
        words = texts(draw.card_svg(c, cubes_left=2))
        # The Persian text (English where it has none yet), each value isolated for right to left.
        progress = t.count("draw.card.progress", 3, placed=1, points=4)
        assert progress in words and progress not in english and i18n.FSI in progress
        assert c.title in words
        svg = draw.board_svg(full_board())
        assert [el.findtext(f"{SVG}title") for el in shapes(svg, "cell:c3", "polygon")][0] == t(
            "draw.cell.tip", cell="c3", stack=describe(CODE[(Colour.GRAY, Colour.RED)]))

    def test_persian_words_on_the_table(self, stand_in):
        stand_in("harmonies", "fa", {"draw.seat.title": {"other": "بازیکن {player}: {n} امتیاز"},
                                     "draw.central.hand": "در دست:", "colour.green": "سبز"})
        game = a_game()
        game.play("take 2")
        svg = draw.game_svg(game)
        assert parse(svg) is not None
        words = texts(svg)
        assert "در دست:" in words
        assert any(f"بازیکن {i18n.FSI}2{i18n.PDI}: " in w for w in words)
        palette = draw.palette_scene(["green"]).to_svg()
        assert [el.findtext(f"{SVG}title") for el in shapes(palette, "colour:green", "circle")][0] == "سبز"

    def test_a_persian_picture_renders_to_png(self, stand_in, tmp_path):
        stand_in("harmonies", "fa", {"draw.rotations.head": "{card} (کارت {id}): الگو در شش چرخش",
                                     "draw.rotation.0": "همان‌طور که چاپ شده"})
        path = draw.rotations_scene(23).save(tmp_path / "rotations.png")
        assert path.read_bytes().startswith(b"\x89PNG")


def test_the_table_draws_advice_on_a_seat_board():
    from harmonies import Game

    g = Game(seed=1)
    plain = draw.game_scene(g).to_svg()
    advised = draw.game_scene(g, highlight={0: ["c3"]}, ghosts={0: [("c3", "green")]}).to_svg()
    assert advised != plain
    other_seat = draw.game_scene(g, highlight={1: ["c3"]}).to_svg()
    assert other_seat not in (plain, draw.game_scene(g, highlight={0: ["c3"]}).to_svg())
    assert draw.game_scene(g, highlight={}, ghosts={}).to_svg() == plain
