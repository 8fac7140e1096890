"""What somebody typed or sent, read safely: a box typed full, an address edited by hand or a
websocket message may hold anything, of any length.

* ``shown(value)``: the value as a message shows it (``repr``), cut to its first letters;
  ``clipped(text)`` the same for a text a sentence quotes as it is.
* ``number(text)``: the whole number a text holds (in the digits of any script: a Persian
  learner types ۲۳), or None; never a number of thousands of digits (Python refuses to read one,
  with an error of its own instead of ours), never "²" (a digit, but no number).
"""

from __future__ import annotations

#: The most digits a number read from a text may have: more than any seat, space, card or version.
DIGITS = 9


def clipped(text: str, most: int = 60) -> str:
    """``text`` cut to about ``most`` characters: what was wrong is in its first letters, and the
    message stays readable."""
    return text if len(text) <= most else text[:most] + "…"


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


__all__ = ["DIGITS", "clipped", "shown", "number"]
