// Pyodide for the site's kernel, restored from a memory snapshot when the site has one that matches.
//
// The build (tools/lite.py) copies this file beside Pyodide's own (static/pyodide/) and names it as
// the kernel's pyodideUrl: jupyterlite-pyodide-kernel's worker imports it and calls its loadPyodide
// with the site's options, as it would call Pyodide's. A snapshot is Python's memory taken at build
// time, in Node, after the kernel, the widgets and the project were imported: restoring it skips
// starting Python and every import. Where it is missing or was made for other packages, Python
// starts as usual, with a message in the console.
//
// _loadSnapshot, _makeSnapshot and the (de)serializer are Pyodide's private options, read from its
// 314.0.6 sources (the version tools/lite.py pins); the snapshot itself checks Pyodide's build id.

import { loadPyodide as startPyodide, version } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

const GZIP = [0x1f, 0x8b];

export async function loadPyodide(options) {
  const { snapshotURL, ...rest } = options;
  const found = snapshotURL && await findSnapshot(snapshotURL, rest).catch((error) => error.message);
  if (typeof found === "object") {
    try {
      const pyodide = await restore(rest, found);
      console.info("Python restored from the site's snapshot");
      return pyodide;
    } catch (error) {
      console.warn(`Python starts afresh: its snapshot did not restore (${error.message})`);
    }
  } else if (found) {
    console.warn(`Python starts afresh: ${found}`);
  }
  return startPyodide(rest);
}

/** The snapshot of ``url`` (its manifest) if it was made for these options: the same Pyodide, the
 * same packages loaded as Python starts, and the same wheel of each (their hashes in the lock). */
async function findSnapshot(url, options) {
  const manifest = await fetchOk(url).then((r) => r.json());
  if (manifest.pyodide !== version) {
    throw new Error(`the snapshot was made for Pyodide ${manifest.pyodide}, not ${version}`);
  }
  if (JSON.stringify(manifest.packages) !== JSON.stringify(options.packages || [])) {
    throw new Error("the snapshot was made with other packages loaded");
  }
  const lock = await fetchOk(options.lockFileURL).then((r) => r.json());
  const changed = Object.entries(manifest.wheels)
    .filter(([name, sha256]) => lock.packages[name]?.sha256 !== sha256).map(([name]) => name);
  if (changed.length) {
    throw new Error(`the snapshot was made with other wheels of ${changed.join(", ")}`);
  }
  const [memory, files] = await Promise.all(
    [manifest.memory, manifest.files].map((name) => fetchGzipped(new URL(name, url))));
  return { memory, files, lock, loaded: manifest.loaded };
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`no snapshot at ${url} (${response.status})`);
  }
  return response;
}

/** A gzipped file's bytes, decompressed as they arrive, unless the server sent them decompressed. */
async function fetchGzipped(url) {
  const reader = (await fetchOk(url)).body.getReader();
  const first = await reader.read();
  const head = first.value || new Uint8Array();
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      done ? controller.close() : controller.enqueue(value);
    },
  });
  const gzipped = head[0] === GZIP[0] && head[1] === GZIP[1];
  const bytes = gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return new Uint8Array(await new Response(bytes).arrayBuffer());
}

/** Pyodide started from a snapshot: its files written, then its memory restored, and the record
 * of the packages it loaded put back (the lessons' imports then load nothing more). */
async function restore(options, { memory, files, lock, loaded }) {
  const { lockFileURL, ...rest } = options;
  let module;
  const pyodide = await startPyodide({
    ...rest,
    packages: [],  // their files are in the snapshot's
    lockFileContents: lock,  // read once, for the check above and for Pyodide
    packageBaseUrl: lockFileURL.slice(0, lockFileURL.lastIndexOf("/") + 1),  // as Pyodide finds it
    fsInit: (FS) => unpack(FS, files),
    _loadSnapshot: memory,
    // Pyodide's memory is exported by its WebAssembly, at its first size: the snapshot's must fit.
    createPyodideModule: async (settings) => {
      module = await createPyodideModule(settings);
      module.growMemory(memory.length);
      return module;
    },
    _snapshotDeserializer: (held) => pyodideApi(module.API, held),
  });
  Object.assign(pyodide.loadedPackages, loaded);
  // The snapshot holds the random generator as Python seeded it at build time: every tab would draw
  // the same numbers.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

/** The folders and files lite/make-snapshot.mjs archived, written into Pyodide's file system. */
function unpack(FS, archive) {
  const size = new DataView(archive.buffer, archive.byteOffset).getUint32(0, true);
  let offset = 4 + size;
  for (const [path, length] of JSON.parse(new TextDecoder().decode(archive.subarray(4, offset)))) {
    if (length < 0) {
      FS.mkdirTree(path);
    } else {
      FS.writeFile(path, archive.subarray(offset, offset + length), { canOwn: true });
      offset += length;
    }
  }
}

/** What Python held of JavaScript at snapshot time besides what Pyodide restores itself: Pyodide's
 * API (``pyodide_js``) and functions of it or of its internal one (micropip keeps ``loadPackage``,
 * ``install`` and ``loadBinaryFile``, the kernel ``loadPackagesFromImports``), named. */
export function snapshotSerializer(api) {
  return (object) => {
    if (object === api) {
      return {};
    }
    for (const [where, holder] of [["api", api], ["internal", api._api]]) {
      const name = Object.getOwnPropertyNames(holder).find(
        (key) => Object.getOwnPropertyDescriptor(holder, key).value === object);
      if (name !== undefined) {
        return { [where]: name };
      }
    }
    throw new Error(`Python holds a JavaScript object a snapshot cannot keep: ${object}`);
  };
}

function pyodideApi(API, held) {
  return held.internal ? API[held.internal] : held.api ? API.public_api[held.api] : API.public_api;
}
