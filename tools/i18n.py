"""Keep the language catalogues in order: ``python tools/i18n.py add|merge|missing|check|sort``.

* ``add PACKAGE KEY TEXT`` — add (or change) one English text;
* ``merge PACKAGE LANG FILE`` — merge a JSON object of texts into a catalogue;
* ``missing LANG [PACKAGE ...]`` — the English texts a language still lacks, as JSON to translate;
* ``check`` — every key in every language, the same placeholders and plural forms, every key that the
  code looks up present in English; exits 1 with a list of problems otherwise;
* ``sort`` — rewrite every catalogue sorted by key;
* ``merge3 BASE OURS THEIRS`` — a git merge driver: both sides' added, changed and removed keys,
  written to OURS (a key both sides changed differently keeps ours, and is named on stderr).

Writes take a lock, so several people (or scripts) can add keys to one catalogue at once.
"""

from __future__ import annotations

import ast
import fcntl
import json
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.i18n import FALLBACK, LANGUAGES, fields  # noqa: E402
from tabletop.kinds import packages  # noqa: E402

#: Every catalogue of this repository: each installed game's here, and the shared ground's.
PACKAGES = (*sorted({p for p in packages().values() if (ROOT / p / "locale").is_dir()}), "tabletop")
# t("key"), t.count("key", n), t.lazy("key"), t.lazy_count("key", n); lesson("key") in notebooks
CALLS = {"t", "lesson", "count", "lazy", "lazy_count"}


def path(package: str, code: str) -> Path:
    return ROOT / package / "locale" / f"{code}.json"


def load(package: str, code: str) -> dict:
    p = path(package, code)
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}


def save(package: str, code: str, texts: dict) -> None:
    body = json.dumps(dict(sorted(texts.items())), ensure_ascii=False, indent=2)
    path(package, code).write_text(body + "\n", encoding="utf-8")


@contextmanager
def locked(package: str, code: str):
    lock = path(package, code).with_suffix(".lock")
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            texts = load(package, code)
            yield texts
            save(package, code, texts)
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
            lock.unlink(missing_ok=True)


#: The name under which a game's modules import tabletop's catalogue (``t as common``).
COMMON = "common"


def keys_in_code(package: str) -> dict[str, str]:
    """Literal keys the package's modules look up, each with the first place it is used (for
    tabletop: also the keys the games look up in its catalogue, ``common("…")``)."""
    found: dict[str, str] = {}
    shared: dict[str, str] = {}
    for folder in PACKAGES:
        for source in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(source.read_text(encoding="utf-8"))
            own, common = _literal_keys(tree, str(source.relative_to(ROOT)))
            if folder == package:
                found.update({k: v for k, v in own.items() if k not in found})
            shared.update({k: v for k, v in common.items() if k not in shared})
    if package == "tabletop":
        found.update({k: v for k, v in shared.items() if k not in found})
    return found


def _literal_keys(tree: ast.AST, where: str, found: dict[str, str] | None = None
                  ) -> tuple[dict[str, str], dict[str, str]]:
    """The literal keys looked up in ``tree``: (in the module's own catalogue, in tabletop's)."""
    found = {} if found is None else found
    common: dict[str, str] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        on_name = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
        receiver = func.value.id if on_name else ""
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        if COMMON in (name, receiver):
            common.setdefault(first.value, f"{where}:{node.lineno}")
            continue
        if name in ("count", "lazy_count") and len(node.args) < 2:
            continue  # str.count("F"), not t.count(key, n)
        if name in CALLS:
            found.setdefault(first.value, f"{where}:{node.lineno}")
    return found, common


def keys_in_notebooks(package: str) -> dict[str, str]:
    """Literal keys the notebooks look up (``lesson.lazy("…")``, ``lesson("…")``) in a package's
    catalogue: the English notebooks of ``notebooks/en/<package>-lessons/``, and the start-here notebook
    for tabletop."""
    folder = ROOT / "notebooks" / "en"
    lessons = folder if package == "tabletop" else folder / f"{package}-lessons"
    notebooks = lessons.glob("*.ipynb")
    found: dict[str, str] = {}
    for notebook in sorted(notebooks):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells):
            source = "".join(cell["source"])
            if cell["cell_type"] != "code" or "lesson" not in source:
                continue
            code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
            _literal_keys(ast.parse(code), f"{notebook.relative_to(ROOT)} cell {number}", found)
    return found


def problems() -> list[str]:
    out = []
    for package in PACKAGES:
        english = load(package, FALLBACK)
        for key, where in {**keys_in_code(package), **keys_in_notebooks(package)}.items():
            if key not in english:
                out.append(f"{where}: key {key!r} is not in {package}/locale/{FALLBACK}.json")
        for code in LANGUAGES:
            if code == FALLBACK:
                continue
            other = load(package, code)
            for key, text in english.items():
                if key not in other:
                    out.append(f"{package}/locale/{code}.json: missing {key!r}")
                    continue
                if fields(other[key]) != fields(text):
                    out.append(f"{package}/locale/{code}.json: {key!r} has placeholders "
                               f"{sorted(fields(other[key]))}, English has {sorted(fields(text))}")
                if isinstance(text, dict) != isinstance(other[key], dict):
                    out.append(f"{package}/locale/{code}.json: {key!r} plural forms differ from English")
                elif isinstance(other[key], dict) and ("other" not in other[key]
                                                       or set(other[key]) - {"one", "other"}):
                    out.append(f"{package}/locale/{code}.json: {key!r} needs an 'other' form "
                               "(and at most 'one')")
            for key in other.keys() - english.keys():
                out.append(f"{package}/locale/{code}.json: {key!r} is not an English key")
    return out


def merge3(base: dict, ours: dict, theirs: dict) -> tuple[dict, list[str]]:
    """Three-way merge of two catalogues by key: what only theirs changed is taken."""
    merged, clashes = dict(ours), []
    for key in sorted(set(base) | set(theirs)):
        was, mine, their = base.get(key), ours.get(key), theirs.get(key)
        if their in (was, mine):
            continue
        if mine != was:
            clashes.append(key)
        elif their is None:
            merged.pop(key, None)
        else:
            merged[key] = their
    return merged, clashes


def main(argv: list[str]) -> int:
    command, *args = argv or ["check"]
    if command == "add":
        package, key, text = args
        with locked(package, FALLBACK) as texts:
            texts[key] = text
    elif command == "merge":
        package, code, source = args
        with locked(package, code) as texts:
            texts.update(json.loads(Path(source).read_text(encoding="utf-8")))
    elif command == "missing":
        code, *packages = args
        for package in packages or PACKAGES:
            have = load(package, code)
            todo = {k: v for k, v in load(package, FALLBACK).items() if k not in have}
            print(f"// {package}: {len(todo)} to translate")
            print(json.dumps(todo, ensure_ascii=False, indent=2))
    elif command == "merge3":
        base, ours, theirs = (json.loads(Path(f).read_text(encoding="utf-8") or "{}") for f in args)
        merged, clashes = merge3(base, ours, theirs)
        Path(args[1]).write_text(json.dumps(merged, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
                                 encoding="utf-8")
        if clashes:
            print(f"keys changed on both sides, ours kept: {', '.join(clashes)}", file=sys.stderr)
    elif command == "sort":
        for package in PACKAGES:
            for code in LANGUAGES:
                if path(package, code).exists():
                    save(package, code, load(package, code))
    elif command == "check":
        found = problems()
        print("\n".join(found) or "all catalogues complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
