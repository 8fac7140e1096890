"""Scenario and saved-game files of both games: the one error family and the field checkers.

A file that is not valid raises a ``ScenarioError(field, message)``, ``field`` being the place in the
file (``players[0].pattern_lines[1]``, ``board.c2``), so that a teacher with a typo in a file is told
exactly where it is. Each game's own ``ScenarioError`` is a subclass of this one and of its
package's error (``except AzulError`` still catches it); ``Fields(error)`` gives the checkers that
raise it: each returns the value in the shape the engine wants, or raises. ``pretty_json`` is the
one JSON printer of scenario files and command lines.
"""

from __future__ import annotations

import json
from typing import Any

from .locale import t
from .untrusted import JSONRefused, clipped, read_json, shown


class ScenarioError(ValueError):
    """A scenario or saved-game file that is not valid; ``field`` names the place in the file."""

    def __init__(self, field: str, message: str):
        # A field may be a key the file wrote: shown escaped, so that it cannot turn the line.
        super().__init__(t("files.error", field=clipped(field, 200), message=message))
        self.field = field
        self.message = message


def kind(value: Any) -> str:
    """What a JSON value is, in words, for "..., not the number 3": null, true and false are JSON's
    own words, the same in every language."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        return t("files.kind.text", text=shown(value))
    if isinstance(value, int | float):
        return t("files.kind.number", number=value)
    if isinstance(value, list):
        return t("files.kind.list")
    if isinstance(value, dict):
        return t("files.kind.object")
    return type(value).__name__


def series(items) -> str:
    """``a, b, c`` with the list separator of the language in force (no final "and")."""
    return t("list.separator").join(str(item) for item in items)


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


class Fields:
    """The field checkers, raising ``error`` (a game's ``ScenarioError``)."""

    def __init__(self, error: type[ScenarioError] = ScenarioError) -> None:
        self.error = error

    def parse_json(self, text: str) -> Any:
        """The value of a JSON text somebody wrote (``tabletop.untrusted.read_json``), or the error
        saying why it cannot be read: where it stops being JSON, nested too deep..."""
        try:
            return read_json(text)
        except JSONRefused as e:
            raise self.error("file", str(e)) from None

    def keys(self, value: dict, field: str, allowed: tuple[str, ...]) -> dict:
        """``value`` when all its keys are among ``allowed`` (a typo never passes)."""
        for key in value:
            if key not in allowed:
                raise self.error(_join(field, key), t("files.unknown_field", fields=series(allowed)))
        return value

    def mapping(self, value: Any, field: str, allowed: tuple[str, ...]) -> dict:
        """A JSON object whose keys are all among ``allowed``."""
        if not isinstance(value, dict):
            raise self.error(field or "file", t("files.expected_object", found=kind(value)))
        return self.keys(value, field, allowed)

    def required(self, data: dict, key: str, field: str) -> Any:
        if key not in data:
            raise self.error(_join(field, key), t("files.missing"))
        return data[key]

    def integer(self, value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
        """An int (not a bool) within ``low``..``high`` when they are given."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(field, t("files.expected_integer", found=kind(value)))
        if low is not None and value < low or high is not None and value > high:
            if high is None:
                raise self.error(field, t("files.at_least", low=low, value=value))
            raise self.error(field, t("files.between", low=low, high=high, value=value))
        return value

    def text(self, value: Any, field: str) -> str:
        if not isinstance(value, str):
            raise self.error(field, t("files.expected_string", found=kind(value)))
        return value

    def listing(self, value: Any, field: str, length: int | None = None) -> list:
        if not isinstance(value, list):
            raise self.error(field, t("files.expected_list", found=kind(value)))
        if length is not None and len(value) != length:
            raise self.error(field, t.count("files.entries", length, found=len(value)))
        return value

    def choice(self, value: Any, field: str, options: tuple[str, ...]) -> str:
        if value not in options:
            raise self.error(field, t("files.one_of", options=series(map(repr, options)),
                                      value=shown(value)))
        return value


def pretty_json(value, indent: str = "", item: bool = False) -> str:
    """JSON for people: one line per key and per list item, down to the values that read as one
    line (a flat value, or a list item nested at most two deep: a placement, a match with its
    cells), so that long lists read down the page."""
    if _depth(value) <= (2 if item else 1):
        return json.dumps(value)
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {pretty_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [f"{inner}{pretty_json(v, inner, item=True)}" for v in value]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


def _depth(value) -> int:
    """How deep containers nest in a JSON value: 0 for a number or a text, 1 for a flat list."""
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


__all__ = ["ScenarioError", "Fields", "kind", "pretty_json"]
