"""The command lines speak the learner's language, argparse's own words included."""

import argparse
import json
import os
import re
import subprocess
import sys

import pytest

from tabletop import commandline, files, i18n

PERCENT = re.compile(r"%\(\w+\)[sr]|%[sr]")


@pytest.fixture(autouse=True)
def _argparse_words_restored(monkeypatch):
    monkeypatch.setattr(argparse, "_", argparse._)
    monkeypatch.setattr(argparse, "ngettext", argparse.ngettext)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m demo")
    parser.add_argument("file")
    parser.add_argument("--players", type=int, choices=(2, 3, 4))
    return parser


def test_every_language_keeps_argparses_placeholders():
    for code in i18n.LANGUAGES:
        table = i18n.table("tabletop", code)
        for key in (*commandline.WORDS.values(), *commandline.PLURAL_WORDS.values()):
            english, text = i18n.table("tabletop", "en")[key], table[key]
            for form in (text.values() if isinstance(text, dict) else [text]):
                plain = english["other"] if isinstance(english, dict) else english
                assert sorted(PERCENT.findall(form)) == sorted(PERCENT.findall(plain)), (code, key)


def test_help_and_errors_in_the_language_asked(capsys):
    commandline.speak(["--lang", "nl", "play"])
    assert i18n.language() == "nl"
    help_text = _parser().format_help()
    assert help_text.startswith("gebruik: python -m demo") and "opties:" in help_text
    assert "toon deze hulptekst en stop" in help_text and "argumenten op volgorde:" in help_text
    with pytest.raises(SystemExit):
        _parser().parse_args(["--players", "5", "x"])
    err = capsys.readouterr().err
    assert "python -m demo: fout: argument --players: ongeldige keuze: 5 (kies uit 2, 3, 4)" in err


def test_english_words_are_argparses_own():
    commandline.speak(["play"])
    help_text = _parser().format_help()
    assert help_text.startswith("usage: python -m demo") and "show this help message and exit" in help_text


@pytest.mark.parametrize("program", ["harmonies", "azul"])
def test_an_unknown_language_is_refused_with_the_list_of_languages(program):
    run = subprocess.run([sys.executable, "-m", program, "play", "--lang", "klingon"],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "'klingon' is not a language of this project" in run.stderr and "vi (Tiếng Việt)" in run.stderr


@pytest.mark.parametrize("program", ["harmonies", "azul"])
def test_both_programs_print_their_help_in_vietnamese(program):
    out = subprocess.run([sys.executable, "-m", program, "play", "--lang", "vi", "--help"],
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith(f"cách dùng: python -m {program} play")
    assert "hiện phần trợ giúp này rồi thoát" in out


# --- the conventions both command lines share ------------------------------------------------------


@pytest.mark.parametrize("game, extra", [("harmonies", ["--players", "3"]), ("azul", ["--players", "3"])])
def test_play_json_has_the_same_keys_in_both_games(game, extra, capsys):
    main = __import__(f"{game}.cli", fromlist=["main"]).main
    i18n.set_language("en")
    args = ["play", "--seed", "5", "--policy", "greedy,random,random", "--json", "--lang", "nl", *extra]
    assert main(args) == 0
    assert i18n.language() == "en"  # both put the language back as they found it
    out = capsys.readouterr().out
    result = json.loads(out)
    assert list(result)[:3] == ["seed", "players", "policies"] and list(result)[-2:] == ["scores", "winners"]
    assert result["players"] == 3 and [s["player"] for s in result["scores"]] == [1, 2, 3]
    best = max(s["total"] for s in result["scores"])
    assert result["winners"] and all(result["scores"][w - 1]["total"] == best for w in result["winners"])
    lines = out.splitlines()
    assert sum(line.strip().startswith('{"player": ') for line in lines) == 3  # one line per player


def test_pretty_json_puts_each_list_item_on_a_line_down_to_flat_values():
    value = {"a": 1, "flat": [1, 2], "items": [{"cells": {"a1": "F"}, "k": 0}, {"k": 1}],
             "deep": [{"steps": [{"x": 1}]}]}
    assert files.pretty_json(value) == "\n".join([
        "{", '  "a": 1,', '  "flat": [1, 2],', '  "items": [',
        '    {"cells": {"a1": "F"}, "k": 0},', '    {"k": 1}', "  ],", '  "deep": [',
        "    {", '      "steps": [', '        {"x": 1}', "      ]", "    }", "  ]", "}"])


@pytest.mark.parametrize("package", ["harmonies", "azul"])
def test_a_reader_that_goes_away_stops_the_command_quietly(package):
    """``python -m … | head``: the reader closed the pipe before the command wrote; no traceback."""
    read, write = os.pipe()
    os.close(read)  # gone before the first line, so every write meets a closed pipe
    try:
        done = subprocess.run([sys.executable, "-m", package, "play", "--seed", "1"], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == commandline.CLOSED_PIPE and done.stderr == ""
