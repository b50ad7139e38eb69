/**
 * Checksums of stored blocks: xxHash64 (xxhash-wasm), as 16 hex digits. They detect damage (a
 * flipped byte, a NaN written into a vector block, an edited text), not tampering, so a fast
 * non-cryptographic hash is enough, and xxhash-wasm's was an order of magnitude faster than
 * SHA-256, crc-32 or a pure-JavaScript xxHash (docs/decisions/2026-11-24-checksums.md).
 * The WebAssembly module is compiled once, on first use (it is a few kilobytes).
 *
 * Everything is hashed through a window of WINDOW bytes: xxhash-wasm copies its input into the
 * module's memory, which grows to the largest input and is fresh memory the first time, and fresh
 * memory is dear on these machines: hashing a large open image's search corpus at one go was a
 * visible part of its reopen, and through a small window almost nothing
 * (docs/decisions/2026-12-07-storage-and-open-measured.md). The digest is the same either way.
 */
import xxhash from 'xxhash-wasm';

export interface Checksums {
  /** Of bytes as they are. */
  bytes(data: Uint8Array): string;
  /**
   * The same checksum as `bytes`, hashed `slice` bytes at a time with `between` awaited after
   * each: hashing a large buffer in one call held a worker for the whole of it.
   */
  bytesInSlices(data: Uint8Array, between: () => Promise<void>, slice?: number): Promise<string>;
  /** Of a string's UTF-8 bytes. */
  text(value: string): string;
}

let loading: Promise<Checksums> | undefined;

/** Bytes hashed between breaths: a few milliseconds of work. */
const SLICE = 4 << 20;
/** The most bytes handed to the module at once. */
const WINDOW = 64 << 10;
/** UTF-16 units of text handed at once: the module makes room for three bytes each. */
const TEXT_WINDOW = WINDOW / 4;

type Hasher = ReturnType<Awaited<ReturnType<typeof xxhash>>['create64']>;

/** `data` into `hasher`, a window at a time. */
function updateBytes(hasher: Hasher, data: Uint8Array): Hasher {
  for (let at = 0; at < data.length; at += WINDOW) hasher.update(data.subarray(at, at + WINDOW));
  return hasher;
}

/** `value`'s UTF-8 into `hasher`, a window at a time, never cutting a surrogate pair (whose halves alone would encode as U+FFFD). */
function updateText(hasher: Hasher, value: string): Hasher {
  for (let at = 0; at < value.length; ) {
    let end = Math.min(value.length, at + TEXT_WINDOW);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--;
    hasher.update(value.slice(at, end));
    at = end;
  }
  return hasher;
}

/** The checksum functions; synchronous once this promise has resolved. */
export function checksums(): Promise<Checksums> {
  loading ??= xxhash().then(({ h64Raw, h64, create64 }) => ({
    bytes: (data) => hex(data.length <= WINDOW ? h64Raw(data) : updateBytes(create64(), data).digest()),
    async bytesInSlices(data, between, slice = SLICE) {
      const hasher = create64();
      for (let at = 0; at < data.length; at += slice) {
        updateBytes(hasher, data.subarray(at, at + slice));
        await between();
      }
      return hex(hasher.digest());
    },
    text: (value) => hex(value.length <= TEXT_WINDOW ? h64(value) : updateText(create64(), value).digest()),
  }));
  return loading;
}

function hex(value: bigint): string {
  return value.toString(16).padStart(16, '0');
}
