// The page's pure functions, in Node, in milliseconds: addresses and requests (url.js, saves.js,
// storage.js), the bar's amounts and times (text.js), which old card each new card was
// (animate.js) and keyboard navigation (keyboard.js) on the engine's own views.
// Run: node --test tests/js/   (tests/test_js.py runs it as part of ./build.sh test)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { match } from "../../static/animate.js";
import { nextFocus, normalize, rows } from "../../static/keyboard.js";
import { matches } from "../../static/saves.js";
import { dailyKey } from "../../static/storage.js";
import { clockText, dollars } from "../../static/text.js";
import { dealUrl, isRandom, requestFromUrl, today } from "../../static/url.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const GAMES = ["klondike", "double-klondike", "spider", "freecell", "pyramid", "tripeaks"];

/** The bridge's view of deal 5 of each game, from CPython (what the page gets from Pyodide). */
function engineViews() {
  const script = `
import json, sys
from solitaire_bridge import Bridge
views = {game: json.loads(Bridge().handle(json.dumps({"type": "new", "game": game, "deal": 5}))) for game in sys.argv[1:]}
print(json.dumps(views))`;
  const python = process.env.SOLITAIRE_PYTHON ?? "python3";
  const output = execFileSync(python, ["-c", script, ...GAMES], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}/py` } });
  return JSON.parse(output);
}

test("an address names a game, its options and a deal, a daily or a challenge", () => {
  assert.equal(requestFromUrl(""), null);
  assert.deepEqual(requestFromUrl("?game=klondike&draw=3&deal=123"), { game: "klondike", options: { draw: "3" }, deal: 123 });
  assert.deepEqual(requestFromUrl("?daily=2026-11-29"), { game: "klondike", options: {}, daily: "2026-11-29" });
  // Values are passed on as they are: Python explains what is wrong with them.
  assert.equal(requestFromUrl("?deal=abc").deal, "abc");
  assert.equal(requestFromUrl("?deal=" + "9".repeat(20)).deal, "9".repeat(20));
  assert.deepEqual(requestFromUrl("?game=spider&deal=3&moves=s>t.t1>t2x3&assisted=1"), {
    game: "spider", options: {}, deal: 3, challenge: ["s>t", "t1>t2x3"], assisted: true,
  });
  const view = { game: "spider", options: { suits: "2" }, deal: 7, daily: null };
  const url = dealUrl(view, ["s>t", "t1>t2"], "https://example.org/solitaire/?old=1#top", true);
  assert.equal(url, "https://example.org/solitaire/?game=spider&suits=2&deal=7&moves=s%3Et.t1%3Et2&assisted=1");
  assert.deepEqual(requestFromUrl(new URL(url).search), { game: "spider", options: { suits: "2" }, deal: 7, challenge: ["s>t", "t1>t2"], assisted: true });
  assert.equal(today(new Date(2026, 0, 5)), "2026-01-05");
});

test("a request finds its kept game, its remembered daily, or asks for a random deal", () => {
  const record = { game: "klondike", options: { draw: "3", timed: "off" }, deal: 12, daily: null, layout: null };
  assert.ok(matches({ game: "klondike", options: { draw: "3" }, deal: 12 }, record));
  assert.ok(matches({ game: "klondike", options: {} }, record)); // no deal named: any game of its slot
  assert.ok(!matches({ game: "klondike", options: { draw: "1" }, deal: 12 }, record));
  assert.ok(!matches({ game: "spider", options: {}, deal: 12 }, record));
  assert.ok(!matches({ game: "klondike", options: {}, deal: 13 }, record));
  assert.ok(!matches({ game: "klondike", options: {}, daily: "2026-01-05" }, record));
  const daily = { ...record, daily: "2026-01-05" };
  assert.ok(matches({ game: "klondike", options: {}, daily: "2026-01-05" }, daily));
  assert.ok(!matches({ game: "klondike", options: {}, deal: 12 }, daily)); // a daily is not its deal number
  assert.ok(!matches({ game: "klondike", options: {}, deal: 12 }, { ...record, layout: "..." }));
  assert.ok(isRandom({ game: "klondike", options: {} }));
  assert.ok(!isRandom({ game: "klondike", options: {}, deal: 0 }));
  assert.ok(!isRandom({ game: "klondike", daily: "2026-01-05" }));
  assert.ok(!isRandom({ game: "klondike", layout: "..." }));
  // A daily is remembered per build of Python, whatever the order its options came in.
  const request = { game: "spider", options: { suits: "2", open: "off" }, daily: "2026-01-05" };
  assert.equal(dailyKey("abc", request), dailyKey("abc", { ...request, options: { open: "off", suits: "2" } }));
  assert.notEqual(dailyKey("abc", request), dailyKey("def", request));
  assert.equal(dailyKey("abc", { game: "pyramid", daily: "2026-01-05" }), '["abc","pyramid",[],"2026-01-05"]');
});

test("the bar's amounts and times", () => {
  assert.equal(dollars(52), "$52");
  assert.equal(dollars(-52), "\u2212$52"); // a minus sign, not a hyphen
  assert.equal(dollars(0), "$0");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(182), "3:02");
  assert.equal(clockText(3600), "60:00");
});

test("which old card each new card was", () => {
  // A face-up card by its text (two decks: the same place, then the same pile, then any), a face-down
  // card by its place, a card turned face up from a face-down card that went away (the stock's top first).
  const at = (card, pile, index) => ({ card, pile, index, x: index, y: 0 });
  const old = [at("7D", "tableau-1", 3), at("7D", "tableau-3", 2), at("down", "tableau-1", 2), at("down", "stock", 0), at("down", "stock", 1), at("QS", "waste", 0)];
  const now = [at("7D", "tableau-3", 2), at("7D", "tableau-5", 4), at("9C", "tableau-1", 2), at("2H", "waste", 1), at("down", "stock", 0), at("QS", "waste", 0)];
  const starts = match(old, now);
  const seen = now.map((card) => {
    const start = starts.get(card);
    return start ? `${start.from.card}@${start.from.pile}:${start.from.index}${start.flip ? " turned" : ""}` : null;
  });
  assert.deepEqual(seen, ["7D@tableau-3:2", "7D@tableau-1:3", "down@tableau-1:2 turned", "down@stock:1 turned", "down@stock:0", "QS@waste:0"]);
});

test("the keys reach every pile of every game and come back", () => {
  const views = engineViews();
  for (const game of GAMES) {
    const view = views[game];
    assert.ok(view.ok, game);
    const seen = [];
    let focus = normalize(view, null);
    for (let i = 0; i < view.rules.slots.length; i++) {
      seen.push(focus.pile);
      focus = nextFocus(view, focus, "ArrowRight");
    }
    assert.deepEqual([...seen].sort(), view.rules.slots.map((slot) => slot.name).sort(), game); // every pile once
    assert.equal(focus.pile, seen[0], game); // and round again
    assert.equal(nextFocus(view, normalize(view, null), "ArrowLeft").pile, seen.at(-1), game); // both ways
    let down = normalize(view, null);
    const visited = [down.pile];
    for (let i = 0; i < 60; i++) {
      down = nextFocus(view, down, "ArrowDown");
      if (visited.at(-1) !== down.pile) visited.push(down.pile);
    }
    assert.ok(visited.length >= 2, game); // down leaves the first row
    let up = down;
    for (let i = 0; i < 60; i++) up = nextFocus(view, up, "ArrowUp");
    assert.ok(rows(view)[0].some((slot) => slot.name === up.pile), game); // and up comes back to it
    assert.equal(nextFocus(view, focus, "x"), null, game); // a key that does not navigate
  }
});
