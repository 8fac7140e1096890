"""Small validators for the fields of scenario and saved-game files.

Each one either returns the value in the shape the engine wants or raises ``ScenarioError`` naming
the field, so that a teacher with a typo in a file is told exactly where it is.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import ScenarioError
from .locale import t
from .tiles import series


def parse_json(text: str) -> Any:
    """The value of a JSON text, or ScenarioError saying where the text stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ScenarioError("file", t("checks.not_json", error=e)) from None


def mapping(value: Any, field: str, allowed: tuple[str, ...]) -> dict:
    """A JSON object whose keys are all among ``allowed``."""
    if not isinstance(value, dict):
        raise ScenarioError(field or "file", t("checks.expected_object", found=_kind(value)))
    for key in value:
        if key not in allowed:
            raise ScenarioError(_join(field, key), t("checks.unknown_field", fields=series(allowed)))
    return value


def required(data: dict, key: str, field: str) -> Any:
    if key not in data:
        raise ScenarioError(_join(field, key), t("checks.missing"))
    return data[key]


def integer(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """An int (not a bool) within ``low``..``high`` when they are given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(field, t("checks.expected_integer", found=_kind(value)))
    if low is not None and value < low or high is not None and value > high:
        if high is None:
            raise ScenarioError(field, t("checks.at_least", low=low, value=value))
        raise ScenarioError(field, t("checks.between", low=low, high=high, value=value))
    return value


def text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(field, t("checks.expected_string", found=_kind(value)))
    return value


def listing(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise ScenarioError(field, t("checks.expected_list", found=_kind(value)))
    if length is not None and len(value) != length:
        raise ScenarioError(field, t.count("checks.entries", length, found=len(value)))
    return value


def choice(value: Any, field: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise ScenarioError(field, t("checks.one_of", options=series(map(repr, options)),
                                     value=repr(value)))
    return value


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _kind(value: Any) -> str:
    """What a JSON value is, in words: null, true and false are JSON's own words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return t("checks.kind.string", value=repr(value))
    if isinstance(value, int | float):
        return t("checks.kind.number", value=repr(value))
    if isinstance(value, list):
        return t("checks.kind.list")
    if isinstance(value, dict):
        return t("checks.kind.object")
    return type(value).__name__
