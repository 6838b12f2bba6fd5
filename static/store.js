// store.js: the page's durable storage, an IndexedDB database ("solitaire").
//
//   games  a record per game kept (saves.js says what a record holds), keyed by its id
//   meta   small values by name: "active" (the id of the game last on the table), "stats"
//
// Every write is one transaction with strict durability: when its promise resolves, the
// data is on disk (Chromium writes localStorage lazily: a browser killed within 20 s of a
// write lost it). A write that fails rejects with a StoreError whose `code` says why:
// "quota" (storage full), "blocked" (no storage in this window), "frozen" (the page sleeps in the
// back/forward cache: see freeze), "failed" (anything else).

const NAME = "solitaire";
const VERSION = 1;
export const GAMES = "games";
export const META = "meta";

export class StoreError extends Error {
  constructor(code, cause) {
    super(`${code}: ${cause?.message ?? cause ?? ""}`);
    this.code = code;
  }
}

function storeError(error) {
  if (error instanceof StoreError) return error;
  const name = error?.name ?? "";
  if (name === "QuotaExceededError") return new StoreError("quota", error);
  if (name === "SecurityError" || name === "InvalidStateError" || name === "NotAllowedError") return new StoreError("blocked", error);
  return new StoreError("failed", error);
}

/** A request's result, as a promise. */
const result = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

let opening = null; // the promise of the connection
let connection = null; // the connection, once open
const unfinished = new Set(); // transactions begun and not yet committed or aborted
let frozen = false; // the page sleeps in the back/forward cache: no transaction now
const deletedListeners = new Set();

/** Call `listener()` when the database is deleted or closed under the page (its site data
 *  cleared, another tab deleting it): the next transaction makes it anew. */
export function whenDeleted(listener) {
  deletedListeners.add(listener);
}

/** This connection is gone: the next call of database() opens the database again. */
function lost(db, deleted) {
  db.close();
  if (connection === db) connection = opening = null;
  if (deleted) for (const listener of deletedListeners) listener();
}

/** The database, opened once; rejects with a StoreError when there is none. */
export function database() {
  opening ??= (async () => {
    try {
      const request = indexedDB.open(NAME, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(GAMES)) db.createObjectStore(GAMES, { keyPath: "id" });
        if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      };
      const db = await result(request);
      connection = db;
      // A newer page wants to upgrade (let it), or the database is being deleted (newVersion null).
      db.onversionchange = (event) => lost(db, event.newVersion === null);
      db.onclose = () => lost(db, true); // closed by the browser: its site data was cleared
      return db;
    } catch (error) {
      opening = null; // the next call tries again
      throw storeError(error);
    }
  })();
  return opening;
}

/** The page goes into the back/forward cache (pagehide, persisted). WebKit puts it to sleep with
 *  its unfinished transactions open, and the database then waits for them: every other page of
 *  the site, the next visit too, hangs on its first read. So they are aborted, the connection is
 *  closed and nothing is begun until the page is shown again (thaw); what they were writing is in
 *  the copy keeping.js put in localStorage. */
export function freeze() {
  frozen = true;
  for (const transaction of unfinished) {
    try {
      transaction.abort();
    } catch {
      // Finished meanwhile.
    }
  }
  unfinished.clear();
  connection?.close();
  connection = opening = null;
}

/** The page is back from the back/forward cache: the next transaction opens the database again. */
export function thaw() {
  frozen = false;
}

/** Run `work(transaction)` in one transaction over `stores`; resolves to its result once
 *  the transaction has committed (for "readwrite": durably). */
export async function transact(stores, mode, work) {
  let transaction;
  try {
    if (frozen) throw new StoreError("frozen");
    const db = await database();
    if (frozen) throw new StoreError("frozen"); // frozen while the database opened
    transaction = db.transaction(stores, mode, { durability: "strict" });
  } catch (error) {
    throw storeError(error);
  }
  unfinished.add(transaction);
  const committed = new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(frozen ? new StoreError("frozen") : (transaction.error ?? new DOMException("The write was aborted", "AbortError")));
  }).finally(() => unfinished.delete(transaction));
  committed.catch(() => {}); // read below; not an unhandled rejection meanwhile
  try {
    const value = await work(transaction);
    await committed;
    return value;
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // Already finished.
    }
    throw storeError(frozen ? new StoreError("frozen") : (transaction.error ?? error));
  }
}

/** Promise helpers for a transaction's stores. */
export const get = (transaction, store, key) => result(transaction.objectStore(store).get(key));
export const getAll = (transaction, store, range = null) => result(transaction.objectStore(store).getAll(range));
export const put = (transaction, store, value, key) =>
  result(key === undefined ? transaction.objectStore(store).put(value) : transaction.objectStore(store).put(value, key));
export const remove = (transaction, store, key) => result(transaction.objectStore(store).delete(key));
