"""Both command lines explain in every language: the words come from that language's catalogue,
and the numbers are the same as in English."""

import json
import re

import pytest
from commands import python_m
from examples import AZUL_EXAMPLE as AZUL_WALL

from azul.locale import t as azul_text
from harmonies.locale import t as harmonies_text
from tabletop import i18n

OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.FALLBACK]

HARMONIES_BOARD = {"game": "harmonies", "side": "A", "animals": [{"card": 23, "cubes_placed": 1}],
                   "board": {"c3": ["brown", "green"], "b2": ["blue"], "b3": ["blue"], "d2": ["yellow"],
                             "d3": ["yellow"], "a1": ["gray", "gray"], "e3": ["red", "red"]}}


def run(package: str, *argv: str, stdin: str) -> str:
    done = python_m(package, *argv, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return done.stdout


def numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", i18n.plain(text)))  # word order differs between languages


def in_language(code: str, catalogue, key: str, **params) -> str:
    i18n.set_language(code)
    return catalogue(key, **params)


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_harmonies_explains_a_score_in_each_language(code):
    board = json.dumps(HARMONIES_BOARD)
    english = run("harmonies", "score", "-", "--explain", stdin=board)
    other = run("harmonies", "score", "-", "--explain", "--lang", code, stdin=board)
    assert other != english and numbers(other) == numbers(english)
    total = int(re.search(r"Total: (\d+)", english).group(1))
    assert in_language(code, harmonies_text, "scoring.explain.total", points=total) in other
    fennec = in_language(code, harmonies_text, "card.23")
    assert fennec in other and fennec != "Fennec Fox"
    if i18n.is_rtl(code):
        assert i18n.FSI in other  # values isolated inside right-to-left sentences


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_azul_explains_a_tiling_in_each_language(code):
    wall = json.dumps(AZUL_WALL)
    english = run("azul", "tile", "-", "--explain", stdin=wall)
    other = run("azul", "tile", "-", "--explain", "--lang", code, stdin=wall)
    assert other != english and numbers(other) == numbers(english)
    assert in_language(code, azul_text, "scenario.explain.goes_on") in other


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_a_refusal_on_the_command_line_is_in_each_language(code):
    bad = json.dumps({**HARMONIES_BOARD, "board": {"c2": ["yellow", "red"]}})
    done = python_m("harmonies", "score", "-", "--lang", code, stdin=bad)
    assert done.returncode == 2 and done.stdout == ""
    assert in_language(code, harmonies_text, "colour.red") in done.stderr and "c2" in done.stderr
