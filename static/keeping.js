// keeping.js: keeping the game on the table (saves.js's records): one write at a time, each
// over the revision the last one left, a question when another tab played the same game,
// failed writes said out loud, and finished games counted in the statistics once.
//
// Keeping sets off work of modules that build on this one (resuming another tab's game, the
// picker's list, the statistics dialog): app.js passes those in (connectKeeping), so that
// this module does not import them back.

import { renderBar, notify } from "./bar.js";
import { confirmThen } from "./confirm.js";
import { t } from "./i18n.js";
import * as saves from "./saves.js";
import { $, state } from "./session.js";
import * as stats from "./stats.js";
import * as storage from "./storage.js";
import { freeze, thaw, whenDeleted } from "./store.js";
import { GAME_IDS } from "./text.js";

/** @typedef {import("../types/protocol").View} View */

const above = { resume: null, fillGamePicker: null, showStatsBody: null };

/** The functions of the modules above that keeping calls: resume(record), fillGamePicker(), showStatsBody(). */
export function connectKeeping({ resume, fillGamePicker, showStatsBody }) {
  Object.assign(above, { resume, fillGamePicker, showStatsBody });
}

// The database deleted under the page (site data cleared, another tab): the player is told, and
// the game on the table is kept again at once, in the database made anew.
whenDeleted(() => {
  state.kept = null;
  notify(t("store.deleted"));
  save();
});

/** Keep the game at once, in a task after the one that drew the move (keeping is not on the click's path). */
export function save() {
  if (!state.saveTimer) state.saveTimer = setTimeout(saveNow, 0);
}

/** The page is hidden or closing: a copy in localStorage at once (a write to IndexedDB begun now
 *  may not finish before the page is gone), and the write. */
export function saveOnLeaving() {
  if (!state.view?.save || state.view.early) return Promise.resolve();
  // The copy names the revision this tab last wrote or read: the next start puts it in the store
  // only over that revision, never over a newer one another tab wrote.
  const record = saves.recordOf(state.view);
  const copy = { ...record, base: state.kept?.id === record.id ? state.kept.revision : 0 };
  storage.saveCopy(copy);
  return saveNow().then((onDisk) => {
    if (onDisk) storage.forgetCopies([copy.id]); // the copy is not needed
  });
}

/** pagehide: the copy and the write; a page going into the back/forward cache then lets go of
 *  the database (store.js, freeze), and the copy stands for the write it cut short. */
export function leavePage(event) {
  saveOnLeaving();
  if (event.persisted) freeze();
}

/** pageshow: back from the back/forward cache, the game is written to the database again. */
export function returnToPage(event) {
  if (!event.persisted) return;
  thaw();
  saveOnLeaving();
}

/** Keep the game as the last view carries it (no round trip: the page may be closing). One write
 *  at a time, each over the revision the last one left; resolves when the last view is written,
 *  to whether it is on disk. */
export function saveNow(force = false) {
  clearTimeout(state.saveTimer);
  state.saveTimer = 0;
  state.keepForce ||= force;
  if (state.keeping) {
    state.keepAgain = true;
    return state.keeping;
  }
  state.keeping = (async () => {
    let onDisk;
    do {
      state.keepAgain = false;
      const forced = state.keepForce;
      state.keepForce = false;
      onDisk = await keepView(state.view, forced);
    } while (state.keepAgain);
    return onDisk;
  })().finally(() => {
    state.keeping = null;
  });
  return state.keeping;
}

/** Keep `view`'s game; whether it is on disk now.
 * @param {import("./session.js").TableView} view
 */
async function keepView(view, force = false) {
  if (!view?.save || view.early) return false; // a table drawn before the engine was up: the store has it, or it is not a game yet
  const id = saves.recordOf(view).id;
  if (state.conflict === id && !force) return false; // the player is asked which game to keep
  const known = state.kept?.id === id ? state.kept.revision : 0;
  try {
    const kept = await saves.keep(view, known, force);
    if (kept.conflict) {
      askAboutConflict(view, kept.conflict);
      return false;
    }
    const changed = state.kept?.id !== id || state.kept.underWay !== saves.underWay(view); // the picker's list changes
    state.kept = { id, revision: kept.revision, underWay: saves.underWay(view) };
    document.documentElement.dataset.kept = String(view.moves);
    storeWorked();
    if (changed) above.fillGamePicker();
    if (view.moves > 0) askForLastingStorage();
    return true;
  } catch (error) {
    storeFailed(error);
    return false;
  }
}

/** Once a game with a move in it is kept, once a visit: ask the browser to keep this site's
 *  storage for good (navigator.storage.persist(): else it may clear it when short of space, or
 *  for a site not visited for a while). What it answered: <html data-storage> ("lasting" or
 *  "best-effort") and a line in Settings, which says what to do about it. */
async function askForLastingStorage() {
  if (state.storageAsked || !navigator.storage?.persist) return;
  state.storageAsked = true;
  let lasting = false;
  try {
    lasting = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    // Asking failed (a browser that does not allow it here): as good as refused.
  }
  document.documentElement.dataset.storage = lasting ? "lasting" : "best-effort";
  const status = $("storage-status");
  status.dataset.i18n = lasting ? "storage.lasting" : "storage.bestEffort";
  status.textContent = t(status.dataset.i18n);
  status.hidden = false;
}

/** The record id of the game on the table. */
export const tableId = () => (state.view?.save ? saves.recordOf(state.view).id : null);

/** The kept games, the most recent first (none when the store cannot be read: said once). */
export async function keptGames() {
  try {
    return (await saves.loadAll(GAME_IDS)).records;
  } catch (error) {
    storeFailed(error);
    return [];
  }
}

/** Another tab played this game since this tab last read or wrote it: which one is kept?
 * @param {View} view
 */
function askAboutConflict(view, stored) {
  state.conflict = saves.recordOf(view).id;
  confirmThen(
    () => {
      state.conflict = null;
      saveNow(true);
    },
    { title: "conflict.title", text: "conflict.text", ok: "conflict.keepThis", cancel: "conflict.loadOther", params: { theirs: stored.moves, ours: view.moves } },
    true,
    async () => {
      state.conflict = null;
      await above.resume(stored);
    },
  );
}

/** A write failed: say so until one works again (the game goes on, in this tab only). */
export function storeFailed(error) {
  if (error?.code === "frozen") return; // cut short as the page went to sleep: written when it wakes
  console.warn("keeping failed", error);
  state.storeFailure = error?.code ?? "failed";
  const warning = $("store-warning");
  warning.textContent = t(`store.${state.storeFailure}`);
  warning.hidden = false;
}

function storeWorked() {
  if (!state.storeFailure) return;
  state.storeFailure = null;
  $("store-warning").hidden = true;
  notify(t("store.again"));
}

/** A write that may fail (statistics): its failure is said, not thrown. */
export function storeOrSay(writing) {
  return writing.catch((error) => {
    storeFailed(error);
    return false;
  });
}

/** Count a finished game in the statistics, once (its record says so); `forget`: the player gave it up.
 * @param {View} view
 */
export async function countGame(view, won, forget = false) {
  const counted = await storeOrSay(stats.countGame(view, won, saves.recordOf(view).id, forget));
  if (!counted && stats.problem()) notify(t("stats.notCounted"));
  if (counted && $("stats").open) above.showStatsBody(); // opened while the game was being counted
  if (counted && view.rules.scoreCarriesOver && state.view) renderBar(state.view); // the balance in the bar moved
  if (forget && state.kept?.id === saves.recordOf(view).id) state.kept = null;
  return counted;
}
