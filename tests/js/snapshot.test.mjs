// The snapshot file format (static/snapshot.js): what the build writes, the worker reads back,
// and every way a file can be wrong is refused with a reason. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { MAGIC, PAGE, SnapshotError, fetchSnapshot, packSnapshot, unpackSnapshot, usedRuns } from "../../static/snapshot.js";

const INFO = { pyodide: "314.0.7", wheel: "ab".repeat(32) };
/** Five pages: something, nothing, nothing, something, and half a page of something. */
const memory = () => {
  const bytes = new Uint8Array(PAGE * 4 + PAGE / 2);
  for (const page of [0, 3, 4]) for (let i = 0; i < PAGE / 2; i++) bytes[page * PAGE + i * 2] = (i * 7) % 251 + 1;
  return bytes;
};

function refused(file, expected, reason) {
  assert.throws(() => unpackSnapshot(file, expected), (error) => error instanceof SnapshotError && reason.test(error.message));
}

test("a packed snapshot unpacks to the same bytes, without its zero pages", () => {
  assert.deepEqual(usedRuns(memory()), [[0, 1], [3, 2]]);
  const file = packSnapshot(memory(), INFO);
  assert.equal(new TextDecoder().decode(file.subarray(0, MAGIC.length)), MAGIC);
  assert.ok(file.length < memory().length - 2 * PAGE + 400); // two zero pages left out
  const snapshot = unpackSnapshot(file, INFO);
  assert.deepEqual(snapshot, memory());
  assert.equal(snapshot.byteOffset, 0);
  assert.deepEqual(unpackSnapshot(packSnapshot(new Uint8Array(PAGE * 2), INFO), INFO), new Uint8Array(PAGE * 2)); // all zero
});

test("another Pyodide or another build of the game is refused", () => {
  const file = packSnapshot(memory(), INFO);
  refused(file, { ...INFO, pyodide: "314.0.8" }, /made with Pyodide 314\.0\.7, this site runs 314\.0\.8/);
  refused(file, { ...INFO, wheel: "cd".repeat(32) }, /another build of the game/);
  refused(file, { ...INFO, wheel: null }, /another build of the game/);
});

test("a damaged file is refused", () => {
  const file = packSnapshot(memory(), INFO);
  refused(new Uint8Array(0), INFO, /not a snapshot file/);
  refused(new TextEncoder().encode("<!doctype html><p>Not found"), INFO, /not a snapshot file/);
  refused(file.subarray(0, 20), INFO, /cut short/);
  refused(file.subarray(0, file.length - 1), INFO, /cut short or too long/);
  const longer = new Uint8Array(file.length + 16);
  longer.set(file);
  refused(longer, INFO, /cut short or too long/);
  const header = file.slice();
  header[MAGIC.length + 4] = 0xff; // the header's first byte: not UTF-8
  refused(header, INFO, /header is unreadable/);
  for (const runs of [[[3, 2], [0, 1]], [[0, 0]], [[9, 1]], "all", [["0", 1]]]) {
    refused(withHeader(file, { ...INFO, size: memory().length, runs }), INFO, /header is unreadable|cut short/);
  }
  refused(withHeader(file, { ...INFO, size: 7, runs: [] }), INFO, /header is unreadable/);
});

/** A file with another header and the same pages. */
function withHeader(file, header) {
  const length = new DataView(file.buffer, file.byteOffset).getUint32(MAGIC.length, true);
  const text = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(MAGIC.length + 4 + text.length + file.length - (MAGIC.length + 4 + length));
  out.set(file.subarray(0, MAGIC.length));
  new DataView(out.buffer).setUint32(MAGIC.length, text.length, true);
  out.set(text, MAGIC.length + 4);
  out.set(file.subarray(MAGIC.length + 4 + length), MAGIC.length + 4 + text.length);
  return out;
}

test("fetchSnapshot takes the file gzipped, or as a host that took the gzip off serves it", async (t) => {
  const file = packSnapshot(memory(), INFO);
  const bodies = { "/gzipped": gzipSync(file), "/plain": file, "/damaged": gzipSync(file).subarray(0, 100) };
  t.mock.method(globalThis, "fetch", async (url) =>
    url in bodies ? new Response(bodies[url]) : new Response("missing", { status: 404 }));
  assert.deepEqual(unpackSnapshot(await fetchSnapshot("/gzipped"), INFO), memory());
  assert.deepEqual(unpackSnapshot(await fetchSnapshot("/plain"), INFO), memory());
  await assert.rejects(fetchSnapshot("/damaged"), (error) => error instanceof SnapshotError && /damaged/.test(error.message));
  await assert.rejects(fetchSnapshot("/missing"), /no snapshot \(HTTP 404\)/);
});
