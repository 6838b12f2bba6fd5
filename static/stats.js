// stats.js: statistics per game and option set, and the calendar of daily deals.
//
// A game counts when it ends: won, or given up by the player (New after at least one
// move); a game left for another stays in progress and counts nothing. Kept in the
// store's "meta" under "stats", written in the same transaction as the game's record
// (counted once: the record says so). Exported and imported as a JSON file.
//
// Versions: 1 (localStorage "solitaire.stats", before IndexedDB), 2 (adds the fewest
// moves of a win) and 3 (adds the wins without help: a game where a hint or the Winnable?
// check was used is assisted; it counts as won, and its time, moves and score are not
// bests; a daily won so is "assisted" in the calendar). Older versions are migrated (their
// wins count as unassisted: which were helped was not kept); a newer one is left exactly as it is, and
// shown as unreadable, never written over. What is stored is checked on the way in: an
// entry that is not statistics is left out of what is shown (the stored value stays as
// it is until the next game counts), and an import must be right in every entry.

import { t } from "./i18n.js";
import { slotKey } from "./saves.js";
import { GAMES, META, get, put, remove, transact } from "./store.js";
import { GAME_IDS, gameName, optionLabel, valueLabel } from "./text.js";

/** @typedef {import("../types/protocol").View} View */

export const VERSION = 3;
const LEGACY_KEY = "solitaire.stats";
const MAX_SECONDS = 10 ** 8;
const MAX_SCORE = 10 ** 7;

/** Statistics that cannot be used; `code` and `params` name the reason (an i18n key). */
export class StatsError extends Error {
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

const empty = () => ({ version: VERSION, records: {}, daily: {}, vegasBank: 0 });
const isPlain = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isBest = (value, low, high) => value === null || (Number.isSafeInteger(value) && value >= low && value <= high);

/** Each older version's step to the next. */
const MIGRATIONS = {
  1: (stats) => ({
    ...stats,
    version: 2,
    records: Object.fromEntries(Object.entries(isPlain(stats.records) ? stats.records : {}).map(([key, record]) => [key, { ...record, bestMoves: null }])),
  }),
  2: (stats) => ({
    ...stats,
    version: 3,
    records: Object.fromEntries(Object.entries(isPlain(stats.records) ? stats.records : {}).map(([key, record]) => [key, { ...record, wonUnassisted: record?.won }])),
  }),
};
const DAILY_RESULTS = ["won", "assisted", "played"];

/** The game of a record key, if it names a known game and well-formed options. */
function keyGame(key, games) {
  const match = /^([a-z-]+)\|((?:[a-z]+=[a-z0-9-]+)(?:,[a-z]+=[a-z0-9-]+)*)?$/.exec(key);
  return match && games.includes(match[1]) ? match[1] : null;
}

function realDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Why a record is not statistics, or null. */
function recordProblem(record) {
  if (!isPlain(record)) return "stats.error.record";
  const { played, won, wonUnassisted, streak, bestStreak, bestSeconds, bestScore, bestMoves } = record;
  if (![played, won, wonUnassisted, streak, bestStreak].every(isCount)) return "stats.error.count";
  if (won > played || wonUnassisted > won || streak > won || bestStreak > won || streak > bestStreak) return "stats.error.count";
  if (!isBest(bestSeconds, 0, MAX_SECONDS) || !isBest(bestScore, -MAX_SCORE, MAX_SCORE) || !isBest(bestMoves, 1, MAX_SCORE)) return "stats.error.best";
  return null;
}

/** Statistics of any known version, checked and brought to this version.
 *  `strict` (an import): any bad entry is a StatsError. Else bad entries are left out,
 *  and `dropped` counts them. A newer version is a StatsError with code "stats.error.newer". */
export function check(data, games, strict) {
  if (!isPlain(data)) throw new StatsError("stats.error.notStats");
  if (Number.isSafeInteger(data.version) && data.version > VERSION) throw new StatsError("stats.error.newer", { version: data.version });
  if (!Number.isSafeInteger(data.version) || data.version < 1) throw new StatsError("stats.error.notStats");
  if (!isPlain(data.records) || (data.daily !== undefined && !isPlain(data.daily))) throw new StatsError("stats.error.notStats");
  let stats = data;
  for (let version = data.version; version < VERSION; version += 1) stats = MIGRATIONS[version](stats);
  const clean = empty();
  let dropped = 0;
  const fail = (code, key) => {
    if (strict) throw new StatsError(code, { entry: String(key).slice(0, 60) });
    dropped += 1;
  };
  for (const [key, record] of Object.entries(stats.records)) {
    const problem = keyGame(key, games) ? recordProblem(record) : "stats.error.game";
    if (problem) fail(problem, key);
    else {
      const { played, won, wonUnassisted, streak, bestStreak, bestSeconds, bestScore, bestMoves } = record;
      clean.records[key] = { played, won, wonUnassisted, streak, bestStreak, bestSeconds, bestScore, bestMoves };
    }
  }
  for (const [key, result] of Object.entries(stats.daily ?? {})) {
    const [date, ...rest] = key.split("|");
    if (realDate(date) && keyGame(rest.join("|"), games) && DAILY_RESULTS.includes(result)) clean.daily[key] = result;
    else fail("stats.error.daily", key);
  }
  const bank = stats.vegasBank ?? 0;
  if (Number.isSafeInteger(bank) && Math.abs(bank) <= MAX_SCORE) clean.vegasBank = bank;
  else fail("stats.error.count", "vegasBank");
  return { stats: clean, dropped };
}

// -- what the page holds ------------------------------------------------------------
// `current` is the last statistics read or written; `readOnly` holds the reason when the
// stored statistics must not be written (a newer version, or unreadable).

let known = GAME_IDS; // the games the page lists; start() is given the engine's
let current = empty();
let readOnly = null;

export const vegasBank = () => current.vegasBank;

/** The statistics of a view's game and options, or null.
 * @param {View} view
 */
export const recordOf = (view) => current.records[slotKey(view.game, view.options)] ?? null;
export const problem = () => readOnly;

/** Read the stored statistics in a transaction; the problem with them (an i18n key and params) or null. */
async function readIn(transaction) {
  let data = await get(transaction, META, "stats");
  if (data === undefined) {
    data = legacy(); // before IndexedDB: localStorage, version 1
    if (data === undefined) return { stats: empty(), problem: null };
  }
  try {
    const { stats, dropped } = check(data, known, false);
    return { stats, problem: dropped ? { code: "stats.problem.dropped", params: { count: dropped } } : null, migrated: data.version !== VERSION };
  } catch (error) {
    const code = error.code === "stats.error.newer" ? "stats.problem.newer" : "stats.problem.unreadable";
    return { stats: empty(), problem: { code, params: error.params ?? {} }, readOnly: true };
  }
}

function legacy() {
  try {
    const text = localStorage.getItem(LEGACY_KEY);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return { unreadable: true };
  }
}

/** Read the statistics again (another tab may have counted a game); what was read. */
export async function refresh() {
  const read = await transact([META], "readonly", readIn);
  current = read.stats;
  readOnly = read.readOnly ? read.problem : null;
  return read;
}

/** Load the statistics (migrating older ones, checking them); the problem to tell the player, or null. */
export async function start(games) {
  known = games;
  const read = await refresh();
  if (read.migrated && !read.readOnly) {
    await transact([META], "readwrite", (transaction) => put(transaction, META, current, "stats"));
    try {
      localStorage.removeItem(LEGACY_KEY);
    } catch {
      // It stays; IndexedDB is read first from now on.
    }
  }
  return read.problem;
}

/** Change the statistics in `transaction` (over META): read, change, write; no write when read-only. */
async function changeIn(transaction, change) {
  const read = await readIn(transaction);
  if (read.readOnly) {
    readOnly = read.problem;
    return false;
  }
  change(read.stats);
  await put(transaction, META, read.stats, "stats");
  current = read.stats;
  return true;
}

/** Count a game that ended (`won`, or given up) into `stats`: played, won, streaks, bests, the
 *  Vegas bank and the day's result.
 * @param {View} view
 */
export function count(stats, view, won) {
  const key = slotKey(view.game, view.options);
  const record = stats.records[key] ?? { played: 0, won: 0, wonUnassisted: 0, streak: 0, bestStreak: 0, bestSeconds: null, bestScore: null, bestMoves: null };
  record.played += 1;
  if (won) {
    record.won += 1;
    record.streak += 1;
    record.bestStreak = Math.max(record.bestStreak, record.streak);
  }
  if (won && !view.assisted) {
    record.wonUnassisted += 1;
    record.bestSeconds = record.bestSeconds === null ? view.seconds : Math.min(record.bestSeconds, view.seconds);
    record.bestMoves = record.bestMoves === null ? view.moves : Math.min(record.bestMoves, view.moves);
    if (view.score !== null) record.bestScore = record.bestScore === null ? view.score : Math.max(record.bestScore, view.score);
  } else if (!won) {
    record.streak = 0;
  }
  stats.records[key] = record;
  if (view.rules.scoreCarriesOver && view.score !== null) stats.vegasBank += view.score; // cumulative Vegas (the engine says)
  if (view.daily) stats.daily[`${view.daily}|${key}`] = won ? (view.assisted ? "assisted" : "won") : "played";
}

/** A game ended (`won`, or given up): count it once, in one transaction with its record
 *  (`id`): the record is marked counted, or, when `forget`, deleted. Resolves to whether it
 *  was counted; rejects with a StoreError when nothing could be written.
 * @param {View} view
 */
export function countGame(view, won, id, forget = false) {
  return transact([GAMES, META], "readwrite", async (transaction) => {
    const record = await get(transaction, GAMES, id);
    const counted = record?.counted !== true && (await changeIn(transaction, (stats) => count(stats, view, won)));
    if (forget) await remove(transaction, GAMES, id);
    else if (record) await put(transaction, GAMES, { ...record, counted: true });
    return counted;
  });
}

/** A daily deal got its first move: mark the day as played.
 * @param {View} view
 */
export function markDailyPlayed(view) {
  if (!view.daily) return Promise.resolve(false);
  const key = `${view.daily}|${slotKey(view.game, view.options)}`;
  return transact([META], "readwrite", (transaction) =>
    changeIn(transaction, (stats) => {
      stats.daily[key] ??= "played";
    }),
  );
}

/** Replace every statistic (reset, or an import the player confirmed). */
export async function replace(stats = empty()) {
  await transact([META], "readwrite", (transaction) => put(transaction, META, stats, "stats"));
  current = stats;
  readOnly = null;
}

export const exportText = () => JSON.stringify(current, null, 2);

/** An import file's statistics, checked in every entry, with its totals for the question
 *  to the player; StatsError if it is not a statistics file. Nothing is written. */
export function readImport(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new StatsError("stats.error.notJson");
  }
  const { stats } = check(data, known, true);
  const records = Object.values(stats.records);
  return { stats, played: records.reduce((sum, r) => sum + r.played, 0), won: records.reduce((sum, r) => sum + r.won, 0) };
}

// -- the dialog ------------------------------------------------------------------

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

const clock = (seconds) => (seconds === null ? "–" : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`);

/** "One card · Vegas · Timed game": the choices made, switches named only when on. */
function variantText(key, language) {
  const [, options] = key.split("|");
  return options
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("="))
    .filter(([, value]) => value !== "off")
    .map(([name, value]) => (value === "on" ? optionLabel(name, language) : valueLabel(name, value, language)))
    .join(" · ");
}

function recordTable(stats, language) {
  const keys = Object.keys(stats.records).sort();
  if (keys.length === 0) return element("p", t("stats.none"));
  const table = element("table", undefined, { class: "stats-table", role: "table" });
  const head = element("tr", undefined, { role: "row" });
  const columns = ["stats.game", "stats.played", "stats.won", "stats.wonUnassisted", "stats.rate", "stats.streak", "stats.bestStreak", "stats.bestTime", "stats.bestMoves", "stats.bestScore"];
  for (const key of columns) head.append(element("th", t(key), { scope: "col", role: "columnheader" }));
  // On a phone each game's row is a card of labelled figures (style.css); the label comes from here.
  const cell = (text, column) => element("td", text, { "data-label": t(columns[column]), role: "cell" });
  const thead = element("thead", undefined, { role: "rowgroup" });
  thead.append(head);
  table.append(thead);
  const body = element("tbody", undefined, { role: "rowgroup" });
  for (const key of keys) {
    const record = stats.records[key];
    const row = element("tr", undefined, { role: "row" });
    const name = element("th", undefined, { scope: "row", role: "rowheader" });
    name.append(element("span", gameName(key.split("|")[0], language)), element("small", variantText(key, language)));
    row.append(
      name,
      cell(String(record.played), 1),
      cell(String(record.won), 2),
      cell(String(record.wonUnassisted), 3),
      cell(record.played ? `${Math.round((100 * record.won) / record.played)} %` : "–", 4),
      cell(String(record.streak), 5),
      cell(String(record.bestStreak), 6),
      cell(clock(record.bestSeconds), 7),
      cell(record.bestMoves === null ? "–" : String(record.bestMoves), 8),
      cell(record.bestScore === null ? "–" : String(record.bestScore), 9),
    );
    body.append(row);
  }
  table.append(body);
  return table;
}

/** A month of daily deals: a day is marked won if a daily of that date was won without help,
 *  else assisted if one was won with help, else played.
 *  Each day up to today is a button that opens that day's deal (`openDay(date)`). */
function calendar(stats, year, month, language, today, openDay) {
  const days = new Map();
  for (const [key, result] of Object.entries(stats.daily)) {
    const date = key.slice(0, 10);
    const best = days.get(date);
    if (!best || DAILY_RESULTS.indexOf(result) < DAILY_RESULTS.indexOf(best)) days.set(date, result);
  }
  const first = new Date(year, month, 1);
  const title = first.toLocaleDateString(language, { month: "long", year: "numeric" });
  const grid = element("div", undefined, { class: "calendar", role: "group", "aria-label": `${t("stats.calendar")} ${title}` });
  grid.append(element("div", title, { class: "calendar-title" }));
  const cells = element("div", undefined, { class: "calendar-days" });
  for (let weekday = 0; weekday < 7; weekday += 1) { // weeks start on Monday (1 January 2024 was one)
    const name = new Date(2024, 0, 1 + weekday);
    // Two letters (Mo, Tu; Mo, Di): a column is two digits wide.
    cells.append(element("abbr", name.toLocaleDateString(language, { weekday: "short" }).slice(0, 2), {
      class: "weekday", title: name.toLocaleDateString(language, { weekday: "long" }), "aria-hidden": "true" }));
  }
  const offset = (first.getDay() + 6) % 7;
  for (let i = 0; i < offset; i += 1) cells.append(element("span", "", { "aria-hidden": "true" }));
  const length = new Date(year, month + 1, 0).getDate();
  for (let day = 1; day <= length; day += 1) {
    const date = `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const result = days.get(date);
    const weekday = new Date(year, month, day).toLocaleDateString(language, { weekday: "long", day: "numeric", month: "long" });
    const label = result ? `${weekday}: ${t(`stats.daily.${result}`)}` : weekday;
    const attributes = { class: `day ${result ?? ""}`.trim(), "aria-label": label };
    if (date > today || !openDay) {
      cells.append(element("span", String(day), { ...attributes, role: "img" }));
      continue;
    }
    const button = element("button", String(day), { ...attributes, type: "button", title: `${label}. ${t("stats.openDay")}`, "data-date": date });
    button.addEventListener("click", () => openDay(date));
    cells.append(button);
  }
  grid.append(cells);
  return grid;
}

/** Fill the statistics dialog's body. */
export function renderStats(container, language, now = new Date(), openDay = null) {
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  const stats = current;
  const parts = readOnly ? [element("p", t(readOnly.code, readOnly.params), { class: "stats-problem" })] : [];
  parts.push(recordTable(stats, language));
  if (stats.vegasBank !== 0) parts.push(element("p", t("stats.vegas", { amount: `$${stats.vegasBank}` })));
  parts.push(element("h3", t("stats.calendar")));
  const months = element("div", undefined, { class: "calendars" });
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  months.append(
    calendar(stats, previous.getFullYear(), previous.getMonth(), language, today, openDay),
    calendar(stats, now.getFullYear(), now.getMonth(), language, today, openDay),
  );
  parts.push(months, element("p", t("stats.legend"), { class: "hint" }));
  container.replaceChildren(...parts);
}
