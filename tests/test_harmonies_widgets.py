"""The Harmonies widgets, driven through their public methods as the front end drives them."""

from __future__ import annotations

import gc
import json
import weakref
from html import escape

import ipywidgets as w
import pytest

from harmonies import habitats, scoring
from harmonies.actions import PlaceToken
from harmonies.board import Board
from harmonies.errors import HarmoniesError
from harmonies.locale import t
from harmonies.policies import GreedyPolicy
from harmonies.scenario import Scenario
from harmonies.widgets import (
    SCORE_KEYS,
    SEAT_KINDS,
    BoardEditor,
    GameTable,
    HabitatExplorer,
    WhatIf,
)
from harmonies.widgets.common import _river_title
from tabletop import i18n

# The scenario of docs/harmonies.md, without its cubes and cards.
EXAMPLE = {"game": "harmonies", "side": "A",
           "board": {"a1": ["yellow"], "b1": ["gray"], "c2": ["gray"], "a3": ["brown", "green"],
                     "b3": ["yellow"], "c4": ["yellow"], "e1": ["gray", "gray", "gray"],
                     "e2": ["gray", "gray"], "c3": ["brown", "red"], "d2": ["blue"], "d3": ["blue"],
                     "e4": ["blue"]}}


def example_board() -> Board:
    return Scenario.from_dict(EXAMPLE).board


def front_end_click(widget, key: str) -> None:
    """What the browser does: the ClickableSVG reports a data-key."""
    widget._message(widget, {"type": "click", "key": key}, [])


# ---------------------------------------------------------------------------------------------
# BoardEditor


def test_editor_is_a_container_and_starts_empty():
    editor = BoardEditor()
    assert isinstance(editor, w.VBox)
    assert editor.board == Board("A")
    assert editor.breakdown.total == 0
    assert editor.message == ""
    assert editor.svg.startswith("<svg")


def test_three_clicks_make_a_tree_of_height_3_worth_7():
    editor = BoardEditor()
    for colour in ("brown", "brown", "green"):
        editor.choose(colour)
        editor.click("cell:c3")
    assert editor.board.stack("c3") == ("brown", "brown", "green")
    assert editor.breakdown.trees == 7
    assert editor.breakdown == scoring.score(editor.board)
    assert editor.message == ""


def test_the_board_picture_reports_clicks_to_the_editor():
    editor = BoardEditor()
    front_end_click(editor._palette, "colour:grey")
    assert editor.tool == "gray"
    front_end_click(editor._view, "cell:b2")
    assert editor.board.stack("b2") == ("gray",)


def test_an_illegal_click_shows_the_engines_message_and_changes_nothing():
    editor = BoardEditor()
    editor.choose("yellow")
    editor.click("a1")
    # the picture, not the places' names: those say what the colour in hand would do
    board, svg, total = editor.board, editor.scene.to_svg(), editor.breakdown.total
    for colour in ("yellow", "green", "red", "brown"):
        editor.choose(colour)
        editor.click("a1")
        assert "nothing can be stacked on yellow" in editor.message
        assert editor.board == board and editor.scene.to_svg() == svg and editor.breakdown.total == total
    editor.click("z9")
    assert "not a cell of side A" in editor.message
    assert editor.board == board
    assert "nothing can be stacked" not in editor._message_box.value  # the latest message only
    editor.choose("purple")
    assert "not a token colour" in editor.message
    assert editor.tool == "brown"


def test_undo_and_redo_walk_the_history():
    editor = BoardEditor()
    editor.choose("blue")
    for cell in ("a1", "a2", "a3"):
        editor.click(cell)
    editor.undo()
    editor.undo()
    assert [c for c, _ in editor.board.stacks()] == ["a1"]
    editor.redo()
    assert [c for c, _ in editor.board.stacks()] == ["a1", "a2"]
    editor.click("b1")  # a new change forgets the redo
    editor.redo()
    assert editor.message == "nothing to redo"
    for _ in range(3):
        editor.undo()
    assert editor.board == Board("A")
    editor.undo()
    assert editor.message == "nothing to undo"


def test_clear_empties_the_board_and_can_be_undone():
    editor = BoardEditor(example_board())
    editor.clear()
    assert editor.board == Board("A") and editor.breakdown.total == 0
    editor.undo()
    assert editor.board == example_board()


def test_switching_side_clears_the_board_and_can_be_undone():
    editor = BoardEditor(example_board())
    editor.set_side("b")
    assert editor.board == Board("B")
    assert editor.breakdown.water == 5  # side B: the empty board is one island
    assert 'data-key="cell:g4"' in editor.svg
    editor.undo()
    assert editor.board == example_board()
    editor.set_side("C")
    assert "not a side" in editor.message
    assert editor.board == example_board()


def test_the_cube_tool_toggles_a_cube_on_any_token():
    editor = BoardEditor(example_board())
    editor.choose("cube")
    editor.click("d2")  # no habitat needed: the editor is a what-if tool
    assert editor.board.has_cube("d2")
    svg = editor.scene.to_svg()  # the picture (the places' names follow the tool)
    editor.choose("blue")
    editor.click("d2")
    assert "animal cube" in editor.message and editor.scene.to_svg() == svg
    editor.choose("cube")
    editor.click("d2")
    assert not editor.board.has_cube("d2")
    editor.click("a2")
    assert "a2 is empty" in editor.message
    editor.undo()
    assert editor.board.has_cube("d2")


def test_save_and_load_round_trip(tmp_path):
    editor = BoardEditor(example_board(), animals=[(23, 1)], spirit=("Lion", True))
    path = editor.save(tmp_path / "mine.json")
    assert path is not None and editor.message == ""
    assert Scenario.load(path) == editor.scenario()
    other = BoardEditor()
    other.load(str(path))
    assert other.scenario() == editor.scenario()
    assert other.breakdown == editor.breakdown
    assert other.breakdown.animals == 4 and other.breakdown.spirit == 4
    other.undo()
    assert other.board == Board("A")
    other.load(json.dumps(EXAMPLE))  # the file's text works too
    assert other.board == example_board()


def test_a_bad_file_shows_its_field_and_changes_nothing(tmp_path):
    editor = BoardEditor(example_board())
    svg = editor.svg
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**EXAMPLE, "board": {"a1": ["yellow", "red"]}}))
    editor.load(bad)
    assert editor.message.startswith("board.a1: red cannot go on a1")
    editor.load(tmp_path / "missing.json")
    assert "no such file" in editor.message
    editor.load("{not json")
    assert "not valid JSON" in editor.message
    assert editor.board == example_board() and editor.svg == svg
    assert editor.save(tmp_path / "no-such-folder" / "x.json") is None
    assert "cannot write" in editor.message


def test_river_reading_changes_the_ring_score():
    ring = Board("A")
    for cell in ("c2", "d2", "d3", "c4", "b3", "b2"):
        ring.place(cell, "blue")
    editor = BoardEditor(ring)
    assert editor.breakdown.water == 8
    editor.set_river("loops-full-length")
    assert editor.breakdown.water == 15
    editor.set_river("longest")
    assert "not a river reading" in editor.message
    editor.undo()
    assert editor.breakdown.water == 8


def test_a_category_outlines_its_items_on_the_board():
    editor = BoardEditor(example_board())
    plain = editor.svg
    editor.show_category("mountains")
    assert editor.category == "mountains" and editor.svg != plain
    assert "mountain of height 3 at e1: 7" in editor.svg  # the outline's tooltip
    assert editor._category_buttons["mountains"].button_style == "info"
    editor._category_buttons["mountains"].click()  # clicking it again removes the outline
    assert editor.category is None and editor.svg == plain
    editor.show_category("roads")
    assert "not a scoring category" in editor.message and editor.svg == plain


def test_the_score_table_follows_every_change():
    editor = BoardEditor()
    editor.choose("yellow")
    editor.click("a1")
    editor.click("a2")
    assert editor._score_values["fields"].value == "5"
    assert editor._score_values["total"].value == "<b>5</b>"


# ---------------------------------------------------------------------------------------------
# HabitatExplorer


def test_the_explorer_finds_the_placements_and_the_cube_cells():
    explorer = HabitatExplorer(example_board(), "Fennec Fox")
    assert explorer.matches == habitats.matches(23, example_board())
    assert [m.cells for m in explorer.matches] == [("a1", "b1", "c2")]
    assert explorer.cube_cells == ["c2"]
    assert 'data-key="rotation:5"' in explorer._rotations.svg


def test_a_rotation_filter_keeps_that_rotations_habitats():
    explorer = HabitatExplorer(example_board(), 23)
    plain = explorer._rotations.svg
    explorer.show_rotation(3)
    assert explorer.matches == []
    framed = set(explorer._rotations.svg.splitlines()) - set(plain.splitlines())
    assert len(framed) == 1 and 'data-key="rotation:3"' in framed.pop()  # the chosen panel is framed
    front_end_click(explorer._rotations, "rotation:0")
    assert explorer.rotation == 0 and len(explorer.matches) == 1
    explorer.show_rotation(None)
    assert len(explorer.matches) == 1
    explorer.show_rotation(9)
    assert "not a rotation" in explorer.message


def test_near_misses_are_drawn_as_ghost_tokens():
    explorer = HabitatExplorer(example_board(), 23)
    explorer.select_card("Lion")
    assert [(n.cell, str(n.colour)) for n in explorer.near_misses] == [("a2", "yellow")]
    ghost = [line for line in explorer.svg.splitlines()
             if 'data-key="cell:a2"' in line and 'opacity="0.5"' in line and 'fill="#f2c200"' in line]
    assert ghost  # a translucent yellow token on the empty cell a2
    explorer.select_card(99)
    assert "no card 99" in explorer.message and explorer.card.name == "Lion"


def test_a_click_places_a_cube_only_on_a_legal_cube_cell():
    explorer = HabitatExplorer(example_board(), 23)
    svg = explorer.svg
    explorer.click("d2")
    assert explorer.message == "no Fennec Fox habitat has its cube cell at d2 (a cube of it can go on c2 now)"
    assert explorer.svg == svg and not explorer.board.has_cube("d2")
    front_end_click(explorer._view, "cell:c2")
    assert explorer.board.has_cube("c2") and explorer.message == ""
    assert explorer.cube_cells == [] and explorer.svg != svg
    explorer.click("c2")
    assert "already holds a cube" in explorer.message


def test_the_explorer_takes_a_new_board():
    explorer = HabitatExplorer(card=23)
    assert explorer.matches == []
    explorer.set_board(json.dumps(EXAMPLE))
    assert explorer.cube_cells == ["c2"]
    explorer.set_board('{"game": "azul"}')
    assert "side: missing" in explorer.message or "game" in explorer.message
    assert explorer.cube_cells == ["c2"]


# ---------------------------------------------------------------------------------------------
# GameTable


def _place_hand_by_clicks(table: GameTable) -> None:
    """Place the tokens in hand by clicks: a colour (when there is a choice), then a legal cell."""
    game = table.game
    while game.hand:
        colour = game.hand[0]
        if len(set(game.hand)) > 1:
            table.click(f"colour:{colour}")
            assert table.chosen_colour == colour
        ring = f'fill="none" stroke="#e6007e" stroke-width="2.5" data-key="colour:{colour}"'
        assert ring in table.svg  # the token the next click places is ringed in hand
        cell = next(a.cell for a in game.legal_actions() if type(a) is PlaceToken and a.colour == colour)
        table.click(f"seat{game.current}:cell:{cell}")
        assert table.message == ""


def test_a_human_turn_by_clicks_then_the_opponent_answers():
    table = GameTable(2, seed=1)
    assert table.seats == ["human", "greedy"] and table.game.current == 0
    tokens = list(table.game.central[0])
    table.click("space:1")
    assert sorted(table.game.hand) == sorted(tokens)
    assert "took" in table.log[-1] and "space 1" in table.log[-1]
    if len(set(table.game.hand)) > 1:
        table.click("cell:c3")
        assert "choose which token" in table.message
    _place_hand_by_clicks(table)
    assert table.game.player.board.token_count() == 3
    table.end_turn()
    assert table.game.current == 0 and table.game.turn == 3  # the greedy seat has played
    assert any(line.startswith("Player 2 (greedy) took") for line in table.log)
    assert table.game.players[1].board.token_count() == 3


def test_the_table_refuses_what_the_engine_refuses():
    table = GameTable(2, seed=1)
    table.click("space:1")
    state, svg = table.game.to_dict(), table.svg
    table.click("space:2")
    assert "you already took the tokens of space 1" in table.message
    table.end_turn()
    assert "place your 3 tokens before ending your turn" in table.message
    table.click("seat1:cell:c3")
    assert "Player 2 (greedy)'s side" in table.message
    table.choose("purple")
    assert "not a token colour" in table.message
    table.act("jump 3")
    assert "unknown action" in table.message
    assert table.game.to_dict() == state and table.svg == svg


def test_choosing_a_colour_with_an_empty_hand_says_so_in_every_language():
    """A warning that puts a catalogue text (``t.lazy``) into words reaches the page as words
    (found by the widget machines: it used to raise AttributeError from ``html.escape``)."""
    table = GameTable(2, seed=1)
    for code in ("en", "fa", "nl", "vi"):
        i18n.set_language(code)
        table.choose("blue")
        assert table.message == t("table.empty_hand")
        assert escape(t("table.empty_hand")) in table.message_box.value


def test_a_click_on_a_seat_the_table_does_not_have_is_refused_in_words():
    """Found by the widget machines: ``seat7:cell:c3`` at a table of 2 raised IndexError."""
    table = GameTable(2, seed=1)
    state = table.game.to_dict()
    table.click("seat7:cell:c3")
    assert table.message == t("table.not_clickable", key=repr("seat7:cell:c3"))
    assert table.game.to_dict() == state


def test_undo_goes_back_within_the_turn_only():
    table = GameTable(2, seed=1)
    start = table.game.to_dict()
    table.click("space:2")
    _place_hand_by_clicks(table)
    for _ in range(4):
        table.undo()
    assert table.game.to_dict() == start
    assert table.log[-1] == "— round 1: Player 1 (human) to play"
    table.undo()
    assert table.message == "nothing to undo"


def test_cards_and_cubes_by_clicks():
    table = GameTable(1, seed=3)
    game = table.game
    pick = game.display[0]
    table.click(f"display:{pick}")
    assert game.player.held == [pick]
    plain = table.scene.to_svg()  # the picture alone (the places' names say what a click does now)
    table.click(f"seat0:held:{pick}")
    assert table.chosen_card == pick
    ringed = set(table.scene.to_svg().splitlines()) - set(plain.splitlines())
    assert ringed and all(f'data-key="seat0:held:{pick}"' in line for line in ringed)
    table.click("space:1")
    state = game.to_dict()
    table.click("cell:a1")  # with a card selected, a cell click is a cube, which the engine refuses
    with pytest.raises(HarmoniesError) as refused:
        game.copy().play(f"cube {pick} a1")
    assert table.message == str(refused.value) and game.to_dict() == state
    table.click(f"card:{pick}")  # a second click on the card cancels the choice
    assert table.chosen_card is None


def test_computer_seats_wait_when_auto_is_off():
    table = GameTable(2, seats=["random", "human"], seed=4, auto=False)
    assert table.game.current == 0
    table.click("space:1")
    assert "Player 1 (random) is to play" in table.message
    table.step()
    assert table.game.taken_space is not None or table.game.player.held
    table.run_opponents()
    assert table.game.current == 1 and not table.game.over
    table.step()
    assert "played by a human" in table.message


def test_a_computer_first_seat_plays_at_once():
    table = GameTable(3, seats=["greedy", "human", "random"], seed=2)
    assert table.game.current == 1
    assert table.game.players[0].board.token_count() == 3


def test_a_whole_game_against_greedy_opponents_ends_with_the_winners_in_the_log():
    table = GameTable(3, seed=11)
    me = GreedyPolicy(7)
    while not table.game.over:
        table.act(str(me(table.game)))
        assert table.message == ""
    assert table.log[-1].startswith(("Winner: ", "Shared victory: "))
    winners = table.game.winners()
    assert all(f"Player {s + 1}" in table.log[-1] for s in winners)
    assert any(line.startswith("Game over: ") for line in table.log)
    totals = [b.total for b in table.game.scores()]
    for seat, total in enumerate(totals):
        assert any(line.startswith(f"Player {seat + 1} (") and f": {total} points (" in line
                   for line in table.log)
    table.click("space:1")
    assert table.message == "the game is over"


def test_a_solo_game_with_spirits_ends_with_its_suns():
    table = GameTable(1, spirits=True, seed=5)
    offer = table.game.player.spirit_offer
    table.click(f"spirit:{offer[0]}")
    assert table.game.player.spirit == offer[0]
    me = GreedyPolicy(3)
    while not table.game.over:
        table.act(str(me(table.game)))
        assert table.message == ""
    assert table.log[-1].startswith(f"Suns: {table.game.suns()} ")


# ---------------------------------------------------------------------------------------------
# WhatIf


def test_the_difference_is_the_engines_breakdowns():
    before = example_board()
    after = example_board()
    after.place("e5", "blue")  # the river d2 → e4 grows by one
    after.place("a2", "yellow")  # the lone yellow a1 becomes a field
    view = WhatIf(before, Scenario(after), labels=("now", "then"))
    a, b = scoring.score(before).to_dict(), scoring.score(after).to_dict()
    assert view.difference() == {key: (a[key], b[key], b[key] - a[key]) for key in a}
    lines = view.explanation.splitlines()
    assert lines[2] == "fields: 5 → 10 (+5): + field of 2 yellow tokens (a1, a2) (5)"
    assert lines[4] == ("water: 5 → 8 (+3): + river of 4 tokens (d2 → e5), shortest path (8); "
                        "− river of 3 tokens (d2 → e4), shortest path (5)")
    assert lines[0] == "trees: 3 → 3 (no change)"
    assert lines[-1] == f"total: {a['total']} → {b['total']} (+8)"


def test_the_difference_follows_edits_on_either_side():
    view = WhatIf(json.dumps(EXAMPLE))
    assert all(d == 0 for _, _, d in view.difference().values())
    view.right.choose("green")
    view.right.click("b2")
    assert view.difference()["trees"] == (3, 4, 1)
    assert "trees: 3 → 4 (+1): + tree of height 1 at b2 (1)" in view.explanation
    view.left.choose("gray")
    view.left.click("b1")
    left, right = scoring.score(view.left.board), scoring.score(view.right.board)
    assert view.difference()["mountains"] == (left.mountains, right.mountains,
                                              right.mountains - left.mountains)
    assert "mountains: 14 → 12 (-2): + mountain of height 1 at b1 (1)" in view.explanation
    assert view.explanation.endswith(f"total: {view.left.breakdown.total} → {view.right.breakdown.total} "
                                     f"({view.right.breakdown.total - view.left.breakdown.total:+d})")


@pytest.mark.parametrize("widget", [BoardEditor, HabitatExplorer])
def test_a_scenario_is_accepted(widget):
    shown = widget(Scenario.from_dict(EXAMPLE))
    assert shown.board == example_board()


def test_a_solo_swap_by_click_closes_the_turn():
    table = GameTable(1, seed=3)
    game = table.game
    table.click("space:1")
    _place_hand_by_clicks(table)
    out = game.display[0]
    table.click(f"swap:{out}")
    assert table.message == "" and out in game.discarded and out not in game.display
    assert table.log[-1].endswith(f"(card {out}) out of the display")
    table.click(f"display:{game.display[0]}")
    assert "only 'end' is left" in table.message
    table.end_turn()
    assert game.turn == 2 and table.message == ""


# ---------------------------------------------------------------------------------------------
# Languages: every widget follows the language menu


@pytest.fixture
def marked_dutch(stand_in):
    """A Dutch catalogue in which every Harmonies text is its English one marked ``NL ``, so that a
    text not relabelled (still English) shows; the real catalogue comes back afterwards. English
    stays in force: each test chooses Dutch itself."""
    stand_in("harmonies", "nl", {key: {form: f"NL {words}" for form, words in text.items()}
                                 if isinstance(text, dict) else f"NL {text}"
                                 for key, text in i18n.table("harmonies", "en").items()})
    i18n.set_language("en")


def _in_dutch(key: str, **params) -> str:
    assert i18n.language() == "nl"
    text = t(key, **params)
    assert text.startswith("NL ")  # the marked catalogue is in force
    return text


def test_the_editor_relabels_every_control_and_keeps_its_state(marked_dutch):
    editor = BoardEditor(example_board())
    editor.set_river("loops-full-length")
    editor.redo()  # nothing to redo: a message to put into the new language
    board, past, score = editor.board, len(editor.model.history.past), editor.breakdown.to_dict()
    i18n.set_language("nl")
    assert editor._undo.description == _in_dutch("editor.undo")
    assert editor._clear.description == _in_dutch("editor.clear")
    assert editor._cube_tool.tooltip == _in_dutch("editor.cube.tooltip")
    assert editor._side.tooltips == (_in_dutch("editor.side.a"), _in_dutch("editor.side.b"))
    assert editor._river.options == ((_in_dutch("editor.river.shortest_path"), "shortest-path"),
                                     (_in_dutch("editor.river.loops_full_length"), "loops-full-length"))
    assert editor._river.value == "loops-full-length" and editor.breakdown.river == "loops-full-length"
    assert editor._category_buttons["trees"].description == scoring.category_title("trees")
    assert scoring.category_title("trees").startswith("NL ")
    assert editor._save.description == _in_dutch("editor.save")
    assert editor.message == _in_dutch("editor.nothing_to_redo")
    assert 'lang="nl"' in editor._message_box.value
    assert editor.board == board and len(editor.model.history.past) == past  # relabelling is no edit
    assert editor.breakdown.to_dict() == score
    i18n.set_language("en")
    assert editor._undo.description == "undo" and editor.message == "nothing to redo"


def test_the_explorer_relabels_its_menus_title_and_message(marked_dutch):
    explorer = HabitatExplorer(example_board(), 23)
    explorer.show_rotation(2)
    explorer.click("d2")
    i18n.set_language("nl")
    options = {value: label for label, value in explorer._choice.options}
    assert options[23] == _in_dutch("explorer.card_option", id=23, card="NL Fennec Fox")
    assert options[33] == _in_dutch("explorer.card_option.spirit", id=33, card="NL Lion")
    assert explorer._choice.value == 23 and explorer._rotation_choice.value == 2 and explorer.rotation == 2
    assert explorer._rotation_choice.options[0] == (_in_dutch("explorer.rotation.all"), None)
    assert explorer.message == _in_dutch("explorer.cube_elsewhere", card="NL Fennec Fox", cell="d2",
                                         cells="c2")
    assert escape(_in_dutch("explorer.shown.rotation", rotation=2)) in explorer.svg
    i18n.set_language("en")
    assert explorer.message == "no Fennec Fox habitat has its cube cell at d2 (a cube of it can go on c2 now)"


def test_the_table_retells_its_log_and_status_in_the_new_language(marked_dutch):
    table = GameTable(2, seed=1)
    table.click("space:1")
    table.end_turn()  # refused: a message
    english, state = list(table.log), table.game.to_dict()
    i18n.set_language("nl")
    assert table.buttons["end_turn"].description == _in_dutch("table.end_turn")
    assert table.buttons["run"].description == _in_dutch("table.run")
    assert table.action_box.placeholder == _in_dutch("table.action_placeholder")
    assert len(table.log) == len(english) and all(line.startswith("NL ") for line in table.log)
    assert table.log[1] == _in_dutch("table.log.to_play", round=1,
                                     player=_in_dutch("table.player", number=1, kind="NL human"))
    assert "NL Round" in table.status_box.value and 'lang="nl"' in table.status_box.value
    assert table.game.to_dict() == state
    i18n.set_language("en")
    assert table.log == english
    assert "place your 3 tokens before ending your turn" in table.message


def test_the_what_if_view_explains_in_the_new_language(marked_dutch):
    view = WhatIf(json.dumps(EXAMPLE))
    view.right.choose("green")
    view.right.click("b2")
    english = view.explanation
    i18n.set_language("nl")
    tree = next(i.label for i in view.right.breakdown.items_for("trees") if "b2" in i.label)
    assert tree.startswith("NL ")  # the engine's item, scored again in the new language
    change = _in_dutch("whatif.change", category="NL trees", before=3, after=4, difference="+1")
    gained = _in_dutch("whatif.gained", item=tree, points=1)
    assert view.explanation.splitlines()[0] == _in_dutch("whatif.items", change=change, items=gained)
    assert _in_dutch("whatif.before") in view._headings[0].value
    assert _in_dutch("whatif.difference") in view._summary.value
    assert view.right._undo.description == _in_dutch("editor.undo")  # each editor follows by itself
    i18n.set_language("en")
    assert view.explanation == english


def _widgets():
    view = WhatIf()
    return [BoardEditor(), HabitatExplorer(), GameTable(1, seed=2), view, view.left, view.right]


def test_persian_turns_every_widget_right_to_left_and_english_turns_it_back():
    widgets = _widgets()
    for widget in widgets:
        assert widget.lang == "en" and widget.dir == "ltr" and "tabletop-rtl" not in widget._dom_classes
    i18n.set_language("fa")
    for widget in widgets:
        assert widget.lang == "fa" and widget.dir == "rtl"
        assert "tabletop-rtl" in widget._dom_classes and "tabletop-localised" in widget._dom_classes
    assert 'dir="rtl"' in widgets[2].status_box.value and 'dir="rtl"' in widgets[2].log_box.value
    i18n.set_language("en")
    for widget in widgets:
        assert widget.lang == "en" and widget.dir == "ltr" and "tabletop-rtl" not in widget._dom_classes


def test_a_whole_game_in_persian_then_back_in_english():
    table = GameTable(2, seed=11)
    i18n.set_language("fa")
    me = GreedyPolicy(7)
    while not table.game.over:
        table.act(str(me(table.game)))
        assert table.message == ""
    i18n.set_language("en")
    assert table.log[-1].startswith(("Winner: ", "Shared victory: "))
    assert i18n.FSI not in "".join(table.log)  # retold in English, without Persian isolates


def _close(widget) -> None:
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()


@pytest.mark.parametrize("make", [BoardEditor, HabitatExplorer, lambda: GameTable(seed=1), WhatIf])
def test_a_widget_gone_does_not_stop_the_language_menu(make):
    widget = make()
    gone = weakref.ref(widget)
    _close(widget)
    del widget
    gc.collect()
    assert gone() is None  # the language setting does not keep a closed widget alive
    other = BoardEditor()
    i18n.set_language("fa")
    assert other.lang == "fa"


def test_every_member_of_the_dynamic_key_families_has_its_text():
    for kind in SEAT_KINDS:
        assert f"table.seat.{kind}" in t
    for key in SCORE_KEYS:
        assert f"whatif.category.{key}" in t
        scoring.category_title(key)
    for reading in scoring.RIVER_READINGS:
        assert _river_title(reading) != reading  # every river reading has a name in the menu
