/** Checksums of the derived IndexedDB records: damage is found on load, named, and set aside. */
import { describe, expect, it } from 'vitest';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import type { StoredEntries } from '../../src/browser-storage/records.ts';
import type { StoredChunk, StoredEntry } from '../../src/core/stored-index/repeated-text.ts';
import { docA, docB, freshStore, groupAB, snapshot, storeWith } from './fixtures.ts';

describe('IdbIndexStore checksums', () => {
  it('loads intact records with no damage', async () => {
    const store = await storeWith(snapshot());
    expect((await store.load())?.damage).toBeUndefined();
  });

  it('finds a chunk text changed behind its back, names the document and leaves only it out', async () => {
    const store = await storeWith(snapshot());
    const stored = (await store.db.get('chunks', docA.doc.id))!;
    // the store writes its own records as objects (stored-blocks.ts)
    (stored.chunks as StoredChunk[])[1].text = 'Alpha two was edited.';
    await store.db.put('chunks', stored);
    const loaded = (await store.load())!;
    expect(loaded.damage).toEqual([{ kind: 'document', id: docA.doc.id, name: 'alpha.md', docIds: [docA.doc.id], parts: ['chunks'] }]);
    expect(loaded.documents.map((d) => d.doc.id)).toEqual([docB.doc.id]);
    expect(loaded.documents[0]).toEqual(docB);
  });

  it('finds a NaN written into a document vector and a changed document record', async () => {
    const store = await storeWith(snapshot());
    const entries = (await store.db.get('entries', `doc:${docB.doc.id}`))!;
    new Float32Array(entries.vectors)[2] = Number.NaN;
    await store.db.put('entries', entries);
    const record = (await store.db.get('documents', docB.doc.id))!;
    record.doc.text = record.doc.text.replace('Beta', 'Bêta');
    await store.db.put('documents', record);
    const loaded = (await store.load())!;
    expect(loaded.damage).toEqual([{ kind: 'document', id: docB.doc.id, name: 'beta.md', docIds: [docB.doc.id], parts: ['text', 'vectors'] }]);
    expect(loaded.documents.map((d) => d.doc.id)).toEqual([docA.doc.id]);
  });

  it('reports a damaged cluster group by its documents and keeps the documents', async () => {
    const store = await storeWith(snapshot());
    const entries = (await store.db.get('entries', `group:${groupAB.group.id}`))! as StoredEntries;
    (entries.entries as StoredEntry[])[0].text = 'another cluster text';
    await store.db.put('entries', entries);
    const loaded = (await store.load())!;
    expect(loaded.damage).toEqual([{ kind: 'group', id: groupAB.group.id, name: 'alpha.md, beta.md', docIds: [docA.doc.id, docB.doc.id], parts: ['clusters'] }]);
    expect(loaded.documents).toHaveLength(2);
    expect(loaded.groups).toEqual([]);
  });

  it('loads records written before checksums were kept, unchecked', async () => {
    const store = await storeWith(snapshot());
    const stored = (await store.db.get('chunks', docA.doc.id))!;
    delete stored.sum;
    await store.db.put('chunks', stored);
    expect((await store.load())?.damage).toBeUndefined();
  });

  it('sets aside a document whose entries, written before checksums, are no list of entries', async () => {
    const store = await storeWith(snapshot());
    const entries = (await store.db.get('entries', `doc:${docA.doc.id}`))!;
    delete entries.sums;
    (entries as unknown as { entries: unknown }).entries = { kind: 'not columns' };
    await store.db.put('entries', entries);
    const loaded = (await store.load())!;
    expect(loaded.damage).toEqual([{ kind: 'document', id: docA.doc.id, name: 'alpha.md', docIds: [docA.doc.id], parts: ['entries'] }]);
    expect(loaded.documents.map((d) => d.doc.id)).toEqual([docB.doc.id]);
  });

  it('carries the sums through an export, and gives them to records imported without', async () => {
    const store = await storeWith(snapshot());
    for (const record of await store.db.getAll('chunks')) {
      delete record.sum;
      await store.db.put('chunks', record);
    }
    const other = await freshStore();
    await importLibrary(other.db, await exportLibrary(store.db), { mode: 'replace' });
    expect((await other.db.get('chunks', docA.doc.id))?.sum).toMatch(/^[0-9a-f]{16}$/);
    expect((await other.db.get('documents', docA.doc.id))?.sum).toBe((await store.db.get('documents', docA.doc.id))?.sum);
    // an imported file's chunks are its block of their JSON (stored-blocks.ts): changed in place
    const stored = (await other.db.get('chunks', docA.doc.id))!;
    const json = new TextDecoder().decode(stored.chunks as ArrayBuffer);
    expect(json).toContain('"end":18,');
    stored.chunks = new TextEncoder().encode(json.replace('"end":18,', '"end":17,')).buffer;
    await other.db.put('chunks', stored);
    expect((await other.load())?.damage).toMatchObject([{ id: docA.doc.id, parts: ['chunks'] }]);
  });
});
