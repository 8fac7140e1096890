"""Random clicking never escapes an Azul widget: one hypothesis state machine per widget.

Each machine clicks keys read from the widget's own pictures (and keys no picture draws), presses
every button and menu the widget holds, calls its public methods with drawn arguments, valid and
not, changes the language, and checks after every step that the position is legal (the engine's
file rules, 20 tiles of each colour in a game), that the table's game is an engine game to which
the same accepted moves were applied (a shadow game), that the sandbox's finished tiling is the
engine's tiling, and that undo then redo (or a step then back) returns exactly to where it was.
See ``tests/machines.py`` for the shared rules and the budgets.
"""

from __future__ import annotations

import json

import pytest
from examples import AZUL_EXAMPLE
from hypothesis import strategies as st
from hypothesis.stateful import initialize, rule
from machines import (
    FILE_NAMES,
    NUMBERS,
    ComputerSeats,
    WidgetMachine,
    budget,
    front_end_upload,
    labelled_buttons,
    press,
    report,
)

from azul import Board, Game, Scenario
from azul.errors import ScenarioError
from azul.locale import t
from azul.scenario import check_supply
from azul.widgets import TOOLS, AzulTable, TilingCompare, WallSandbox

GRAY_EXAMPLE = {"game": "azul", "wall": "gray",
                "players": [{"score": 3, "wall": ["..B..", ".....", ".....", ".....", "....."],
                             "pattern_lines": ["Y", "RR", "K", "", ""], "floor": "W",
                             "gray_columns": [0, 1, None, None, None]},
                            {"score": 0, "wall": [".....", ".....", ".....", ".....", "....."],
                             "pattern_lines": ["", "BB", "", "", ""], "floor": "",
                             "gray_columns": [None, 3, None, None, None]}]}
TWO_PLAYERS = {"game": "azul", "wall": "colored",
               "players": [AZUL_EXAMPLE["players"][0],
                           {"score": 30, "wall": ["BYRKW", ".....", ".....", ".....", "....."],
                            "pattern_lines": ["", "W", "YYY", "", ""], "floor": "RRR"}]}
SCENARIO_TEXTS = [json.dumps(AZUL_EXAMPLE), json.dumps(GRAY_EXAMPLE), json.dumps(TWO_PLAYERS), "{",
                  '{"game": "harmonies"}', json.dumps({**AZUL_EXAMPLE, "wall": "pink"}), "[]", "",
                  json.dumps({"game": "azul", "wall": "colored", "players": []})]
MOVE_TEXTS = ["factory 1: blue -> line 1", "centre: red -> floor", "factory 9: blue -> line 1",
              "line 1: yellow -> column 2", "factory 1: pink -> line 1", "", "take it all",
              "factory 2: white -> line 5", "centre: yellow -> line 3"]


def _legal_board(board: Board, gray: bool) -> None:
    """The engine's own file rules accept the board (and the box's 20 tiles of a colour)."""
    again = Board.from_dict(board.to_dict(), gray, "board")
    assert again.to_dict() == board.to_dict()
    check_supply([board])


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    """A file name typed into a box is saved in a scratch folder, never in the checkout."""
    monkeypatch.chdir(tmp_path)


# --- the wall sandbox --------------------------------------------------------------------------


class SandboxMachine(WidgetMachine):
    """Editing a board by clicking, tiling it step by step, files in and out."""

    name = "WallSandbox"

    @initialize(start=st.sampled_from(["empty", "example", "gray"]))
    def build(self, start):
        self.widget = WallSandbox()
        if start == "example":
            self.widget.load(json.dumps(AZUL_EXAMPLE))
        elif start == "gray":
            self.widget.load(json.dumps(GRAY_EXAMPLE), player=0)
        self.start()

    def texts(self):
        return st.sampled_from(SCENARIO_TEXTS) | super().texts()

    def position(self):
        box = self.widget
        return json.dumps(box.board.to_dict()), len(box.steps), box.running

    def state(self):
        return json.dumps(self.widget.to_scenario().to_dict()), self.position()

    def check(self):
        box = self.widget
        _legal_board(box.board, box.gray)
        _legal_board(box.to_scenario().boards[0], box.gray)
        assert isinstance(box.explanation, str)
        for row, column, _ in box.hint_cells():  # a hint only ever points at an empty cell
            assert box.board.colour_at(row, column) == -1
        if box.finished and not box.gray:
            # the tiling made step by step is the engine's tiling of the same position
            tiled = box.to_scenario().tile().boards[0]
            assert box.board.to_dict() == tiled.to_dict()

    @rule(tool=st.sampled_from([*TOOLS, "blue", "red", "pink", "", "ERASE"]))
    def choose(self, tool):
        self.count()
        self.widget.choose(tool)

    @rule(score=st.integers(-5, 300))
    def set_score(self, score):
        self.count()
        self.widget.set_score(score)

    @rule(wall=st.sampled_from(["colored", "gray", "grey", ""]))
    def set_wall(self, wall):
        self.count()
        self.widget.set_wall(wall)

    @rule()
    def step_then_back(self):
        """A step taken back leaves the board and the steps exactly as they were."""
        self.count()
        box = self.widget
        before = self.position()[:2]
        if box.step() is not None:
            box.back()
            assert self.position()[:2] == before

    @rule()
    def run_all(self):
        self.count()
        self.widget.run_all()

    @rule()
    def hint(self):
        self.count()
        self.widget.hint()

    @rule()
    def back(self):
        self.count()
        self.widget.back()

    @rule()
    def reset(self):
        self.count()
        self.widget.reset()

    @rule(text=st.sampled_from(SCENARIO_TEXTS), player=st.integers(-1, 2))
    def load_text(self, text, player):
        self.count()
        self.widget.load(text, player)

    @rule(data=st.data())
    def save_and_load_again(self, data):
        """A saved file loads back to the very same position."""
        self.count()
        box = self.widget
        path = data.draw(FILE_NAMES, label="path")
        position = box.to_scenario().to_dict()
        saved = box.save(path)
        if saved is not None:
            box.load(str(saved))
            assert box.to_scenario().to_dict() == position
        else:
            assert box.message

    @rule(text=st.sampled_from(SCENARIO_TEXTS))
    def upload(self, text):
        """An uploaded scenario's first player becomes the position; one the file rules refuse
        changes nothing."""
        self.count()
        box = self.widget
        before = self.state()
        try:
            expected = Scenario.from_json(text)
        except ScenarioError:
            expected = None
        front_end_upload(box._upload, "up.json", text.encode())
        if expected is None:
            assert self.state() == before and box.message
        else:
            assert box.to_scenario().boards[0].to_dict() == expected.boards[0].to_dict()

    @rule()
    def download_then_upload(self):
        """Save downloads the position; that file, uploaded after a change, is the same position
        (one the format refuses is not offered, and the message says why)."""
        self.count()
        box = self.widget
        position = box.to_scenario().to_dict()
        box._download.offered = None
        box.download()
        if box._download.offered is None:
            assert box.message
            return
        name, text = box._download.offered
        assert json.loads(text) == position
        box.load(json.dumps(AZUL_EXAMPLE))
        front_end_upload(box._upload, name, text.encode())
        assert box.to_scenario().to_dict() == position


def test_sandbox_machine():
    SandboxMachine.TestCase.settings = budget(8, 25)
    SandboxMachine.TestCase().runTest()
    report(SandboxMachine)


# --- the game table ----------------------------------------------------------------------------


class TableMachine(ComputerSeats):
    """A whole game at one screen, against computer seats or not; the table's game is always a
    fresh engine game of its settings to which the moves of its history were applied."""

    name = "AzulTable"

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 10_000),
                wall=st.sampled_from(["colored", "gray"]),
                computers=st.sampled_from(["none", "random", "greedy"]), auto=st.booleans())
    def build(self, players, seed, wall, computers, auto):
        seats = ["human"] + ([computers] if computers != "none" else ["human"]) * (players - 1)
        self.widget = AzulTable(players, seats=seats, wall=wall, seed=seed, auto=auto)
        self.start()

    def texts(self):
        return st.sampled_from(MOVE_TEXTS) | super().texts()

    def state(self):
        return self.widget.game.to_json(), len(self.widget.log)

    def check(self):
        game = self.widget.game
        assert game.tile_counts() == [20] * 5
        for board in game.boards:
            _legal_board(board, game.gray)
        # The table's game is a fresh engine game of its settings (a new game from the form too)
        # after the moves of its history, undo and redo included: nothing else touched it.
        settings = self.widget.model.settings
        shadow = Game(settings["players"], seed=settings["seed"], wall=settings["wall"])
        for move in game.history:
            shadow.play(move)
        now = game.to_json()
        assert now == shadow.to_json(), "the table's game is no position the engine reached"
        assert Game.from_json(now).to_json() == now
        assert all(isinstance(line, str) for line in self.widget.log)

    @rule(text=st.sampled_from(MOVE_TEXTS))
    def act(self, text):
        self.count()
        self.widget.act(text)

    @rule(seed=NUMBERS)
    def new_game_of_a_typed_seed(self, seed):
        """Whatever the seed box holds (a "²", thousands of digits), New game starts a game."""
        self.count()
        self.widget.setup_seed.value = seed
        press(labelled_buttons(self.widget)[t("widgets.table.button.new_game")])

    @rule(data=st.data())
    def play_a_legal_move(self, data):
        """The player to move plays one of the engine's legal moves, as text."""
        moves = self.widget.game.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves), label="move")
        self.count()
        self.widget.act(str(move))

    @rule()
    def undo_then_redo(self):
        self.count()
        self.round_trip(self.widget.undo, self.widget.redo)

    @rule(undo=st.booleans())
    def undo_or_redo(self, undo):
        self.count()
        (self.widget.undo if undo else self.widget.redo)()


def test_table_machine():
    TableMachine.TestCase.settings = budget(5, 25)
    TableMachine.TestCase().runTest()
    report(TableMachine)


# --- the tiling comparison -----------------------------------------------------------------------

POSITIONS = [AZUL_EXAMPLE, GRAY_EXAMPLE, TWO_PLAYERS,
             {"game": "azul", "wall": "colored", "players": [{"score": 0, "wall": ["....."] * 5,
                                                              "pattern_lines": [""] * 5, "floor": ""}]}]


class CompareMachine(WidgetMachine):
    """Two tilings side by side: whatever player is chosen, the numbers are the engine's."""

    name = "TilingCompare"

    @initialize(left=st.sampled_from(POSITIONS), right=st.sampled_from(POSITIONS),
                player=st.integers(0, 1))
    def build(self, left, right, player):
        self.scenarios = [Scenario.from_dict(left), Scenario.from_dict(right)]
        self.widget = TilingCompare(json.dumps(left), Scenario.from_dict(right), player=player)
        self.start()

    def state(self):
        return self.widget.player, [s.to_dict() for s in (self.widget.left, self.widget.right)]

    def check(self):
        x = self.widget
        assert [r.to_dict() for r in x.results] == [s.tile().to_dict() for s in self.scenarios]
        a, b = x.breakdowns().values()
        assert x.difference() == {k: b[k] - a[k] for k in x.difference()}
        assert isinstance(x.explanation, str) and x.explanation
        assert 0 <= x.player < min(len(s.boards) for s in self.scenarios)

    @rule(player=st.integers(-2, 5))
    def choose_player(self, player):
        self.count()
        self.widget.choose_player(player)


def test_compare_machine():
    CompareMachine.TestCase.settings = budget(3, 12)
    CompareMachine.TestCase().runTest()
    report(CompareMachine)
