"""The game's terms in each language, as that language's rulebook prints them, and the check that
every translated text uses them.

``translations/<lang>/glossary.po`` holds one entry per term: ``msgctxt`` is the game
(``harmonies``, ``azul`` or ``both``) and the English term, ``msgstr`` the rulebook's form, and the
extracted comments say where it comes from (``source:``), which forms it replaces (``replaces:``,
separated by ``; ``) and in which phrases a replaced form is another word (``allows:``). Every entry
names what it replaces, or says why nothing can stand for it: ``replaces: (none: why)``. Any PO
editor reads it; ``tools/lessons.py check`` (a test) calls :func:`misused` on every lesson
translation and every catalogue text of the language, and :func:`unnamed` on the glossary itself.

A replaced form is found as a whole word with its inflections (Persian suffixes, Dutch plurals and
diminutives), case aside, never as the end of a Persian compound (``رود`` is not in ``می‌رود``):
``مهره`` finds ``مهره‌ها`` and ``مهره‌ای`` and ``zon`` finds ``zonnen`` but not ``zonder``. The longer
of two forms wins (``خط الگو``, not ``خط``). ``fiche*`` is also the first part of
a compound (``fichekleur``), ``*fiche`` the last (``startfiche``). A replaced form inside a longer
rulebook form (``nhà`` in ``tòa nhà``) or an allowed phrase is not a use, nor is a gloss: the
replaced form in parentheses right after the rulebook's word, ``توکن (مهره)``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import polib

from tabletop.kinds import packages

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
#: The games whose lessons and catalogues are here (a lesson folder is named for its game).
GAMES = tuple(name for name, package in packages().items() if (ROOT / package / "locale").is_dir())
# What may follow a word and still be the same word.
SUFFIXES = {
    "fa": ("ٔ", "ی", "ای", "ان", "ات", "ها", "های", "هایی", "م", "ت", "ش", "مان", "تان", "شان", "یم", "یت",
           "یش", "یمان", "یتان", "یشان"),
    "nl": ("s", "'s", "en", "n", "e", "es", "tje", "tjes", "je", "jes"),
    "vi": (),
}
LETTER = r"[^\W\d_]"
ZWNJ = "\u200c"  # joins the parts of a Persian word: a form after it is the end of another word
NONE = re.compile(r"\(none:(?P<why>.*)\)")  # replaces: (none: why no other form exists)
CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$|(`+)(?:(?!\2).)+?\2|\]\([^)]*\)|<[^>]+>|\{\w+\}", re.S | re.M)


@dataclass(frozen=True)
class Term:
    game: str  # harmonies, azul or both
    english: str
    form: str  # as the rulebook prints it
    replaces: tuple[str, ...]
    allows: tuple[str, ...]
    source: str
    why_none: str = ""  # why no other form exists (replaces: (none: why)), else ""


def path(language: str) -> Path:
    return TRANSLATIONS / language / "glossary.po"


def _line(comment: str, name: str) -> str | None:
    for line in comment.splitlines():
        if line.startswith(f"{name}:"):
            return line[len(name) + 1:].strip()
    return None


def _field(comment: str, name: str) -> tuple[str, ...]:
    line = _line(comment, name) or ""
    if NONE.fullmatch(line):
        return ()
    return tuple(part.strip() for part in line.split(";") if part.strip())


@cache
def terms(language: str) -> tuple[Term, ...]:
    out = []
    for entry in polib.pofile(str(path(language)), wrapwidth=0):
        game, _, english = entry.msgctxt.partition(": ")
        none = NONE.fullmatch(_line(entry.comment, "replaces") or "")
        out.append(Term(game, english, entry.msgstr, _field(entry.comment, "replaces"),
                        _field(entry.comment, "allows"), "; ".join(_field(entry.comment, "source")),
                        none["why"].strip() if none else ""))
    return tuple(out)


def unnamed(language: str) -> list[str]:
    """One line per entry that names no replaced form and gives no reason why none exists: without
    them the check cannot keep that term in the rulebook's words."""
    return [f"{language} {path(language).relative_to(ROOT)}: the entry «{t.game}: {t.english}» names no "
            f"form it replaces (write «#. replaces: form; form», or «#. replaces: (none: why)»)"
            for t in terms(language) if not t.replaces and not t.why_none]


def _pattern(language: str, replaced: str) -> re.Pattern:
    head, tail = replaced.endswith("*"), replaced.startswith("*")
    word = r"\s+".join(map(re.escape, replaced.strip("*").split()))
    suffix = "|".join(map(re.escape, sorted(SUFFIXES[language], key=len, reverse=True)))
    left = "" if tail else rf"(?<!{LETTER})(?<!{ZWNJ})"
    right = (rf"(?:{suffix})?" if suffix else "") + ("" if head else rf"(?!{LETTER})")
    return re.compile(left + word + right, re.I)


def _masked(text: str, phrases) -> str:
    """The text with every phrase blanked out (same length, so positions stay)."""
    for phrase in phrases:
        text = re.sub(re.escape(phrase), lambda m: "\0" * len(m.group()), text, flags=re.I)
    return text


def _word(text: str, start: int, end: int) -> str:
    """The whole word (or words) around text[start:end]: its suffixes and compound parts too."""
    def inside(char: str) -> bool:
        return char.isalpha() or char in "\u200cٔ"

    while start > 0 and inside(text[start - 1]):
        start -= 1
    while end < len(text) and inside(text[end]):
        end += 1
    return text[start:end]


def _glossed(text: str, start: int, end: int, form: str) -> bool:
    """Is text[start:end] a gloss: in parentheses right after the rulebook's form?"""
    before = text[:start].rstrip()
    after = text[end:].lstrip()
    if not (before.endswith("(") and after.startswith(")")):
        return False
    return before[:-1].rstrip()[-len(form) - 8:].lower().find(form.lower()) >= 0


def checked_terms(language: str, game: str) -> list[tuple[Term, str]]:
    """(term, replaced form) pairs to look for in a text of ``game`` (``both``: a text of either game,
    where a form that is, or begins, the other game's rulebook word, Azul's ``صفحه``, Harmonies'
    ``تخته`` of ``تختهٔ شخصی``, is left alone)."""
    all_terms = terms(language)
    out = []
    for term in all_terms:
        if game != "both" and term.game not in (game, "both"):
            continue
        for replaced in term.replaces:
            pattern = _pattern(language, replaced)
            if game == "both" and term.game != "both" and any(pattern.match(t.form) for t in all_terms):
                continue
            out.append((term, replaced))
    return out


def misused(language: str, game: str, text: str) -> list[tuple[str, Term]]:
    """The replaced forms that ``text`` (a translation for ``game``) uses: (what it says, the term)."""
    visible = CODE.sub(lambda m: " " * len(m.group()), text)
    found, seen = [], set()
    for term, replaced in sorted(checked_terms(language, game), key=lambda pair: -len(pair[1].strip("*"))):
        bare = replaced.strip("*").lower()
        longer = [t.form for t in terms(language) if bare in t.form.lower() and bare != t.form.lower()]
        masked = _masked(visible, [*longer, *term.allows])
        for match in _pattern(language, replaced).finditer(masked):
            where = set(range(match.start(), match.end()))
            if not seen & where and not _glossed(masked, match.start(), match.end(), term.form):
                seen |= where
                found.append((match.start(), _word(text, match.start(), match.end()), term))
    return [(said, term) for _, said, term in sorted(found, key=lambda one: one[0])]


def texts(language: str):
    """Every translated text of a language: (game, where, text), lessons then catalogues."""
    folder = TRANSLATIONS / language
    for po_file in sorted(folder.rglob("*.po")):
        if po_file == path(language):
            continue
        part = po_file.relative_to(folder).parts[0]
        game = next((g for g in GAMES if part.startswith(g)), "both")
        for entry in polib.pofile(str(po_file), wrapwidth=0):
            if entry.msgstr.strip():
                yield game, f"{po_file.relative_to(ROOT)} cell {entry.msgctxt}", entry.msgstr
    for package, game in (*((packages()[g], g) for g in GAMES), ("tabletop", "both")):
        catalogue = ROOT / package / "locale" / f"{language}.json"
        for key, value in json.loads(catalogue.read_text(encoding="utf-8")).items():
            for text in (value.values() if isinstance(value, dict) else [value]):
                yield game, f"{catalogue.relative_to(ROOT)} {key}", str(text)


def problems(language: str) -> list[str]:
    """One line per use of a replaced form (which term, where, and the rulebook's word), after one
    per glossary entry that names no replaced form."""
    out = unnamed(language)
    for game, where, text in texts(language):
        for said, term in misused(language, game, text):
            said = " ".join(said.split())  # a phrase broken across lines, on one
            out.append(f"{language} {where}: «{said}» for {term.english}; the rulebook says «{term.form}» "
                       f"({term.source})")
    return out
