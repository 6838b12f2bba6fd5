// boot.js: the page's first script. index.html loads it before anything else (async, and it
// imports nothing, so it runs as soon as it has come): it starts the engine's worker at once, and
// fetches the engine's two big files, the memory snapshot and the WebAssembly runtime, which
// index.html has the browser preload from its first bytes. Each file streams on to the worker as
// it comes (the stream is transferred, not copied), so nothing is fetched twice, the worker never
// waits for a fetch it could have started earlier, and the runtime compiles while it downloads. app.js takes the worker from here (engine.js), and
// shows the download's progress on a first visit.
//
// The worker's name tells it that the page sends these files ({kind: "file", name, stream},
// {kind: "file", name, bytes} or {kind: "file", name, error}: static/engine-worker.js); a worker
// started any other way (the ordinary start, a spare engine) fetches them itself.

export const FILES = {
  snapshot: new URL("./snapshot/solitaire.snapshot", import.meta.url).href,
  wasm: new URL("./pyodide/pyodide.asm.wasm", import.meta.url).href,
  
};
export const PAGE_FILES_NAME = "snapshot, files from the page";

export const engineWorker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module", name: PAGE_FILES_NAME });

/** What has come of the files: bytes received, and expected (0 until the size of each is known,
 *  so that the share never goes back), and when all have come. */
const download = { received: 0, expected: 0, sized: 0, done: false, listeners: new Set() };

/** Call `listener({received, total, done})` now and whenever more of the engine has come; returns
 *  a function that stops it. */
export function watchDownload(listener) {
  download.listeners.add(listener);
  listener(snapshotOf(download));
  return () => download.listeners.delete(listener);
}

const snapshotOf = ({ received, expected, sized, done }) => ({ received, total: sized === Object.keys(FILES).length ? expected : 0, done });

function tell() {
  for (const listener of download.listeners) listener(snapshotOf(download));
}

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
 *  the worker as it comes, as a stream (transferred: its bytes never pass through this thread's
 *  memory whole), counting its bytes on the way; where a stream cannot be transferred, its
 *  bytes once they have all come. The size expected comes from Content-Length when the body is
 *  not encoded, else from the preload link's data-bytes (the file's own size, which index.html
 *  states and tests/test_browser_start.py checks). Resolves once the file has come. */
async function send(name) {
  const url = FILES[name];
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const length = response.headers.get("Content-Encoding") ? null : Number(response.headers.get("Content-Length"));
    const stated = Number(document.querySelector(`link[rel=preload][href$="${new URL(url).pathname.split("/").pop()}"]`)?.dataset.bytes);
    download.expected += length || stated || 0;
    download.sized += 1;
    let finished;
    const done = new Promise((resolve) => (finished = resolve));
    const counted = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          download.received += chunk.length;
          tell();
          controller.enqueue(chunk);
        },
        flush: () => finished(),
      }),
    );
    try {
      engineWorker.postMessage({ kind: "file", name, stream: counted }, [counted]);
    } catch {
      // No transferable streams here: the bytes, once they have all come.
      const bytes = new Uint8Array(await new Response(counted).arrayBuffer());
      engineWorker.postMessage({ kind: "file", name, bytes }, [bytes.buffer]);
    }
    await done;
  } catch (error) {
    engineWorker.postMessage({ kind: "file", name, error: String(error?.message ?? error) });
  }
}

Promise.all(Object.keys(FILES).map(send)).then(() => {
  download.done = true;
  tell();
});
