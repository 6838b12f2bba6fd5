// searches.js: the page's searches in the engine's worker: the live analysis ("still
// winnable?"), the daily deal and the winnable deal found before a game starts, and
// tomorrow's daily, prepared while the page is idle; and the deep analysis, in a second
// engine of its own, of a position the live analysis left unknown.
//
// The worker runs every search in slices and yields between them (engine-worker.js), so a
// move never waits behind one; here each search is started through searchInWorker, which
// holds it in the state while it runs, so that a new start can cancel it.

import { hideNotice, renderBar } from "./bar.js";
import { startSpareEngine } from "./engine.js";
import { t } from "./i18n.js";
import { $, state } from "./session.js";
import * as storage from "./storage.js";
import { today } from "./url.js";

// Priorities of the searches in the worker: the daily the player waits for, then the
// live analysis, then tomorrow's daily, which also rests between its slices.
const PRIORITY = { daily: 2, analysis: 1, tomorrow: 0 };
const IDLE_PAUSE_MS = 100; // between slices of tomorrow's daily: the worker mostly rests

/** Start a search in the worker (engine.js: `options` are its priority, pauseMs and onProgress),
 *  held in state[slot] until it ends; resolves to its last answer, or null once cancelled. */
function searchInWorker(slot, message, options) {
  const search = state.engine.search(message, options);
  state[slot] = search;
  return search.done.then((answer) => {
    if (state[slot] === search) state[slot] = null;
    return answer;
  });
}

// -- the live analysis: "still winnable?" ----------------------------------------------

/** Search the position on the table in the worker until there is a verdict; then use the
 *  idle time for tomorrow's daily. One search follows the table: the bridge's analysis
 *  always works on the position in play, so a move needs no new search. */
export function analyseSoon() {
  deepenSoon();
  if (state.view?.analysis?.status !== "searching") {
    if (document.documentElement.dataset.ready) prepareTomorrow();
    return;
  }
  if (state.analysis) return;
  searchInWorker("analysis", { type: "analyse" }, { priority: PRIORITY.analysis, onProgress: showAnalysis }).then((answer) => {
    if (!answer?.ok) return; // the engine failed: no new search until the next answer
    showAnalysis(answer);
    analyseSoon();
  });
}

function showAnalysis(answer) {
  if (!answer.ok || !state.view) return;
  state.view = { ...state.view, analysis: answer.analysis };
  renderBar(state.view);
}

// -- the deep analysis: a longer search in an engine of its own -------------------------

// The live analysis keeps to a budget whose memory the engine can hold for the whole visit
// (a worker's WebAssembly memory never shrinks). Where the command line searches longer
// (Klondike draw three: 600,000 positions against 150,000), a position the live analysis
// left unknown is searched again with that budget in a second engine, started for the
// search and stopped after it, so that its memory (up to about 340 MB) goes back at once.
// Its verdict joins the live analysis (the bridge's "learn", which replays a winning line),
// so hints follow it and undo finds it. Only once the player has asked (Winnable?, a hint:
// the game is assisted), as it costs that memory and minutes of a core; one position at a
// time: a move ends the search; a position is searched to its end once in a visit.

/** Start, keep or stop the deep analysis to follow the position on the table. */
function deepenSoon() {
  const view = state.view;
  const analysis = view?.analysis;
  const position = view?.assisted && analysis?.status === "unknown" && analysis.deeper ? analysis.position : null;
  if (state.deep && state.deep.position !== position) stopDeep();
  if (position && !state.deep && !state.deepTried.has(position)) deepen(position, view.save);
}

function stopDeep() {
  state.deep.stopped = true;
  state.deep.engine.stop();
  state.deep = null;
}

/** The deep analysis of `position` (the position of `save`): its progress in the bar, its verdict
 *  to the engine. Ended, it is not started again for the position in this visit, whatever
 *  came of it; a failure (the spare engine does not start, runs out of memory) leaves the
 *  verdict unknown. */
async function deepen(position, save) {
  const deep = { position, progress: null, engine: startSpareEngine(state.engine.start), stopped: false };
  state.deep = deep;
  renderBar(state.view); // "Checking…" from now on, not "Unknown"
  try {
    await deep.engine.ready;
    if (deep.stopped) return;
    const loaded = await deep.engine.call({ type: "deepen", save });
    if (!loaded.ok) throw new Error(loaded.error);
    const onProgress = (answer) => {
      if (deep.stopped || !answer.ok) return;
      deep.progress = answer.analysis.progress;
      if (state.view) renderBar(state.view);
    };
    const last = await deep.engine.search({ type: "analyse" }, { onProgress }).done;
    if (deep.stopped) return;
    if (!last?.ok) throw new Error(last?.reason ?? last?.error ?? "the search ended without a verdict");
    const verdict = await deep.engine.call({ type: "verdict" });
    if (!verdict.ok) throw new Error(verdict.error);
    const { status, line, nodes } = verdict;
    const learned = await state.engine.call({ type: "learn", save, status, line, nodes });
    if (!learned.ok) throw new Error(learned.error);
    state.deepTried.add(position);
    if (state.deep === deep) stopDeep();
    showAnalysis(learned);
    analyseSoon();
  } catch (error) {
    if (deep.stopped) return;
    console.warn("the deep analysis failed:", error?.message ?? error);
    state.deepTried.add(position);
    if (state.deep === deep) stopDeep();
    if (state.view) renderBar(state.view);
  } finally {
    deep.engine.stop();
  }
}

// -- before a start: a daily deal, a winnable deal ---------------------------------------

/** "Winnable deals only": the first deal from a random one on that the solver proves winnable,
 *  found in the worker (the notice counts the deals tried); null when a later start took over. */
export async function findWinnable(request, start) {
  const first = 1 + Math.floor(Math.random() * (2 ** 31 - 1));
  const message = { type: "winnable", game: request.game, options: request.options ?? {}, first };
  const answer = await searchBeforeStart(message, start, t("winnable.search"));
  if (answer === null) return null;
  return answer.ok && answer.found ? answer.deal : first; // a refused request: "new" explains it
}

/** Search for a daily deal in the worker, showing which candidate is tried; afterwards the
 *  bridge starts it at once. False when a later start took over (the search is dropped). */
export async function findDaily(request, start) {
  const key = storage.dailyKey(state.build, request);
  const message = { type: "daily", game: request.game, options: request.options ?? {}, date: request.daily };
  const known = storage.loadDailyCandidate(key);
  if (known !== null) message.candidate = known;
  const answer = await searchBeforeStart(message, start, searchText(request.daily));
  if (answer === null) return false;
  if (answer.ok && answer.found) storage.saveDailyCandidate(key, answer.candidate);
  return true; // if the request was bad, the "new" message explains what is wrong with it
}

/** A search in the worker for the game about to start (a daily, a winnable deal), its progress
 *  shown as `text` and the candidate tried; the last answer, or null when a later start took
 *  over (the search is dropped). */
async function searchBeforeStart(message, start, text) {
  try {
    const answer = await searchInWorker("dailySearch", message, {
      priority: PRIORITY.daily,
      onProgress: (progress) => start === state.starts && showSearch(text, progress.tried + 1, start),
    });
    return answer === null || start !== state.starts ? null : answer;
  } finally {
    endSearch(start);
  }
}

/** Cancel the searches for an earlier start and tomorrow's daily: a game is about to start.
 *  Tomorrow's daily starts again when the worker is idle. */
export function cancelSearches() {
  state.dailySearch?.cancel();
  state.preparing?.cancel();
}

// -- tomorrow's daily, while the page is idle -------------------------------------------

/** While the page is idle, find tomorrow's daily of the game on the table and remember it,
 *  so that tomorrow's first daily starts at once. The worker gives it the slices nothing
 *  else wants; a new game cancels it, and the bridge keeps the search's progress. */
function prepareTomorrow() {
  const view = state.view;
  if (state.preparing || !view || view.analysis?.status === "none") return;
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const request = { game: view.game, options: view.options, daily: today(date) };
  const key = storage.dailyKey(state.build, request);
  if (storage.loadDailyCandidate(key) !== null) return;
  const message = { type: "daily", game: request.game, options: request.options, date: request.daily };
  searchInWorker("preparing", message, { priority: PRIORITY.tomorrow, pauseMs: IDLE_PAUSE_MS }).then((answer) => {
    if (answer?.ok && answer.found) storage.saveDailyCandidate(key, answer.candidate);
  });
}

// -- saying what is searched ----------------------------------------------------------

const searchText = (date) => t(date === today() ? "daily.searchToday" : "daily.searchDate", { date });

/** Say which candidate is searched (`text`: what for): on the loading screen at start-up, else
 *  in the notice. Only the sentence is read out; the candidate count changes too often for a screen reader. */
function showSearch(text, candidate, start) {
  const count = t("daily.candidate", { candidate });
  const place = $("loading").hidden ? $("notice") : $("loading-text");
  if (place.firstChild?.textContent !== text) place.replaceChildren(text, " ", span(count));
  else place.lastChild.textContent = count;
  if (place === $("notice")) {
    state.searchNotice = start;
    clearTimeout(state.noticeTimer);
    state.noticeTimer = 0;
    place.hidden = false;
  }
}

/** A span that screen readers skip. */
function span(text) {
  const element = document.createElement("span");
  element.setAttribute("aria-hidden", "true");
  element.textContent = text;
  return element;
}

function endSearch(start) {
  if (state.searchNotice !== start) return;
  state.searchNotice = 0;
  hideNotice();
}
