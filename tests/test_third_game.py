"""A third game, Four in a Row (``tests/games/fourrow``), written as CONTRIBUTING's "Adding a game"
says: its rules, its drawing and its kind, registered for the tests only through a real entry point.
Its rules first (random games to the end with every round trip, worked wins and a tie, illegal
moves refused with the state untouched, its catalogue), then what the shared ground does with it
knowing nothing but its kind: found by the registry, kept as a record, linked, replayed, reviewed."""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import json
import os
import subprocess
import sys

import pytest
from games.fourrow import Game
from games.fourrow import coach as coaching
from games.fourrow.errors import (
    ColumnFull,
    GameOver,
    IllegalMove,
    MoveSyntaxError,
    NoSuchColumn,
    ScenarioError,
)
from games.fourrow.locale import t
from games.registered import TESTS, fourrow
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_interface import check_step, clones, state

from tabletop import game as api
from tabletop import keeping, kinds, links, records
from tabletop.i18n import LANGUAGES, fields, plain, table, wording
from tabletop.replaying import Replay
from tabletop.review import Review, review
from tabletop.tables import TableError, Tables

ROOT = TESTS.parent
#: A whole game that fills the board with no four in a row anywhere.
TIE = [4] * 6 + [5] * 5 + [3] * 5 + [5, 3, 2, 6] + [2] * 4 + [6] * 4 + [2, 6] + [7] * 6 + [1] * 6


def played(*columns: int) -> Game:
    game = Game(seed=0)
    for column in columns:
        game.play(f"drop {column}")
    return game


# -- the rules -------------------------------------------------------------------------------------
@settings(max_examples=15)
@given(st.integers(0, 10**6))
def test_a_random_game_ends_cleanly_and_keeps_every_round_trip(seed):
    game, player = Game(seed=seed), api.RandomPolicy(seed)
    assert isinstance(game, api.Game)
    while not game.over:
        assert game.legal_actions() and game.current == len(game.history) % 2
        check_step(game, player(game))
    assert game.legal_actions() == [] and game.winners()
    totals = [score.total for score in game.scores()]
    assert all(totals[w] == max(totals) for w in game.winners()) and sum(totals) <= 1
    for how, other in clones(game).items():
        assert other.over and other.winners() == game.winners() and other.line == game.line, how


@pytest.mark.parametrize("columns, line", [
    ((1, 1, 2, 2, 3, 3, 4), [(0, 0), (1, 0), (2, 0), (3, 0)]),            # across
    ((7, 1, 7, 1, 7, 1, 7), [(6, 0), (6, 1), (6, 2), (6, 3)]),            # up
    ((1, 2, 2, 3, 3, 4, 3, 4, 4, 7, 4), [(0, 0), (1, 1), (2, 2), (3, 3)]),  # up the slant
    ((7, 6, 6, 5, 5, 4, 5, 4, 4, 1, 4), [(3, 3), (4, 2), (5, 1), (6, 0)]),  # down the slant
])
def test_four_in_a_line_wins_in_each_direction(columns, line):
    game = played(*columns)
    assert game.over and list(game.line) == line and game.winners() == [0]
    assert [s.total for s in game.scores()] == [1, 0] and game.legal_actions() == []


def test_a_full_board_without_four_is_a_tie():
    game = played(*TIE[:-1])
    assert not game.over and game.legal_actions() == [game.parse_action("drop 1")]
    game.play("drop 1")
    assert game.over and game.full and game.line == () and game.winners() == [0, 1]
    assert [s.total for s in game.scores()] == [0, 0]


def test_five_in_a_line_is_four_and_more():
    game = played(1, 1, 2, 2, 4, 4, 5, 5, 3)
    assert game.line == tuple((c, 0) for c in range(5))


@pytest.mark.parametrize("before, move, error, words", [
    ((4, 4, 4, 4, 4, 4), "drop 4", ColumnFull, "Column 4 is full: all 6 of its places hold a disc."),
    ((), "drop 8", NoSuchColumn, "There is no column 8: the columns are numbered 1 to 7."),
    ((), "drop 0", NoSuchColumn, "There is no column 0"),
    ((), "drop four", MoveSyntaxError, "'drop four' is not a move: write drop and a column from 1 to 7"),
    ((), "drop 4 5", MoveSyntaxError, "'drop 4 5' is not a move"),
    ((), "drop " + "9" * 100_000, MoveSyntaxError, "…' is not a move"),
    ((1, 1, 2, 2, 3, 3, 4), "drop 5", GameOver, "The game is over: no more discs can be dropped."),
])
def test_an_illegal_move_is_refused_in_words_and_changes_nothing(before, move, error, words):
    game = played(*before)
    kept = state(game)
    with pytest.raises(error) as refusal:
        game.play(move)
    assert words in str(refusal.value) and len(str(refusal.value)) < 300
    assert isinstance(refusal.value, ValueError) and state(game) == kept and len(game.history) == len(before)
    if error is not MoveSyntaxError:
        assert isinstance(refusal.value, IllegalMove)


def test_a_saved_game_is_read_back_and_a_tampered_one_refused_by_its_field():
    game = played(4, 4, 3)
    data = json.loads(json.dumps(game.to_dict()))
    assert state(Game.from_dict(data)) == state(game)
    tampered = {**data, "columns": [[], [], [0], [1, 1], [], [], []]}
    with pytest.raises(ScenarioError, match="columns: the discs on the board are not"):
        Game.from_dict(tampered)
    with pytest.raises(ScenarioError, match=r"moves\[1\]: There is no column 9"):
        Game.from_dict({**data, "moves": ["drop 4", "drop 9"]})
    with pytest.raises(ScenarioError, match="for 2 players, not 3"):
        Game.from_dict({**data, "setup": {"players": 3}})
    for players, said in (("2", "'2'"), (2.0, "2.0"), (True, "True")):
        with pytest.raises(ScenarioError, match=f"for 2 players, not {said}"):
            Game.from_dict({**data, "setup": {"players": players}})
    with pytest.raises(ScenarioError, match="not a saved game of Four in a Row"):
        Game.from_dict({"game": "azul"})


# -- the coach and the computer players -------------------------------------------------------------
def test_the_coach_wins_now_blocks_and_values_the_centre():
    threat = played(1, 7, 2, 7, 3)  # player 1 threatens column 4
    values = {a.column: coaching.value(threat, a) for a in threat.legal_actions()}
    assert coaching.best(threat) == [threat.parse_action("drop 4")]
    assert "it blocks player 1's four in a row" in [str(r) for r in values[4].reasons]
    assert values[5].gain == coaching.LOSS and "column 4" in str(values[5].reasons[0])
    win = played(1, 7, 2, 7, 3, 6)
    assert coaching.value(win, win.parse_action("drop 4")).gain == coaching.WIN
    double = played(3, 3, 4, 4)  # player 1 to move: three across with room at both ends
    found = coaching.value(double, double.parse_action("drop 5"))
    assert found.gain == coaching.WIN and str(found.reasons[0]) == (
        "two threats at once, in column 2 and column 6: player 2 can block only one")
    start = Game()
    assert coaching.best(start) == [start.parse_action("drop 4")]
    assert coaching.lines_through((3, 2)) == 13 and coaching.lines_through((0, 0)) == 3


def test_the_strong_player_sees_a_trap_the_greedy_one_walks_into():
    # Player 2 to move: the bottom row holds two red discs with room on both sides, so only a
    # drop beside them stops red making an open three that cannot be blocked on both ends.
    game = played(3, 3, 4)
    assert coaching.Strong(0)(game).column in (2, 5)
    assert all(action.column not in (2, 5) for action in coaching.best(game))
    assert api.play_out(Game(seed=1), [coaching.Strong(1), coaching.Greedy(1)]).winners() == [0]


# -- its words -------------------------------------------------------------------------------------
def test_its_catalogue_is_complete_in_every_language_holds_every_key_its_code_uses_and_keeps_the_glossary():
    """What ``tools/i18n.py check`` and ``tools/lessons.py check`` do for the learners' games (a test
    game is not among them), with their own functions."""
    package, catalogues, glossary = t.package, _tool("i18n"), _tool("glossary")
    english = table(package, "en")
    used: dict[str, str] = {}
    for source in sorted((TESTS / "games" / "fourrow").glob("*.py")):
        catalogues._literal_keys(ast.parse(source.read_text(encoding="utf-8")), source.name, used)
    assert sorted(set(used) - set(english)) == []
    for code in LANGUAGES:
        other = table(package, code)
        assert set(other) == set(english), code
        for key, text in english.items():
            assert fields(other[key]) == fields(text), (code, key)
            assert isinstance(other[key], dict) == isinstance(text, dict), (code, key)
            forms = other[key].values() if isinstance(other[key], dict) else [other[key]]
            if code != "en":
                assert all(glossary.misused(code, "fourrow", form) == [] for form in forms), (code, key)


def _tool(name: str):
    """A module of tools/ (not a package: its folder goes on the path while it is imported)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "tools"))


# -- what the shared ground does with it, knowing only its kind --------------------------------------
@pytest.fixture(scope="module")
def kind(tmp_path_factory):
    with fourrow(tmp_path_factory.mktemp("registered")) as found:
        yield found


def a_game(seed: int = 3) -> Game:
    """A whole game: the greedy coach against the random player."""
    return api.play_out(Game(seed=seed), [coaching.Greedy(seed), api.RandomPolicy(seed)])


def test_the_registry_finds_it_only_while_a_test_registers_it(kind, tmp_path):
    assert kinds.kind("fourrow") is kind and kinds.of_game(Game()) is kind
    assert set(kinds.kinds()) >= {"fourrow", "harmonies", "azul"}
    assert kind.first == 1 and kind.seat(1) == 2
    assert kind.new_game(2, seed=4).start == {"players": 2, "seed": 4}
    assert [_in(code, kind.title) for code in LANGUAGES] == [
        "Four in a Row", "چهار در یک ردیف", "Vier op een rij", "Bốn quân thẳng hàng"]
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        kind.new_game(3)
    assert "fourrow" not in _installed()


def _installed() -> list[str]:
    """The games a fresh process finds: the learners' own, never the test game."""
    code = "from tabletop import kinds; print(' '.join(kinds.kinds()))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=env, cwd=ROOT).stdout.split()


def _in(code: str, words) -> str:
    with wording(code):
        return plain(words())


def test_a_game_kept_as_a_record_is_replayed_move_by_move_and_a_wrong_one_refused(kind):
    game = a_game()
    data = json.loads(json.dumps(records.record(game)))
    assert data["format"] == "fourrow-game/1" and data["actions"][0] == "drop 4"
    assert state(records.replay(data, kinds.classes())) == state(game)
    wrong = {**data, "actions": ["drop 4"] * 7}
    with pytest.raises(records.RecordError, match="7.*drop 4.*Column 4 is full"):
        records.replay(wrong, kinds.classes())
    with pytest.raises(records.RecordError, match="for 2 players, not 4"):
        records.replay({**data, "setup": {"players": 4}}, kinds.classes())


def test_a_link_carries_the_game_and_opens_its_replay_in_words(kind):
    game = a_game()
    link = links.address("https://example.org/table", records.record(game))
    replay = Replay.of(link, kind.coach)
    assert replay.last == len(game.history) and state(replay.games[-1]) == state(game)
    replay.go(1)
    assert replay.action_words() == "player 1 dropped a red disc into column 4"
    assert replay.to_move() == "player 2 to play" and replay.where() == f"Action 1 of {replay.last}"
    replay.to_last()
    winner = game.winners()[0] + 1
    assert replay.explained() == [f"Player {winner} has four in a row and scores 1 point."]
    assert replay.to_move() == f"the game is over; the winner: player {winner}"
    with wording("nl"):
        replay.go(2)
        assert replay.action_words() == "speler 2 liet een schijf (geel) in kolom " \
            f"{game.history[1].column} vallen"
    with pytest.raises(links.LinkError):
        Replay.of(link[:-12], kind.coach)


def test_the_review_finds_the_threat_left_unblocked(kind):
    game = played(1, 7, 2, 7, 3, 6, 4)  # player 2 drops into 6 while player 1 threatens column 4
    reviewed = review(game, kind.coach)
    assert [r.seat for r in reviewed.turns] == [0, 1, 0, 1, 0, 1, 0]
    worst = reviewed.costliest(1)[0]
    assert (worst.number, worst.seat) == (6, 1)
    assert (worst.played.actions, worst.best.actions) == (("drop 6",), ("drop 4",))
    assert worst.played.gain == coaching.LOSS and worst.loss > 1
    assert reviewed.totals[-1] == [1, 0] and reviewed.turns[-1].loss == 0
    text = str(reviewed)
    assert "it lets player 1 make four in a row in column 4" in text
    assert "it blocks player 1's four in a row" in text
    again = Review.from_dict(json.loads(json.dumps(reviewed.to_dict())))
    assert again.to_dict() == reviewed.to_dict() and "<svg" in again.chart().to_svg()
    with wording("vi"):
        assert "nước này chặn hàng bốn của người chơi 1" in plain(str(reviewed))


def test_the_keeping_commands_record_replay_review_and_link_it(kind, tmp_path):
    out = _command(kind, "record", "--policy", "strong,greedy", "--seed", "5")
    data = json.loads(out)
    assert data["format"] == "fourrow-game/1" and records.replay(data, kinds.classes()).over
    saved = tmp_path / "game.json"
    saved.write_text(out, encoding="utf-8")
    told = _command(kind, "replay", str(saved))
    assert told.splitlines()[1] == "1. player 1 dropped a red disc into column 4"
    assert "   Player 1 has four in a row and scores 1 point." in told.splitlines()
    link = _command(kind, "link", str(saved), "--base", "https://example.org/").strip()
    assert json.loads(_command(kind, "link", "--read", link)) == data
    assert json.loads(_command(kind, "review", link, "--json"))["game"] == "fourrow-game/1"
    with pytest.raises(SystemExit) as status:
        _command(kind, "replay", "play=1.garbled")
    assert status.value.code == 2


def _command(kind, *argv: str) -> str:
    parser = argparse.ArgumentParser(prog="fourrow")
    keeping.add_commands(parser.add_subparsers(dest="command", required=True), kind)
    args = parser.parse_args(argv)
    stdout, stderr = io.StringIO(), io.StringIO()
    status = keeping.run(args, kind, stdout=stdout, stderr=stderr)
    if status:
        assert stdout.getvalue() == "" and len(stderr.getvalue().splitlines()) == 1, stderr.getvalue()
        raise SystemExit(status)
    return stdout.getvalue()


def test_a_shared_table_plays_it_against_its_own_computer_and_rebuilds_it_after_a_restart(kind, tmp_path):
    db = str(tmp_path / "tables.sqlite")
    tables = Tables(db)
    with pytest.raises(TableError) as refused:
        tables.create("fourrow", 2, computers={"1": "random"})  # a table offers greedy and strong
    assert refused.value.key == "bad_computer" and "greedy, strong" in str(refused.value)
    made = tables.create("fourrow", 2, computers={"1": "strong"})
    while not tables.get(made.id).game.over:
        game = tables.get(made.id).game
        tables.move(made.id, made.seats[0], len(game.history), str(game.legal_actions()[0]))
        tables.play_computers(made.id)
    finished = tables.record(made.id)
    tables.close()
    again = Tables(db)
    assert records.record(again.get(made.id).game) == finished and again.get(made.id).game.winners() == [1]
    again.close()
