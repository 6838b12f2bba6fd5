// storage.js: what the page remembers between visits (localStorage).
//
// Values are JSON; anything unreadable counts as missing, so a corrupt
// entry can never stop the page from starting. Statistics live in stats.js.

const PREFIX = "solitaire.";

function read(key) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or blocked (private mode): playing goes on unsaved.
  }
}

function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to do.
  }
}

/** The game in progress, as the bridge's save; null if none. */
export const loadGame = () => read("game");
export const saveGame = (save) => write("game", save);
export const forgetGame = () => remove("game");

/** The last view drawn, to show the table at once on the next visit, before Python is ready. */
export const loadView = () => read("view");
export const saveView = (view) => write("view", view);

/** Options per game ({draw: "3", ...}) and page preferences ({autoplay, language}). */
export const loadOptions = (game) => read(`options.${game}`) ?? {};
export const saveOptions = (game, options) => write(`options.${game}`, options);
export const loadPreferences = () => read("preferences") ?? {};
export const savePreferences = (preferences) => write("preferences", preferences);

/** Which game was last counted in the statistics, so none is counted twice. */
export const loadCounted = () => read("counted");
export const saveCounted = (key) => write("counted", key);

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
