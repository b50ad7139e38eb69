import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns } from '../../../src/core/stored-index/entry-columns-binary.ts';
import { toColumns } from '../../../src/core/stored-index/entry-columns.ts';
import type { StoredEntry } from '../../../src/core/stored-index/repeated-text.ts';

const stored: StoredEntry[] = [
  { kind: 'chunk', level: 'whole', n: 0, of: 0 },
  { kind: 'context', level: 'point', producer: 'extractive', at: [4, 70_000], n: 3, of: 0 },
  { kind: 'summary', level: 'whole', producer: 'llm', text: 'a model’s words', n: 0, of: 1 },
  { kind: 'cluster', level: 'whole', id: 'hand-made', origin: { type: 'cluster', id: 'g:x#2' } },
];

/** The columns as plain lists, to compare typed arrays with arrays. */
const plain = (c: ReturnType<typeof decodeColumns>) =>
  c && { ...c, kind: Array.from(c.kind), level: Array.from(c.level), producer: Array.from(c.producer), n: Array.from(c.n), of: Array.from(c.of), at: Array.from(c.at) };

describe('entry columns as bytes', () => {
  it('read back as the columns they were written from, the numbers as views over the bytes', () => {
    const columns = toColumns(stored);
    const bytes = encodeColumns(columns);
    const back = decodeColumns(bytes)!;
    expect(plain(back)).toEqual(columns);
    expect(back.at).toBeInstanceOf(Int32Array);
    expect((back.at as Int32Array).buffer).toBe(bytes.buffer);
    expect(plain(decodeColumns(encodeColumns(toColumns([]))))).toEqual(toColumns([]));
  });

  it('are copied out when the bytes do not start at a multiple of 4', () => {
    const bytes = encodeColumns(toColumns(stored));
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(plain(decodeColumns(shifted.subarray(1)))).toEqual(toColumns(stored));
  });

  it('are refused when cut short, longer than their count says, or their head is not JSON', () => {
    const bytes = encodeColumns(toColumns(stored));
    expect(decodeColumns(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
    expect(decodeColumns(Uint8Array.of(...bytes, 0, 0, 0, 0))).toBeUndefined();
    const garbled = bytes.slice();
    garbled[4] = 0x7b + 1;
    expect(decodeColumns(garbled)).toBeUndefined();
    expect(decodeColumns(new Uint8Array(2))).toBeUndefined();
  });
});
