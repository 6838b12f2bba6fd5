// solvers.js: the page of tools/bench_browser_solvers.py (solvers.html).
//
// Loads Pyodide and the game's package by name from the lockfile, as the game
// does (static/engine.js), then solver_work.py from this folder: it is written
// into Pyodide's file system and imported. The bench then calls
// window.benchCall(name, args), which runs solver_work.call() and resolves to
// its JSON answer; window.benchTimed(name, args) runs the searches in timed
// slices (below) here in JavaScript, timing each bridge message as the game's
// engine worker (static/engine-worker.js) would.
// When ready the page sets <html data-ready="true">; a failure sets
// data-ready="error" and data-error.

import { loadPyodide } from "../../static/pyodide/pyodide.mjs";

const PYODIDE_DIR = new URL("../../static/pyodide/", import.meta.url).href;
const WORK_DIR = "/bench";
const root = document.documentElement;

// As static/engine-worker.js slices a search (copied: the worker's script is not a module one can
// import alone): each slice ends on time, after about SLICE_MS; the node count only bounds it.
const SLICE_MS = 4;
const SLICE_NODES = 1_000_000;

/** One message through the bridge, as engine.js sends it (JSON both ways), and its wall time in ms. */
function timedSend(bridge, message) {
  const started = performance.now();
  const answer = JSON.parse(bridge.handle(JSON.stringify(message)));
  const ms = performance.now() - started;
  if (!answer.ok) throw new Error(`${message.type}: ${answer.error}`);
  return [answer, ms];
}

/** A fresh Bridge for `use`, freed afterwards (a PyProxy is not garbage-collected by JavaScript). */
function withBridge(Bridge, use) {
  const bridge = Bridge();
  try {
    return use(bridge);
  } finally {
    bridge.destroy();
  }
}

/** The live analysis as the engine's worker runs it: one Bridge (one page) for all the deals;
 *  per deal "new", then "analyse" slices while the analysis is searching, at most `messages`. */
function analyseTimed(Bridge, { game, options, deals, messages }) {
  return withBridge(Bridge, (bridge) => {
    const rows = [];
    for (const deal of deals) {
      let [answer] = timedSend(bridge, { type: "new", game, options, deal });
      for (let number = 0; number < messages && answer.analysis.status === "searching"; number++) {
        let ms;
        [answer, ms] = timedSend(bridge, { type: "analyse", nodes: SLICE_NODES, ms: SLICE_MS });
        rows.push({ deal, message: number, nodes: SLICE_NODES, ms, status: answer.analysis.status });
      }
    }
    return rows;
  });
}

/** One day's deal as findDaily and startGame get it: a fresh Bridge (a first visit: no candidate
 *  remembered), "daily" slices until found, then "new" with the daily. Back to back: the page
 *  also yields between slices, so `total_ms` is the compute time of its wait. */
function dailyTimed(Bridge, { game, options, date }) {
  return withBridge(Bridge, (bridge) => {
    const message = { type: "daily", game, options, date };
    const slices = [];
    let answer;
    const started = performance.now();
    do {
      let ms;
      [answer, ms] = timedSend(bridge, { ...message, nodes: SLICE_NODES, ms: SLICE_MS });
      slices.push({ nodes: SLICE_NODES, ms });
    } while (!answer.found);
    const [view, newMs] = timedSend(bridge, { type: "new", game, options, daily: date });
    const total = performance.now() - started;
    return { date, total_ms: total, slices, new_ms: newMs, tried: answer.tried, candidate: answer.candidate,
             deal: view.deal, status: view.analysis.status, difficulty: view.analysis.difficulty };
  });
}

async function main() {
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR });
  await pyodide.loadPackage("solitaire", { messageCallback: () => {} });
  const response = await fetch("solver_work.py");
  if (!response.ok) throw new Error(`solver_work.py: HTTP ${response.status}`);
  pyodide.FS.mkdirTree(WORK_DIR);
  pyodide.FS.writeFile(`${WORK_DIR}/solver_work.py`, await response.text());
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(WORK_DIR)})`);
  const work = pyodide.pyimport("solver_work");
  const Bridge = pyodide.pyimport("solitaire_bridge").Bridge;
  window.benchCall = (name, args) => JSON.parse(work.call(name, JSON.stringify(args)));
  window.benchTimed = (name, args) => ({ analyse: analyseTimed, daily: dailyTimed })[name](Bridge, args);
  document.getElementById("status").textContent = "Ready.";
  root.dataset.ready = "true";
}

main().catch((error) => {
  console.warn("bench page failed", error);
  root.dataset.error = String(error?.message ?? error);
  root.dataset.ready = "error";
});
