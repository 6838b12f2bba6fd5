// load.js: the reference pages of tools/bench.py (bare.html, lockfile.html,
// micropip.html). Each page names its route in <html data-route>:
//
//   bare      loadPyodide() from the same files as the game, nothing else
//   lockfile  + pyodide.loadPackage("solitaire"), the game's route (static/engine.js)
//   micropip  + loadPackage("micropip") and micropip.install("solitaire")
//
// The two package routes then import solitaire_bridge and make a Bridge(),
// as the game does. When done the page sets <html data-ready="true"> (the
// game's own ready flag) and leaves the times of its stages, in ms since
// navigation start, in window.benchStages. A failure sets data-ready="error"
// and data-error.

import { loadPyodide } from "../../static/pyodide/pyodide.mjs";

const PYODIDE_DIR = new URL("../../static/pyodide/", import.meta.url).href;
const root = document.documentElement;
const stages = {};
window.benchStages = stages;

const quiet = { messageCallback: () => {} };

async function loadPackageByName(pyodide) {
  await pyodide.loadPackage("solitaire", quiet);
}

async function installWithMicropip(pyodide) {
  await pyodide.loadPackage("micropip", quiet);
  stages.micropip = performance.now();
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install("solitaire");
  } finally {
    micropip.destroy();
  }
}

const ROUTES = { bare: null, lockfile: loadPackageByName, micropip: installWithMicropip };

async function main() {
  const route = root.dataset.route;
  if (!(route in ROUTES)) throw new Error(`unknown route ${route}`);
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR });
  stages.pyodide = performance.now();
  const install = ROUTES[route];
  if (install) {
    await install(pyodide);
    stages.package = performance.now();
    const bridgeModule = pyodide.pyimport("solitaire_bridge");
    bridgeModule.Bridge().destroy();
    bridgeModule.destroy();
    stages.bridge = performance.now();
  }
  document.getElementById("status").textContent = `Ready (${route}).`;
  root.dataset.ready = "true";
}

main().catch((error) => {
  console.warn("bench page failed", error);
  root.dataset.error = String(error?.message ?? error);
  root.dataset.ready = "error";
});
