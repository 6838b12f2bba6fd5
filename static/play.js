// play.js: the game on the table: the player's turns sent to Python and the one redraw
// path, new, restarted, resumed and opened games, hints, the Winnable? check and the win.
// `game` is what input.js and keyboard.js are given to play with.

import * as motion from "./animate.js";
import { announce, describeChange, describeHint, hintText } from "./announce.js";
import { notify, renderBar, showNotice, winStats } from "./bar.js";
import { challengeFor, showAddress } from "./challenge.js";
import { confirmThen, inProgress } from "./confirm.js";
import { t } from "./i18n.js";
import { countGame, keptGames, save, saveNow, storeOrSay } from "./keeping.js";
import { looks } from "./looks.js";
import * as saves from "./saves.js";
import { analyseSoon, cancelSearches, findDaily, findWinnable } from "./searches.js";
import { $, board, busy, exchange, send, state, whenIdle } from "./session.js";
import * as stats from "./stats.js";
import * as storage from "./storage.js";
import { drawTable } from "./table.js";
import { clockText } from "./text.js";
import { isRandom, today } from "./url.js";

/** @typedef {import("../types/protocol").View} View */

/** @typedef {import("../types/protocol").Requests[import("../types/protocol").ViewKind]} ViewRequest */

/**
 * Send a message; on success show the new view, on failure say why (unless `quiet`). Resolves to success.
 * @param {ViewRequest} message
 */
export function act(message, quiet = false) {
  return exchange(() => actNow(message, quiet));
}

/** @param {ViewRequest} message */
async function actNow(message, quiet) {
  const answer = await send(message);
  if (answer.ok === false) {
    if (!quiet) notify(answer.error);
    return false;
  }
  const previous = state.view?.early ? null : state.view; // the table drawn before the engine was up is no earlier turn
  // The game's rules come with its first view only; the views after it carry them on.
  const view = answer.rules ? answer : { ...answer, rules: state.view.rules };
  state.view = view;
  state.viewAt = performance.now();
  state.pick = null;
  state.hint = null;
  render(message.type);
  announce(describeChange(previous, view, message));
  showAddress();
  save();
  analyseSoon();
  if (view.moves > 0 && !(previous?.moves > 0)) storeOrSay(stats.markDailyPlayed(view));
  if (view.status === "stuck" && previous?.status !== "stuck" && message.type !== "load") showStuck(view);
  if (view.status === "won" && previous?.status !== "won") {
    state.counting = saveNow().then(() => countGame(view, true)); // the record first: it says the game was counted
    motion.celebrate(board).then(() => stillWon(view) && showWin());
  }
  return true;
}

/** "No moves left": why, in the engine's words when it gives them (else the page's general
 *  sentence), and what the player can do now.
 * @param {View} view
 */
function showStuck(view) {
  $("stuck-text").textContent = view.stuckText ? `${view.stuckText} ${t("stuck.then")}` : t("stuck.text");
  $("stuck").showModal();
}

/** Is the game on the table still the one won (a celebration ends, unless play went on meanwhile)? */
function stillWon(won) {
  const view = state.view;
  return view.status === "won" && view.game === won.game && view.deal === won.deal && view.moves === won.moves && !$("won").open;
}

// -- drawing ---------------------------------------------------------------------

/** Redraw the table and the bar; `cause` is the type of the message that changed the view. */
export function render(cause = null) {
  renderBar(state.view); // first: the bar may change its height, and the table is drawn for the room left
  // While the review shows a position of the game (review.js), the table shows that one.
  state.geometry = drawBoard(state.peekView ?? state.view, state.pick, state.hint, cause);
}

/** Redraw the table (the cards glide from where they were), then put the keyboard focus back on it.
 *  While the page starts, the first table just appears: nothing was on the table to glide from, and
 *  the page is ready sooner without the work of a deal.
 * @param {View} view
 */
function drawBoard(view, pick, hint = null, cause = null) {
  const animated = document.documentElement.dataset.ready === "true";
  const before = animated ? motion.before(board) : null;
  const geometry = drawTable(board, view, pick, hint);
  if (animated) motion.after(board, before, cause);
  state.keyboard?.drawn();
  return geometry;
}

/** Was the table drawn for the board's size and its room now? (table.js sizes its viewBox to the
 *  board, which it makes taller than its room where the table scrolls.) */
export const drawnForSize = () => {
  const room = board.parentElement;
  return board.getAttribute("viewBox") === `0 0 ${board.clientWidth} ${board.clientHeight}` && board.dataset.room === `${room.clientWidth}x${room.clientHeight}`;
};

// -- the win ---------------------------------------------------------------------

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

// -- help: hints and the Winnable? check ------------------------------------------------

/** A hint or the Winnable? check marked the game assisted (in Python): keep the mark with the game now. */
async function markedAssisted() {
  if (state.view.assisted) return;
  const answer = await send({ type: "save" });
  if (!answer.ok) return;
  state.view = { ...state.view, assisted: true, save: answer.save };
  renderBar(state.view);
  save();
  analyseSoon(); // the deep analysis waits for the player to ask
}

/** "Winnable?": the live verdict from now on; the game counts as assisted. */
export function checkWinnable() {
  return exchange(async () => {
    const answer = await send({ type: "check" });
    if (answer.ok === false) return notify(answer.error);
    await markedAssisted();
    announce(t(`winnable.${$("winnable").dataset.status}`)); // as the bar says it (a deep analysis: Checking…)
    return undefined;
  });
}

const STOCK_MOVES = ["draw", "redeal", "deal"];

function showHint() {
  return exchange(showHintNow);
}

async function showHintNow() {
  const answer = await send({ type: "hint" });
  if (answer.ok === false) return notify(answer.error);
  await markedAssisted();
  const hint = answer.hint;
  if (hint.kind === "none") return notify(t("hint.none"));
  // A draw, redeal or deal is said as such, whether it is the next move of a winning line or
  // the last resort (kind "stock"); only a card's move is named by its cards.
  if (STOCK_MOVES.includes(hint.move)) notify(t(`hint.${hint.move}`));
  else showNotice(hintText(state.view, hint), true, 6000, describeHint(state.view, hint)); // read with the cards' names
  state.hint = hint;
  state.pick = null;
  if (hint.from) state.keyboard?.focusOn({ pile: hint.from, index: hint.index });
  state.geometry = drawBoard(state.view, null, hint);
  return undefined;
}

// -- the player's moves (input.js, keyboard.js) -------------------------------------------

export const game = {
  ready: () => state.view !== null, // a table is drawn: input is taken (while starting, it waits for the engine)
  busy,
  whenIdle,
  // Input that comes while the engine starts waits for it: it is shown as waiting (the card or the
  // cards dropped, `elements`, and the line under the table).
  waitsForEngine(elements = []) {
    if (!state.starting) return false;
    for (const element of elements) element.classList.add("pending");
    if (!state.pendingInput) {
      state.pendingInput = true;
      $("loading-text").textContent = t("loading.pending");
      $("loading").dataset.quiet = "false"; // said, over the table
    }
    return true;
  },
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
  newGame: () => confirmThen(() => startGame({ game: state.view.game, options: state.view.options }, true), { review: true }),
  restart: () =>
    confirmThen(() => whenIdle(restartDeal), { title: "confirm.restartTitle", text: "confirm.restartText", ok: "confirm.restartOk", review: true }),
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
  if (answer.ok === false) return notify(answer.error);
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

// -- games started, restarted, resumed ----------------------------------------------------

/** The engine's "new" message for a request (which may carry more: a challenge's moves).
 *  @param {Omit<import("../types/protocol").Requests["new"], "type">} request */
const newMessage = ({ game, options, deal, daily }) => /** @type {const} */ ({ type: "new", game, options, deal, daily });

/** Start a new game (a daily deal is found first, in the worker). The game on the table
 *  stays kept, unless `givingUp`: then, if under way, it counts as lost and is deleted.
 *  False if it failed or a later start took over. */
export async function startGame(request, givingUp = false) {
  const start = ++state.starts;
  cancelSearches(); // an earlier start's search: its game will not be played
  if (request.daily && !(await findDaily(request, start))) return false;
  if (isRandom(request) && storage.winnableOnly(request.game)) {
    const deal = await findWinnable(request, start);
    if (deal === null) return false;
    request = { ...request, deal };
  }
  if (start !== state.starts) return false;
  const givenUp = givingUp && inProgress() ? state.view : null;
  await saveNow(); // the game on the table is on disk before another takes the table
  const ok = await act(newMessage(request));
  if (!ok) return false;
  if (givenUp) await countGame(givenUp, false, true);
  storage.saveOptions(request.game, state.view.options);
  return true;
}

/** Restart this deal: the same cards dealt again, the game so far given up (counted as lost when
 *  it was under way). A set-up position (tests) starts again from its layout. */
export async function restartDeal() {
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
  await act(layout ? { type: "setup", game: view.game, options: view.options, layout } : newMessage(request));
}

/** Resume a kept game (its record); false, with the reason said, when its save does not load:
 *  the record is then put aside (kept, not offered again). */
export async function resume(record) {
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

/** Open what a request names: the kept game it names (the most recent), else a new one. */
export async function openGame(request) {
  const record = (await keptGames()).find((candidate) => saves.matches(request, candidate));
  if (record && (await resume(record))) return true;
  return startGame(request);
}
