// saves.js: the games the page keeps, a record per deal (in store.js's "games").
//
// A record: {id, game, options, deal, daily, layout, save, view, moves, status, savedAt,
// revision, counted}. The id names the deal (game, options, deal number or daily date), so
// an address that names a deal finds its game, and a game is never written over by
// another: switching games, following a link or opening today's daily leaves every other
// game as it was. A game ends only when the player gives it up (New) or wins it; per slot
// (a game and its options) one record that is not under way (no move yet, or won) is kept:
// the last one shown, so that coming back shows that table again.
//
// Two tabs: each record counts its writes (revision). A tab writes only over the revision
// it read or wrote last; else another tab played the same game meanwhile, and the page asks.

import { GAMES, META, get, getAll, put, remove, transact } from "./store.js";
import { QUIET_DEFAULTS } from "./words.js";

/** @typedef {import("../types/protocol").View} View */

/** An option's value in a game's options; an option the game gained later (QUIET_DEFAULTS,
 *  from the engine) is at its default in a record kept before it. */
export const optionValue = (game, options, name) => options[name] ?? QUIET_DEFAULTS[game]?.[name];

/** "klondike|draw=3,open=off,...": a game and its options, in a fixed order. An option the game
 *  gained later is left out at its default, so that the games and statistics kept before it
 *  stay the game's own ("freecell|" is FreeCell building in alternating colours). */
export function slotKey(game, options) {
  const named = Object.keys(options).filter((name) => options[name] !== QUIET_DEFAULTS[game]?.[name]);
  return `${game}|${named.sort().map((name) => `${name}=${options[name]}`).join(",")}`;
}

/** The id of a game's record: its slot and its deal (number, daily date, or set-up layout). */
export function gameId({ game, options, deal, daily, layout }) {
  const which = layout ? `layout=${hash(layout)}` : daily ? `daily=${daily}` : `deal=${deal}`;
  return `${slotKey(game, options)}|${which}`;
}

/** A short, stable name for a set-up layout's text (FNV-1a). */
function hash(text) {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value.toString(16);
}

/** Is a game under way: moved at least once and not won? */
export const underWay = (record) => record.moves > 0 && record.status !== "won";

/** Does a kept game belong to what the request names (game, options it names, deal or daily)?
 *  A request without deal or daily is any game of its slot. */
export function matches(request, record) {
  if (record.game !== request.game) return false;
  if (!Object.entries(request.options ?? {}).every(([name, value]) => optionValue(record.game, record.options, name) === value)) return false;
  if (request.daily) return record.daily === request.daily;
  if (request.deal !== undefined) return record.deal === request.deal && !record.daily && !record.layout;
  return true;
}

const isText = (value) => typeof value === "string" && value.length > 0 && value.length < 500;
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isPlain = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Is a stored record well formed (of a known game)? Python checks the save itself when it loads it. */
export function usable(record, games) {
  return (
    isPlain(record) &&
    isText(record.id) &&
    games.includes(record.game) &&
    isPlain(record.options) &&
    Object.values(record.options).every((value) => typeof value === "string") &&
    isPlain(record.save) &&
    (record.view === null || isPlain(record.view)) &&
    isCount(record.moves) &&
    isCount(record.revision) &&
    Number.isFinite(record.savedAt) &&
    typeof record.status === "string" &&
    record.id === gameId(record)
  );
}

/** The record a view will be kept as (without its revision and counted flag).
 * @param {View} view
 */
export function recordOf(view, now = Date.now()) {
  const { save, ...drawn } = view;
  const record = {
    game: view.game,
    options: view.options,
    deal: view.deal,
    daily: view.daily ?? null,
    layout: save.layout ?? null,
    save,
    view: drawn,
    moves: view.moves,
    status: view.status,
    savedAt: now,
  };
  return { id: gameId(record), ...record };
}

/** Every usable record, the most recent first; the stored ones that are not usable; the active id. */
export async function loadAll(games) {
  const [records, active] = await transact([GAMES, META], "readonly", (transaction) =>
    Promise.all([getAll(transaction, GAMES), get(transaction, META, "active")]),
  );
  const current = records.filter((record) => !String(record?.id).startsWith(ASIDE));
  const kept = current.filter((record) => usable(record, games)).sort((a, b) => b.savedAt - a.savedAt);
  return { records: kept, unusable: current.filter((record) => !usable(record, games)), active: typeof active === "string" ? active : null };
}

/** Keep a view's game, over revision `known` (0: a game this tab has not read). Resolves to
 *  {revision} once it is on disk, or to {conflict: record} when another tab wrote the game
 *  since (nothing is written then; `force` writes anyway). Rejects with a StoreError.
 * @param {View} view
 */
export function keep(view, known, force = false) {
  const record = recordOf(view);
  return transact([GAMES, META], "readwrite", async (transaction) => {
    const stored = await get(transaction, GAMES, record.id);
    const storedRevision = isCount(stored?.revision) ? stored.revision : 0;
    if (!force && stored && storedRevision !== known && !samePlay(stored.save, record.save)) return { conflict: stored };
    const revision = storedRevision + 1;
    await put(transaction, GAMES, { ...record, revision, counted: stored?.counted === true });
    await put(transaction, META, record.id, "active");
    if (!stored) await makeWay(transaction, record);
    return { revision };
  });
}

/** A new game in a slot: the slot's other records that are not under way make way for it
 *  (only the slot's own records are read: ids begin with the slot's key). */
async function makeWay(transaction, record) {
  const slot = `${slotKey(record.game, record.options)}|`;
  for (const other of await getAll(transaction, GAMES, IDBKeyRange.bound(slot, `${slot}\uffff`))) {
    if (other.id !== record.id && !underWay(other)) await remove(transaction, GAMES, other.id);
  }
}

/** Copies that closing pages left (records with `base`, the revision their page last wrote or
 *  read), put in the store where it still holds that revision (the page's own write did not go
 *  through, and no other tab wrote since), the newest last (it becomes the active game). A copy
 *  of an older version, with no base, goes where the store's record is older by the clock.
 *  Resolves to how many were put. */
export function keepCopies(records) {
  return transact([GAMES, META], "readwrite", async (transaction) => {
    let moved = 0;
    for (const { base, ...record } of [...records].sort((a, b) => a.savedAt - b.savedAt)) {
      const stored = await get(transaction, GAMES, record.id);
      const storedRevision = isCount(stored?.revision) ? stored.revision : 0;
      if (stored && sameGame(stored.save, record.save)) continue; // its own write went through
      if (stored && (isCount(base) ? storedRevision !== base : !(stored.savedAt < record.savedAt))) continue; // a newer game is kept
      const revision = storedRevision + 1;
      await put(transaction, GAMES, { ...record, revision, counted: stored?.counted === true });
      await put(transaction, META, record.id, "active");
      if (!stored) await makeWay(transaction, record);
      moved += 1;
    }
    return moved;
  });
}

const ASIDE = "unreadable|";

/** Do two saves hold the same play (moves made and taken back; the clock may differ)? */
function samePlay(one, other) {
  return JSON.stringify([one?.turns, one?.undone]) === JSON.stringify([other?.turns, other?.undone]);
}

/** Do two saves hold the same game: the same play, the help used (a hint or "Winnable?" marks a
 *  game without a move) and how often a move was taken back? A closing page's copy that differs
 *  only there still has news the store lacks. */
function sameGame(one, other) {
  const extras = (save) => JSON.stringify([save?.assisted ?? false, save?.takenBack ?? 0]);
  return samePlay(one, other) && extras(one) === extras(other);
}

/** Put aside a stored record that cannot be used (malformed, or its save no longer replays),
 *  kept as it was with the reason: it is not offered again, and nothing is deleted. */
/** Delete a kept game (its deal starts again from the beginning). */
export function forget(id) {
  return transact([GAMES], "readwrite", (transaction) => remove(transaction, GAMES, id));
}

export function setAside(record, reason) {
  return transact([GAMES], "readwrite", (transaction) =>
    Promise.all([
      put(transaction, GAMES, { id: `${ASIDE}${Date.now()}|${String(record?.id)}`, reason, record }),
      remove(transaction, GAMES, record.id),
    ]),
  );
}
