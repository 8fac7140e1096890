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


def test_every_notebook_opens_in_the_language_of_its_folder():
    """The first code cell of every notebook is its header: ``Header("fa")`` in ``notebooks/fa/``,
    which puts the kernel in that language and shows the language menu."""
    import json

    for path in nbtool.notebooks([str(ROOT / "notebooks")]):
        language = Path(path).relative_to(ROOT / "notebooks").parts[0]
        cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
        first = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert f'Header("{language}")' in first, path
        assert f"from {nbtool.package_of(path)}.locale import t as lesson" in first, path


def test_no_folder_beside_a_notebook_can_shadow_a_package():
    """A kernel starts in its notebook's folder, which is first on ``sys.path``: a subfolder there
    named like a package (``harmonies/``) would be imported instead of the installed package under a
    default editable install. Folders beside notebooks are therefore never Python identifiers."""
    for path in nbtool.notebooks([str(ROOT / "notebooks")]):
        shadows = [d.name for d in Path(path).parent.iterdir() if d.is_dir() and d.name.isidentifier()]
        assert shadows == [], f"{path}: folder(s) {shadows} beside it could shadow a package"


def test_the_start_page_lists_every_lesson_in_every_language():
    """The list at the top of each start page names every lesson of its folder, and only those. (The
    page itself cannot check it: on a static site over plain http, Python cannot see the site's
    files.)"""
    import json

    for start in sorted((ROOT / "notebooks").glob("*/00-start-here.ipynb")):
        cells = json.loads(start.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        links = [part.split(")")[0] for part in text.split("](")[1:]]
        listed = {link for link in links if link.endswith(".ipynb")}
        found = {str(path.relative_to(start.parent)) for folder in ("harmonies-lessons", "azul-lessons")
                 for path in (start.parent / folder).glob("*.ipynb")}
        assert listed == found, f"{start}: listed but missing {sorted(listed - found)}, " \
                                f"not listed {sorted(found - listed)}"
        assert found, f"{start}: no lesson folder beside it"
