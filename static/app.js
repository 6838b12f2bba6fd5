// app.js: starts the page and wires the engine, the table, input, storage and dialogs.
//
// State lives in Python, in the engine's worker (engine.js); this file keeps
// only the last view (with its save), the card the player holds, the table's
// geometry for hit-testing, the searches running in the worker, and a
// challenge read from the address (after Python has verified it). Every
// message to Python is answered asynchronously; the main thread only draws.

import "./offline.js";
import * as motion from "./animate.js";
import { engineStarting } from "./boot.js";
import { browserLanguage, language, setLanguage, t } from "./i18n.js";
import { announce, describeChange, describeHint } from "./announce.js";
import { attachInput } from "./input.js";
import { attachKeyboard } from "./keyboard.js";
import { fillLooksForm, looks, readLooksForm, setLooks } from "./looks.js";
import { showRules } from "./rules.js";
import * as stats from "./stats.js";
import * as storage from "./storage.js";
import { drawTable } from "./table.js";
import { prepareCards } from "./cards.js";
import { gameName, optionLabel, valueLabel } from "./text.js";
import { dealUrl, requestFromUrl, today } from "./url.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const state = {
  engine: null, // startEngine()'s {call, search, build, start}
  view: null,
  pick: null,
  hint: null,
  geometry: null,
  noticeTimer: 0,
  saveTimer: 0,
  analysis: null, // the live analysis's search in the worker, while it runs
  dailySearch: null, // the search for the daily deal about to start
  games: [],
  challenge: null,
  keyboard: null,
  build: null, // which build of Python answers (engine.js), part of what the page remembers of dailies
  starts: 0, // counts the games started: a daily search sees a later start and gives up
  searchNotice: 0, // the start whose daily search the notice shows, else 0
  preparing: null, // the background search for tomorrow's daily, while it runs
};
// Priorities of the searches in the worker: the daily the player waits for, then the
// live analysis, then tomorrow's daily, which also rests between its slices.
const PRIORITY = { daily: 2, analysis: 1, tomorrow: 0 };
const IDLE_PAUSE_MS = 100; // between slices of tomorrow's daily: the worker mostly rests

/** A task of its own for what follows: the browser draws and handles input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// -- talking to the engine ------------------------------------------------------

/** One message to Python; the answer, remembering the last error so that start-up can explain a fallback. */
async function send(message) {
  const answer = await state.engine.call(message);
  if (!answer.ok) state.lastError = answer.error;
  return answer;
}

// Input that arrives while the engine is answering waits for the answer, so that it is
// judged against the table the player will see (the view's legal moves, the game in
// progress), not the one before. The board says so with aria-busy meanwhile.
const exchanges = { open: 0, waiting: [] };

/** Run `work` (async, it talks to the engine) as one exchange; input meanwhile waits (whenIdle). */
async function exchange(work) {
  exchanges.open += 1;
  board.setAttribute("aria-busy", "true");
  try {
    return await work();
  } finally {
    exchanges.open -= 1;
    if (exchanges.open === 0) {
      board.removeAttribute("aria-busy");
      runWaiting();
    }
  }
}

/** Run `action` now if no exchange is open, else once the open ones have ended. */
function whenIdle(action) {
  if (exchanges.open === 0 && !exchanges.waiting.length) action();
  else exchanges.waiting.push(action);
}

function runWaiting() {
  while (exchanges.open === 0 && exchanges.waiting.length) exchanges.waiting.shift()();
}

/** Send a message; on success show the new view, on failure say why (unless `quiet`). Resolves to success. */
function act(message, quiet = false) {
  return exchange(() => actNow(message, quiet));
}

async function actNow(message, quiet) {
  const answer = await send(message);
  if (!answer.ok) {
    if (!quiet) notify(answer.error);
    return false;
  }
  const previous = state.view;
  state.view = answer;
  state.pick = null;
  state.hint = null;
  render(message.type);
  announce(describeChange(previous, answer, message));
  save();
  analyseSoon();
  if (answer.moves > 0 && !(previous?.moves > 0)) stats.markDailyPlayed(answer);
  if (answer.status === "won" && previous?.status !== "won") {
    countGame(answer, true);
    motion.celebrate(board).then(() => stillWon(answer) && showWin());
  }
  return true;
}

/** Is the game on the table still the one won (a celebration ends, unless play went on meanwhile)? */
function stillWon(won) {
  const view = state.view;
  return view.status === "won" && view.game === won.game && view.deal === won.deal && view.moves === won.moves && !$("won").open;
}

/** Save soon, after the browser has drawn the move and the cards have landed (saving is not on the click's path). */
function save() {
  if (!state.saveTimer) state.saveTimer = setTimeout(saveNow, motion.busyFor());
}

/** Store the game as the last view carries it (no round trip: the page may be closing). */
function saveNow() {
  clearTimeout(state.saveTimer);
  state.saveTimer = 0;
  if (!state.view?.save) return;
  const { save, ...view } = state.view;
  storage.saveGame(save);
  storage.saveView(view);
}

/** Count a finished game in the statistics, once. */
function countGame(view, won) {
  const key = `${view.game}|${view.daily ?? view.deal}|${JSON.stringify(view.options)}`;
  if (storage.loadCounted() === key) return;
  storage.saveCounted(key);
  stats.recordGame(view, won);
}

// -- drawing ---------------------------------------------------------------------

/** Redraw the table and the bar; `cause` is the type of the message that changed the view. */
function render(cause = null) {
  renderBar(state.view); // first: the bar may change its height, and the table is drawn for the room left
  state.geometry = drawBoard(state.view, state.pick, state.hint, cause);
}

/** Redraw the table (the cards glide from where they were), then put the keyboard focus back on it.
 *  While the page starts, the first table just appears: nothing was on the table to glide from, and
 *  the page is ready sooner without the work of a deal. */
function drawBoard(view, pick, hint = null, cause = null) {
  const animated = document.documentElement.dataset.ready === "true";
  const before = animated ? motion.before(board) : null;
  const geometry = drawTable(board, view, pick, hint);
  if (animated) motion.after(board, before, cause);
  state.keyboard?.drawn();
  return geometry;
}

/** Was the table drawn for the board's size now? (table.js sizes its viewBox to the board.) */
const drawnForSize = () => board.getAttribute("viewBox") === `0 0 ${board.clientWidth} ${board.clientHeight}`;

/** The bar: the game's name, deal, score, moves, time, mode and verdict; `deal` overrides the view's deal label. */
function renderBar(view, dealText = null) {
  $("game-picker").value = view.game;
  document.title = `${gameName(view.game, language())} · ${t("page.title")}`;
  const deal = dealText ?? (view.daily ? t("deal.daily", { date: view.daily }) : t("deal.number", { deal: view.deal }));
  const difficulty = view.analysis?.difficulty;
  $("deal-label").textContent = difficulty ? t("deal.difficulty", { deal, difficulty: t(`difficulty.${difficulty}`) }) : deal;
  const status = view.analysis?.status ?? "none";
  $("winnable-stat").hidden = status === "none";
  $("winnable").textContent = status === "none" ? "" : t(`winnable.${status}`);
  // Room from the start for the longest difficulty and verdict: when the proof comes in, the bar
  // keeps its rows and the table does not move (no layout shift).
  const labels = DIFFICULTIES.map((name) => t("deal.difficulty", { deal, difficulty: t(`difficulty.${name}`) }));
  $("deal-label").style.minWidth = `${widest($("deal-label"), labels)}px`;
  $("winnable").style.minWidth = `${widest($("winnable"), VERDICTS.map((name) => t(`winnable.${name}`)))}px`;
  $("winnable").dataset.status = status;
  $("score").textContent = scoreText(view);
  $("moves").textContent = String(view.moves);
  $("time").textContent = clockText(view.seconds);
  $("mode").textContent = view.statusLine;
  $("undo").disabled = !view.canUndo;
  $("redo").disabled = !view.canRedo;
  $("complete").hidden = !view.canComplete;
  if (view.status === "stuck") showNotice(t("notice.stuck"), false);
  else if (!state.noticeTimer && !state.searchNotice) hideNotice();
}

const DIFFICULTIES = ["easy", "medium", "hard", "expert"];
const VERDICTS = ["winnable", "unwinnable", "unknown", "searching"];
const measuring = document.createElement("canvas").getContext("2d");
/** The width in px of the widest of these texts in the element's font. */
function widest(element, texts) {
  measuring.font = getComputedStyle(element).font;
  return Math.ceil(Math.max(...texts.map((text) => measuring.measureText(text).width)));
}

function scoreText(view) {
  if (view.score === null) return "–";
  const scoring = view.options.scoring;
  if (scoring === "vegas") return dollars(view.score);
  if (scoring === "vegas-cumulative") return t("score.total", { amount: dollars(stats.vegasBank() + view.score) });
  return String(view.score);
}

const dollars = (amount) => (amount < 0 ? `−$${-amount}` : `$${amount}`);
const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function showNotice(text, fades) {
  const notice = $("notice");
  if (notice.textContent !== text) notice.textContent = text; // role="alert": a new text is read out
  notice.hidden = false;
  clearTimeout(state.noticeTimer);
  state.noticeTimer = fades ? setTimeout(() => { state.noticeTimer = 0; hideNotice(); }, 5000) : 0;
}

function hideNotice() {
  $("notice").hidden = true;
}

const notify = (text) => showNotice(text, true);

function resultText(moves, score, seconds = null) {
  const parts = [t("won.moves", { moves })];
  if (seconds !== null) parts.push(t("won.time", { time: clockText(seconds) }));
  if (score !== null) parts.push(t("won.score", { score }));
  return parts.join(", ");
}

function showWin() {
  const view = state.view;
  const which = view.daily ? t("won.daily", { date: view.daily }) : t("won.deal", { deal: view.deal });
  $("won-summary").textContent = t("won.summary", { deal: which, details: resultText(view.moves, view.score, view.seconds) });
  const challenge = challengeFor(view);
  $("won-challenge").hidden = !challenge;
  if (challenge) {
    $("won-challenge").textContent = t("challenge.compare", {
      theirs: resultText(challenge.moves, challenge.score),
      yours: resultText(view.moves, view.score),
    });
  }
  $("won").showModal();
}

// -- actions ---------------------------------------------------------------------

// -- the live analysis: "still winnable?" ----------------------------------------------

/** Search the position on the table in the worker until there is a verdict; then use the
 *  idle time for tomorrow's daily. One search follows the table: the bridge's analysis
 *  always works on the position in play, so a move needs no new search. */
function analyseSoon() {
  if (state.view?.analysis?.status !== "searching") {
    if (document.documentElement.dataset.ready) prepareTomorrow();
    return;
  }
  if (state.analysis) return;
  const search = state.engine.search({ type: "analyse" }, { priority: PRIORITY.analysis, onProgress: showAnalysis });
  state.analysis = search;
  search.done.then((answer) => {
    if (state.analysis === search) state.analysis = null;
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

function showHint() {
  return exchange(showHintNow);
}

async function showHintNow() {
  const answer = await send({ type: "hint" });
  if (!answer.ok) return notify(answer.error);
  const hint = answer.hint;
  if (hint.kind === "none") return notify(t("hint.none"));
  if (hint.kind === "stock") notify(t("hint.stock"));
  state.hint = hint;
  state.pick = null;
  if (hint.from) state.keyboard?.focusOn({ pile: hint.from, index: hint.index });
  state.geometry = drawBoard(state.view, null, hint);
  announce(describeHint(state.view, hint));
  return undefined;
}

const game = {
  ready: () => state.engine !== null && state.view !== null,
  busy: () => exchanges.open > 0,
  whenIdle,
  view: () => state.view,
  geometry: () => state.geometry,
  currentPick: () => state.pick,
  pick(pick) {
    state.pick = pick;
    state.hint = null;
    state.geometry = drawBoard(state.view, state.pick);
  },
  move: (from, to) => actElsePick({ type: "move", from: from.pile, index: from.index, to }, null),
  toFoundation: (from) => actElsePick({ type: "foundation", from: from.pile, index: from.index }, null),
  // Tap to move (a setting): the card goes to its best place, as Python chooses; where it cannot choose, the card is picked up.
  tapToMove: () => looks().tapToMove,
  tap: (from) => actElsePick({ type: "tap", from: from.pile, index: from.index }, from, true),
  stock: () => act({ type: "stock" }),
  undo: () => act({ type: "undo" }),
  redo: () => act({ type: "redo" }),
  complete: () => act({ type: "complete" }),
  hint: showHint,
  newGame: () => confirmThen(() => startGame({ game: state.view.game, options: state.view.options })),
  dailyGame: () => confirmThen(() => startGame({ game: state.view.game, options: state.view.options, daily: today() })),
};

/** A move of the player's; if the engine refuses it, `pick` is what the player holds afterwards. */
function actElsePick(message, pick, quiet = false) {
  return exchange(async () => (await actNow(message, quiet)) || game.pick(pick));
}

function inProgress() {
  return state.view && state.view.moves > 0 && state.view.status !== "won";
}

/** Ask before an action that loses something; the new-game question unless told otherwise. */
function confirmThen(action, texts = null, always = false) {
  if (!always && !inProgress()) return action();
  const dialog = $("confirm");
  $("confirm-title").textContent = t(texts?.title ?? "confirm.title");
  $("confirm-text").textContent = t(texts?.text ?? "confirm.text");
  $("confirm-ok").textContent = t(texts?.ok ?? "confirm.ok");
  $("confirm-cancel").textContent = t("confirm.keep");
  dialog.returnValue = "";
  dialog.showModal();
  dialog.addEventListener("close", () => dialog.returnValue === "ok" && action(), { once: true });
  return undefined;
}

/** Start a new game (a daily deal is found first, in the worker); a game given up
 *  after some moves counts as lost first. False if it failed or a later start took over. */
async function startGame(request) {
  const start = ++state.starts;
  state.dailySearch?.cancel(); // an earlier start's search: its game will not be played
  state.preparing?.cancel(); // tomorrow's daily gives way; it starts again when the worker is idle
  if (request.daily && !(await findDaily(request, start))) return false;
  if (start !== state.starts) return false;
  if (inProgress()) countGame(state.view, false);
  const ok = await act({ type: "new", ...request });
  if (ok) storage.saveOptions(request.game, state.view.options);
  return ok;
}

// -- daily deals: found in the worker, in slices ---------------------------------------

/** What names a remembered daily: the build of Python that found it, game, options, date. */
function dailyKey(request) {
  const options = Object.entries(request.options ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([state.build, request.game, options, request.daily]);
}

/** Search for a daily deal in the worker, showing which candidate is tried; afterwards the
 *  bridge starts it at once. False when a later start took over (the search is dropped). */
async function findDaily(request, start) {
  const key = dailyKey(request);
  const message = { type: "daily", game: request.game, options: request.options ?? {}, date: request.daily };
  const known = storage.loadDailyCandidate(key);
  if (known !== null) message.candidate = known;
  const search = state.engine.search(message, {
    priority: PRIORITY.daily,
    onProgress: (answer) => start === state.starts && showSearch(request.daily, answer.tried + 1, start),
  });
  state.dailySearch = search;
  try {
    const answer = await search.done;
    if (answer === null || start !== state.starts) return false;
    if (answer.ok && answer.found) storage.saveDailyCandidate(key, answer.candidate);
    return true; // if the request was bad, the "new" message explains what is wrong with it
  } finally {
    if (state.dailySearch === search) state.dailySearch = null;
    endSearch(start);
  }
}

/** While the page is idle, find tomorrow's daily of the game on the table and remember it,
 *  so that tomorrow's first daily starts at once. The worker gives it the slices nothing
 *  else wants; a new game cancels it, and the bridge keeps the search's progress. */
function prepareTomorrow() {
  const view = state.view;
  if (state.preparing || !view || view.analysis?.status === "none") return;
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const request = { game: view.game, options: view.options, daily: today(date) };
  const key = dailyKey(request);
  if (storage.loadDailyCandidate(key) !== null) return;
  const message = { type: "daily", game: request.game, options: request.options, date: request.daily };
  const search = state.engine.search(message, { priority: PRIORITY.tomorrow, pauseMs: IDLE_PAUSE_MS });
  state.preparing = search;
  search.done.then((answer) => {
    if (state.preparing === search) state.preparing = null;
    if (answer?.ok && answer.found) storage.saveDailyCandidate(key, answer.candidate);
  });
}

/** Say which candidate is searched: on the loading screen at start-up, else in the notice.
 *  Only the sentence is read out; the candidate count changes too often for a screen reader. */
function showSearch(date, candidate, start) {
  const text = t(date === today() ? "daily.searchToday" : "daily.searchDate", { date });
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

// -- challenges ----------------------------------------------------------------------

/** The verified challenge of this deal, if the address brought one. */
function challengeFor(view) {
  const challenge = state.challenge;
  if (!challenge || challenge.game !== view.game || JSON.stringify(challenge.options) !== JSON.stringify(view.options)) return null;
  return (challenge.daily ?? challenge.deal) === (view.daily ?? view.deal) ? challenge : null;
}

/** Replay a challenge's moves in Python; nothing from the link is believed before that. */
async function checkChallenge(request) {
  const claim = { game: state.view.game, options: state.view.options, moves: request.challenge };
  if (state.view.daily) claim.daily = state.view.daily;
  else claim.deal = state.view.deal;
  const answer = await send({ type: "verify", ...claim });
  if (!answer.ok) {
    notify(t("challenge.bad", { error: answer.error }));
  } else if (!answer.won) {
    notify(t("challenge.notWon"));
  } else {
    state.challenge = { ...claim, moves: answer.moves, score: answer.score };
    const score = answer.score === null ? "" : t("challenge.score", { score: answer.score });
    $("challenge").textContent = t("challenge.banner", { moves: answer.moves, score });
    $("challenge").hidden = false;
  }
}

function openShare() {
  const view = state.view;
  $("share-deal").value = dealUrl(view);
  const won = view.status === "won" && Boolean(view.save);
  $("share-challenge-part").hidden = !won;
  $("share-challenge").value = won ? dealUrl(view, view.save.turns.flat()) : "";
  $("share").showModal();
}

async function copyShareLink() {
  const field = $(($("share-challenge-part").hidden ? "share-deal" : "share-challenge"));
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    notify(t("share.copied"));
  } catch {
    // No clipboard permission: the link stays selected for the player to copy.
  }
}

// -- statistics ----------------------------------------------------------------------

function openStats() {
  stats.renderStats($("stats-body"), language());
  $("stats").showModal();
}

function exportStats() {
  const link = document.createElement("a");
  link.href = `data:application/json;charset=utf-8,${encodeURIComponent(stats.exportText())}`;
  link.download = "solitaire-statistics.json";
  link.click();
}

async function importStats(file) {
  try {
    stats.importText(await file.text());
    notify(t("stats.imported"));
  } catch (error) {
    notify(t("stats.badFile", { error: error instanceof stats.StatsError ? error.message : String(error) }));
  }
  stats.renderStats($("stats-body"), language());
  if (state.view) renderBar(state.view);
}

function resetStats() {
  confirmThen(
    () => {
      stats.reset();
      stats.renderStats($("stats-body"), language());
      renderBar(state.view);
    },
    { title: "stats.resetTitle", text: "stats.resetText", ok: "stats.resetOk" },
    true,
  );
}

// -- game picker and settings -------------------------------------------------------

function fillGamePicker() {
  const picker = $("game-picker");
  picker.replaceChildren(
    ...state.games.map((entry) => {
      const option = document.createElement("option");
      option.value = entry.id;
      option.textContent = gameName(entry.id, language());
      return option;
    }),
  );
  picker.disabled = false;
  picker.value = state.view?.game ?? picker.value;
}

function chooseGame() {
  const picker = $("game-picker");
  const chosen = picker.value;
  picker.value = state.view.game; // stays until the player confirms
  confirmThen(() => startGame({ game: chosen, options: storage.loadOptions(chosen) }));
}

/** The settings form: one group of radio buttons per option of the current game. */
function openSettings() {
  const fields = state.view.optionSpecs.map((option) => {
    const fieldset = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = optionLabel(option.name, language());
    fieldset.append(legend);
    for (const choice of option.choices) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = option.name;
      input.value = choice;
      input.checked = state.view.options[option.name] === choice;
      label.append(input, ` ${valueLabel(option.name, choice, language())}`);
      fieldset.append(label);
    }
    return fieldset;
  });
  $("game-options").replaceChildren(...fields);
  const form = $("settings-form");
  form.elements.autoplay.checked = Boolean(state.view.autoplay);
  for (const input of form.elements.language) input.checked = input.value === language();
  fillLooksForm(form);
  $("settings").showModal();
}

function applySettings() {
  const form = $("settings-form");
  const chosenLanguage = form.elements.language.value;
  if (chosenLanguage && chosenLanguage !== language()) switchLanguage(chosenLanguage);
  const looksChanged = readLooksForm(form);
  if (looksChanged) {
    setLooks(looksChanged);
    render();
  }
  const autoplay = form.elements.autoplay.checked;
  if (autoplay !== state.view.autoplay) {
    storage.savePreferences({ ...storage.loadPreferences(), autoplay });
    act({ type: "autoplay", on: autoplay });
  }
  const current = state.view.options;
  const options = Object.fromEntries(Object.keys(current).map((name) => [name, form.elements[name]?.value ?? current[name]]));
  if (Object.keys(options).some((name) => options[name] !== current[name])) {
    confirmThen(() => startGame({ game: state.view.game, options }));
  }
}

/** Change the page's language, and Python's for its messages. */
async function switchLanguage(code) {
  setLanguage(code);
  storage.savePreferences({ ...storage.loadPreferences(), language: code });
  if (state.engine) {
    await send({ type: "language", language: code });
    fillGamePicker();
    await act({ type: "view" });
  }
}

// -- start-up ----------------------------------------------------------------------

/** The first game: the one the address asks for, else the saved one, else today's daily. */
async function firstGame(request) {
  const saved = storage.loadGame();
  if (request && !matchesSave(request, saved)) {
    const stored = storage.loadOptions(request.game);
    if (await startGame({ ...request, options: { ...stored, ...request.options } })) return;
    notify(t("notice.badAddress", { error: state.lastError ?? t("notice.noGame") }));
  } else if (saved) {
    if (await act({ type: "load", save: saved })) return;
    notify(t("notice.badSave", { error: state.lastError }));
    storage.forgetGame();
  }
  await startGame({ game: "klondike", daily: today(), options: storage.loadOptions("klondike") });
}

/** Does the saved game belong to the deal the address names? Then resume it. */
function matchesSave(request, saved) {
  if (!saved || saved.game !== request.game) return false;
  const sameDeal = request.daily ? saved.daily === request.daily : saved.deal === request.deal && !saved.daily;
  const sameOptions = Object.entries(request.options).every(([name, value]) => saved.options?.[name] === value);
  return sameDeal && sameOptions;
}

/** Draw the table as it was left, before Python is ready (input waits for Python); true if drawn. */
function drawLastTable(request) {
  const view = storage.loadView();
  const saved = storage.loadGame();
  if (!view?.slots || !view?.piles || (request && !matchesSave(request, saved))) return false;
  try {
    renderBar(view);
    drawTable(board, view, null);
    $("loading").classList.add("over-table");
    return true;
  } catch {
    board.replaceChildren(); // an old or odd view: just wait for Python
    return false;
  }
}

/** With no table to draw before Python is ready (a first visit, a new address): the bar as the
 *  game will fill it, so that it keeps its size when the game is dealt (no layout shift). */
function drawBarBeforeStart(request) {
  const game = request?.game ?? "klondike";
  const known = gameName(game, "en") !== game;
  const picker = $("game-picker");
  picker.options[0].value = known ? game : "klondike";
  picker.options[0].textContent = gameName(picker.options[0].value, language());
  let deal = ""; // a random deal, or a saved game that is resumed: not known yet
  if (Number.isSafeInteger(request?.deal)) deal = t("deal.number", { deal: request.deal });
  else if (/^\d{4}-\d{2}-\d{2}$/.test(request?.daily ?? "")) deal = t("deal.daily", { date: request.daily });
  else if (!request && !storage.loadGame()) deal = t("deal.daily", { date: today() });
  renderBar({ game: picker.options[0].value, daily: null, deal: null, options: {}, analysis: { status: "searching" },
              score: null, moves: 0, seconds: 0, statusLine: "", canUndo: false, canRedo: false, canComplete: false }, deal);
}

function setProgress(key, fraction) {
  $("loading-text").textContent = t(key);
  $("progress-bar").style.width = `${Math.round(fraction * 100)}%`;
}

/** What a button does, once the engine has answered what came before (whenIdle). */
function onClick(id, action) {
  $(id).addEventListener("click", () => whenIdle(action));
}

function listen() {
  attachInput(board, game);
  state.keyboard = attachKeyboard(board, game, { openHelp: () => $("open-rules").click() });
  $("game-picker").addEventListener("change", () => whenIdle(chooseGame));
  onClick("new-game", game.newGame);
  onClick("daily-game", game.dailyGame);
  onClick("undo", game.undo);
  onClick("redo", game.redo);
  onClick("complete", game.complete);
  onClick("hint", game.hint);
  onClick("open-settings", openSettings);
  onClick("open-rules", () => showRules(state.view.game, language()));
  onClick("open-stats", openStats);
  onClick("open-share", openShare);
  $("share-copy").addEventListener("click", copyShareLink);
  $("stats-export").addEventListener("click", exportStats);
  $("stats-import").addEventListener("click", () => $("stats-file").click());
  $("stats-file").addEventListener("change", (event) => event.target.files[0] && importStats(event.target.files[0]));
  $("stats-reset").addEventListener("click", resetStats);
  $("settings").addEventListener("close", () => $("settings").returnValue === "apply" && whenIdle(applySettings));
  $("won").addEventListener("close", () => $("won").returnValue === "new" && whenIdle(() => startGame({ game: state.view.game, options: state.view.options })));
  // A new size, a new layout (the observer also reports the size the table was just drawn for: no redraw then).
  new ResizeObserver(() => state.view && !drawnForSize() && render()).observe(board);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) saveNow(); // the tab may never come back
    act({ type: document.hidden ? "pause" : "resume" }).then(() => document.hidden && saveNow()); // with the clock stopped
  });
  window.addEventListener("pagehide", saveNow);
  setInterval(tick, 1000);
}

async function main() {
  setLanguage(storage.loadPreferences().language ?? browserLanguage());
  const request = requestFromUrl(location.search);
  // Python is on its way (boot.js started it); the last table is drawn meanwhile.
  if (!drawLastTable(request)) drawBarBeforeStart(request);
  setProgress("loading.python", 0.1);
  prepareCards(board, { large: looks().largePrint }); // while Python starts: the first table then draws quickly
  try {
    state.engine = await engineStarting;
    setProgress("loading.dealing", 0.95);
    state.build = state.engine.build;
    document.documentElement.dataset.engineStart = state.engine.start; // "snapshot" or "ordinary"
  } catch (error) {
    console.warn("start-up failed", error);
    setProgress("loading.failed", 1);
    return;
  }
  await send({ type: "language", language: language() });
  state.games = (await send({ type: "games" })).games;
  if (storage.loadPreferences().autoplay) await send({ type: "autoplay", on: true });
  await firstGame(request);
  await nextTask(); // the table is drawn: the rest of the start in a task of its own
  fillGamePicker();
  if (request?.challenge) await checkChallenge(request);
  $("loading").hidden = true;
  listen();
  document.documentElement.dataset.ready = "true";
  analyseSoon();
}

/** Once a second, while the clock runs: refresh time and (timed) score. */
async function tick() {
  if (!state.view?.clockRunning) return;
  const answer = await send({ type: "view" });
  if (answer.ok) {
    state.view = answer;
    renderBar(answer);
  }
}

main();
