import { describe, expect, it } from 'vitest';
import { entryCount, readColumns, toColumns } from '../../../src/core/stored-index/entry-columns.ts';
import type { StoredEntry } from '../../../src/core/stored-index/repeated-text.ts';

const stored: StoredEntry[] = [
  { kind: 'chunk', level: 'whole', n: 0, of: 0 },
  { kind: 'context', level: 'point', producer: 'extractive', at: [4, 17], n: 3, of: 0 },
  { kind: 'summary', level: 'whole', producer: 'llm', text: 'a model’s words', n: 0, of: 1 },
  { kind: 'cluster', level: 'whole', id: 'hand-made', origin: { type: 'cluster', id: 'g:x#2' } },
];

describe('stored entries as columns', () => {
  it('hold each entry\'s fields, and keep the rare ones by index', () => {
    const columns = toColumns(stored);
    expect(entryCount(columns)).toBe(4);
    expect(columns.kinds).toEqual(['chunk', 'context', 'summary', 'cluster']);
    expect(columns.levels).toEqual(['whole', 'point']);
    expect(columns.producers).toEqual(['extractive', 'llm']);
    expect(columns.producer).toEqual([0, 1, 2, 0]);
    expect(columns.n).toEqual([0, 3, 0, -1]);
    expect(columns.of).toEqual([0, 0, 1, -1]);
    expect(columns.at).toEqual([-1, -1, 4, 17, -1, -1, -1, -1]);
    expect(columns.kept).toEqual([
      [2, { text: 'a model’s words' }],
      [3, { id: 'hand-made', origin: { type: 'cluster', id: 'g:x#2' } }],
    ]);
  });

  it('are read back from JSON, and an array of stored entries (files before version 4) becomes them', () => {
    const columns = toColumns(stored);
    expect(readColumns(JSON.parse(JSON.stringify(columns)))).toEqual(columns);
    expect(readColumns(JSON.parse(JSON.stringify(stored)))).toEqual(columns);
    expect(readColumns([])).toEqual(toColumns([]));
  });

  it('are refused when they are not columns, or disagree on how many entries there are', () => {
    expect(readColumns(null)).toBeUndefined();
    expect(readColumns('entries')).toBeUndefined();
    expect(readColumns({ ...toColumns(stored), n: undefined })).toBeUndefined();
    expect(readColumns({ ...toColumns(stored), of: [0] })).toBeUndefined();
    expect(readColumns({ ...toColumns(stored), at: [-1, -1] })).toBeUndefined();
  });

  it('take a fraction of the bytes of an object an entry', () => {
    // a document's usual entries: its chunks, and sentences of them
    const many: StoredEntry[] = Array.from({ length: 1000 }, (_, i) =>
      i % 3 === 0 ? { kind: 'chunk', level: 'whole', n: 0, of: i } : { kind: 'context', level: 'point', producer: 'extractive', at: [i, i + 80], n: i % 3, of: i - (i % 3) },
    );
    expect(JSON.stringify(toColumns(many)).length).toBeLessThan(JSON.stringify(many).length / 3);
  });
});
