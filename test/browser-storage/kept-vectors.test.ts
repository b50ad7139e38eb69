/**
 * Vectors kept outside IndexedDB: beside an open image, a record's vectors go to a file of their
 * own, and once an image holds them the file goes and the image is their one copy. Whatever path
 * reads the records (an open from them, the damage check, an export) gets them back, and vectors
 * found nowhere are damage, as a changed vector block in a record always was. (The files and the
 * image are test doubles here; the origin private file system is used for real in the browser.)
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import type { ImageFile } from '../../src/browser-storage/open-image.ts';
import type { VectorFiles } from '../../src/browser-storage/vector-files.ts';
import { parseVectorFileName, vectorFileName } from '../../src/browser-storage/vector-files.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import type { StoredEntries } from '../../src/browser-storage/records.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { corpusOf, DIM, documentRecord, snapshot } from './fixtures.ts';
import { LiveCorpus } from '../../src/core/search/live-corpus.ts';
import { pendingRowsOf } from '../../src/core/stored-index/vectors-in-corpus.ts';

function memoryImage(): ImageFile & { bytes?: Uint8Array } {
  const file: ImageFile & { bytes?: Uint8Array } = {
    read: async () => file.bytes?.slice(),
    write: async (bytes) => void (file.bytes = bytes.slice()),
    remove: async () => void (file.bytes = undefined),
  };
  return file;
}

type MemoryFiles = VectorFiles & { files: Map<string, Uint8Array>; failWrites?: boolean; reads: number };

function memoryFiles(): MemoryFiles {
  const files = new Map<string, Uint8Array>();
  const store: MemoryFiles = {
    files,
    reads: 0,
    async write(name, bytes) {
      if (store.failWrites) throw new DOMException('the quota is exceeded', 'QuotaExceededError');
      files.set(vectorFileName(name), bytes.slice());
    },
    read: async (name) => {
      store.reads++;
      return files.get(vectorFileName(name))?.slice();
    },
    list: async () => [...files.keys()].map((f) => parseVectorFileName(f)!),
    remove: async (name) => void files.delete(vectorFileName(name)),
    clear: async () => files.clear(),
  };
  return store;
}

/** The fixtures' index stored beside an image and vector files, as the app stores it. */
async function stored(vectorStorage: 'float32' | 'int8') {
  const factory = new IDBFactory();
  const image = memoryImage();
  const files = memoryFiles();
  const open = () => IdbIndexStore.open({ factory, image, vectorFiles: files });
  const store = await open();
  const snap = snapshot();
  snap.manifest = { ...snap.manifest, vectorStorage };
  await store.putManifest(snap.manifest);
  for (const record of snap.documents) await store.putDocument(record);
  for (const record of snap.groups) await store.putGroup(record);
  return { factory, image, files, open, store, snap };
}

/** The same index stored the way it was before vector files: every vector in its record. */
async function inRecords(snap: IndexSnapshot): Promise<IndexSnapshot> {
  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  await store.putManifest(snap.manifest);
  for (const record of snap.documents) await store.putDocument(record);
  for (const record of snap.groups) await store.putGroup(record);
  return (await store.load())!;
}

const entriesRecords = (store: IdbIndexStore) => store.db.getAll('entries') as Promise<StoredEntries[]>;

/** A write that is not logged by the records it changed: the next open reads every record. */
const unloggedWrite = (store: IdbIndexStore, snap: IndexSnapshot) => store.putManifest(snap.manifest);

describe('vectors kept outside IndexedDB', () => {
  it.each(['float32', 'int8'] as const)('writes %s vectors to files, not to the records, and the records load them back', async (storage) => {
    const { store, files, snap } = await stored(storage);
    const records = await entriesRecords(store);
    expect(records.length).toBe(snap.documents.length + snap.groups.length);
    for (const record of records) {
      expect(record.vectors.byteLength).toBe(0);
      expect(record.vectorsIn).toBe('file');
      expect(files.files.get(vectorFileName({ owner: record.owner, sum: record.sums!.vectors }))!.length).toBe(record.vectorBytes);
    }
    const loaded = (await store.load())!;
    expect(store.openedFrom).toBe('records');
    expect(loaded.damage).toBeUndefined();
    expect(await encodeIndex(loaded)).toEqual(await encodeIndex(await inRecords(snap)));
  });

  it.each([
    ['float32', false],
    ['int8', false],
    ['float32', true],
    ['int8', true],
  ] as const)('%s: once an image (with its search corpus: %s) holds them the files go, and reading the records takes them from the image', async (storage, withCorpus) => {
    const { store, files, open, snap } = await stored(storage);
    const loaded = (await store.load())!;
    expect(await store.saveImage(() => (withCorpus ? { ...loaded, corpus: corpusOf(loaded).image() } : loaded))).toBe(true);
    expect(files.files.size).toBe(0);
    await unloggedWrite(store, snap);

    const again = await open();
    const reread = (await again.load())!;
    expect(again.openedFrom).toBe('records');
    expect(reread.damage).toBeUndefined();
    expect(await encodeIndex(reread)).toEqual(await encodeIndex(await inRecords(snap)));
    // nor does the check of the records for damage find any, nor look for a file not listed
    files.reads = 0;
    expect(await again.findRecordDamage()).toEqual([]);
    expect(files.reads).toBe(0);
  });

  it("keeps a file for each record written since the image, and removes a file once no record names it", async () => {
    const { store, files, snap } = await stored('int8');
    const loaded = (await store.load())!;
    await store.saveImage(() => ({ ...loaded, corpus: corpusOf(loaded).image() }));
    const owners = () => [...files.files.keys()].map((f) => parseVectorFileName(f)!.owner);

    await store.putDocument(documentRecord('cccc', 'gamma.md', ['Gamma one.']));
    expect(owners()).toEqual(['doc:cccc']);
    const first = [...files.files.keys()];
    // written again (a checkpoint, say): the new vectors' file replaces the old one
    await store.putDocument(documentRecord('cccc', 'gamma.md', ['Gamma one.', 'Gamma two.']));
    expect(owners()).toEqual(['doc:cccc']);
    expect([...files.files.keys()]).not.toEqual(first);
    await store.deleteDocument('cccc');
    expect(files.files.size).toBe(0);

    // a file left by a write refused after it was written (no record names it) goes with the next image
    const refused = documentRecord('ffff', 'refused.md', ['Refused one.']);
    await expect(store.putDocument({ ...refused, vectors: new Float32Array(3) })).rejects.toThrow(/vector values/);
    await store.putDocument(documentRecord('dddd', 'delta.md', ['Delta one.']));
    expect(owners().sort()).toEqual(['doc:dddd', 'doc:ffff']);
    await unloggedWrite(store, snap);
    const now = (await store.load())!;
    expect(await store.saveImage(() => ({ ...now, corpus: corpusOf(now).image() }))).toBe(true);
    expect(files.files.size).toBe(0);

    await store.putDocument(documentRecord('eeee', 'epsilon.md', ['Epsilon one.']));
    expect(files.files.size).toBe(1);
    // an image made without it (a document still being indexed is not in it): its record names the
    // file, so the file stays
    expect(await store.saveImage(() => ({ ...now, corpus: corpusOf(now).image() }))).toBe(true);
    expect(owners()).toEqual(['doc:eeee']);
    await store.clearIndex();
    expect(files.files.size).toBe(0);
  });

  it('saving an image reads the vectors of the records that have a file only, not of those the last image holds', async () => {
    const { store, files, open } = await stored('int8');
    const loaded = (await store.load())!;
    await store.saveImage(() => ({ ...loaded, corpus: corpusOf(loaded).image() }));
    const again = await open();
    const fromImage = (await again.load())!;
    expect(again.openedFrom).toBe('image');
    const records = [...fromImage.documents, ...fromImage.groups];
    const pending = () => records.filter((r) => pendingRowsOf(r) !== undefined).length;
    expect(pending()).toBe(records.length);

    // a document indexed since (its vectors in a file), and the corpus as the engine holds it: adopted, not laid out from the records
    const gamma = documentRecord('cccc', 'gamma.md', ['Gamma one.']);
    await again.putDocument(gamma);
    const corpus = new LiveCorpus(DIM, 'int8');
    expect(corpus.adopt(fromImage.documents, fromImage.groups, fromImage.corpus!)).toBe(true);
    corpus.setDocument(gamma);
    const now = { ...fromImage, documents: [...fromImage.documents, gamma], corpus: corpus.image() };
    expect(await again.saveImage(() => now)).toBe(true);
    expect(files.files.size).toBe(0);
    expect(pending()).toBe(records.length);
  });

  it('reports vectors found nowhere as damaged, and a file whose bytes changed too', async () => {
    const { files, open, snap } = await stored('int8');
    // a file changed behind the store's back: its bytes no longer have the record's checksum
    const [name] = [...files.files.keys()];
    files.files.get(name)![5] ^= 0xff;
    const changed = (await (await open()).load())!;
    const owner = parseVectorFileName(name)!.owner;
    const damaged = changed.damage!.find((d) => `${d.kind === 'document' ? 'doc' : 'group'}:${d.id}` === owner)!;
    expect(damaged.parts).toContain(owner.startsWith('doc:') ? 'vectors' : 'clusters');

    // the image lost after it took the vectors over: every record's vectors are gone
    const second = await stored('int8');
    const loaded = (await second.store.load())!;
    await second.store.saveImage(() => ({ ...loaded, corpus: corpusOf(loaded).image() }));
    await unloggedWrite(second.store, snap);
    await second.image.remove();
    const lost = (await (await second.open()).load())!;
    expect(lost.documents).toEqual([]);
    expect(lost.damage!.filter((d) => d.kind === 'document').map((d) => [d.id, d.parts])).toEqual(snap.documents.map((d) => [d.doc.id, ['vectors']]));
  });

  it('exports every vector in its record, from files and image alike, and refuses an export that would lose some', async () => {
    const { store, image, snap } = await stored('int8');
    const loaded = (await store.load())!;
    await store.saveImage(() => ({ ...loaded, corpus: corpusOf(loaded).image() }));
    // one document written since: its vectors are in a file, the others' in the image
    const gamma = documentRecord('cccc', 'gamma.md', ['Gamma one.']);
    await store.putDocument(gamma);

    const bytes = await exportLibrary(store.db, store.keptVectorSources());
    const elsewhere = await IdbIndexStore.open({ factory: new IDBFactory() });
    await importLibrary(elsewhere.db, bytes, { mode: 'replace' });
    const imported = (await elsewhere.load())!;
    expect(imported.damage).toBeUndefined();
    expect(await encodeIndex(imported)).toEqual(await encodeIndex(await inRecords({ ...snap, documents: [...snap.documents, gamma] })));

    await image.remove();
    await expect(exportLibrary(store.db, store.keptVectorSources())).rejects.toThrow(/vectors of \d+ stored records could not be read/);
  });

  it('stores nothing when the vectors cannot be written', async () => {
    const { store, files } = await stored('int8');
    files.failWrites = true;
    await expect(store.putDocument(documentRecord('cccc', 'gamma.md', ['Gamma one.']))).rejects.toThrow(/quota/);
    expect(await store.db.get('documents', 'cccc')).toBeUndefined();
    expect(await store.db.get('entries', 'doc:cccc')).toBeUndefined();
  });

  it('keeps vectors in the records where there is no image to hold them', async () => {
    const files = memoryFiles();
    const store = await IdbIndexStore.open({ factory: new IDBFactory(), vectorFiles: files });
    const snap = snapshot();
    await store.putManifest(snap.manifest);
    await store.putDocument(snap.documents[0]);
    expect(files.files.size).toBe(0);
    expect((await entriesRecords(store))[0].vectors.byteLength).toBeGreaterThan(0);
  });
});
