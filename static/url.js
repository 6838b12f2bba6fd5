// url.js: what the page's address asks for.
//
//   ?game=klondike&draw=3&deal=123     a numbered deal with options
//   ?daily=2026-11-29&game=klondike    the daily deal of a date
//   ...&moves=s>w.t1>t7...             a challenge: a finished game's moves, verified by replay
//   ...&assisted=1                     ... won with help (a hint or the Winnable? check): said, not proven
//   (nothing)                          resume the game in progress, else today's daily
//
// Values are passed on as they are; Python checks them and explains what is wrong.

/** @typedef {import("../types/protocol").View} View */

const RESERVED = new Set(["game", "deal", "daily", "moves", "assisted"]);
const MOVE_SEPARATOR = ".";

/** The request of the query string: null for a plain address, else
 *  {game, options, deal?, daily?} (deal as a number when it is one). */
export function requestFromUrl(search) {
  const params = new URLSearchParams(search);
  if ([...params.keys()].length === 0) return null;
  const options = {};
  for (const [name, value] of params) {
    if (!RESERVED.has(name)) options[name] = value;
  }
  const request = { game: params.get("game") ?? "klondike", options };
  if (params.has("deal")) {
    const text = params.get("deal");
    request.deal = /^\d{1,15}$/.test(text) ? Number(text) : text;
  }
  if (params.has("daily")) request.daily = params.get("daily");
  if (params.has("moves")) {
    request.challenge = params.get("moves").split(MOVE_SEPARATOR).filter(Boolean);
    request.assisted = params.get("assisted") === "1";
  }
  return request;
}

/** The address of a deal (and, for a challenge, of the moves that won it, and whether with help),
 *  relative to this page.
 * @param {View} view
 */
export function dealUrl(view, moves = null, base = location.href, assisted = false) {
  const params = new URLSearchParams({ game: view.game, ...view.options });
  if (view.daily) params.set("daily", view.daily);
  else params.set("deal", String(view.deal));
  if (moves) params.set("moves", moves.join(MOVE_SEPARATOR));
  if (moves && assisted) params.set("assisted", "1");
  const url = new URL(base);
  url.search = params.toString();
  url.hash = "";
  return url.href;
}

/** A request for a random deal (no deal number, daily or set-up position). */
export const isRandom = (request) => request.deal === undefined && !request.daily && !request.layout;

/** Today's date on the player's machine, YYYY-MM-DD. */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
