"""The import graph: the shared ground (tabletop/) knows no game by name; it finds them through the
registry (tabletop.kinds), so a game installed from another package is found the same way."""

import ast
from pathlib import Path

import tabletop
from tabletop.kinds import packages


def games() -> set[str]:
    """The packages of every installed game (harmonies and azul here)."""
    return set(packages().values())


def imported(path: Path) -> set[str]:
    """The top-level package of every module a file imports, anywhere in it (a function's lazy
    import too); a relative import is of tabletop itself."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            found.add(str(node.args[0].value).split(".")[0])
    return found


def test_no_module_of_tabletop_imports_a_game():
    root = Path(tabletop.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert len(files) > 30  # the walk found the package
    packages = games()
    assert len(packages) >= 2 and "tabletop" not in packages
    offenders = {str(path.relative_to(root)): sorted(imported(path) & packages) for path in files}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_the_import_walk_sees_lazy_and_dynamic_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from azul import draw\n\nimportlib.import_module('harmonies.game')\n",
                      encoding="utf-8")
    assert imported(sample) >= games()
