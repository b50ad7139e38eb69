import xxhash from 'xxhash-wasm';
import { describe, expect, it } from 'vitest';
import { checksums } from '../../../src/core/util/checksum.ts';
import { seededRandom } from '../../../src/core/util/random.ts';

/** Sums stored by earlier builds were xxHash64 of the whole input at once: a windowed sum must equal it. */
async function whole() {
  const { h64Raw, h64 } = await xxhash();
  const hex = (value: bigint) => value.toString(16).padStart(16, '0');
  return { bytes: (data: Uint8Array) => hex(h64Raw(data)), text: (value: string) => hex(h64(value)) };
}

function randomBytes(length: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(random() * 256);
  return out;
}

describe('checksums', () => {
  it('is xxHash64 (the empty input has its published digest)', async () => {
    const sums = await checksums();
    expect(sums.bytes(new Uint8Array(0))).toBe('ef46db3751d8e999');
    expect(sums.text('')).toBe('ef46db3751d8e999');
  });

  it('gives bytes larger than its window the digest of hashing them at once', async () => {
    const [sums, reference] = [await checksums(), await whole()];
    for (const length of [(64 << 10) - 1, 64 << 10, (64 << 10) + 1, 1_000_003]) {
      const data = randomBytes(length, length);
      expect(sums.bytes(data), `${length} bytes`).toBe(reference.bytes(data));
    }
  });

  it('gives the same digest in slices with breaths between them', async () => {
    const [sums, reference] = [await checksums(), await whole()];
    const data = randomBytes(300_001, 7);
    let breaths = 0;
    const sliced = await sums.bytesInSlices(data, async () => void breaths++, 100_000);
    expect(sliced).toBe(reference.bytes(data));
    expect(breaths).toBe(4);
  });

  it('gives long text the digest of its UTF-8 at once, a surrogate pair across a window kept whole', async () => {
    const [sums, reference] = [await checksums(), await whole()];
    // 𠀀 (U+20000) is two UTF-16 units; placed at every offset around the 16k-unit window's edge
    for (let before = (16 << 10) - 3; before <= (16 << 10) + 1; before++) {
      const text = `${'a'.repeat(before)}𠀀中文${'b'.repeat(40_000)}😀`;
      expect(sums.text(text), `${before} units before the pair`).toBe(reference.text(text));
    }
    expect(sums.text('中'.repeat(50_000))).toBe(reference.text('中'.repeat(50_000)));
  });
});
