// sw.js: the service worker that lets the game load and play with no network.
//
// Where: at the site root, beside index.html, because a worker controls only
// the pages under its own folder, and a static host such as GitHub Pages
// cannot send the Service-Worker-Allowed header that would let a worker in
// static/ control the root. static/offline.js registers it. Every URL here
// is relative to this file, so the site also works under a sub-path
// (https://USER.github.io/REPO/): the scope is then /REPO/.
//
// What: static/sw-manifest.js, written by the build (tools/precache.py), sets
// self.PRECACHE = {version, files, later}: every file a start of the page uses
// (index.html, static/'s scripts, styles, icons and manifest, the Pyodide runtime
// and lockfile, the engine's snapshot and its cut standard library) with its SRI
// hash; the files only the engine's ordinary start uses (Pyodide's whole standard
// library, the wheels: its fallback when the snapshot cannot be used); and a
// version, a hash of all of them and of this file. The browser re-checks
// imported scripts byte for byte on every update check, so a new build
// means a new worker, and this file stays checked in.
//
// Cache: one cache per version, named "solitaire <scope path> <version>"
// (e.g. "solitaire /REPO/ 3f2a9c1b0d4e"); the scope path keeps two copies of
// the site on one origin (two repositories on USER.github.io) from deleting
// each other's caches. Install fetches every file with its integrity hash and
// cache: "no-cache" (revalidated, so the HTTP cache cannot hand over a stale
// file), and a failed install is retried on a later visit. Activation deletes
// this site's caches of other versions, and no other cache.
//
// Fetch: cache first for the precached files (exact URL; index.html and the
// scope's root also with any query string, so ?game=freecell&deal=617 opens
// offline); the network for a precached file the cache has lost. The `later`
// files are not precached (a first visit does not download what it does not
// use): the first time a start asks for one, it comes from the network, checked
// against its hash, and is kept, so an ordinary start works offline from then
// on. The network for anything else.
//
// Updates: the standard lifecycle, no skipWaiting and no clients.claim. A new
// version installs (precaches) in the background while the open pages go on
// with the old worker and its cache, untouched; it activates once no page of
// the site is open any more, and the next visit runs it. Taking over at once
// could break a page: a tab still loading (Pyodide's runtime, lockfile and
// wheel come one after another) would get the rest of its files from the new
// version, whose wheel does not match the old lockfile's hash, and the old
// cache would be deleted under it. The game in progress is never at risk
// either way: it is saved to localStorage after every move and resumed.
// The first install activates at once (there is no old worker); the page
// that registered it was loaded from the network and is left alone: the
// next load is served from the cache.

importScripts("./static/sw-manifest.js");

const { version, files, later } = self.PRECACHE;
const ROOT = new URL("./", self.location.href).href;
const PREFIX = `solitaire ${new URL(ROOT).pathname} `;
const CACHE = PREFIX + version;
const INDEX = new URL("index.html", ROOT).href;
const PRECACHED = new Set(Object.keys(files).map((path) => new URL(path, ROOT).href));
const LATER = new Map(Object.entries(later).map(([path, integrity]) => [new URL(path, ROOT).href, integrity]));

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(deleteOldCaches());
});

// A page whose engine could not start from the snapshot asks for a repair ({kind: "repair"}):
// every file whose copy in the cache no longer matches its hash is fetched anew (checked against
// that hash), so that the next visit starts quickly.
self.addEventListener("message", (event) => {
  if (event.data?.kind === "repair") event.waitUntil(repair());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = cacheKey(new URL(request.url));
  if (key) event.respondWith(cacheFirst(key, request));
  else if (LATER.has(request.url)) event.respondWith(keptOnUse(request.url));
});

/** Fetch every file into this version's cache; files already there (an interrupted install) are kept. */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.keys(files).map(async (path) => {
      if (!(await cache.match(new URL(path, ROOT).href))) await fetchInto(cache, path);
    }),
  );
}

/** Fetch a precached file with its hash into `cache`; rejects if it cannot. */
async function fetchInto(cache, path) {
  const url = new URL(path, ROOT).href;
  const response = await fetch(new Request(url, { cache: "no-cache", integrity: files[path] }));
  if (!response.ok) throw new Error(`precaching ${path}: HTTP ${response.status}`);
  await cache.put(url, response);
}

/** Fetch anew every file whose cached copy is missing or no longer matches its hash. One that
 *  cannot be fetched (offline, or the site's own file fails its hash) stays as it is. */
async function repair() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(files).map(async ([path, integrity]) => {
      const cached = await cache.match(new URL(path, ROOT).href);
      if (cached && (await sha256(cached)) === integrity) return;
      await fetchInto(cache, path).catch(() => {});
    }),
  );
}

/** A response's body as a hash in the form of its integrity ("sha256-" and base64). */
async function sha256(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** Delete this site's caches of other versions (never another site's or app's caches). */
async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
}

/** The cache entry that answers a URL, or null to leave the request to the network. */
function cacheKey(url) {
  const bare = url.origin + url.pathname;
  if (bare === ROOT || bare === INDEX) return INDEX;
  return PRECACHED.has(url.href) ? url.href : null;
}

async function cacheFirst(key, request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(key)) ?? fetch(request);
}

/** A file of the ordinary start: from the cache, else fetched with its hash and kept. */
async function keptOnUse(url) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url);
  if (cached) return cached;
  const response = await fetch(new Request(url, { integrity: LATER.get(url) }));
  if (response.ok) await cache.put(url, response.clone());
  return response;
}
