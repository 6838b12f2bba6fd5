// session.js: what the page's modules share: the page's state and the line to the engine.
//
// State lives in Python, in the engine's worker (engine.js); the page keeps only the last
// view (with its save), the card the player holds, the table's geometry for hit-testing,
// the searches running in the worker, and a challenge read from the address (after Python
// has verified it). Every message to Python is answered asynchronously; the main thread
// only draws.

/** @typedef {import("../types/protocol").Request} Request */
/** @typedef {import("../types/protocol").Kind} Kind */
/** @template {Kind} K @typedef {import("../types/protocol").Answer<K>} Answer */
/**
 * The view on the table: the engine's, or while starting one drawn before the engine was up
 * (`early`), from the kept game or from static/dailies.json (`prebuilt`).
 * @typedef {import("../types/protocol").View & {early?: boolean, prebuilt?: {build: string, candidate: number}}} TableView
 */

/** The page's element with that id; typed `any`, as the page knows which kind of element it is.
 *  @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);
export const board = $("board");

// Every field is declared here, with what it holds (and which module writes it where that is one
// module); the object is sealed, so a field written anywhere that is not declared here throws
// (tests/test_page_state.py also reads the modules for fields not declared).
export const state = Object.seal({
  engine: null, // startEngine()'s {call, search, build, start}
  lastError: null, // the error of the engine's last failed answer (send): start-up explains a fallback with it
  starting: true, // until the first game is on the table: input waits for the engine (app.js)
  pendingInput: false, // input came while starting: it is shown as waiting
  view: /** @type {TableView | null} */ (null), // the last view; while starting, the table drawn before the engine was up (early: true)
  viewAt: 0, // performance.now() when the view came: the clock counts on from its seconds
  pick: null, // the card the player holds ({pile, index}), if any (input.js)
  hint: null, // the hint on show ({from, index, to}), if any (play.js)
  geometry: null, // where the drawn piles and cards lie, for hit-testing (drawTable's answer)
  noticeTimer: 0, // the timer that hides the notice
  saveTimer: 0, // the timer of the next write of the game to the store (keeping.js)
  analysis: null, // the live analysis's search in the worker, while it runs
  deep: null, // the deep analysis (searches.js): {position, progress, engine, stopped}, while it runs
  deepTried: new Set(), // positions whose deep analysis ended (a verdict or a failure): not again in this visit
  dailySearch: null, // the search for the daily deal about to start
  games: [], // the games Python plays, in the picker's order
  challenge: null, // the challenge read from the address, once Python has verified it (challenge.js)
  keyboard: null, // the table's keyboard control, once attached (keyboard.js: its focus, told when the table is drawn)
  build: null, // which build of Python answers (engine.js), part of what the page remembers of dailies
  starts: 0, // counts the games started: a daily search sees a later start and gives up
  searchNotice: 0, // the start whose daily search the notice shows, else 0
  preparing: null, // the background search for tomorrow's daily, while it runs
  specs: {}, // each game's options ({name, choices}, the default first), as Python told them
  kept: null, // {id, revision} of the game on the table as last read or written in the store
  keeping: null, // the write to the store under way, if any, and whether another must follow
  keepAgain: false, // another write must follow the one under way (keeping.js)
  keepForce: false, // the next write goes over whatever another tab wrote (the player said so)
  conflict: null, // the id of a game another tab wrote meanwhile, while the player is asked
  storeFailure: null, // why the last write failed (a StoreError's code), until one succeeds
  storageAsked: false, // whether the browser was asked this visit to keep the storage for good (keeping.js)
  peekView: null, // the position the review shows on the table, while it is open (review.js)
  reviewBack: null, // what "Take me back" does (app.js)
  openReview: null, // opens the review of the game on the table (app.js; the confirm dialog offers it)
  counting: null, // a finished game being counted in the statistics (play.js): the win's dialog waits for it
});

/**
 * One message to Python; the answer, remembering the last error so that start-up can explain a fallback.
 * The answer is its kind's (types/protocol.d.ts) or a Failure: test `answer.ok === false` (tsc, which
 * checks without strict null checks, tells the two apart by it, not by `!answer.ok`).
 * @template {Request} M
 * @param {M} message
 * @returns {Promise<Answer<M["type"]>>}
 */
export async function send(message) {
  const answer = await state.engine.call(message);
  if (answer.ok === false) state.lastError = answer.error;
  return answer;
}

// Input that arrives while the engine is answering waits for the answer, so that it is
// judged against the table the player will see (the view's legal moves, the game in
// progress), not the one before. The board says so with aria-busy meanwhile.
const exchanges = { open: 0, waiting: [] };

/** Is an exchange with the engine open (input waits)? */
export const busy = () => exchanges.open > 0;

/** Run `work` (async, it talks to the engine) as one exchange; input meanwhile waits (whenIdle). */
export async function exchange(work) {
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
export function whenIdle(action) {
  if (exchanges.open === 0 && !exchanges.waiting.length) action();
  else exchanges.waiting.push(action);
}

function runWaiting() {
  while (exchanges.open === 0 && exchanges.waiting.length) exchanges.waiting.shift()();
}

/** Forget the input that waits (it was meant for a table that is not there any more); true if
 *  there was some. */
export function dropWaiting() {
  const dropped = exchanges.waiting.length > 0;
  exchanges.waiting.length = 0;
  return dropped;
}
