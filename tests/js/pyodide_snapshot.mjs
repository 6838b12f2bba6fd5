// pyodide_snapshot.mjs: what tests/test_snapshot.py asks of the pinned Pyodide in Node.
//
//   node tests/js/pyodide_snapshot.mjs options PYODIDE_DIR
//       Pyodide's private snapshot options still do what the build relies on:
//       _makeSnapshot + makeMemorySnapshot() give the memory, and _loadSnapshot
//       restores it, with Python's state (a module imported, a global set) kept.
//   node tests/js/pyodide_snapshot.mjs built STATIC_DIR MESSAGE_JSON
//       The snapshot the build made starts the game: read and checked as the
//       worker does (static/snapshot.js), restored, then the bridge answers
//       MESSAGE_JSON; prints its answer.
//   node tests/js/pyodide_snapshot.mjs memory STATIC_DIR MOVES [NODES]
//       From the built snapshot, tests/history_memory.py plays MOVES moves with
//       NODES (10) nodes of the live analysis after each; prints how the WebAssembly memory grew
//       per move of history (it grows in steps and never shrinks).
//   node tests/js/pyodide_snapshot.mjs tour STATIC_DIR [full]
//       From the built snapshot, with the cut standard library (or with Pyodide's whole one:
//       "full"), the engine's tour (tests/engine_tour.py: every game, every bridge message,
//       every solver verdict); prints the tour's report and the modules Python imported after
//       the restore ("imported") or failed to import ("missing").
//   node tests/js/pyodide_snapshot.mjs solve STATIC_DIR GAME OPTIONS_JSON DEAL NODES
//       From the built snapshot, the game's solver searches the deal within NODES nodes;
//       prints the verdict, the seconds and how the WebAssembly memory grew (README's
//       figures for the page's analysis budgets).
//
// Prints one JSON line; exits 1 with the reason on stderr when something fails.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readSnapshot, restoreOptions, zstdDecoder } from "../../static/snapshot.js";

const [mode, dir, message, nodes] = process.argv.slice(2);

async function pyodideIn(pyodideDir) {
  const { loadPyodide, version } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const load = (options) => loadPyodide({ indexURL: `${resolve(pyodideDir)}/`, stdout: () => {}, ...options });
  return { load, version };
}

async function options() {
  const { load } = await pyodideIn(dir);
  const maker = await load({ _makeSnapshot: true });
  maker.runPython("import colorsys\nmarker = 'kept'");
  if (typeof maker.makeMemorySnapshot !== "function") throw new Error("makeMemorySnapshot() is gone");
  const snapshot = maker.makeMemorySnapshot();
  if (!(snapshot instanceof Uint8Array) || snapshot.length < 1e6) throw new Error(`makeMemorySnapshot() gave ${snapshot?.constructor?.name}`);
  const restored = await load({ _loadSnapshot: snapshot });
  const kept = restored.runPython("import sys\n[marker, 'colorsys' in sys.modules]").toJs();
  return { bytes: snapshot.length, marker: kept[0], imported: kept[1] };
}

/** Pyodide restored from the built snapshot as the worker restores it, with the cut standard
 *  library (or, `full`, Pyodide's whole one). */
async function restored(full = false) {
  const pyodideDir = resolve(dir, "pyodide");
  const { load, version } = await pyodideIn(pyodideDir);
  const lockfile = JSON.parse(readFileSync(resolve(pyodideDir, "pyodide-lock.json"), "utf8"));
  const zstd = zstdDecoder(readFileSync(resolve(dir, "vendor/zstddec.wasm")));
  const file = new Uint8Array(readFileSync(resolve(dir, "snapshot/solitaire.snapshot")));
  const snapshot = readSnapshot(file, { pyodide: version, wheel: lockfile.packages.solitaire.sha256 });
  const factory = import(pathToFileURL(resolve(pyodideDir, "pyodide.asm.mjs")).href).then((module) => module.default);
  const stdLibURL = full ? resolve(pyodideDir, "python_stdlib.zip") : resolve(dir, "snapshot/stdlib.zip");
  return load({ stdLibURL, ...restoreOptions(snapshot, factory, zstd) });
}

async function built() {
  const pyodide = await restored();
  const bridge = pyodide.pyimport("solitaire_bridge").Bridge();
  return JSON.parse(bridge.handle(message));
}

async function memory() {
  const pyodide = await restored();
  const source = readFileSync(new URL("../history_memory.py", import.meta.url), "utf8");
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(source, { globals: namespace });
  const wasmBytes = () => pyodide._module.HEAPU8.length;
  const start = wasmBytes();
  const result = namespace.get("long_session")("klondike", null, Number(message), 1, wasmBytes, Number(nodes ?? 10)).toJs({ dict_converter: Object.fromEntries });
  return { ...result, startBytes: start, endBytes: wasmBytes() };
}

async function tour() {
  const pyodide = await restored(message === "full");
  const namespace = pyodide.globals.get("dict")();
  namespace.set("source", readFileSync(new URL("../engine_tour.py", import.meta.url), "utf8"));
  const report = pyodide.runPython(
    `import importlib.abc, sys, types
class Recorder(importlib.abc.MetaPathFinder):
    """Notes every import Python looks for, and finds nothing itself."""
    asked = []
    def find_spec(self, name, path, target=None):
        self.asked.append(name)
sys.meta_path.insert(0, Recorder())
before = set(sys.modules)
tour_module = types.ModuleType("engine_tour")
exec(compile(source, "engine_tour.py", "exec"), tour_module.__dict__)
report = tour_module.tour()
report["imported"] = sorted(set(sys.modules) - before)
report["missing"] = sorted(set(Recorder.asked) - set(sys.modules))
report["kinds_all"] = sorted(tour_module.every_kind())
import json
json.dumps(report)`,
    { globals: namespace },
  );
  return JSON.parse(report);
}

async function solve() {
  const [game, optionsJson, deal, budget] = process.argv.slice(4);
  const pyodide = await restored();
  const wasmBytes = () => pyodide._module.HEAPU8.length;
  const startBytes = wasmBytes();
  const started = performance.now();
  const namespace = pyodide.globals.get("dict")();
  namespace.set("game", game);
  namespace.set("options", optionsJson);
  namespace.set("deal", Number(deal));
  namespace.set("budget", Number(budget));
  const verdict = pyodide.runPython(
    `import json
from solitaire.registry import make_rules
from solitaire.solver import solver_for
rules = make_rules(game, json.loads(options))
verdict = solver_for(rules).solve(rules.deal(deal), budget)
[verdict.status, verdict.nodes]`,
    { globals: namespace },
  ).toJs();
  return { game, options: JSON.parse(optionsJson), deal: Number(deal), budget: Number(budget), status: verdict[0], nodes: verdict[1], seconds: (performance.now() - started) / 1000, startBytes, endBytes: wasmBytes() };
}

try {
  const modes = { options, built, memory, tour, solve };
  const result = Object.hasOwn(modes, mode) ? await modes[mode]() : null;
  if (result === null) throw new Error(`unknown mode ${mode}`);
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(`pyodide_snapshot: ${error?.stack ?? error}`);
  process.exit(1);
}
