import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/core/stored-index/snapshot.ts';
import { sha256Hex } from '../../src/core/util/hash.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { deleteOcrPages, ocrPageCheckpoint } from '../../src/browser-storage/ocr-pages.ts';
import { bytesOf, docA, docB, documentRecord, freshStore, groupAB, groupRecord, manifest, snapshot, storeWith } from './fixtures.ts';

async function storedKeys(store: IdbIndexStore) {
  const db = store.db;
  return {
    documents: await db.getAllKeys('documents'),
    rows: await db.getAllKeys('rows'),
    originals: await db.getAllKeys('originals'),
    originalBytes: await db.getAllKeys('originalBytes'),
    chunks: await db.getAllKeys('chunks'),
    entries: (await db.getAllKeys('entries')).sort(),
    groups: await db.getAllKeys('groups'),
  };
}

describe('IdbIndexStore', () => {
  it('is empty before anything is stored', async () => {
    const store = await freshStore();
    expect(await store.load()).toBeUndefined();
    expect(await store.listDocuments()).toEqual([]);
  });

  it('loads back exactly the snapshot it stored, vectors byte for byte', async () => {
    const snap = snapshot();
    const store = await storeWith(snap);
    const loaded = await store.load();
    expect(loaded).toEqual(snap);
    expect(loaded!.documents.map((record) => bytesOf(record.vectors))).toEqual(
      snap.documents.map((record) => bytesOf(record.vectors)),
    );
    expect(bytesOf(loaded!.groups[0].vectors)).toEqual(bytesOf(groupAB.vectors));
    expect(loaded!.documents[0].vectors).toBeInstanceOf(Float32Array);
  });

  it('keeps the order documents were added, not the id order, even within one millisecond', async () => {
    const store = await freshStore();
    await store.putManifest(manifest());
    const z = documentRecord('zzzz', 'z.md', ['Zed.']);
    await store.putDocument(z);
    await store.putDocument(docA);
    await store.putDocument(docB);
    expect((await store.load())!.documents.map((record) => record.doc.id)).toEqual(['zzzz', 'aaaa', 'bbbb']);
    const added = (await store.listDocuments()).map((summary) => summary.added);
    expect(new Set(added).size).toBe(3);
  });

  it('replaces a document written twice (a resumed job) without duplicating or reordering', async () => {
    const store = await storeWith(snapshot());
    const before = await store.listDocuments();
    const resumed: DocumentRecord = {
      ...docA,
      job: { docId: docA.doc.id, stage: 'embedded' },
      entries: docA.entries.slice(0, 1),
      vectors: docA.vectors.slice(0, 4),
    };
    await store.putDocument(resumed);
    await store.putDocument(resumed);
    const loaded = (await store.load())!;
    expect(loaded.documents.map((record) => record.doc.id)).toEqual(['aaaa', 'bbbb']);
    expect(loaded.documents[0]).toEqual(resumed);
    expect(loaded.documents[1]).toEqual(docB);
    expect((await store.listDocuments()).map((summary) => summary.added)).toEqual(before.map((summary) => summary.added));
    expect((await storedKeys(store)).entries).toEqual(['doc:aaaa', 'doc:bbbb', 'group:corpus-1']);
  });

  it('deleting a document removes everything derived from it and the groups that include it', async () => {
    const store = await storeWith(snapshot());
    const own = groupRecord('solo-b', [docB]);
    await store.putGroup(own);
    await store.putOriginal(docA.doc.id, 'alpha.md', 'text/markdown', new TextEncoder().encode('alpha bytes'));
    await store.putOriginal(docB.doc.id, 'beta.md', 'text/markdown', new TextEncoder().encode('beta bytes'));
    const line = { text: 'a scanned line', x0: 50, x1: 300, y: 700, size: 10 };
    await ocrPageCheckpoint(store.db, docA.doc.id, 'ocr').put(1, [line]);
    await ocrPageCheckpoint(store.db, docB.doc.id, 'ocr').put(1, [line]);

    await store.deleteDocument(docA.doc.id);
    expect(await store.db.getAllKeys('ocrPages')).toEqual([['bbbb', 1]]);

    expect(await storedKeys(store)).toEqual({
      documents: ['bbbb'],
      rows: ['bbbb'],
      originals: ['bbbb'],
      originalBytes: ['bbbb'],
      chunks: ['bbbb'],
      entries: ['doc:bbbb', 'group:solo-b'],
      groups: ['solo-b'],
    });
    const loaded = (await store.load())!;
    expect(loaded.documents).toEqual([docB]);
    expect(loaded.groups).toEqual([own]);
    expect(new TextDecoder().decode((await store.getOriginal('bbbb'))!.bytes)).toBe('beta bytes');
  });

  it('keeps a scan\'s pages read so far, for the models that read them, until they are dropped', async () => {
    const store = await storeWith(snapshot());
    const line = { text: '第一条 为了规范数据处理活动', x0: 50, x1: 300, y: 700, size: 10, cells: ['第一条', '为了规范数据处理活动'] };
    const pages = ocrPageCheckpoint(store.db, 'aaaa', 'ppocr-v4');
    await pages.put(2, [line]);
    await pages.put(10, []);
    expect(await pages.get(2)).toEqual([line]);
    expect(await pages.get(10)).toEqual([]);
    expect(await pages.get(3)).toBeUndefined();
    // another model's reading is not taken for this one's
    expect(await ocrPageCheckpoint(store.db, 'aaaa', 'ppocr-v5').get(2)).toBeUndefined();
    // nor another document's
    expect(await ocrPageCheckpoint(store.db, 'aaaab', 'ppocr-v4').get(2)).toBeUndefined();
    await deleteOcrPages(store.db, 'aaaa');
    expect(await pages.get(2)).toBeUndefined();
    expect(await store.db.count('ocrPages')).toBe(0);
  });

  it('deletes a group with its entries only', async () => {
    const store = await storeWith(snapshot());
    await store.deleteGroup(groupAB.group.id);
    const keys = await storedKeys(store);
    expect(keys.groups).toEqual([]);
    expect(keys.entries).toEqual(['doc:aaaa', 'doc:bbbb']);
    expect((await store.load())!.documents).toEqual([docA, docB]);
  });

  it('leaves the previous state when a write fails half-way', async () => {
    const store = await storeWith(snapshot());
    const before = await store.load();
    // The documents record is written first; the chunks record cannot be cloned, so the
    // transaction must drop the document write too.
    const broken = {
      ...docA,
      job: { docId: docA.doc.id, stage: 'ready' as const },
      doc: { ...docA.doc, title: 'changed' },
      chunks: [{ ...docA.chunks[0], text: (() => 'not cloneable') as unknown as string }],
    };
    await expect(store.putDocument(broken)).rejects.toThrow();
    expect(await store.load()).toEqual(before);

    const fresh = documentRecord('cccc', 'c.md', ['C.']);
    await expect(
      store.putDocument({ ...fresh, entries: [{ ...fresh.entries[0], text: Symbol('x') as unknown as string }] }),
    ).rejects.toThrow();
    expect(await store.db.getAllKeys('documents')).toEqual(['aaaa', 'bbbb']);
    expect(await store.db.getAllKeys('chunks')).toEqual(['aaaa', 'bbbb']);
  });

  it('refuses vectors that do not match the manifest dimension, storing nothing', async () => {
    const store = await storeWith(snapshot());
    const before = await store.load();
    const wrong = { ...docA, doc: { ...docA.doc, title: 'changed' }, vectors: new Float32Array(docA.entries.length * 3) };
    await expect(store.putDocument(wrong)).rejects.toThrow(/expected 16 \(4 dimensions of test\/embedder\)/);
    await expect(store.putGroup({ ...groupAB, vectors: new Float32Array(0) })).rejects.toThrow(/cluster group corpus-1/);
    expect(await store.load()).toEqual(before);
  });

  it('refuses to load documents without a manifest', async () => {
    const store = await freshStore();
    await store.putDocument(docA);
    await expect(store.load()).rejects.toThrow(/no index manifest/);
  });

  it('stores originals under their hash and lists unparsed ones so indexing can resume', async () => {
    const store = await storeWith(snapshot());
    const content = new TextEncoder().encode('# New\n\nA dropped file.');
    // A view inside a larger buffer, changed while the write is still pending: the store must
    // hash and keep the bytes it was given, and only those.
    const backing = new Uint8Array(content.length + 16).fill(0x41);
    backing.set(content, 8);
    const view = backing.subarray(8, 8 + content.length);
    const adding = store.addOriginal('new.md', 'text/markdown', view);
    view.fill(0);
    const id = await adding;
    expect(id).toBe(await sha256Hex(content));
    expect(new Uint8Array((await store.getOriginal(id))!.bytes)).toEqual(content);

    const list = await store.listDocuments();
    expect(list.map((summary) => [summary.id, summary.job?.stage, summary.hasOriginal])).toEqual([
      ['aaaa', 'ready', false],
      ['bbbb', 'ready', false],
      [id, undefined, true],
    ]);
    expect(list[2]).toMatchObject({ name: 'new.md', mime: 'text/markdown', size: content.length });
    expect(list[0]).toMatchObject({ name: 'alpha.md', size: docA.doc.size, language: 'en', title: 'alpha' });
    expect(await store.getSummary(id)).toEqual(list[2]);
    expect(await store.getSummary('aaaa')).toEqual(list[0]);
    expect(await store.getSummary('missing')).toBeUndefined();

    // Once parsed, the document keeps the place its file got when it was dropped in.
    const parsed = documentRecord(id, 'new.md', ['A dropped file.']);
    await store.putDocument({ ...parsed, job: { docId: id, stage: 'parsed' } });
    const after = await store.listDocuments();
    expect(after.map((summary) => summary.id)).toEqual(['aaaa', 'bbbb', id]);
    expect(after[2]).toMatchObject({ added: list[2].added, hasOriginal: true, job: { stage: 'parsed' } });
    expect(await store.getSummary(id)).toEqual(after[2]);
  });

  it('copies the bytes putOriginal is given before its write completes', async () => {
    const store = await freshStore();
    const bytes = new TextEncoder().encode('original');
    const putting = store.putOriginal('f00d', 'a.txt', 'text/plain', bytes);
    bytes.fill(0);
    await putting;
    expect(new TextDecoder().decode((await store.getOriginal('f00d'))!.bytes)).toBe('original');
  });

  it('lists the library from metadata alone, never reading file bytes', async () => {
    const store = await freshStore();
    const id = await store.addOriginal('big.pdf', 'application/pdf', new Uint8Array(4096).fill(7));
    // Without the bytes a listing still knows the name and size: it could not have read them.
    await store.db.delete('originalBytes', id);
    expect(await store.listDocuments()).toMatchObject([{ id, name: 'big.pdf', mime: 'application/pdf', size: 4096, hasOriginal: true }]);
    expect(await store.getOriginal(id)).toBeUndefined();
  });

  it("lists parsed documents from their rows, without reading a document's record", async () => {
    const store = await storeWith(snapshot());
    const list = await store.listDocuments();
    // A record changed behind the store's back: a listing that read it would show the new name.
    const record = (await store.db.get('documents', 'aaaa'))!;
    await store.db.put('documents', { ...record, doc: { ...record.doc, name: 'renamed.md' } });
    expect(await store.listDocuments()).toEqual(list);
    expect(await store.getSummary('aaaa')).toEqual(list[0]);
    // A job's checkpoint writes its row with its record.
    await store.putDocument({ ...docB, job: { docId: 'bbbb', stage: 'preparsed', preparsed: { done: 1, total: 2 } } });
    expect((await store.getSummary('bbbb'))?.job).toEqual({ docId: 'bbbb', stage: 'preparsed', preparsed: { done: 1, total: 2 } });
  });

  it('lists a document whose row is missing from its record, and never a row without a document', async () => {
    const store = await storeWith(snapshot());
    const list = await store.listDocuments();
    await store.db.delete('rows', 'aaaa');
    // a row left behind by nothing the store does: `documents` decides what exists
    await store.db.put('rows', { ...(await store.db.get('rows', 'bbbb'))!, id: 'cccc', name: 'ghost.md' });
    expect(await store.listDocuments()).toEqual(list);
    expect(await store.getSummary('aaaa')).toEqual(list[0]);
    expect(await store.getSummary('cccc')).toBeUndefined();
  });

  it('clear() empties the library but keeps chats and settings', async () => {
    const store = await storeWith(snapshot());
    await store.db.put('settings', { key: 'theme', value: 'dark' });
    await store.clear();
    expect(await store.load()).toBeUndefined();
    expect(await store.db.get('settings', 'theme')).toEqual({ key: 'theme', value: 'dark' });
  });

  it('clearIndex() drops the index but keeps originals, chats and settings', async () => {
    const store = await storeWith(snapshot());
    await store.putOriginal(docA.doc.id, 'alpha.md', 'text/markdown', new TextEncoder().encode('alpha bytes'));
    await store.db.put('settings', { key: 'theme', value: 'dark' });
    await store.clearIndex();
    expect(await store.load()).toBeUndefined();
    expect(await storedKeys(store)).toEqual({ documents: [], rows: [], originals: ['aaaa'], originalBytes: ['aaaa'], chunks: [], entries: [], groups: [] });
    expect(await store.db.get('settings', 'theme')).toEqual({ key: 'theme', value: 'dark' });
  });

  it('persists across connections to the same database', async () => {
    const factory = new IDBFactory();
    const first = await storeWith(snapshot(), factory);
    first.close();
    const second = await IdbIndexStore.open({ factory });
    expect(await second.load()).toEqual(snapshot());
  });
});
