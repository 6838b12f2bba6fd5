// make_snapshot.mjs: the engine's memory snapshot and its cut standard library, made in Node by
// ./build.sh.
//
//   node tools/make_snapshot.mjs SITE_STATIC_DIR OUTPUT
//
// Boots the pinned Pyodide from SITE_STATIC_DIR/pyodide/ (the files the site serves), unpacks the
// game's wheel that the lockfile there registers, imports the bridge and every module of the
// game (the file system is not in a snapshot: a module not imported now could not be imported
// after a restore), makes the memory lean, and writes it in the format of static/snapshot.js,
// Zstandard-compressed, to OUTPUT; beside it, stdlib.zip: the standard library a restored engine
// still imports from (see STDLIB_KEPT).
//
// Lean: what a restore does not need is left out of the memory before it is taken:
// - docstrings (nothing in the worker reads them; 0.8 MB of strings);
// - the line tables of code outside the game (Pyodide's and the standard library's): a traceback
//   there names the function's first line; the game's own code keeps its line numbers;
// - the contents of freed memory: every free block of the allocator is zeroed (it held the
//   garbage of the imports);
// - the standard library's zip index, which names the whole library (the cut one replaces it).
// Then pages equal to what a freshly instantiated module holds (the wasm's own data) are not
// stored (static/snapshot.js): the memory is restored once here, to see that instantiated memory,
// and once more from the file made, the way the worker restores it, as a check.
//
// Reproducible: the same runtime and wheel give the same bytes. Python takes random bytes at
// start-up (hash secret, random's seed) and reads the clock, so while the snapshot is made,
// Node's random source is a fixed generator, the clock a counter, and argv[1] a fixed name (it
// becomes sys.executable's neighbour in memory). The worker reseeds Python's random module after
// a restore, so players do not share its sequence.
//
// Pyodide's snapshot options (_makeSnapshot, makeMemorySnapshot, _loadSnapshot, and the
// createPyodideModule hook the restore uses) are private: tests/test_snapshot.py fails when
// they stop working with the pinned version.

import nodeCrypto from "node:crypto";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { packSnapshot, readSnapshot, restoreOptions, watchInstantiation, zstdDecoder } from "../static/snapshot.js";

const [staticDir, output] = process.argv.slice(2);
if (!staticDir || !output) {
  console.error("usage: node tools/make_snapshot.mjs SITE_STATIC_DIR OUTPUT");
  process.exit(2);
}
const pyodideDir = resolve(staticDir, "pyodide");
const stdlibOutput = resolve(dirname(output), "stdlib.zip");

// The modules of the standard library that a restored engine imports (not imported before the
// snapshot): tests/test_snapshot.py runs the engine's tour (tests/engine_tour.py) from the built
// snapshot and fails, naming them, when a module it imports is not in the cut library.
const STDLIB_KEPT = [];

// Strip docstrings, flatten the line tables of code outside the game, forget the zip index.
const LEAN = `
import gc, importlib, inspect, sys, types, zipimport

def flat_lines(code):
    """A line table that puts every instruction on the function's first line."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        count = min(units, 8)
        units -= count
        table += bytes((0x80 | (13 << 3) | (count - 1), 0))  # 13: one line, no columns; line delta 0
    return bytes(table)

def lean(code, ours):
    consts = tuple(lean(const, ours) if isinstance(const, types.CodeType) else const for const in code.co_consts)
    if code.co_flags & inspect.CO_HAS_DOCSTRING and consts and isinstance(consts[0], str):
        consts = (None,) + consts[1:]
    changes = {"co_consts": consts}
    if not ours:
        changes["co_linetable"] = flat_lines(code)
    return code.replace(**changes)

def is_ours(code):
    return "/site-packages/solitaire" in code.co_filename

for thing in gc.get_objects():
    if isinstance(thing, types.FunctionType):
        thing.__code__ = lean(thing.__code__, is_ours(thing.__code__))
        thing.__doc__ = None
    elif isinstance(thing, type) and isinstance(thing.__dict__.get("__doc__"), str):
        try:
            thing.__doc__ = None
        except (TypeError, AttributeError):  # a built-in type
            pass
    elif isinstance(thing, types.ModuleType):
        thing.__doc__ = None
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
importlib.invalidate_caches()
del thing
gc.collect()
`;

// The random source and the clock while the snapshot is made (see above).
let state = 0x2545f4914f6cdd1dn; // a fixed seed: the same bytes every build
let ticks = 0;
makeDeterministic();
const { loadPyodide, version } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const createModule = import(pathToFileURL(resolve(pyodideDir, "pyodide.asm.mjs")).href).then((module) => module.default);
const lockfile = JSON.parse(readFileSync(resolve(pyodideDir, "pyodide-lock.json"), "utf8"));
const entry = lockfile.packages.solitaire;
const wheel = readFileSync(resolve(pyodideDir, entry.file_name));
const wheelHash = nodeCrypto.createHash("sha256").update(wheel).digest("hex");
if (wheelHash !== entry.sha256) fail(`${entry.file_name}: sha256 differs from the lockfile`);
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true, ...quiet });
// Node's Buffer is not a typed array Pyodide knows: hand it a plain Uint8Array.
pyodide.unpackArchive(new Uint8Array(wheel), "wheel");
pyodide.runPython(`
import importlib, pkgutil
import solitaire, solitaire_bridge
for module in pkgutil.walk_packages(solitaire.__path__, "solitaire."):
    # Not the command line (it runs on import) nor the rule pages (the build writes them
    # for the page, static/rule-pages.js; the engine never reads them).
    if module.name not in ("solitaire.__main__", "solitaire.rule_pages"):
        importlib.import_module(module.name)
`);
const stdlib = cutStdlib(pyodide, STDLIB_KEPT);
mkdirSync(dirname(output), { recursive: true });
writeFileSync(stdlibOutput, stdlib); // the restores below mount it, as the worker does
pyodide.runPython(LEAN);
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();

const file = packSnapshot(snapshot, await instantiatedMemory(snapshot), { pyodide: version, wheel: wheelHash }, (pages) => zstd(pyodide, pages));
await check(file);
writeFileSync(output, file);
const read = readSnapshot(file, { pyodide: version, wheel: wheelHash });
console.log(
  `    ${output}: Pyodide ${version}, wheel ${wheelHash.slice(0, 12)}..., memory ${mb(read.size)} MB, ` +
    `${mb(read.stored)} MB of pages stored, ${mb(file.length)} MB compressed; ` +
    `stdlib.zip: ${STDLIB_KEPT.length} modules, ${(stdlib.length / 1e3).toFixed(1)} kB`,
);

/** The cut standard library: a zip of the modules in `kept`, taken from Pyodide's own (same
 *  entries, same dates, so the same bytes every build). */
function cutStdlib(python, kept) {
  python.globals.set("kept", python.toPy(kept));
  const bytes = python
    .runPython(
      `
import io, sys, zipfile
source = zipfile.ZipFile(next(path for path in sys.path if path.endswith(".zip")))
names = set(source.namelist())
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as cut:
    for module in kept:
        path = module.replace(".", "/")
        name = path + ".py" if path + ".py" in names else path + "/__init__.py"
        if name not in names:
            raise LookupError(f"{module} is not in the standard library")
        cut.writestr(source.getinfo(name), source.read(name))
out.getvalue()
`,
    )
    .toJs();
  python.globals.delete("kept");
  return bytes;
}


/** Zero the contents of every free block of the allocator (dlmalloc): allocate blocks while they
 *  fit in the memory the heap has, largest first, fill them with zeros, and free them all. The
 *  allocator keeps only its few words of bookkeeping in them. */
function zeroFreeMemory(module) {
  const heapEnd = () => module._sbrk(0) >>> 0;
  const limit = heapEnd();
  const memory = module.HEAPU8.length;
  const blocks = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const before = heapEnd();
      const block = module._malloc(size) >>> 0;
      if (!block) break;
      if (heapEnd() !== before || block + size > limit) {
        module._free(block); // it grew the heap: no free block of this size is left
        break;
      }
      module.HEAPU8.fill(0, block, block + size);
      blocks.push(block);
    }
  }
  for (const block of blocks) module._free(block);
  if (module.HEAPU8.length !== memory) fail("zeroing the free memory grew the memory");
}

/** The memory of the module freshly instantiated, as a restore sees it (the snapshot restored
 *  once, watched). */
async function instantiatedMemory(memory) {
  let instantiated = null;
  const watched = async (settings) => {
    watchInstantiation(settings, (seen) => (instantiated = seen.slice(0, memory.length - new Uint32Array(memory.buffer, memory.byteOffset, 4)[1])));
    return (await createModule)(settings);
  };
  await loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: stdlibOutput, _loadSnapshot: memory, createPyodideModule: watched, ...quiet });
  return instantiated;
}

/** Restore the file made as the worker does, and ask the bridge something. */
async function check(made) {
  const read = readSnapshot(made, { pyodide: version, wheel: wheelHash });
  const decoder = zstdDecoder(readFileSync(resolve(staticDir, "vendor", "zstddec.wasm")));
  const restored = await loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: stdlibOutput, ...restoreOptions(read, createModule, decoder), ...quiet });
  const answer = JSON.parse(restored.pyimport("solitaire_bridge").Bridge().handle(JSON.stringify({ type: "new", game: "klondike", deal: 1 })));
  if (!answer.ok) fail(`the restored snapshot does not answer: ${JSON.stringify(answer)}`);
}

/** `bytes` compressed with Zstandard (level 19, a window of 4 MB: the decoder needs that much
 *  memory, and a window of 16 MB saves only 0.8%), by Python's own compression.zstd in the
 *  Pyodide at hand (no other tool, and the same bytes every build). */
function zstd(python, bytes) {
  python.globals.set("data", python.toPy(bytes));
  const compressed = python
    .runPython(
      `
from compression import zstd
parameter = zstd.CompressionParameter
zstd.compress(bytes(data), options={parameter.compression_level: 19, parameter.window_log: 22, parameter.checksum_flag: 1})
`,
    )
    .toJs();
  python.globals.delete("data");
  return compressed;
}

function makeDeterministic() {
  nodeCrypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      bytes[i] = Number(state >> 56n);
    }
    return view;
  };
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
