// engine-worker.js: the engine's Web Worker. Pyodide and the bridge live here,
// so no Python ever runs on the page's main thread (static/engine.js is the
// other side of the protocol).
//
// Start: from the memory snapshot the build makes (tools/make_snapshot.mjs):
// Pyodide's memory with the game's modules already imported, so start-up is
// a restore instead of a boot plus imports. The snapshot file carries the
// Pyodide version and the sha256 of the game's wheel it was made with; it is
// used only when both match what this site serves (static/snapshot.js reads
// and checks it), else, or if anything fails, the page starts a fresh worker,
// named "ordinary", which starts the ordinary way: boot Pyodide, load the
// wheel by name from the lockfile, import the bridge. Either starts as soon
// as it runs; the answer to "start" says which way it went.
//
// Protocol: every message from the page is {id, kind, ...}; every reply
// carries the same id.
//   start  {}                          -> {id, answer: {ok, start, build, reason}} once started
//                                         (from the snapshot unless the worker's name is "ordinary")
//   call   {message}                   -> {id, answer}: one bridge message, answered at once
//   search {message, priority, pauseMs} -> {id, progress} per slice, then {id, answer, done: true}
//   cancel {search}                    -> the search is dropped: {id: search, answer: null, done: true}
// A search repeats a bridge message that works in slices ("analyse", "daily")
// until the bridge says it is done. Calls always go first: a slice lasts
// about SLICE_MS, and after each one the worker returns to its event loop, so
// a move waits for at most the rest of one slice, never for a whole search;
// and for CALL_REST_MS after a call no slice starts.
// Of the searches, the one of highest priority runs; a search with pauseMs
// (background work) rests that long between its slices.

import { fetchSnapshot, unpackSnapshot } from "./snapshot.js";

const PYODIDE_DIR = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./snapshot/solitaire.snapshot", import.meta.url).href;
const SLICE_MS = 4; // one slice of search; a call arriving meanwhile waits about this long at most
const SLICE_NODES = 1_000_000; // the bridge's limit; slices end on time, not on nodes
// After a call the searches wait this long: input comes in bursts (a card picked up and put
// down, a key held, clicks on the stock), and the next call of a burst then finds the worker free.
const CALL_REST_MS = 150;

let bridge = null;
const searches = new Map(); // id -> {message, priority, pauseMs, order, restingUntil}
let searchOrder = 0;
let sliceScheduled = false;
let lastCall = -Infinity; // when the last call was answered (performance.now())
const wake = new MessageChannel(); // a task of its own after the calls already queued (setTimeout would clamp to 4 ms)
wake.port1.onmessage = runSlice;

// The start begins as soon as the worker runs, before the page asks for it. The page names a
// worker "ordinary" when it falls back to the ordinary start.
const starting = start(self.name !== "ordinary");

self.onmessage = async ({ data }) => {
  const { id, kind } = data;
  if (kind === "start") {
    post(id, { answer: await starting });
  } else if (kind === "call") {
    post(id, { answer: handle(data.message) });
    lastCall = performance.now();
  } else if (kind === "search") {
    searches.set(id, {
      message: data.message,
      priority: data.priority ?? 0,
      pauseMs: data.pauseMs ?? 0,
      order: searchOrder++,
      restingUntil: 0,
      said: null, // the last progress posted: a slice that changed nothing is not posted
    });
    scheduleSlice();
  } else if (kind === "cancel") {
    if (searches.delete(data.search)) post(data.search, { answer: null, done: true });
  }
};

function post(id, reply) {
  self.postMessage({ id, ...reply });
}

/** One bridge message, as an object in and out; a failure of Python itself is an answer too
 *  (engineFailed: the page says so in its language). */
function handle(message) {
  if (!bridge) return { ok: false, error: null, engineFailed: true };
  try {
    return JSON.parse(bridge.handle(JSON.stringify(message)));
  } catch (error) {
    // The bridge never raises; reaching here means Python itself failed.
    console.warn("engine failure", error);
    return { ok: false, error: null, engineFailed: true };
  }
}

// -- searches in slices ----------------------------------------------------------------

function scheduleSlice(delay = 0) {
  if (sliceScheduled) return;
  sliceScheduled = true;
  if (delay > 0) setTimeout(() => wake.port2.postMessage(null), delay);
  else wake.port2.postMessage(null);
}

/** The search to give the next slice: highest priority, then oldest, among those not resting. */
function nextSearch(now) {
  let best = null;
  for (const [id, search] of searches) {
    if (search.restingUntil > now) continue;
    if (!best || search.priority > best[1].priority || (search.priority === best[1].priority && search.order < best[1].order)) best = [id, search];
  }
  return best;
}

function runSlice() {
  sliceScheduled = false;
  const now = performance.now();
  if (now - lastCall < CALL_REST_MS) {
    scheduleSlice(CALL_REST_MS - (now - lastCall));
    return;
  }
  const next = nextSearch(now);
  if (!next) {
    const waking = Math.min(...[...searches.values()].map((search) => search.restingUntil));
    if (Number.isFinite(waking)) scheduleSlice(waking - now);
    return;
  }
  const [id, search] = next;
  const answer = handle({ ...search.message, nodes: SLICE_NODES, ms: SLICE_MS });
  if (!answer.ok || answer.done) {
    searches.delete(id);
    post(id, { answer, done: true });
  } else {
    const text = JSON.stringify(answer);
    if (text !== search.said) post(id, { progress: answer });
    search.said = text;
    if (search.pauseMs) search.restingUntil = performance.now() + search.pauseMs;
  }
  if (searches.size) scheduleSlice();
}

// -- start-up ------------------------------------------------------------------------

/** Start Python: from the snapshot when asked and when it fits this site, else the ordinary way.
 *  Every file is asked for at once: the lockfile, the loader, the snapshot, and (as soon as
 *  loadPyodide() is called, with the snapshot still on its way) the runtime and standard library. */
async function start(useSnapshot) {
  let reason = useSnapshot ? null : "asked to start without the snapshot";
  try {
    const file = useSnapshot ? fetchSnapshot(SNAPSHOT_URL) : null;
    file?.catch(() => {}); // its failure is reported where it is awaited
    const [lockfile, { loadPyodide, version }] = await Promise.all([fetchJson(`${PYODIDE_DIR}pyodide-lock.json`), import(`${PYODIDE_DIR}pyodide.mjs`)]);
    const wheel = lockfile.packages?.solitaire?.sha256 ?? null;
    const options = { indexURL: PYODIDE_DIR, packageBaseUrl: PYODIDE_DIR, lockFileContents: lockfile };
    let pyodide;
    if (file) {
      const snapshot = file.then((bytes) => unpackSnapshot(bytes, { pyodide: version, wheel }));
      snapshot.catch((error) => (reason = error.message));
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      // Everyone restores the same memory: give Python's random generators fresh seeds.
      pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
    } else {
      pyodide = await loadPyodide(options);
      // A silent callback keeps the loader's progress lines out of the console.
      await pyodide.loadPackage("solitaire", { messageCallback: () => {} });
    }
    bridge = pyodide.pyimport("solitaire_bridge").Bridge();
    const check = handle({ type: "games" });
    if (!check.ok) throw new Error(`the bridge does not answer (${check.error})`);
    return { ok: true, start: file ? "snapshot" : "ordinary", reason, build: wheel?.slice(0, 12) ?? null };
  } catch (error) {
    bridge = null;
    return { ok: false, start: useSnapshot ? "snapshot" : "ordinary", reason: reason ?? String(error?.message ?? error) };
  }
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
