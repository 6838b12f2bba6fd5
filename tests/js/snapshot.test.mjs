// The snapshot file format (static/snapshot.js): what the build writes, the worker reads back,
// and every way a file can be wrong is refused with a reason. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { MAGIC, SnapshotError, fetchSnapshot, packSnapshot, unpackSnapshot } from "../../static/snapshot.js";

const INFO = { pyodide: "314.0.7", wheel: "ab".repeat(32) };
const memory = () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 7) % 256);

function refused(file, expected, reason) {
  assert.throws(() => unpackSnapshot(file, expected), (error) => error instanceof SnapshotError && reason.test(error.message));
}

test("a packed snapshot unpacks to the same bytes, aligned for Pyodide", () => {
  const file = packSnapshot(memory(), INFO);
  assert.equal(new TextDecoder().decode(file.subarray(0, MAGIC.length)), MAGIC);
  const snapshot = unpackSnapshot(file, INFO);
  assert.deepEqual(snapshot, memory());
  assert.equal(snapshot.byteOffset % 16, 0);
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
});

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
