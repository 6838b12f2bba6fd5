// storage.js: the page's small preferences, in localStorage: options per game,
// language, autoplay and looks, and which candidate was a daily deal.
//
// Values are JSON and checked on the way in: anything unreadable or unknown counts as
// unset (the default), and the page says so (`problems`), so no stored value can stop
// the page from starting. Games and statistics live in IndexedDB (saves.js, stats.js):
// they must be on disk when the page says they are kept, and localStorage is written lazily.

import { GAME_IDS } from "./text.js";

const PREFIX = "solitaire.";

/** The stored value of `key`: null if there is none (or storage is blocked), `unparsable` if it
 *  is not JSON. */
function read(key, unparsable = null) {
  let text;
  try {
    text = localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return unparsable;
  }
}

// What options and preferences that are not JSON read as: not an object, so they are reset to
// their defaults and the player is told, as for any other bad value.
const UNPARSABLE = "(not JSON)";

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: a preference is not kept, and the games' own store says so.
  }
}

function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to do.
  }
}

/** What was stored and not usable, as [i18n key, params]: the page tells the player once. */
export const problems = [];

/** The game in progress before IndexedDB (one for all games), as the bridge's save; null if none. */
export const legacyGame = () => read("game");
export function forgetLegacy() {
  for (const key of ["game", "view", "counted"]) remove(key);
}

// Copies of the games on the tables of pages being hidden or closed, by record id: a write
// to IndexedDB begun while a page closes may not finish; this copy is written at once, and
// the next start puts it in the store where the store has nothing newer. One entry per
// game, so two tabs closing leave two copies.

/** The copies left, as records (what is not a record with an id is dropped). */
export function loadCopies() {
  const stored = read("unsaved");
  const copies = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? Object.values(stored) : [];
  return copies.filter((copy) => copy !== null && typeof copy === "object" && typeof copy.id === "string");
}
export function saveCopy(record) {
  const stored = read("unsaved");
  const copies = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  write("unsaved", { ...copies, [record.id]: record });
}
/** Drop the copies of these ids (their games are in the store). */
export function forgetCopies(ids) {
  const stored = read("unsaved");
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return remove("unsaved");
  const left = Object.fromEntries(Object.entries(stored).filter(([id]) => !ids.includes(id)));
  return Object.keys(left).length ? write("unsaved", left) : remove("unsaved");
}

/** Options of a game that the game knows, from what was stored; `specs` are the game's
 *  options ({name, choices}). Unknown names and values are left out (the default then). */
export function cleanOptions(stored, specs) {
  const options = {};
  let dropped = stored !== null && (typeof stored !== "object" || Array.isArray(stored));
  for (const [name, value] of Object.entries(dropped || stored === null ? {} : stored)) {
    const spec = specs.find((option) => option.name === name);
    if (spec && spec.choices.includes(value)) options[name] = value;
    else dropped = true;
  }
  return { options, dropped };
}

/** The stored options of a game, checked against its specs (a bad entry: a problem, and the defaults). */
export function loadOptions(game, specs) {
  const { options, dropped } = cleanOptions(read(`options.${game}`, UNPARSABLE), specs);
  if (dropped) {
    problems.push(["notice.badOptions", { game }]);
    write(`options.${game}`, options);
  }
  return options;
}
export const saveOptions = (game, options) => write(`options.${game}`, options);

const LANGUAGES = ["en", "de"];

/** Page preferences ({autoplay, language, looks}), each checked; looks.js checks its own. */
export function loadPreferences() {
  const stored = read("preferences", UNPARSABLE);
  const preferences = stored !== null && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  const clean = {};
  if (typeof preferences.autoplay === "boolean") clean.autoplay = preferences.autoplay;
  if (LANGUAGES.includes(preferences.language)) clean.language = preferences.language;
  if (preferences.looks !== null && typeof preferences.looks === "object" && !Array.isArray(preferences.looks)) clean.looks = preferences.looks;
  const only = preferences.winnableOnly;
  if (Array.isArray(only) && only.every((game) => GAME_IDS.includes(game))) clean.winnableOnly = [...new Set(only)];
  const bad = (stored !== null && preferences !== stored) || Object.keys(preferences).some((name) => !(name in clean));
  if (bad) {
    if (!problems.some(([key]) => key === "notice.badPreferences")) problems.push(["notice.badPreferences", {}]);
    write("preferences", clean); // said once: what could be used is kept, the rest is gone
  }
  return clean;
}
export const savePreferences = (preferences) => write("preferences", preferences);

/** "Winnable deals only", chosen per game (off by default). */
export const winnableOnly = (game) => (loadPreferences().winnableOnly ?? []).includes(game);

export function setWinnableOnly(game, on) {
  const preferences = loadPreferences();
  const others = (preferences.winnableOnly ?? []).filter((id) => id !== game);
  savePreferences({ ...preferences, winnableOnly: on ? [...others, game] : others });
}

// -- which candidate was a daily deal ----------------------------------------------
// {key: {candidate, at}}: a later visit sends the candidate to the bridge and finds the
// deal in one short search instead of trying the candidates before it. Entries live
// a few days (today's and yesterday's dailies are the ones opened again), at most a few.

const DAILY_DAYS = 4;
const DAILY_ENTRIES = 24;
const MAX_CANDIDATE = 63; // the bridge tries candidates 0..63

function dailies() {
  const stored = read("dailies");
  return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
}

const usable = (entry) =>
  Number.isInteger(entry?.candidate) && entry.candidate >= 0 && entry.candidate <= MAX_CANDIDATE && Number.isFinite(entry?.at);

/** What names a remembered daily: the build of Python that found it, game, options, date. */
export function dailyKey(build, request) {
  const options = Object.entries(request.options ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([build, request.game, options, request.daily]);
}

/** The candidate remembered for a daily's key, or null (unknown, unreadable or foreign). */
export function loadDailyCandidate(key) {
  const stored = dailies();
  return Object.hasOwn(stored, key) && usable(stored[key]) ? stored[key].candidate : null;
}

/** Remember a daily's candidate, dropping old and unreadable entries. */
export function saveDailyCandidate(key, candidate, now = Date.now()) {
  const since = now - DAILY_DAYS * 86_400_000;
  const kept = Object.entries(dailies())
    .filter(([name, entry]) => name !== key && usable(entry) && entry.at >= since)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, DAILY_ENTRIES - 1);
  write("dailies", Object.fromEntries([[key, { candidate, at: now }], ...kept]));
}
