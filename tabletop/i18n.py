"""The learner's language: one setting for the whole project, one catalogue per language per package.

Every text a learner reads (messages, explanations, labels, names) is looked up by key::

    from tabletop.i18n import Catalogue
    t = Catalogue("harmonies")                 # reads harmonies/locale/<language>.json
    t("stack.refused", colour="red", cell="c3")
    t.count("points", 5)                       # the "one" or "other" form, with n=5

A catalogue file is a flat JSON object from key to text; a text that depends on a number is an
object ``{"one": ..., "other": ...}`` (languages without plural forms give only ``"other"``).
Placeholders are ``str.format`` fields. A key missing in a language falls back to English.

Right-to-left languages: each placeholder's value is wrapped in Unicode first-strong isolates, so a
cell name such as ``c3`` or a number keeps its own direction inside a Persian sentence and never
flips the sentence around it; then each sum or signed number of the filled text, values included
(``{a} + {b} = {total}``), becomes one left-to-right isolate (``isolate_sums``), as in a maths book.

This module is plain Python (no Jupyter, no matplotlib): the rules layers use it too.
"""

from __future__ import annotations

import json
import os
import re
import string
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from urllib.parse import parse_qs


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # in the language itself, as a learner looks for it in a menu
    direction: str  # "ltr" or "rtl"


LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", "English", "ltr"),
    Language("fa", "فارسی", "rtl"),
    Language("nl", "Nederlands", "ltr"),
    Language("vi", "Tiếng Việt", "ltr"),
)}
FALLBACK = "en"
# isolates: first-strong, right-to-left, left-to-right (a signed number in Persian) ... pop isolate
FSI, RLI, LRI, PDI = "\u2068", "\u2067", "\u2066", "\u2069"
RLM = "\u200f"  # right-to-left mark: an invisible letter that reads right to left
PERSIAN_LETTERS = "\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff"  # the Arabic script's blocks
ARABIC_SCRIPT = re.compile(f"[{PERSIAN_LETTERS}]")

ENVIRONMENT = "TABLETOP_LANGUAGE"  # e.g. TABLETOP_LANGUAGE=fa make lab: every notebook starts in Persian


def _starting_language() -> str:
    """A Voila page's address (``…/03-your-turn.ipynb?lang=fa``, which Voila gives the kernel as
    ``QUERY_STRING``), else ``TABLETOP_LANGUAGE``, else English."""
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [])
    for code in (*asked, os.environ.get(ENVIRONMENT)):
        if code in LANGUAGES:
            return code
    return FALLBACK


_current = _starting_language()
_watchers: list[weakref.ref] = []


class UnknownLanguage(ValueError):
    """A language code the project has no catalogue for."""

    def __init__(self, code: object):
        choices = ", ".join(f"{lang.code} ({lang.name})" for lang in LANGUAGES.values())
        super().__init__(t("language.unknown", code=repr(code), choices=choices))
        self.code = code


def check_language(code: object) -> str:
    """``code`` if it names a language of the project, else :class:`UnknownLanguage`."""
    if not isinstance(code, str) or code not in LANGUAGES:
        raise UnknownLanguage(code)
    return code


def language() -> str:
    """The code of the language in force: ``"en"``, ``"fa"``, ``"nl"`` or ``"vi"``."""
    return _current


def set_language(code: str) -> str:
    """Choose the language of every text from now on, and tell the live widgets to relabel."""
    global _current
    if check_language(code) == _current:
        return _current  # nothing to relabel: ipywidgets keep every widget alive, so this matters
    _current = code
    for ref in list(_watchers):
        callback = ref()
        if callback is None:
            _watchers.remove(ref)
        else:
            callback()
    return _current


@contextmanager
def wording(code: str) -> Iterator[None]:
    """Word texts in ``code`` for a while, without telling the live widgets: for a server that
    words one reader's texts in one go (the widgets of the process keep their language)."""
    global _current
    before, _current = _current, check_language(code)
    try:
        yield
    finally:
        _current = before


def watch(callback: Callable[[], None]) -> None:
    """Call ``callback()`` after each change of language, for as long as its object lives.

    Bound methods are held weakly, so a widget that is no longer shown can be collected.
    """
    ref = weakref.WeakMethod(callback) if hasattr(callback, "__self__") else weakref.ref(callback)
    _watchers.append(ref)


def unwatch(callback: Callable[[], None]) -> None:
    """No more calls of ``callback`` (a widget closed): it stops following the language at once, not
    only once the garbage collector has found it."""
    _watchers[:] = [ref for ref in _watchers if ref() not in (None, callback)]


def direction(code: str | None = None) -> str:
    """``"rtl"`` or ``"ltr"`` for a language (the one in force by default)."""
    return LANGUAGES[check_language(code or _current)].direction


def is_rtl(code: str | None = None) -> bool:
    return direction(code) == "rtl"


def isolate(text: object, code: str | None = None) -> str:
    """``text`` as a unit of its own direction inside a right-to-left sentence; unchanged otherwise."""
    text = str(text)
    return f"{FSI}{text}{PDI}" if is_rtl(code) and text else text


# An arithmetic expression: numbers joined by operators, or a signed number ("5 − 4 = 1", "−3", "1–3",
# "n=12"). Inside a Persian line the bidirectional algorithm lays such a run out right to left
# ("1 = 4 − 5", "3−"), and isolating each number alone does not help (the isolates themselves are laid
# out right to left): the whole run goes into ONE left-to-right isolate. An operand is a number, a
# one-letter name (n, Δ), a value already isolated that holds no Persian letter (a filled
# placeholder, "⁦−1⁩") or, in a text not yet filled, a placeholder ("{a} + {b}"); a value in Persian
# words keeps the sentence's order, which reads it right.
# An operand may be emphasised in markdown ("120 − 9 = **111**", "*k* = 0").
_OPERATORS, _SIGNS = "−+×÷=/→–≈-", "−+-"
_OTHER = f"[^{FSI}{RLI}{LRI}{PDI}{PERSIAN_LETTERS}]"  # neither a Persian letter nor an isolate's mark
_VALUE = f"[{FSI}{LRI}](?:{_OTHER}|[{FSI}{LRI}]{_OTHER}*{PDI})*{PDI}"  # "⁨5⁩", "⁦+⁨5⁩⁩" (a sign by hand)
_BARE = rf"[{_SIGNS}]?(?:\d+(?:[.,]\d+)*[%°]?|(?<!\w)[A-Za-zΑ-Ωα-ω](?!\w)|{_VALUE}|\{{\w[^{{}}]*\}})"
_OPERAND = "(?:" + "|".join(rf"{mark}{_BARE}{mark}" for mark in (r"\*\*", "__", r"\*", "_", "")) + ")"
_JOIN = (rf"(?:[ \t]*[{_OPERATORS}][ \t]*"  # an operator between, or a space and a value isolated
         rf"|[ \t]+(?=[{FSI}{LRI}][{_SIGNS}]))")  # with its sign: "⁦−1⁩ ⁦−2⁩"
_SUM = re.compile(rf"(?<![\w.]){_OPERAND}(?:{_JOIN}{_OPERAND})*(?![^\W_])")
_ONE_VALUE = re.compile(_VALUE)
_OPERATOR = re.compile(f"[{_OPERATORS}]")


def isolate_sums(text: str) -> str:
    """``text`` with each arithmetic expression (above) in a left-to-right isolate, for a right-to-left
    line: the catalogues' Persian texts once filled, and the Persian lessons' prose."""
    def one(match: re.Match) -> str:
        # The marks of the first and the last operand stay outside, where markdown finds them
        # beside the text around: "**+19**" gives "**⁦+19⁩**".
        opening, found, closing = re.fullmatch(r"([*_]*)(.*?)([*_]*)", match.group(), re.S).groups()
        if _ONE_VALUE.fullmatch(found) or not _OPERATOR.search(found):
            return match.group()  # a single number, or a value isolated already
        return f"{opening}{LRI}{found}{PDI}{closing}"

    return _SUM.sub(one, text) if _OPERATOR.search(text) else text  # most texts hold no operator


def plain(text: str) -> str:
    """``text`` without the direction marks: for comparisons and for tools that show them as boxes."""
    return re.sub(f"[{FSI}{RLI}{LRI}{PDI}{RLM}]", "", text)


def fields(text: str | dict) -> set[str]:
    """The placeholder names of a catalogue text (of every form, for a plural text)."""
    forms = text.values() if isinstance(text, dict) else [text]
    return {name.split(".")[0].split("[")[0] for form in forms
            for _, name, _, _ in string.Formatter().parse(form) if name}


@cache
def _table(package: str, code: str) -> dict[str, str | dict]:
    path = resources.files(package).joinpath("locale", f"{code}.json")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def table(package: str, code: str) -> dict[str, str | dict]:
    """The catalogue of ``package`` in language ``code``, as stored (a copy)."""
    return dict(_table(package, check_language(code)))


class Catalogue:
    """The texts of one package; calling it gives a text in the language in force."""

    def __init__(self, package: str):
        self.package = package

    def __repr__(self) -> str:
        return f"Catalogue({self.package!r})"

    def entry(self, key: str, code: str | None = None) -> str | dict:
        """The stored text for ``key``: in language ``code`` if it has one, else in English."""
        code = code or _current
        found = _table(self.package, code).get(key)
        if found is None:
            found = _table(self.package, FALLBACK).get(key)
        if found is None:
            raise KeyError(f"no text {key!r} in {self.package}/locale/{FALLBACK}.json")
        return found

    def __contains__(self, key: str) -> bool:
        return key in _table(self.package, FALLBACK)

    def __call__(self, key: str, /, **params) -> str:
        text = self.entry(key)
        if isinstance(text, dict):
            raise TypeError(f"text {key!r} depends on a number: use .count({key!r}, n, ...)")
        return _fill(text, params)

    def count(self, key: str, n: int, /, **params) -> str:
        """The form of a number-dependent text for ``n`` (which is also given as ``{n}``)."""
        text = self.entry(key)
        if isinstance(text, dict):
            text = text.get("one") if n == 1 and "one" in text else text["other"]
        return _fill(text, {"n": n, **params})

    def lazy(self, key: str, /, **params) -> Text:
        """A text that is looked up each time it is shown, so it follows a change of language."""
        return Text(self, key, tuple(params.items()))

    def lazy_count(self, key: str, n: int, /, **params) -> Text:
        """``lazy`` for a number-dependent text (see ``count``)."""
        return Text(self, key, tuple(params.items()), n)


@dataclass(frozen=True)
class Text:
    """A catalogue text not yet put into words: ``str(text)`` uses the language in force.

    Its values may be lazy too (another ``Text``, or anything whose ``str`` follows the language).
    Hashable when its values are, so a text can be cached with what it describes (scored items).
    """

    catalogue: Catalogue
    key: str
    values: tuple[tuple[str, object], ...] = ()
    n: int | None = None  # a number-dependent text: its "one" or "other" form for n

    def __str__(self) -> str:
        params = dict(self.values)
        if self.n is None:
            return self.catalogue(self.key, **params)
        return self.catalogue.count(self.key, self.n, **params)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class _Isolating(string.Formatter):
    """``str.format`` that isolates each formatted value in a right-to-left language."""

    def format_field(self, value, format_spec: str) -> str:
        return isolate(format(value, format_spec))


_formatter = _Isolating()


def _fill(text: str, params: dict) -> str:
    if not is_rtl():
        # Nothing to isolate: str's own formatting gives the same text, several times faster (a
        # board's picture fills hundreds of texts, and a table server draws one for every move).
        return text.format_map(params)
    filled = isolate_sums(_formatter.vformat(text, (), params))
    if filled and not ARABIC_SCRIPT.match(filled):
        # A Persian sentence that opens with a value ("c3 ..."): without a strong right-to-left
        # letter first, a line laid out by its first letter (printed output) would read left to right.
        filled = RLM + filled
    return filled


_common = Catalogue("tabletop")


def join_and(items: Iterable[object]) -> str:
    """``a, b and c`` in the language in force."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return _common("list.and", head=_common("list.separator").join(words[:-1]), last=words[-1])


def join_or(items: Iterable[object]) -> str:
    """``a, b or c`` in the language in force."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return _common("list.or", head=_common("list.separator").join(words[:-1]), last=words[-1])


def html_attrs(code: str | None = None) -> str:
    """``lang`` and ``dir`` attributes for an HTML element holding text in that language."""
    code = check_language(code or _current)
    return f'lang="{code}" dir="{direction(code)}"'


#: The texts of ``tabletop`` itself (``tabletop/locale/<code>.json``), defined here so that this
#: module needs no other; ``tabletop.locale`` hands the same catalogue to the rest of the package.
t = Catalogue("tabletop")
