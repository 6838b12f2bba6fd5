// snapshot.js: the engine's memory snapshot: its file format, written by the build
// (tools/make_snapshot.mjs, in Node), and the restore that the engine's worker does with it.
//
// A Pyodide memory snapshot is the interpreter's whole WebAssembly memory (31.5 MB here) behind a
// small header of Pyodide's own. Only a part of that memory has to travel: a restore starts from a
// freshly instantiated module, whose memory holds what the wasm file brings (its data segments,
// the first 3.8 MB) and zeros after it. So the file holds, for every page that differs from that
// instantiated memory, the page XOR the instantiated page (a data page Python changed a little is
// nearly all zeros then), and the restore XORs them into the module's own memory. Nothing else is
// copied: no 31.5 MB array is built, and the pages that are zero or unchanged cost nothing.
// Between the instantiation and the restore, the module's start-up writes a little (what it read
// from the clock, the environment): the restore puts back the memory as it was instantiated (the
// first `base` pages, kept at instantiation; zeros after them) before it XORs.
//
// It only fits the Pyodide build that made it, and it holds the game's Python modules as they
// were imported, so it only fits the wheel it was made from. The file says both, and nothing is
// trusted before it is checked:
//
//   "SOLSNAP3"                      8 bytes, the format
//   header length                   4 bytes, unsigned, little-endian
//   header                          JSON in UTF-8
//   Pyodide's header                its own bytes (magic number, build id, the JS values it keeps)
//   pages                           every page that differs from the instantiated memory, XOR it,
//                                   in one Zstandard frame (or as they are, when not compressed)
//
// The header: {"pyodide": version, "wheel": sha256 of the game's wheel (hex), "size": bytes of
// the memory, "base": pages of the instantiated memory that are not all zero (the first ones),
// "pyodideHeader": bytes of Pyodide's header, "runs": [[first page, pages], ...] the runs of
// PAGE-byte pages stored, in order, "hash": memoryHash() of the pages that are not zero by
// construction (the first `base`, and the runs)}. The hash is checked after the restore: a damaged
// page, or an instantiated memory that is not what the build saw, is refused (the worker then
// starts the ordinary way).
//
// Only the pages are compressed, so the header can be read (and the module instantiated) before
// they are decompressed. Zstandard: 2.75 MB (with a window of 4 MB), where gzip, which browsers
// decode natively, gives 3.4 MB (README, "Start-up"); decompressed with zstd's own decoder
// compiled to WebAssembly (static/vendor/zstddec.wasm, from the npm package zstddec), straight
// into the module's memory, a few hundred kB at a time.

export const MAGIC = "SOLSNAP3";
export const PAGE = 4096;
const FIXED = MAGIC.length + 4;
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

export class SnapshotError extends Error {}

/** A 64-bit digest (16 hex digits) of the pages of `memory` that the runs [[first page, pages],
 *  ...] name: two multiplicative lanes over their 32-bit words. Not cryptographic: it tells a
 *  damaged or misplaced page. */
export function memoryHash(memory, runs) {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >>> 2);
  let first = 0x811c9dc5 | 0;
  let second = 0x01000193 | 0;
  for (const [page, count] of runs) {
    const end = ((page + count) * PAGE) >>> 2;
    for (let i = (page * PAGE) >>> 2; i < end; i += 2) {
      first = Math.imul(first ^ words[i], 0x9e3779b1) ^ (first >>> 15);
      second = Math.imul(second ^ words[i + 1], 0x85ebca77) ^ (second >>> 13);
    }
  }
  return (first >>> 0).toString(16).padStart(8, "0") + (second >>> 0).toString(16).padStart(8, "0");
}

/** The runs [[first page, pages], ...] of the pages where `memory` differs from `reference`. */
export function changedRuns(memory, reference) {
  const runs = [];
  const pages = memory.length / PAGE;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    let same = true;
    for (let i = start; i < start + PAGE; i++) {
      if (memory[i] !== reference[i]) {
        same = false;
        break;
      }
    }
    if (same) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  return runs;
}

/** The pages a restore hashes: the instantiated ones, then the stored ones. */
const hashedRuns = ({ base, runs }) => (base ? [[0, base], ...runs] : runs);

/**
 * The file's bytes. `snapshot` is what Pyodide's makeMemorySnapshot() gave (its header, then the
 * memory), `instantiated` the memory of a freshly instantiated module (watchInstantiation()),
 * `info` = {pyodide, wheel}, and `compress(pages)` the pages as the file holds them (the build's
 * Zstandard; by default as they are).
 */
export function packSnapshot(snapshot, instantiated, info, compress = (pages) => pages) {
  const pyodideHeader = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  const memory = snapshot.subarray(pyodideHeader);
  if (memory.length % PAGE) throw new SnapshotError("the memory is not made of whole pages");
  const base = lastUsedPage(instantiated) + 1;
  const reference = new Uint8Array(memory.length); // the memory a restore starts from
  reference.set(instantiated.subarray(0, base * PAGE));
  const runs = changedRuns(memory, reference);
  const pages = new Uint8Array(runs.reduce((sum, [, count]) => sum + count * PAGE, 0));
  let at = 0;
  for (const [page, count] of runs) {
    for (let i = page * PAGE; i < (page + count) * PAGE; i++) pages[at++] = memory[i] ^ reference[i];
  }
  const packed = compress(pages);
  const hash = memoryHash(memory, hashedRuns({ base, runs }));
  const header = new TextEncoder().encode(JSON.stringify({ pyodide: info.pyodide, wheel: info.wheel, size: memory.length, base, pyodideHeader, runs, hash }));
  const file = new Uint8Array(FIXED + header.length + pyodideHeader + packed.length);
  file.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(file.buffer).setUint32(MAGIC.length, header.length, true);
  file.set(header, FIXED);
  file.set(snapshot.subarray(0, pyodideHeader), FIXED + header.length);
  file.set(packed, FIXED + header.length + pyodideHeader);
  return file;
}

/** The last page of `memory` that is not all zero (-1 if none). */
function lastUsedPage(memory) {
  const words = new Int32Array(memory.buffer, memory.byteOffset, memory.byteLength >>> 2);
  for (let i = words.length - 1; i >= 0; i--) if (words[i]) return Math.floor((i * 4) / PAGE);
  return -1;
}

/**
 * The snapshot in a file's bytes, if its header is whole and fits `expected` = {pyodide, wheel}:
 * {size, base, hash, runs, stored, pyodideHeader, packed} (packed: the page section as the file
 * holds it, for restorePages()); else a SnapshotError saying what is wrong.
 */
export function readSnapshot(file, expected) {
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
  const { size, base, runs, pyodideHeader, hash } = header;
  const unreadable = () => new SnapshotError("the snapshot's header is unreadable");
  if (!Number.isSafeInteger(size) || size <= 0 || size % PAGE || typeof hash !== "string") throw unreadable();
  if (!Number.isSafeInteger(base) || base < 0 || base * PAGE > size) throw unreadable();
  if (!Number.isSafeInteger(pyodideHeader) || pyodideHeader < 16 || pyodideHeader % 16) throw unreadable();
  const pages = pagesOf(runs, size);
  if (pages === null) throw unreadable();
  const start = FIXED + length;
  if (start + pyodideHeader > bytes.length) throw new SnapshotError("the snapshot file is cut short");
  return {
    size,
    base,
    hash,
    runs,
    stored: pages * PAGE,
    pyodideHeader: bytes.slice(start, start + pyodideHeader), // a copy: Pyodide reads it as 32-bit words
    packed: bytes.subarray(start + pyodideHeader),
  };
}

/** The pages a list of runs names, if it is a list of runs in order within `size` bytes; else null. */
function pagesOf(runs, size) {
  if (!Array.isArray(runs)) return null;
  let end = 0; // the first page after the last run
  let pages = 0;
  for (const run of runs) {
    const [page, count] = Array.isArray(run) ? run : [];
    if (!Number.isSafeInteger(page) || !Number.isSafeInteger(count) || page < end || count < 1 || (page + count) * PAGE > size) return null;
    end = page + count;
    pages += count;
  }
  return pages;
}

/** Put the memory back as it was instantiated (`instantiated`: its first `base` pages, zeros
 *  after them), XOR the snapshot's pages in as they are decompressed with `zstd`
 *  (zstdDecoder()'s exports: a few hundred kB at a time, so no copy of them all is made), then
 *  check the snapshot's hash. A page already zero is not written: memory the browser has not
 *  touched stays so. */
export function restorePages(memory, snapshot, zstd, instantiated) {
  memory.set(instantiated.subarray(0, snapshot.base * PAGE));
  zeroUnstoredPages(memory, snapshot);
  const target = new PagesTarget(memory, snapshot.runs, snapshot.base);
  const { packed } = snapshot;
  if (ZSTD_MAGIC.every((byte, i) => packed[i] === byte)) decompressInto(packed, zstd, (chunk) => target.xor(chunk));
  else target.xor(packed);
  if (target.written !== snapshot.stored) throw new SnapshotError("the snapshot file is cut short or too long");
  if (memoryHash(memory, hashedRuns(snapshot)) !== snapshot.hash) {
    throw new SnapshotError("the restored memory is not the snapshot's (a damaged file, or another build of Pyodide)");
  }
}

/** Zero what the start-up may have written after the instantiated pages, but for the stored
 *  pages (they are set whole): a page is read 16 words at a time, and written only when it is
 *  not all zero. */
function zeroUnstoredPages(memory, { base, size, runs }) {
  const words = new Int32Array(memory.buffer, memory.byteOffset, size >>> 2);
  const pageWords = PAGE >>> 2;
  let run = 0;
  for (let page = base; page < size / PAGE; page++) {
    while (run < runs.length && runs[run][0] + runs[run][1] <= page) run++;
    if (run < runs.length && runs[run][0] <= page) continue; // a stored page
    const first = page * pageWords;
    for (let i = first; i < first + pageWords; i += 16) {
      if (words[i] | words[i + 1] | words[i + 2] | words[i + 3] | words[i + 4] | words[i + 5] | words[i + 6] | words[i + 7] |
          words[i + 8] | words[i + 9] | words[i + 10] | words[i + 11] | words[i + 12] | words[i + 13] | words[i + 14] | words[i + 15]) {
        words.fill(0, first, first + pageWords);
        break;
      }
    }
  }
}

/** Where the stored pages go, run after run, as they come: XORed into an instantiated page,
 *  set over a page after them (its reference is zero). */
class PagesTarget {
  constructor(memory, runs, base) {
    this.memory = memory;
    this.runs = runs;
    this.base = base;
    this.run = 0;
    this.offset = 0; // within the run
    this.written = 0;
  }

  xor(chunk) {
    let at = 0;
    while (at < chunk.length) {
      const run = this.runs[this.run];
      if (!run) throw new SnapshotError("the snapshot file is cut short or too long");
      const [page, count] = run;
      // Within the run, up to its end or up to the first page past the instantiated ones.
      const end = page < this.base && page + count > this.base ? (this.base - page) * PAGE : count * PAGE;
      const limit = this.offset < end ? end : count * PAGE;
      const length = Math.min(chunk.length - at, limit - this.offset);
      const place = page * PAGE + this.offset;
      const bytes = chunk.subarray(at, at + length);
      if (place < this.base * PAGE) xorBytes(this.memory, place, bytes);
      else this.memory.set(bytes, place);
      at += length;
      this.written += length;
      this.offset += length;
      if (this.offset === count * PAGE) {
        this.run += 1;
        this.offset = 0;
      }
    }
  }
}

/** memory[at...] ^= bytes, a word at a time where both are aligned. */
function xorBytes(memory, at, bytes) {
  let i = 0;
  while (i < bytes.length && ((memory.byteOffset + at + i) % 4 || (bytes.byteOffset + i) % 4)) memory[at + i] ^= bytes[i++];
  if ((memory.byteOffset + at + i) % 4 === 0 && (bytes.byteOffset + i) % 4 === 0) {
    const count = (bytes.length - i) >>> 2;
    const target = new Int32Array(memory.buffer, memory.byteOffset + at + i, count);
    const source = new Int32Array(bytes.buffer, bytes.byteOffset + i, count);
    for (let word = 0; word < count; word++) target[word] ^= source[word];
    i += count * 4;
  }
  for (; i < bytes.length; i++) memory[at + i] ^= bytes[i];
}

/** Have `settings` (Pyodide's module settings) tell `onInstantiate()` when the module's
 *  instantiation begins, and hand its memory, as soon as it is instantiated (before its start-up
 *  writes anything), to `seen(memory)`. */
export function watchInstantiation(settings, seen, onInstantiate = () => {}) {
  const instantiate = settings.instantiateWasm;
  settings.instantiateWasm = (imports, receive) => {
    onInstantiate();
    return instantiate(imports, (instance, module) => {
      seen(new Uint8Array((imports.env.memory ?? instance.exports.memory).buffer));
      receive(instance, module);
    });
  };
}

/**
 * The options of loadPyodide() that restore `snapshot` (readSnapshot()'s, or a promise of it):
 * `_loadSnapshot` gets Pyodide's header only, and `createPyodideModule` wraps the module's
 * factory (the default export of pyodide.asm.mjs, or a promise of it) so that the memory has the
 * snapshot's size, its instantiated pages are kept, and Pyodide's restore is followed by
 * restorePages() with `zstd` (zstdDecoder()'s exports, or a promise of them). `mark(stage)` is
 * told how far it has come.
 * @param {(stage: string) => void} [mark]
 */
export function restoreOptions(snapshot, createModule, zstd, mark = () => {}) {
  const ready = Promise.resolve(snapshot);
  return {
    _loadSnapshot: ready.then((read) => read.pyodideHeader),
    createPyodideModule: async (settings) => {
      const [read, factory] = await Promise.all([ready, createModule]);
      settings.INITIAL_MEMORY = read.pyodideHeader.length + read.size;
      let instantiated = null;
      watchInstantiation(
        settings,
        (memory) => {
          mark("wasm instantiated");
          instantiated = memory.slice(0, read.base * PAGE);
        },
        () => mark("wasm instantiating"),
      );
      const module = await factory(settings);
      let decoder = await zstd;
      const restore = module.API.restoreSnapshot;
      module.API.restoreSnapshot = (pyodideHeader) => {
        mark("restore started");
        const kept = restore(pyodideHeader); // checks the magic number and build id; no memory to set
        restorePages(module.HEAPU8, read, decoder, instantiated);
        // Pyodide keeps its options for good: let go of the file, the decoder and the pages kept.
        module.API.restoreSnapshot = restore;
        decoder = instantiated = null;
        read.packed = null;
        mark("memory restored");
        return kept;
      };
      return module;
    },
  };
}

/** Zstandard's streaming decoder: the exports of static/vendor/zstddec.wasm instantiated from
 *  `source` (its bytes, or a promise of its response). */
export async function zstdDecoder(source) {
  const imports = { env: { emscripten_notify_memory_growth: () => {} } };
  const binary = ArrayBuffer.isView(source) || source instanceof ArrayBuffer;
  const { instance } = binary ? await WebAssembly.instantiate(/** @type {BufferSource} */ (source), imports) : await WebAssembly.instantiateStreaming(source, imports);
  return instance.exports;
}

/** One Zstandard frame decompressed with `zstd`'s exports, handed to `sink(bytes)` a few hundred
 *  kB at a time (a view into the decoder's memory, valid during the call). */
function decompressInto(frame, zstd, sink) {
  const context = zstd.ZSTD_createDCtx();
  const inputSize = zstd.ZSTD_DStreamInSize();
  const outputSize = zstd.ZSTD_DStreamOutSize();
  const input = zstd.malloc(inputSize);
  const output = zstd.malloc(outputSize);
  const buffers = zstd.malloc(24); // ZSTD_inBuffer {src, size, pos}, then ZSTD_outBuffer {dst, size, pos}
  try {
    if (!context || !input || !output || !buffers) throw new Error("out of memory");
    // The decoder says 0 once the frame is decoded and flushed; it is not called after that, for
    // a call then would begin another frame (when the frame's end filled the output buffer).
    let whole = false;
    for (let at = 0; at < frame.length && !whole; at += inputSize) {
      const piece = frame.subarray(at, at + inputSize);
      new Uint8Array(zstd.memory.buffer).set(piece, input);
      new Uint32Array(zstd.memory.buffer, buffers, 3).set([input, piece.length, 0]);
      for (;;) {
        new Uint32Array(zstd.memory.buffer, buffers + 12, 3).set([output, outputSize, 0]);
        const left = zstd.ZSTD_decompressStream(context, buffers + 12, buffers) >>> 0;
        if (left > 0xffffff80) throw new Error(`zstd error ${left - 2 ** 32}`); // ZSTD_isError: -1 to -127
        const state = new Uint32Array(zstd.memory.buffer, buffers, 6);
        if (state[5]) sink(new Uint8Array(zstd.memory.buffer, output, state[5]));
        whole = left === 0;
        if (whole && at + state[2] !== frame.length) throw new Error("bytes follow the frame");
        if (whole || (state[2] === piece.length && state[5] < outputSize)) break; // the frame, or this piece, is used up
      }
    }
    if (!whole) throw new Error("the frame is cut short");
  } catch (error) {
    throw new SnapshotError(`the snapshot file is damaged (${error.message})`);
  } finally {
    zstd.free(buffers);
    zstd.free(output);
    zstd.free(input);
    zstd.ZSTD_freeDCtx(context);
  }
}
