// url.js: what the page's address asks for.
//
//   ?game=klondike&draw=3&deal=123     a numbered deal with options
//   ?daily=2026-11-29&game=klondike    the daily deal of a date
//   (nothing)                          resume the game in progress, else today's daily
//
// Values are passed on as they are; Python checks them and explains what is wrong.

const RESERVED = new Set(["game", "deal", "daily"]);

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
  return request;
}

/** Today's date on the player's machine, YYYY-MM-DD. */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
