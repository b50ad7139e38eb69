import { describe, expect, it } from 'vitest';
import { libraryAdded, nextAdded, type AddedStore } from '../../src/browser-storage/added-clock.ts';

/** A store of `added` values whose index may only be asked for its latest key. */
function store(records: Record<string, number>, scans: string[], name: string): AddedStore {
  return {
    get: async (id) => (id in records ? { added: records[id] } : undefined),
    index: () => ({
      async openKeyCursor(_query, direction) {
        scans.push(`${name}:${direction ?? 'next'}`);
        if (direction !== 'prev') throw new Error('a write must not walk the whole index');
        const keys = Object.values(records).sort((a, b) => b - a);
        return keys.length > 0 ? { key: keys[0] } : null;
      },
    }),
  };
}

describe('the added clock', () => {
  it('looks a known document or original up by key, without touching the indexes', async () => {
    const scans: string[] = [];
    const documents = store({ a: 10 }, scans, 'documents');
    const originals = store({ a: 4, b: 7 }, scans, 'originals');
    expect(await libraryAdded(documents, originals, 'a')).toBe(10);
    // A document's first write takes the time its file was dropped in.
    expect(await libraryAdded(documents, originals, 'b')).toBe(7);
    expect(scans).toEqual([]);
  });

  it('gives a new id a time after everything in both stores, even within one millisecond', async () => {
    const scans: string[] = [];
    const later = Date.now() + 60_000;
    const added = await libraryAdded(store({ a: later }, scans, 'documents'), store({ b: 5 }, scans, 'originals'), 'c');
    expect(added).toBe(later + 1);
    expect(scans).toEqual(['documents:prev', 'originals:prev']);
    expect(nextAdded(100, 50)).toBe(101);
    expect(nextAdded(100, 500)).toBe(500);
  });

  it("gives a new id no time before the caller's notBefore, and a known one its own time whatever it is", async () => {
    const scans: string[] = [];
    const documents = store({ a: 10 }, scans, 'documents');
    const originals = store({}, scans, 'originals');
    const ahead = Date.now() + 60_000;
    expect(await libraryAdded(documents, originals, 'new', ahead)).toBe(ahead);
    expect(await libraryAdded(documents, originals, 'a', ahead)).toBe(10);
  });
});
