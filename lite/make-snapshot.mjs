// Python's memory after the kernel, the widgets and the project are imported, and the files Python
// had then, as the site's tabs restore them (lite/pyodide-start.mjs); run by tools/lite.py in Node,
// with the site's own Pyodide, lock and wheels:
//
//   node make-snapshot.mjs PYODIDE_DIR LOCK_FILE PLAN OUT   (PLAN: {"packages": [...], "imports": [...]})
//
// Into the folder OUT: memory.gz (Python's memory), files.gz (the installed packages and the home
// folder, without the bytecode of the modules already in memory) and loaded.json (Pyodide's record
// of the packages it loaded).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideDir, lockFile, plan, out] = process.argv.slice(2);
const { packages, imports } = JSON.parse(plan);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const { snapshotSerializer } = await import(pathToFileURL(path.join(pyodideDir, "pyodide-start.mjs")).href);

const py = await loadPyodide({
  indexURL: pyodideDir + "/", lockFileURL: lockFile, packages, _makeSnapshot: true,
  stdout: () => {}, // "Loading ..." lines
});
py.globals.set("names", JSON.stringify(imports));
py.runPython(`
import gc, importlib, json
for name in json.loads(names):
    importlib.import_module(name)
del names
gc.collect()
`);
// Pyodide snapshots a Python whose record of the packages it loaded is empty (it checks); a tab
// restoring the snapshot writes the packages' files and puts that record back itself.
const loaded = { ...py.loadedPackages };
for (const name of Object.keys(loaded)) {
  delete py.loadedPackages[name];
}
const memory = py.makeMemorySnapshot({ serializer: snapshotSerializer(py) });
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "memory.gz"), zlib.gzipSync(memory));
fs.writeFileSync(path.join(out, "loaded.json"), JSON.stringify(loaded));
const [roots, inMemory] = JSON.parse(py.runPython(`
import json, os, site, sys
json.dumps([[site.getsitepackages()[0], os.path.expanduser("~")],
            [m.__spec__.cached for m in list(sys.modules.values())
             if getattr(m, "__spec__", None) and m.__spec__.cached]])
`));
const files = archive(py.FS, roots, new Set(inMemory));
fs.writeFileSync(path.join(out, "files.gz"), zlib.gzipSync(files));
console.log(`snapshot_mb=${(memory.length / 1e6).toFixed(1)}`);
console.log(`snapshot_files_mb=${(files.length / 1e6).toFixed(1)}`);

/** The folders ``roots`` of Pyodide's file system, less the files ``skip``, as lite/pyodide-start.mjs
 * reads them: the length of an index (4 bytes), the index ([path, size or -1 for a folder], as
 * JSON), then every file's bytes. */
function archive(FS, roots, skip) {
  const index = [];
  const data = [];
  const walk = (folder) => {
    index.push([folder, -1]);
    for (const name of FS.readdir(folder).filter((n) => n !== "." && n !== "..").sort()) {
      const file = `${folder}/${name}`;
      if (FS.isDir(FS.stat(file).mode)) {
        walk(file);
      } else if (!skip.has(file)) {
        const bytes = FS.readFile(file);
        index.push([file, bytes.length]);
        data.push(bytes);
      }
    }
  };
  roots.forEach(walk);
  const head = new TextEncoder().encode(JSON.stringify(index));
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, head.length, true);
  return Buffer.concat([size, head, ...data]);
}
