// make_snapshot.mjs: the engine's memory snapshot, made in Node by ./build.sh.
//
//   node tools/make_snapshot.mjs SITE_STATIC_DIR OUTPUT
//
// Boots the pinned Pyodide from SITE_STATIC_DIR/pyodide/ (the files the site
// serves), unpacks the game's wheel that the lockfile there registers,
// imports the bridge and every module of the game (the file system is not in
// a snapshot: a module not imported now could not be imported after a
// restore), and writes Pyodide's memory in the format of static/snapshot.js,
// gzip-compressed, to OUTPUT.
//
// Reproducible: the same runtime and wheel give the same bytes. Python takes
// random bytes at start-up (hash secret, random's seed) and reads the clock,
// so while the snapshot is made, Node's random source is a fixed generator,
// the clock a counter, and argv[1] a fixed name (it becomes sys.executable's
// neighbour in memory). The worker reseeds Python's random module after a
// restore, so players do not share its sequence.
//
// Pyodide's snapshot options (_makeSnapshot, makeMemorySnapshot, _loadSnapshot)
// are private: tests/test_snapshot.py fails when they stop working with the
// pinned version.

import nodeCrypto from "node:crypto";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { packSnapshot } from "../static/snapshot.js";

const [staticDir, output] = process.argv.slice(2);
if (!staticDir || !output) {
  console.error("usage: node tools/make_snapshot.mjs SITE_STATIC_DIR OUTPUT");
  process.exit(2);
}
const pyodideDir = resolve(staticDir, "pyodide");

makeDeterministic();
const { loadPyodide, version } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const lockfile = JSON.parse(readFileSync(resolve(pyodideDir, "pyodide-lock.json"), "utf8"));
const entry = lockfile.packages.solitaire;
const wheel = readFileSync(resolve(pyodideDir, entry.file_name));
const wheelHash = nodeCrypto.createHash("sha256").update(wheel).digest("hex");
if (wheelHash !== entry.sha256) fail(`${entry.file_name}: sha256 differs from the lockfile`);

const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.error(line) });
// Node's Buffer is not a typed array Pyodide knows: hand it a plain Uint8Array.
pyodide.unpackArchive(new Uint8Array(wheel), "wheel");
pyodide.runPython(`
import importlib, pkgutil
import solitaire, solitaire_bridge
for module in pkgutil.walk_packages(solitaire.__path__, "solitaire."):
    if module.name != "solitaire.__main__":  # the command line: runs on import
        importlib.import_module(module.name)
`);
const memory = pyodide.makeMemorySnapshot();
const file = packSnapshot(memory, { pyodide: version, wheel: wheelHash });
mkdirSync(dirname(output), { recursive: true });
const compressed = gzipSync(file, { level: 9 });
writeFileSync(output, compressed);
console.log(`    ${output}: Pyodide ${version}, wheel ${wheelHash.slice(0, 12)}..., memory ${mb(memory.length)} MB, ` +
  `${mb(file.length)} MB without its zero pages, ${mb(compressed.length)} MB gzipped`);

function makeDeterministic() {
  let state = 0x2545f4914f6cdd1dn; // a fixed seed: the same bytes every build
  nodeCrypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      bytes[i] = Number(state >> 56n);
    }
    return view;
  };
  let ticks = 0;
  performance.now = () => ++ticks;
  Date.now = () => 315532800000 + ticks; // 1980-01-01, as the wheel's own timestamps
  process.argv[1] = "make_snapshot";
}

function mb(bytes) {
  return (bytes / 1e6).toFixed(1);
}

function fail(message) {
  console.error(`make_snapshot: ${message}`);
  process.exit(1);
}
