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
        package = nbtool.package_of(path)
        assert f"from {package}.locale import t as lesson" in first, path
        name = first.split("Header.lesson(lesson, ")[1].split('"')[1]
        for code in i18n.LANGUAGES:
            texts = i18n.table(package, code)
            assert f"lesson.{name}.title" in texts and f"lesson.{name}.summary" in texts, (path, code)


def test_no_folder_beside_a_notebook_can_shadow_a_package():
    """A kernel starts in its notebook's folder, which is first on ``sys.path``: a subfolder there
    named like a package (``harmonies/``) would be imported instead of the installed package under a
    default editable install. Folders beside notebooks are therefore never Python identifiers."""
    for path in nbtool.notebooks([str(ROOT / "notebooks")]):
        shadows = [d.name for d in Path(path).parent.iterdir() if d.is_dir() and d.name.isidentifier()]
        assert shadows == [], f"{path}: folder(s) {shadows} beside it could shadow a package"
