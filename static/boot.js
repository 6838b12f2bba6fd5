// boot.js: the page's first script. index.html loads it before anything else (async, and it
// imports nothing, so it runs as soon as it has come): it starts the engine's worker at once, and
// fetches the engine's two big files, the memory snapshot and the WebAssembly runtime, which
// index.html has the browser preload from its first bytes. Each file's body streams on to the
// worker as it comes (the stream is transferred: its bytes never pass through this thread), so
// nothing is fetched twice, the worker never waits for a fetch it could have started earlier, and
// the runtime compiles while it downloads. The worker counts the bytes and says how many have come
// ({kind: "download", name, received}); the loading bar shows it from the first paint. app.js
// takes the worker from here (engine.js) and words the progress once it runs.
//
// The worker's name tells it that the page sends these files ({kind: "file", name, stream} or,
// where a stream cannot be transferred, {kind: "file", name, bytes}; {kind: "file", name, error}
// when it could not be fetched: static/engine-worker.js); a worker started any other way (the
// ordinary start, a spare engine) fetches them itself.

export const FILES = {
  snapshot: new URL("./snapshot/solitaire.snapshot", import.meta.url).href,
  wasm: new URL("./pyodide/pyodide.asm.wasm", import.meta.url).href,
};
export const PAGE_FILES_NAME = "snapshot, files from the page";

export const engineWorker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module", name: PAGE_FILES_NAME });
performance.mark("page: engine worker created");

/** What has come of the files: bytes received and expected per file (its size is known once its
 *  answer has begun; the share is given only once both are known, so that it never goes back). */
const download = { received: {}, expected: {}, done: new Set(), listeners: new Set() };

/** Call `listener({received, total, done})` now and whenever more of the engine has come; returns
 *  a function that stops it. */
export function watchDownload(listener) {
  download.listeners.add(listener);
  listener(progress());
  return () => download.listeners.delete(listener);
}

function progress() {
  const names = Object.keys(FILES);
  const sum = (counts) => names.reduce((total, name) => total + (counts[name] ?? 0), 0);
  const sized = names.every((name) => name in download.expected);
  return { received: sum(download.received), total: sized ? sum(download.expected) : 0, done: download.done.size === names.length };
}

function tell() {
  const now = progress();
  for (const listener of download.listeners) listener(now);
}

engineWorker.addEventListener("message", ({ data }) => {
  if (data?.kind !== "download") return;
  download.received[data.name] = data.received;
  if (data.done) download.done.add(data.name);
  tell();
});

// From the first paint, before the page's other scripts have come (a slow network): the loading
// bar shows how much of the engine has arrived (its first 80%; app.js words it once it runs).
watchDownload(({ received, total }) => {
  const bar = document.getElementById("progress-bar");
  if (!bar || !total) return;
  const percent = Math.round((80 * Math.min(received, total)) / total);
  bar.style.width = `${percent}%`;
  bar.parentElement.setAttribute("aria-valuenow", String(percent));
});

/** Fetch one file (the preload's response, when index.html preloaded it) and hand its body to
 *  the worker. Its size comes from Content-Length when the body is not encoded, else from the
 *  preload link's data-bytes (the file's own size, which index.html states and
 *  tests/test_browser_start.py checks). */
async function send(name) {
  const url = FILES[name];
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const length = response.headers.get("Content-Encoding") ? null : Number(response.headers.get("Content-Length"));
    const preload = /** @type {HTMLLinkElement | null} */ (document.querySelector(`link[rel=preload][href$="${new URL(url).pathname.split("/").pop()}"]`));
    const stated = Number(preload?.dataset.bytes);
    download.expected[name] = length || stated || 0;
    tell();
    try {
      engineWorker.postMessage({ kind: "file", name, stream: response.body }, [response.body]);
    } catch {
      // No transferable streams here: the bytes, once they have all come.
      const bytes = new Uint8Array(await response.arrayBuffer());
      engineWorker.postMessage({ kind: "file", name, bytes }, [bytes.buffer]);
    }
  } catch (error) {
    engineWorker.postMessage({ kind: "file", name, error: String(error?.message ?? error) });
  }
}

for (const name of Object.keys(FILES)) send(name);

/** On what looks like a first visit (no address, no options kept for any game: every game played
 *  keeps them), the build's list of the coming dailies (static/dailies.json): app.js draws today's
 *  from it before the engine is up. Asked for here, before the page's other scripts have come. */
export const firstVisitDailies = looksLikeAFirstVisit()
  ? fetch(new URL("./dailies.json", import.meta.url)).then((response) => (response.ok ? response.json() : null)).catch(() => null)
  : Promise.resolve(null);

function looksLikeAFirstVisit() {
  try {
    return !location.search && !Object.keys(localStorage).some((key) => key.startsWith("solitaire.options."));
  } catch {
    return false; // no storage: no first visit to speed up
  }
}
