/**
 * Checksums of stored blocks: xxHash64 (xxhash-wasm), as 16 hex digits. They detect damage (a
 * flipped byte, a NaN written into a vector block, an edited text), not tampering, so a fast
 * non-cryptographic hash is enough. Measured here on one 100 MB buffer: xxhash-wasm's h64 5.5 GB/s,
 * Web Crypto SHA-256 0.30 GB/s, crc-32 0.62 GB/s, js-xxhash (pure JS) 0.55 GB/s; SHA-256 would
 * have added about a third of a second per 100 MB to every open, xxHash64 adds 20 ms.
 * The WebAssembly module is compiled once, on first use (it is a few kilobytes).
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

/** The checksum functions; synchronous once this promise has resolved. */
export function checksums(): Promise<Checksums> {
  loading ??= xxhash().then(({ h64Raw, h64, create64 }) => ({
    bytes: (data) => hex(h64Raw(data)),
    async bytesInSlices(data, between, slice = SLICE) {
      const hasher = create64();
      for (let at = 0; at < data.length; at += slice) {
        hasher.update(data.subarray(at, at + slice));
        await between();
      }
      return hex(hasher.digest());
    },
    text: (value) => hex(h64(value)),
  }));
  return loading;
}

function hex(value: bigint): string {
  return value.toString(16).padStart(16, '0');
}
