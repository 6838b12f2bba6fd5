// bar.js: the bar above the table (the game's name, deal, score, moves, time, mode and
// verdict), its clock, the notice under it, and what a win did to the statistics.

import { language, t } from "./i18n.js";
import { looks } from "./looks.js";
import { $, send, state } from "./session.js";
import * as stats from "./stats.js";
import { DIFFICULTIES, VERDICTS, dealLabel, dealWords, scoreText, shownVerdict, verdictText, winStats as winText } from "./bar-text.js";
import { clockText, gameName } from "./text.js";

/** @typedef {import("../types/protocol").View} View */

/** The bar: the game's name, deal, score, moves, time, mode and verdict; `deal` overrides the view's deal label.
 *  While the page starts, only what the bar shows is known (app.js).
 * @param {Partial<View>} view
 */
export function renderBar(view, dealText = null) {
  $("game-picker").value = view.game;
  document.title = `${gameName(view.game, language())} · ${t("page.title")}`;
  const words = dealWords(view, dealText);
  $("deal-label").textContent = dealLabel(words, looks().hideDifficulty ? null : view.analysis?.difficulty);
  // The verdict only once asked for (the game then counts as assisted); never when hidden in Settings.
  $("winnable-stat").hidden = (view.analysis?.status ?? "none") === "none" || looks().hideWinnable;
  $("check-winnable").hidden = Boolean(view.assisted);
  $("winnable").hidden = !view.assisted;
  const shown = shownVerdict(view, state.deep);
  $("winnable").textContent = verdictText(shown.status, shown.progress);
  // Room from the start for the longest difficulty and verdict: when the proof comes in, the bar
  // keeps its rows and the table does not move (no layout shift).
  $("deal-label").style.minWidth = `${widest($("deal-label"), DIFFICULTIES.map((name) => dealLabel(words, name)))}px`;
  $("winnable").style.minWidth = `${widest($("winnable"), [...VERDICTS.map((name) => t(`winnable.${name}`)), verdictText("searching", 99)])}px`;
  $("winnable").dataset.status = shown.status;
  $("score").textContent = scoreText(view, stats.vegasBank());
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

const measuring = document.createElement("canvas").getContext("2d");
/** The width in px of the widest of these texts in the element's font. */
function widest(element, texts) {
  measuring.font = getComputedStyle(element).font;
  return Math.ceil(Math.max(...texts.map((text) => measuring.measureText(text).width)));
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

/** What a win did to the statistics (bar-text.js), from the game's record.
 * @param {View} view
 */
export const winStats = (view) => winText(view, stats.recordOf(view));

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
