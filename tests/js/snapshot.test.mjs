// The snapshot file format and its restore (static/snapshot.js): what the build writes, the worker
// reads back and restores, and every way a file can be wrong is refused with a reason.
// Run: node --test tests/js/ (after ./build.sh: the Zstandard cases use the built decoder and
// Pyodide's compressor).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { MAGIC, PAGE, SnapshotError, changedRuns, memoryHash, packSnapshot, readSnapshot, restorePages, zstdDecoder } from "../../static/snapshot.js";

const STATIC = fileURLToPath(new URL("../../static/", import.meta.url));
const INFO = { pyodide: "314.0.7", wheel: "ab".repeat(32) };
const PYODIDE_HEADER = 32; // Pyodide's own header: its second word says how long it is

/** A memory of eight pages as Pyodide's snapshot holds it (its header first): something in pages
 *  0, 1 and 4-5, zeros elsewhere. */
function pyodideSnapshot() {
  const bytes = new Uint8Array(PYODIDE_HEADER + PAGE * 8);
  new Uint32Array(bytes.buffer, 0, 2).set([0x12345678, PYODIDE_HEADER]);
  const memory = bytes.subarray(PYODIDE_HEADER);
  for (const page of [0, 1, 4, 5]) for (let i = 0; i < PAGE; i += 3) memory[page * PAGE + i] = ((page * 31 + i) % 251) + 1;
  return bytes;
}

/** The memory as instantiated: page 0 as the snapshot has it, page 1 a little different, zeros after. */
function instantiated() {
  const memory = pyodideSnapshot().slice(PYODIDE_HEADER, PYODIDE_HEADER + PAGE * 8);
  memory.fill(0, PAGE * 2);
  memory[PAGE + 6] ^= 0x55;
  return memory;
}

/** What a restore finds: the instantiated memory, with what the start-up wrote since. */
function startedMemory() {
  const memory = new Uint8Array(PAGE * 8);
  memory.set(instantiated());
  memory[PAGE * 6 + 10] = 7; // written by the start-up, zero in the snapshot
  memory[PAGE * 4 + 1] = 9; // written by the start-up, a stored page
  return memory;
}

function refused(file, expected, reason) {
  assert.throws(() => readSnapshot(file, expected), (error) => error instanceof SnapshotError && reason.test(error.message));
}

test("a packed snapshot stores only the pages that differ from the instantiated memory", () => {
  const file = packSnapshot(pyodideSnapshot(), instantiated(), INFO);
  assert.equal(new TextDecoder().decode(file.subarray(0, MAGIC.length)), MAGIC);
  const read = readSnapshot(file, INFO);
  assert.deepEqual(read.runs, [[1, 1], [4, 2]]); // page 0 is the instantiated one; 2, 3, 6, 7 are zero
  assert.equal(read.base, 2);
  assert.equal(read.stored, 3 * PAGE);
  assert.deepEqual([...read.pyodideHeader], [...pyodideSnapshot().subarray(0, PYODIDE_HEADER)]);
  assert.deepEqual(changedRuns(new Uint8Array(PAGE * 2), new Uint8Array(PAGE * 2)), []);
});

test("the restore puts back the snapshot's memory whatever the start-up wrote", () => {
  const read = readSnapshot(packSnapshot(pyodideSnapshot(), instantiated(), INFO), INFO);
  const memory = startedMemory();
  restorePages(memory, read, null, instantiated());
  assert.deepEqual(memory, pyodideSnapshot().subarray(PYODIDE_HEADER));
});

test("another Pyodide or another build of the game is refused", () => {
  const file = packSnapshot(pyodideSnapshot(), instantiated(), INFO);
  refused(file, { ...INFO, pyodide: "314.0.8" }, /made with Pyodide 314\.0\.7, this site runs 314\.0\.8/);
  refused(file, { ...INFO, wheel: "cd".repeat(32) }, /another build of the game/);
  refused(file, { ...INFO, wheel: null }, /another build of the game/);
});

test("a damaged file is refused, by its header or by the restore", () => {
  const file = packSnapshot(pyodideSnapshot(), instantiated(), INFO);
  refused(new Uint8Array(0), INFO, /not a snapshot file/);
  refused(new TextEncoder().encode("<!doctype html><p>Not found"), INFO, /not a snapshot file/);
  refused(file.subarray(0, 20), INFO, /cut short/);
  const header = file.slice();
  header[MAGIC.length + 4] = 0xff; // the header's first byte: not UTF-8
  refused(header, INFO, /header is unreadable/);
  for (const runs of [[[4, 2], [1, 1]], [[0, 0]], [[9, 1]], "all", [["0", 1]]]) {
    refused(withHeader(file, { runs }), INFO, /header is unreadable/);
  }
  refused(withHeader(file, { size: 7 }), INFO, /header is unreadable/);
  refused(withHeader(file, { pyodideHeader: 30 }), INFO, /header is unreadable/);
  const restore = (bytes) => restorePages(startedMemory(), readSnapshot(bytes, INFO), null, instantiated());
  assert.throws(() => restore(file.subarray(0, file.length - 1)), /cut short or too long/);
  const damaged = file.slice();
  damaged[damaged.length - 5] ^= 1; // a stored page
  assert.throws(() => restore(damaged), /not the snapshot's/);
  const otherStart = instantiated();
  otherStart[10] ^= 1; // an instantiated page that is not what the build saw
  assert.throws(() => restorePages(startedMemory(), readSnapshot(file, INFO), null, otherStart), /not the snapshot's/);
});

/** The file with header fields changed. */
function withHeader(file, changes) {
  const length = new DataView(file.buffer, file.byteOffset).getUint32(MAGIC.length, true);
  const start = MAGIC.length + 4;
  const header = { ...JSON.parse(new TextDecoder().decode(file.subarray(start, start + length))), ...changes };
  const text = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(start + text.length + file.length - start - length);
  out.set(file.subarray(0, MAGIC.length));
  new DataView(out.buffer).setUint32(MAGIC.length, text.length, true);
  out.set(text, start);
  out.set(file.subarray(start + length), start + text.length);
  return out;
}

test("the hash covers the instantiated pages and the stored ones", () => {
  const memory = pyodideSnapshot().subarray(PYODIDE_HEADER);
  const hash = memoryHash(memory, [[0, 2], [4, 2]]);
  assert.match(hash, /^[0-9a-f]{16}$/);
  const changed = memory.slice();
  changed[PAGE * 5 + 100] ^= 1;
  assert.notEqual(memoryHash(changed, [[0, 2], [4, 2]]), hash);
  changed[PAGE * 5 + 100] ^= 1;
  changed[PAGE * 3] = 1; // outside the hashed pages: the restore zeroes it
  assert.equal(memoryHash(changed, [[0, 2], [4, 2]]), hash);
});

test("Zstandard-compressed pages are restored as they are decompressed, a few at a time", async () => {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", `file://${STATIC}`).href);
  const python = await loadPyodide({ indexURL: `${STATIC}pyodide/`, stdout: () => {} });
  const zstd = (pages) => {
    python.globals.set("data", python.toPy(pages));
    // A small window and many pages: the decoder works in many steps.
    return python.runPython("from compression import zstd\nzstd.compress(bytes(data), options={zstd.CompressionParameter.window_log: 10})").toJs();
  };
  const big = new Uint8Array(PYODIDE_HEADER + PAGE * 300);
  new Uint32Array(big.buffer, 0, 2).set([0x12345678, PYODIDE_HEADER]);
  for (let i = PYODIDE_HEADER; i < big.length; i += 7) big[i] = (i * 13) % 256;
  const start = new Uint8Array(PAGE * 300);
  const file = packSnapshot(big, start, INFO, zstd);
  assert.ok(file.length < big.length / 4, `${file.length}`);
  const decoder = await zstdDecoder(readFileSync(`${STATIC}vendor/zstddec.wasm`));
  const memory = new Uint8Array(PAGE * 300);
  restorePages(memory, readSnapshot(file, INFO), decoder, start);
  assert.deepEqual(memory, big.subarray(PYODIDE_HEADER));
  const damaged = file.slice();
  damaged[damaged.length - 40] ^= 0xff;
  assert.throws(() => restorePages(new Uint8Array(PAGE * 300), readSnapshot(damaged, INFO), decoder, start), (error) => error instanceof SnapshotError);
  assert.throws(() => restorePages(new Uint8Array(PAGE * 300), readSnapshot(file.subarray(0, file.length - 100), INFO), decoder, start), /damaged|cut short/);

});

// 128 kB of pages as zstd 1.5 compresses them at level 19 (\`zstd -19\`): the decoder's first
// call takes the whole frame and fills its output buffer exactly as the frame ends. Another call
// then would begin a new frame and ask for its header: the build's snapshot of 2026-12-06 ended so,
// and its restore said "cut short".
const TWO_PAGES_ZSTD = "KLUv/aQAAAIA5Q0AGk+8BgwQ+GwH//+/IFJKmQJnAGcAaAAtvKB3910+2eN4Uj/h//y61/LGvsaHegjP59H9lR/2Mt7TN/g8X+6pPLB/8Ztewdt5cR/lez2Lx/QHfs5/eyev61N8pSfwcJ7bL/lbb+IlfYBv89keydP6Ef/o/V7NW/siH+tBPKMfj/GdnsHjeXI/5X+9i9f0Cb7Oh3soz+tX/KU38HLe2zf5XI/iKf2Af/PbXsnb+hIf6QE8m8f2R37Wi3hH3/dpvtoTeVj/4Rf9vTfz0j7It3oOj+jp/Zh/9j5e1Wf4Qh/vwTyz3/GnHt2eyeP6Ez/pBbyb1/ZJvtaTeEj/92v+2ht5WR/iGz3fo3lqP+RfvYdX9Pa+zEd7IM/qN/yhn/di3tn3+FSP4Qk9vP/yy17Hm/oKH+jbPZdH9jd+1Et4P6/us3yxp/Gg/sHv+XNv5YUNf+anvZB39R0+0dd7Mg/tf/yq1/CGXt6H+WbP41H9hR/0797LK/scX+opPKBn91v+2Nt4UR/h+3y6x/LEfsZ/egev5819lQ/2MJ7TL/g7P+6lvK9v8ZkewdN5cP/kd72Kt/QFPs4HAQDxMOzTk2cqWjompQ==";

test("a frame that ends as the decoder's output buffer fills is whole", async () => {
  const memory = new Uint8Array(128 * 1024);
  for (let i = 0; i < memory.length; i += 5) memory[i] = (i * 29) % 253;
  const snapshot = new Uint8Array(PYODIDE_HEADER + memory.length);
  new Uint32Array(snapshot.buffer, 0, 2).set([0x12345678, PYODIDE_HEADER]);
  snapshot.set(memory, PYODIDE_HEADER);
  const frame = Uint8Array.from(atob(TWO_PAGES_ZSTD), (char) => char.charCodeAt(0));
  const start = new Uint8Array(memory.length); // all zeros: every page is stored, as it is
  const file = packSnapshot(snapshot, start, INFO, () => frame);
  const decoder = await zstdDecoder(readFileSync(`${STATIC}vendor/zstddec.wasm`));
  const restored = new Uint8Array(memory.length);
  restorePages(restored, readSnapshot(file, INFO), decoder, start);
  assert.deepEqual(restored, memory);
  const longer = packSnapshot(snapshot, start, INFO, () => Uint8Array.of(...frame, 0, 0, 0));
  assert.throws(() => restorePages(new Uint8Array(memory.length), readSnapshot(longer, INFO), decoder, start), /bytes follow the frame/);
});
