import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createChat, appendMessage, getChat, listChats } from '../../src/browser-storage/chats.ts';
import { createCollection } from '../../src/browser-storage/collections.ts';
import { DamagedLibraryError, EmbedderMismatchError, exportLibrary, importLibrary, LibraryFileError, readLibraryFile } from '../../src/browser-storage/export.ts';
import { listCollections } from '../../src/browser-storage/collections.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { blockOfDocument, blockOfOriginal, blockSum, flipByte } from '../support/index-blocks.ts';
import type { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { ALL_STORES, type StoredChunks, type StoredEntries } from '../../src/browser-storage/records.ts';
import { chunkList, entryColumnsOf, termsOfRecord } from '../../src/browser-storage/stored-blocks.ts';
import type { EntryColumns } from '../../src/core/stored-index/entry-columns.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import { Settings } from '../../src/browser-storage/settings.ts';
import { bytesOf, docA, docB, freshStore, manifest, snapshot, storeWith } from './fixtures.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** A library with everything an export carries. */
async function fullLibrary(factory?: IDBFactory): Promise<IdbIndexStore> {
  const store = await storeWith(snapshot(), factory);
  await store.putOriginal(docA.doc.id, 'alpha.md', 'text/markdown', text('alpha original bytes'));
  await store.putOriginal(docB.doc.id, 'beta.md', 'text/markdown', text('beta original bytes'));
  await store.addOriginal('pending.txt', 'text/plain', text('not parsed yet'));
  await createCollection(store.db, 'Greek', [docA.doc.id, docB.doc.id], 4_000);
  const chat = await createChat(store.db, 'About alpha', 5_000, undefined, { documents: [], collections: ['greek'] });
  await appendMessage(store.db, chat.id, {
    role: 'assistant',
    content: 'Alpha one [1].',
    sources: [{ chunkId: 'aaaa:0', label: '[1] alpha › Section 0' }],
    strategy: 'naive',
    created: 5_001,
    cited: [1],
    citations: [{ start: 10, end: 13, numbers: [1] }],
    notFound: false,
  });
  await new Settings(store.db, { topN: 5 }).set('topN', 7);
  return store;
}

/** Every record of every store, to prove a refused import changed nothing. */
async function everything(db: LociDb) {
  const out: Record<string, unknown[]> = {};
  for (const name of ALL_STORES) out[name] = await db.getAll(name);
  return out;
}

/**
 * The same, each chunks and entries record as its readers take it (stored-blocks.ts): an imported
 * file's are its blocks as bytes, the store's own are objects, and both must say the same.
 */
async function everythingRead(db: LociDb) {
  const out = await everything(db);
  const plain = (columns: EntryColumns | undefined) => columns && Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v]));
  out.chunks = (out.chunks as StoredChunks[]).map(({ docId, chunks }) => ({ docId, chunks: chunkList(chunks) }));
  out.entries = (out.entries as StoredEntries[]).map(({ owner, entries, vectors, vectorFormat, terms }) => ({
    owner,
    entries: plain(entryColumnsOf(entries)),
    vectors: new Uint8Array(vectors),
    vectorFormat,
    terms: terms && termsOfRecord(terms),
  }));
  return out;
}

async function wipe(db: LociDb) {
  for (const name of ALL_STORES) await db.clear(name);
}

describe('library export and import', () => {
  it('round-trips the index, originals, chats and settings through one file', async () => {
    const store = await fullLibrary();
    const before = await everythingRead(store.db);
    const list = await store.listDocuments();
    const file = await exportLibrary(store.db);
    // the one library file, the CLI's: "LOCI", then version 6 (it carries originals)
    expect(new TextDecoder().decode(file.subarray(0, 4))).toBe('LOCI');
    expect(new DataView(file.buffer, file.byteOffset).getUint32(4, true)).toBe(6);

    await wipe(store.db);
    expect(await store.load()).toBeUndefined();

    const report = await importLibrary(store.db, file, { mode: 'replace' });
    expect(report).toEqual({ documents: 2, originals: 3, groups: 1, collections: 1, chats: 1, settings: 1, documentIds: [docA.doc.id, docB.doc.id], indexIsFile: true });
    const loaded = await store.load();
    expect(loaded).toEqual(snapshot());
    expect(loaded!.documents.map((record) => bytesOf(record.vectors))).toEqual([bytesOf(docA.vectors), bytesOf(docB.vectors)]);
    expect(new TextDecoder().decode((await store.getOriginal(docA.doc.id))!.bytes)).toBe('alpha original bytes');
    expect(await store.listDocuments()).toEqual(list);
    expect(await listChats(store.db)).toHaveLength(1);
    expect((await getChat(store.db, (await listChats(store.db))[0].id))?.messages[0].sources[0].chunkId).toBe('aaaa:0');
    expect(await new Settings(store.db, { topN: 5 }).get('topN')).toBe(7);
    expect(await everythingRead(store.db)).toEqual(before);
    // the file's own blocks are stored as they are, under its checksums
    const entries = (await store.db.get('entries', `doc:${docA.doc.id}`))!;
    expect(entries.entries).toBeInstanceOf(ArrayBuffer);
    expect(entries.sums?.entries).toBe(blockSum(file, 'alpha.md', 'entries'));
    expect((await store.db.get('chunks', docA.doc.id))?.sum).toBe(blockSum(file, 'alpha.md', 'chunks'));
  });

  it('imports into another browser (a fresh database) in merge mode, leaving its settings alone', async () => {
    const file = await exportLibrary((await fullLibrary()).db);
    const target = await freshStore();
    await new Settings(target.db, { topN: 5 }).set('topN', 3);
    const report = await importLibrary(target.db, file, { mode: 'merge' });
    expect(report).toEqual({ documents: 2, originals: 3, groups: 1, collections: 1, chats: 1, settings: 0, documentIds: [docA.doc.id, docB.doc.id], indexIsFile: true });
    expect(await target.load()).toEqual(snapshot());
    expect((await target.listDocuments()).map((summary) => summary.name)).toEqual(['alpha.md', 'beta.md', 'pending.txt']);
    expect(new TextDecoder().decode((await target.getOriginal(docB.doc.id))!.bytes)).toBe('beta original bytes');
    // Settings belong to the browser: the imported topN (7) does not replace this one's.
    expect(await target.db.getAll('settings')).toEqual([{ key: 'topN', value: 3 }]);
  });

  it('merges into an existing library of the same embedder, keeping stored documents in place', async () => {
    const resumedA = { ...docA, job: { docId: docA.doc.id, stage: 'embedded' as const } };
    const source = await storeWith({ manifest: manifest(), documents: [resumedA, docB], groups: [] });
    const file = await exportLibrary(source.db);
    const [sourceA, sourceB] = await source.listDocuments();

    // the target's document is added later than the source's, whose times are the clock's (added-clock.ts):
    // a run that gets here within the same millisecond waits for the clock to pass them
    while (Date.now() <= sourceB.added);
    const target = await storeWith({ manifest: manifest(), documents: [docA], groups: [] });
    const targetA = (await target.listDocuments())[0];
    expect(targetA.added).toBeGreaterThan(sourceB.added);
    const chat = await createChat(target.db, 'kept');
    await importLibrary(target.db, file, { mode: 'merge' });

    // The file's record replaces the stored one, which keeps its date; a new document keeps the
    // date it was first added, so here it sorts first.
    expect((await target.load())!.documents).toEqual([docB, resumedA]);
    expect((await target.listDocuments()).map((summary) => [summary.id, summary.added])).toEqual([
      [docB.doc.id, sourceB.added],
      [docA.doc.id, targetA.added],
    ]);
    expect(sourceA.added).not.toBe(targetA.added);
    expect(await getChat(target.db, chat.id)).toBeDefined();
  });

  it("merges into a library that holds only its manifest by taking the file's, with the hybrid weight calibrated on it", async () => {
    const fusion = { weight: { dense: 0.3, source: 'calibrated' as const }, chunks: 2 };
    const file = await exportLibrary((await storeWith({ ...snapshot(), manifest: { ...manifest(), fusion } })).db);
    const opened = await storeWith({ manifest: manifest(), documents: [], groups: [] });
    await importLibrary(opened.db, file, { mode: 'merge' });
    expect((await opened.load())!.manifest.fusion).toEqual(fusion);

    // a library that holds documents keeps its own manifest, whose weight was calibrated on them
    const holding = await storeWith({ manifest: manifest(), documents: [docA], groups: [] });
    await importLibrary(holding.db, file, { mode: 'merge' });
    expect((await holding.load())!.manifest.fusion).toBeUndefined();
  });

  it('says when the stored index is now exactly the file\'s, which the file as decoded then is', async () => {
    const file = await exportLibrary((await storeWith(snapshot())).db);
    const decoded = (await readLibraryFile(file)).index!;
    const empty = await storeWith({ manifest: manifest(), documents: [], groups: [] });
    expect((await importLibrary(empty.db, file, { mode: 'merge' })).indexIsFile).toBe(true);
    // what the app opens instead of reading back (IndexHost.importContents) is what it would read
    const stored = (await empty.load())!;
    const shape = (s: typeof stored) => ({
      manifest: s.manifest,
      documents: s.documents.map((d) => ({ doc: d.doc, chunks: d.chunks, entries: d.entries, vectors: Array.from(d.vectors) })),
      groups: s.groups.map((g) => g.group.id),
    });
    expect(shape(decoded)).toEqual(shape(stored));

    const holding = await storeWith({ manifest: manifest(), documents: [docA], groups: [] });
    expect((await importLibrary(holding.db, file, { mode: 'merge' })).indexIsFile).toBe(false);
    expect((await importLibrary(holding.db, file, { mode: 'replace' })).indexIsFile).toBe(true);
  });

  it('refuses to merge vectors of another embedder, changing nothing', async () => {
    const source = await storeWith({ manifest: manifest('other/model', 4), documents: [docB], groups: [] });
    const file = await exportLibrary(source.db);
    const target = await fullLibrary();
    const before = await everything(target.db);

    const refusal = importLibrary(target.db, file, { mode: 'merge' });
    await expect(refusal).rejects.toBeInstanceOf(EmbedderMismatchError);
    await expect(refusal).rejects.toThrow(/other\/model.*test\/embedder.*cannot be mixed/s);
    expect(await everything(target.db)).toEqual(before);

    // Replacing the whole library is no mix, unless the app says which embedder it runs.
    await expect(
      importLibrary(target.db, file, { mode: 'replace', embedder: { id: 'test/embedder', dimension: 4 } }),
    ).rejects.toBeInstanceOf(EmbedderMismatchError);
    expect(await everything(target.db)).toEqual(before);
    await importLibrary(target.db, file, { mode: 'replace' });
    expect((await target.load())!.manifest.embedder.id).toBe('other/model');
    expect((await target.load())!.documents).toEqual([docB]);
  });

  it('refuses garbage and foreign files with a clear error, changing nothing', async () => {
    const store = await fullLibrary();
    const before = await everything(store.db);
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    for (const [bytes, message] of [
      [garbage, /not a Loci library export.*zip/],
      [new Uint8Array(0), /not a Loci library export/],
      [zipSync({ 'readme.txt': strToU8('hello') }), /no loci-export.json/],
      [zipSync({ 'loci-export.json': strToU8('{"format":"something-else","version":1}') }), /unknown format/],
      [zipSync({ 'loci-export.json': strToU8('{not json') }), /damaged.*not valid JSON/],
      [zipSync({ 'loci-export.json': strToU8('{"format":"loci-library","version":99}') }), /newer version/],
    ] as const) {
      const attempt = importLibrary(store.db, bytes, { mode: 'replace' });
      await expect(attempt).rejects.toBeInstanceOf(LibraryFileError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await everything(store.db)).toEqual(before);
  });

  it('refuses a file whose content was damaged, changing nothing', async () => {
    const store = await fullLibrary();
    const file = await exportLibrary(store.db);
    // Originals are stored as they are, so their bytes appear verbatim in the file.
    const at = Buffer.from(file).indexOf('alpha original bytes');
    expect(at).toBeGreaterThan(0);
    const damaged = file.slice();
    damaged[at] ^= 0x20;
    const before = await everything(store.db);
    await expect(importLibrary(store.db, damaged, { mode: 'replace' })).rejects.toThrow(/damaged.*checksum/);
    expect(await everything(store.db)).toEqual(before);
  });

  it('refuses a damaged, cut or newer library file whole, naming what is wrong, changing nothing', async () => {
    const store = await fullLibrary();
    const file = await exportLibrary(store.db);
    const damaged = (at: (bytes: Uint8Array) => number) => {
      const bytes = file.slice();
      flipByte(bytes, at(bytes));
      return bytes;
    };
    const newer = file.slice();
    new DataView(newer.buffer).setUint32(4, 99, true);
    const before = await everything(store.db);
    for (const [bytes, message] of [
      // one damaged document refuses the file: the app never imports half a library
      [damaged((b) => blockOfDocument(b, 'beta.md', 'chunks')[0] + 5), /damaged \(checksum mismatch\) in beta\.md \(chunks\); nothing was imported/],
      [damaged((b) => blockOfOriginal(b, 'pending.txt')[0]), /damaged \(checksum mismatch\) in pending\.txt \(original\)/],
      [damaged(() => 40), /cannot be imported: the index header is damaged \(checksum mismatch\)/],
      [file.subarray(0, file.length - 8), /cannot be imported: .*truncated/],
      [newer, /cannot be imported: index format version 99 is not supported/],
    ] as const) {
      const attempt = importLibrary(store.db, bytes, { mode: 'replace' });
      await expect(attempt).rejects.toBeInstanceOf(LibraryFileError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await everything(store.db)).toEqual(before);
  });

  it('refuses to export a library whose stored records are damaged, naming their documents', async () => {
    const store = await fullLibrary();
    const record = (await store.db.get('chunks', docB.doc.id))!;
    await store.db.put('chunks', { ...record, chunks: record.chunks.slice(1) });
    const attempt = exportLibrary(store.db);
    await expect(attempt).rejects.toBeInstanceOf(DamagedLibraryError);
    await expect(attempt).rejects.toThrow(/records of beta\.md are damaged \(checksum mismatch\): repair those documents, then export again/);
  });

  it('exports a library with no index yet (chats, files waiting) and imports it without one', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    await createChat(db, 'Before any model', 1, 'early');
    const store = await freshStore();
    await store.addOriginal('waiting.txt', 'text/plain', text('waiting to be indexed'));
    await importLibrary(db, await exportLibrary(store.db), { mode: 'merge', embedder: { id: 'test/embedder', dimension: 4 } });
    const fresh = await freshStore();
    const report = await importLibrary(fresh.db, await exportLibrary(db), { mode: 'replace', embedder: { id: 'other/model', dimension: 8 } });
    expect(report).toEqual({ documents: 0, originals: 1, groups: 0, collections: 0, chats: 1, settings: 0, documentIds: [], indexIsFile: false });
    expect(await fresh.db.getAll('manifest')).toEqual([]);
    expect((await fresh.listDocuments()).map((d) => [d.name, d.job])).toEqual([['waiting.txt', undefined]]);
    expect((await getChat(fresh.db, 'early'))?.title).toBe('Before any model');
  });
});

describe('an export of the older app (a zip)', () => {
  /** Written by the build before the one library file (commit a3dbbba) from fullLibrary() above. */
  const older = () => new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', 'library-export-v2.zip')));

  it('still imports whole: the index, originals, collections, chats and settings', async () => {
    const store = await freshStore();
    const report = await importLibrary(store.db, older(), { mode: 'replace', embedder: { id: 'test/embedder', dimension: 4 } });
    expect(report).toEqual({ documents: 2, originals: 3, groups: 1, collections: 1, chats: 1, settings: 1, documentIds: [docA.doc.id, docB.doc.id], indexIsFile: true });
    expect(await store.load()).toEqual(snapshot());
    expect(new TextDecoder().decode((await store.getOriginal(docA.doc.id))!.bytes)).toBe('alpha original bytes');
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['alpha.md', 'beta.md', 'pending.txt']);
    expect((await listCollections(store.db)).map((c) => [c.name, c.docIds])).toEqual([['Greek', [docA.doc.id, docB.doc.id]]]);
    const chat = (await getChat(store.db, 'chat-1'))!;
    expect(chat.messages[0]).toMatchObject({ content: 'Alpha one [1].', cited: [1], sources: [{ chunkId: 'aaaa:0' }] });
    expect(await new Settings(store.db, { topN: 5 }).get('topN')).toBe(7);
  });

  it('exports again as a library file that holds the same library', async () => {
    const first = await freshStore();
    await importLibrary(first.db, older(), { mode: 'replace' });
    const second = await freshStore();
    await importLibrary(second.db, await exportLibrary(first.db), { mode: 'replace' });
    expect(await everythingRead(second.db)).toEqual(await everythingRead(first.db));
  });

  it('is refused when a member was damaged', async () => {
    const bytes = older();
    const at = Buffer.from(bytes).indexOf('beta original bytes');
    bytes[at] ^= 0x20;
    await expect(importLibrary((await freshStore()).db, bytes, { mode: 'replace' })).rejects.toThrow(/member originals\/1\.bin is damaged \(checksum mismatch\)/);
  });
});
