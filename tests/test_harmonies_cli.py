"""The command line: score, habitats and play; invalid files give status 2 and one line on stderr.

Most cases call ``cli.main(argv)`` in the test process; a few run ``python -m harmonies`` for real.
"""

import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import commands
import pytest

from harmonies.cli import SCORE_KEYS, main
from tabletop import i18n
from tabletop.i18n import LANGUAGES

RIVER = ["b3", "b2", "b1", "c2", "d2", "d3", "e4"]
ISLANDS = ["a2", "b1", "c2", "d2", "d3", "c4", "e2", "f1", "g1", "g2"]


def scenario(side="A", board=None, **fields):
    return {"game": "harmonies", "side": side, "board": board or {}, **fields}


def write(tmp_path, data, name="position.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def python_m(*argv, stdin=None, env=None):
    """``python -m harmonies``, in English unless ``env`` chooses a language."""
    return commands.python_m("harmonies", *argv, stdin=stdin, env=env)


class TestScore:
    def test_reference_river_as_json(self, tmp_path, capsys):
        path = write(tmp_path, scenario(board={c: ["blue"] for c in RIVER}))
        status, out, err = run(capsys, "score", path)
        data = json.loads(out)
        assert (status, err) == (0, "")
        assert tuple(data) == SCORE_KEYS
        assert all(type(v) is int for v in data.values())
        assert data == {"trees": 0, "mountains": 0, "fields": 0, "buildings": 0, "water": 15,
                        "landscapes": 15, "animals": 0, "spirit": 0, "total": 15}

    def test_reference_islands_on_side_b(self, tmp_path, capsys):
        path = write(tmp_path, scenario("B", {c: ["blue"] for c in ISLANDS}))
        assert json.loads(run(capsys, "score", path)[1])["water"] == 20

    def test_a_board_with_every_category(self, tmp_path, capsys):
        board = {"a1": ["yellow"], "a2": ["yellow"], "c3": ["brown", "green"], "e1": ["gray", "gray"],
                 "e2": ["gray"], "c4": ["green"], "d4": ["brown", "red"], "b3": ["blue"], "b4": ["blue"]}
        path = write(tmp_path, scenario(board=board, cubes=["c4"],
                                        animals=[{"card": "Frog", "cubes_placed": 1}]))
        data = json.loads(run(capsys, "score", path)[1])
        # Trees 3 + 1, mountains 3 + 1, one field, the building sees blue, green: too few colours,
        # a river of 2, the Frog's first cube.
        assert data == {"trees": 4, "mountains": 4, "fields": 5, "buildings": 0, "water": 2,
                        "landscapes": 15, "animals": 2, "spirit": 0, "total": 17}

    def test_river_option_on_the_command_line_wins_over_the_file(self, tmp_path, capsys):
        ring = {c: ["blue"] for c in ("c2", "d2", "d3", "c4", "b3", "b2")}
        path = write(tmp_path, scenario(board=ring, options={"river": "shortest-path"}))
        assert json.loads(run(capsys, "score", path)[1])["water"] == 8
        assert json.loads(run(capsys, "score", path, "--river", "loops-full-length")[1])["water"] == 15

    def test_explain_mentions_each_category(self, tmp_path, capsys):
        path = write(tmp_path, scenario(board={c: ["blue"] for c in RIVER}))
        status, out, err = run(capsys, "score", path, "--explain")
        assert (status, err) == (0, "")
        text = out.lower()
        for word in ("trees", "mountains", "fields", "buildings", "river", "animal", "spirit", "total"):
            assert word in text
        assert "15" in out

    def test_dash_reads_standard_input(self, monkeypatch, capsys):
        text = json.dumps(scenario("B", {c: ["blue"] for c in ISLANDS}))
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        assert json.loads(run(capsys, "score", "-")[1])["water"] == 20


class TestHabitats:
    def test_the_one_frog_placement(self, tmp_path, capsys):
        path = write(tmp_path, scenario(board={"c3": ["green"], "d3": ["blue"], "a1": ["blue"]}))
        status, out, err = run(capsys, "habitats", path, "--card", "5")
        assert (status, err) == (0, "")
        assert json.loads(out) == {
            "card": 5,
            "matches": [{"cells": {"c3": "T1", "d3": "W"}, "cube_cell": "d3", "rotation": 0}],
            "cube_cells": ["d3"],
        }

    def test_a_cube_keeps_the_match_but_takes_the_cube_cell(self, tmp_path, capsys):
        path = write(tmp_path, scenario(board={"c3": ["green"], "d3": ["blue"]}, cubes=["d3"]))
        data = json.loads(run(capsys, "habitats", path, "--card", "Frog")[1])
        assert data["card"] == 5 and len(data["matches"]) == 1 and data["cube_cells"] == []

    def test_cube_cells_are_sorted_and_near_misses_on_request(self, tmp_path, capsys):
        # A green between two blues: two Frog placements, cube cells d3 and b3 listed sorted.
        path = write(tmp_path, scenario(board={"c3": ["green"], "d3": ["blue"], "b3": ["blue"]}))
        data = json.loads(run(capsys, "habitats", path, "--card", "frog")[1])
        assert data["cube_cells"] == ["b3", "d3"] and len(data["matches"]) == 2
        assert "near_misses" not in data
        data = json.loads(run(capsys, "habitats", path, "--card", "frog", "--near-misses")[1])
        misses = data["near_misses"]
        assert misses and all({"cells", "cube_cell", "rotation"} <= set(m) for m in misses)
        # c2 is empty and touches the green c3: one blue token there makes another Frog habitat.
        assert any(m["cells"] == {"c3": "T1", "c2": "W"} for m in misses)

    def test_unknown_card_on_the_command_line(self, tmp_path, capsys):
        path = write(tmp_path, scenario())
        status, out, err = run(capsys, "habitats", path, "--card", "99")
        assert (status, out) == (2, "")
        assert err.count("\n") == 1 and "--card" in err and "no card" in err


class TestPlay:
    def test_same_seed_same_game(self, capsys):
        first = run(capsys, "play", "--players", "2", "--seed", "11")
        second = run(capsys, "play", "--players", "2", "--seed", "11")
        assert first == second
        status, out, err = first
        assert (status, err) == (0, "")
        assert out.startswith("seed 11: 2 players, side A")
        assert "player 1: " in out and "player 2: " in out
        assert "winner: player" in out or "shared victory" in out

    def test_json_output(self, capsys):
        status, out, _ = run(capsys, "play", "--players", "3", "--seed", "4", "--side", "b", "--spirits",
                             "--policy", "greedy,random,random", "--json")
        data = json.loads(out)
        assert status == 0 and data["players"] == 3 and data["side"] == "B" and data["spirits"] is True
        assert [s["player"] for s in data["scores"]] == [1, 2, 3]
        for s in data["scores"]:
            assert s["total"] == s["landscapes"] + s["animals"] + s["spirit"]
        best = max(s["total"] for s in data["scores"])
        assert data["winners"] and all(data["scores"][w - 1]["total"] == best for w in data["winners"])
        assert "suns" not in data

    def test_solo_prints_suns(self, capsys):
        status, out, _ = run(capsys, "play", "--players", "1", "--seed", "2", "--policy", "greedy")
        assert status == 0 and "suns: " in out and "winner" not in out

    def test_a_policy_per_seat_must_match_the_players(self, capsys):
        status, out, err = run(capsys, "play", "--players", "2", "--policy", "random,greedy,random")
        assert (status, out) == (2, "") and "--policy" in err

    def test_strong_against_greedy_as_json(self, capsys):
        status, out, err = run(capsys, "play", "--seed", "5", "--spirits", "--policy", "strong,greedy",
                               "--json")
        data = json.loads(out)
        assert (status, err) == (0, "")
        assert data["policies"] == ["strong", "greedy"]
        assert all(s["total"] == s["landscapes"] + s["animals"] + s["spirit"] for s in data["scores"])
        # The same seed plays the same game again: the strong player is seeded too.
        again = run(capsys, "play", "--seed", "5", "--spirits", "--policy", "strong,greedy", "--json")
        assert again[1] == out

    def test_one_name_applies_to_every_seat(self, capsys):
        status, out, _ = run(capsys, "play", "--players", "1", "--seed", "3", "--policy", "strong",
                             "--budget", "1", "--json")
        data = json.loads(out)
        assert status == 0 and data["policies"] == ["strong"] and "suns" in data

    def test_a_bad_budget_is_a_usage_error(self, capsys):
        for budget in ("-1", "many"):
            with pytest.raises(SystemExit) as caught:
                main(["play", "--policy", "strong", "--budget", budget])
            assert caught.value.code == 2
            assert "--budget" in capsys.readouterr().err

    def test_usage_names_the_program_as_it_is_run(self, capsys):
        with pytest.raises(SystemExit):
            main(["play", "--help"])
        out = capsys.readouterr().out
        assert out.startswith("usage: python -m harmonies play")
        assert "random|greedy|strong" in out and "strong,greedy" in out

    @pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
    def test_help_is_in_the_language_chosen(self, capsys, code):
        from harmonies.locale import t

        with pytest.raises(SystemExit):
            main(["play", "--help"])
        english = capsys.readouterr().out
        with pytest.raises(SystemExit):
            main(["play", "--help", "--lang", code])
        other = capsys.readouterr().out
        i18n.set_language(code)
        try:
            words = t("cli.help.play.description").split()[:3]
        finally:
            i18n.set_language("en")
        assert other != english and " ".join(words) in " ".join(other.split())

    def test_bad_usage_is_argparse_status_2(self, capsys):
        for argv in ([], ["play", "--players", "5"], ["play", "--policy", "clever"], ["score"],
                     ["habitats", "x.json"]):
            with pytest.raises(SystemExit) as caught:
                main(argv)
            assert caught.value.code == 2
        capsys.readouterr()


# Each invalid file: the field its one error line must name.
INVALID = {
    "unknown cell": (scenario(board={"h9": ["blue"]}), "board.h9"),
    "illegal stack": (scenario(board={"c2": ["yellow", "red"]}), "board.c2"),
    "unknown colour": (scenario(board={"c2": ["pink"]}), "board.c2[0]"),
    "unknown card": (scenario(animals=[{"card": 99}]), "animals[0].card"),
    "more cubes than the card has": (scenario(animals=[{"card": "Fennec Fox", "cubes_placed": 4}]),
                                     "animals[0].cubes_placed"),
    "bad json": ('{"game": "harmonies", "side": "A", "board": {', "file"),
    "not an object": ("[]", "scenario"),
    "unknown field": (scenario(extra=1), "extra"),
}


class TestInvalidFiles:
    @pytest.mark.parametrize("case", list(INVALID))
    @pytest.mark.parametrize("command", [["score"], ["habitats", "--card", "5"]])
    def test_status_2_one_line_naming_the_field(self, tmp_path, capsys, case, command):
        data, field = INVALID[case]
        path = write(tmp_path, data)
        status, out, err = run(capsys, command[0], path, *command[1:])
        assert (status, out) == (2, "")
        assert err.endswith("\n") and err.count("\n") == 1
        assert f": {field}: " in err

    def test_missing_file(self, tmp_path, capsys):
        status, out, err = run(capsys, "score", str(tmp_path / "missing.json"))
        assert (status, out) == (2, "") and err.count("\n") == 1 and "missing.json: no such file" in err


class TestRealProcess:
    def test_score_a_file(self, tmp_path):
        path = write(tmp_path, scenario(board={c: ["blue"] for c in RIVER}))
        done = python_m("score", path)
        assert (done.returncode, done.stderr) == (0, "")
        assert json.loads(done.stdout)["water"] == 15

    def test_score_standard_input(self):
        done = python_m("score", "-", stdin=json.dumps(scenario("B", {c: ["blue"] for c in ISLANDS})))
        assert done.returncode == 0 and json.loads(done.stdout)["total"] == 20

    def test_standard_input_that_is_not_utf8(self):
        done = subprocess.run([sys.executable, "-m", "harmonies", "score", "-"], input=b'{"side": "\xe9"}',
                              capture_output=True, timeout=60)
        assert (done.returncode, done.stdout) == (2, b"")
        assert done.stderr.count(b"\n") == 1 and b"UTF-8" in done.stderr

    def test_invalid_file(self, tmp_path):
        done = python_m("score", write(tmp_path, scenario(board={"c2": ["blue", "gray"]})))
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.count("\n") == 1 and "board.c2: gray cannot go on c2" in done.stderr

    def test_play_is_the_same_in_two_processes(self):
        # Different hash seeds: nothing in a game may depend on the order of a set of strings.
        argv = ("play", "--players", "2", "--seed", "5", "--policy", "greedy")
        runs = [python_m(*argv, env={**os.environ, "PYTHONHASHSEED": seed}) for seed in ("1", "2")]
        assert runs[0].returncode == 0 and runs[0].stdout == runs[1].stdout
        assert "winner" in runs[0].stdout or "shared victory" in runs[0].stdout


class TestDocumentation:
    def test_score_and_habitats_examples_print_what_the_page_shows(self, tmp_path, capsys, monkeypatch):
        doc = (Path(__file__).parents[1] / "docs" / "harmonies.md").read_text(encoding="utf-8")
        (tmp_path / "example.json").write_text(re.search(r"```json\n(.*?)```", doc, re.S).group(1))
        monkeypatch.chdir(tmp_path)
        command_then_output = (r"^\$ python -m harmonies ((?:score|habitats) example\.json[^|\n]*)\n"
                               r"(.*?)(?=^\$|^```)")
        shown = re.findall(command_then_output, doc, re.S | re.M)
        assert len(shown) >= 4
        for command, output in shown:
            status, out, err = run(capsys, *shlex.split(command))
            assert (status, err) == (0, "")
            assert out.strip() == output.strip(), command


class TestRender:
    """``render FILE -o OUT``: the board of a scenario, its score as a title, to SVG, PNG or PDF."""

    EXAMPLE = scenario(board={"a1": ["yellow"], "b1": ["gray"], "c2": ["gray"], "b3": ["yellow"],
                              "c4": ["yellow"], "d2": ["blue"], "d3": ["blue"], "e4": ["blue"]},
                       cubes=["c2"], animals=[{"card": "Fennec Fox", "cubes_placed": 1}])

    @pytest.mark.parametrize("suffix, magic", [(".svg", b"<svg"), (".png", b"\x89PNG"), (".pdf", b"%PDF")])
    def test_each_format_from_the_extension(self, tmp_path, capsys, suffix, magic):
        out_path = tmp_path / f"board{suffix.upper() if suffix == '.png' else suffix}"
        status, out, err = run(capsys, "render", write(tmp_path, self.EXAMPLE), "-o", str(out_path))
        assert (status, out, err) == (0, "", "")
        assert out_path.read_bytes().startswith(magic)

    def test_the_svg_has_the_score_cells_and_cards(self, tmp_path, capsys):
        out_path = tmp_path / "board.svg"
        path = write(tmp_path, self.EXAMPLE)
        assert run(capsys, "render", path, "-o", str(out_path))[0] == 0
        svg = out_path.read_text(encoding="utf-8")
        total = json.loads(run(capsys, "score", path)[1])["total"]
        assert f"Side A board: {total} points" in svg
        assert svg.count('data-key="cell:') >= 23 and 'data-key="card:23"' in svg
        assert ">K<" not in svg  # letters only in colour-blind mode

    def test_highlight_and_display_options(self, tmp_path, capsys):
        path = write(tmp_path, self.EXAMPLE)
        plain, marked = tmp_path / "plain.svg", tmp_path / "marked.svg"
        run(capsys, "render", path, "-o", str(plain))
        status, _, err = run(capsys, "render", path, "-o", str(marked), "--highlight", "fields",
                             "--colour-blind", "--high-contrast")
        assert (status, err) == (0, "")
        svg = marked.read_text(encoding="utf-8")
        assert "outlined: fields" in svg and ">Y<" in svg and 'font-weight="bold"' in svg
        assert "outlined:" not in plain.read_text(encoding="utf-8")

    def test_unknown_extension(self, tmp_path, capsys):
        status, out, err = run(capsys, "render", write(tmp_path, self.EXAMPLE), "-o", str(tmp_path / "b.gif"))
        assert (status, out) == (2, "") and err.count("\n") == 1
        assert err.startswith("harmonies render: -o: ") and ".svg, .png or .pdf" in err
        assert not (tmp_path / "b.gif").exists()

    def test_invalid_file_writes_nothing(self, tmp_path, capsys):
        out_path = tmp_path / "board.svg"
        path = write(tmp_path, scenario(board={"c2": ["blue", "gray"]}))
        status, out, err = run(capsys, "render", path, "-o", str(out_path))
        assert (status, out) == (2, "") and err.count("\n") == 1 and "board.c2: " in err
        assert not out_path.exists()
        status, _, err = run(capsys, "render", str(tmp_path / "missing.json"), "-o", str(out_path))
        assert status == 2 and err.count("\n") == 1 and "no such file" in err

    def test_unwritable_output(self, tmp_path, capsys):
        target = tmp_path / "no" / "such" / "dir" / "board.svg"
        status, out, err = run(capsys, "render", write(tmp_path, self.EXAMPLE), "-o", str(target))
        assert (status, out) == (2, "") and err.count("\n") == 1 and "cannot write" in err

    def test_unknown_category_is_a_usage_error(self, tmp_path, capsys):
        path = write(tmp_path, self.EXAMPLE)
        argv = ["render", path, "-o", str(tmp_path / "b.svg"), "--highlight", "rivers"]
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2

    def test_a_real_process(self, tmp_path):
        out_path = tmp_path / "board.png"
        argv = ["render", write(tmp_path, self.EXAMPLE), "-o", str(out_path)]
        # Run from the checkout, where the tabletop package lives next to harmonies.
        done = subprocess.run([sys.executable, "-m", "harmonies", *argv], capture_output=True, text=True,
                              timeout=60, cwd=Path(__file__).parents[1])
        assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
        assert out_path.read_bytes().startswith(b"\x89PNG")


class TestLanguage:
    """``--lang CODE`` on every command; ``TABLETOP_LANGUAGE`` when it is absent; English is the default.

    Persian puts every value of a sentence in Unicode isolates (FSI … PDI), so their presence shows that a
    text was looked up in Persian even before the Persian catalogue has every text.
    """

    FSI = "\u2068"

    def argv(self, tmp_path, command):
        path = write(tmp_path, TestRender.EXAMPLE)
        return {
            "score": ["score", path, "--explain"],
            "habitats": ["habitats", path, "--card", "Fennec Fox", "--near-misses"],
            "play": ["play", "--players", "2", "--seed", "3", "--policy", "greedy"],
            "render": ["render", path, "-o", str(tmp_path / "board.svg")],
        }[command]

    @pytest.mark.parametrize("code", list(LANGUAGES))
    @pytest.mark.parametrize("command", ["score", "habitats", "play", "render"])
    def test_every_command_takes_every_language(self, tmp_path, capsys, command, code):
        status, _, err = run(capsys, *self.argv(tmp_path, command), "--lang", code)
        assert (status, err) == (0, "")

    @pytest.mark.parametrize("command", ["score", "habitats", "play", "render"])
    def test_an_unknown_language_is_a_usage_error(self, tmp_path, capsys, command):
        with pytest.raises(SystemExit) as caught:
            main([*self.argv(tmp_path, command), "--lang", "xx"])
        out, err = capsys.readouterr()
        assert caught.value.code == 2 and out == ""
        assert "--lang" in err and "'xx' is not a language" in err
        assert all(code in err for code in LANGUAGES)

    @pytest.mark.parametrize("command", ["score", "habitats", "play"])
    def test_english_is_the_same_as_no_choice(self, tmp_path, capsys, command):
        argv = self.argv(tmp_path, command)
        assert run(capsys, *argv, "--lang", "en") == run(capsys, *argv)

    def test_english_error_lines_are_the_same_as_no_choice(self, tmp_path, capsys):
        path = write(tmp_path, scenario(animals=[{"card": "Fennec Fox", "cubes_placed": 4}]))
        plain, english = run(capsys, "score", path), run(capsys, "score", path, "--lang", "en")
        assert plain == english and plain[0] == 2 and "Fennec Fox has only 3 cubes" in plain[2]

    def test_the_language_is_in_force_while_the_command_runs_and_put_back_after(self, tmp_path, capsys):
        status, out, _ = run(capsys, *self.argv(tmp_path, "play"), "--lang=fa")
        assert status == 0 and self.FSI in out
        assert i18n.language() == "en"

    def test_messages_of_the_argument_checks_follow_the_language(self, capsys):
        with pytest.raises(SystemExit):
            main(["play", "--policy", "clever", "--lang", "fa"])
        assert f"{self.FSI}'clever'" in capsys.readouterr().err

    def test_error_lines_follow_the_language(self, tmp_path, capsys):
        status, out, err = run(capsys, "score", str(tmp_path / "missing.json"), "--lang", "fa")
        assert (status, out) == (2, "") and err.count("\n") == 1 and self.FSI in err

    def test_json_is_the_same_in_every_language(self, tmp_path, capsys):
        path = write(tmp_path, TestRender.EXAMPLE)
        outputs = {run(capsys, "score", path, "--lang", code)[1] for code in LANGUAGES}
        assert len(outputs) == 1

    def test_the_environment_chooses_when_there_is_no_option(self):
        argv = ("play", "--players", "1", "--seed", "3")
        english = python_m(*argv, env={**os.environ, i18n.ENVIRONMENT: "en"})
        persian = python_m(*argv, env={**os.environ, i18n.ENVIRONMENT: "fa"})
        overruled = python_m(*argv, "--lang", "en", env={**os.environ, i18n.ENVIRONMENT: "fa"})
        assert english.returncode == persian.returncode == overruled.returncode == 0
        assert self.FSI not in english.stdout and self.FSI in persian.stdout
        assert overruled.stdout == english.stdout
