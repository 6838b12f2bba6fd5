// snapshot.js: the file format of the engine's memory snapshot, written by the
// build (tools/make_snapshot.mjs, in Node) and read by the engine's worker.
//
// A Pyodide memory snapshot only fits the Pyodide build that made it, and it
// holds the game's Python modules as they were imported, so it also only fits
// the wheel it was made from. The file says both, and nothing else is trusted:
//
//   "SOLSNAP2"                      8 bytes, the format
//   header length                   4 bytes, unsigned, little-endian
//   header                          JSON in UTF-8
//   pages                           the memory's pages that are not all zero
//
// The header: {"pyodide": version, "wheel": sha256 of the game's wheel (hex),
// "size": bytes of the memory, "runs": [[first page, pages], ...]}, the runs
// of PAGE-byte pages that hold something, in order; every other byte of the
// memory is zero. About half of a fresh interpreter's memory is zero pages:
// leaving them out halves what the browser has to decompress at start-up.
// The whole file is gzip-compressed; the worker decompresses it with the
// browser's DecompressionStream (and reads it as it is if a host already took
// the gzip off). Pyodide checks its own magic number and build id on top of
// this.

export const MAGIC = "SOLSNAP2";
export const PAGE = 4096;
const FIXED = MAGIC.length + 4;

export class SnapshotError extends Error {}

/** The runs [[first page, pages], ...] of the pages of `memory` that are not all zero. */
export function usedRuns(memory) {
  const runs = [];
  const pages = Math.ceil(memory.length / PAGE);
  for (let page = 0; page < pages; page++) {
    const bytes = memory.subarray(page * PAGE, (page + 1) * PAGE);
    if (!bytes.some((byte) => byte !== 0)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  return runs;
}

/** The file's bytes (before compression) for the memory `snapshot`, made with `info` = {pyodide, wheel}. */
export function packSnapshot(snapshot, info) {
  const runs = usedRuns(snapshot);
  const header = new TextEncoder().encode(JSON.stringify({ pyodide: info.pyodide, wheel: info.wheel, size: snapshot.length, runs }));
  const pieces = runs.map(([page, count]) => snapshot.subarray(page * PAGE, Math.min((page + count) * PAGE, snapshot.length)));
  const file = new Uint8Array(FIXED + header.length + pieces.reduce((sum, piece) => sum + piece.length, 0));
  file.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(file.buffer).setUint32(MAGIC.length, header.length, true);
  file.set(header, FIXED);
  let at = FIXED + header.length;
  for (const piece of pieces) {
    file.set(piece, at);
    at += piece.length;
  }
  return file;
}

/** The memory inside a file's bytes, if the file is whole and fits `expected` = {pyodide, wheel};
 *  else a SnapshotError saying what is wrong. */
export function unpackSnapshot(file, expected) {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  if (bytes.length < FIXED || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) {
    throw new SnapshotError("not a snapshot file");
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(MAGIC.length, true);
  if (FIXED + length > bytes.length) throw new SnapshotError("the snapshot file is cut short");
  let header;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(FIXED, FIXED + length)));
  } catch {
    throw new SnapshotError("the snapshot's header is unreadable");
  }
  if (header?.pyodide !== expected.pyodide) {
    throw new SnapshotError(`the snapshot was made with Pyodide ${header?.pyodide}, this site runs ${expected.pyodide}`);
  }
  if (!expected.wheel || header.wheel !== expected.wheel) {
    throw new SnapshotError("the snapshot was made from another build of the game");
  }
  const { size, runs } = header;
  if (!Number.isSafeInteger(size) || size <= 0 || size % 4 || !Array.isArray(runs)) throw new SnapshotError("the snapshot's header is unreadable");
  const memory = new Uint8Array(size); // zero, but for the runs copied in
  let at = FIXED + length;
  let end = 0; // the first page after the last run
  for (const run of runs) {
    const [page, count] = Array.isArray(run) ? run : [];
    if (!Number.isSafeInteger(page) || !Number.isSafeInteger(count) || page < end || count < 1 || (page + count - 1) * PAGE >= size) {
      throw new SnapshotError("the snapshot's header is unreadable");
    }
    const piece = Math.min((page + count) * PAGE, size) - page * PAGE;
    if (at + piece > bytes.length) throw new SnapshotError("the snapshot file is cut short or too long");
    memory.set(bytes.subarray(at, at + piece), page * PAGE);
    at += piece;
    end = page + count;
  }
  if (at !== bytes.length) throw new SnapshotError("the snapshot file is cut short or too long");
  return memory;
}

/** Fetch and decompress the snapshot file at `url`: its bytes, to check with unpackSnapshot. */
export async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new SnapshotError(`no snapshot (HTTP ${response.status})`);
  const body = new Uint8Array(await response.arrayBuffer());
  return isGzip(body) ? gunzip(body) : body;
}

const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Decompressed in chunks read one by one into one buffer (faster than collecting them in a Response). */
async function gunzip(bytes) {
  try {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.length;
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  } catch (error) {
    throw new SnapshotError(`the snapshot file is damaged (${error.message})`);
  }
}
