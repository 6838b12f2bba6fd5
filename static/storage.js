// storage.js: what the page remembers between visits (localStorage).
//
// Values are JSON; anything unreadable counts as missing, so a corrupt
// entry can never stop the page from starting.

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

/** The game in progress, as the bridge's save; null if none. */
export const loadGame = () => read("game");
export const saveGame = (save) => write("game", save);
export const forgetGame = () => { try { localStorage.removeItem(PREFIX + "game"); } catch { /* ignore */ } };

/** Options per game ({draw: "3", ...}) and page preferences ({autoplay: true}). */
export const loadOptions = (game) => read(`options.${game}`) ?? {};
export const saveOptions = (game, options) => write(`options.${game}`, options);
export const loadPreferences = () => read("preferences") ?? {};
export const savePreferences = (preferences) => write("preferences", preferences);

/** Cumulative Vegas: the sum of the scores of finished cumulative games. */
export const loadVegasBank = () => (Number.isFinite(read("vegasBank")) ? read("vegasBank") : 0);
export const saveVegasBank = (value) => write("vegasBank", value);
