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
import { announce, describeChange, describeHint, hintText } from "./announce.js";
import { attachInput } from "./input.js";
import { attachKeyboard } from "./keyboard.js";
import { CHOICES, SWITCHES, fillLooksForm, looks, previewLooks, readLooksForm, setLooks } from "./looks.js";
import { showRules } from "./rules.js";
import * as saves from "./saves.js";
import * as stats from "./stats.js";
import * as storage from "./storage.js";
import { drawTable } from "./table.js";
import { prepareCards } from "./cards.js";
import { GAME_IDS, gameName, optionLabel, valueLabel } from "./text.js";
import { dealUrl, requestFromUrl, today } from "./url.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const state = {
  engine: null, // startEngine()'s {call, search, build, start}
  view: null,
  viewAt: 0, // performance.now() when the view came: the clock counts on from its seconds
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
  specs: {}, // each game's options ({name, choices}, the default first), as Python told them
  kept: null, // {id, revision} of the game on the table as last read or written in the store
  keeping: null, // the write to the store under way, if any, and whether another must follow
  keepAgain: false,
  keepForce: false, // the next write goes over whatever another tab wrote (the player said so)
  conflict: null, // the id of a game another tab wrote meanwhile, while the player is asked
  storeFailure: null, // why the last write failed (a StoreError's code), until one succeeds
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
  state.viewAt = performance.now();
  state.pick = null;
  state.hint = null;
  render(message.type);
  announce(describeChange(previous, answer, message));
  showAddress();
  save();
  analyseSoon();
  if (answer.moves > 0 && !(previous?.moves > 0)) storeOrSay(stats.markDailyPlayed(answer));
  if (answer.status === "stuck" && previous?.status !== "stuck" && message.type !== "load") $("stuck").showModal();
  if (answer.status === "won" && previous?.status !== "won") {
    state.counting = saveNow().then(() => countGame(answer, true)); // the record first: it says the game was counted
    motion.celebrate(board).then(() => stillWon(answer) && showWin());
  }
  return true;
}

/** The address bar names the deal on the table (and a challenge of it), so a reload shows it again.
 *  A set-up position (tests) has no address: its page keeps its own. */
function showAddress() {
  const view = state.view;
  if (!view || view.save?.layout) return;
  const challenge = challengeFor(view);
  const url = dealUrl(view, challenge?.claimed ?? null, location.href, Boolean(challenge?.assisted));
  if (url !== location.href) history.replaceState(null, "", url);
}

/** Is the game on the table still the one won (a celebration ends, unless play went on meanwhile)? */
function stillWon(won) {
  const view = state.view;
  return view.status === "won" && view.game === won.game && view.deal === won.deal && view.moves === won.moves && !$("won").open;
}

// -- keeping games (saves.js) ---------------------------------------------------------

/** Keep the game at once, in a task after the one that drew the move (keeping is not on the click's path). */
function save() {
  if (!state.saveTimer) state.saveTimer = setTimeout(saveNow, 0);
}

/** The page is hidden or closing: a copy in localStorage at once (a write to IndexedDB begun now
 *  may not finish before the page is gone), and the write. */
function saveOnLeaving() {
  if (!state.view?.save) return Promise.resolve();
  const copy = saves.recordOf(state.view);
  storage.saveCopy(copy);
  return saveNow().then(() => {
    if (!state.storeFailure) storage.forgetCopies([copy.id]); // on disk: the copy is not needed
  });
}

/** Copies left by closing pages whose writes did not finish: put in the store (where it has
 *  nothing newer), then dropped. The store as it is then. */
async function moveCopies(kept) {
  const copies = storage.loadCopies().filter((copy) => saves.usable({ ...copy, revision: 0 }, GAME_IDS));
  if (!copies.length) return kept;
  try {
    if ((await saves.keepCopies(copies)) === 0) {
      storage.forgetCopies(copies.map((copy) => copy.id));
      return kept;
    }
  } catch (error) {
    storeFailed(error); // the copies stay for the next start
    return kept;
  }
  storage.forgetCopies(copies.map((copy) => copy.id));
  return readKept();
}

/** Keep the game as the last view carries it (no round trip: the page may be closing). One write
 *  at a time, each over the revision the last one left; resolves when the last view is on disk. */
function saveNow(force = false) {
  clearTimeout(state.saveTimer);
  state.saveTimer = 0;
  state.keepForce ||= force;
  if (state.keeping) {
    state.keepAgain = true;
    return state.keeping;
  }
  state.keeping = (async () => {
    do {
      state.keepAgain = false;
      const forced = state.keepForce;
      state.keepForce = false;
      await keepView(state.view, forced);
    } while (state.keepAgain);
  })().finally(() => {
    state.keeping = null;
  });
  return state.keeping;
}

async function keepView(view, force = false) {
  if (!view?.save) return;
  const id = saves.recordOf(view).id;
  if (state.conflict === id && !force) return; // the player is asked which game to keep
  const known = state.kept?.id === id ? state.kept.revision : 0;
  try {
    const kept = await saves.keep(view, known, force);
    if (kept.conflict) return askAboutConflict(view, kept.conflict);
    const changed = state.kept?.id !== id || state.kept.underWay !== saves.underWay(view); // the picker's list changes
    state.kept = { id, revision: kept.revision, underWay: saves.underWay(view) };
    document.documentElement.dataset.kept = String(view.moves);
    storeWorked();
    if (changed) fillGamePicker();
  } catch (error) {
    storeFailed(error);
  }
}

/** The record id of the game on the table. */
const tableId = () => (state.view?.save ? saves.recordOf(state.view).id : null);

/** Another tab played this game since this tab last read or wrote it: which one is kept? */
function askAboutConflict(view, stored) {
  state.conflict = saves.recordOf(view).id;
  confirmThen(
    () => {
      state.conflict = null;
      saveNow(true);
    },
    { title: "conflict.title", text: "conflict.text", ok: "conflict.keepThis", cancel: "conflict.loadOther", params: { theirs: stored.moves, ours: view.moves } },
    true,
    async () => {
      state.conflict = null;
      await resume(stored);
    },
  );
}

/** A write failed: say so until one works again (the game goes on, in this tab only). */
function storeFailed(error) {
  console.warn("keeping failed", error);
  state.storeFailure = error?.code ?? "failed";
  const warning = $("store-warning");
  warning.textContent = t(`store.${state.storeFailure}`);
  warning.hidden = false;
}

function storeWorked() {
  if (!state.storeFailure) return;
  state.storeFailure = null;
  $("store-warning").hidden = true;
  notify(t("store.again"));
}

/** A write that may fail (statistics): its failure is said, not thrown. */
function storeOrSay(writing) {
  return writing.catch((error) => {
    storeFailed(error);
    return false;
  });
}

/** Count a finished game in the statistics, once (its record says so); `forget`: the player gave it up. */
async function countGame(view, won, forget = false) {
  const counted = await storeOrSay(stats.countGame(view, won, saves.recordOf(view).id, forget));
  if (!counted && stats.problem()) notify(t("stats.notCounted"));
  if (counted && $("stats").open) showStatsBody(); // opened while the game was being counted
  if (counted && view.scoreCarriesOver && state.view) renderBar(state.view); // the balance in the bar moved
  if (forget && state.kept?.id === saves.recordOf(view).id) state.kept = null;
  return counted;
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
  const difficulty = looks().hideDifficulty ? null : view.analysis?.difficulty;
  const dealWords = view.assisted ? t("deal.assisted", { deal }) : deal;
  $("deal-label").textContent = difficulty ? t("deal.difficulty", { deal: dealWords, difficulty: t(`difficulty.${difficulty}`) }) : dealWords;
  const status = view.analysis?.status ?? "none";
  // The verdict only once asked for (the game then counts as assisted); never when hidden in Settings.
  $("winnable-stat").hidden = status === "none" || looks().hideWinnable;
  $("check-winnable").hidden = Boolean(view.assisted);
  $("winnable").hidden = !view.assisted;
  $("winnable").textContent = status === "none" ? "" : t(`winnable.${status}`);
  // Room from the start for the longest difficulty and verdict: when the proof comes in, the bar
  // keeps its rows and the table does not move (no layout shift).
  const labels = DIFFICULTIES.map((name) => t("deal.difficulty", { deal: dealWords, difficulty: t(`difficulty.${name}`) }));
  $("deal-label").style.minWidth = `${widest($("deal-label"), labels)}px`;
  $("winnable").style.minWidth = `${widest($("winnable"), VERDICTS.map((name) => t(`winnable.${name}`)))}px`;
  $("winnable").dataset.status = status;
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
  if (!view.scoreInDollars) return String(view.score);
  if (view.scoreCarriesOver) return t("score.total", { amount: dollars(stats.vegasBank() + view.score) });
  return dollars(view.score);
}

/** What a win did to the statistics: "Klondike: 5 won of 9, streak 3 (best 4). A new best: time 3:02." */
function winStats(view) {
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

const dollars = (amount) => (amount < 0 ? `−$${-amount}` : `$${amount}`);
const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** `spoken`, when given, is what a screen reader reads instead of `text` (card names for 7♦). */
function showNotice(text, fades, ms = 5000, spoken = null) {
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

async function showWin() {
  const view = state.view;
  $("won-stats").textContent = "";
  await state.counting; // what the win changed in the statistics
  if (state.view !== view) return;
  $("won-stats").textContent = winStats(view);
  const which = view.daily ? t("won.daily", { date: view.daily }) : t("won.deal", { deal: view.deal });
  const summary = t("won.summary", { deal: which, details: resultText(view.moves, view.score, view.seconds) });
  $("won-summary").textContent = view.assisted ? `${summary} ${t("won.assisted")}` : summary;
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

/** The statistics dialog's body; a day of its calendar opens that day's deal of the game on the table. */
function showStatsBody() {
  stats.renderStats($("stats-body"), language(), new Date(), (date) => {
    $("stats").close();
    openGame({ game: state.view.game, options: state.view.options, daily: date });
  });
}

/** A hint or the Winnable? check marked the game assisted (in Python): keep the mark with the game now. */
async function markedAssisted() {
  if (state.view.assisted) return;
  const answer = await send({ type: "save" });
  if (!answer.ok) return;
  state.view = { ...state.view, assisted: true, save: answer.save };
  renderBar(state.view);
  save();
}

/** "Winnable?": the live verdict from now on; the game counts as assisted. */
function checkWinnable() {
  return exchange(async () => {
    const answer = await send({ type: "check" });
    if (!answer.ok) return notify(answer.error);
    await markedAssisted();
    announce(t(`winnable.${state.view.analysis?.status ?? "none"}`));
    return undefined;
  });
}

function showHint() {
  return exchange(showHintNow);
}

async function showHintNow() {
  const answer = await send({ type: "hint" });
  if (!answer.ok) return notify(answer.error);
  await markedAssisted();
  const hint = answer.hint;
  if (hint.kind === "none") return notify(t("hint.none"));
  if (hint.kind === "stock") notify(t("hint.stock"));
  else showNotice(hintText(state.view, hint), true, 6000, describeHint(state.view, hint)); // read with the cards' names
  state.hint = hint;
  state.pick = null;
  if (hint.from) state.keyboard?.focusOn({ pile: hint.from, index: hint.index });
  state.geometry = drawBoard(state.view, null, hint);
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
  explain: (pick) => exchange(() => explainNow(pick)),
  stock: () => act({ type: "stock" }),
  undo: () => act({ type: "undo" }),
  redo: () => act({ type: "redo" }),
  complete: () => act({ type: "complete" }),
  hint: showHint,
  newGame: () => confirmThen(() => startGame({ game: state.view.game, options: state.view.options }, true)),
  restart: () => confirmThen(() => whenIdle(restartDeal), { title: "confirm.restartTitle", text: "confirm.restartText", ok: "confirm.restartOk" }),
  // Today's daily: resumed if it was begun; the game on the table stays kept.
  dailyGame: () => openGame({ game: state.view.game, options: state.view.options, daily: today() }),
};

/** A move of the player's; if the engine refuses it, `pick` is what the player holds afterwards,
 *  and (unless `quiet`) the refused cards shake while the engine's reason is shown. */
function actElsePick(message, pick, quiet = false) {
  return exchange(async () => {
    if (await actNow(message, quiet)) return;
    game.pick(pick);
    if (!quiet) shakeCards({ pile: message.from, index: message.index });
  });
}

/** The player tried to lift cards that cannot move: the engine says why, and they shake. */
async function explainNow(pick) {
  const answer = await send({ type: "why", from: pick.pile, index: pick.index });
  if (!answer.ok) return notify(answer.error);
  if (answer.reason === null) return undefined; // they can move (the table changed meanwhile)
  notify(answer.reason);
  shakeCards(pick);
  return undefined;
}

function shakeCards(pick) {
  const run = [...board.querySelectorAll("[data-card]")].filter(
    (element) => element.dataset.pile === pick.pile && Number(element.dataset.index) >= pick.index,
  );
  motion.shake(run);
}

const inProgress = () => Boolean(state.view) && saves.underWay(state.view);

/** Ask before an action that loses something; the new-game question unless told otherwise.
 *  `texts` may give title, text (with params), ok and cancel; `otherwise` runs on cancel. */
function confirmThen(action, texts = null, always = false, otherwise = null) {
  if (!always && !inProgress()) return action();
  const dialog = $("confirm");
  const params = texts?.params ?? {};
  $("confirm-title").textContent = t(texts?.title ?? "confirm.title", params);
  $("confirm-text").textContent = t(texts?.text ?? "confirm.text", params);
  $("confirm-ok").textContent = t(texts?.ok ?? "confirm.ok", params);
  $("confirm-cancel").textContent = t(texts?.cancel ?? "confirm.keep", params);
  dialog.returnValue = "";
  dialog.showModal();
  dialog.addEventListener("close", () => (dialog.returnValue === "ok" ? action() : otherwise?.()), { once: true });
  return undefined;
}

/** Start a new game (a daily deal is found first, in the worker). The game on the table
 *  stays kept, unless `givingUp`: then, if under way, it counts as lost and is deleted.
 *  False if it failed or a later start took over. */
async function startGame(request, givingUp = false) {
  const start = ++state.starts;
  state.dailySearch?.cancel(); // an earlier start's search: its game will not be played
  state.preparing?.cancel(); // tomorrow's daily gives way; it starts again when the worker is idle
  if (request.daily && !(await findDaily(request, start))) return false;
  if (isRandom(request) && storage.winnableOnly(request.game)) {
    const deal = await findWinnable(request, start);
    if (deal === null) return false;
    request = { ...request, deal };
  }
  if (start !== state.starts) return false;
  const givenUp = givingUp && inProgress() ? state.view : null;
  await saveNow(); // the game on the table is on disk before another takes the table
  const ok = await act({ type: "new", ...request });
  if (!ok) return false;
  if (givenUp) await countGame(givenUp, false, true);
  storage.saveOptions(request.game, state.view.options);
  return true;
}

/** Restart this deal: the same cards dealt again, the game so far given up (counted as lost when
 *  it was under way). A set-up position (tests) starts again from its layout. */
async function restartDeal() {
  const view = state.view;
  const start = ++state.starts;
  const request = { game: view.game, options: view.options, ...(view.daily ? { daily: view.daily } : { deal: view.deal }) };
  if (view.daily && !(await findDaily(request, start))) return;
  if (start !== state.starts) return;
  await saveNow();
  const id = saves.recordOf(view).id;
  if (saves.underWay(view)) await countGame(view, false, true);
  else {
    await storeOrSay(saves.forget(id)); // a won or untouched game: nothing to count, the record goes
    if (state.kept?.id === id) state.kept = null;
  }
  const layout = view.save?.layout;
  await act(layout ? { type: "setup", game: view.game, options: view.options, layout } : { type: "new", ...request });
}

/** Resume a kept game (its record); false, with the reason said, when its save does not load:
 *  the record is then put aside (kept, not offered again). */
async function resume(record) {
  await saveNow();
  const before = state.kept;
  state.kept = { id: record.id, revision: record.revision, underWay: saves.underWay(record) };
  if (await act({ type: "load", save: record.save }, true)) {
    storage.saveOptions(record.game, state.view.options);
    return true;
  }
  notify(t("notice.badSave", { error: state.lastError }));
  state.kept = before; // the table still shows the game before
  await storeOrSay(saves.setAside(record, String(state.lastError)));
  return false;
}

/** The kept games, the most recent first (none when the store cannot be read: said once). */
async function keptGames() {
  try {
    return (await saves.loadAll(GAME_IDS)).records;
  } catch (error) {
    storeFailed(error);
    return [];
  }
}

/** Does a kept game belong to what the request names (game, options it names, deal or daily)?
 *  A request without deal or daily is any game of its slot. */
function matches(request, record) {
  if (record.game !== request.game) return false;
  if (!Object.entries(request.options ?? {}).every(([name, value]) => record.options[name] === value)) return false;
  if (request.daily) return record.daily === request.daily;
  if (request.deal !== undefined) return record.deal === request.deal && !record.daily && !record.layout;
  return true;
}

/** Open what a request names: the kept game it names (the most recent), else a new one. */
async function openGame(request) {
  const record = (await keptGames()).find((candidate) => matches(request, candidate));
  if (record && (await resume(record))) return true;
  return startGame(request);
}

/** A request for a random deal (no deal number, daily or set-up position). */
const isRandom = (request) => request.deal === undefined && !request.daily && !request.layout;

/** "Winnable deals only": the first deal from a random one on that the solver proves winnable,
 *  found in the worker (the notice counts the deals tried); null when a later start took over. */
async function findWinnable(request, start) {
  const first = 1 + Math.floor(Math.random() * (2 ** 31 - 1));
  const message = { type: "winnable", game: request.game, options: request.options ?? {}, first };
  const answer = await searchBeforeStart(message, start, t("winnable.search"));
  if (answer === null) return null;
  return answer.ok && answer.found ? answer.deal : first; // a refused request: "new" explains it
}

/** A search in the worker, in slices, for the game about to start (a daily, a winnable deal),
 *  its progress shown as `text` and the candidate tried; the last answer, or null when a later
 *  start took over (the search is dropped). */
async function searchBeforeStart(message, start, text) {
  const search = state.engine.search(message, {
    priority: PRIORITY.daily,
    onProgress: (answer) => start === state.starts && showSearch(text, answer.tried + 1, start),
  });
  state.dailySearch = search;
  try {
    const answer = await search.done;
    return answer === null || start !== state.starts ? null : answer;
  } finally {
    if (state.dailySearch === search) state.dailySearch = null;
    endSearch(start);
  }
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
  const answer = await searchBeforeStart(message, start, searchText(request.daily));
  if (answer === null) return false;
  if (answer.ok && answer.found) storage.saveDailyCandidate(key, answer.candidate);
  return true; // if the request was bad, the "new" message explains what is wrong with it
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
    state.challenge = { ...claim, claimed: request.challenge, moves: answer.moves, score: answer.score, assisted: request.assisted };
    showAddress();
    const score = answer.score === null ? "" : t("challenge.score", { score: answer.score });
    const banner = t("challenge.banner", { moves: answer.moves, score });
    $("challenge").textContent = request.assisted ? t("challenge.assisted", { banner }) : banner;
    $("challenge").hidden = false;
  }
}

function openShare() {
  const view = state.view;
  $("share-deal").value = dealUrl(view);
  const won = view.status === "won" && Boolean(view.save);
  $("share-challenge-part").hidden = !won;
  $("share-challenge").value = won ? dealUrl(view, view.save.turns.flat(), location.href, view.assisted) : "";
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

async function openStats() {
  showStatsBody();
  $("stats").showModal();
  await stats.refresh().catch(storeFailed); // another tab may have counted a game meanwhile
  if ($("stats").open) showStatsBody();
}

function exportStats() {
  const link = document.createElement("a");
  link.href = `data:application/json;charset=utf-8,${encodeURIComponent(stats.exportText())}`;
  link.download = "solitaire-statistics.json";
  link.click();
}

/** An import replaces every statistic: checked in full, then shown and confirmed first. */
async function importStats(file) {
  $("stats-file").value = ""; // the same file may be chosen again
  let imported;
  try {
    imported = stats.readImport(await file.text());
  } catch (error) {
    const reason = error instanceof stats.StatsError ? t(error.code, error.params) : String(error);
    notify(t("stats.badFile", { error: reason }));
    return;
  }
  confirmThen(
    async () => {
      try {
        await stats.replace(imported.stats);
        notify(t("stats.imported"));
      } catch (error) {
        storeFailed(error);
        notify(t("stats.notImported"));
      }
      showStatsBody();
      if (state.view) renderBar(state.view);
    },
    { title: "stats.importTitle", text: "stats.importText", ok: "stats.importOk", cancel: "button.cancel", params: { played: imported.played, won: imported.won } },
    true,
  );
}

function resetStats() {
  confirmThen(
    async () => {
      await stats.replace().catch(storeFailed);
      showStatsBody();
      renderBar(state.view);
    },
    { title: "stats.resetTitle", text: "stats.resetText", ok: "stats.resetOk" },
    true,
  );
}

// -- game picker and settings -------------------------------------------------------

const KEPT = "kept:"; // the picker's value for a kept game: this prefix and the record's id

/** The picker: every game, then the games under way but for the one on the table. */
async function fillGamePicker() {
  if (!state.games.length) return; // before Python said which games there are
  const option = (value, text) => {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  };
  const games = state.games.map((entry) => option(entry.id, gameName(entry.id, language())));
  const underWay = (await keptGames()).filter((record) => saves.underWay(record) && record.id !== tableId());
  const picker = $("game-picker");
  if (underWay.length) {
    const group = document.createElement("optgroup");
    group.label = t("picker.underWay");
    group.append(...underWay.map((record) => option(KEPT + record.id, keptLabel(record))));
    picker.replaceChildren(...games, group);
  } else {
    picker.replaceChildren(...games);
  }
  picker.disabled = false;
  picker.value = state.view?.game ?? picker.value;
}

/** "Klondike · Deal 123 · 14 moves" (the options when they are not the game's defaults). */
function keptLabel(record) {
  const deal = record.daily ? t("deal.daily", { date: record.daily }) : t("deal.number", { deal: record.deal });
  const specs = state.specs[record.game] ?? [];
  const chosen = specs.filter((spec) => record.options[spec.name] !== spec.choices[0]);
  const options = chosen.map((spec) => valueLabel(spec.name, record.options[spec.name], language()));
  const moves = t(record.moves === 1 ? "picker.move" : "picker.moves", { moves: record.moves });
  return [gameName(record.game, language()), ...options, deal, moves].join(" · ");
}

/** A game picked: a kept one resumes; a game resumes its last kept game of the options
 *  chosen last, else deals anew. Nothing is given up: the game on the table stays kept. */
async function chooseGame(chosen) {
  $("game-picker").value = state.view.game; // the table's game until the chosen one is on it
  if (chosen.startsWith(KEPT)) {
    const record = (await keptGames()).find((candidate) => candidate.id === chosen.slice(KEPT.length));
    if (record) await resume(record);
  } else {
    await openGame({ game: chosen, options: storage.loadOptions(chosen, state.specs[chosen] ?? []) });
  }
  fillGamePicker();
}

/** "Winnable deals only" for the game on the table (off by default: the classic feel). */
function winnableOnlyField() {
  const label = document.createElement("label");
  const input = Object.assign(document.createElement("input"), { type: "checkbox", name: "winnableOnly" });
  input.checked = storage.winnableOnly(state.view.game);
  label.append(input, ` ${t("settings.winnableOnly", { game: gameName(state.view.game, language()) })}`);
  return label;
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
  if (state.view.analysis?.status !== "none") fields.push(winnableOnlyField());
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
  const only = form.elements.winnableOnly;
  if (only && only.checked !== storage.winnableOnly(state.view.game)) storage.setWinnableOnly(state.view.game, only.checked);
  const autoplay = form.elements.autoplay.checked;
  if (autoplay !== state.view.autoplay) {
    storage.savePreferences({ ...storage.loadPreferences(), autoplay });
    act({ type: "autoplay", on: autoplay });
  }
  const current = state.view.options;
  const options = Object.fromEntries(Object.keys(current).map((name) => [name, form.elements[name]?.value ?? current[name]]));
  if (Object.keys(options).some((name) => options[name] !== current[name])) {
    // Other options are another game: the one on the table stays kept, a kept one of those options resumes.
    openGame({ game: state.view.game, options }).then(() => fillGamePicker());
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

/** The first game: the one the address names (kept, else new), else the one last on the
 *  table, else today's daily. A game from before IndexedDB is moved into it first. Whatever
 *  fails, a game is dealt with the defaults. */
async function firstGame(request, stored) {
  const kept = await moveCopies(stored);
  const legacy = await moveLegacyGame();
  if (request) {
    const options = { ...storage.loadOptions(request.game, state.specs[request.game] ?? []), ...request.options };
    if (await openGame({ ...request, options })) return offerKept(request);
    notify(t("notice.badAddress", { error: state.lastError ?? t("notice.noGame") }));
  } else if (legacy) {
    return undefined; // the game of before is on the table
  } else {
    const records = await keptGames();
    const last = records.find((record) => record.id === kept.active);
    if (last && (await resume(last))) return undefined;
  }
  const options = storage.loadOptions("klondike", state.specs.klondike ?? []);
  if (!(await startGame({ game: "klondike", daily: today(), options }))) await startGame({ game: "klondike", daily: today(), options: {} });
  return undefined;
}

/** The one game of the page before games were kept per deal (localStorage): it becomes a
 *  kept game. True if it is on the table. */
async function moveLegacyGame() {
  const save = storage.legacyGame();
  if (!save) return false;
  if (await act({ type: "load", save }, true)) {
    await saveNow(true); // the player's latest game: over a copy moved before, if any
    if (!state.storeFailure) storage.forgetLegacy();
    return true;
  }
  notify(t("notice.badSave", { error: state.lastError }));
  return false; // left where it is: a later version may read it
}

const OFFER_MS = 15_000; // long enough to read and reach; the picker offers the game too

/** A link opened another deal while a game of its kind is under way: that game is kept; say so, and offer it. */
async function offerKept(request) {
  const other = (await keptGames()).find((record) => record.game === request.game && saves.underWay(record) && record.id !== tableId());
  if (!other) return;
  const notice = $("notice");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t("kept.resume");
  button.addEventListener("click", () => whenIdle(() => { hideNotice(); resume(other).then(fillGamePicker); }));
  showNotice(t("kept.offer", { game: keptLabel(other) }), true, OFFER_MS);
  notice.append(" ", button);
}

/** Draw the table as it was left, before Python is ready (input waits for Python); true if drawn. */
function drawLastTable(request, kept) {
  const record = request ? kept.records.find((candidate) => matches(request, candidate)) : kept.records.find((candidate) => candidate.id === kept.active);
  const view = record?.view;
  if (!view?.slots || !view?.piles) return false;
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
function drawBarBeforeStart(request, kept) {
  const game = request?.game ?? "klondike";
  const known = gameName(game, "en") !== game;
  const picker = $("game-picker");
  picker.options[0].value = known ? game : "klondike";
  picker.options[0].textContent = gameName(picker.options[0].value, language());
  let deal = ""; // a random deal, or a kept game that is resumed: not known yet
  if (Number.isSafeInteger(request?.deal)) deal = t("deal.number", { deal: request.deal });
  else if (/^\d{4}-\d{2}-\d{2}$/.test(request?.daily ?? "")) deal = t("deal.daily", { date: request.daily });
  else if (!request && !kept.active) deal = t("deal.daily", { date: today() });
  renderBar({ game: picker.options[0].value, daily: null, deal: null, options: {}, analysis: { status: "searching" },
              score: null, moves: 0, seconds: 0, statusLine: "", canUndo: false, canRedo: false, canComplete: false }, deal);
}

/** What the store holds, read while Python starts; an empty store when it cannot be read (said). */
async function readKept() {
  try {
    return await saves.loadAll(GAME_IDS);
  } catch (error) {
    storeFailed(error);
    return { records: [], unusable: [], active: null };
  }
}

/** Tell the player, once, what was stored and could not be used (it fell back to defaults). */
async function tellStoredProblems(kept, statsProblem) {
  const texts = storage.problems.map(([key, params]) => t(key, { ...params, game: gameName(params.game ?? "", language()) }));
  if (kept.unusable.length) {
    texts.push(t("notice.unusableGames", { count: kept.unusable.length }));
    for (const record of kept.unusable) await storeOrSay(saves.setAside(record, "malformed"));
  }
  if (statsProblem) texts.push(t(statsProblem.code, statsProblem.params));
  if (texts.length) showNotice(texts.join(" "), true, OFFER_MS);
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
  // The choice is read at once: by the time the engine is idle, the picker may have been refilled.
  $("game-picker").addEventListener("change", (event) => {
    const chosen = event.target.value;
    whenIdle(() => chooseGame(chosen));
  });
  onClick("new-game", game.newGame);
  onClick("daily-game", game.dailyGame);
  onClick("undo", game.undo);
  onClick("redo", game.redo);
  onClick("complete", game.complete);
  onClick("hint", game.hint);
  onClick("check-winnable", checkWinnable);
  for (const item of $("menu").querySelectorAll("[data-for]")) {
    item.addEventListener("click", () => {
      $("menu").hidePopover();
      if (item.dataset.for === "restart") game.restart();
      else $(item.dataset.for).click(); // the bar's own button, shown or not
    });
  }
  onClick("open-settings", openSettings);
  onClick("open-rules", () => showRules(state.view.game, language()));
  onClick("open-stats", openStats);
  onClick("open-share", openShare);
  $("share-copy").addEventListener("click", copyShareLink);
  $("stats-export").addEventListener("click", exportStats);
  $("stats-import").addEventListener("click", () => $("stats-file").click());
  $("stats-file").addEventListener("change", (event) => event.target.files[0] && importStats(event.target.files[0]));
  $("stats-reset").addEventListener("click", resetStats);
  // The looks change on the table as they are chosen; Apply keeps them, Cancel takes them back.
  let previewing = false;
  $("settings-form").addEventListener("change", (event) => {
    if (!Object.hasOwn(CHOICES, event.target.name) && !SWITCHES.includes(event.target.name)) return;
    previewLooks(readLooksForm($("settings-form")));
    previewing = true;
    render();
  });
  $("settings").addEventListener("close", () => {
    if ($("settings").returnValue === "apply") whenIdle(applySettings);
    else if (previewing) {
      previewLooks(null); // tried, not chosen: the remembered looks again
      render();
    }
    previewing = false;
  });
  $("won").addEventListener("close", () => {
    if ($("won").returnValue === "new") whenIdle(() => startGame({ game: state.view.game, options: state.view.options }));
    if ($("won").returnValue === "share") openShare();
  });
  $("stuck").addEventListener("close", () => {
    const choice = $("stuck").returnValue;
    if (choice === "undo") game.undo();
    if (choice === "restart") whenIdle(restartDeal);
    if (choice === "new") whenIdle(() => startGame({ game: state.view.game, options: state.view.options }, true)); // a loss, as New
  });
  // A new size, a new layout (the observer also reports the size the table was just drawn for: no redraw then).
  new ResizeObserver(() => state.view && !drawnForSize() && render()).observe(board);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) saveOnLeaving(); // the tab may never come back
    act({ type: document.hidden ? "pause" : "resume" }).then(() => document.hidden && saveOnLeaving()); // with the clock stopped
  });
  window.addEventListener("pagehide", saveOnLeaving);
  setInterval(tick, 1000);
}

async function main() {
  setLanguage(storage.loadPreferences().language ?? browserLanguage());
  const request = requestFromUrl(location.search);
  // Python is on its way (boot.js started it); the last table is drawn meanwhile.
  const kept = await readKept();
  if (!drawLastTable(request, kept)) drawBarBeforeStart(request, kept);
  setProgress("loading.python", 0.1);
  prepareCards(board, { large: looks().largePrint, language: language() }); // while Python starts: the first table then draws quickly
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
  state.specs = Object.fromEntries(state.games.map((entry) => [entry.id, entry.options]));
  const statsProblem = await stats.start(state.games.map((entry) => entry.id)).catch((error) => {
    storeFailed(error);
    return null;
  });
  if (storage.loadPreferences().autoplay) await send({ type: "autoplay", on: true });
  await firstGame(request, kept);
  await nextTask(); // the table is drawn: the rest of the start in a task of its own
  await tellStoredProblems(kept, statsProblem);
  fillGamePicker();
  if (request?.challenge) await checkChallenge(request);
  $("loading").hidden = true;
  listen();
  document.documentElement.dataset.ready = "true";
  analyseSoon();
}

/** Once a second, while the clock runs: the time counts on in the page, from the view's
 *  seconds; where the time lowers the score (Klondike, timed), the engine's small "clock"
 *  answer brings both. */
async function tick() {
  const view = state.view;
  if (!view?.clockRunning) return;
  if (view.scoreRunsWithClock) {
    const answer = await send({ type: "clock" });
    if (!answer.ok || state.view !== view) return;
    state.view = { ...view, seconds: answer.seconds, score: answer.score };
    state.viewAt = performance.now();
    renderBar(state.view);
    return;
  }
  $("time").textContent = clockText(view.seconds + Math.floor((performance.now() - state.viewAt) / 1000));
}

main();
