// bar.js: the bar above the table (the game's name, deal, score, moves, time, mode and
// verdict), its clock, the notice under it, and what a win did to the statistics.

import { language, t } from "./i18n.js";
import { looks } from "./looks.js";
import { $, send, state } from "./session.js";
import * as stats from "./stats.js";
import { clockText, dollars, gameName } from "./text.js";

/** @typedef {import("../types/protocol").View} View */

const DIFFICULTIES = ["easy", "medium", "hard", "expert"];
const VERDICTS = ["winnable", "unwinnable", "unknown", "searching"];

/** The bar: the game's name, deal, score, moves, time, mode and verdict; `deal` overrides the view's deal label.
 *  While the page starts, only what the bar shows is known (app.js).
 * @param {Partial<View>} view
 */
export function renderBar(view, dealText = null) {
  $("game-picker").value = view.game;
  document.title = `${gameName(view.game, language())} · ${t("page.title")}`;
  const deal = dealText ?? (view.daily ? t("deal.daily", { date: view.daily }) : t("deal.number", { deal: view.deal }));
  const difficulty = looks().hideDifficulty ? null : view.analysis?.difficulty;
  const dealWords = view.assisted ? t("deal.assisted", { deal }) : deal;
  $("deal-label").textContent = difficulty ? t("deal.difficulty", { deal: dealWords, difficulty: t(`difficulty.${difficulty}`) }) : dealWords;
  const status = view.analysis?.status ?? "none";
  // The verdict only once asked for (the game then counts as assisted); never when hidden in Settings.
  $("winnable-stat").hidden = status === "none" || looks().hideWinnable;
  $("check-winnable").hidden = Boolean(view.assisted);
  $("winnable").hidden = !view.assisted;
  // A deep analysis (searches.js) still checks the position the analysis left unknown; its
  // progress goes on from where the analysis stopped.
  const deep = status === "unknown" && view.analysis.deeper && state.deep?.position === view.analysis.position ? state.deep : null;
  const shown = deep ? "searching" : status;
  $("winnable").textContent = verdictText(shown, deep?.progress ?? view.analysis?.progress);
  // Room from the start for the longest difficulty and verdict: when the proof comes in, the bar
  // keeps its rows and the table does not move (no layout shift).
  const labels = DIFFICULTIES.map((name) => t("deal.difficulty", { deal: dealWords, difficulty: t(`difficulty.${name}`) }));
  $("deal-label").style.minWidth = `${widest($("deal-label"), labels)}px`;
  $("winnable").style.minWidth = `${widest($("winnable"), [...VERDICTS.map((name) => t(`winnable.${name}`)), verdictText("searching", 99)])}px`;
  $("winnable").dataset.status = shown;
  $("score").textContent = scoreText(view);
  $("moves").textContent = String(view.moves);
  $("time").textContent = clockText(view.seconds);
  $("mode").textContent = view.statusLine;
  $("mode-line").textContent = view.statusLine;
  $("undo").disabled = !view.canUndo;
  $("redo").disabled = !view.canRedo;
  $("complete").hidden = !view.canComplete;
  if (view.status === "stuck") showNotice(t("notice.stuck"), false);
  else if (!state.noticeTimer && !state.searchNotice) hideNotice();
}

/** The verdict as the bar says it; a search under way says how much of its budget it has spent. */
function verdictText(status, progress) {
  if (status === "none") return "";
  if (status === "searching" && progress) return t("winnable.progress", { percent: progress });
  return t(`winnable.${status}`);
}

const measuring = document.createElement("canvas").getContext("2d");
/** The width in px of the widest of these texts in the element's font. */
function widest(element, texts) {
  measuring.font = getComputedStyle(element).font;
  return Math.ceil(Math.max(...texts.map((text) => measuring.measureText(text).width)));
}

/** @param {Partial<View>} view */
function scoreText(view) {
  if (view.score === null) return "–";
  if (!view.rules.scoreInDollars) return String(view.score);
  if (view.rules.scoreCarriesOver) return t("score.total", { amount: dollars(stats.vegasBank() + view.score) });
  return dollars(view.score);
}

/** Once a second, while the clock runs: the time counts on in the page, from the view's
 *  seconds; where the time lowers the score (Klondike, timed), the engine's small "clock"
 *  answer brings both. */
export async function tick() {
  const view = state.view;
  if (!view?.clockRunning) return;
  if (view.rules.scoreRunsWithClock) {
    const answer = await send({ type: "clock" });
    if (!answer.ok || state.view !== view) return;
    state.view = { ...view, seconds: answer.seconds, score: answer.score };
    state.viewAt = performance.now();
    renderBar(state.view);
    return;
  }
  $("time").textContent = clockText(view.seconds + Math.floor((performance.now() - state.viewAt) / 1000));
}

/** What a win did to the statistics: "Klondike: 5 won of 9, streak 3 (best 4). A new best: time 3:02."
 * @param {View} view
 */
export function winStats(view) {
  const record = stats.recordOf(view);
  if (!record) return "";
  const game = gameName(view.game, language());
  const parts = [t("won.stats", { game, won: record.won, played: record.played, streak: record.streak, bestStreak: record.bestStreak })];
  const bests = [];
  if (!view.assisted && record.bestSeconds === view.seconds) bests.push(t("won.time", { time: clockText(view.seconds) }));
  if (!view.assisted && record.bestMoves === view.moves) bests.push(t("won.moves", { moves: view.moves }));
  if (!view.assisted && view.score !== null && record.bestScore === view.score) bests.push(t("won.score", { score: view.score }));
  if (bests.length) parts.push(t("won.best", { what: bests.join(", ") }));
  return parts.join(" ");
}

// -- the notice ----------------------------------------------------------------------

/** `spoken`, when given, is what a screen reader reads instead of `text` (card names for 7♦). */
export function showNotice(text, fades, ms = 5000, spoken = null) {
  const notice = $("notice");
  if (spoken !== null) {
    const shown = Object.assign(document.createElement("span"), { textContent: text });
    shown.setAttribute("aria-hidden", "true");
    notice.replaceChildren(shown, Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: spoken }));
  } else if (notice.textContent !== text) notice.textContent = text; // role="alert": a new text is read out
  notice.hidden = false;
  clearTimeout(state.noticeTimer);
  state.noticeTimer = fades ? setTimeout(() => { state.noticeTimer = 0; hideNotice(); }, ms) : 0;
}

export function hideNotice() {
  $("notice").hidden = true;
}

export const notify = (text) => showNotice(text, true);
