"""The command lines speak the learner's language, argparse's own words included."""

import argparse
import re
import subprocess
import sys

import pytest

from tabletop import commandline, i18n

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
    commandline.speak(["--lang", "nl", "play"], "python -m demo")
    assert i18n.language() == "nl"
    help_text = _parser().format_help()
    assert help_text.startswith("gebruik: python -m demo") and "opties:" in help_text
    assert "toon deze hulptekst en stop" in help_text and "argumenten op volgorde:" in help_text
    with pytest.raises(SystemExit):
        _parser().parse_args(["--players", "5", "x"])
    err = capsys.readouterr().err
    assert "python -m demo: fout: argument --players: ongeldige keuze: 5 (kies uit 2, 3, 4)" in err


def test_english_words_are_argparses_own():
    commandline.speak(["play"], "python -m demo")
    help_text = _parser().format_help()
    assert help_text.startswith("usage: python -m demo") and "show this help message and exit" in help_text


def test_an_unknown_language_ends_the_program_with_a_message_that_lists_the_languages(capsys):
    with pytest.raises(SystemExit) as stop:
        commandline.speak(["--lang=klingon"], "python -m demo")
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "python -m demo: 'klingon' is not a language of this project" in err and "vi (Tiếng Việt)" in err


@pytest.mark.parametrize("program", ["harmonies", "azul"])
def test_both_programs_print_their_help_in_vietnamese(program):
    out = subprocess.run([sys.executable, "-m", program, "play", "--lang", "vi", "--help"],
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith(f"cách dùng: python -m {program} play")
    assert "hiện phần trợ giúp này rồi thoát" in out
