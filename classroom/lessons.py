"""The lessons the classroom server shows: a lesson's path in each language, and the index of a
language's lessons (titles read from the notebooks themselves, so the index never goes stale).

Every language keeps its lessons under the same names, ``notebooks/<code>/<the same path>``
(``tools/lessons.py`` generates fa, nl and vi from en), so a lesson in another language is the same
path with its first folder changed.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from tabletop.i18n import LANGUAGES

HEADING = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)
# The index's groups, in order: (catalogue key of the heading, folder under the language).
GROUPS = (("classroom.index.start", ""), ("classroom.index.harmonies", "harmonies-lessons"),
          ("classroom.index.azul", "azul-lessons"))


def language_of(path: str) -> str | None:
    """The language folder a lesson path starts with (``fa/harmonies-lessons/…`` -> ``fa``)."""
    first = path.split("/", 1)[0]
    return first if first in LANGUAGES else None


def page_language(page_config: dict, notebook_path: str = "", **_) -> dict:
    """Voila's ``page_config_hook``: the lesson's language for its page's ``<html lang>`` (a screen
    reader reads a Persian lesson with a Persian voice); the path may be the served folder's own
    (``fa/…``) or a whole path, whose last folder named for a language says it."""
    folders = Path(notebook_path).parts[:-1]
    code = next((part for part in reversed(folders) if part in LANGUAGES), None)
    return {**page_config, "classroomLanguage": code or "en"}


def lesson_key(path: str) -> str:
    """A lesson the same in every language: its path without the language folder."""
    return path.split("/", 1)[1] if language_of(path) else path


def lesson_in(path: str, code: str) -> str:
    """The same lesson in language ``code``; a path outside the language folders stays as it is."""
    if language_of(path) is None:
        return path
    return f"{code}/{lesson_key(path)}"


def title(notebook: Path) -> str:
    """The lesson's first heading, without its markup; the file's name when it has none."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            found = HEADING.search("".join(cell["source"]))
            if found:
                return re.sub(r"[*_`]", "", found.group(1))
    return notebook.stem


@lru_cache(maxsize=8)
def index(root: Path, code: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """(heading key, ((path under root, title), ...)) for each group of language ``code``'s lessons."""
    groups = []
    for key, folder in GROUPS:
        where = root / code / folder
        notebooks = sorted(where.glob("*.ipynb")) if where.is_dir() else []
        entries = tuple((notebook.relative_to(root).as_posix(), title(notebook)) for notebook in notebooks)
        if entries:
            groups.append((key, entries))
    return tuple(groups)
