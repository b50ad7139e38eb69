/** A small but complete index: two documents, one cluster group over both, vectors of dimension 4. */
// idb recognises IndexedDB objects through the global IDB* classes; each test still gets its own factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import type { Chunk, Doc, Entry, IndexManifest } from '../../src/core/types.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { LiveCorpus } from '../../src/core/search/live-corpus.ts';

export const DIM = 4;

export function manifest(embedderId = 'test/embedder', dimension = DIM): IndexManifest {
  return {
    format: 'loci-index',
    version: 1,
    embedder: { id: embedderId, dimension, queryPrefix: 'query: ', passagePrefix: 'passage: ' },
    chunking: { chunkTokens: 100, overlapTokens: 10 },
    clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 3 },
    preparse: { mode: 'extractive' },
    raptor: false,
    vectorStorage: 'float32',
  };
}

/** Vectors whose bytes include values that lose information in a JSON round trip. */
function vectors(rows: number, seed: number): Float32Array {
  const out = new Float32Array(rows * DIM);
  for (let i = 0; i < out.length; i++) out[i] = Math.fround(Math.sin(seed * 31 + i) / 3) + (i % 3 === 0 ? 1e-38 : 0);
  if (out.length > 1) out[1] = -0;
  return out;
}

export function documentRecord(id: string, name: string, chunkTexts: string[]): DocumentRecord {
  const text = chunkTexts.join('\n');
  let start = 0;
  const chunks: Chunk[] = chunkTexts.map((chunkText, ordinal) => {
    const chunk: Chunk = {
      id: `${id}:${ordinal}`,
      docId: id,
      ordinal,
      text: chunkText,
      headingPath: ['第一章 总则', `Section ${ordinal}`],
      start,
      end: start + chunkText.length,
      tokens: chunkText.split(' ').length,
      ...(ordinal === 0 ? { page: 1 } : {}),
    };
    start += chunkText.length + 1;
    return chunk;
  });
  const doc: Doc = {
    id,
    name,
    mime: 'text/markdown',
    size: text.length,
    title: name.replace(/\.md$/, ''),
    language: 'en',
    text,
    blocks: chunks.map((chunk) => ({ kind: 'paragraph', start: chunk.start, end: chunk.end })),
    toc: [{ title: name, level: 1, parent: -1, start: 0, end: text.length }],
  };
  const entries: Entry[] = chunks.flatMap((chunk) => [
    { id: `${chunk.id}|chunk|whole|0`, kind: 'chunk', level: 'whole', text: chunk.text, origin: { type: 'chunk', id: chunk.id } },
    {
      id: `${chunk.id}|query|whole|0`,
      kind: 'query',
      level: 'whole',
      text: `What does ${chunk.id} say?`,
      origin: { type: 'chunk', id: chunk.id },
      producer: 'extractive',
    },
  ]);
  return {
    doc,
    chunks,
    job: { docId: id, stage: 'ready', preparsed: { done: chunks.length, total: chunks.length } },
    entries,
    vectors: vectors(entries.length, id.length + chunks.length),
    preparse: chunks.map((chunk) => ({ sourceId: chunk.id, sourceType: 'chunk', status: 'done', entryCount: 1 })),
  };
}

export function groupRecord(id: string, docs: DocumentRecord[]): GroupRecord {
  const chunkIds = docs.flatMap((record) => record.chunks.map((chunk) => chunk.id));
  const entries: Entry[] = [
    { id: `${id}#0|cluster|whole|0`, kind: 'cluster', level: 'whole', text: 'cluster text', origin: { type: 'cluster', id: `${id}#0` } },
  ];
  return {
    group: {
      id,
      docIds: docs.map((record) => record.doc.id),
      k: 1,
      bic: [12.5, 14.25, Number.POSITIVE_INFINITY, Number.NaN],
      clusters: [{ id: `${id}#0`, members: chunkIds.map((chunkId) => ({ chunkId, p: 0.75 })) }],
      raptor: [],
      layout: { chunkIds, xy: chunkIds.flatMap((_, i) => [i, -i / 2]) },
    },
    entries,
    vectors: vectors(entries.length, 99),
    preparse: [{ sourceId: `${id}#0`, sourceType: 'cluster', status: 'failed', error: 'no JSON', entryCount: 0 }],
  };
}

export const docA = documentRecord('aaaa', 'alpha.md', ['Alpha one is here.', 'Alpha two follows.']);
export const docB = documentRecord('bbbb', 'beta.md', ['Beta only chunk.', 'Beta second.', 'Beta third.']);
export const groupAB = groupRecord('corpus-1', [docA, docB]);

export function snapshot(): IndexSnapshot {
  return { manifest: manifest(), documents: [docA, docB], groups: [groupAB] };
}

/** A store on its own in-memory IndexedDB, so tests never share state. */
export async function freshStore(factory: IDBFactory = new IDBFactory()): Promise<IdbIndexStore> {
  return IdbIndexStore.open({ factory });
}

export async function storeWith(snap: IndexSnapshot, factory?: IDBFactory): Promise<IdbIndexStore> {
  const store = await freshStore(factory);
  await store.putManifest(snap.manifest);
  for (const record of snap.documents) await store.putDocument(record);
  for (const record of snap.groups) await store.putGroup(record);
  return store;
}

export function bytesOf(vectors: Float32Array): number[] {
  return Array.from(new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength));
}

/** The search corpus laid out over a snapshot's records, as the engine lays it out when it opens them. */
export function corpusOf(snapshot: IndexSnapshot): LiveCorpus {
  const corpus = new LiveCorpus(snapshot.manifest.embedder.dimension, snapshot.manifest.vectorStorage);
  for (const d of snapshot.documents) corpus.setDocument(d);
  for (const g of snapshot.groups) corpus.setGroup(g);
  return corpus;
}
