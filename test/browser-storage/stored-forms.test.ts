/**
 * The ready-to-search forms records are stored in, through both stores: counted entry terms (an
 * index opened from them gives the same BM25 as segmenting the text; damaged or stale terms are
 * not trusted) and int8 vector rows for an int8 index.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { decodeIndex, encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../src/core/stored-index/manifest.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { countTerms } from '../../src/core/search/entry-terms.ts';
import type { EntryTerms } from '../../src/core/types.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';
import { flipByte } from '../support/index-blocks.ts';
import { docOwner } from '../../src/browser-storage/owner-key.ts';
import { atStoredPrecision } from '../../src/core/stored-index/vector-codec.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import { corpusOf, DIM, docA, documentRecord, freshStore, manifest, storeWith } from './fixtures.ts';

const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' },
};
const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading'];
const text = (topic: number) =>
  new TextEncoder().encode(Array.from({ length: 12 }, (_, i) => `Part ${i} is about ${TOPICS[(i + topic) % 3]}. It says ${TOPICS[(i + topic) % 3]} again so that it dominates.`).join('\n\n'));
const QUERIES = ['harbour trade', 'glacier ice snow', 'quiet reading books part 3', 'nothing here'];

async function built(): Promise<IndexSnapshot> {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
  await engine.indexFiles([{ name: 'a.txt', bytes: text(0) }, { name: 'b.txt', bytes: text(1) }]);
  await engine.makeClusters();
  return store.snapshot()!;
}

const withoutTerms = (s: IndexSnapshot): IndexSnapshot => ({
  ...s,
  documents: s.documents.map(({ terms: _, ...d }) => d),
  groups: s.groups.map(({ terms: _, ...g }) => g),
});

/** [absolute start, length] of a document's terms block, from a version 2 file's header. */
function termsBlock(bytes: Uint8Array, index: number): [number, number] {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(28, 28 + length))) as { documents: { terms: [number, number, string] }[] };
  const [offset, size] = header.documents[index].terms;
  return [((28 + length + 3) & ~3) + offset, size];
}

describe('counted entry terms', () => {
  it('are kept by the indexer for every record, covering all its entries', async () => {
    const snapshot = await built();
    expect(snapshot.groups.length).toBeGreaterThan(0);
    for (const record of [...snapshot.documents, ...snapshot.groups]) {
      expect(record.terms?.entries).toBe(record.entries.length);
      expect(record.terms?.lastId).toBe(record.entries[record.entries.length - 1].id);
    }
  });

  it('round-trip through the index file, and a corpus opened from them searches as one that segments', async () => {
    const snapshot = await built();
    const back = await decodeIndex(await encodeIndex(snapshot));
    expect(back).toEqual(snapshot);
    const counted = corpusOf(back);
    const segmented = corpusOf(withoutTerms(back));
    for (const q of QUERIES) expect(counted.lexical.search(q, 20)).toEqual(segmented.lexical.search(q, 20));
    expect(counted.lexical.search('harbour trade', 5).length).toBeGreaterThan(0);
  });

  it('are dropped from the file when their block is damaged, and the document still loads whole', async () => {
    const snapshot = await built();
    const bytes = await encodeIndex(snapshot);
    const [start, length] = termsBlock(bytes, 0);
    flipByte(bytes, start + length - 1);
    const back = await decodeIndex(bytes);
    expect(back.damage).toBeUndefined();
    expect(back.documents[0].terms).toBeUndefined();
    expect(back.documents[0].entries).toEqual(snapshot.documents[0].entries);
    expect(back.documents[1].terms).toEqual(snapshot.documents[1].terms);
  });

  it('are not trusted when they count other entries: the text is segmented instead', async () => {
    const snapshot = await built();
    const stale = { ...snapshot, documents: snapshot.documents.map((d) => ({ ...d, terms: countTerms([{ id: 'other', text: 'unrelated words only' }]) })) };
    const corpus = corpusOf(stale);
    const segmented = corpusOf(withoutTerms(snapshot));
    for (const q of [...QUERIES, 'unrelated']) expect(corpus.lexical.search(q, 20)).toEqual(segmented.lexical.search(q, 20));
  });

  it('are not trusted when their data is not whole: the text is segmented instead', async () => {
    const snapshot = await built();
    const broken = {
      ...snapshot,
      documents: snapshot.documents.map((d) => ({ ...d, terms: { ...d.terms!, data: d.terms!.data.subarray(0, d.terms!.data.length - 3) } })),
    };
    const corpus = corpusOf(broken);
    const segmented = corpusOf(withoutTerms(snapshot));
    for (const q of QUERIES) expect(corpus.lexical.search(q, 20)).toEqual(segmented.lexical.search(q, 20));
  });

  it('round-trip through IndexedDB sealed, and damaged ones are left out without calling the document damaged', async () => {
    const record = { ...docA, terms: countTerms(docA.entries) };
    const other = documentRecord('cccc', 'gamma.md', ['Gamma words here.']);
    const store = await storeWith({ manifest: manifest(), documents: [record, { ...other, terms: countTerms(other.entries) }], groups: [] });
    const loaded = await store.load();
    expect(loaded!.documents[0].terms).toEqual(record.terms);

    const db = store.db;
    const stored = await db.get('entries', docOwner(docA.doc.id));
    // the store writes its own records' terms as objects (stored-blocks.ts)
    (stored!.terms as EntryTerms).data[0] ^= 1;
    await db.put('entries', stored!);
    const again = await store.load();
    expect(again!.damage).toBeUndefined();
    expect(again!.documents[0].terms).toBeUndefined();
    expect(again!.documents[0].entries).toEqual(docA.entries);
    expect(again!.documents[1].terms).toBeDefined();
  });
});

describe('int8 vectors in IndexedDB', () => {
  const int8 = (): IndexSnapshot => ({ manifest: { ...manifest(), vectorStorage: 'int8' }, documents: [docA], groups: [] });

  it('are stored as int8 rows, 4 + d bytes each, and load back at stored precision', async () => {
    const store = await storeWith(int8());
    const stored = await store.db.get('entries', docOwner(docA.doc.id));
    expect(stored!.vectorFormat).toBe('int8');
    expect(stored!.vectors.byteLength).toBe(docA.entries.length * (4 + DIM));
    const loaded = await store.load();
    expect(loaded!.damage).toBeUndefined();
    expect(Array.from(loaded!.documents[0].vectors)).toEqual(Array.from(atStoredPrecision(docA.vectors, DIM, 'int8')));
  });

  it('travel through an export and an import as int8', async () => {
    const store = await storeWith(int8());
    const bytes = await exportLibrary(store.db);
    const other = await freshStore();
    await importLibrary(other.db, bytes, { mode: 'replace' });
    const stored = await other.db.get('entries', docOwner(docA.doc.id));
    expect(stored!.vectorFormat).toBe('int8');
    expect((await other.load())!.documents[0].vectors).toEqual((await store.load())!.documents[0].vectors);
  });
});
