"""A review sheet for a native speaker: one printable HTML page per lesson, written by
``python tools/lessons.py review LANG [--out FOLDER]`` (into ``FOLDER/LANG/``, by default
``build/review/LANG/``).

Each page lists the lesson's markdown cells in order, the English beside the translation (as the
notebook shows it, Persian numbers isolated), the glossary terms the translation uses (the
rulebook's word beside the English term), then the lesson's own catalogue texts (``lesson.NN.*``:
questions, hints, printed lines) the same way, their sums isolated as a widget shows them. A cell
whose translation is missing or stale says so. ``index.html`` links the pages. Corrections go back
into the PO files and catalogues (docs/languages.md says how).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import glossary

from tabletop.i18n import isolate_sums

STYLE = """
body { font: 11pt/1.45 system-ui, sans-serif; margin: 1.5cm; color: #111; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.5em; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #999; padding: 6px 8px; vertical-align: top; text-align: start; }
th { background: #eee; } tr { page-break-inside: avoid; }
.text { white-space: pre-wrap; } .id { font: 9pt monospace; color: #555; width: 6em; }
.terms { font-size: 9.5pt; width: 14em; } .todo { color: #a00; font-weight: bold; }
.note { width: 18em; } .blank { border-bottom: 1px dotted #999; height: 3em; }
@media print { body { margin: 1cm; } a { color: inherit; text-decoration: none; } }
"""


def terms_used(language: str, game: str, text: str) -> list[glossary.Term]:
    """The glossary terms of ``game`` whose rulebook form the text writes."""
    low = text.lower()
    return [term for term in glossary.terms(language) if term.game in (game, "both")
            and re.search(rf"(?<![^\W\d_]){re.escape(term.form.lower())}", low)]


def _row(language: str, game: str, rtl: bool, key: str, english: str, translation: str | None) -> str:
    direction = ' dir="rtl"' if rtl else ""
    if translation is None:
        shown = '<span class="todo">not translated yet (or the English changed)</span>'
        terms = ""
    else:
        shown = html.escape(isolate_sums(translation) if rtl else translation)  # as a learner reads a sum
        terms = "<br>".join(f"{html.escape(t.english)}: <b>{html.escape(t.form)}</b>"
                            for t in terms_used(language, game, translation))
    return (f'<tr><td class="id">{html.escape(key)}</td>'
            f'<td class="text" lang="en">{html.escape(english)}</td>'
            f'<td class="text" lang="{language}"{direction}>{shown}</td><td class="terms">{terms}</td>'
            f'<td class="note"><div class="blank"></div></td></tr>')


def _table(rows: list[str]) -> str:
    head = ("<tr><th>cell</th><th>English</th><th>translation</th><th>rulebook terms used</th>"
            "<th>your correction</th></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def lesson_texts(game: str, notebook: Path, language: str) -> list[tuple[str, str, str | None]]:
    """The lesson's own catalogue texts: (key, English, translation) for ``lesson.NN.*`` (the start
    page's: ``lesson.start.*`` in tabletop's catalogue)."""
    number = notebook.stem.split("-")[0] if game != "both" else "start"
    package = glossary.ROOT / (game if game != "both" else "tabletop") / "locale"
    english = json.loads((package / "en.json").read_text(encoding="utf-8"))
    local = json.loads((package / f"{language}.json").read_text(encoding="utf-8"))

    def flat(value):
        return " / ".join(value.values()) if isinstance(value, dict) else str(value)

    return [(key, flat(value), flat(local[key]) if key in local else None)
            for key, value in sorted(english.items()) if key.startswith(f"lesson.{number}.")]


def page(lessons, language: str, notebook: Path) -> str:
    """The review page of one lesson (``lessons``: the tools/lessons.py module)."""
    game = next((g for g in glossary.GAMES if str(notebook).startswith(g)), "both")
    entries = {entry.msgctxt: entry for entry in lessons.load(language, notebook)}
    stale = {cell.split()[0] for cell in lessons.lacking(language, notebook)}
    rtl = language in lessons.RIGHT_TO_LEFT
    rows = []
    for cell_id, english in lessons.prose(notebook):
        entry = entries.get(cell_id)
        text = None if cell_id in stale or entry is None else entry.msgstr
        if text is not None and rtl:
            text = lessons.isolate_numbers(text)
        rows.append(_row(language, game, rtl, cell_id, english, text))
    title = f"{notebook.with_suffix('')} · {language}"
    body = [f"<h1>{html.escape(title)}</h1>",
            f"<p>Read each translation beside its English; write a correction in the last column. "
            f"Game terms must be the rulebook's words (glossary: translations/{language}/glossary.po).</p>",
            "<h2>Lesson text (markdown cells)</h2>", _table(rows)]
    own = [_row(language, game, rtl, key, english, text) for key, english, text in
           lesson_texts(game, notebook, language)]
    if own:
        body += ["<h2>Questions, hints and printed lines of this lesson (catalogue)</h2>", _table(own)]
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n")


def write(lessons, language: str, out: Path) -> list[Path]:
    """Write every lesson's page and an index into ``out``; return the pages."""
    pages = []
    for notebook in lessons.english_notebooks():
        path = out / notebook.with_suffix(".html")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page(lessons, language, notebook), encoding="utf-8")
        pages.append(path)
    names = [p.relative_to(out).as_posix() for p in pages]
    links = "".join(f'<li><a href="{name}">{html.escape(name)}</a></li>' for name in names)
    (out / "index.html").write_text(
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Review · {language}</title>'
        f"<style>{STYLE}</style></head><body><h1>Lessons to review · {language}</h1><ul>{links}</ul>"
        "</body></html>\n", encoding="utf-8")
    return pages
