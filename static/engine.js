// engine.js: the page's side of the engine. Python runs in a Web Worker
// (static/engine-worker.js, which tells the protocol); this module starts it
// and turns its replies into promises.
//
// Start: the worker starts from the build's memory snapshot; if it cannot (no
// snapshot, a damaged one, one made for another build, or Pyodide refusing
// it), a fresh worker starts the ordinary way. Either way the page learns
// which (`start`: "snapshot" or "ordinary", and the reason). static/boot.js,
// the page's first script, starts the first worker, so that Python starts
// while the rest of the page loads; startEngine() takes it from there.

import { t } from "./i18n.js";

const WORKER_URL = new URL("./engine-worker.js", import.meta.url);

/**
 * Start the engine, in `worker` (boot.js started it) or in a worker of its own. Resolves to
 * {call, search, build, start, reason}:
 * - call(message) -> Promise of the bridge's answer ({ok: true, ...view} or
 *   {ok: false, error}); calls are answered in the order they were made.
 * - search(message, {priority, pauseMs, onProgress}) -> {done, cancel}: the
 *   worker repeats a sliced bridge message ("analyse", "daily") until the
 *   bridge says it is done; onProgress(answer) after each slice; done
 *   resolves to the last answer, or null once cancelled.
 * - build names the game's wheel (the start of its hash in the lockfile),
 *   so that what the page remembers of one build's Python, such as which
 *   candidate was the daily deal, is not believed by another.
 * - start: "snapshot" or "ordinary"; reason: why not from the snapshot.
 */
export async function startEngine(worker = null) {
  const slot = { engine: null, stopped: false };
  const started = await startWorker(slot, "snapshot", worker);
  if (!started.ok) throw new Error(`the engine did not start: ${started.reason}`);
  const engine = slot.engine;
  markStages(started.stages);
  return {
    call: (message) => engine.call(message),
    search: (message, options) => engine.search(message, options),
    build: started.build,
    start: started.start,
    reason: started.reason,
  };
}

/**
 * A second engine for one long search (the deep analysis, searches.js), started the way the
 * first one was (`how`: "snapshot" or "ordinary"). Returned at once, so that stop() can end
 * it while it starts: {ready, call, search, stop}, where ready resolves once it answers, or
 * rejects when it cannot start (or was stopped first); call and search are startEngine's.
 * stop() ends its worker, and with it the memory the search took: a worker's WebAssembly
 * memory, once grown, never shrinks.
 */
export function startSpareEngine(how) {
  const slot = { engine: null, stopped: false };
  const ready = startWorker(slot, how).then((started) => {
    if (slot.stopped) throw new Error("stopped");
    if (!started.ok) throw new Error(`the spare engine did not start: ${started.reason}`);
  });
  return {
    ready,
    call: (message) => slot.engine.call(message),
    search: (message, options) => slot.engine.search(message, options),
    stop: () => {
      slot.stopped = true;
      slot.engine.stop();
    },
  };
}

/** The worker's stages of the start, as marks on the page's timeline ("engine: wasm
 *  instantiated", ...): the benchmark reads them (performance.getEntriesByType("mark")). */
function markStages(stages) {
  for (const [stage, time] of Object.entries(stages ?? {})) {
    performance.mark(`engine: ${stage}`, { startTime: Math.max(0, time - performance.timeOrigin) });
  }
}

/** Start a worker in `slot.engine` (set at once, so that it can be stopped meanwhile), from the
 *  snapshot when `how` says so, else, or when that fails, the ordinary way; the answer to
 *  "start". `worker`: one already started (boot.js), else a new one. A worker that did not
 *  start is stopped. */
async function startWorker(slot, how, worker = null) {
  slot.engine = new Engine(how, worker);
  let started = await slot.engine.start();
  if (!started.ok && how === "snapshot" && !slot.stopped) {
    console.warn("the engine's snapshot could not be used:", started.reason);
    slot.engine.stop();
    slot.engine = new Engine("ordinary");
    started = await slot.engine.start();
    if (started.ok) started.reason ??= "the snapshot was refused";
  }
  if (!started.ok) slot.engine.stop();
  return started;
}

/** One worker and the replies it owes; `name` "ordinary" starts it without the snapshot;
 *  `worker`: one already started, else a new one. */
class Engine {
  constructor(name, worker = null) {
    this.worker = worker ?? new Worker(WORKER_URL, { type: "module", name });
    this.nextId = 1;
    this.waiting = new Map(); // id -> {resolve, onProgress, search}
    this.dead = null; // why the worker died, once it has
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.fail(event.message ?? "the engine's worker failed");
  }

  start(snapshot) {
    return this.request({ kind: "start", snapshot, nav: performance.timeOrigin });
  }

  call(message) {
    return this.request({ kind: "call", message });
  }

  search(message, { priority = 0, pauseMs = 0, onProgress = null } = {}) {
    const id = this.nextId;
    const done = this.request({ kind: "search", message, priority, pauseMs }, onProgress);
    return { done, cancel: () => this.worker.postMessage({ id: this.nextId++, kind: "cancel", search: id }) };
  }

  request(data, onProgress = null) {
    const id = this.nextId++;
    // A dead worker answers nothing: a call fails at once, a search ends as if cancelled.
    if (this.dead) return Promise.resolve(data.kind === "search" ? null : this.failure());
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, onProgress, search: data.kind === "search" });
      this.worker.postMessage({ id, ...data });
    });
  }

  failure() {
    return { ok: false, error: t("notice.engine"), reason: this.dead };
  }

  receive(reply) {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    if ("progress" in reply) {
      waiting.onProgress?.(reply.progress);
      return;
    }
    this.waiting.delete(reply.id);
    const answer = reply.answer;
    waiting.resolve(answer?.engineFailed ? { ...answer, error: t("notice.engine") } : answer);
  }

  /** The worker died (out of memory, a crash): every open call gets a failure and every later
   *  one at once, searches end; the page stays, with the game as it was last saved. */
  fail(reason) {
    console.warn("engine failure:", reason);
    this.end(reason);
  }

  /** Nothing more comes from the worker: open calls fail, searches end as if cancelled. */
  end(reason) {
    this.dead = reason;
    for (const { resolve, search } of this.waiting.values()) resolve(search ? null : this.failure());
    this.waiting.clear();
  }

  stop() {
    this.worker.terminate();
    this.end("stopped");
  }
}
