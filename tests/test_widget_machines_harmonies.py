"""Random clicking never escapes a Harmonies widget: one hypothesis state machine per widget.

Each machine clicks keys read from the widget's own pictures (and keys no picture draws), presses
every button and menu the widget holds, calls its public methods with drawn arguments, valid and
not, changes the language, and checks after every step that the position is legal (the engine's
own file rules and token/card counts), that the game table's game is the engine's game after the
same accepted actions (a shadow game), and that undo then redo returns exactly to where it was.
See ``tests/machines.py`` for the shared rules and the budgets.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize, rule
from machines import (
    FILE_NAMES,
    NUMBERS,
    ComputerSeats,
    WidgetMachine,
    budget,
    front_end_upload,
    press,
    report,
)

from harmonies import habitats
from harmonies.actions import PlaceToken
from harmonies.board import Board
from harmonies.cards import all_cards
from harmonies.errors import ScenarioError
from harmonies.game import Game
from harmonies.scenario import Scenario
from harmonies.tokens import Colour
from harmonies.widgets import BoardEditor, GameTable, HabitatExplorer, WhatIf

EXAMPLE = {"game": "harmonies", "side": "A",
           "board": {"a1": ["yellow"], "b1": ["gray"], "c2": ["gray"], "a3": ["brown", "green"],
                     "b3": ["yellow"], "c4": ["yellow"], "e1": ["gray", "gray", "gray"],
                     "e2": ["gray", "gray"], "c3": ["brown", "red"], "d2": ["blue"], "d3": ["blue"],
                     "e4": ["blue"]}}
EXAMPLE_TEXT = json.dumps(EXAMPLE)

COLOURS = [str(c) for c in Colour]
CELLS = ["a1", "b2", "c3", "d2", "e4", "c4", "a5", "z9", "cell:c3", "", "c", "7"]
TOOL_NAMES = [*COLOURS, "grey", "k", "cube", "colour:green", "purple", "", "CUBE"]
CARD_IDS = list(range(1, 43))
CARD_NAMES = [c.title for c in all_cards().values()][:6]
#: Scenario texts a learner may load: good ones and broken ones.
SCENARIO_TEXTS = [EXAMPLE_TEXT, json.dumps({**EXAMPLE, "side": "B", "board": {}}), "{",
                  '{"game": "azul"}', json.dumps({**EXAMPLE, "board": {"a1": ["red", "red"]}}),
                  json.dumps({**EXAMPLE, "board": {"q9": ["blue"]}}), "{}", "[]"]
ACTION_TEXTS = ["take 1", "take 2", "take 3", "take 9", "place blue c3", "place green a1",
                "card 1", "card 23", "cube 23 c2", "spirit 35", "swap 14", "end", "", "fly away",
                "place", "take x"]


def _legal_board(board: Board) -> None:
    """The engine's own file rules accept the board, and read it back equal."""
    assert Board.from_dict(board.to_dict()) == board


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    """A file name typed into a box is saved in a scratch folder, never in the checkout."""
    monkeypatch.chdir(tmp_path)


# --- the board editor ------------------------------------------------------------------------


class EditorMachine(WidgetMachine):
    """The board editor: tokens, cubes, side, river, files, categories, undo and redo."""

    name = "BoardEditor"

    @initialize(start=st.sampled_from([None, "example", "B"]))
    def build(self, start):
        board = Scenario.from_dict(EXAMPLE).board if start == "example" else None
        self.widget = BoardEditor(board, side="B" if start == "B" else "A")
        self.start()

    def state(self):
        return self.widget.scenario().dumps()

    def check(self):
        e = self.widget
        _legal_board(e.board)
        assert Scenario.loads(e.scenario().dumps()).dumps() == e.scenario().dumps()
        assert e.breakdown.to_dict() == e.scenario().score().to_dict()

    @rule(tool=st.sampled_from(TOOL_NAMES))
    def choose(self, tool):
        self.count()
        self.widget.choose(tool)

    @rule(cell=st.sampled_from(CELLS))
    def click(self, cell):
        """The click does what the engine does to a copy of the board, or nothing with a message."""
        self.count()
        e = self.widget
        shadow = e.board
        try:
            if e.tool == "cube":
                (shadow.unfreeze if shadow.has_cube(cell.removeprefix("cell:")) else shadow.freeze)(
                    cell.removeprefix("cell:"))
            else:
                shadow.place(cell.removeprefix("cell:"), e.tool)
            refused = False
        except Exception:
            refused = True
        before = e.board
        e.click(cell)
        if refused:
            assert e.board == before and e.message
        else:
            assert e.board == shadow and e.message == ""

    @rule()
    def undo_then_redo(self):
        self.count()
        self.round_trip(self.widget.undo, self.widget.redo)

    @rule(side=st.sampled_from(["A", "B", "a", "C", "", "side"]))
    def set_side(self, side):
        self.count()
        self.widget.set_side(side)

    @rule(reading=st.sampled_from(["shortest-path", "loops-full-length", "longest", ""]))
    def set_river(self, reading):
        self.count()
        self.widget.set_river(reading)

    @rule(category=st.sampled_from([None, "none", "trees", "water", "spirit", "animals", "total",
                                    "cats", ""]))
    def show_category(self, category):
        self.count()
        self.widget.show_category(category)

    @rule()
    def clear(self):
        self.count()
        self.widget.clear()

    @rule(text=st.sampled_from(SCENARIO_TEXTS))
    def load_text(self, text):
        self.count()
        self.widget.load(text)

    @rule(data=st.data())
    def save_and_load_again(self, data):
        """A saved file loads back to the very same position."""
        self.count()
        e = self.widget
        path = data.draw(FILE_NAMES, label="path")
        position = e.scenario().dumps()
        saved = e.save(path)
        if saved is not None:
            e.load(str(saved))
            assert e.scenario().dumps() == position
        else:
            assert e.message

    @rule(tokens=st.sampled_from([None, "blue", "red red", ["gray", "yellow", "green"], [], "purple",
                                  "blue blue blue blue", "b k", ["brown", "brown", "blue"]]))
    def hint(self, tokens):
        """A hint never changes the board; what it lists places exactly the tokens in hand."""
        self.count()
        e = self.widget
        before = e.scenario().dumps()
        e.hint(tokens)
        assert e.scenario().dumps() == before
        for advice in e.hints:
            placed = sorted(str(a.colour) for a in advice.actions if isinstance(a, PlaceToken))
            assert placed == sorted(e.hand)
        assert e.hints or e.message or not e.hand

    @rule(text=st.sampled_from(SCENARIO_TEXTS))
    def upload(self, text):
        """An uploaded scenario becomes the position; one the file rules refuse changes nothing."""
        self.count()
        e = self.widget
        before = e.scenario().dumps()
        try:
            expected = Scenario.loads(text).dumps()
        except ScenarioError:
            expected = None
        front_end_upload(e._upload, "up.json", text.encode())
        assert e.scenario().dumps() == (expected or before)
        assert expected or e.message

    @rule()
    def download_then_upload(self):
        """Save downloads the position; that file, uploaded after a change, is the same position."""
        self.count()
        e = self.widget
        position = e.scenario().dumps()
        e.download()
        name, text = e._download.offered
        assert text == position
        e.clear()
        front_end_upload(e._upload, name, text.encode())
        assert e.scenario().dumps() == position


def test_editor_machine():
    EditorMachine.TestCase.settings = budget(8, 25)
    EditorMachine.TestCase().runTest()
    report(EditorMachine)


# --- the habitat explorer --------------------------------------------------------------------


class ExplorerMachine(WidgetMachine):
    """The habitat explorer: cards, rotations, boards, cubes by click."""

    name = "HabitatExplorer"

    @initialize(card=st.sampled_from(CARD_IDS), example=st.booleans())
    def build(self, card, example):
        self.widget = HabitatExplorer(EXAMPLE_TEXT if example else None, card)
        self.start()

    def state(self):
        x = self.widget
        return json.dumps(x.board.to_dict()), x.card.id, x.rotation

    def check(self):
        x = self.widget
        _legal_board(x.board)
        for cell in x.cube_cells:
            assert habitats.can_place_cube(x.card, x.board, cell)

    @rule(card=st.sampled_from(CARD_IDS) | st.sampled_from([*CARD_NAMES, "card:3", "0", "99", "",
                                                            "Unicorn", 0, 43]))
    def select_card(self, card):
        self.count()
        self.widget.select_card(card)

    @rule(rotation=st.sampled_from([None, 0, 1, 2, 3, 4, 5, 6, -1, "rotation:2", "all", "x", "9"]))
    def show_rotation(self, rotation):
        self.count()
        self.widget.show_rotation(rotation)

    @rule(board=st.sampled_from([None, *SCENARIO_TEXTS]))
    def set_board(self, board):
        self.count()
        self.widget.set_board(board)

    @rule(cell=st.sampled_from(CELLS))
    def click(self, cell):
        """A cube goes exactly where the engine allows one now."""
        self.count()
        x = self.widget
        name = cell.removeprefix("cell:")
        try:
            allowed = habitats.can_place_cube(x.card, x.board, name)
        except Exception:
            allowed = False
        before = x.board
        x.click(cell)
        if allowed:
            assert x.board.has_cube(name) and not before.has_cube(name)
        else:
            assert x.board == before and x.message


def test_explorer_machine():
    ExplorerMachine.TestCase.settings = budget(5, 20)
    ExplorerMachine.TestCase().runTest()
    report(ExplorerMachine)


# --- what if? ----------------------------------------------------------------------------------


class WhatIfMachine(WidgetMachine):
    """Two editors and their difference: every edit on either side keeps the difference true."""

    name = "WhatIf"

    @initialize(example=st.booleans())
    def build(self, example):
        self.widget = WhatIf(EXAMPLE_TEXT if example else None)
        self.start()

    def message(self):
        return self.widget.left.message + self.widget.right.message

    def state(self):
        return self.widget.left.scenario().dumps(), self.widget.right.scenario().dumps()

    def check(self):
        x = self.widget
        _legal_board(x.left.board)
        _legal_board(x.right.board)
        a, b = x.left.scenario().score().to_dict(), x.right.scenario().score().to_dict()
        assert x.difference() == {k: (a[k], b[k], b[k] - a[k]) for k in a}
        assert isinstance(x.explanation, str) and x.explanation

    @rule(right=st.booleans(), cell=st.sampled_from(CELLS), tool=st.sampled_from(TOOL_NAMES))
    def edit(self, right, cell, tool):
        self.count()
        editor = self.widget.right if right else self.widget.left
        editor.choose(tool)
        editor.click(cell)

    @rule(right=st.booleans())
    def undo_then_redo(self, right):
        self.count()
        editor = self.widget.right if right else self.widget.left
        self.round_trip(editor.undo, editor.redo)

    @rule(right=st.booleans(), text=st.sampled_from(SCENARIO_TEXTS))
    def load(self, right, text):
        self.count()
        (self.widget.right if right else self.widget.left).load(text)



def test_what_if_machine():
    WhatIfMachine.TestCase.settings = budget(5, 20)
    WhatIfMachine.TestCase().runTest()
    report(WhatIfMachine)


# --- the game table ----------------------------------------------------------------------------


class TableMachine(ComputerSeats):
    """A whole game at one screen: the table's game is always the engine's game after the same
    actions (its history) played on a fresh game of the same seed; undo goes back exactly."""

    name = "GameTable"

    @initialize(players=st.integers(1, 4), seed=st.integers(0, 10_000), side=st.sampled_from("AB"),
                spirits=st.booleans(), computers=st.sampled_from(["none", "random", "greedy"]),
                auto=st.booleans())
    def build(self, players, seed, side, spirits, computers, auto):
        seats = ["human"] + ([computers] if computers != "none" else ["human"]) * (players - 1)
        options = {"side": side, "spirits": spirits, "seed": seed}
        self.widget = GameTable(players, seats=seats, auto=auto, **options)
        self.settings = None  # the settings of the game the shadows follow
        self.start()

    def texts(self):
        return st.sampled_from(ACTION_TEXTS) | super().texts()

    def state(self):
        return json.dumps(self.widget.game.to_dict())

    def check(self):
        g = self.widget.game
        census = g.token_census()
        assert sum(census.values()) == 120, census
        assert sum(g.card_census().values()) == 42, g.card_census()
        for p in g.players:
            _legal_board(p.board)
        model = self.widget.model
        if model.settings is not self.settings:  # a new game (the form's New game): a fresh engine game
            self.settings = model.settings
            options = {k: model.settings[k] for k in ("side", "spirits")}
            options["seed"] = g.seed  # without a seed of the learner's, the one the game drew
            self.shadows = [Game(model.settings["players"], **options, river=model.river)]
        history = g.history
        del self.shadows[len(history) + 1:]  # undone actions
        for action in history[len(self.shadows) - 1:]:
            shadow = self.shadows[-1].copy()
            shadow.play(action)
            self.shadows.append(shadow)
        assert g.to_dict() == self.shadows[len(history)].to_dict()
        assert g.to_dict() == Game.from_dict(g.to_dict()).to_dict()
        assert all(isinstance(line, str) for line in self.widget.log)

    @rule(action=st.sampled_from(ACTION_TEXTS))
    def act(self, action):
        self.count()
        self.widget.act(action)

    @rule(seed=NUMBERS)
    def new_game_of_a_typed_seed(self, seed):
        """Whatever the seed box holds (a "²", thousands of digits), New game starts a game."""
        self.count()
        self.widget.setup.seed_box.value = seed
        press(self.widget.setup.new_button)

    @rule(data=st.data())
    def play_a_legal_action(self, data):
        """A human plays one of the engine's legal actions (clicks find few of them)."""
        g = self.widget.game
        if g.over:
            return
        action = data.draw(st.sampled_from(g.legal_actions()), label="action")
        self.count()
        self.widget.act(str(action))

    @rule(colour=st.sampled_from([*COLOURS, "grey", "purple", ""]))
    def choose(self, colour):
        self.count()
        self.widget.choose(colour)

    @rule(card=st.sampled_from([1, 23, 35, "Fennec Fox", "x"]), cell=st.sampled_from(CELLS))
    def place_cube(self, card, cell):
        self.count()
        self.widget.place_cube(card, cell)

    @rule()
    def end_turn(self):
        self.count()
        self.widget.end_turn()

    @rule()
    def undo(self):
        """Undo takes back actions of this turn only: the history shrinks, never changes."""
        self.count()
        before = list(self.widget.game.history)
        self.widget.undo()
        after = self.widget.game.history
        assert after == before[:len(after)]


def test_game_table_machine():
    TableMachine.TestCase.settings = budget(5, 25)
    TableMachine.TestCase().runTest()
    report(TableMachine)
