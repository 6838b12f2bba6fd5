// The statistics (stats.js) in Node: counting a finished game into them, on views the real bridge
// recorded (tests/js/recorded_turns.py, run in CPython), and checking statistics read back or
// imported (every way they can be wrong is refused or left out, older versions brought up).
// Run: node --test tests/js/stats.test.mjs   (tests/test_js.py runs it as part of ./build.sh test)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { StatsError, VERSION, check, count } from "../../static/stats.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const GAMES = ["klondike", "spider"];

const python = process.env.SOLITAIRE_PYTHON ?? "python3";
const scenes = JSON.parse(
  execFileSync(python, [`${ROOT}tests/js/recorded_turns.py`], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` } }),
);

/** The view the page holds after a scene's turn: the engine's, with the rules of the game's first view. */
const held = (name, changes = {}) => ({ ...scenes[name].after, rules: scenes[name].before.rules, ...changes });
const empty = () => ({ version: VERSION, records: {}, daily: {}, vegasBank: 0 });
const KEY = "klondike|draw=1,open=off,scoring=standard,timed=off";

test("a win counts: played, won, the streak and the bests; a loss ends the streak", () => {
  const stats = empty();
  count(stats, held("the last card home wins", { seconds: 90, moves: 80 }), true);
  count(stats, held("the last card home wins", { seconds: 70, moves: 95 }), true);
  assert.deepEqual(stats.records[KEY], {
    played: 2, won: 2, wonUnassisted: 2, streak: 2, bestStreak: 2, bestSeconds: 70, bestMoves: 80, bestScore: held("the last card home wins").score,
  });
  count(stats, held("move and turn over"), false);
  assert.equal(stats.records[KEY].played, 3);
  assert.equal(stats.records[KEY].streak, 0);
  assert.equal(stats.records[KEY].bestStreak, 2);
  assert.equal(stats.vegasBank, 0); // Standard scoring: no bank
});

test("an assisted win counts as won but sets no best and no unassisted win", () => {
  const stats = empty();
  count(stats, held("the last card home wins", { assisted: true, seconds: 5, moves: 1 }), true);
  assert.equal(stats.records[KEY].won, 1);
  assert.equal(stats.records[KEY].wonUnassisted, 0);
  assert.equal(stats.records[KEY].bestSeconds, null);
  assert.equal(stats.records[KEY].bestMoves, null);
});

test("cumulative Vegas carries the game's score into the bank, as the engine's rules say", () => {
  const stats = empty();
  const view = held("a cumulative Vegas win");
  assert.equal(view.rules.scoreCarriesOver, true);
  count(stats, view, true);
  count(stats, view, true);
  assert.equal(stats.vegasBank, 2 * view.score);
});

test("a daily's result is kept by its date: won, assisted or played", () => {
  const stats = empty();
  count(stats, held("the last card home wins", { daily: "2026-12-06" }), true);
  count(stats, held("the last card home wins", { daily: "2026-12-07", assisted: true }), true);
  count(stats, held("move and turn over", { daily: "2026-12-08" }), false);
  assert.deepEqual(stats.daily, { [`2026-12-06|${KEY}`]: "won", [`2026-12-07|${KEY}`]: "assisted", [`2026-12-08|${KEY}`]: "played" });
});

test("statistics counted here read back as they are", () => {
  const stats = empty();
  count(stats, held("the last card home wins", { daily: "2026-12-06" }), true);
  count(stats, held("a cumulative Vegas win"), true);
  assert.deepEqual(check(JSON.parse(JSON.stringify(stats)), GAMES, true), { stats, dropped: 0 });
});

test("an import with anything wrong is refused with the reason; a read leaves the bad entries out", () => {
  const good = { played: 2, won: 1, wonUnassisted: 1, streak: 1, bestStreak: 1, bestSeconds: 60, bestScore: null, bestMoves: 90 };
  const cases = [
    [[], "stats.error.notStats"],
    [{ version: VERSION + 1, records: {} }, "stats.error.newer"],
    [{ version: VERSION, records: { "golf|": good } }, "stats.error.game"],
    [{ version: VERSION, records: { [KEY]: { ...good, won: 3 } } }, "stats.error.count"],
    [{ version: VERSION, records: { [KEY]: { ...good, bestSeconds: -1 } } }, "stats.error.best"],
    [{ version: VERSION, records: {}, daily: { [`2026-02-30|${KEY}`]: "won" } }, "stats.error.daily"],
    [{ version: VERSION, records: {}, vegasBank: 1.5 }, "stats.error.count"],
  ];
  for (const [data, code] of cases) {
    assert.throws(() => check(data, GAMES, true), (error) => error instanceof StatsError && error.code === code, code);
  }
  const read = check({ version: VERSION, records: { [KEY]: good, "golf|": good, [`${KEY}x`]: { ...good, won: 9 } } }, GAMES, false);
  assert.deepEqual(read, { stats: { ...empty(), records: { [KEY]: good } }, dropped: 2 });
});

test("statistics of version 1 are brought up: no best move count, every win unassisted", () => {
  const old = { version: 1, records: { [KEY]: { played: 3, won: 2, streak: 1, bestStreak: 2, bestSeconds: 60, bestScore: 700 } } };
  const { stats } = check(old, GAMES, true);
  assert.deepEqual(stats.records[KEY], { played: 3, won: 2, wonUnassisted: 2, streak: 1, bestStreak: 2, bestSeconds: 60, bestScore: 700, bestMoves: null });
});
