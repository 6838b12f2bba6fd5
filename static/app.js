// app.js: the page's entry point: it starts the page and wires the engine, the table,
// input, storage and dialogs (the modules it imports hold each of those jobs; session.js
// holds what they share).

import "./offline.js";
import { hideNotice, notify, renderBar, showNotice, tick } from "./bar.js";
import { prepareCards } from "./cards.js";
import { checkChallenge } from "./challenge.js";
import { attachChooseDeal, attachSettings, copyShareLink, exportStats, importStats, openChooseDeal, openSettings, openShare, openStats, resetStats, showStatsBody } from "./dialogs.js";
import { browserLanguage, language, setLanguage, t } from "./i18n.js";
import { attachInput } from "./input.js";
import { connectKeeping, keptGames, leavePage, returnToPage, saveNow, saveOnLeaving, storeFailed, storeOrSay, tableId } from "./keeping.js";
import { attachKeyboard } from "./keyboard.js";
import { engineWorker, firstVisitDailies, watchDownload } from "./boot.js";
import { looks } from "./looks.js";
import { chooseGame, fillGamePicker, keptLabel } from "./picker.js";
import { act, checkWinnable, drawnForSize, game, openGame, render, restartDeal, resume, startGame } from "./play.js";
import { startEngine } from "./engine.js";
import { attachReview, openReview } from "./review.js";
import { prefetchRulePages, showRules } from "./rules.js";
import * as saves from "./saves.js";
import { analyseSoon } from "./searches.js";
import { $, board, dropWaiting, exchange, send, state, whenIdle } from "./session.js";
import * as stats from "./stats.js";
import * as storage from "./storage.js";
import { drawTable } from "./table.js";
import { GAME_IDS, gameName } from "./text.js";
import { requestFromUrl, today } from "./url.js";

/** @typedef {import("../types/protocol").View} View */

// The engine's worker has been starting since the page's first script (boot.js); its answer is
// asked for now, before the rest of the start.
const engineStarting = startEngine(engineWorker);
engineStarting.catch(() => {}); // main() reports a failed start when it awaits it

/** A task of its own for what follows: the browser draws and handles input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

connectKeeping({ resume, fillGamePicker, showStatsBody });

// -- start-up ----------------------------------------------------------------------

/** The first game: the one the address names (kept, else new), else the one last on the
 *  table, else today's daily (of the game a bad address names, else Klondike's: kept, else new).
 *  A game from before IndexedDB is moved into it first. Whatever fails, a game is dealt with
 *  the defaults. */
async function firstGame(request, stored) {
  const kept = await moveCopies(stored);
  const legacy = await moveLegacyGame();
  let game = "klondike";
  if (request) {
    const options = { ...storage.loadOptions(request.game, state.specs[request.game] ?? []), ...request.options };
    if (await openGame({ ...request, options })) return offerKept(request);
    notify(t("notice.badAddress", { error: state.lastError ?? t("notice.noGame") }));
    if (GAME_IDS.includes(request.game)) game = request.game;
  } else if (legacy) {
    return undefined; // the game of before is on the table
  } else {
    const last = kept.records.find((record) => record.id === kept.active);
    if (last && (await resume(last))) return undefined;
  }
  // The daily may be under way (a bad link opened mid-game): it is resumed, never dealt afresh
  // over the game kept.
  const options = storage.loadOptions(game, state.specs[game] ?? []);
  if (!(await openGame({ game, daily: today(), options }))) await startGame({ game, daily: today(), options: {} });
  return undefined;
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

/** The table as it was left (the view kept with the game the address names, else with the game
 *  last on the table), to draw before Python is ready; null if there is none. */
function lastTable(request, kept) {
  const record = request ? kept.records.find((candidate) => saves.matches(request, candidate)) : kept.records.find((candidate) => candidate.id === kept.active);
  return record?.view ? { ...record.view, save: record.save } : null;
}

/** A first visit's table: today's daily as the build's engine showed it (static/dailies.json,
 *  tools/make_dailies.py), with the candidate that is its deal; null if this is not a first
 *  visit (boot.js asks for the list only on one: no address, no game's options kept, as every
 *  game played keeps them) or the build's list has no such day. */
async function firstVisitTable() {
  const list = await firstVisitDailies; // null: not a first visit, or no list (an old build)
  const day = list?.dailies?.[today()];
  const view = day?.views?.[language()];
  return view?.save ? { ...view, prebuilt: { build: list.build, candidate: day.candidate } } : null;
}

/** Draw `view` before Python is ready; true if drawn. From then on the table takes input: what
 *  the player does meanwhile waits for the engine (the start is one exchange), and is played once
 *  the engine has the same table (see startUp).
 * @param {View} view
 */
async function drawFirstTable(view) {
  if (!view?.rules?.slots || !view?.piles) return false;
  try {
    renderBar(view);
    await nextTask(); // the bar and the table in tasks of their own: neither is a long one
    state.view = { ...view, early: true }; // shown, not kept: the store has it, or the engine will deal it
    state.geometry = drawTable(board, view, null);
    // The table says the game is here: the bar alone says how much of the engine has come (its
    // words stay for screen readers), unless there is more to say (input waiting, a failure).
    $("loading").dataset.quiet = "true";
    return true;
  } catch {
    board.replaceChildren(); // an old or odd view: just wait for Python
    state.view = null;
    state.geometry = null;
    return false;
  }
}

/** The cards of a table as the player sees them: two views show the same table if these match.
 * @param {View} view
 */
const tableOf = (view) =>
  JSON.stringify([view.game, Object.entries(view.options).sort(), view.piles.map((pile) => [pile.name, pile.cards.map((card) => card.card)])]);

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
  renderBar({ game: picker.options[0].value, daily: null, deal: null, options: {}, analysis: { status: "searching", difficulty: null, progress: null, deeper: false, position: null },
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

function setProgress(key, fraction, params = {}) {
  const text = t(key, params);
  $("loading-text").textContent = text;
  $("progress-bar").style.width = `${Math.round(fraction * 100)}%`;
  $("progress").setAttribute("aria-valuenow", String(Math.round(fraction * 100)));
  $("progress").setAttribute("aria-valuetext", text);
  if (key === "loading.failed") $("loading").dataset.quiet = "false";
}

/** While the engine's files come (a first visit, a slow network): how much of them has come. The
 *  bar's first 80% are the download; once it is done, the engine starts ("Loading Python…"). */
function showDownload() {
  const stop = watchDownload(({ received, total, done }) => {
    if (state.engine || (done && total === 0)) return;
    // Until every file's size is known the total is 0: that is not "all has come".
    if (done || (total > 0 && received >= total)) {
      setProgress(state.pendingInput ? "loading.pending" : "loading.python", 0.85);
      return;
    }
    const fraction = total ? received / total : 0;
    setProgress(state.pendingInput ? "loading.pending" : "loading.download", 0.8 * fraction, { percent: Math.floor(100 * fraction) });
  });
  return stop;
}

/** The review of the game on the table; "Take me back" returns the game to its last winnable position. */
function startReview() {
  openReview({
    onBack: (position) =>
      whenIdle(async () => {
        if (await act({ type: "back", position })) showNotice(t("review.backNotice"), true);
      }),
  });
}

/** What a button does, once the engine has answered what came before (whenIdle). */
function onClick(id, action) {
  $(id).addEventListener("click", () => whenIdle(action));
}

/** Input on the table, the bar's buttons and the dialogs: from the first table drawn on (what
 *  comes before the engine is up waits for it, see drawFirstTable). */
function takeInput() {
  if (state.keyboard) return;
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
      else if (item.dataset.for === "review") whenIdle(startReview);
      else if (item.dataset.for === "choose-deal") whenIdle(openChooseDeal);
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
  attachSettings();
  attachChooseDeal();
  attachReview();
  state.openReview = () => whenIdle(startReview);
  $("won").addEventListener("close", () => {
    if ($("won").returnValue === "new") whenIdle(() => startGame({ game: state.view.game, options: state.view.options }));
    if ($("won").returnValue === "share") openShare();
    if ($("won").returnValue === "review") whenIdle(startReview);
  });
  $("stuck").addEventListener("close", () => {
    const choice = $("stuck").returnValue;
    if (choice === "review") whenIdle(startReview);
    if (choice === "undo") game.undo();
    if (choice === "restart") whenIdle(restartDeal);
    if (choice === "new") whenIdle(() => startGame({ game: state.view.game, options: state.view.options }, true)); // a loss, as New
  });
}

/** The page's life once the game plays: resizes, the page hidden or closed, the clock. */
function listen() {
  // A new size, a new layout (the observer also reports the size the table was just drawn for: no redraw then).
  const resized = new ResizeObserver(() => state.view && !drawnForSize() && render());
  resized.observe(board);
  resized.observe(board.parentElement); // the room it scrolls in: a board taller than it keeps its size
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) saveOnLeaving(); // the tab may never come back
    act({ type: document.hidden ? "pause" : "resume" }).then(() => document.hidden && saveOnLeaving()); // with the clock stopped
  });
  window.addEventListener("pagehide", leavePage);
  window.addEventListener("pageshow", returnToPage);
  setInterval(tick, 1000);
}

async function main() {
  performance.mark("page: app started");
  setLanguage(storage.loadPreferences().language ?? browserLanguage());
  const request = requestFromUrl(location.search);
  const stopDownload = showDownload();
  // Python is on its way (boot.js started it); a table is drawn meanwhile, and takes input.
  const firstVisit = firstVisitTable();
  // The statistics are read meanwhile too (they need no engine), and the card pictures are
  // built, a suit per task, so that the first table draws in a short task.
  const statsStarting = stats.start(GAME_IDS).catch((error) => {
    storeFailed(error);
    return null;
  });
  const cardsReady = prepareCards(board, { large: looks().largePrint, language: language() });
  const reading = readKept();
  // A first visit's table need not wait for the store (on a first visit it is being created);
  // should the store hold a game after all, the engine resumes it, and input meant for the
  // daily is not played on it.
  let first = await firstVisit;
  const kept = first ? null : await reading;
  first ??= lastTable(request, kept);
  await cardsReady;
  const drawn = await drawFirstTable(first);
  if (drawn) {
    performance.mark(first.prebuilt ? "page: first visit table drawn" : "page: saved table drawn");
    await nextTask(); // input is taken in a task after the one that drew the table
    takeInput();
  }
  const store = kept ?? (await reading);
  if (!drawn) {
    drawBarBeforeStart(request, store);
    $("loading").dataset.quiet = "false"; // no table: the words say what the page is doing
  }
  const started = await exchange(() => startUp(request, store, first, statsStarting));
  stopDownload();
  if (!started) return;
  await nextTask(); // the table is drawn: the rest of the start in a task of its own
  await tellStoredProblems(store, started.statsProblem);
  tellSlowStart();
  fillGamePicker();
  if (request?.challenge) await checkChallenge(request);
  $("loading").hidden = true;
  takeInput();
  listen();
  document.documentElement.dataset.ready = "true";
  performance.mark("page: ready");
  analyseSoon();
  prefetchRulePages(); // not needed to start: their own module, fetched once the page is idle
}

/** The engine could not start from its snapshot and started the slow way: say so, and have the
 *  service worker fetch the engine's files anew, so that the next visit starts quickly. */
function tellSlowStart() {
  if (state.engine?.start !== "ordinary" || !state.engine.reason) return;
  notify(t("notice.slowStart"));
  navigator.serviceWorker?.controller?.postMessage({ kind: "repair" });
}

/** The engine's start and the first game, as one exchange: input that comes meanwhile waits. It
 *  is played once the first game is on the table, if that is the table the player saw (the one
 *  drawn before the engine was up); else it is dropped, and the player told. Null if the engine
 *  did not start. */
async function startUp(request, kept, first, statsStarting) {
  try {
    state.engine = await engineStarting;
    state.build = state.engine.build;
    document.documentElement.dataset.engineStart = state.engine.start; // "snapshot" or "ordinary"
  } catch (error) {
    console.warn("start-up failed", error);
    setProgress("loading.failed", 1);
    dropWaiting();
    state.starting = false;
    return null;
  }
  setProgress(state.pendingInput ? "loading.pending" : "loading.dealing", 0.95);
  await send({ type: "language", language: language() });
  const games = await send({ type: "games" });
  if (games.ok === false) throw new Error(games.error);
  state.games = games.games;
  state.specs = Object.fromEntries(state.games.map((entry) => [entry.id, entry.options]));
  const statsProblem = await statsStarting;
  if (storage.loadPreferences().autoplay) await send({ type: "autoplay", on: true });
  if (first?.prebuilt?.build === state.build) {
    // The daily's deal is known: the engine proves that candidate only.
    storage.saveDailyCandidate(storage.dailyKey(state.build, { game: first.game, options: first.options, daily: first.daily }), first.prebuilt.candidate);
  }
  await firstGame(request, kept);
  performance.mark("page: game drawn");
  if (first && state.view && tableOf(first) !== tableOf(state.view) && dropWaiting()) {
    const said = $("notice").hidden ? "" : `${$("notice").textContent} `; // why the table changed, if said
    showNotice(said + t("notice.inputDropped"), true, OFFER_MS);
  }
  for (const element of board.querySelectorAll(".pending")) element.classList.remove("pending");
  state.pendingInput = false;
  state.starting = false; // what waited is played as the exchange ends
  return { statsProblem };
}

main();
