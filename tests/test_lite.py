"""The lessons can run in Pyodide (the JupyterLite site), and tools/lite.py builds what it should.

The browser side is ``tests/browser/test_lite.py``; these run in CPython without network.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("lite_tool", ROOT / "tools" / "lite.py")
lite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite)

NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _code(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_lesson_needs_what_the_browser_kernel_lacks(path):
    # Pyodide starts no process and has no nbformat (it needs a compiled package).
    code = _code(path)
    # ... nor a chart library: the charts are the project's own scenes (tabletop.chart).
    for word in ("subprocess", "sys.executable", "nbformat", "os.system", "!python", "!pip", "matplotlib",
                 "numpy"):
        assert word not in code, f"{path.name} uses {word}"


WIDGETS = ["azul.widgets", "harmonies.widgets", "tabletop.quiz", "tabletop.clickable", "azul.figures",
           "harmonies.figures", "tabletop.chart"]


@pytest.mark.parametrize("module", WIDGETS)
def test_widgets_and_charts_import_no_matplotlib(module):
    # Every lesson must run where matplotlib is missing (the offline Lite site); tests/test_chart.py
    # draws every chart there.
    probe = f"import sys, {module}; print(sorted(m for m in ('matplotlib', 'numpy') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _wheel(folder: Path, name: str, version: str, requires: list[str], files: dict[str, str]) -> Path:
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as z:
        for file, text in files.items():
            z.writestr(file, text)
        z.writestr(f"{dist}.dist-info/METADATA", meta + "\n")
    return path


def _pyodide_lock() -> dict:
    entry = dict(install_dir="site", package_type="package", unvendored_tests=False, depends=[])
    return {"info": {"python": "3.14.2"}, "packages": {
        "numpy": {**entry, "name": "numpy", "version": "2.4.6", "imports": ["numpy"], "sha256": "aa",
                  "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"},
        "six": {**entry, "name": "six", "version": "1.17.0", "imports": ["six"], "sha256": "bb",
                "file_name": "six-1.17.0-py2.py3-none-any.whl"},
    }}


def test_site_lock_adds_local_wheels_with_their_own_hashes(tmp_path):
    bidi = _wheel(tmp_path, "python-bidi", "0.4.2", ["six"], {"bidi/__init__.py": "", "bidi/algo.py": ""})
    _wheel(tmp_path, "comm", "0.2.3", [], {"comm/__init__.py": ""})
    _wheel(tmp_path, "ipywidgets", "8.1.9",
           ["comm>=0.1.3", "jupyterlab_widgets~=3.0", "six; python_version < '3'", "numpy; extra == 'test'"],
           {"ipywidgets/__init__.py": ""})
    online = lite.site_lock(_pyodide_lock(), tmp_path, offline=False)["packages"]
    entry = online["python-bidi"]
    assert entry["sha256"] == hashlib.sha256(bidi.read_bytes()).hexdigest()
    assert entry["file_name"] == bidi.name and entry["imports"] == ["bidi"] and entry["depends"] == ["six"]
    # the notebook-server half and what the browser's Python does not meet are left out
    assert online["ipywidgets"]["depends"] == ["comm"]
    assert online["numpy"]["file_name"] == lite.CDN + "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
    assert online["numpy"]["sha256"] == "aa"

    offline = lite.site_lock(_pyodide_lock(), tmp_path, offline=True)["packages"]
    # offline, the lock names the site's own wheels and nothing else (no compiled package, no host)
    assert sorted(offline) == ["comm", "ipywidgets", "python-bidi"]
    assert all(e["file_name"] == e["file_name"].split("/")[-1] for e in offline.values())
    assert offline["python-bidi"]["depends"] == []  # six is not in this site


def test_site_lock_puts_a_local_wheel_in_place_of_pyodides_build(tmp_path):
    six = _wheel(tmp_path, "six", "1.17.0", [], {"six.py": ""})
    packages = lite.site_lock(_pyodide_lock(), tmp_path, offline=True)["packages"]
    assert packages["six"]["file_name"] == six.name
    assert packages["six"]["sha256"] == hashlib.sha256(six.read_bytes()).hexdigest()
    assert packages["six"]["imports"] == ["six"]


def test_lessons_are_copied_with_the_lite_kernel_and_the_sources_keep_theirs(tmp_path):
    lite.copy_lessons(ROOT / "notebooks", tmp_path)
    copies = sorted(tmp_path.rglob("*.ipynb"))
    assert [p.relative_to(tmp_path) for p in copies] == [p.relative_to(ROOT / "notebooks") for p in NOTEBOOKS]
    def kernels(paths):
        return {json.loads(p.read_text(encoding="utf-8"))["metadata"]["kernelspec"]["name"] for p in paths}

    assert kernels(copies) == {"python"}
    assert kernels(NOTEBOOKS) == {"python3"}


@pytest.mark.skipif(shutil.which("node") is None or lite.inputs_missing(lite.CACHE, offline=True) != [],
                    reason="needs Node and the Lite downloads (make lite-inputs)")
def test_wheels_are_compiled_for_the_browsers_python_and_keep_only_what_a_tab_uses(tmp_path, monkeypatch):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    other = _wheel(wheels, "tiny", "1.0", [], {
        "tiny/__init__.py": "from . import used\n", "tiny/used.py": "A = 1\n", "tiny/unused.py": "B = 2\n",
        "tiny/tests/test_a.py": "", "tiny-1.0.data/scripts/tool": "#!python\n"})
    ours = _wheel(wheels, "harmonies-azul-lab", "0.1.0", [], {"harmonies/__init__.py": "X = 3\n"})
    monkeypatch.setattr(lite, "IMPORTS", ["tiny", "harmonies"])
    lite.precompile(wheels, lite.CACHE / "pyodide", tmp_path / "work")

    with zipfile.ZipFile(other) as z:
        names = set(z.namelist())
        record = z.read("tiny-1.0.dist-info/RECORD").decode()
        for line in record.splitlines():  # RECORD lists every file, with its hash
            name, digest, size = line.rsplit(",", 2)
            if digest:
                data = z.read(name)
                assert int(size) == len(data)
                assert digest == "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode()
        magic = z.read("tiny/used.pyc")[:4]
    # what a tab imports is bytecode only; what it never imports stays source; tests and a notebook
    # server's files are gone
    assert {"tiny/__init__.pyc", "tiny/used.pyc", "tiny/unused.py"} <= names
    gone = {"tiny/__init__.py", "tiny/used.py", "tiny/tests/test_a.py", "tiny-1.0.data/scripts/tool"}
    assert not gone & names
    assert {line.split(",")[0] for line in record.splitlines()} == names
    assert magic != importlib.util.MAGIC_NUMBER  # Pyodide's Python (3.14), not this one
    with zipfile.ZipFile(ours) as z:  # the project keeps its sources beside the bytecode
        names = set(z.namelist())
    assert "harmonies/__init__.py" in names
    assert any(n.startswith("harmonies/__pycache__/__init__.cpython-3") for n in names)


#: Starts Python in Node through the site's own start (lite/pyodide-start.mjs), with the options a
#: tab's kernel passes (the site's files read through ``fetch`` as a browser would get them), then
#: says what it holds: whether ``tiny`` was imported before anybody asked, a module read later and a
#: random number.
START_IN_NODE = """
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
const [site, packages] = process.argv.slice(2);
globalThis.fetch = async (url) => {
  const path = String(url).startsWith("file:") ? fileURLToPath(url) : String(url);
  return readFile(path).then((data) => new Response(data), () => new Response("", { status: 404 }));
};
const messages = [];
for (const kind of ["info", "warn"]) {
  console[kind] = (text) => messages.push(text);
}
const { loadPyodide } = await import(`${site}/static/pyodide/pyodide-start.mjs`);
const py = await loadPyodide({
  indexURL: `${site}/static/pyodide/`, lockFileURL: `${site}/static/wheels/pyodide-lock.json`,
  packages: JSON.parse(packages), snapshotURL: `file://${site}/static/pyodide/snapshot.json`,
  stdout: () => {},
});
const held = py.runPython("import sys; 'tiny' in sys.modules");
py.runPython("import tiny.later");
const later = py.runPython("tiny.later.B");
const random = py.runPython("import random; random.random()");
process.stdout.write(JSON.stringify({ messages, held, later, random }));
"""


@pytest.fixture
def snapshot_site(tmp_path, monkeypatch):
    """A site of one package, ``tiny``, with the snapshot of a Python that imported it."""
    site = tmp_path / "site"
    wheels = site / lite.WHEELS
    wheels.mkdir(parents=True)
    _wheel(wheels, "tiny", "1.0", [], {"tiny/__init__.py": "import random\n", "tiny/later.py": "B = 2\n"})
    lock = lite.site_lock(json.loads((lite.CACHE / "pyodide" / "pyodide-lock.json").read_text()), wheels,
                          offline=True)
    (wheels / "pyodide-lock.json").write_text(json.dumps(lock))
    shutil.copytree(lite.CACHE / "pyodide", site / "static" / "pyodide")
    kernel = {"loadPyodideOptions": {"packages": ["tiny"]}, "pyodideUrl": "./static/pyodide/pyodide.mjs"}
    (site / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {
        "litePluginSettings": {f"{lite.KERNEL_EXTENSION}:kernel": kernel}}}))
    monkeypatch.setattr(lite, "IMPORTS", ["tiny"])
    lite.make_snapshot(site, ["tiny"], tmp_path / "work")
    return site


def _start_in_node(site: Path, packages: list[str]) -> dict:
    script = site / "start.mjs"
    script.write_text(START_IN_NODE)
    out = subprocess.run(["node", str(script), str(site), json.dumps(packages)], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, "\n".join(line for line in out.stderr.splitlines() if len(line) < 500)
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.skipif(shutil.which("node") is None or lite.inputs_missing(lite.CACHE, offline=True) != [],
                    reason="needs Node and the Lite downloads (make lite-inputs)")
def test_python_restores_the_sites_snapshot_or_starts_afresh_when_it_does_not_match(snapshot_site):
    site = snapshot_site
    manifest = json.loads((site / lite.SNAPSHOT).read_text())
    lock = json.loads((site / lite.WHEELS / "pyodide-lock.json").read_text())["packages"]
    assert manifest["packages"] == ["tiny"] and manifest["wheels"] == {"tiny": lock["tiny"]["sha256"]}
    for part in ("memory", "files"):  # named for their contents
        data = (site / "static" / "pyodide" / manifest[part]).read_bytes()
        assert manifest[part] == f"snapshot-{part}-{hashlib.sha256(data).hexdigest()[:16]}.gz"
    kernel = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "litePluginSettings"][f"{lite.KERNEL_EXTENSION}:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide-start.mjs"
    assert kernel["loadPyodideOptions"]["snapshotURL"] == f"./{lite.SNAPSHOT}"

    # Restored: tiny was imported at build time, and a module it did not import is read from its files.
    restored = _start_in_node(site, ["tiny"])
    assert restored.pop("random") != _start_in_node(site, ["tiny"])["random"]  # not the build's sequence
    assert restored == {"messages": ["Python restored from the site's snapshot"], "held": True, "later": 2}
    # A snapshot older than the wheel it was made from: a fresh start, which says why in the console.
    stale = {**manifest, "wheels": {"tiny": "0" * 64}}
    (site / lite.SNAPSHOT).write_text(json.dumps(stale))
    afresh = _start_in_node(site, ["tiny"])
    del afresh["random"]
    assert afresh == {"messages": ["Python starts afresh: the snapshot was made with other wheels of tiny"],
                      "held": False, "later": 2}
    # No snapshot: a fresh start too.
    (site / lite.SNAPSHOT).unlink()
    gone = _start_in_node(site, ["tiny"])
    assert gone["messages"] == [f"Python starts afresh: no snapshot at file://{site}/{lite.SNAPSHOT} (404)"]
    assert gone["held"] is False and gone["later"] == 2
