import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns, holdsTextsApart } from '../../../src/core/stored-index/entry-columns-binary.ts';
import { EntryTable } from '../../../src/core/stored-index/entry-table.ts';
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

describe('entry columns with their kept texts apart (index format 8)', () => {
  const withTexts: StoredEntry[] = [
    ...stored,
    { kind: 'summary', level: 'whole', producer: 'extractive', text: 'Ça — 中文 😀', n: 0, of: 2 },
    { kind: 'cluster', level: 'whole', id: 'kept-too', text: '', origin: { type: 'cluster', id: 'g:x#3' } },
  ];

  it('leave the texts out of the head, and give each back when asked, the other kept fields as before', () => {
    const columns = toColumns(withTexts);
    const bytes = encodeColumns(columns, { textsApart: true });
    expect(holdsTextsApart(bytes)).toBe(true);
    expect(holdsTextsApart(encodeColumns(columns))).toBe(false);
    const back = decodeColumns(bytes)!;
    expect(back.kept).toEqual([
      [3, { id: 'hand-made', origin: { type: 'cluster', id: 'g:x#2' } }],
      [5, { id: 'kept-too', origin: { type: 'cluster', id: 'g:x#3' } }],
    ]);
    expect(Array.from(back.texts!.entry)).toEqual([2, 4, 5]);
    expect([0, 1, 2].map((k) => back.texts!.text(k))).toEqual(['a model’s words', 'Ça — 中文 😀', '']);
    // laid out as before again, byte for byte
    expect(encodeColumns(back)).toEqual(encodeColumns(columns));
    expect(encodeColumns(back, { textsApart: true })).toEqual(bytes);
  });

  it('make the same entries as the head did', () => {
    const sources = { chunk: () => undefined, chunkAt: () => ({ id: 'd:0', text: 'x'.repeat(70_000) }) as never };
    const head = new EntryTable(decodeColumns(encodeColumns(toColumns(withTexts)))!, sources, 'd');
    const apart = new EntryTable(decodeColumns(encodeColumns(toColumns(withTexts), { textsApart: true }))!, sources, 'd');
    expect(apart.whole()).toBe(head.whole());
    expect(apart.withoutTexts()).toEqual(head.withoutTexts());
  });

  it('are told whole without making any chunk\'s id, which is made when an entry is first read', () => {
    const ids: number[] = [];
    const sources = {
      chunk: () => undefined,
      chunkLengthAt: () => 70_000,
      chunkIdAt: (n: number) => (ids.push(n), `d:${n}`),
    };
    // all but the cluster entry whose text is made from a cluster these sources do not hold
    const made = withTexts.filter((e) => e.id !== 'hand-made');
    const apart = new EntryTable(decodeColumns(encodeColumns(toColumns(made), { textsApart: true }))!, sources, 'd');
    expect(apart.whole()).toBe(true);
    expect(ids).toEqual([]);
    // the summary kept apart (of: 2): its origin is its chunk, by id, once read
    expect(apart.origin(3)).toEqual({ type: 'chunk', id: 'd:2' });
    expect(ids).toEqual([2]);
  });

  it('are refused when the texts are cut short or their numbers do not fit', () => {
    const bytes = encodeColumns(toColumns(withTexts), { textsApart: true });
    expect(decodeColumns(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
    expect(decodeColumns(Uint8Array.of(...bytes, 0x41))).toBeUndefined();
    const headLength = new DataView(bytes.buffer).getUint32(0, true);
    const start = (4 + headLength + 3) & ~3;
    const textsAt = (start + 19 * withTexts.length + 3) & ~3;
    const reordered = bytes.slice();
    // the second text said to belong to an entry before the first's
    new DataView(reordered.buffer).setInt32(textsAt + 4, 1, true);
    expect(decodeColumns(reordered)).toBeUndefined();
  });
});
