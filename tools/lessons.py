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
    python tools/lessons.py check             # missing, stale, a generated notebook out of date, or a
                                              # translation not in the rulebook's words, or a
                                              # glossary entry naming no form it replaces (glossary.po)
    python tools/lessons.py share [LANG…] [--run] [NAME…]  # share of words in the language, per notebook
    python tools/lessons.py review LANG [--out FOLDER]     # a printable page per lesson, FOLDER/LANG/

``share`` counts the words a learner reads: the markdown cells as rendered (no code spans or blocks,
link targets or HTML tags) and, with ``--run``, the printed, text and HTML outputs of the notebooks,
run like ``tools/nbtool.py refresh`` runs them, without saving. Numbers, cell names (``c3``), card ids
and code names are no words. A Persian word has Persian letters; a Dutch or Vietnamese word counts
unless it is also a word of the English notebook and not one the language is known to use: a word of
its catalogues, or one its lesson translations write where the English of the same cell does not
(so "water", "is" and "we" are Dutch). A NAME (part of a path, ``harmonies-lessons/03``) picks
notebooks. It exits 1 when a notebook is below 98 %.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path

import nbformat
import polib

from tabletop.i18n import isolate_sums

sys.path.insert(0, str(Path(__file__).resolve().parent))
import glossary  # noqa: E402
import review  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "notebooks" / "en"
TRANSLATIONS = ROOT / "translations"
LANGUAGES = ("fa", "nl", "vi")
RIGHT_TO_LEFT = {"fa"}
HEADER = 'Header("en")'
GOLDEN_MARK = "# NBVAL_CHECK_OUTPUT"
TARGET_SHARE = 0.98  # of the words a learner reads, in the lesson's language
PERSIAN_DIGIT = re.compile("[\u06f0-\u06f9\u0660-\u0669]")  # the project writes Western digits everywhere
ARABIC_SCRIPT = re.compile("[\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff]")  # Persian letters


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
                cell.source = f'<div dir="rtl" lang="{language}">\n\n{isolate_numbers(cell.source)}\n\n</div>'
        elif cell.cell_type == "code" and cell.source.startswith(GOLDEN_MARK):
            # nbval compares printed lines with golden outputs in English only; the translated
            # notebook runs in CI too, its assert cells checking the same facts in every language.
            cell.source = cell.source.removeprefix(GOLDEN_MARK).lstrip("\n")
    first = next(cell for cell in nb.cells if cell.cell_type == "code")
    if HEADER not in first.source:
        raise SystemExit(f"{notebook}: the first code cell must show {HEADER}")
    first.source = first.source.replace(HEADER, f'Header("{language}")')
    return nb


# A signed number or a sum ("−3", "120 − 9 = 111") in a right-to-left paragraph would show as "3−" and
# "111 = 9 − 120": tabletop's rule (``i18n.isolate_sums``, which the Persian catalogues' texts follow too)
# puts each expression in a left-to-right isolate. Code, link targets and HTML tags are left as they are.
KEPT = re.compile(r"^(```|~~~).*?^\1[^\n]*$|(`+)(?:(?!\2).)+?\2|\]\([^)]*\)|<[^>]+>", re.S | re.M)


def isolate_numbers(markdown: str) -> str:
    """Persian prose with each signed number or arithmetic expression in a left-to-right isolate."""
    out, last = [], 0
    for kept in KEPT.finditer(markdown):
        out += [isolate_sums(markdown[last:kept.start()]), kept.group()]
        last = kept.end()
    return "".join(out + [isolate_sums(markdown[last:])])


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
        found += glossary.problems(language)
        found += [f"{language} {where}: Persian digits in «{text}»; write Western digits (0-9)"
                  for _, where, text in glossary.texts(language) if PERSIAN_DIGIT.search(text)]
    return found


# --- share: how much of what a learner reads is in the lesson's language -------------------------

FENCED = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"(!?)\[([^\]]*)\]\([^)]*\)")  # [text](target), ![alt](picture): the text stays
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*\S+.*$", re.M)  # [name]: https://… lines
HIDDEN = re.compile(r"<(style|script|code)\b.*?</\1\s*>", re.S | re.I)  # in HTML and SVG outputs
# A printed Python string ('place blue c3', ['green', 'brown']): a value, as if in backticks.
PYTHON_VALUE = re.compile(r"(?<!\w)('[^'\n]*'|\"[^\"\n]*\")(?!\w)")
TAG = re.compile(r"<!--.*?-->|<[^>]+>", re.S)
ENTITY = re.compile(r"&[#\w]+;")
ADDRESS = re.compile(r"\b\w+://\S+")
# A code name outside backticks: harmonies.draw, board.place(…), t.count
DOTTED = re.compile(r"\b\w+(?:\.\w+)+(?:\([^()]*\))?|\b\w+\([^()]*\)")
WORD = re.compile(r"[\w\u200c'’-]+")
LETTER = re.compile(r"[^\W\d_]")
CAMEL = re.compile(r"[a-z][A-Z]")
NOT_A_WORD = re.compile(r"[\d_]")  # c3, 12, M1, place_token, T3: cell names, numbers, ids, code
# Names, the same in every language: programs, keys, and the languages in the menu as they name
# themselves. One Latin letter is a label (side A, the colour-blind letters K and Y, a variable k).
NAMES = {"jupyter", "jupyterlab", "jupyterlite", "voila", "python", "json", "svg", "png", "ctrl", "shift",
         "enter", "alt", "esc", "english", "فارسی", "nederlands", "tiếng", "việt"}


def visible_text(markdown: str) -> str:
    """What a learner reads of a markdown cell: code, link targets and HTML tags taken out."""
    text = FENCED.sub(" ", markdown)
    text = INLINE_CODE.sub(" ", text)
    text = REFERENCE.sub(" ", text)
    text = LINK.sub(lambda m: f" {m.group(2)} ", text)
    text = TAG.sub(" ", text)
    text = ENTITY.sub(" ", text)
    text = ADDRESS.sub(" ", text)
    return DOTTED.sub(" ", text)


def words(text: str) -> list[str]:
    """The words of a visible text; numbers, cell names (``c3``), card ids and code names are no words."""
    found = []
    for token in WORD.findall(text):
        token = token.strip("'’-\u200c")
        if token and LETTER.search(token) and not NOT_A_WORD.search(token) and not CAMEL.search(token) \
                and token.lower() not in NAMES and not (len(token) == 1 and token.isascii()):
            found.append(token)
    return found


def output_text(nb) -> str:
    """The printed, text, HTML and SVG outputs of an executed notebook, each output as the page shows
    it (the richest form only: an object's ``repr`` behind its picture is not shown). Errors are not
    lesson text; widgets' own texts are catalogue texts."""
    pieces = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                pieces.append(PYTHON_VALUE.sub(" ", out.get("text", "")))
            data = {kind: "".join(value) if isinstance(value, list) else value
                    for kind, value in out.get("data", {}).items()}
            for kind in ("text/html", "image/svg+xml", "text/markdown", "text/plain"):
                if kind in data:
                    break
            else:
                continue
            if kind == "text/plain":
                if not data.keys() & {"image/png", "application/vnd.jupyter.widget-view+json"}:
                    pieces.append(PYTHON_VALUE.sub(" ", data[kind]))
            else:
                pieces.append(visible_text(HIDDEN.sub(" ", data[kind])))
    return "\n".join(pieces)


def executed(path: Path):
    """The notebook at ``path``, run as ``tools/nbtool.py refresh`` runs it, but not saved."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def visible_words(path: Path, run: bool = False) -> list[str]:
    """Every word a learner reads in a notebook: its markdown cells and, with ``run``, its outputs."""
    nb = executed(path) if run else nbformat.read(path, as_version=4)
    text = "\n".join(visible_text(c.source) for c in nb.cells if c.cell_type == "markdown")
    if run:
        text += "\n" + output_text(nb)
    return words(text)


@cache
def own_words(language: str) -> frozenset[str]:
    """The words a language is known to use, in lower case: every word of its catalogues
    (``*/locale/<language>.json``), and every word its lesson translations write where the English of
    the same cell does not have it ("we" and "editor" are Dutch words too)."""
    def texts(value):
        if isinstance(value, dict):
            for v in value.values():
                yield from texts(v)
        else:
            yield str(value)

    def lower(text: str) -> set[str]:
        return {word.lower() for word in words(visible_text(text))}

    found: set[str] = set()
    for file in ROOT.glob(f"*/locale/{language}.json"):
        for text in texts(json.loads(file.read_text(encoding="utf-8"))):
            found |= lower(text)
    for notebook in english_notebooks():
        for entry in load(language, notebook):
            if entry.msgstr.strip():
                found |= lower(entry.msgstr) - lower(entry.msgid)
    return frozenset(found)


def in_language(language: str, word: str, english: set[str]) -> bool:
    """Persian: a word with Persian letters. Otherwise: a word unless it is one of the English
    notebook's own words and not one the language is known to use ("water" is Dutch as well)."""
    if language in RIGHT_TO_LEFT:
        return bool(ARABIC_SCRIPT.search(word))
    low = word.lower()
    return low not in english or low in own_words(language)


def share(language: str, notebook: Path, run: bool = False,
          english: list[str] | None = None) -> tuple[float, list[str]]:
    """The share of learner-visible words of ``notebooks/<language>/<notebook>`` in that language,
    and the words that are not (in order). ``english``: the English notebook's visible words."""
    if english is None:
        english = visible_words(SOURCE / notebook, run)
    source = {word.lower() for word in english}
    found = visible_words(target(language, notebook), run)
    foreign = [word for word in found if not in_language(language, word, source)]
    return (1 - len(foreign) / len(found) if found else 1.0), foreign


def share_report(languages: list[str], run: bool = False, only: list[str] = (),
                 least: float = TARGET_SHARE) -> int:
    figures = []
    for notebook in english_notebooks():
        if only and not any(part in str(notebook) for part in only):
            continue
        english = visible_words(SOURCE / notebook, run)
        for language in languages:
            part, foreign = share(language, notebook, run, english)
            figures.append(part)
            sample = ", ".join(sorted(set(foreign))[:8])
            note = f"  (not {language}: {sample})" if foreign else ""
            print(f"{language} {notebook}: {100 * part:.1f} %{note}")
    low, mean = min(figures), sum(figures) / len(figures)
    what = "markdown and outputs" if run else "markdown"
    print(f"share ({what}, {len(figures)} notebooks): minimum {100 * low:.1f} %, mean {100 * mean:.1f} %"
          f", target {100 * least:.0f} %")
    return 0 if low >= least else 1


def _itself():
    """This module's functions for tools/review.py (tests load it by path: not in sys.modules)."""
    from types import SimpleNamespace
    return SimpleNamespace(**globals())


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
    if command == "review":
        out = Path(rest[rest.index("--out") + 1]) if "--out" in rest else ROOT / "build" / "review"
        for language in languages:
            folder = out / language
            pages = review.write(_itself(), language, folder)
            print(f"{language}: {len(pages)} lesson pages, start at {folder / 'index.html'}")
        return 0
    if command == "share":
        only = [arg for arg in rest if arg not in LANGUAGES and arg != "--run"]
        return share_report(languages, run="--run" in rest, only=only)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
