"""Command lines in the learner's language, argparse's own words included.

``speak(argv)`` runs first in ``python -m harmonies`` and ``python -m azul``: it takes the language
from ``--lang CODE`` (else ``TABLETOP_LANGUAGE``, else English) before any help text is built, and
puts argparse's own words ("usage:", "options", "show this help message and exit", its error
messages) into that language. ``language_code`` is ``--lang``'s type: an unknown code is refused by
argparse with a message that lists the languages. argparse looks its words up through the
module-level ``_`` and ``ngettext`` it imported from gettext, at the moment it needs them; ``speak``
replaces those two.

The conventions both command lines share live here too: ``language_kept`` (the language is put back
afterwards), ``play_result`` (the keys of ``play --json``), ``policy_list``, ``seed_argument``,
``RENDER_FORMATS`` and ``run_module`` (what ``python -m`` runs); the JSON printer is
``tabletop.files.pretty_json``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager

from . import i18n
from .locale import t
from .untrusted import seed, shown

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
    """The code after ``--lang`` (or in ``--lang=CODE``) if it is one of the project's languages;
    argparse judges anything else (``--lang`` takes a checked code)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            code = argv[i + 1]
        elif word.startswith("--lang="):
            code = word.removeprefix("--lang=")
        else:
            continue
        if code in i18n.LANGUAGES:
            return code
    return None


def speak(argv: Sequence[str]) -> None:
    """Put argparse's own words into the catalogue's language, and choose the language ``argv``
    asks for (if it asks for one of ours) before any help text is built."""
    argparse._ = _words
    argparse.ngettext = _plural_words
    code = language_asked(argv)
    if code is not None and code != i18n.language():
        i18n.set_language(code)


def language_code(text: str) -> str:
    """``--lang``'s type: a project language, else argparse's error with our message."""
    try:
        return i18n.check_language(text)
    except i18n.UnknownLanguage as err:
        raise argparse.ArgumentTypeError(str(err)) from None


@contextmanager
def language_kept():
    """Run a command and put the language back as it found it afterwards (``--lang`` changes it
    for the command only, so calling ``main`` from a notebook changes nothing there)."""
    before = i18n.language()
    try:
        yield
    finally:
        i18n.set_language(before)


def play_result(game, seed: object, policies: Sequence[str], details: Sequence[dict],
                **fields) -> dict:
    """``play --json`` of both games: the seed, the number of players, the policies, per player
    (numbered from 1) its ``total`` and the game's ``details``, the winners (numbered from 1), then
    the game's own ``fields``."""
    scores = [{"player": p, "total": score.total, **more}
              for p, (score, more) in enumerate(zip(game.scores(), details, strict=True), 1)]
    return {"seed": seed, "players": game.seats, "policies": list(policies), **fields,
            "scores": scores, "winners": [seat + 1 for seat in game.winners()]}


#: The picture formats ``render -o`` writes, by the file name's extension.
RENDER_FORMATS = (".svg", ".png", ".pdf")


def policy_list(kinds: Iterable[str]) -> Callable[[str], list[str]]:
    """``--policy``'s type: names separated by commas (``strong,greedy``), each one of ``kinds``;
    argparse reports an unknown one with our message."""
    known = sorted(kinds)

    def read(text: str) -> list[str]:
        names = [name.strip().lower() for name in text.split(",")]
        for name in names:
            if name not in known:
                raise argparse.ArgumentTypeError(t("play.unknown_policy", policy=shown(name),
                                                   policies=i18n.join_or(known)))
        return names

    return read


def seed_argument(text: str) -> int | str:
    """``--seed``'s type: a number, or a seed as ``simulate`` writes it (``7:1``)."""
    return seed(text)


#: The status a shell gives a program stopped by a closed pipe (128 + SIGPIPE).
CLOSED_PIPE = 141


def run_module(main: Callable[[], int]) -> None:
    """``python -m PACKAGE``: ``main``'s status, or, when the reader of the output went away
    (``… | head``), a quiet stop instead of Python's traceback."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # What is left to print goes nowhere, so that the flush at exit cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = CLOSED_PIPE
    raise SystemExit(status)
