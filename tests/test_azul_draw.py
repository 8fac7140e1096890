"""Azul drawings: what each picture holds and which shapes are clickable, read from the scene and its
SVG (never from pixels)."""

import ast
import re
from pathlib import Path

import pytest
from examples import AZUL_EXAMPLE as EXAMPLE
from hypothesis import given, settings
from hypothesis import strategies as st

from azul import (
    FLOOR_PENALTIES,
    LETTERS,
    NAMES,
    Board,
    FloorPenalty,
    Game,
    GreedyPolicy,
    Placement,
    RandomPolicy,
    Scenario,
    ToFloor,
    cells,
    draw,
    play_out,
)
from azul.locale import t
from azul.moves import CENTRE, Take
from azul.tiles import colour_title
from azul.tiling import replay
from tabletop import Display, display, i18n, set_display
from tabletop.settings import PROJECTOR

# Player 1 fills row 1 and row 2: two placements of 5 across + 3 down; player 0's floor is clamped.
ENDING = {"game": "azul", "wall": "colored",
          "players": [{"score": 3, "wall": ["BY...", ".BY..", "..B..", ".....", "....."],
                       "pattern_lines": ["", "", "", "KKKK", "RRRRR"], "floor": "FBBYYR"},
                      {"score": 20, "wall": ["BYRKW", "WB.RK", "K.BYR", ".....", "....."],
                       "pattern_lines": ["", "YY", "WWW", "", ""]}]}
CB = Display(colour_blind=True)


def example_board() -> Board:
    return Scenario.from_dict(EXAMPLE).boards[0]


def keyed(scene, key, kind=None):
    return [s for s in scene.shapes if s.key == key and (kind is None or s.kind == kind)]


def texts(scene):
    return [s.text for s in scene.shapes if s.kind == "text"]


# --- the player board ------------------------------------------------------------------------------


def test_the_same_board_gives_the_same_bytes():
    a = draw.board_scene(example_board(), title="player 0").to_svg()
    assert a == draw.board_scene(example_board().copy(), title="player 0").to_svg()
    assert a.startswith("<svg") and a.endswith("</svg>")
    game = Game(3, seed=11)
    assert draw.game_scene(game).to_svg() == draw.game_scene(game.copy()).to_svg()
    assert draw.offer_scene(game).to_svg() == draw.offer_scene(Game(3, seed=11)).to_svg()


def test_every_wall_cell_line_column_and_the_floor_is_clickable():
    svg = draw.board_scene(example_board()).to_svg()
    for r in range(5):
        assert f'data-key="line:{r}"' in svg and f'data-key="column:{r}"' in svg
        for c in range(5):
            assert f'data-key="wall:{r},{c}"' in svg
    assert svg.count('data-key="floor"') >= 7
    assert "data-key=\"wall:5" not in svg


@pytest.mark.parametrize("board", [Board(), example_board()])
def test_the_coloured_wall_shows_its_faint_pattern(board):
    order = "BYRKW"  # row r, column c shows order[(c - r) % 5]
    scene = draw.board_scene(board)
    fills = {}
    for r in range(5):
        for c in range(5):
            printed = NAMES[LETTERS.index(order[(c - r) % 5])]
            cell = keyed(scene, f"wall:{r},{c}", "rect")[-1]
            if board.colour_at(r, c) == -1:
                assert cell.title == f"row {r}, column {c}: {printed} (empty)"
                fills.setdefault(printed, set()).add(cell.fill)
            else:
                assert cell.fill == draw.TILE_FILL[board.colour_at(r, c)]
    assert all(len(f) == 1 for f in fills.values())  # one faint shade per colour...
    assert len({f for fs in fills.values() for f in fs}) == 5  # ...and five different shades
    assert not set(draw.TILE_FILL.values()) & {f for fs in fills.values() for f in fs}


def test_the_gray_wall_has_no_pattern():
    scene = draw.board_scene(Board(gray=True))
    cells_ = [keyed(scene, f"wall:{r},{c}", "rect")[0] for r in range(5) for c in range(5)]
    assert {cell.fill for cell in cells_} == {draw.GRAY_CELL}
    assert all(cell.title.endswith(": empty") for cell in cells_)
    assert not any(name in scene.to_svg() for name in NAMES)


def test_a_board_is_drawn_on_the_wall_it_knows():
    gray = Scenario.from_dict({"game": "azul", "wall": "gray",
                               "players": [{"wall": ["Y....", ".....", ".....", ".....",
                                                     "....."]}]}).boards[0]
    assert gray.gray and gray.wall_kind == "gray" and not example_board().gray
    assert gray.copy().gray and Game(2, seed=1, wall="gray").boards[1].gray
    assert "(empty)" not in draw.board_scene(gray).to_svg()
    assert "(empty)" in draw.board_scene(example_board()).to_svg()


def test_the_floor_prints_its_penalties_from_the_vocabulary():
    scene = draw.board_scene(Board())
    printed = [t for t in texts(scene) if t.startswith("\u2212")]
    assert printed == [f"\u2212{-p}" for p in FLOOR_PENALTIES]


def test_pattern_lines_fill_from_the_right():
    board = example_board()  # lines "", "YY", "R", "", "KKKKK"
    scene = draw.board_scene(board)
    for line, (colour, count) in enumerate(zip(board.line_colour, board.line_count, strict=True)):
        slots = [s for s in keyed(scene, f"line:{line}", "rect") if s.opacity == 1]
        assert len(slots) == line + 1
        tiles = [s for s in slots if count and s.fill == draw.TILE_FILL[colour]]
        empty = [s for s in slots if s.fill == draw.SLOT_FILL]
        assert (len(tiles), len(empty)) == (count, line + 1 - count)
        if tiles and empty:
            assert min(s.points[0][0] for s in tiles) > max(s.points[0][0] for s in empty)


def test_the_marker_is_drawn_only_when_on_the_floor():
    board = example_board()
    assert "first-player marker" in draw.board_scene(board).to_svg()
    assert board.floor[0] == 5  # the marker, then a blue tile
    board.floor = board.floor[1:]
    assert "first-player marker" not in draw.board_scene(board).to_svg()


def test_the_score_and_title_are_written():
    scene = draw.board_scene(example_board(), title="Ada")
    assert "score 12" in texts(scene) and "Ada" in texts(scene)


def test_colour_letters_only_in_colour_blind_mode():
    board = example_board()
    plain = [t for t in texts(draw.board_scene(board)) if t in LETTERS]
    assert plain == []
    letters = [t for t in texts(draw.board_scene(board, display=CB)) if t in LETTERS]
    on_lines = sum(board.line_count)
    on_wall = sum(colour != -1 for colour in board.cells)
    on_floor = sum(colour != 5 for colour in board.floor)
    assert len(letters) == on_lines + 25 + on_floor  # tiles, plus the empty faint cells
    assert on_wall == 2
    assert "B" in letters and "K" in letters
    gray = [t for t in texts(draw.board_scene(Board(gray=True), display=CB)) if t in LETTERS]
    assert gray == []  # a gray cell has no colour to name


def test_high_contrast_is_bigger_and_bolder():
    normal = draw.board_scene(example_board())
    big = draw.board_scene(example_board(), display=PROJECTOR)
    assert big.width == pytest.approx(normal.width * PROJECTOR.scale)
    assert max(s.width for s in big.shapes) > max(s.width for s in normal.shapes)
    assert min(s.size for s in big.shapes if s.kind == "text") > \
        min(s.size for s in normal.shapes if s.kind == "text")
    assert all(s.weight == "bold" for s in big.shapes if s.kind == "text")


def test_the_display_in_force_is_used_when_none_is_given():
    before = display()
    try:
        set_display(colour_blind=True)
        assert "K" in texts(draw.board_scene(example_board()))
    finally:
        set_display(before)
    assert "K" not in texts(draw.board_scene(example_board()))


def test_highlight_rings_the_keyed_element():
    scene = draw.board_scene(example_board(), highlight=["line:2", "wall:3,3", "floor"])
    ink = display().highlight
    rings = [s for s in scene.shapes if s.stroke == ink and s.fill == "none"]
    assert sorted(s.key for s in rings) == ["floor", "line:2", "wall:3,3"]


def test_keys_can_carry_a_prefix():
    svg = draw.board_scene(example_board(), key_prefix="player:1:").to_svg()
    assert 'data-key="player:1:wall:0,0"' in svg and 'data-key="wall:0,0"' not in svg


# --- placements and tiling steps --------------------------------------------------------------------


def test_a_placement_names_its_runs_and_writes_its_points():
    scenario = Scenario.from_dict(ENDING)
    step = scenario.tile().player_steps(1)[0]
    assert isinstance(step, Placement) and step.points == 8
    svg = draw.placement_scene(scenario.boards[1], step).to_svg()
    assert "5 across + 3 down = 8" in svg
    assert "(score 20 + 8 = 28)" in svg
    for r, c in cells(step.horizontal):
        assert f"row {r}, column {c}: in the run across" in svg
    for r, c in cells(step.vertical):
        assert f"row {r}, column {c}: in the run down" in svg
    assert f"row {step.row}, column {step.column}: the new tile" in svg
    assert svg.count("in the run across") == 5 and svg.count("in the run down") == 3


def test_a_lone_tile_scores_alone():
    scenario = Scenario.from_dict(EXAMPLE)
    steps = scenario.tile().player_steps(0)
    assert draw.points_text(steps[0]) == "2 across = 2"
    assert draw.points_text(steps[1]) == "alone: 1"
    svg = draw.placement_scene(scenario.boards[0], steps[0]).to_svg()
    assert "in the run down" not in svg and svg.count("in the run across") == 2


def test_the_placement_picture_does_not_change_the_board():
    board = example_board()
    before = board.to_dict()
    step = Scenario.from_dict(EXAMPLE).tile().player_steps(0)[0]
    draw.placement_scene(board, step)
    assert board.to_dict() == before


def test_one_scene_per_tiling_step_with_the_clamp_told():
    scenario = Scenario.from_dict(ENDING)
    result = scenario.tile()
    steps = result.player_steps(0)
    scenes = draw.tiling_scenes(scenario.boards[0], steps)
    assert len(scenes) == len(steps) == 4  # two placements, the floor, the end bonus
    floor = scenes[2].to_svg()
    penalty = next(s for s in steps if isinstance(s, FloorPenalty))
    assert penalty.clamped
    assert "floor: 6 tiles: \u22121 \u22121 \u22122 \u22122 \u22122 \u22123 = \u221211" in floor
    assert "6 \u2212 11 would be \u22125: a score stops at 0" in floor
    assert floor.count("slot ") == 6  # each occupied slot ringed with its penalty
    bonus = draw.tiling_scenes(scenario.boards[1], result.player_steps(1))[-1].to_svg()
    assert "end of the game: bonus +6 (score 36 \u2192 42)" in bonus
    assert "3 complete rows \u00d7 2 = 6" in bonus


def test_tiling_scenes_can_run_the_tiling_themselves():
    board = example_board()
    scenes = draw.tiling_scenes(board)
    assert len(scenes) == 3 and "floor: 2 tiles" in scenes[-1].to_svg()
    assert board.to_dict() == example_board().to_dict()


def test_the_tiling_scenes_draw_the_engines_steps_and_refuse_another_boards():
    scenario = Scenario.from_dict(ENDING)
    result = scenario.tile()
    steps = result.player_steps(1)
    made = replay(scenario.boards[1], steps)
    assert [m.step for m in made] == steps
    assert [m.before.to_dict() for m in made[1:]] == [m.after.to_dict() for m in made[:-1]]
    assert made[-1].after.to_dict() == result.boards[1].to_dict()
    with pytest.raises(ValueError, match="not the next one of this board"):
        draw.tiling_scenes(scenario.boards[0], steps)


def test_a_gray_line_with_no_free_cell_goes_to_the_floor_in_its_own_scene():
    scenario = Scenario.from_dict({"game": "azul", "wall": "gray", "players": [{
        "wall": [".....", "YRKW.", ".....", ".....", "....B"],
        "pattern_lines": ["", "BB", "", "", ""]}]})
    steps = scenario.tile().player_steps(0)
    assert isinstance(steps[0], ToFloor)
    scenes = draw.tiling_scenes(scenario.boards[0], steps)
    assert "both tiles go to the floor" in scenes[0].to_svg()


def test_the_gray_tiling_phase_rings_the_line_to_place():
    game = Game(2, seed=8, wall="gray")
    policy = GreedyPolicy()
    while game.phase != "tiling":
        game.play(policy(game))
    line = game.boards[game.current].next_complete_line()
    scene = draw.game_scene(game)
    assert texts(scene)[0] == (f"round 1, wall tiling (gray wall): player {game.current + 1} "
                               f"chooses the column of line {line}")
    rings = [s.key for s in scene.shapes if s.fill == "none" and s.stroke == display().highlight
             and s.kind == "rect" and s.key]
    assert rings == [f"player:{game.current}:line:{line}"]


def _positions():
    """Positions in the middle of random games, to tile as scenarios."""
    found = []
    for seed in range(4):
        game = Game(2, seed=seed)
        policies = [GreedyPolicy(), RandomPolicy(seed)]
        while not game.over and len(found) < 6 * (seed + 1):
            game.play(policies[game.current](game))
            if game.phase == "offer" and any(b.next_complete_line() is not None
                                             for b in game.boards):
                found.append(Scenario.from_game(game))
    return found


POSITIONS = _positions()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(POSITIONS))
def test_every_placement_writes_its_own_points(scenario):
    result = scenario.tile()
    for p, board in enumerate(scenario.boards):
        steps = result.player_steps(p)
        scenes = draw.tiling_scenes(board, steps)
        assert len(scenes) == len(steps)
        for step, scene in zip(steps, scenes, strict=True):
            if isinstance(step, Placement):
                text = draw.points_text(step)
                assert text in scene.to_svg()
                numbers = [int(n) for n in re.findall(r"\d+", text)]
                if text.startswith("alone"):
                    assert numbers == [1] == [step.points]
                else:
                    assert sum(numbers[:-1]) == numbers[-1] == step.points
                assert f"score {step.score}" in texts(scene)


# --- the offer, the table, several boards -------------------------------------------------------------


def test_each_colour_of_each_factory_is_clickable():
    game = Game(4, seed=2)
    svg = draw.offer_scene(game).to_svg()
    for i, counts in enumerate(game.factories):
        for colour, letter in enumerate(LETTERS):
            assert (f'data-key="factory:{i}:{letter}"' in svg) == bool(counts[colour])
    assert "first-player marker" in svg and "centre:" not in svg


def test_the_centre_groups_its_tiles_by_colour():
    game = Game(2, seed=2)
    counts = list(game.factories[0])
    colour = next(c for c in range(5) if counts[c])
    game.play(Take(0, colour, 4))
    assert sum(game.centre) == 4 - counts[colour] > 0
    scene = draw.offer_scene(game)
    svg = scene.to_svg()
    for c, letter in enumerate(LETTERS):
        assert (f'data-key="centre:{letter}"' in svg) == bool(game.centre[c])
        if game.centre[c]:
            assert f"\u00d7{game.centre[c]}" in texts(scene)
    assert 'data-key="factory:0:' not in svg  # factory 0 is empty now
    game.play(next(m for m in game.legal_moves() if m.source == CENTRE))
    assert game.centre_marker is False
    assert "first-player marker" not in draw.offer_scene(game).to_svg()


def test_offer_highlight_and_colour_blind_letters():
    game = Game(2, seed=2)
    letter = next(LETTERS[c] for c in range(5) if game.factories[1][c])
    scene = draw.offer_scene(game, highlight=[f"factory:1:{letter}"], display=CB)
    assert any(s.key == f"factory:1:{letter}" and s.fill == "none" for s in scene.shapes)
    assert sum(t in LETTERS for t in texts(scene)) == 20  # five factories of four tiles
    assert not any(t in LETTERS for t in texts(draw.offer_scene(game)))


def test_the_table_shows_every_board_with_prefixed_keys():
    game = Game(3, seed=5)
    game.play(game.legal_moves()[0])
    scene = draw.game_scene(game)
    svg = scene.to_svg()
    for p in range(3):
        assert f'data-key="player:{p}:line:4"' in svg and f"player {p + 1}" in svg
    assert "player 2 \u2014 to move" in texts(scene)
    assert 'data-key="factory:1:' in svg
    assert texts(scene)[0] == "round 1, factory offer (coloured wall): player 2 to move"


def test_a_finished_game_names_its_winners():
    game = Game(2, seed=9)
    play_out(game, GreedyPolicy())
    head = texts(draw.game_scene(game))
    assert head[0].startswith("game over after round")
    assert any(t.endswith("\u2014 wins") for t in head)


def test_a_scenario_before_and_after_its_tiling():
    scenario = Scenario.from_dict(ENDING)
    before = texts(draw.scenario_scene(scenario))
    after = texts(draw.scenario_scene(scenario, tiled=True))
    assert "score 3" in before and "score 20" in before
    assert "player 1: 3 \u2192 0" in after
    assert "player 2: 20 \u2192 42 \u2014 wins" in after
    assert "score 42" in after


def test_the_palette_keys_its_colours():
    scene = draw.palette_scene(selected=2)
    svg = scene.to_svg()
    assert all(f'data-key="colour:{letter}"' in svg for letter in LETTERS)
    assert [s.key for s in scene.shapes if s.fill == "none"] == ["colour:R"]


def test_tile_colours_have_one_home_and_white_stands_out():
    assert sorted(draw.TILE_FILL) == list(range(5)) == sorted(draw.TILE_EDGE)
    assert len(set(draw.TILE_FILL.values())) == 5
    assert draw.TILE_FILL[4] != draw.BOARD_FILL and draw.TILE_EDGE[4] != draw.TILE_FILL[4]


# --- the objects show themselves -------------------------------------------------------------------


def test_rules_objects_show_themselves_as_svg():
    scenario = Scenario.from_dict(EXAMPLE)
    game = Game(2, seed=1)
    for thing in (scenario.boards[0], game, scenario, scenario.tile()):
        svg = thing._repr_svg_()
        assert svg.startswith("<svg") and 'data-key="' in svg
    assert "score 13" in scenario.tile()._repr_svg_()


# --- languages: every word of a picture comes from the catalogue of the language in force --------


def test_every_key_the_pictures_use_is_in_english():
    source = Path(draw.__file__).read_text(encoding="utf-8")
    used = {node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and re.fullmatch(r"draw\.[a-z_.]*[a-z_]", node.value)}
    english = i18n.table("azul", "en")
    assert len(used) > 50 and used <= set(english), used - set(english)


def test_labels_tooltips_and_captions_follow_the_language():
    english = draw.board_scene(example_board()).to_svg()
    i18n.set_language("fa")
    scene = draw.board_scene(example_board(), title=t("draw.player.name", player=0))
    words = texts(scene)
    # The Persian text (English where it has none yet), each value isolated for right to left.
    score = t("draw.board.score", score=12)
    assert score in words and i18n.FSI in score and score not in english
    assert t("draw.player.name", player=0) in words
    assert t("draw.floor.label") in words
    tips = [s.title for s in keyed(scene, "line:1")]
    assert t("draw.line.tip", line=1, count=2, colour=colour_title(1), capacity=2) in tips
    result = Scenario.from_dict(ENDING).tile()
    caption = draw.step_caption(result.player_steps(1)[0])
    assert caption[0] == t("draw.step.placement", line=1, colour=colour_title(1), row=1, column=2)


def test_persian_words_on_the_table(stand_in):
    stand_in("azul", "fa", {"draw.player.name": "بازیکن {player}", "draw.centre.label": "مرکز",
                            "tile.blue": "آبی"})
    game = Game(2, seed=1)
    scene = draw.game_scene(game)
    assert f"بازیکن {i18n.FSI}2{i18n.PDI}" in texts(scene) and "مرکز" in texts(scene)
    assert [s.title for s in keyed(draw.palette_scene(), "colour:B") if s.title] == ["آبی"]
    svg = scene.to_svg()
    assert svg.startswith("<svg") and "مرکز" in svg


def test_a_persian_picture_renders_to_png(stand_in, tmp_path):
    stand_in("azul", "fa", {"draw.board.score": "امتیاز {score}", "draw.floor.label": "کف"})
    path = draw.board_scene(example_board()).save(tmp_path / "board.png")
    assert path.read_bytes().startswith(b"\x89PNG")
