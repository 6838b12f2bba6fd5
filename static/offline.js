// offline.js: registers the service worker (sw.js at the site root, see its
// header) so that later visits load and play with no network.
//
// It registers once the game is ready (html[data-ready=true]): by then the
// page has loaded Pyodide and the wheels into the HTTP cache, so the worker's
// precache costs revalidations rather than a second 13 MB download competing
// with the first visit's own. updateViaCache "none": update checks of sw.js
// and of the manifest it imports bypass the HTTP cache (GitHub Pages sends
// max-age=600), so a new deployment is seen on the next visit.

const WORKER = new URL("../sw.js", import.meta.url);

function register() {
  navigator.serviceWorker
    .register(WORKER, { updateViaCache: "none" })
    .catch((error) => console.warn("offline play is not available:", error));
}

function whenReady(action) {
  const root = document.documentElement;
  if (root.dataset.ready === "true") return action();
  const observer = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    observer.disconnect();
    action();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

if ("serviceWorker" in navigator) whenReady(register);
