// snapshot.js: the file format of the engine's memory snapshot, written by the
// build (tools/make_snapshot.mjs, in Node) and read by the engine's worker.
//
// A Pyodide memory snapshot only fits the Pyodide build that made it, and it
// holds the game's Python modules as they were imported, so it also only fits
// the wheel it was made from. The file says both, and nothing else is trusted:
//
//   "SOLSNAP1"                      8 bytes, the format
//   header length                   4 bytes, unsigned, little-endian
//   header                          JSON in UTF-8, padded with spaces so that
//                                   the snapshot starts at a multiple of 16
//                                   (Pyodide reads it as 32-bit words)
//   snapshot                        the bytes of pyodide.makeMemorySnapshot()
//
// The header: {"pyodide": version, "wheel": sha256 of the game's wheel (hex),
// "size": bytes of the snapshot}. The whole file is gzip-compressed; the
// worker decompresses it with the browser's DecompressionStream (and reads it
// as it is if a host already took the gzip off). Pyodide checks its own magic
// number and build id on top of this.

export const MAGIC = "SOLSNAP1";
const FIXED = MAGIC.length + 4;
const ALIGN = 16;

export class SnapshotError extends Error {}

/** The file's bytes (before compression) for a snapshot made with `info` = {pyodide, wheel}. */
export function packSnapshot(snapshot, info) {
  let header = JSON.stringify({ pyodide: info.pyodide, wheel: info.wheel, size: snapshot.length });
  const headerBytes = () => new TextEncoder().encode(header);
  while ((FIXED + headerBytes().length) % ALIGN) header += " ";
  const encoded = headerBytes();
  const file = new Uint8Array(FIXED + encoded.length + snapshot.length);
  file.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(file.buffer).setUint32(MAGIC.length, encoded.length, true);
  file.set(encoded, FIXED);
  file.set(snapshot, FIXED + encoded.length);
  return file;
}

/** The snapshot inside a file's bytes, if the file is whole and fits `expected` = {pyodide, wheel};
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
  const start = FIXED + length;
  if (header.size !== bytes.length - start) throw new SnapshotError("the snapshot file is cut short or too long");
  if ((bytes.byteOffset + start) % 4) throw new SnapshotError("the snapshot is not aligned");
  return bytes.subarray(start);
}

/** Fetch and decompress the snapshot file at `url`: its bytes, to check with unpackSnapshot. */
export async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new SnapshotError(`no snapshot (HTTP ${response.status})`);
  const body = new Uint8Array(await response.arrayBuffer());
  return isGzip(body) ? gunzip(body) : body;
}

const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function gunzip(bytes) {
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    throw new SnapshotError(`the snapshot file is damaged (${error.message})`);
  }
}
