/**
 * Synthetic indexes for benchmarks: seeded random unit vectors and texts drawn from a small
 * vocabulary, laid out as real records (chunks, clusters, pre-parsed entries) so every strategy
 * searches the share of entries it would in a real CAP-RAG index.
 */
import type { DocumentRecord, GroupRecord } from '../../src/core/stored-index/snapshot.ts';
import { seededRandom } from '../../src/core/util/random.ts';
import type { Chunk, Cluster, Entry, EntryKind, RaptorNode } from '../../src/core/types.ts';
import { chunkId, entryId } from '../../src/core/ids.ts';

const VOCABULARY = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}`);

export function randomUnitVectors(count: number, dimension: number, random: () => number): Float32Array {
  const out = new Float32Array(count * dimension);
  for (let r = 0; r < count; r++) {
    let norm = 0;
    for (let d = 0; d < dimension; d++) {
      // Sum of uniforms: close enough to Gaussian for direction sampling, and cheap.
      const x = random() + random() + random() - 1.5;
      out[r * dimension + d] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    for (let d = 0; d < dimension; d++) out[r * dimension + d] /= norm;
  }
  return out;
}

export function randomText(words: number, random: () => number): string {
  return Array.from({ length: words }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');
}

/**
 * One document and one group whose entries total about `entries`: per chunk, one chunk entry and
 * six pre-parsed ones (whole query/summary/context + one point triple); one cluster per 8 chunks,
 * each with its own six pre-parsed entries; RAPTOR nodes over the same groups of 8, two levels.
 */
export function syntheticIndex(entries: number, dimension: number, seed: number): { document: DocumentRecord; group: GroupRecord } {
  const random = seededRandom(seed);
  const perChunk = 7;
  const chunkCount = Math.max(1, Math.round(entries / (perChunk + perChunk / 8)));
  const docId = 'bench-doc';
  const chunks: Chunk[] = Array.from({ length: chunkCount }, (_, i) => {
    const text = randomText(60, random);
    return { id: chunkId(docId, i), docId, ordinal: i, text, headingPath: [], start: i * 500, end: i * 500 + text.length, tokens: 60 };
  });
  const docEntries: Entry[] = [];
  for (const c of chunks) docEntries.push(...entriesFor({ type: 'chunk', id: c.id }, 'chunk', random));
  const clusters: Cluster[] = [];
  for (let i = 0; i * 8 < chunkCount; i++) {
    clusters.push({ id: `g#${i}`, members: chunks.slice(i * 8, i * 8 + 8).map((c) => ({ chunkId: c.id, p: 1 })) });
  }
  const groupEntries: Entry[] = [];
  for (const cl of clusters) groupEntries.push(...entriesFor({ type: 'cluster', id: cl.id }, 'cluster', random));
  // A two-level RAPTOR tree: a node per 8 chunks, and a node per 8 of those.
  const raptor: RaptorNode[] = [];
  const level1 = clusters.map((cl, i) => ({ id: `g/r1.${i}`, level: 1, children: cl.members.map((m) => m.chunkId), leafChunkIds: cl.members.map((m) => m.chunkId), summary: randomText(40, random) }));
  raptor.push(...level1);
  for (let i = 0; i * 8 < level1.length; i++) {
    const kids = level1.slice(i * 8, i * 8 + 8);
    raptor.push({ id: `g/r2.${i}`, level: 2, children: kids.map((k) => k.id), leafChunkIds: kids.flatMap((k) => k.leafChunkIds), summary: randomText(40, random) });
  }
  for (const node of raptor) groupEntries.push({ id: entryId(node, 'raptor', 'whole', 0), kind: 'raptor', level: 'whole', text: node.summary, origin: { type: 'raptor', id: node.id } });
  const document: DocumentRecord = {
    doc: { id: docId, name: 'bench.txt', mime: 'text/plain', size: 0, title: 'bench', language: 'en', text: '', blocks: [], toc: [] },
    chunks,
    job: { docId, stage: 'ready' },
    entries: docEntries,
    vectors: randomUnitVectors(docEntries.length, dimension, random),
    preparse: [],
  };
  const group: GroupRecord = {
    group: { id: 'g', docIds: [docId], k: clusters.length, bic: [], clusters, raptor },
    entries: groupEntries,
    vectors: randomUnitVectors(groupEntries.length, dimension, random),
    preparse: [],
  };
  return { document, group };
}

function entriesFor(origin: Entry['origin'], base: EntryKind, random: () => number): Entry[] {
  const kinds: [EntryKind, 'whole' | 'point'][] = [
    [base, 'whole'],
    ['query', 'whole'],
    ['summary', 'whole'],
    ['context', 'whole'],
    ['query', 'point'],
    ['summary', 'point'],
    ['context', 'point'],
  ];
  return kinds.map(([kind, level], i) => ({ id: entryId(origin, kind, level, i), kind, level, text: randomText(kind === base ? 60 : 15, random), origin }));
}
