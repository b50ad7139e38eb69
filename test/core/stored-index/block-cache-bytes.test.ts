import { describe, expect, it } from 'vitest';
import { cachedBlockBytes, encodeIndex, type BlockCache } from '../../../src/core/stored-index/binary-format.ts';
import { snapshot } from '../../browser-storage/fixtures.ts';

describe('the bytes an encoder block cache keeps', () => {
  it("counts each encoded record's blocks, and nothing for a record never encoded", async () => {
    const snap = snapshot();
    const cache: BlockCache = new WeakMap();
    const bytes = await encodeIndex(snap, cache);
    const records = [...snap.documents, ...snap.groups];
    const kept = records.map((r) => cachedBlockBytes(cache, r));
    expect(kept.every((n) => n > 0)).toBe(true);
    // the blocks are the file's body, less its header and padding
    expect(kept.reduce((a, b) => a + b, 0)).toBeLessThan(bytes.length);
    expect(cachedBlockBytes(cache, { ...snap.documents[0] })).toBe(0);
  });
});
