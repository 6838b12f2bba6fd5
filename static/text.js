// text.js: names as the page shows them, in English and German, from the engine's tables
// (words.js: games, options and their values); cards in short, amounts and times as the bar
// shows them.
//
// Python owns which games and options exist (the bridge's "games" message);
// this file only says how to call them. Anything missing falls back to its id.

import { GAME_NAMES, OPTION_NAMES } from "./words.js";

/** The games the page can name (Python's "games" message says which are played). */
export const GAME_IDS = Object.keys(GAME_NAMES.en);

/** A game's name; an unknown id (from a stored or imported value) is shown as it is, never looked up on Object's prototype. */
export const gameName = (id, lang = "en") => (Object.hasOwn(GAME_NAMES.en, id) ? (GAME_NAMES[lang] ?? GAME_NAMES.en)[id] : String(id));

/** An option's name as the settings show it ([legend, {value: label}] in words.js); an unknown one as it is. */
export function optionLabel(name, lang = "en") {
  return (OPTION_NAMES[lang]?.[name] ?? OPTION_NAMES.en[name] ?? [name, {}])[0];
}

export function valueLabel(name, value, lang = "en") {
  return (OPTION_NAMES[lang]?.[name] ?? OPTION_NAMES.en[name] ?? [name, {}])[1][value] ?? value;
}

// A card's index as the corner of the card shows it: German cards say B, D, K for Bube, Dame, König.
const RANK_INDEX = {
  en: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
  de: { T: "10", J: "B", Q: "D", K: "K", A: "A" },
};
const SUIT_SIGNS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

/** The rank as the card's corner shows it ("Q"; "D" in German). */
export const rankIndex = (rank, lang = "en") => (RANK_INDEX[lang] ?? RANK_INDEX.en)[rank] ?? rank;

/** A face-up card in short ("Q♥", "D♥" in German) from its text form ("QH"). */
export const shortCard = (code, lang = "en") => `${rankIndex(code[0], lang)}${SUIT_SIGNS[code[1]] ?? code[1]}`;

/** A Vegas amount: "$52", "−$52" (a minus sign, not a hyphen). */
export const dollars = (amount) => (amount < 0 ? `−$${-amount}` : `$${amount}`);

/** The game's time as the bar shows it: "3:02". */
export const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
