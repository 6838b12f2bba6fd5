// stats.js: statistics per game and option set, and the calendar of daily deals.
//
// A game counts when it ends: won, or given up by starting another after at
// least one move. Stored under one localStorage key, exported and imported
// as a JSON file. Only numbers and known keys are kept from an import, so a
// file can never put markup or junk into the page.

import { t } from "./i18n.js";
import { gameName, optionLabel, valueLabel } from "./text.js";

const KEY = "solitaire.stats";
const VERSION = 1;

export class StatsError extends Error {}

function empty() {
  return { version: VERSION, records: {}, daily: {}, vegasBank: 0 };
}

export function load() {
  try {
    return sanitize(JSON.parse(localStorage.getItem(KEY)));
  } catch {
    return empty();
  }
}

function save(stats) {
  try {
    localStorage.setItem(KEY, JSON.stringify(stats));
  } catch {
    // Storage full or blocked: statistics are best effort.
  }
}

/** The key of a game and option set: "klondike|draw=3,open=off,...". */
export function recordKey(game, options) {
  const parts = Object.keys(options).sort().map((name) => `${name}=${options[name]}`);
  return `${game}|${parts.join(",")}`;
}

const dailyKey = (view) => `${view.daily}|${recordKey(view.game, view.options)}`;

const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
const best = (value) => (Number.isFinite(value) ? value : null);

/** Keep only well-formed entries; throw StatsError if `data` is not statistics at all. */
export function sanitize(data) {
  if (data === null || data === undefined) return empty();
  if (typeof data !== "object" || data.version !== VERSION || typeof data.records !== "object" || data.records === null) {
    throw new StatsError("not a statistics file of this game");
  }
  const clean = empty();
  for (const [key, record] of Object.entries(data.records)) {
    if (!/^[a-z-]+\|[a-z0-9=,-]*$/.test(key) || typeof record !== "object" || record === null) continue;
    clean.records[key] = {
      played: count(record.played),
      won: Math.min(count(record.won), count(record.played)),
      streak: count(record.streak),
      bestStreak: count(record.bestStreak),
      bestSeconds: best(record.bestSeconds),
      bestScore: best(record.bestScore),
    };
  }
  for (const [key, result] of Object.entries(data.daily ?? {})) {
    if (/^\d{4}-\d{2}-\d{2}\|[a-z-]+\|[a-z0-9=,-]*$/.test(key) && (result === "won" || result === "played")) {
      clean.daily[key] = result;
    }
  }
  clean.vegasBank = Number.isSafeInteger(data.vegasBank) ? data.vegasBank : 0;
  return clean;
}

function update(change) {
  const stats = load();
  change(stats);
  save(stats);
  return stats;
}

/** A game ended: `view` is its last view; `won` whether it was won. */
export function recordGame(view, won) {
  update((stats) => {
    const key = recordKey(view.game, view.options);
    const record = stats.records[key] ?? { played: 0, won: 0, streak: 0, bestStreak: 0, bestSeconds: null, bestScore: null };
    record.played += 1;
    if (won) {
      record.won += 1;
      record.streak += 1;
      record.bestStreak = Math.max(record.bestStreak, record.streak);
      record.bestSeconds = record.bestSeconds === null ? view.seconds : Math.min(record.bestSeconds, view.seconds);
      if (view.score !== null) record.bestScore = record.bestScore === null ? view.score : Math.max(record.bestScore, view.score);
    } else {
      record.streak = 0;
    }
    stats.records[key] = record;
    if (view.game === "klondike" && view.options.scoring === "vegas-cumulative" && view.score !== null) {
      stats.vegasBank += view.score;
    }
    if (view.daily) stats.daily[dailyKey(view)] = won ? "won" : "played";
  });
}

/** A daily deal got its first move: mark the day as played. */
export function markDailyPlayed(view) {
  if (!view.daily) return;
  update((stats) => {
    stats.daily[dailyKey(view)] ??= "played";
  });
}

export const vegasBank = () => load().vegasBank;

export function reset() {
  save(empty());
}

export function exportText() {
  return JSON.stringify(load(), null, 2);
}

/** Replace the statistics with an imported file's; StatsError (and no change) if it is not one. */
export function importText(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new StatsError("the file is not JSON");
  }
  if (data === null) throw new StatsError("not a statistics file of this game");
  save(sanitize(data));
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
  const table = element("table", undefined, { class: "stats-table" });
  const head = element("tr");
  for (const key of ["stats.game", "stats.played", "stats.won", "stats.rate", "stats.streak", "stats.bestStreak", "stats.bestTime", "stats.bestScore"]) {
    head.append(element("th", t(key), { scope: "col" }));
  }
  const thead = element("thead");
  thead.append(head);
  table.append(thead);
  const body = element("tbody");
  for (const key of keys) {
    const record = stats.records[key];
    const row = element("tr");
    const name = element("th", undefined, { scope: "row" });
    name.append(element("span", gameName(key.split("|")[0], language)), element("small", variantText(key, language)));
    row.append(
      name,
      element("td", String(record.played)),
      element("td", String(record.won)),
      element("td", record.played ? `${Math.round((100 * record.won) / record.played)} %` : "–"),
      element("td", String(record.streak)),
      element("td", String(record.bestStreak)),
      element("td", clock(record.bestSeconds)),
      element("td", record.bestScore === null ? "–" : String(record.bestScore)),
    );
    body.append(row);
  }
  table.append(body);
  return table;
}

/** A month of daily deals: a day is marked won if any daily of that date was won, else played. */
function calendar(stats, year, month, language) {
  const days = new Map();
  for (const [key, result] of Object.entries(stats.daily)) {
    const date = key.slice(0, 10);
    if (days.get(date) !== "won") days.set(date, result);
  }
  const first = new Date(year, month, 1);
  const title = first.toLocaleDateString(language, { month: "long", year: "numeric" });
  // A labelled group of the month holding a list of its days ("12: won").
  const grid = element("div", undefined, { class: "calendar", role: "group", "aria-label": `${t("stats.calendar")} ${title}` });
  grid.append(element("div", title, { class: "calendar-title" }));
  const cells = element("div", undefined, { class: "calendar-days", role: "list" });
  const offset = (first.getDay() + 6) % 7; // weeks start on Monday
  for (let i = 0; i < offset; i += 1) cells.append(element("span", "", { "aria-hidden": "true" }));
  const length = new Date(year, month + 1, 0).getDate();
  for (let day = 1; day <= length; day += 1) {
    const date = `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const result = days.get(date);
    const label = result ? `${day}: ${t(result === "won" ? "stats.dailyWon" : "stats.dailyPlayed")}` : String(day);
    cells.append(element("span", String(day), { class: `day ${result ?? ""}`.trim(), role: "listitem", title: label, "aria-label": label }));
  }
  grid.append(cells);
  return grid;
}

/** Fill the statistics dialog's body. */
export function renderStats(container, language, now = new Date()) {
  const stats = load();
  const parts = [recordTable(stats, language)];
  if (stats.vegasBank !== 0) parts.push(element("p", t("stats.vegas", { amount: `$${stats.vegasBank}` })));
  parts.push(element("h3", t("stats.calendar")));
  const months = element("div", undefined, { class: "calendars" });
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  months.append(
    calendar(stats, previous.getFullYear(), previous.getMonth(), language),
    calendar(stats, now.getFullYear(), now.getMonth(), language),
  );
  parts.push(months, element("p", t("stats.legend"), { class: "hint" }));
  container.replaceChildren(...parts);
}
