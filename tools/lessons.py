"""The lessons in every language: the English notebooks are the source, translations live in PO files.

Each English notebook ``notebooks/en/<path>.ipynb`` has one PO file per language,
``translations/<lang>/<path>.po``: one entry per markdown cell, keyed by the cell's id (``msgctxt``),
its English text as ``msgid`` and the translation as ``msgstr``. Translators can use any PO editor
(Poedit, Weblate); a changed English cell turns its translation ``fuzzy`` (the old English kept as
``#| msgid``) instead of silently stale.

The notebooks of a language, ``notebooks/<lang>/…``, are generated: the English notebook with each
markdown cell replaced by its translation (a cell still lacking one stays English), Persian cells
laid out right to left, the first cell's ``Header("en")`` naming the language, and no cell marked for
nbval's output comparison (the English goldens pin the printed lines). Never edit them
by hand; ``check`` (also a test) fails when one is out of date or a translation is missing or stale.

    python tools/lessons.py update [LANG…]    # PO files follow the English cells
    python tools/lessons.py build [LANG…]     # write notebooks/<lang>/ from English and the PO files
    python tools/lessons.py missing [LANG…]   # what a language still lacks (empty or changed cells)
    python tools/lessons.py check             # missing, stale, or a generated notebook out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import polib

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "notebooks" / "en"
TRANSLATIONS = ROOT / "translations"
LANGUAGES = ("fa", "nl", "vi")
RIGHT_TO_LEFT = {"fa"}
HEADER = 'Header("en")'
GOLDEN_MARK = "# NBVAL_CHECK_OUTPUT"


def english_notebooks() -> list[Path]:
    """The source notebooks, relative to ``notebooks/en/``."""
    found = SOURCE.rglob("*.ipynb")
    return sorted(p.relative_to(SOURCE) for p in found if ".ipynb_checkpoints" not in p.parts)


def prose(notebook: Path) -> list[tuple[str, str]]:
    """The (cell id, English text) of every markdown cell of an English notebook, in order."""
    cells = json.loads((SOURCE / notebook).read_text(encoding="utf-8"))["cells"]
    return [(c["id"], "".join(c["source"])) for c in cells if c["cell_type"] == "markdown"]


def po_path(language: str, notebook: Path) -> Path:
    return (TRANSLATIONS / language / notebook).with_suffix(".po")


def load(language: str, notebook: Path) -> polib.POFile:
    path = po_path(language, notebook)
    if path.exists():
        return polib.pofile(str(path), wrapwidth=0)
    po = polib.POFile(wrapwidth=0)
    po.metadata = {"Project-Id-Version": "harmonies-azul-lab lessons", "Language": language,
                   "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
                   "Content-Transfer-Encoding": "8bit"}
    return po


def update(language: str, notebook: Path) -> polib.POFile:
    """Make a PO file follow its English notebook: one entry per markdown cell, in the cells' order.
    A new cell gets an empty translation; a changed cell keeps its translation, marked fuzzy, with the
    English it was made from; entries of cells that are gone are dropped."""
    old = {entry.msgctxt: entry for entry in load(language, notebook)}
    po = load(language, notebook)
    del po[:]
    for cell_id, text in prose(notebook):
        entry = old.get(cell_id)
        if entry is None:
            entry = polib.POEntry(msgctxt=cell_id, msgid=text, msgstr="")
        elif entry.msgid != text:
            if entry.msgstr and "fuzzy" not in entry.flags:
                entry.previous_msgid = entry.msgid
                entry.flags.append("fuzzy")
            entry.msgid = text
        entry.occurrences = [(str(notebook), cell_id)]
        po.append(entry)
    path = po_path(language, notebook)
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))
    return po


def lacking(language: str, notebook: Path) -> list[str]:
    """Cell ids whose translation is missing, fuzzy, or made from other English than the cell's."""
    entries = {entry.msgctxt: entry for entry in load(language, notebook)}
    out = []
    for cell_id, text in prose(notebook):
        entry = entries.get(cell_id)
        if entry is None or not entry.msgstr.strip():
            out.append(f"{cell_id} (missing)")
        elif "fuzzy" in entry.flags or entry.msgid != text:
            out.append(f"{cell_id} (English changed)")
    return out


def translated(language: str, notebook: Path):
    """The notebook ``notebooks/<language>/<notebook>`` as it should be: English code, translated prose."""
    nb = nbformat.read(SOURCE / notebook, as_version=4)
    entries = {entry.msgctxt: entry for entry in load(language, notebook)}
    for cell in nb.cells:
        entry = entries.get(cell.get("id"))
        if cell.cell_type == "markdown" and entry is not None and entry.msgstr.strip() \
                and "fuzzy" not in entry.flags and entry.msgid == cell.source:
            cell.source = entry.msgstr
            if language in RIGHT_TO_LEFT:
                # Markdown between the blank lines still renders; the block reads right to left.
                cell.source = f'<div dir="rtl" lang="{language}">\n\n{cell.source}\n\n</div>'
        elif cell.cell_type == "code" and cell.source.startswith(GOLDEN_MARK):
            # nbval compares printed lines with golden outputs in English only; the translated
            # notebook runs in CI too, its assert cells checking the same facts in every language.
            cell.source = cell.source.removeprefix(GOLDEN_MARK).lstrip("\n")
    first = next(cell for cell in nb.cells if cell.cell_type == "code")
    if HEADER not in first.source:
        raise SystemExit(f"{notebook}: the first code cell must show {HEADER}")
    first.source = first.source.replace(HEADER, f'Header("{language}")')
    return nb


def target(language: str, notebook: Path) -> Path:
    return SOURCE.parent / language / notebook


def build(language: str, notebook: Path) -> None:
    path = target(language, notebook)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(translated(language, notebook), path)


def problems() -> list[str]:
    """Everything that keeps a language's lessons from being complete and current."""
    found = []
    for language in LANGUAGES:
        for notebook in english_notebooks():
            found += [f"{language} {notebook}: cell {cell}" for cell in lacking(language, notebook)]
            path = target(language, notebook)
            if not path.exists() or path.read_text(encoding="utf-8") != \
                    nbformat.writes(translated(language, notebook)) + "\n":
                found.append(f"{language} {notebook}: notebooks/{language}/{notebook} is out of date "
                             f"(run: python tools/lessons.py build {language})")
        folder = SOURCE.parent / language
        made = {p.relative_to(folder) for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
        found += [f"{language} {extra}: no English notebook of that name (delete it)"
                  for extra in sorted(made - set(english_notebooks()))]
    return found


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("", [])
    languages = [code for code in rest if code in LANGUAGES] or list(LANGUAGES)
    if command == "update":
        for language in languages:
            for notebook in english_notebooks():
                update(language, notebook)
        return 0
    if command == "build":
        for language in languages:
            for notebook in english_notebooks():
                build(language, notebook)
        return 0
    if command == "check":
        found = problems()
        print("\n".join(found) or "every lesson is complete and current in every language")
        return 1 if found else 0
    if command == "missing":
        total = 0
        for language in languages:
            for notebook in english_notebooks():
                for cell in lacking(language, notebook):
                    print(f"{language} {notebook}: {cell}")
                    total += 1
        print(f"{total} cells to translate")
        return 1 if total else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
