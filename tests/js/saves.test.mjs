// The kept games' records (saves.js) in Node, on views the real bridge recorded
// (tests/js/recorded_turns.py, run in CPython): the record of a view, its id, and the check a
// stored record must pass before the page offers it (a broken one is put aside, never loaded).
// Run: node --test tests/js/saves.test.mjs   (tests/test_js.py runs it as part of ./build.sh test)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { gameId, matches, recordOf, slotKey, underWay, usable } from "../../static/saves.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const GAMES = ["klondike", "spider", "pyramid", "freecell"];

const python = process.env.SOLITAIRE_PYTHON ?? "python3";
const scenes = JSON.parse(
  execFileSync(python, [`${ROOT}tests/js/recorded_turns.py`], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` } }),
);
/** The view the page holds after a scene's turn: the engine's, with the rules of the game's first view. */
const held = (name) => ({ ...scenes[name].after, rules: scenes[name].before.rules });
const stored = (view) => ({ ...recordOf(view, 1_000), revision: 1 });

test("a view's record keeps the save beside a view that can draw the table before the engine is up", () => {
  const view = held("a pyramid pair");
  const record = recordOf(view, 1_000);
  assert.deepEqual(record.save, view.save);
  assert.equal("save" in record.view, false);
  assert.deepEqual(record.view.rules.slots, view.rules.slots);
  assert.equal(record.id, "pyramid||deal=2");
  assert.equal(record.moves, 1);
  assert.equal(underWay(record), true);
});

test("a set-up position, a daily and a numbered deal have ids of their own", () => {
  const view = held("move and turn over"); // a set-up layout
  assert.match(recordOf(view).id, /^klondike\|draw=1,open=off,scoring=standard,timed=off\|layout=[0-9a-f]+$/);
  assert.equal(gameId({ game: "spider", options: { suits: "1" }, deal: 5 }), "spider|suits=1|deal=5");
  assert.equal(gameId({ game: "spider", options: { suits: "1" }, daily: "2026-12-06" }), "spider|suits=1|daily=2026-12-06");
});

test("a stored record is usable as kept, and not with any field broken", () => {
  for (const name of ["a pyramid pair", "a spider deal", "the last card home wins", "a new game"]) {
    assert.equal(usable(stored(held(name)), GAMES), true, name);
  }
  const good = stored(held("a spider deal"));
  const broken = {
    "not an object": null,
    "an unknown game": { ...good, game: "golf" },
    "options not text": { ...good, options: { suits: 1 } },
    "no save": { ...good, save: "x" },
    "a view that is a list": { ...good, view: [] },
    "moves below zero": { ...good, moves: -1 },
    "no revision": { ...good, revision: undefined },
    "no time": { ...good, savedAt: Number.NaN },
    "an id that is not the game's": { ...good, id: good.id.replace("deal=5", "deal=6") },
  };
  for (const [what, record] of Object.entries(broken)) assert.equal(usable(record, GAMES), false, what);
});

test("a won game is not under way", () => {
  const record = recordOf(held("the last card home wins"));
  assert.equal(record.status, "won");
  assert.equal(underWay(record), false);
});

test("an option a game gained later leaves the games kept before it its own", () => {
  // FreeCell's building rule came later: a record kept before it has no "building", and the
  // game as it was, building in alternating colours, keeps its key ("freecell|").
  const before = { game: "freecell", options: {}, deal: 5 };
  const now = { game: "freecell", options: { building: "alternate" }, deal: 5 };
  assert.equal(slotKey("freecell", now.options), "freecell|");
  assert.equal(gameId(now), gameId(before));
  assert.equal(gameId({ ...now, options: { building: "any" } }), "freecell|building=any|deal=5");
  assert.equal(matches({ game: "freecell", options: { building: "alternate" }, deal: 5 }, before), true);
  assert.equal(matches({ game: "freecell", options: { building: "any" }, deal: 5 }, before), false);
  // Other games' options are named at their defaults too, as they always were.
  assert.equal(slotKey("spider", { suits: "1" }), "spider|suits=1");
});
