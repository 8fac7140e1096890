"""Every command of both games that reads a record, a link or a scenario file, fed what a stranger
may write: lists nested thousands deep, numbers of thousands of digits, a byte order mark, control
and right-to-left characters, random bytes. Each answers with status 2 and one line on standard
error that quotes the input escaped, never Python's traceback (``tabletop.untrusted.read_json``)."""

from __future__ import annotations

import json
import re

import pytest
from commands import in_process, python_m
from examples import AZUL_EXAMPLE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import azul
import harmonies
from azul import cli as azul_cli
from harmonies import cli as harmonies_cli
from tabletop.links import pack_text
from tabletop.records import record
from tabletop.untrusted import BOM, DEPTH, JSON_DIGITS, JSONRefused, clipped, read_json, shown

MAINS = {"harmonies": harmonies_cli.main, "azul": azul_cli.main}
HARMONIES_BOARD = {"game": "harmonies", "side": "A", "board": {"c3": ["brown", "green"]}}
POSITIONS = {"harmonies": HARMONIES_BOARD, "azul": AZUL_EXAMPLE}


def _record(game: str) -> dict:
    played = harmonies.Game(2, seed=1) if game == "harmonies" else azul.Game(2, seed=1)
    played.play(played.legal_actions()[0])
    return record(played)


RECORDS = {game: _record(game) for game in MAINS}

#: The commands that read a file (FILE stands for it): each game's own, and the four of keeping.
FILE_COMMANDS = {
    "harmonies": [["score", "FILE"], ["score", "FILE", "--explain"], ["habitats", "FILE", "--card", "1"],
                  ["render", "FILE", "-o", "OUT.svg"]],
    "azul": [["tile", "FILE"], ["tile", "FILE", "--explain"], ["render", "FILE", "-o", "OUT.svg"]],
}
KEEPING = [["replay", "FILE"], ["review", "FILE"], ["link", "FILE"]]
LINK_COMMANDS = [["link", "--read", "LINK"], ["replay", "LINK"], ["review", "LINK"], ["link", "LINK"]]
CASES = [(game, argv) for game in MAINS for argv in FILE_COMMANDS[game] + KEEPING]
LINK_CASES = [(game, argv) for game in MAINS for argv in LINK_COMMANDS]

# What a quoted input may not hold on the error line: controls (the line's end aside), and the
# marks, embeddings, overrides and isolates that turn the text after them around.
UNSEEN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def refused(result, argv) -> None:
    """Status 2, nothing printed, one line of error with no hidden character, no traceback."""
    assert (result.returncode, result.stdout) == (2, ""), (argv, result)
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1, (argv, result.stderr)
    assert "Traceback" not in result.stderr and not UNSEEN.search(result.stderr), (argv, result.stderr)


CLOSING = {"[": "]", '{"a":': "}", '[{"a":': "}]"}


def deep(depth: int, opening: str) -> str:
    return opening * depth + "1" + CLOSING[opening] * depth


# -- what a stranger writes -------------------------------------------------------------------------
HIDDEN = st.sampled_from(["\u202e", "\u2066", "\u200f", "\x1b[31m", "\r", "\x00", "\u2028", "\x85"])
DEPTHS = st.integers(DEPTH + 1, 5000)
DIGIT_RUNS = st.integers(JSON_DIGITS + 1, 6000).map(lambda n: "9" * n)


@st.composite
def nested(draw) -> str:
    """Lists or objects nested too deep, alone or in the place of a record's or a position's part."""
    opening = draw(st.sampled_from(list(CLOSING)))
    inner = deep(draw(DEPTHS), opening)
    return draw(st.sampled_from([inner, f'{{"format": "azul-game/1", "setup": {inner}}}',
                                 f'{{"game": "harmonies", "side": "A", "board": {inner}}}']))


@st.composite
def long_numbers(draw) -> str:
    """A number of too many digits (or too large, or none of JSON's) in a record or a position."""
    digits = draw(DIGIT_RUNS)
    value = draw(st.sampled_from([digits, "-" + digits, digits + ".5", "1" + digits[:5] + "e99999",
                                  "NaN", "Infinity", "-Infinity"]))
    return draw(st.sampled_from([value, f'{{"format": "harmonies-game/1", "setup": {{"seed": {value}}}}}',
                                 f'{{"game": "azul", "wall": "colored", "players": {value}}}']))


@st.composite
def hidden_characters(draw, game: str) -> str:
    """A record or a position whose texts hold controls and bidirectional formatting characters."""
    mark = draw(HIDDEN)
    data = json.loads(json.dumps(draw(st.sampled_from([RECORDS[game], POSITIONS[game]]))))
    if "actions" in data:
        data["actions"].append(f"take {mark}1")
    else:
        data[draw(st.sampled_from(["game", f"x{mark}y"]))] = f"chess{mark}"
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


#: Any JSON value, small: what a hand edit may put in the place of a record's or a position's part.
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(10**50, 10**JSON_DIGITS - 1) | st.floats()
    | st.text(max_size=8) | HIDDEN,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4) | HIDDEN, inner,
                                                                max_size=3),
    max_leaves=6)


@st.composite
def changed(draw, game: str) -> str:
    """A record or a position with one part, anywhere in it, replaced by any value (or one more key)."""
    data = json.loads(json.dumps(draw(st.sampled_from([RECORDS[game], POSITIONS[game]]))))
    place = data
    while True:
        keys = list(place) if isinstance(place, dict) else list(range(len(place)))
        if isinstance(place, dict) and draw(st.booleans()):
            keys.append(draw(st.text(max_size=4) | HIDDEN))  # a key of its own
        key = draw(st.sampled_from(keys)) if keys else None
        if key is None or not isinstance(place.get(key) if isinstance(place, dict) else place[key],
                                         dict | list) or draw(st.booleans()):
            break
        place = place[key]
    if key is not None:
        place[key] = draw(VALUES)
    return json.dumps(data)


def bad_texts(game: str) -> st.SearchStrategy[str]:
    return (nested() | long_numbers() | hidden_characters(game)
            | st.text(max_size=30).map(lambda text: text if text.strip() else text + "{")
            | st.sampled_from(["", "[]", "{" + BOM, '{"a": 1}', "null", '"a"']))


FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


# -- the commands, in the test process -----------------------------------------------------------------
def _run(game: str, argv: list[str], folder, file: bytes | None = None, link: str | None = None):
    path = folder / "input.json"
    if file is not None:
        path.write_bytes(file)
    words = {"FILE": str(path), "OUT.svg": str(folder / "out.svg"), "LINK": link}
    return in_process(MAINS[game], *[words.get(word, word) for word in argv])


def bad_files(game: str) -> st.SearchStrategy[bytes]:
    """A bad text in UTF-8, after a byte order mark or not, or random bytes."""
    texts = st.builds("{}{}".format, st.sampled_from(["", BOM]), bad_texts(game))
    return texts.map(str.encode) | st.binary(max_size=60)


@pytest.mark.parametrize(("game", "argv"), CASES)
@FEW
@given(data=st.data())
def test_a_bad_file_is_one_line_and_status_2(tmp_path, game, argv, data):
    refused(_run(game, argv, tmp_path, file=data.draw(bad_files(game), label="file")), argv)


@pytest.mark.parametrize(("game", "argv"), CASES)
@FEW
@given(data=st.data())
def test_a_record_or_a_position_changed_anywhere_is_read_or_refused_in_one_line(tmp_path, game, argv, data):
    result = _run(game, argv, tmp_path, file=data.draw(changed(game), label="file").encode())
    if result.returncode != 0:
        refused(result, argv)
    else:
        assert result.stderr == "", (argv, result)


@pytest.mark.parametrize(("game", "argv"), [(game, [argv[0], "-", *argv[2:]]) for game, argv in CASES
                                            if argv[0] != "render"])
@FEW
@given(data=st.data())
def test_bad_standard_input_is_one_line_and_status_2(game, argv, data):
    text = data.draw(st.builds("{}{}".format, st.sampled_from(["", BOM]), bad_texts(game)), label="stdin")
    refused(in_process(MAINS[game], *argv, stdin=text), argv)


@pytest.mark.parametrize(("game", "argv"), LINK_CASES)
@FEW
@given(data=st.data())
def test_a_bad_link_is_one_line_and_status_2(tmp_path, game, argv, data):
    """Links packed by the project's own packer, so that their JSON is what gets read."""
    text = data.draw(bad_texts(game), label="text")
    link = data.draw(st.sampled_from(["#", "https://example.org/x#", ""]), label="base") + pack_text(text)
    refused(_run(game, argv, tmp_path, link=link), argv)


@pytest.mark.parametrize("game", list(MAINS))
@FEW
@given(line=st.builds("{}{}{}".format, st.sampled_from(["take ", "factory ", "x"]),
                      HIDDEN | DIGIT_RUNS, st.sampled_from(["", "1", " -> line 2"])))
def test_an_action_line_is_quoted_escaped(tmp_path, game, line):
    refused(_run(game, ["record", "--actions", "FILE"], tmp_path, file=line.encode("utf-8")), line)


@pytest.mark.parametrize("game", list(MAINS))
def test_a_record_or_a_position_after_a_byte_order_mark_is_read(tmp_path, game):
    for data, argv in [(RECORDS[game], ["replay", "FILE"]), (POSITIONS[game], FILE_COMMANDS[game][0])]:
        result = _run(game, argv, tmp_path, file=(BOM + json.dumps(data)).encode("utf-8"))
        assert (result.returncode, result.stderr) == (0, ""), (argv, result)


@pytest.mark.parametrize(("game", "argv"), [("harmonies", ["link", "--read", "LINK"]),
                                            ("azul", ["replay", "FILE"])])
def test_for_real_deep_nesting_and_a_long_number(tmp_path, game, argv):
    """The tester's two findings, run as ``python -m``: a RecursionError and Python's ValueError
    each ended in a traceback."""
    for text in [deep(5000, "["), '{"format": "azul-game/1", "seed": %s}' % ("9" * 5000)]:
        (tmp_path / "input.json").write_text(text, encoding="utf-8")
        words = {"FILE": str(tmp_path / "input.json"), "LINK": "#" + pack_text(text)}
        refused(python_m(game, *[words.get(word, word) for word in argv]), argv)


# -- the reading itself ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "words"), [
    (deep(DEPTH + 1, "["), f"nested more than {DEPTH} levels deep"),
    ('{"a": %s}' % ("1" * (JSON_DIGITS + 1)), "a number far too long"),
    ('[1e999]', "too large"), ("[NaN]", "too large"), ('{"a": -Infinity}', "too large"),
    ("{\n  nope", "not valid JSON (line 2, column 3)"), ("", "not valid JSON (line 1, column 1)"),
    (b"\xff{}", "not UTF-8"), ("[" + " " * 30 + "]", "more than 20 characters"),
])
def test_read_json_refuses_in_one_line(text, words):
    with pytest.raises(JSONRefused, match=re.escape(words)) as refusal:
        read_json(text, most=20 if "characters" in words else 1_000_000)
    assert "\n" not in str(refusal.value) and len(str(refusal.value)) < 200


def test_read_json_reads_what_a_game_writes():
    assert read_json(BOM + '{"a": [1, 2.5, "[[[{{"], "b": null}') == {"a": [1, 2.5, "[[[{{"], "b": None}
    assert read_json(deep(DEPTH, "[")) == json.loads(deep(DEPTH, "["))
    assert read_json('["' + "[" * 5000 + '"]') == ["[" * 5000]  # brackets in a text nest nothing
    assert read_json(b'{"n": %s}' % (b"9" * JSON_DIGITS)) == {"n": int("9" * JSON_DIGITS)}


def test_a_quoted_input_cannot_turn_the_line_around():
    assert clipped("take \u202e1\x1b[0m") == "take \\u202e1\\u001b[0m"
    assert shown("a\u2066b") == "'a\\u2066b'"
    assert clipped("\u202e" * 100).count("\\u202e") == 10  # cut to its first letters, then escaped


@pytest.mark.parametrize("game", list(MAINS))
def test_a_file_name_is_quoted_escaped(tmp_path, game):
    """The names on the command line too: a file that is not there, a picture it cannot write."""
    (tmp_path / "input.json").write_text(json.dumps(POSITIONS[game]), encoding="utf-8")
    for argv in (["replay", "no\u202eone.json"], ["render", "FILE", "-o", "x\u202e.txt"],
                 ["render", "FILE", "-o", str(tmp_path / "no-folder" / "x\u2066.svg")]):
        refused(_run(game, argv, tmp_path), argv)
