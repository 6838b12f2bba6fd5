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
