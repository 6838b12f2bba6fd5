// engine.js: loads Pyodide and the game's Python package, and talks to the bridge.
//
// Everything comes from this site's own origin: the runtime from
// static/pyodide/, the game's wheel from static/wheels/ through the
// lockfile. The game is loaded by name from the lockfile rather than
// through micropip: it skips loading micropip (see README, "Loading").

const PYODIDE_DIR = new URL("./pyodide/", import.meta.url).href;

import { t } from "./i18n.js";

/**
 * Load Python and the game; calls onStage(textKey, fraction) as it goes.
 * Resolves to {send, build}: send(message) -> answer turns a message object
 * into the bridge's JSON answer ({ok: true, ...view} or {ok: false, error});
 * build names the game's wheel (the start of its hash in the lockfile, null
 * if unknown), so that what the page remembers of one build's Python, such
 * as which candidate was the daily deal, is not believed by another.
 */
export async function startEngine(onStage) {
  onStage("loading.python", 0.1);
  const { loadPyodide } = await import(`${PYODIDE_DIR}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR });
  onStage("loading.rules", 0.8);
  // A silent callback keeps the loader's progress lines out of the console.
  await pyodide.loadPackage("solitaire", { messageCallback: () => {} });
  const bridge = pyodide.pyimport("solitaire_bridge").Bridge();
  onStage("loading.dealing", 0.95);
  const build = pyodide.lockfile?.packages?.solitaire?.sha256?.slice(0, 12) ?? null;
  return { send, build };

  function send(message) {
    try {
      return JSON.parse(bridge.handle(JSON.stringify(message)));
    } catch (error) {
      // The bridge never raises; reaching here means Python itself failed.
      console.warn("engine failure", error);
      return { ok: false, error: t("notice.engine") };
    }
  }
}
