/**
 * Memory of 10k entries: the stored records (entries, texts, vectors), the searchable in-memory
 * corpus built over them (vector copy, BM25, row tables), and the bytes of the saved index file
 * with float32 and with int8 vectors.
 * The baseline is the raw float32 vectors alone, the least any dense index must hold.
 */
import { termsFor } from '../../src/core/search/entry-terms.ts';
import { LiveCorpus } from '../../src/core/search/live-corpus.ts';
import { decodeIndex, encodeIndex, FORMAT_VERSION, DEFAULT_SETTINGS } from '../../src/core/stored-index/index.ts';
import type { IndexManifest, VectorStorage } from '../../src/core/types.ts';
import { retainedBy, retainedByAwaited } from './heap.ts';
import { round } from './stats.ts';
import { syntheticIndex } from './synthetic-corpus.ts';

export interface MemoryRow {
  what: string;
  entries: number;
  bytes: number;
  /** Of which JS heap (the rest is ArrayBuffer memory), where measured from the heap. */
  heapBytes?: number;
  /** Bytes per 10k entries. */
  per10k: number;
  /** bytes / raw float32 vectors of the same entries. */
  ratio: number;
}

function manifest(dimension: number, vectorStorage: VectorStorage): IndexManifest {
  return {
    format: 'loci-index',
    version: FORMAT_VERSION,
    embedder: { id: 'bench', dimension, queryPrefix: '', passagePrefix: '' },
    ...DEFAULT_SETTINGS,
    vectorStorage,
  };
}

export async function benchMemory(entries: number, dimension: number): Promise<{ rows: MemoryRow[]; rawVectorBytes: number }> {
  const records = retainedBy(() => syntheticIndex(entries, dimension, 7));
  const { document, group } = records.value;
  const count = document.entries.length + group.entries.length;
  const raw = count * dimension * 4;
  const row = (what: string, bytes: number, heapBytes?: number): MemoryRow => ({
    what,
    entries: count,
    bytes,
    ...(heapBytes !== undefined ? { heapBytes } : {}),
    per10k: round((bytes * 10_000) / count, 0),
    ratio: round(bytes / raw, 2),
  });

  const rows = [row('records (entries, texts, vectors)', records.heap + records.arrayBuffers, records.heap)];
  for (const storage of ['float32', 'int8'] as VectorStorage[]) {
    const corpus = retainedBy(() => {
      const c = new LiveCorpus(dimension, storage);
      c.setDocument(document);
      c.setGroup(group);
      return c;
    });
    rows.push(row(`search corpus, ${storage} (vectors, BM25, rows)`, corpus.heap + corpus.arrayBuffers, corpus.heap));
  }
  // stored as the indexer stores records: with their counted entry words
  const documents = [{ ...document, terms: termsFor(document.entries, undefined) }];
  const groups = [{ ...group, terms: termsFor(group.entries, undefined) }];
  for (const storage of ['float32', 'int8'] as VectorStorage[]) {
    const stored = await encodeIndex({ manifest: manifest(dimension, storage), documents, groups });
    rows.push(row(`stored index file, ${storage} (encodeIndex)`, stored.length));
    // what opening the file keeps: its records as loading rebuilds them (texts, ids, vectors)
    const opened = await retainedByAwaited(() => decodeIndex(stored));
    if (opened.value.documents.length === 0) throw new Error('the stored index opened empty');
    rows.push(row(`records opened from the ${storage} file (decodeIndex)`, opened.heap + opened.arrayBuffers, opened.heap));
  }
  return { rows, rawVectorBytes: raw };
}
