/**
 * The open image beside IndexedDB: a current, whole image opens the index in one read and gives
 * exactly what the records give; after writes logged by the records they changed, only those are
 * read beside it; after any other write, or with a damaged image, every record is read.
 * (The image file itself is a test double here; the origin private file system is used for real in
 * the browser storage test.)
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { encodeCorpus } from '../../src/core/stored-index/corpus-codec.ts';
import { withoutCorpusVectors } from '../../src/core/stored-index/vectors-in-corpus.ts';
import { entriesPending, storedEntriesBlock } from '../../src/core/stored-index/entries-when-read.ts';
import { LiveCorpus } from '../../src/core/search/live-corpus.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { encodeImage, readAhead, type ImageFile } from '../../src/browser-storage/open-image.ts';
import { readRevision } from '../../src/browser-storage/revision.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import { corpusOf, DIM, docA, docB, documentRecord, snapshot } from './fixtures.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';

function memoryImage(): ImageFile & { bytes?: Uint8Array } {
  const file: ImageFile & { bytes?: Uint8Array } = {
    async read() {
      return file.bytes?.slice();
    },
    async write(bytes) {
      file.bytes = bytes.slice();
    },
    async remove() {
      file.bytes = undefined;
    },
  };
  return file;
}

/** A store holding the fixtures' index, with an image file, and the factory to open it again. */
async function stored(vectorStorage: 'float32' | 'int8' = 'float32') {
  const factory = new IDBFactory();
  const image = memoryImage();
  const store = await IdbIndexStore.open({ factory, image });
  const snap = snapshot();
  snap.manifest = { ...snap.manifest, vectorStorage };
  await store.putManifest(snap.manifest);
  for (const record of snap.documents) await store.putDocument(record);
  for (const record of snap.groups) await store.putGroup(record);
  const reopen = () => IdbIndexStore.open({ factory, image });
  return { store, image, reopen, factory };
}

/** The image's records with those written since laid over them, as the indexer lays them. */
function laidOver({ manifest, documents, groups, since }: IndexSnapshot): IndexSnapshot {
  if (!since) return { manifest, documents, groups };
  const docs = new Map(documents.map((d) => [d.doc.id, d]));
  const owned = new Map(groups.map((g) => [g.group.id, g]));
  for (const id of since.deletedDocuments) docs.delete(id);
  for (const id of since.deletedGroups) owned.delete(id);
  for (const d of since.documents) docs.set(d.doc.id, d);
  for (const g of since.groups) owned.set(g.group.id, g);
  return { manifest, documents: [...docs.values()], groups: [...owned.values()] };
}

describe('the open image', () => {
  it('opens the index from one read, exactly as the records give it', async () => {
    const { store, image, reopen } = await stored();
    const fromRecords = (await store.load())!;
    expect(store.openedFrom).toBe('records');
    expect(await store.saveImage(() => fromRecords)).toBe(true);
    store.close();

    const again = await reopen();
    const fromImage = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(await encodeIndex(fromImage)).toEqual(await encodeIndex(fromRecords));
    expect(image.bytes!.length).toBeGreaterThan(1000);
  });

  it('is not written when the room asked for with its size is refused, and the records are read instead', async () => {
    const { store, image, reopen } = await stored();
    const fromRecords = (await store.load())!;
    const asked: number[] = [];
    expect(await store.saveImage(() => fromRecords, undefined, undefined, async (bytes, replacing) => (asked.push(bytes, replacing), false))).toBe(false);
    expect(image.bytes).toBeUndefined();
    // none to replace yet
    expect(asked).toEqual([(await encodeImage(fromRecords, await readRevision(store.db))).length, 0]);
    store.close();
    const again = await reopen();
    expect(await again.load()).toBeDefined();
    expect(again.openedFrom).toBe('records');
    // with room, the same image is written; the next is asked about with the size it would replace
    expect(await again.saveImage(() => fromRecords, undefined, undefined, async () => true)).toBe(true);
    expect(image.bytes!.length).toBe(asked[0]);
    const gamma = documentRecord('cccc', 'gamma.md', ['Gamma one.']);
    await again.putDocument(gamma);
    const replacing: number[] = [];
    await again.saveImage(() => ({ ...fromRecords, documents: [...fromRecords.documents, gamma] }), undefined, undefined, async (_, old) => (replacing.push(old), false));
    expect(replacing).toEqual([asked[0]]);
  });

  it('after writes logged by their records, opens with only those records read, giving what the records give', async () => {
    const { store, reopen, factory } = await stored();
    const snap = (await store.load())!;
    expect(await store.saveImage(() => snap)).toBe(true);
    const gamma = documentRecord('cccc', 'gamma.md', ['Gamma one.']);
    await store.putDocument(gamma);
    // deleting a document deletes the cluster group over it too
    await store.deleteDocument(docA.doc.id);
    await store.putDocument(documentRecord('dddd', 'delta.md', ['Delta one.']));
    await store.deleteDocument('dddd');

    const again = await reopen();
    const opened = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(opened.since).toBeDefined();
    const since = opened.since!;
    expect(since.documents.map((d) => d.doc.id)).toEqual(['cccc']);
    expect(since.deletedDocuments.sort()).toEqual([docA.doc.id, 'dddd'].sort());
    expect(since.deletedGroups).toEqual(snap.groups.map((g) => g.group.id));
    expect(since.groups).toEqual([]);
    expect(again.recordsSince).toBe(1 + 2 + snap.groups.length);

    // once the image is saved again, nothing is left to read
    expect(await again.saveImage(() => laidOver(opened))).toBe(true);
    expect(await again.db.count('indexChanges')).toBe(0);
    const third = await reopen();
    const current = (await third.load())!;
    expect(third.openedFrom).toBe('image');
    expect(current.since).toBeUndefined();
    expect(third.recordsSince).toBe(0);

    // the image's records with those written since laid over them are the records
    const records = (await (await IdbIndexStore.open({ factory })).load())!;
    expect(records.documents.map((d) => d.doc.id)).toEqual([docB.doc.id, 'cccc']);
    expect(await encodeIndex(laidOver(opened))).toEqual(await encodeIndex(records));
    expect(await encodeIndex(current)).toEqual(await encodeIndex(records));
  });

  it('after a write not told in records, or a damaged record written since, reads every record', async () => {
    const { store, reopen } = await stored();
    const snap = (await store.load())!;
    const writes: [string, (s: IdbIndexStore) => Promise<unknown>][] = [
      ['the index cleared', (s) => s.clearIndex()],
      ['a library imported', async (s) => importLibrary(s.db, await exportLibrary(s.db), { mode: 'merge' })],
      ['the manifest written', (s) => s.putManifest(snap.manifest)],
      [
        'a document written, then its record damaged',
        async (s) => {
          await s.putDocument(documentRecord('cccc', 'gamma.md', ['Gamma one.']));
          const record = (await s.db.get('documents', 'cccc'))!;
          await s.db.put('documents', { ...record, doc: { ...record.doc, text: 'Gamma two.' } });
        },
      ],
    ];
    for (const [what, write] of writes) {
      const current = (await store.load())!;
      expect(await store.saveImage(() => current ?? snap), what).toBe(true);
      const before = await readRevision(store.db);
      await write(store);
      expect(await readRevision(store.db), what).toBeGreaterThan(before);
      const again = await reopen();
      const opened = await again.load();
      expect(again.openedFrom, what).toBe('records');
      expect(opened?.since, what).toBeUndefined();
      again.close();
      // put back what the next case expects
      for (const record of snapshot().documents) await store.putDocument(record);
      await store.putManifest(snap.manifest);
    }
  });

  it('reads ahead the records its log names, and reads only those written since when the log also holds writes the image has', async () => {
    const { store, image, reopen, factory } = await stored();
    const snap = (await store.load())!;
    expect(await store.saveImage(() => snap)).toBe(true);
    const made = await readRevision(store.db);
    await store.putDocument(documentRecord('cccc', 'gamma.md', ['Gamma one.']));

    // read ahead: the image's bytes are held until the records written since are being read
    const read = image.read;
    let asked!: () => void;
    const recordsAsked = new Promise<void>((resolve) => (asked = resolve));
    image.read = async () => {
      await recordsAsked;
      return read();
    };
    const ahead = await reopen();
    const transaction = ahead.db.transaction.bind(ahead.db);
    ahead.db.transaction = ((stores: string | string[], ...rest: unknown[]) => {
      if ([stores].flat().includes('documents')) asked();
      return (transaction as (...args: unknown[]) => unknown)(stores, ...rest);
    }) as typeof ahead.db.transaction;
    const opened = (await ahead.load())!;
    expect(ahead.openedFrom).toBe('image');
    expect(opened.since!.documents.map((d) => d.doc.id)).toEqual(['cccc']);
    image.read = read;

    // a write the image already holds, still in the log (its save did not get to forget it):
    // the records read ahead are more than were written since, and only those are laid over
    await store.db.put('indexChanges', { revision: made, documents: [docA.doc.id], groups: [] });
    const again = await reopen();
    const behind = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(again.recordsSince).toBe(1);
    expect(behind.since!.documents.map((d) => d.doc.id)).toEqual(['cccc']);
    const records = (await (await IdbIndexStore.open({ factory })).load())!;
    expect(await encodeIndex(laidOver(behind))).toEqual(await encodeIndex(records));
  });

  it('reads every record when a write since the image is no longer logged', async () => {
    const { store, reopen } = await stored();
    const snap = (await store.load())!;
    expect(await store.saveImage(() => snap)).toBe(true);
    await store.putDocument(documentRecord('cccc', 'gamma.md', ['Gamma one.']));
    await store.putDocument(documentRecord('dddd', 'delta.md', ['Delta one.']));
    const keys = await store.db.getAllKeys('indexChanges');
    expect(keys.length).toBe(2);
    await store.db.delete('indexChanges', keys[0]);
    const again = await reopen();
    expect((await again.load())!.documents.map((d) => d.doc.id)).toContain('dddd');
    expect(again.openedFrom).toBe('records');
    // every record read: the log has nothing left to tell
    expect(await again.db.count('indexChanges')).toBe(0);
  });

  it('is not written again while the file holds the index as it is, unless asked to replace it', async () => {
    const { store, image, reopen } = await stored();
    const snap = (await store.load())!;
    expect(await store.saveImage(() => snap)).toBe(true);
    expect(await store.saveImage(() => snap)).toBe(false);
    const again = await reopen();
    const opened = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    let writes = 0;
    const write = image.write;
    image.write = async (bytes) => {
      writes++;
      await write(bytes);
    };
    expect(await again.saveImage(() => opened)).toBe(false);
    again.replaceImage();
    expect(await again.saveImage(() => opened)).toBe(true);
    await again.putDocument(documentRecord('dddd', 'delta.md', ['Delta one.']));
    const grown = (await (await reopen()).load())!;
    expect(await again.saveImage(() => grown)).toBe(true);
    expect(writes).toBe(2);
  });

  it('is not used by a database made again after its deletion, whose count starts elsewhere', async () => {
    const { store, image } = await stored();
    const snap = (await store.load())!;
    await store.saveImage(() => snap);
    const revision = await readRevision(store.db);
    // the same writes into a new database leave it at another revision
    const { store: other } = await stored();
    expect(await readRevision(other.db)).not.toBe(revision);
    const again = await IdbIndexStore.open({ factory: new IDBFactory(), image });
    expect(await again.load()).toBeUndefined();
    expect(again.openedFrom).toBe('records');
  });

  it('reads the records when the image is damaged, and gives a write made while it was saved', async () => {
    const { store, image, reopen } = await stored();
    const snap = (await store.load())!;
    await store.saveImage(() => snap);
    image.bytes![image.bytes!.length - 40] ^= 0xff;
    const again = await reopen();
    expect((await again.load())!.documents.length).toBe(2);
    expect(again.openedFrom).toBe('records');

    // a write under way while the image is made: whether it commits before the revision is read
    // again (no image) or after (an image of the revision before it, and the write logged since),
    // the next open gives the index with it
    let writing: Promise<void> | undefined;
    const saved = await again.saveImage(() => {
      writing = again.putDocument(documentRecord('dddd', 'delta.md', ['Delta one.']));
      return snap;
    });
    await writing;
    const third = await reopen();
    expect(laidOver((await third.load())!).documents.map((d) => d.doc.name)).toEqual(['alpha.md', 'beta.md', 'delta.md']);
    expect(third.openedFrom).toBe(saved ? 'image' : 'records');
    expect(third.recordsSince).toBe(saved ? 1 : 0);
  });

  it('saved again from an image whose entries were never made, writes them as read; a save cut off by a closed tab leaves what was stored', async () => {
    const { store, image, reopen, factory } = await stored('int8');
    const snap = (await store.load())!;
    expect(await store.saveImage(() => ({ ...snap, corpus: corpusOf(snap).image()! }))).toBe(true);
    const again = await reopen();
    const opened = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(opened.documents.every(entriesPending)).toBe(true);

    // a write behind the image, then its save cut off as the file is written: the tab was closed
    const gamma = documentRecord('cccc', 'gamma.md', ['Gamma one.']);
    await again.putDocument(gamma);
    const before = image.bytes!.slice();
    const write = image.write;
    image.write = () => Promise.reject(new Error('the tab was closed'));
    // the corpus as the engine holds it: the image's adopted (its entries unmade), gamma laid out on it
    const corpus = new LiveCorpus(DIM, 'int8');
    expect(corpus.adopt(opened.documents, opened.groups, opened.corpus!)).toBe(true);
    corpus.setDocument(gamma);
    const taken = { ...opened, documents: [...opened.documents, gamma], corpus: corpus.image()! };
    const withGamma = () => taken;
    await expect(again.saveImage(withGamma)).rejects.toThrow('closed');
    expect(image.bytes).toEqual(before);
    const third = await reopen();
    const behind = (await third.load())!;
    expect(third.openedFrom).toBe('image');
    expect(third.recordsSince).toBe(1);
    // (reading every record forgets the log of writes since: read after the image's open)
    const records = (await (await IdbIndexStore.open({ factory })).load())!;
    expect(await encodeIndex(laidOver(behind))).toEqual(await encodeIndex(records));

    // saved whole, the image's unchanged documents keep their entries unmade, and it opens to the records
    image.write = write;
    expect(await third.saveImage(withGamma)).toBe(true);
    expect(opened.documents.every(entriesPending)).toBe(true);
    const fourth = await reopen();
    const current = (await fourth.load())!;
    expect(fourth.recordsSince).toBe(0);
    expect(await encodeIndex(current)).toEqual(await encodeIndex(records));
  });

  it.each(['float32', 'int8'] as const)('keeps the search corpus beside the index with each %s vector once, and reads the records when the corpus is damaged', async (storage) => {
    const { store, image, reopen } = await stored(storage);
    const snap = (await store.load())!;
    const corpus = corpusOf(snap);
    const laidOut = corpus.image()!;
    expect(await store.saveImage(() => ({ ...snap, corpus: laidOut }))).toBe(true);

    // the records' vectors are not written a second time: the corpus holds them
    const entries = [...snap.documents, ...snap.groups].reduce((n, r) => n + r.entries.length, 0);
    const vectorBytes = entries * (storage === 'int8' ? 4 + DIM : 4 * DIM);
    const both = (await encodeIndex(snap)).length + (await encodeCorpus(laidOut)).length;
    expect(image.bytes!.length).toBeLessThanOrEqual(16 + both - vectorBytes);

    const again = await reopen();
    const withCorpus = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(withCorpus.corpus!.owners.map((o) => [o.owner, [...o.rows]])).toEqual(laidOut.owners.map((o) => [o.owner, [...o.rows]]));
    expect(withCorpus.corpus!.lexical.words).toEqual(laidOut.lexical.words);
    expect(await encodeIndex(withCorpus)).toEqual(await encodeIndex(snap));

    // the corpus is the file's last part: damaged, the records' vectors are gone with it, and the records are read
    image.bytes![image.bytes!.length - 3] ^= 0xff;
    const third = await reopen();
    const fromRecords = (await third.load())!;
    expect(third.openedFrom).toBe('records');
    expect(fromRecords.corpus).toBeUndefined();
    expect(await encodeIndex(fromRecords)).toEqual(await encodeIndex(snap));
  });

  it('opens from its index and its corpus read apart, the corpus arrays where they lie in its own buffer', async () => {
    const { store, image, factory } = await stored('int8');
    const snap = (await store.load())!;
    expect(await store.saveImage(() => ({ ...snap, corpus: corpusOf(snap).image()! }))).toBe(true);
    const apart = (bytes: Uint8Array): { index: Uint8Array; corpus: Uint8Array } => {
      const end = 16 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
      return { index: bytes.slice(0, end), corpus: bytes.slice(end) };
    };
    let read = apart(image.bytes!);
    const file: ImageFile = { read: async () => read, write: image.write, remove: image.remove };
    const again = await IdbIndexStore.open({ factory, image: file });
    const opened = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(await encodeIndex(opened)).toEqual(await encodeIndex(snap));
    expect(opened.corpus!.lexical.rows.buffer).toBe(read.corpus.buffer);
    expect(opened.corpus!.vectors.codes!.buffer).toBe(read.corpus.buffer);
    // and the index's blocks where they lie in the index's own buffer
    expect(opened.documents.every((d) => storedEntriesBlock(d)?.buffer === read.index.buffer)).toBe(true);

    // an image without a corpus, read apart, opens too
    const index = await encodeImage(snap, await readRevision(store.db));
    read = { index, corpus: new Uint8Array(0) };
    const bare = await IdbIndexStore.open({ factory, image: file });
    expect(await encodeIndex((await bare.load())!)).toEqual(await encodeIndex(snap));
    expect(bare.openedFrom).toBe('image');

    // read apart, an image of another revision, or with a damaged corpus, is not used either
    for (const spoil of [(p: typeof read) => new DataView(p.index.buffer).setFloat64(4, -1, true), (p: typeof read) => void (p.corpus[p.corpus.length - 3] ^= 0xff)]) {
      read = apart(image.bytes!);
      spoil(read);
      const third = await IdbIndexStore.open({ factory, image: file });
      await third.load();
      expect(third.openedFrom).toBe('records');
    }
  });

  // LIMG: the index alone, its header 12 bytes; LIM2: the index's length too, then the search
  // corpus, the records keeping their vectors and counted words beside it
  it.each(['LIMG', 'LIM2'] as const)('opens an image written as %s images were', async (magic) => {
    const { store, image, reopen } = await stored();
    const snap = (await store.load())!;
    const corpus = corpusOf(snap);
    const index = await encodeIndex(snap);
    const corpusBytes = magic === 'LIM2' ? await encodeCorpus(corpus.image()!) : new Uint8Array(0);
    const header = magic === 'LIM2' ? 16 : 12;
    const old = new Uint8Array(header + index.length + corpusBytes.length);
    old.set(new TextEncoder().encode(magic));
    new DataView(old.buffer).setFloat64(4, await readRevision(store.db), true);
    if (magic === 'LIM2') new DataView(old.buffer).setUint32(12, index.length, true);
    old.set(index, header);
    old.set(corpusBytes, header + index.length);
    image.bytes = old;
    const again = await reopen();
    const opened = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    expect(opened.corpus === undefined).toBe(magic === 'LIMG');
    expect(await encodeIndex(opened)).toEqual(index);
  });
});

describe('the open image\'s index format', () => {
  it('is written as columns (format 8), and an image an older build wrote in format 5 or 6 still opens the same', async () => {
    const { store, image, reopen } = await stored('int8');
    const snap = (await store.load())!;
    const corpus = corpusOf(snap).image()!;
    expect(await store.saveImage(() => ({ ...snap, corpus }))).toBe(true);
    expect(new DataView(image.bytes!.buffer).getUint32(16 + 4, true)).toBe(8);
    const current = await reopen();
    const fromColumns = (await current.load())!;
    expect(current.openedFrom).toBe('image');
    current.close();

    // LIM3 as the build before columns wrote it: the records' index in format 5 (6 with tagged numbers), then the corpus
    const index = await encodeIndex(withoutCorpusVectors(snap, corpus));
    expect(new DataView(index.buffer).getUint32(4, true)).toBeLessThan(7);
    const corpusBytes = await encodeCorpus(corpus);
    const old = new Uint8Array(16 + index.length + corpusBytes.length);
    old.set(new TextEncoder().encode('LIM3'));
    new DataView(old.buffer).setFloat64(4, await readRevision(store.db), true);
    new DataView(old.buffer).setUint32(12, index.length, true);
    old.set(index, 16);
    old.set(corpusBytes, 16 + index.length);
    image.bytes = old;
    const older = await reopen();
    const fromOld = (await older.load())!;
    expect(older.openedFrom).toBe('image');
    expect(fromOld.documents).toEqual(fromColumns.documents);
    expect(await encodeIndex(fromOld)).toEqual(await encodeIndex(fromColumns));
  });
});

describe('readAhead', () => {
  const file = (bytes: number[]) => {
    const image = memoryImage();
    image.bytes = Uint8Array.from(bytes);
    let reads = 0;
    const read = image.read.bind(image);
    image.read = () => (reads++, read());
    return { image, reads: () => reads };
  };

  it('begins the read at once, and gives those bytes to the first read only', async () => {
    const { image, reads } = file([1]);
    const ahead = readAhead(image);
    expect(reads()).toBe(1);
    image.bytes = Uint8Array.of(2); // changed behind it: the first read is the one begun
    expect(await ahead.read()).toEqual(Uint8Array.of(1));
    expect(await ahead.read()).toEqual(Uint8Array.of(2));
    expect(reads()).toBe(2);
  });

  it('drops the bytes read ahead on a write, a removal or forget', async () => {
    const written = file([1]);
    const a = readAhead(written.image);
    await a.write(Uint8Array.of(3));
    expect(await a.read()).toEqual(Uint8Array.of(3));

    const removed = file([1]);
    const b = readAhead(removed.image);
    await b.remove();
    expect(await b.read()).toBeUndefined();

    const forgotten = file([1]);
    const c = readAhead(forgotten.image);
    c.forget();
    forgotten.image.bytes = Uint8Array.of(4);
    expect(await c.read()).toEqual(Uint8Array.of(4));
  });
});
