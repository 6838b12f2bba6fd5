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
// as it runs; the answer to "start" says which way it went. The first worker
// of a page gets the snapshot and the runtime (pyodide.asm.wasm) from the page,
// which fetched them from its first bytes (static/boot.js); any other worker
// asks for them as soon as it runs. Every other file is asked for at once too.
//
// Protocol: every message from the page is {id, kind, ...}; every reply
// carries the same id.
//   file   {name, stream}, {name, bytes} or {name, error} -> (no reply) the snapshot
//                                         ("snapshot") or the runtime ("wasm"), from the page (boot.js)
//   start  {}                          -> {id, answer: {ok, start, build, reason, stages}} once started
//                                         (from the snapshot unless the worker's name is "ordinary")
//   call   {message}                   -> {id, answer}: one bridge message, answered at once
//   search {message, priority, pauseMs} -> {id, progress} per slice, then {id, answer, done: true}
//   cancel {search}                    -> the search is dropped: {id: search, answer: null, done: true}
//   any other kind                     -> {id, answer: {ok: false, error}, done: true}
// A search repeats a bridge message that works in slices ("analyse", "daily")
// until the bridge says it is done. Calls always go first: a slice lasts
// about SLICE_MS, and after each one the worker returns to its event loop, so
// a move waits for at most the rest of one slice, never for a whole search;
// and for CALL_REST_MS after a call no slice starts.
// Of the searches, the one of highest priority runs; a search with pauseMs
// (background work) rests that long between its slices.

const PYODIDE_DIR = new URL("./pyodide/", import.meta.url).href;
const WASM_URL = `${PYODIDE_DIR}pyodide.asm.wasm`;
const SNAPSHOT_URL = new URL("./snapshot/solitaire.snapshot", import.meta.url).href;
// The standard library a restored engine still imports from (tools/make_snapshot.mjs): a few
// kB instead of Pyodide's 2.5 MB, which only the ordinary start loads.
const STDLIB_URL = new URL("./snapshot/stdlib.zip", import.meta.url).href;
const ZSTD_URL = new URL("./vendor/zstddec.wasm", import.meta.url).href; // the snapshot's decoder
const SLICE_MS = 4; // one slice of search; a call arriving meanwhile waits about this long at most
const SLICE_NODES = 1_000_000; // the bridge's limit; slices end on time, not on nodes
// After a call the searches wait this long: input comes in bursts (a card picked up and put
// down, a key held, clicks on the stock), and the next call of a burst then finds the worker free.
const CALL_REST_MS = 150;

/** When each stage of the start was reached: stage -> ms since the epoch (performance.timeOrigin
 *  plus now), so that the page can place them on its own clock (engine.js makes them marks). */
const stages = {};
const mark = (stage) => (stages[stage] ??= performance.timeOrigin + performance.now());
mark("worker started");

let bridge = null;
const searches = new Map(); // id -> {message, priority, pauseMs, order, restingUntil}
let searchOrder = 0;
let sliceScheduled = false;
let lastCall = -Infinity; // when the last call was answered (performance.now())
const wake = new MessageChannel(); // a task of its own after the calls already queued (setTimeout would clamp to 4 ms)
wake.port1.onmessage = runSlice;

// The start begins as soon as the worker runs, before the page asks for it. The page names a
// worker "ordinary" when it falls back to the ordinary start, and its first worker "snapshot,
// files from the page" (static/boot.js, PAGE_FILES_NAME), which then sends the two big files.
const fromPage = self.name === "snapshot, files from the page";
const pageFiles = { snapshot: deferred(), wasm: deferred() };
const starting = start(self.name !== "ordinary");

self.onmessage = async ({ data }) => {
  const { id, kind } = data ?? {};
  if (kind === "file") {
    if (data.error) pageFiles[data.name]?.reject(new Error(data.error));
    else pageFiles[data.name]?.resolve(data.stream ? counted(data.name, data.stream) : (tellDownload(data.name, data.bytes.length, true), data.bytes));
    if (data.bytes) mark(`${data.name} from the page`);
    pageFiles[data.name] = null; // its promise is held where it is used, and let go there
  } else if (kind === "start") {
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
  } else if (id !== undefined) {
    // Answered, so that nothing waits for ever on a message this worker does not know.
    post(id, { answer: { ok: false, error: `the engine's worker knows no message ${JSON.stringify(String(kind))}` }, done: true });
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
 *  Every file is asked for at once: the runtime, the lockfile, the loader and the module's script,
 *  the snapshot and its decoder (or, when the page sends the two big files, they are waited for). */
async function start(useSnapshot) {
  let reason = useSnapshot ? null : "asked to start without the snapshot";
  try {
    const wasm = useSnapshot && fromPage ? pageFiles.wasm.promise.then((body) => new Response(body, { headers: { "Content-Type": "application/wasm" } })) : fetch(WASM_URL);
    const wasmFailed = handOver(WASM_URL, wasm);
    const snapshotCode = useSnapshot ? import("./snapshot.js") : null;
    const file = useSnapshot ? snapshotFile() : null;
    file?.catch(() => {}); // its failure is reported where it is awaited
    const zstd = snapshotCode?.then((code) => code.zstdDecoder(fetch(ZSTD_URL)));
    zstd?.catch(() => {});
    // The module's factory, asked for now so that it loads while the snapshot does.
    const factory = useSnapshot ? import(`${PYODIDE_DIR}pyodide.asm.mjs`).then((module) => (mark("module script loaded"), module.default)) : null;
    factory?.catch(() => {});
    const [lockfile, { loadPyodide, version }] = await Promise.all([fetchJson(`${PYODIDE_DIR}pyodide-lock.json`), import(`${PYODIDE_DIR}pyodide.mjs`)]);
    mark("loader ready");
    const wheel = lockfile.packages?.solitaire?.sha256 ?? null;
    const options = { indexURL: PYODIDE_DIR, packageBaseUrl: PYODIDE_DIR, lockFileContents: lockfile };
    let pyodide;
    if (file) {
      const { readSnapshot, restoreOptions } = await snapshotCode;
      const snapshot = file.then((bytes) => readSnapshot(bytes, { pyodide: version, wheel }));
      snapshot.catch((error) => (reason = error.message));
      const restore = restoreOptions(snapshot, factory, zstd, mark);
      pyodide = await Promise.race([loadPyodide({ ...options, stdLibURL: STDLIB_URL, ...restore }), wasmFailed]);
      mark("pyodide loaded");
      // Everyone restores the same memory: give Python's random generator a fresh seed (random is
      // in the snapshot; a call, not Python source to compile).
      const random = pyodide.pyimport("random");
      random.seed();
      random.destroy();
    } else {
      pyodide = await Promise.race([loadPyodide(options), wasmFailed]);
      // A silent callback keeps the loader's progress lines out of the console.
      await pyodide.loadPackage("solitaire", { messageCallback: () => {} });
    }
    mark("python ready");
    for (const entry of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))) {
      const name = new URL(entry.name).pathname.split("/").pop();
      stages[`${name} requested`] = performance.timeOrigin + entry.startTime;
      stages[`${name} received`] = performance.timeOrigin + entry.responseEnd;
    }
    bridge = pyodide.pyimport("solitaire_bridge").Bridge();
    const check = handle({ type: "games" });
    if (!check.ok) throw new Error(`the bridge does not answer (${check.error})`);
    mark("bridge ready");
    return { ok: true, start: file ? "snapshot" : "ordinary", reason, build: wheel?.slice(0, 12) ?? null, stages };
  } catch (error) {
    bridge = null;
    return { ok: false, start: useSnapshot ? "snapshot" : "ordinary", reason: reason ?? String(error?.message ?? error) };
  }
}

/** The snapshot file's bytes: from the page, or fetched. */
async function snapshotFile() {
  let bytes;
  if (fromPage) {
    bytes = new Uint8Array(await new Response(await pageFiles.snapshot.promise).arrayBuffer());
  } else {
    const response = await fetch(SNAPSHOT_URL);
    if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  mark("snapshot received");
  return bytes;
}

/** Pyodide fetches its runtime itself, when loadPyodide() starts: it gets `response` (a promise),
 *  which this worker asked for (or the page sent) as soon as it ran. A promise that rejects with
 *  the runtime's failure, which Pyodide would only log, leaving its start waiting for ever. */
function handOver(url, response) {
  const fetchItself = self.fetch;
  self.fetch = (input, init) => {
    if (String(input) !== url) return fetchItself(input, init);
    self.fetch = fetchItself;
    return response;
  };
  return response.then(
    (got) => (got.ok ? new Promise(() => {}) : Promise.reject(new Error(`${url}: HTTP ${got.status}`))),
    (error) => Promise.reject(new Error(`the runtime did not come (${error.message})`)),
  );
}

/** A file's body from the page, which says how much of it has come as it passes (every 64 kB,
 *  and at its end: the page's loading bar, boot.js). */
function counted(name, stream) {
  let received = 0;
  let told = 0;
  return stream.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        received += chunk.length;
        if (received - told >= 65_536) tellDownload(name, (told = received), false);
        controller.enqueue(chunk);
      },
      flush: () => (mark(`${name} from the page`), tellDownload(name, received, true)),
    }),
  );
}

function tellDownload(name, received, done) {
  self.postMessage({ kind: "download", name, received, done });
}

/** A promise with its resolve and reject at hand. */
function deferred() {
  let resolve, reject;
  const promise = new Promise((yes, no) => ((resolve = yes), (reject = no)));
  promise.catch(() => {});
  return { promise, resolve, reject };
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
