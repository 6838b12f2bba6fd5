// What the page says after a turn (announce.js, describeChange), in Node: the views are the real
// bridge's, before and after each turn (tests/js/recorded_turns.py, run in CPython), and the
// sentences are what a screen reader hears.
// Run: node --test tests/js/announce.test.mjs   (tests/test_js.py runs it as part of ./build.sh test)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { describeChange } from "../../static/announce.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const python = process.env.SOLITAIRE_PYTHON ?? "python3";
const scenes = JSON.parse(
  execFileSync(python, [`${ROOT}tests/js/recorded_turns.py`], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` } }),
);

const SAID = {
  "move and turn over": "9 of Hearts to Column 1. Ace of Hearts turned face up in Column 2.",
  undo: "Move undone.",
  draw: "Drew King of Diamonds.",
  "the last card home wins": "King of Spades to Foundation 4. You won!",
  "a cumulative Vegas win": "King of Spades to Foundation 4. You won!",
  "a spider deal": "Dealt a card onto every column.",
  "a pyramid pair": "5 of Spades and 8 of Hearts removed.",
  "a new game": "New game: FreeCell, #7.",
  "a daily": "New game: Klondike, Daily 2026-12-06.",
  "asked if winnable": "", // the bar shows the verdict; the turn moved nothing
  "a Vegas game": "New game: Klondike, #3.",
};

test("every recorded turn has its sentence", () => {
  assert.deepEqual(Object.keys(scenes).sort(), Object.keys(SAID).sort());
});

for (const [name, said] of Object.entries(SAID)) {
  test(`${name}: "${said}"`, () => {
    const { message, before, after } = scenes[name];
    assert.equal(describeChange(before, after, message), said);
  });
}

test("a turn that changed nothing on the table, or a view of the same game, says nothing", () => {
  const { before } = scenes["move and turn over"];
  assert.equal(describeChange(before, before, { type: "view" }), "");
  assert.equal(describeChange(before, before, { type: "load" }), "");
});
