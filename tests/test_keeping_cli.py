"""``python -m harmonies|azul record|replay|review|link`` (tabletop.keeping), run in the process:
a record made, replayed in words, reviewed, turned into a link and back; every bad input one line on
standard error, nothing on standard output, status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from examples import AZUL_EXAMPLE

import azul
import harmonies
from azul import cli as azul_cli
from harmonies import cli as harmonies_cli
from tabletop.links import address, pack, unpack
from tabletop.records import record, replay
from tabletop.review import Review

CLIS = {"harmonies": harmonies_cli.main, "azul": azul_cli.main}
HARMONIES_BOARD = {"game": "harmonies", "side": "A",
                   "board": {"c3": ["brown", "green"], "b2": ["blue"], "a1": ["gray", "gray"]}}
POSITIONS = {"harmonies": HARMONIES_BOARD, "azul": AZUL_EXAMPLE}
GAMES = (harmonies.Game, azul.Game)
FIRST = {"harmonies": 1, "azul": 1}  # how each game's texts number the players


def run(capsys, monkeypatch, game: str, *argv: str, stdin: str = ""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = CLIS[game](list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(params=["harmonies", "azul"])
def kind(request):
    return request.param


def _recorded(capsys, monkeypatch, kind: str, *more: str) -> dict:
    code, out, err = run(capsys, monkeypatch, kind, "record", "--seed", "4", "--policy", "greedy", *more)
    assert code == 0 and err == ""
    return json.loads(out)


def test_record_plays_a_whole_game_that_replays_to_the_same_end(capsys, monkeypatch, kind, tmp_path):
    data = _recorded(capsys, monkeypatch, kind)
    assert data["format"] == f"{kind}-game/1" and data["setup"]["seed"] == 4
    game = replay(data, GAMES)
    assert game.over
    out_file = tmp_path / "game.json"
    code, out, _ = run(capsys, monkeypatch, kind, "record", "--seed", "4", "--policy", "greedy",
                       "-o", str(out_file))
    assert code == 0 and out == "" and json.loads(out_file.read_text()) == data
    code, out, err = run(capsys, monkeypatch, kind, "replay", str(out_file))
    lines = out.splitlines()
    assert code == 0 and err == ""
    first = FIRST[kind]
    assert lines[1].startswith(f"1. player {first}")
    assert sum(line[:1].isdigit() for line in lines) == len(data["actions"])
    winners = " and ".join(str(seat + first) for seat in game.winners())
    assert f"winner: player {winners}." in out
    totals = [s.total for s in game.scores()]
    assert (f"player {first}: {totals[0]}; player {first + 1}: {totals[1]}"
            in [x for x in lines if "Scores:" in x][-1])


def test_record_reads_actions_from_standard_input(capsys, monkeypatch):
    game = azul.Game(2, seed=9)
    for _ in range(4):
        game.play(game.legal_actions()[-1])
    lines = "\n".join(game.action_text(a) for a in game.history) + "\n# that is all\n"
    code, out, _ = run(capsys, monkeypatch, "azul", "record", "--seed", "9", "--actions", "-", stdin=lines)
    assert code == 0 and json.loads(out) == record(game)
    code, out, err = run(capsys, monkeypatch, "azul", "replay", "-", stdin=out)
    assert code == 0 and "The record stops here" in out


def test_review_in_words_and_as_json(capsys, monkeypatch, kind, tmp_path):
    data = _recorded(capsys, monkeypatch, kind)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    budget = "1"
    second = str(FIRST[kind] + 1)  # the second player, as the game's texts number them
    code, out, err = run(capsys, monkeypatch, kind, "review", str(path), "--player", second, "--json",
                         "--budget", budget, "--chart", str(tmp_path / "chart.svg"))
    assert code == 0 and err == ""
    reviewed = json.loads(out)
    assert reviewed["player"] == 2 and {t["player"] for t in reviewed["turns"]} == {2}  # JSON: from 1
    assert Review.from_dict(reviewed).to_dict() == reviewed
    assert (tmp_path / "chart.svg").read_text().startswith("<svg")
    code, out, err = run(capsys, monkeypatch, kind, "review", str(path), "--player", second, "--budget",
                         budget, "--lang", "nl")
    assert code == 0 and "beurt" in out.lower() and reviewed["summary"] not in out


def test_a_record_and_a_position_go_into_a_link_and_back(capsys, monkeypatch, kind, tmp_path):
    data = _recorded(capsys, monkeypatch, kind)
    for held, lesson in ((data, "21-play-a-game"), (POSITIONS[kind], "20-scoring-sandbox")):
        path = tmp_path / "held.json"
        path.write_text(json.dumps(held))
        code, link, err = run(capsys, monkeypatch, kind, "link", str(path))
        link = link.strip()
        assert code == 0 and err == "" and lesson in link and "#play=1." in link
        assert unpack(link) == held
        code, out, err = run(capsys, monkeypatch, kind, "link", "--read", link)
        assert code == 0 and json.loads(out) == held
    code, link, _ = run(capsys, monkeypatch, kind, "link", "-", "--base", "https://example.org/lab#x",
                        stdin=json.dumps(data))
    assert link.startswith("https://example.org/lab#play=1.")
    code, out, err = run(capsys, monkeypatch, kind, "replay", link.strip())  # a link is a source too
    assert code == 0 and out.startswith("A game record")


def _bad_inputs(kind: str, tmp_path) -> list[tuple[list[str], str, str]]:
    other = "azul" if kind == "harmonies" else "harmonies"
    game = {"harmonies": harmonies.Game(2, seed=1), "azul": azul.Game(2, seed=1)}[kind]
    game.play(game.legal_actions()[0])
    good = record(game)
    wrong = "take 9" if kind == "harmonies" else "factory 9: blue -> line 0"
    illegal = {**good, "actions": [*good["actions"], wrong]}
    link = address("http://x/", good)
    (tmp_path / "text.txt").write_text("not json at all")
    (tmp_path / "list.json").write_text("[1, 2]")
    return [
        (["replay", str(tmp_path / "missing.json")], "", "cannot read"),
        (["replay", str(tmp_path / "text.txt")], "", "not valid JSON"),
        (["review", str(tmp_path / "list.json")], "", "no JSON object"),
        (["replay", "-"], json.dumps(illegal), "Action 2"),
        (["replay", "-"], json.dumps({**good, "format": f"{other}-game/1"}), "format"),
        (["replay", "-"], json.dumps({**good, "format": f"{kind}-game/9"}), "newer"),
        (["review", "-", "--player", "3"], json.dumps(good), "no player 3"),
        (["review", "-", "--player", str(FIRST[kind] - 1)], json.dumps(good), "numbered"),
        (["replay", link[:-12]], "", "link"),
        (["replay", link[:-6] + "AAAAAA"], "", "link"),
        (["link", "--read", "http://x/#play=7.abc"], "", "newer"),
        (["link", "--read", "http://x/"], "", "no board"),
        (["link", "--read", "http://x/#play=1." + pack({"format": 3})[7:]], "", "record"),
        (["link", "-"], json.dumps(POSITIONS[other]), ""),
        (["link", "-"], json.dumps({**POSITIONS[kind], "side": "Z", "wall": "purple"}), ""),
        (["link"], "", "--read"),
        (["review", "-", "--chart", str(tmp_path / "chart.png")], json.dumps(good), ".svg"),
        (["record", "--actions", "-"], "nonsense here\n", "Action 1"),
        (["record", "--actions", str(tmp_path / "missing.txt")], "", "cannot read"),
        (["record", "-o", str(tmp_path / "no" / "such.json"), "--policy", "random"], "", "cannot write"),
    ]


def test_bad_inputs_give_one_line_and_status_2(capsys, monkeypatch, kind, tmp_path):
    for argv, stdin, words in _bad_inputs(kind, tmp_path):
        code, out, err = run(capsys, monkeypatch, kind, *argv, stdin=stdin)
        assert (code, out) == (2, ""), argv
        assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
        assert words in err, (argv, err)
        assert err.startswith("error:" if kind == "azul" else f"harmonies {argv[0]}:"), err


def test_the_commands_run_as_a_learner_runs_them():
    done = subprocess.run([sys.executable, "-m", "azul", "replay", "http://x/#play=1.broken!"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == "" and "damaged" in done.stderr
    done = subprocess.run([sys.executable, "-m", "harmonies", "review", "--help", "--lang", "vi"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "huấn luyện viên" in done.stdout
