// What the bar says (bar-text.js), in Node: the deal's label, the verdict, the score and what a win
// did to the statistics, on views the real bridge recorded (tests/js/recorded_turns.py, run in
// CPython), in English and German.
// Run: node --test tests/js/bar.test.mjs   (tests/test_js.py runs it as part of ./build.sh test)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

import { dealLabel, dealWords, scoreText, shownVerdict, verdictText, winStats } from "../../static/bar-text.js";
import { setLanguage } from "../../static/i18n.js";
import { VERSION, count } from "../../static/stats.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const python = process.env.SOLITAIRE_PYTHON ?? "python3";
const scenes = JSON.parse(
  execFileSync(python, [`${ROOT}tests/js/recorded_turns.py`], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` } }),
);

/** The view the page holds after a scene's turn: the engine's, with the rules of the game's first view. */
const held = (name, changes = {}) => ({ ...scenes[name].after, rules: scenes[name].after.rules ?? scenes[name].before.rules, ...changes });

// setLanguage rewrites the page's marked elements: in Node there are none.
globalThis.document = /** @type {any} */ ({ documentElement: {}, querySelectorAll: () => [] });
after(() => setLanguage("en"));

test("a numbered deal, a daily, an assisted game and a proven difficulty", () => {
  setLanguage("en");
  assert.equal(dealWords(held("a new game")), "#7");
  assert.equal(dealWords(held("a daily")), "Daily 2026-12-06");
  const assisted = held("asked if winnable");
  assert.equal(assisted.assisted, true);
  assert.equal(dealWords(assisted), "Daily 2026-12-06 · assisted");
  assert.equal(dealLabel(dealWords(assisted), assisted.analysis.difficulty), "Daily 2026-12-06 · assisted · medium");
  assert.equal(dealLabel("#7", null), "#7");
  assert.equal(dealWords(held("a new game"), "Challenge"), "Challenge"); // a text of its own wins
});

test("the verdict: the analysis's, or a deep analysis's progress on the position it left unknown", () => {
  setLanguage("en");
  const proven = held("asked if winnable");
  assert.deepEqual(shownVerdict(proven, null), { status: "winnable", progress: null });
  assert.equal(verdictText("winnable", null), "Yes");
  assert.equal(verdictText("searching", null), "Checking…");
  assert.equal(verdictText("searching", 42), "Checking… 42%");
  assert.equal(verdictText("none", null), "");
  assert.deepEqual(shownVerdict(held("a new game", { analysis: undefined }), null), { status: "none", progress: null });
  // An analysis that ended unknown and can go deeper: the bar follows the deep analysis of that position only.
  const unknown = held("asked if winnable", { analysis: { status: "unknown", difficulty: null, progress: 99, deeper: true, position: "p1" } });
  assert.deepEqual(shownVerdict(unknown, { position: "p1", progress: 12 }), { status: "searching", progress: 12 });
  assert.deepEqual(shownVerdict(unknown, { position: "p2", progress: 12 }), { status: "unknown", progress: 99 });
  assert.deepEqual(shownVerdict(unknown, null), { status: "unknown", progress: 99 });
});

test("the score: none, points, Vegas dollars, and cumulative Vegas as the bank's total", () => {
  setLanguage("en");
  assert.equal(scoreText(held("a new game"), 0), "–"); // FreeCell keeps no score
  assert.equal(scoreText(held("a daily"), 500), "0");
  const vegas = held("a Vegas game");
  assert.equal(vegas.score, -52);
  assert.equal(scoreText(vegas, 100), "−$52"); // one game's Vegas ignores the bank
  const cumulative = held("a cumulative Vegas win");
  assert.equal(cumulative.rules.scoreCarriesOver, true);
  assert.equal(cumulative.score, -47); // set up with 51 cards home: -52 + 5 for the last one
  assert.equal(scoreText(cumulative, 1000), "$953 total");
  assert.equal(scoreText(cumulative, -100), "−$147 total");
});

test("a win's statistics: the record, and the bests it set (none when assisted)", () => {
  setLanguage("en");
  const stats = { version: VERSION, records: {}, daily: {}, vegasBank: 0 };
  const slow = held("the last card home wins", { seconds: 200, moves: 90 });
  count(stats, slow, true);
  const record = Object.values(stats.records)[0];
  assert.equal(
    winStats(slow, record),
    `Klondike: 1 won of 1, streak 1 (best 1). A new best: time 3:20, 90 moves, score ${slow.score}.`,
  );
  const quick = held("the last card home wins", { seconds: 100, moves: 95 });
  count(stats, quick, true);
  assert.equal(winStats(quick, record), `Klondike: 2 won of 2, streak 2 (best 2). A new best: time 1:40, score ${quick.score}.`);
  const helped = held("the last card home wins", { seconds: 50, moves: 50, assisted: true });
  count(stats, helped, true);
  assert.equal(winStats(helped, record), "Klondike: 3 won of 3, streak 3 (best 3).");
  assert.equal(winStats(quick, null), "");
});

test("in German: the daily's date as German writes it, the verdict and the record", () => {
  setLanguage("de");
  const assisted = held("asked if winnable");
  assert.equal(dealLabel(dealWords(assisted), assisted.analysis.difficulty), "Tagesspiel 6.12.2026 · mit Hilfe · mittel");
  assert.equal(verdictText("searching", 42), "Prüfe … 42 %");
  assert.equal(scoreText(held("a cumulative Vegas win"), 100), "$53 gesamt");
  const record = { won: 5, played: 9, streak: 3, bestStreak: 4, bestSeconds: 1, bestMoves: 1, bestScore: null };
  assert.equal(winStats(held("a new game", { seconds: 70, moves: 80, score: null }), record), "FreeCell: 5 von 9 gewonnen, Serie 3 (beste 4).");
  setLanguage("en");
});
