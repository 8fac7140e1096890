"""Notebooks are stored without any output (the golden outputs nbval compares live in tests/golden/)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("nbtool", ROOT / "tools" / "nbtool.py")
nbtool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(nbtool)


def test_notebooks_are_stored_cleanly():
    paths = nbtool.notebooks([str(ROOT / "notebooks")])
    assert [p for path in paths for p in nbtool.problems(path)] == []


def test_every_notebook_opens_with_the_language_menu_and_its_summary():
    """The first code cell of every notebook shows ``Header.lesson``: the language menu, and the
    section's title and summary, which exist in every language."""
    import json

    from tabletop import i18n

    for path in nbtool.notebooks([str(ROOT / "notebooks")]):
        cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
        first = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert "Header.lesson(lesson, " in first, path
        package = "tabletop" if Path(path).parent.name == "notebooks" else Path(path).parent.name
        assert f"from {package}.locale import t as lesson" in first, path
        name = first.split("Header.lesson(lesson, ")[1].split('"')[1]
        for code in i18n.LANGUAGES:
            texts = i18n.table(package, code)
            assert f"lesson.{name}.title" in texts and f"lesson.{name}.summary" in texts, (path, code)
