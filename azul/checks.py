"""Small validators for the fields of scenario and saved-game files.

Each one either returns the value in the shape the engine wants or raises ``ScenarioError`` naming
the field, so that a teacher with a typo in a file is told exactly where it is.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import ScenarioError


def parse_json(text: str) -> Any:
    """The value of a JSON text, or ScenarioError saying where the text stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ScenarioError("file", f"not valid JSON ({e})") from None


def mapping(value: Any, field: str, allowed: tuple[str, ...]) -> dict:
    """A JSON object whose keys are all among ``allowed``."""
    if not isinstance(value, dict):
        raise ScenarioError(field or "file", f"expected an object {{...}}, found {_kind(value)}")
    for key in value:
        if key not in allowed:
            raise ScenarioError(_join(field, key),
                                f"unknown field; the known ones are {', '.join(allowed)}")
    return value


def required(data: dict, key: str, field: str) -> Any:
    if key not in data:
        raise ScenarioError(_join(field, key), "missing")
    return data[key]


def integer(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """An int (not a bool) within ``low``..``high`` when they are given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(field, f"expected a whole number, found {_kind(value)}")
    if low is not None and value < low or high is not None and value > high:
        if high is None:
            raise ScenarioError(field, f"must be at least {low}, not {value}")
        raise ScenarioError(field, f"must be between {low} and {high}, not {value}")
    return value


def text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(field, f"expected a string, found {_kind(value)}")
    return value


def listing(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise ScenarioError(field, f"expected a list [...], found {_kind(value)}")
    if length is not None and len(value) != length:
        raise ScenarioError(field, f"expected {length} entries, found {len(value)}")
    return value


def choice(value: Any, field: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise ScenarioError(field, f"must be one of {', '.join(map(repr, options))}, "
                                   f"not {value!r}")
    return value


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
