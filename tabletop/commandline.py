"""Command lines in the learner's language, argparse's own words included.

``speak(argv)`` runs first in ``python -m harmonies`` and ``python -m azul``: it takes the language
from ``--lang CODE`` (else ``TABLETOP_LANGUAGE``, else English) before any help text is built, and
puts argparse's own words ("usage:", "options", "show this help message and exit", its error
messages) into that language. argparse looks its words up through the module-level ``_`` and
``ngettext`` it imported from gettext, at the moment it needs them; ``speak`` replaces those two.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import i18n
from .locale import t

#: argparse's English words (its gettext message ids) → our catalogue keys. The texts keep
#: argparse's %-placeholders (``%(prog)s``) exactly; tests check every language does.
WORDS = {
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positionals",
    "options": "argparse.options",
    "subcommands": "argparse.subcommands",
    "show this help message and exit": "argparse.help",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "the following arguments are required: %s": "argparse.required",
    "one of the arguments %s is required": "argparse.one_required",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "not allowed with argument %s": "argparse.not_allowed",
    "expected one argument": "argparse.expected_one",
    "expected at most one argument": "argparse.expected_at_most_one",
    "expected at least one argument": "argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "invalid %(type)s value: %(value)r": "argparse.invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid_choice",
    "can't open '%(filename)s': %(error)s": "argparse.cannot_open",
    "ignored explicit argument %r": "argparse.ignored_argument",
}
PLURAL_WORDS = {"expected %s argument": "argparse.expected_n"}


def _words(message: str) -> str:
    key = WORDS.get(message)
    return t(key) if key else message


def _plural_words(singular: str, plural: str, n: int) -> str:
    key = PLURAL_WORDS.get(singular)
    return t.count(key, n) if key else (singular if n == 1 else plural)


def language_asked(argv: Sequence[str]) -> str | None:
    """The code after ``--lang`` (or in ``--lang=CODE``), if the command line has one."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def speak(argv: Sequence[str], program: str) -> None:
    """Choose the command line's language from ``argv`` and put argparse's words into it. An unknown
    code ends the program with status 2 and a message that lists the languages."""
    argparse._ = _words
    argparse.ngettext = _plural_words
    code = language_asked(argv)
    if code is None:
        return
    try:
        i18n.set_language(i18n.check_language(code))
    except i18n.UnknownLanguage as error:
        print(f"{program}: {error}", file=sys.stderr)
        raise SystemExit(2) from None
