/**
 * What checksums cost when an index opens, on a synthetic index the size of FinanceBench's (29
 * filings, 26,531 chunks, 125,000 entries, 100-d GloVe vectors): the index file opened as version
 * 1 (no checksums, the baseline) and as version 2 (every block checked), with the hashing alone
 * timed over the same blocks; and the IndexedDB store's load with the records' sums checked,
 * beside the same check skipped (fake-indexeddb in Node). Every figure is the best of `runs`.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { decodeIndex, encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { DEFAULT_SETTINGS, FORMAT_VERSION } from '../../src/core/stored-index/manifest.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import type { Chunk, Entry } from '../../src/core/types.ts';
import { checksums } from '../../src/core/util/checksum.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { findDamage } from '../../src/browser-storage/record-sums.ts';
import { readIndexRecords, readTransaction } from '../../src/browser-storage/read-records.ts';
import { INDEX_STORES } from '../../src/browser-storage/records.ts';
import { encodeIndexV1 } from './index-v1.ts';
import { chunkId, entryId } from '../../src/core/ids.ts';

export interface IntegrityShape {
  documents: number;
  chunks: number;
  entries: number;
  dimension: number;
}

export const FINANCEBENCH_SHAPE: IntegrityShape = { documents: 29, chunks: 26_531, entries: 125_000, dimension: 100 };

export interface IntegrityResult {
  shape: IntegrityShape;
  file: { v1Bytes: number; v2Bytes: number; v1OpenMs: number; v2OpenMs: number; hashMs: number; hashedBytes: number };
  idb: { loadMs: number; checkMs: number; loadWithoutCheckMs: number };
}

const WORDS = 'revenue margin quarter fiscal operating income segment cash flow liabilities assets equity dividend share growth cost tax net debt capital risk'.split(' ');

function words(seed: number, n: number): string {
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(WORDS[x % WORDS.length]);
  }
  return out.join(' ');
}

/** A synthetic snapshot of the given shape: chunks of ~85 words, the other entries sentences of ~20. */
export function syntheticSnapshot(shape: IntegrityShape): IndexSnapshot {
  const documents: DocumentRecord[] = [];
  const groups: GroupRecord[] = [];
  const perDoc = Math.ceil(shape.chunks / shape.documents);
  const extraPerChunk = (shape.entries - shape.chunks) / shape.chunks;
  let made = 0;
  for (let d = 0; d < shape.documents; d++) {
    const id = `doc${String(d).padStart(4, '0')}`;
    const count = Math.min(perDoc, shape.chunks - made);
    const texts = Array.from({ length: count }, (_, i) => words(made + i, 85));
    made += count;
    const text = texts.join('\n');
    let start = 0;
    const chunks: Chunk[] = texts.map((t, i) => {
      const chunk: Chunk = { id: chunkId(id, i), docId: id, ordinal: i, text: t, headingPath: ['Item 7', `Part ${i % 9}`], start, end: start + t.length, tokens: 100, page: 1 + (i >> 2) };
      start += t.length + 1;
      return chunk;
    });
    const entries: Entry[] = [];
    chunks.forEach((c, i) => {
      entries.push({ id: entryId(c, 'chunk', 'whole', 0), kind: 'chunk', level: 'whole', text: c.text, origin: { type: 'chunk', id: c.id } });
      const extra = Math.floor((i + 1) * extraPerChunk) - Math.floor(i * extraPerChunk);
      for (let k = 0; k < extra; k++) {
        entries.push({ id: entryId(c, 'context', 'point', k), kind: 'context', level: 'point', text: words(i * 7 + k, 20), origin: { type: 'chunk', id: c.id }, producer: 'extractive' });
      }
    });
    const vectors = new Float32Array(entries.length * shape.dimension);
    for (let i = 0; i < vectors.length; i++) vectors[i] = Math.sin(i * 0.37 + d) / 10;
    documents.push({
      doc: { id, name: `${id}.pdf`, mime: 'application/pdf', size: text.length, title: id, language: 'en', text, blocks: chunks.map((c) => ({ kind: 'paragraph', start: c.start, end: c.end })), toc: [] },
      chunks,
      job: { docId: id, stage: 'ready' },
      entries,
      vectors,
      preparse: chunks.map((c) => ({ sourceId: c.id, sourceType: 'chunk', status: 'done', entryCount: 2 })),
    });
    const clusterEntries: Entry[] = Array.from({ length: 20 }, (_, k) => ({ id: entryId({ id: `g:${id}#${k}` }, 'cluster', 'whole', 0), kind: 'cluster', level: 'whole', text: words(k, 300), origin: { type: 'cluster', id: `g:${id}#${k}` } }));
    groups.push({
      group: { id: `g:${id}`, docIds: [id], k: 20, bic: [], clusters: clusterEntries.map((_, k) => ({ id: `g:${id}#${k}`, members: chunks.filter((_, i) => i % 20 === k).map((c) => ({ chunkId: c.id, p: 0.9 })) })), raptor: [] },
      entries: clusterEntries,
      vectors: new Float32Array(clusterEntries.length * shape.dimension).fill(0.1),
      preparse: [],
    });
  }
  const manifest = {
    format: 'loci-index' as const,
    version: FORMAT_VERSION,
    embedder: { id: 'glove-static-en-100d', dimension: shape.dimension, queryPrefix: '', passagePrefix: '' },
    ...DEFAULT_SETTINGS,
  };
  return { manifest, documents, groups };
}

async function best(runs: number, work: () => Promise<unknown> | unknown): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

export async function benchIntegrity(shape: IntegrityShape = FINANCEBENCH_SHAPE, runs = 3, log: (line: string) => void = () => {}): Promise<IntegrityResult> {
  const snapshot = syntheticSnapshot(shape);
  const sums = await checksums();
  const v1 = encodeIndexV1(snapshot);
  const v2 = await encodeIndex(snapshot);
  log(`index file: version 1 ${(v1.length / 1e6).toFixed(1)} MB, version 2 ${(v2.length / 1e6).toFixed(1)} MB`);
  // the blocks version 2 checks: everything after its header
  const headerLength = new DataView(v2.buffer).getUint32(8, true);
  const body = v2.subarray((28 + headerLength + 3) & ~3);
  const blocks = [...snapshot.documents.flatMap(() => [0, 0, 0, 0]), ...snapshot.groups.flatMap(() => [0, 0])].length;
  const v1OpenMs = await best(runs, () => decodeIndex(v1));
  const v2OpenMs = await best(runs, () => decodeIndex(v2));
  // the hashing alone, over the same bytes in as many blocks
  const step = Math.ceil(body.length / blocks);
  const hashMs = await best(runs, () => {
    for (let at = 0; at < body.length; at += step) sums.bytes(body.subarray(at, Math.min(body.length, at + step)));
  });
  log(`index file: open ${v1OpenMs.toFixed(0)} ms (v1) → ${v2OpenMs.toFixed(0)} ms (v2), of which hashing ${hashMs.toFixed(0)} ms`);

  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  await store.putManifest(snapshot.manifest);
  for (const d of snapshot.documents) await store.putDocument(d);
  for (const g of snapshot.groups) await store.putGroup(g);
  const loadMs = await best(runs, () => store.load());
  const records = await (async () => {
    const tx = readTransaction(store.db, INDEX_STORES);
    const read = await readIndexRecords(tx);
    await tx.done;
    return read;
  })();
  const checkMs = await best(runs, () => findDamage(records, sums, new Map()));
  // the same load with no sums stored: records from before checksums load unchecked
  for (const name of ['documents', 'chunks', 'groups'] as const) {
    for (const record of await store.db.getAll(name)) {
      delete record.sum;
      await store.db.put(name, record as never);
    }
  }
  for (const record of await store.db.getAll('entries')) {
    delete record.sums;
    await store.db.put('entries', record);
  }
  const loadWithoutCheckMs = await best(runs, () => store.load());
  store.close();
  log(`IndexedDB (fake-indexeddb): load ${loadWithoutCheckMs.toFixed(0)} ms unchecked → ${loadMs.toFixed(0)} ms checked (the check alone ${checkMs.toFixed(0)} ms)`);
  return {
    shape,
    file: { v1Bytes: v1.length, v2Bytes: v2.length, v1OpenMs, v2OpenMs, hashMs, hashedBytes: body.length },
    idb: { loadMs, checkMs, loadWithoutCheckMs },
  };
}
