"""The command line: tile, play and render; invalid files give status 2 and one line on stderr.

Most cases run ``cli.main(argv)`` in the test process, as the shell would run ``python -m azul``
(its status, what it printed, what it wrote to stderr); a few run ``python -m azul`` for real."""

import json

import pytest
from commands import in_process, python_m
from examples import AZUL_EXAMPLE as EXAMPLE

from azul import cli
from tabletop import i18n


def azul(*args, stdin=None):
    """``python -m azul ARGS``, run in the test process."""
    return in_process(cli.main, *args, stdin=stdin)


def test_python_m_azul_runs_as_main_does(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    runs = [(["tile", str(path), "--explain"], None), (["tile", "-"], json.dumps(EXAMPLE)),
            (["play", "--seed", "3", "--policy", "greedy"], None), (["play", "--players", "5"], None)]
    for args, stdin in runs:
        real, here = python_m("azul", *args, stdin=stdin), azul(*args, stdin=stdin)
        assert (real.returncode, real.stdout, real.stderr) == (here.returncode, here.stdout, here.stderr)


def test_tile_a_file(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    run = azul("tile", str(path))
    assert run.returncode == 0 and run.stderr == ""
    report = json.loads(run.stdout)
    assert report["game_over"] is False
    assert report["players"][0]["score"] == 13
    assert report["players"][0]["floor_penalty"] == -2
    assert [p["points"] for p in report["players"][0]["placements"]] == [2, 1]


def test_tile_from_standard_input_and_explain():
    run = azul("tile", "-", "--explain", stdin=json.dumps(EXAMPLE))
    assert run.returncode == 0
    assert "line 4: black goes to row 4, column 2; it touches no other tile: +1" in run.stdout
    assert run.stdout.rstrip().endswith("The game goes on: no wall has a complete row.")
    assert json.loads(azul("tile", "-", stdin=json.dumps(EXAMPLE)).stdout)["players"][0][
        "score"] == 13


@pytest.mark.parametrize(("content", "field"), [
    ('{"game": "azul", "wall": "colored", "players": [{"pattern_lines": ["", "YYY"]}]}',
     "players[0].pattern_lines"),
    ('{"game": "azul", "wall": "gray", "players": [{"pattern_lines": ["", "YY", "", "", ""]}]}',
     "players[0].gray_columns[1]"),
    ('{"game": "azul", "wall": "colored", "players": [{"floor": "FF"}]}', "players[0].floor"),
    ('{"game": "azul", "wall": "colored", "players": [', "file"),
])
def test_an_invalid_file_gives_status_2_and_one_line_naming_the_field(tmp_path, content, field):
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = azul("tile", str(path))
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1
    assert run.stderr.startswith(f"error: {field}: ")


def test_a_missing_file(tmp_path):
    run = azul("tile", str(tmp_path / "nowhere.json"))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("error: file: cannot read") and run.stderr.count("\n") == 1


def test_play_a_whole_game():
    run = azul("play", "--players", "3", "--seed", "7", "--policy", "greedy")
    assert run.returncode == 0 and run.stderr == ""
    out = run.stdout
    assert out.startswith("Azul: 3 players, colored wall, seed 7, greedy policy")
    assert "round 1: player 1 starts" in out and "wall tiling:" in out
    assert "final scores: player 1: " in out
    assert "\nwinner: player " in out or "\nshared victory: players " in out
    assert azul("play", "--players", "3", "--seed", "7", "--policy", "greedy").stdout == out


def test_play_random_on_the_gray_wall_prints_the_column_choices():
    run = azul("play", "--seed", "3", "--policy", "random", "--wall", "gray")
    assert run.returncode == 0
    assert "-> column " in run.stdout and "game over after round" in run.stdout


def test_bad_arguments_are_refused():
    run = azul("play", "--players", "5")
    assert run.returncode == 2 and run.stdout == ""


# --- render ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("suffix", "magic"), [(".svg", b"<svg"), (".png", b"\x89PNG"),
                                               (".pdf", b"%PDF")])
def test_render_writes_the_format_of_the_extension(tmp_path, suffix, magic):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    out = tmp_path / f"board{suffix.upper() if suffix == '.png' else suffix}"
    run = azul("render", str(path), "-o", str(out))
    assert run.returncode == 0 and run.stderr == "" and run.stdout == ""
    assert out.read_bytes().startswith(magic)


def test_render_draws_every_board_and_the_tiled_ones(tmp_path):
    two = {**EXAMPLE, "players": [*EXAMPLE["players"], {"score": 5}]}
    out = tmp_path / "boards.svg"
    assert azul("render", "-", "-o", str(out), stdin=json.dumps(two)).returncode == 0
    svg = out.read_text(encoding="utf-8")
    assert "score 12" in svg and "score 5" in svg and 'data-key="player:1:wall:4,4"' in svg
    assert ">K</text>" not in svg
    run = azul("render", "-", "-o", str(out), "--tiled", "--colour-blind", "--high-contrast",
               stdin=json.dumps(two))
    assert run.returncode == 0
    tiled = out.read_text(encoding="utf-8")
    assert "player 1: 12 \u2192 13" in tiled and "score 13" in tiled
    assert ">K</text>" in tiled and 'font-weight="bold"' in tiled
    assert float(tiled.split('width="')[1].split('"')[0]) > float(svg.split('width="')[1]
                                                                   .split('"')[0])


def test_render_refuses_an_unknown_extension_before_reading(tmp_path):
    run = azul("render", str(tmp_path / "nowhere.json"), "-o", str(tmp_path / "board.gif"))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1
    assert "board.gif: unknown picture format" in run.stderr and ".svg, .png or .pdf" in run.stderr
    assert not (tmp_path / "board.gif").exists()


def test_render_fails_cleanly_on_a_bad_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "azul", "wall": "colored", "players": [{"floor": "FF"}]}')
    out = tmp_path / "board.png"
    run = azul("render", str(bad), "-o", str(out))
    assert run.returncode == 2 and run.stdout == "" and not out.exists()
    assert run.stderr.startswith("error: players[0].floor: ") and run.stderr.count("\n") == 1
    missing = azul("render", str(tmp_path / "nowhere.json"), "-o", str(out))
    assert missing.returncode == 2 and missing.stderr.startswith("error: file: cannot read")
    unwritable = azul("render", "-", "-o", str(tmp_path / "no" / "dir.svg"),
                      stdin=json.dumps(EXAMPLE))
    assert unwritable.returncode == 2 and unwritable.stderr.count("\n") == 1
    assert "cannot write it" in unwritable.stderr


def test_render_needs_an_output():
    run = azul("render", "-", stdin=json.dumps(EXAMPLE))
    assert run.returncode == 2 and "-o" in run.stderr


# --- --lang ---------------------------------------------------------------------------------------


def subcommands(tmp_path):
    """One run of each subcommand, as argument lists."""
    path = tmp_path / "position.json"
    path.write_text(json.dumps(EXAMPLE))
    return {"tile": ["tile", str(path), "--explain"],
            "play": ["play", "--seed", "5", "--policy", "greedy"],
            "render": ["render", str(path), "-o", str(tmp_path / "board.svg")]}


@pytest.mark.parametrize(("command", "code"), [("tile", "fa"), ("play", "nl"), ("render", "vi")])
def test_every_subcommand_takes_lang_and_lang_en_changes_nothing(tmp_path, command, code):
    args = subcommands(tmp_path)[command]
    plain = azul(*args)
    assert plain.returncode == 0
    other = azul(*args, "--lang", code)
    assert other.returncode == 0 and other.stderr == ""
    english = azul(*args, "--lang", "en")
    assert (english.stdout, english.stderr) == (plain.stdout, plain.stderr)
    assert azul(*args, "--lang=en").stdout == plain.stdout


@pytest.mark.parametrize("command", ["tile", "play", "render"])
def test_an_unknown_language_is_refused_with_the_choices_and_status_2(tmp_path, command):
    run = azul(*subcommands(tmp_path)[command], "--lang", "de")
    assert run.returncode == 2 and run.stdout == ""
    assert "--lang" in run.stderr and "'de'" in run.stderr
    assert all(code in run.stderr for code in i18n.LANGUAGES)
    assert not (tmp_path / "board.svg").exists()


def test_lang_en_keeps_errors_and_help_identical(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "azul", "wall": "colored", "players": [{"floor": "FF"}]}')
    assert azul("tile", str(bad), "--lang", "en").stderr == azul("tile", str(bad)).stderr
    assert azul("play", "--help", "--lang", "en").stdout == azul("play", "--help").stdout
    assert "--lang" in azul("tile", "--help").stdout


def test_lang_chooses_the_language_of_the_output(tmp_path, stand_in, capsys):
    """In the process, with a made-up Dutch text (the real ones come with the translation)."""
    stand_in("azul", "nl", {"scenario.explain.goes_on": "Het spel gaat door."})
    i18n.set_language("en")  # the flag, not the stand-in, chooses Dutch
    args = subcommands(tmp_path)["tile"]
    assert cli.main([*args, "--lang", "nl"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Het spel gaat door.")
    assert i18n.language() == "en"  # put back as it was, as python -m harmonies does
    assert cli.main([*args, "--lang", "en"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("The game goes on: no wall has a complete row.")


# --- play: one policy per seat, the strong player, --json -------------------------------------------


def test_play_json_gives_the_result_and_one_policy_per_seat():
    args = ("play", "--seed", "4", "--policy", "strong,greedy", "--budget", "6", "--json")
    run = azul(*args)
    assert run.returncode == 0 and run.stderr == ""
    result = json.loads(run.stdout)
    assert list(result) == ["seed", "players", "policies", "wall", "rounds", "turns", "scores",
                            "winners"]
    assert result["seed"] == 4 and result["wall"] == "colored" and result["players"] == 2
    assert result["policies"] == ["strong", "greedy"]
    assert [s["player"] for s in result["scores"]] == [1, 2]  # numbered from 1, as in Harmonies
    best = max(s["total"] for s in result["scores"])
    assert result["winners"] and all(result["scores"][w - 1]["total"] == best
                                     for w in result["winners"])
    assert any(s["rows"] >= 1 for s in result["scores"])  # the game ends on a complete row
    assert result["rounds"] >= 5 and result["turns"] >= 8 * result["rounds"]
    assert azul(*args).stdout == run.stdout  # a seed and a budget in nodes: the same game


def test_play_one_name_applies_to_every_seat_and_the_text_names_the_policies():
    run = azul("play", "--players", "3", "--seed", "2", "--policy", "greedy", "--json")
    assert json.loads(run.stdout)["policies"] == ["greedy"] * 3
    text = azul("play", "--seed", "2", "--policy", "random,greedy")
    assert text.returncode == 0
    assert text.stdout.startswith("Azul: 2 players, colored wall, seed 2, random,greedy policy")


def test_play_json_on_the_gray_wall_with_four_players():
    run = azul("play", "--players", "4", "--seed", "9", "--wall", "gray", "--policy", "random",
               "--json")
    result = json.loads(run.stdout)
    assert result["wall"] == "gray" and len(result["scores"]) == 4


@pytest.mark.parametrize(("args", "words"), [
    (("--policy", "strong,greedy,random"), "one per seat (2), not 3"),
    (("--policy", "clever"), "no policy 'clever': choose among greedy, playout, random or strong"),
    (("--policy", "strong", "--budget", "0"), "1 or more, not '0'"),
])
def test_play_refuses_bad_policies_and_budgets(args, words):
    run = azul("play", "--seed", "1", *args)
    assert run.returncode == 2 and run.stdout == ""
    assert words in run.stderr


def test_play_help_names_the_strong_player_in_each_language():
    english = azul("play", "--help").stdout
    assert "strong,greedy" in english and "--json" in english and "--budget" in english
    for code in ("fa", "nl", "vi"):
        other = azul("play", "--help", "--lang", code).stdout
        assert "strong,greedy" in other and other != english
