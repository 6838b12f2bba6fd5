// solvers.js: the page of tools/bench_browser_solvers.py (solvers.html).
//
// Loads Pyodide and the game's package by name from the lockfile, as the game
// does (static/engine.js), then solver_work.py from this folder: it is written
// into Pyodide's file system and imported. The bench then calls
// window.benchCall(name, args), which runs solver_work.call() on the main
// thread, as the game runs its solvers, and resolves to its JSON answer.
// When ready the page sets <html data-ready="true">; a failure sets
// data-ready="error" and data-error.

import { loadPyodide } from "../../static/pyodide/pyodide.mjs";

const PYODIDE_DIR = new URL("../../static/pyodide/", import.meta.url).href;
const WORK_DIR = "/bench";
const root = document.documentElement;

async function main() {
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR });
  await pyodide.loadPackage("solitaire", { messageCallback: () => {} });
  const response = await fetch("solver_work.py");
  if (!response.ok) throw new Error(`solver_work.py: HTTP ${response.status}`);
  pyodide.FS.mkdirTree(WORK_DIR);
  pyodide.FS.writeFile(`${WORK_DIR}/solver_work.py`, await response.text());
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(WORK_DIR)})`);
  const work = pyodide.pyimport("solver_work");
  window.benchCall = (name, args) => JSON.parse(work.call(name, JSON.stringify(args)));
  document.getElementById("status").textContent = "Ready.";
  root.dataset.ready = "true";
}

main().catch((error) => {
  console.warn("bench page failed", error);
  root.dataset.error = String(error?.message ?? error);
  root.dataset.ready = "error";
});
