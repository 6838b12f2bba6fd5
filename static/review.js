// review.js: the review of a game (where it was lost, and the line that would have won).
//
// The engine's worker searches the game's positions in slices (the bridge's "review"
// message, solitaire/review.py); the dialog then shows a timeline of every position, coloured
// by verdict, with the losing turn marked. The slider (arrow keys, Home, End) shows a
// position on the table without changing the game ("peek"); "Show the way" steps or plays the
// winning line from the last winnable position; "Take me back" returns the game there, and
// the game then counts as assisted. A deal a challenge link brought shows the challenger's
// winning game in a second lane of the timeline, on the same scale, and where the
// player's game left it. The dialog is modal: the table only shows, nothing on
// it can be played until the review is closed.

import { moveWords } from "./announce.js";
import { challengeFor } from "./challenge.js";
import { language, t } from "./i18n.js";
import { render } from "./play.js";
import { $, board, send, state } from "./session.js";
import { drawTable, pileName } from "./table.js";
import { shortCard } from "./text.js";

/** @typedef {import("../types/protocol").View} View */

const PLAY_STEP_MS = 700; // one move of the winning line per step while it plays
const PRIORITY = 1; // as the live analysis: a daily the player waits for goes first

let review = null; // the finished review's answer
let mode = "history"; // or "line": the slider walks the winning line; "theirs": the challenger's game
let playing = 0; // the timer of the line playing by itself
let search = null;

/** Open the review of the game on the table (from the menu, "No moves left", a win). */
export function openReview({ onBack }) {
  review = null;
  mode = "history";
  stop();
  $("review-timeline").hidden = true;
  $("review-controls").hidden = true;
  $("review-back").hidden = true;
  $("review-summary").textContent = t("review.searching", { count: 0 });
  $("review").showModal();
  docked.observe($("review"));
  state.reviewBack = onBack;
  search?.cancel();
  const message = { type: "review" };
  const challenge = challengeFor(state.view);
  if (challenge) message.challenge = challenge.claimed;
  search = state.engine.search(message, { priority: PRIORITY, onProgress: showProgress });
  const mine = search;
  search.done.then((answer) => {
    if (mine !== search || !$("review").open) return;
    search = null;
    if (!answer?.ok) {
      $("review-summary").textContent = answer?.error ?? t("notice.engine");
      return;
    }
    review = answer;
    showFindings();
  });
}

export function attachReview() {
  $("review-slider").addEventListener("input", () => showPosition(Number($("review-slider").value)));
  $("review-way").addEventListener("click", () => (mode === "line" ? showHistory(review.lastWinnable) : showLine()));
  $("review-theirs").addEventListener("click", () => (mode === "theirs" ? showHistory(partedPosition()) : showTheirs()));
  $("review-play").addEventListener("click", () => (playing ? stop() : play()));
  $("review-step").addEventListener("click", () => step(1));
  $("review-step-back").addEventListener("click", () => step(-1));
  $("review").addEventListener("close", () => {
    docked.disconnect();
    document.documentElement.style.removeProperty("--review-room");
    stop();
    search?.cancel();
    search = null;
    state.peekView = null;
    const back = $("review").returnValue === "back" && review?.lastWinnable != null;
    if (back) state.reviewBack?.(review.lastWinnable);
    else render(); // the game as it is
  });
}

/** The dialog docks at the bottom of the page (style.css); the table is drawn in the room above it,
 *  so that no card the player looks at lies under it. */
const docked = new ResizeObserver(() => {
  const dialog = $("review");
  const room = innerHeight - dialog.getBoundingClientRect().top;
  document.documentElement.style.setProperty("--review-room", `${Math.ceil(room)}px`);
});

/** Say how many positions have been searched (once per position: a slice answers every few ms). */
function showProgress(answer) {
  const text = t("review.searching", { count: answer.searched });
  if (answer.ok && $("review-summary").textContent !== text) $("review-summary").textContent = text;
}

/** The summary, the coloured timeline and the buttons, once the review is done. */
function showFindings() {
  $("review-summary").textContent = summary(review);
  const last = review.statuses.length - 1;
  $("review-timeline").hidden = false;
  $("review-controls").hidden = false;
  $("review-way").hidden = review.line.length === 0;
  $("review-theirs").hidden = !review.challenge;
  $("review-back").hidden = review.lastWinnable === null || review.lastWinnable === last;
  showHistory(review.losingTurn === null ? last : review.losingTurn + 1);
}

function summary(found) {
  const last = found.statuses.length - 1;
  const parts = [];
  if (found.losingTurn !== null) {
    parts.push(t("review.lost", { turn: found.losingTurn + 1, move: placeWords(found.turnMoves[found.losingTurn]) }));
    // Pyramid's cards are paired away, not freed.
    const why = state.view.rules.pairsCards ? "review.whyPaired" : "review.why";
    if (found.neverFree.length) parts.push(t(why, { cards: cardList(found.neverFree, found.neverFreeCount) }));
  } else if (found.firstLost === 0) parts.push(t("review.lostFromStart"));
  else if (found.won) {
    parts.push(t("review.won"));
    if (found.solverMoves !== null) parts.push(t("review.wonCompare", { moves: found.moves, solver: found.solverMoves }));
    const takenBack = { 0: "review.noneTakenBack", 1: "review.takenBackOne" }[found.takenBack] ?? "review.takenBack";
    parts.push(t(takenBack, { count: found.takenBack }));
  } else if (found.lastWinnable === last) parts.push(t("review.stillWinnable"));
  if (found.challenge) {
    parts.push(t("review.theirs", { count: found.challenge.moves.length }));
    const parted = found.challenge.parted;
    parts.push(parted === null ? t("review.followed") : t("review.parted", { turn: parted + 1 }));
  }
  if (found.undecided) {
    const [first, end] = found.undecided;
    if (found.lastWinnable !== null && found.losingTurn === null) parts.push(t("review.winnableUpTo", { position: found.lastWinnable }));
    if (found.firstLost !== null && found.losingTurn === null) parts.push(t("review.lostFrom", { position: found.firstLost }));
    parts.push(first === end ? t("review.undecidedOne", { position: first }) : t("review.undecided", { first, last: end }));
  }
  return parts.join(" ");
}

/** "4♣, 7♥ and 9♠", or "4♣, 7♥, 9♠, J♦ and 3 more". */
function cardList(cards, count) {
  const names = cards.map((card) => shortCard(card, language()));
  if (count > names.length) return t("review.andMore", { cards: names.join(", "), count: count - names.length });
  return names.length > 1 ? t("review.and", { cards: names.slice(0, -1).join(", "), last: names.at(-1) }) : names[0];
}

/** A move in words: "8♥ onto 9♠", "7♦ to Foundation 2", "a draw from the stock". */
function placeWords(place) {
  if (!place) return "";
  if (["draw", "redeal", "deal"].includes(place.move)) return t(`review.${place.move}`);
  const card = place.card ? shortCard(place.card, language()) : pileName(place.from);
  const onto = place.onto ? shortCard(place.onto, language()) : null;
  return moveWords("review", state.view, card, onto, place.to);
}

// -- the timeline ------------------------------------------------------------------

/** The slider over the game's positions, the strip coloured by verdict (and beside it, the
 *  challenger's game on the same scale). */
function showHistory(at = null) {
  const statuses = review.statuses;
  const parted = review.challenge?.parted ?? null;
  showMode("history");
  const marks = { losing: review.losingTurn === null ? null : review.losingTurn + 1, parted: parted === null ? null : parted + 1 };
  paintStrip($("review-strip"), statuses, marks);
  setSlider(statuses.length - 1, at ?? Number($("review-slider").value));
}

/** The slider over the winning line from the last winnable position. */
function showLine() {
  showMode("line");
  paintStrip($("review-strip"), Array(review.line.length + 1).fill("winnable"));
  setSlider(review.line.length, 0);
}

/** The slider over the challenger's game, from where the player's game left it. */
function showTheirs() {
  showMode("theirs");
  setSlider(review.challenge.moves.length, review.challenge.shared);
}

/** Set the mode: the buttons' words, and which lane the slider walks. */
function showMode(next) {
  stop();
  mode = next;
  const lanes = $("review-lanes");
  const challenge = review.challenge;
  const two = Boolean(challenge) && next !== "line";
  lanes.dataset.two = String(two);
  lanes.dataset.walks = next;
  $("review-way").textContent = t(next === "line" ? "review.showGame" : "review.showWay");
  $("review-theirs").textContent = t(next === "theirs" ? "review.showGame" : "review.showTheirs");
  for (const id of ["review-play", "review-step", "review-step-back"]) $(id).hidden = next === "history";
  // Both lanes on one scale: each as wide as its share of the longer game; the slider spans the lane it walks.
  const ours = review.statuses.length;
  const theirs = challenge ? challenge.moves.length + 1 : 0;
  const longest = two ? Math.max(ours, theirs) : ours;
  const width = (count) => `${(100 * count) / longest}%`;
  $("review-strip").style.width = next === "line" ? "100%" : width(ours);
  if (challenge) {
    const cells = Array(theirs).fill("winnable");
    paintStrip($("review-challenge-strip"), cells, { parted: challenge.parted === null ? null : challenge.shared + 1 });
    $("review-challenge-strip").style.width = width(theirs);
  }
  $("review-slider").style.width = next === "line" ? "100%" : width(next === "theirs" ? theirs : ours);
}

/** The position where the player's game left the challenger's line (or the last). */
function partedPosition() {
  const parted = review.challenge?.parted;
  return parted === null || parted === undefined ? review.statuses.length - 1 : parted + 1;
}

function setSlider(max, value) {
  const slider = $("review-slider");
  slider.max = String(max);
  slider.value = String(Math.max(0, Math.min(max, value)));
  showPosition(Number(slider.value));
}

/** A lane's cells, one per position, coloured by status; ``marks`` names the cells of the
 *  losing move and of the parting from the challenger's line. */
function paintStrip(strip, statuses, marks = {}) {
  strip.replaceChildren(
    ...statuses.map((status, index) => {
      const cell = document.createElement("span");
      cell.dataset.status = status;
      if (index === marks.losing) cell.dataset.losing = "true";
      if (index === marks.parted) cell.dataset.parted = "true";
      return cell;
    }),
  );
}

/** Show position `index` (of the game, or of the winning line) on the table and in words. */
async function showPosition(index) {
  const shown = mode;
  /** @type {import("../types/protocol").Requests["peek"]} */
  const message = { type: "peek", position: index };
  if (shown === "line") message.position = review.lastWinnable;
  if (shown === "line" && index > 0) message.line = index;
  if (shown === "theirs") Object.assign(message, { position: 0, challenge: index });
  const words = { line: lineText, theirs: theirsText, history: positionText }[shown](index);
  $("review-position").textContent = words;
  $("review-slider").setAttribute("aria-valuetext", words);
  const answer = await send(message);
  if (!answer.ok || !$("review").open || Number($("review-slider").value) !== index || mode !== shown) return;
  state.peekView = { ...state.view, piles: answer.piles, legal: {}, stockAction: null, statusLine: answer.statusLine };
  drawTable(board, state.peekView, null);
}

function positionText(index) {
  const status = t(`review.status.${review.statuses[index]}`);
  const last = review.statuses.length - 1;
  if (index === 0) return t("review.start", { status });
  const move = placeWords(review.turnMoves[index - 1]);
  const key = review.losingTurn === index - 1 ? "review.positionLosing" : "review.position";
  const text = t(key, { turn: index, last, move, status });
  return review.challenge?.parted === index - 1 ? t("review.partedHere", { text }) : text;
}

function theirsText(index) {
  const { moves, parted, shared } = review.challenge;
  if (index === 0) return t("review.theirsStart", { count: moves.length });
  const text = t("review.theirsMove", { step: index, count: moves.length, move: placeWords(moves[index - 1]) });
  return parted !== null && index === shared + 1 ? t("review.theirsParted", { text }) : text;
}

function lineText(index) {
  if (index === 0) return t("review.lineStart", { position: review.lastWinnable, count: review.line.length });
  return t("review.lineMove", { step: index, count: review.line.length, move: placeWords(review.lineMoves[index - 1]) });
}

function step(delta) {
  const slider = $("review-slider");
  const next = Number(slider.value) + delta;
  if (next < 0 || next > Number(slider.max)) return stop();
  slider.value = String(next);
  showPosition(next);
}

function play() {
  const slider = $("review-slider");
  if (Number(slider.value) >= Number(slider.max)) slider.value = "0";
  $("review-play").textContent = t("review.pause");
  $("review-play").setAttribute("aria-pressed", "true");
  step(0);
  playing = setInterval(() => step(1), PLAY_STEP_MS);
}

function stop() {
  clearInterval(playing);
  playing = 0;
  $("review-play").textContent = t("review.play");
  $("review-play").setAttribute("aria-pressed", "false");
}
