"""The lessons as a static JupyterLite site: Python (Pyodide) runs in each learner's browser.

    python tools/lite.py fetch [--offline]               # once, with a connection: npm and PyPI only
    python tools/lite.py build [--offline] [--out site]  # no network: the site, from what fetch kept

``fetch`` keeps its downloads in ``.lite/`` (git-ignored): Pyodide's core from the npm registry
(``pyodide@PYODIDE``, for its ``pyodide-lock.json`` and, offline, the interpreter itself) and the
pure-Python wheels the lessons need from PyPI (the widgets, python-bidi's pure release ...); with
``--offline`` also the pure-Python wheels the kernel needs to start, at the versions Pyodide's lock
names. ``build`` makes the project's wheel from a copy of the tree (the tree gets no ``build/``), copies
every lesson of every language folder with the kernel name a Lite site offers, writes a lock file
that preloads everything, and runs ``jupyter lite build``.

Online (the default) the site takes Pyodide and the kernel's packages from Pyodide's CDN, as
JupyterLite does. ``--offline`` puts Pyodide into the site and points every package at the site
itself: nothing is ever asked of another host. No lesson needs a compiled package (the charts are the
project's own SVG pictures), so both sites run every lesson.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from email.message import Message
from email.parser import Parser
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".lite"
# jupyterlite itself lives in a small environment of its own (``make lite-inputs`` makes it): its
# JupyterLab extension for the in-browser kernel must not sit beside Voila and JupyterLab, whose
# pages would load it and fail.
TOOLS = CACHE / "tools"
SITE = ROOT / "site"
PYODIDE = "314.0.6"
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE}/full/"
#: Pyodide's own files a site needs (the npm package also holds type files, maps and demo pages).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide-lock.json")
#: Python as Pyodide runs it, for the requirement markers of the wheels.
BROWSER_PYTHON = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
                  "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
                  "implementation_name": "cpython", "platform_python_implementation": "CPython",
                  "extra": ""}
#: Pure-Python wheels the lessons use, at the versions of this environment (so the widgets' browser
#: side, copied from here, matches their Python side), and python-bidi's last pure-Python release.
SAME_AS_HERE = ("ipywidgets", "comm", "anywidget", "psygnal", "typing-extensions", "arabic-reshaper")
PINNED = ("python-bidi==0.4.2",)
#: Left out of the browser: the notebook-server halves of ipywidgets (the Lite site has its own).
NOT_IN_BROWSER = {"jupyterlab-widgets"}
#: What the kernel loads as it starts (it installs the rest itself, slower, one by one).
KERNEL = ["micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "jedi", "ipython",
          "widgetsnbextension"]
LESSONS = ["harmonies-azul-lab", "ipywidgets", "anywidget", "arabic-reshaper", "python-bidi"]
#: The kernel name a Lite site offers (the sources keep ``python3``).
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
EXTENSIONS = (KERNEL_EXTENSION, "@jupyter-widgets/jupyterlab-manager", "anywidget")
WHEELS = "static/wheels"  # in the site: the lock file and every wheel the site serves itself


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/lite.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fetch", help="download what a build needs (npm registry and PyPI)")
    b = sub.add_parser("build", help="build the site, with no network")
    for p in (f, b):
        p.add_argument("--offline", action="store_true", help="a site that needs no other host")
        p.add_argument("--cache", type=Path, default=CACHE, help="where fetch keeps its downloads")
    b.add_argument("--out", type=Path, default=SITE, help="the site's folder (emptied first)")
    args = parser.parse_args(argv)
    if args.command == "fetch":
        fetch(args.cache, args.offline)
    else:
        start = time.perf_counter()
        build(args.out, args.cache, args.offline)
        files = [p for p in args.out.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"site={args.out}")
        print(f"site_mb={size / 1e6:.1f}")
        print(f"site_files={len(files)}")
        print(f"build_seconds={time.perf_counter() - start:.1f}")
    return 0


# --- fetch: the only step that uses the network ------------------------------------------------------

def inputs_missing(cache: Path, offline: bool) -> list[str]:
    """What ``build`` would lack in ``cache`` (empty when a build can run)."""
    missing = [str(p) for p in (cache / "pyodide" / "pyodide-lock.json", cache / "wheels") if not p.exists()]
    if offline and not (cache / "kernel-wheels" / "complete").exists():
        missing.append(str(cache / "kernel-wheels"))
    return missing


def fetch(cache: Path, offline: bool) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    core = cache / "pyodide"
    if not (core / "pyodide-lock.json").exists():
        if shutil.which("npm") is None:
            raise SystemExit(f"npm is needed once, to fetch pyodide@{PYODIDE} (apt-get install npm)")
        with tempfile.TemporaryDirectory() as tmp:
            run(["npm", "pack", f"pyodide@{PYODIDE}", "--silent", "--pack-destination", tmp])
            (tarball,) = Path(tmp).glob("pyodide-*.tgz")
            part = Path(tmp) / "pyodide"  # moved into place whole, so a broken download never counts
            part.mkdir()
            with tarfile.open(tarball) as tar:
                for member in tar.getmembers():
                    name = Path(member.name).name
                    if name in PYODIDE_CORE and member.isfile():
                        (part / name).write_bytes(tar.extractfile(member).read())
            shutil.rmtree(core, ignore_errors=True)
            shutil.move(part, core)
    wanted = [f"{name}=={metadata.version(name)}" for name in SAME_AS_HERE] + list(PINNED)
    download(wanted, cache / "wheels")
    if offline and not (cache / "kernel-wheels" / "complete").exists():
        lock = json.loads((core / "pyodide-lock.json").read_text())["packages"]
        ours = {canonicalize_name(w.name.split("-")[0]) for w in (cache / "wheels").glob("*.whl")}
        names = closure(lock, [*KERNEL, *(d for w in (cache / "wheels").glob("*.whl") for d in depends(w))])
        from_lock = sorted(n for n in names if n in lock and n not in ours)
        compiled = [n for n in from_lock if not lock[n]["file_name"].endswith("-none-any.whl")]
        if compiled:
            raise SystemExit(f"the kernel would need compiled packages, not on PyPI: {compiled}")
        download([f"{lock[n]['name']}=={lock[n]['version']}" for n in from_lock], cache / "kernel-wheels")
        (cache / "kernel-wheels" / "complete").write_text("\n".join(from_lock) + "\n")


def download(requirements: list[str], folder: Path) -> None:
    """The wheels of ``requirements`` (each ``name==version``) in ``folder``, and no other wheel there.
    Only what is missing is downloaded, so a second run needs no network."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {(canonicalize_name(n), v) for n, v in (r.split("==") for r in requirements)}
    for wheel in folder.glob("*.whl"):
        if wheel_key(wheel) not in wanted:
            wheel.unlink()  # an older version: a site holds one of each
    have = {wheel_key(w) for w in folder.glob("*.whl")}
    todo = [r for r in requirements if (canonicalize_name(r.split("==")[0]), r.split("==")[1]) not in have]
    if todo:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", BROWSER_PYTHON["python_version"], "--platform", "any", "--dest", str(folder),
             *todo])


def wheel_key(wheel: Path) -> tuple[str, str]:
    name, version = wheel.name.split("-")[:2]
    return canonicalize_name(name), version


def closure(lock: dict, names: list[str]) -> set[str]:
    """``names`` and everything they depend on, as Pyodide's lock says (names it lacks are kept)."""
    seen: set[str] = set()
    todo = [canonicalize_name(n) for n in names]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(canonicalize_name(d) for d in lock.get(name, {}).get("depends", []))
    return seen


# --- build: no network from here on ------------------------------------------------------------------

def build(out: Path, cache: Path, offline: bool, *, lessons: Path = ROOT / "notebooks",
          project: bool = True, extensions: tuple[str, ...] = EXTENSIONS,
          preload: list[str] | None = None, compiled: bool = True, snapshot: bool = True) -> None:
    """The site of ``lessons`` into ``out``. The defaults make the project's site; with
    ``project=False``, the kernel's extension only, no ``preload``, not ``compiled`` and no
    ``snapshot``, it is JupyterLite as it comes (``benchmarks/lite_start.py`` measures ours beside
    it). A snapshot needs Pyodide in the site (``offline``)."""
    missing = inputs_missing(cache, offline)
    if missing:
        raise SystemExit(f"run 'python tools/lite.py fetch{' --offline' if offline else ''}' first: "
                         f"missing {', '.join(missing)}")
    if preload is None and project:
        preload = [*KERNEL, *LESSONS]
    with tempfile.TemporaryDirectory(prefix="lite-") as tmp:
        tmp = Path(tmp)
        lite_dir = tmp / "lite"
        wheels = lite_dir / WHEELS
        wheels.mkdir(parents=True)
        if project:
            project_wheel(wheels, tmp / "source")
        for wheel in (cache / "wheels").glob("*.whl"):
            if project or wheel_key(wheel)[0] in KERNEL:  # without the lessons' wheels, the kernel's
                shutil.copy2(wheel, wheels)
        for wheel in extension_dir(KERNEL_EXTENSION).glob("static/pypi/*.whl"):
            if "widgetsnbextension-3" not in wheel.name:  # ipywidgets 8 goes with the 4.x stand-in
                shutil.copy2(wheel, wheels)
        pyodide_lock = json.loads((cache / "pyodide" / "pyodide-lock.json").read_text())
        if offline:
            for wheel in (cache / "kernel-wheels").glob("*.whl"):
                shutil.copy2(wheel, wheels)
            core = lite_dir / "static" / "pyodide"
            core.mkdir(parents=True)
            for name in PYODIDE_CORE:
                shutil.copy2(cache / "pyodide" / name, core)
        if compiled:
            precompile(wheels, cache / "pyodide", tmp / "compiled")
        lock = site_lock(pyodide_lock, wheels, offline)
        (wheels / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
        contents = lite_dir / "lessons"
        copy_lessons(lessons, contents)
        write_config(lite_dir, offline, preload or [])
        build_config = {"LiteBuildConfig": {
            "contents": [str(contents)], "output_dir": str(tmp / "site"), "no_sourcemaps": True,
            # Only the extensions the lessons use, not every one this environment has (Voila's ...).
            "ignore_sys_prefix": True, "federated_extensions": [str(extension_dir(n)) for n in extensions],
        }}
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2))
        jupyter = TOOLS / "bin" / "jupyter"
        if not jupyter.exists():
            raise SystemExit(f"jupyterlite is not installed in {TOOLS}: run 'make lite-inputs'")
        command = [str(jupyter), "lite", "build", "--lite-dir", str(lite_dir)]
        run(command, cwd=lite_dir)
        shutil.copytree(wheels, tmp / "site" / WHEELS)  # the build copies no other static folder
        if snapshot and offline and preload:
            make_snapshot(tmp / "site", preload, tmp / "snapshot")
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(tmp / "site", out)
        # A browser asks every site for /favicon.ico; JupyterLite keeps its icon in each app's folder.
        if (out / "lab" / "favicon.ico").exists():
            shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")
        for junk in (".jupyterlite.doit.db",):
            (out / junk).unlink(missing_ok=True)


def project_wheel(dest: Path, source: Path) -> Path:
    """The project's wheel, built from a copy so that the tree gets no ``build/`` or ``*.egg-info``."""
    keep = ["pyproject.toml", "README.md", "harmonies", "azul", "tabletop", "jupyter-config"]
    source.mkdir()
    for name in keep:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(dest), str(source)])
    (wheel,) = dest.glob("harmonies_azul_lab-*.whl")
    return wheel


#: Node runs Pyodide's own Python (the very interpreter of the page) to compile the modules of the
#: folders it is given: a tab then imports bytecode instead of compiling IPython, the widgets and
#: the project from their sources, which took seconds of every tab's start.
COMPILE_JS = """
const [pyodideUrl, root, plan] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideUrl);
const py = await loadPyodide({ indexURL: new URL(".", pyodideUrl).pathname });
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/wheels");
py.globals.set("plan", plan);
py.runPython(`
import importlib, json, py_compile, sys, warnings
plan = json.loads(plan)
sys.path[:0] = [f"/wheels/{folder}" for folder in plan["folders"]]
for name in plan["imports"]:
    try:
        importlib.import_module(name)
    except Exception as error:
        print(f"not compiled: {name} ({error!r})")
warnings.simplefilter("ignore")
for module in list(sys.modules.values()):
    source = getattr(module, "__file__", None) or ""
    folder = source.removeprefix("/wheels/").split("/")[0]
    if source.startswith("/wheels/") and source.endswith(".py"):
        target = source + "c" if plan["folders"][folder] else importlib.util.cache_from_source(source)
        py_compile.compile(source, target, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
"""
#: What a lesson's tab imports: the kernel, the widgets, the project. Only modules these import are
#: compiled (bytecode is bigger than a wheel's compressed source: modules no tab imports stay source),
#: and the snapshot holds them all imported.
IMPORTS = ["pyodide_kernel", "piplite.piplite", "ipykernel.comm", "ipywidgets", "anywidget", "bidi.algorithm",
           "arabic_reshaper", "harmonies.widgets", "azul.widgets", "tabletop.chart", "tabletop.quiz",
           "tabletop.localised", "tabletop.transfer"]
#: Wheels that keep their sources beside the bytecode (a learner may read the project's code with
#: ``??``); the others carry bytecode only, as Pyodide's own packages do.
KEEP_SOURCES = {"harmonies-azul-lab"}


def precompile(wheels: Path, pyodide: Path, work: Path) -> None:
    """Every wheel in ``wheels`` rebuilt with its modules compiled for the browser's Python. Without
    Node the wheels stay as they are (the site works, its tabs start slower)."""
    node = shutil.which("node")
    if node is None:
        print("precompiled=0")
        return
    start = time.perf_counter()
    folders = {}
    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            z.extractall(work / wheel.name)
        folders[wheel.name] = wheel_key(wheel)[0] not in KEEP_SOURCES
    script = work / "compile.mjs"
    script.write_text(COMPILE_JS)
    plan = json.dumps({"folders": folders, "imports": IMPORTS})
    run([node, str(script), (pyodide / "pyodide.mjs").as_uri(), str(work), plan])
    for name, sourceless in folders.items():
        folder = work / name
        if sourceless:  # a module no tab imports keeps its source
            for source in folder.rglob("*.py"):
                if source.with_suffix(".pyc").exists():
                    source.unlink()
            for unused in [*folder.glob("*.data"), *folder.glob("*/**/tests")]:
                shutil.rmtree(unused)  # a notebook server's files (extensions, scripts), test suites
        repack(folder, wheels / name)
    print(f"precompiled_modules={sum(1 for _ in work.rglob('*.pyc'))}")
    print(f"precompile_seconds={time.perf_counter() - start:.1f}")


def repack(folder: Path, wheel: Path) -> None:
    """``folder`` zipped as ``wheel``, its RECORD listing the files it now holds."""
    (info,) = folder.glob("*.dist-info")
    record = info / "RECORD"
    record.touch()
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    lines = []
    for path in files:
        name = path.relative_to(folder).as_posix()
        if path == record:
            lines.append(f"{name},,")
        else:
            data = path.read_bytes()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            lines.append(f"{name},sha256={digest},{len(data)}")
    record.write_text("\n".join(lines) + "\n")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path in files:
            z.write(path, path.relative_to(folder).as_posix())


#: Our start of Pyodide (``lite/``): the kernel's worker imports it in place of Pyodide's
#: ``pyodide.mjs``, and it restores Python from the site's snapshot when that matches.
START = ROOT / "lite"
SNAPSHOT = "static/pyodide/snapshot.json"  # in the site: what the snapshot was made from, its file


def make_snapshot(site: Path, preload: list[str], work: Path) -> None:
    """Python's memory after a lesson tab's imports (``IMPORTS``) and the files it had, made in Node
    with the site's own Pyodide, lock and wheels, and the site's kernel told to restore them.
    Without Node the site starts Python as it did (``snapshot_mb=0``)."""
    node = shutil.which("node")
    if node is None:
        print("snapshot_mb=0")
        return
    start = time.perf_counter()
    pyodide = site / "static" / "pyodide"
    shutil.copy2(START / "pyodide-start.mjs", pyodide)
    lock_file = site / WHEELS / "pyodide-lock.json"
    plan = json.dumps({"packages": preload, "imports": IMPORTS})
    run([node, str(START / "make-snapshot.mjs"), str(pyodide), str(lock_file), plan, str(work)])
    lock = json.loads(lock_file.read_text())["packages"]
    manifest = {"pyodide": PYODIDE, "packages": preload,
                "wheels": {n: lock[n]["sha256"] for n in sorted(closure(lock, preload))},
                "loaded": json.loads((work / "loaded.json").read_text())}
    for part in ("memory", "files"):
        # Named for its contents: a browser never takes a cached part of another build for this one.
        data = work / f"{part}.gz"
        manifest[part] = f"snapshot-{part}-{hashlib.sha256(data.read_bytes()).hexdigest()[:16]}.gz"
        shutil.move(data, pyodide / manifest[part])
    (site / SNAPSHOT).write_text(json.dumps(manifest, indent=1))
    # jupyter lite build points the kernel at Pyodide's own module: ours, now, with the snapshot.
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]
    kernel["pyodideUrl"] = "./static/pyodide/pyodide-start.mjs"
    kernel["loadPyodideOptions"]["snapshotURL"] = f"./{SNAPSHOT}"
    config_file.write_text(json.dumps(config, indent=2))
    sizes = {part: (pyodide / manifest[part]).stat().st_size / 1e6 for part in ("memory", "files")}
    print(f"snapshot_gz_mb={sizes['memory']:.1f}")
    print(f"snapshot_files_gz_mb={sizes['files']:.1f}")
    print(f"snapshot_seconds={time.perf_counter() - start:.1f}")


def extension_dir(name: str) -> Path:
    for prefix in (TOOLS, Path(sys.prefix), Path(sys.base_prefix)):
        path = prefix / "share" / "jupyter" / "labextensions" / name
        if (path / "package.json").exists():
            return path
    raise SystemExit(f"the JupyterLab extension {name} is not installed: run 'make lite-inputs'")


def site_lock(pyodide_lock: dict, wheels: Path, offline: bool) -> dict:
    """Pyodide's lock, with every wheel in ``wheels`` added (or put in place of Pyodide's build of the
    same package, with its own hash). Online, Pyodide's other packages stay, served by the CDN; offline
    the lock names only the site's own wheels (a package the site lacks could never load, and every
    learner's tab downloads the lock: Pyodide's lists some 350 packages)."""
    lock = json.loads(json.dumps(pyodide_lock))
    if offline:
        lock["packages"] = {}
    for entry in lock["packages"].values():
        entry["file_name"] = CDN + entry["file_name"]
    local = {}
    for wheel in sorted(wheels.glob("*.whl")):
        entry = wheel_entry(wheel)
        local[canonicalize_name(entry["name"])] = entry
    for name, entry in local.items():
        entry["depends"] = [d for d in entry["depends"] if d in local or d in lock["packages"]]
        lock["packages"][name] = entry
    return lock


def wheel_metadata(wheel: Path) -> tuple[Message, list[str]]:
    """A wheel's METADATA and the names of its files."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        return Parser().parsestr(z.read(f"{info}/METADATA").decode()), names


def wheel_entry(wheel: Path) -> dict:
    """The wheel as an entry of Pyodide's lock, with its own hash."""
    meta, names = wheel_metadata(wheel)
    # The importable top-level names: packages (folders) and single-file modules.
    tops = {n.split("/")[0] for n in names if "/" in n or n.endswith(".py")}
    top = sorted(t.removesuffix(".py") for t in tops if not t.endswith((".dist-info", ".data")))
    return {"name": meta["Name"], "version": meta["Version"], "file_name": wheel.name,
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "imports": top,
            "depends": depends(wheel), "install_dir": "site", "package_type": "package",
            "unvendored_tests": False}


def depends(wheel: Path) -> list[str]:
    """The wheel's requirements that hold in the browser, without the server-side halves."""
    found = []
    for line in wheel_metadata(wheel)[0].get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(BROWSER_PYTHON):
            name = canonicalize_name(req.name)
            if name not in NOT_IN_BROWSER:
                found.append(name)
    return found


def copy_lessons(notebooks: Path, dest: Path) -> None:
    """Every notebook of every language folder, with the kernel name a Lite site offers."""
    for source in sorted(notebooks.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in source.parts:
            continue
        nb = json.loads(source.read_text(encoding="utf-8"))
        nb.setdefault("metadata", {})["kernelspec"] = KERNELSPEC
        target = dest / source.relative_to(notebooks)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def write_config(lite_dir: Path, offline: bool, preload: list[str]) -> None:
    options = {"lockFileURL": f"./{WHEELS}/pyodide-lock.json"}
    if preload:
        options["packages"] = preload
    kernel = {"loadPyodideOptions": options}
    if offline:
        kernel["pyodideUrl"] = "./static/pyodide/pyodide.mjs"
        kernel["disablePyPIFallback"] = True
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Harmonies & Azul lessons",
        "exposeAppInBrowser": True,
        "litePluginSettings": {f"{KERNEL_EXTENSION}:kernel": kernel},
    }}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))


def run(command: list[str], cwd: Path | None = None) -> None:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run(command, check=True, cwd=cwd, env=env)


if __name__ == "__main__":
    raise SystemExit(main())
