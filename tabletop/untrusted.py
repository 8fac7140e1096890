"""What somebody typed or sent, read safely: a box typed full, an address edited by hand, a file
or a websocket message may hold anything, of any length.

* ``shown(value)``: the value as a message shows it (``repr``), cut to its first letters;
  ``clipped(text)`` the same for a text a sentence quotes as it is. Both show a control or
  bidirectional formatting character escaped (``\\u202e``), so a quoted input can neither break
  the line nor turn the rest of it around.
  ``named(path)`` shows a file's name so, with room for a long path.
* ``number(text)``: the whole number a text holds (in the digits of any script: a Persian
  learner types ۲۳), or None; never a number of thousands of digits (Python refuses to read one,
  with an error of its own instead of ours), never "²" (a digit, but no number).
* ``seed(text)``: the seed a box or an option asks for: its number, else the text itself.
* ``read_json(text)``: the value of a JSON text (a file, a link, a message), or ``JSONRefused``
  whose message is one line: not JSON (where), too long, nested too deep (Python's reader would
  recurse until it fails), or a number too long or too large (NaN, 1e999). A UTF-8 byte order
  mark in front (some editors write one) is read as nothing.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from .locale import t

#: The most digits a number read from a text may have: more than any seat, space, card or version.
DIGITS = 9
#: The most characters of one number in a JSON text, and of a seed read as a number.
JSON_DIGITS = 100
#: The deepest lists and objects may nest in a JSON text (a saved game nests 5 deep).
DEPTH = 40
#: The most characters of a JSON text (a whole 4-player record is about 20,000).
CHARACTERS = 1_000_000

# C0 and C1 controls, and the marks, embeddings, overrides and isolates that turn text around.
_UNSEEN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^][{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
BOM = "\ufeff"


class JSONRefused(ValueError):
    """A JSON text ``read_json`` does not read; the message says why, in one line."""


def clipped(text: str, most: int = 60) -> str:
    """``text`` cut to about ``most`` characters: what was wrong is in its first letters, and the
    message stays readable."""
    text = _UNSEEN.sub(lambda found: f"\\u{ord(found[0]):04x}", text[:most + 1])
    return text if len(text) <= most else text[:most] + "…"


def named(path: object) -> str:
    """A file's name as a message shows it: long enough for a path, any control escaped."""
    return clipped(str(path), 200)


def shown(value: object, most: int = 60) -> str:
    """``repr(value)`` for a message, clipped."""
    return clipped(repr(value), most)


def number(text: object) -> int | None:
    """``text`` (an int, or a string of decimal digits with spaces around) as an int, else None."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not (0 < len(text) <= DIGITS and text.isdecimal()):
        return None
    return int(text)


def seed(text: str) -> int | str | None:
    """The seed a text asks for: None when it is empty, its number (``-7``, ``۲۳``) when it is one
    of at most ``JSON_DIGITS`` digits, else the text itself (any text seeds a game: ``7:1``)."""
    text = str(text).strip()
    digits = text.removeprefix("-")
    if 0 < len(digits) <= JSON_DIGITS and digits.isdecimal():
        return int(text)
    return text or None


def read_json(text: str | bytes, most: int = CHARACTERS, **hooks) -> object:
    """The value of a JSON text somebody sent, or ``JSONRefused``; ``hooks`` go to ``json.loads``
    (``object_pairs_hook``)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONRefused(t("untrusted.json.not_utf8")) from None
    text = text.removeprefix(BOM)
    if len(text) > most:
        raise JSONRefused(t("untrusted.json.too_long", most=most))
    if _too_deep(text):
        raise JSONRefused(t("untrusted.json.deep", most=DEPTH))
    try:
        return json.loads(text, parse_int=_integer, parse_float=_fraction, parse_constant=_refuse,
                          **hooks)
    except json.JSONDecodeError as err:
        raise JSONRefused(t("untrusted.json.syntax", line=err.lineno, column=err.colno)) from None


def _too_deep(text: str) -> bool:
    """Whether the brackets outside strings nest deeper than ``DEPTH``, counted without recursing
    (as json would) and stopping at the first one too deep."""
    if text.count("[") + text.count("{") <= DEPTH:
        return False  # too few to nest too deep: most texts stop here
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return any(level > DEPTH for level in accumulate(map(_STEP.__getitem__, brackets)))


def _refuse(word: str):
    raise JSONRefused(t("untrusted.json.number", number=clipped(word, 20)))


def _integer(word: str) -> int:
    return int(word) if len(word) <= JSON_DIGITS else _refuse(word)


def _fraction(word: str) -> float:
    value = float(word)
    return value if len(word) <= JSON_DIGITS and math.isfinite(value) else _refuse(word)


__all__ = ["DIGITS", "JSON_DIGITS", "DEPTH", "CHARACTERS", "JSONRefused", "clipped", "named", "shown",
           "number", "seed", "read_json"]
