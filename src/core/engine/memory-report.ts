/**
 * What an open index holds in memory, by structure: estimated from the structures' own lengths
 * (util/heap-bytes.ts), so that a library's memory can be told apart by what to change (issue 57:
 * a large library's tab held many times its int8 vectors: docs/decisions/2026-12-02-library-memory.md). The worker that
 * holds the engine adds what it keeps beside it (workers/engine/memory-report.ts).
 */
import type { DocumentRecord, GroupRecord } from '../stored-index/snapshot.ts';
import type { CorpusMemory } from '../search/live-corpus.ts';
import type { Entry, EntryTerms } from '../types.ts';
import { entriesPending, storedEntriesBlock } from '../stored-index/entries-when-read.ts';
import { chunksPending, chunkTableOf, progressPending } from '../stored-index/chunks-when-read.ts';
import { pendingText } from '../stored-index/text-when-read.ts';
import { pendingRowsOf } from '../stored-index/vectors-in-corpus.ts';
import { arrayBytes, doubleArrayBytes, HEAP_NUMBER, objectBytes, stringBytes, substringBytes, type BufferTally } from '../util/heap-bytes.ts';

/** The structures an open index holds, in bytes. */
export interface IndexStructures {
  /** The vector index's rows: int8 codes (in WebAssembly memory) or floats, scales, tombstones. */
  vectors: number;
  /** Float vectors the records hold beside the vector index (read from IndexedDB, or made from the image's rows when asked for). */
  recordVectors: number;
  /** Texts of their own: the documents' texts, chunk entries under their headings, cluster texts, and the slices of them the chunks and sentences are. */
  texts: number;
  /** BM25's posting lists and their words. */
  bm25Postings: number;
  /** BM25's per-row state and lengths, a search's scratch, each strategy's kept statistics. */
  bm25Statistics: number;
  /** The entries: one object each, its id, the origins they share. */
  entries: number;
  /** The chunks' objects, ids and heading paths (their texts are under texts). */
  chunks: number;
  /** The rest of the records: documents' blocks and contents, pre-parse outcomes, jobs, cluster groups, counted terms kept. */
  records: number;
  /** The search corpus's rows table and lookups. */
  corpusTables: number;
  /** Buffers kept alive beyond the views in use: the open image's corpus as read, whose codes the vector index copied. */
  keptBuffers: number;
}

export interface IndexMemory {
  entries: number;
  dimension: number;
  /** Bytes by structure. */
  structures: IndexStructures;
  /** Buffers of 1 MB or more the structures hold views of (or keep whole): their bytes, and how much the views use. */
  largeBuffers: { bytes: number; viewed: number }[];
  /** Records whose vectors are still to be made from the image's rows (each keeps that buffer). */
  recordsWithPendingVectors: number;
}

/** The records' share: texts, chunks, entries, the rest of the records, their float vectors. */
export type RecordStructures = Pick<IndexStructures, 'recordVectors' | 'texts' | 'entries' | 'chunks' | 'records'> & { pendingVectors: number };

/** The whole report of an index: its corpus's structures beside its records'. */
export function indexMemory(corpus: CorpusMemory, records: RecordStructures, tally: BufferTally, counts: { entries: number; dimension: number }): IndexMemory {
  const { pendingVectors, ...fromRecords } = records;
  return {
    ...counts,
    structures: {
      vectors: corpus.vectors,
      bm25Postings: corpus.postings,
      bm25Statistics: corpus.statistics,
      corpusTables: corpus.tables,
      ...fromRecords,
      keptBuffers: tally.beyondViews(),
    },
    largeBuffers: tally.large(1 << 20),
    recordsWithPendingVectors: pendingVectors,
  };
}

/**
 * The records' structures. A text is counted where it is a string of its own; one that is a part of
 * the text it was cut from (a chunk of its document's, a sentence of its chunk's or cluster's) is
 * counted as the slice V8 makes of it. Vectors and counted terms still to be read (getters over the
 * image's bytes) are not read here, which would make them.
 */
export function recordsMemory(documents: readonly DocumentRecord[], groups: readonly GroupRecord[], tally: BufferTally): RecordStructures {
  const out: RecordStructures = { recordVectors: 0, texts: 0, entries: 0, chunks: 0, records: 0, pendingVectors: 0 };
  const origins = new Set<object>();
  for (const record of documents) {
    const { doc } = record;
    // a text still to be decoded is its UTF-8
    const utf8 = pendingText(doc);
    out.texts += utf8 ? tally.view(utf8) : stringBytes(doc.text);
    out.records += objectBytes(Object.keys(record).length) + objectBytes(Object.keys(doc).length) + stringBytes(doc.id) + stringBytes(doc.name) + stringBytes(doc.mime) + stringBytes(doc.title);
    out.records += arrayBytes(doc.blocks.length) + doc.blocks.reduce((n, b) => n + objectBytes(Object.keys(b).length), 0);
    out.records += arrayBytes(doc.toc.length) + doc.toc.reduce((n, t) => n + objectBytes(Object.keys(t).length) + stringBytes(t.title), 0);
    // progress and chunks still to be made are their stored columns, not made here
    out.records += objectBytes(Object.keys(record.job).length) + (progressPending(record) ? 0 : preparseBytes(record.preparse));
    const sources = new Map<string, string>();
    const table = chunksPending(record) ? chunkTableOf(record) : undefined;
    if (table) out.chunks += objectBytes(6) + table.columnBytes;
    else out.chunks += arrayBytes(record.chunks.length);
    for (const chunk of table ? [] : record.chunks) {
      sources.set(chunk.id, chunk.text);
      out.chunks += objectBytes(Object.keys(chunk).length) + stringBytes(chunk.id) + arrayBytes(chunk.headingPath.length);
      for (const heading of chunk.headingPath) out.chunks += stringBytes(heading);
      out.texts += doc.text.startsWith(chunk.text, chunk.start) ? substringBytes(chunk.text) : stringBytes(chunk.text);
    }
    addEntries(record, sources, origins, tally, out);
  }
  for (const record of groups) {
    const { group } = record;
    out.records += objectBytes(Object.keys(record).length) + objectBytes(Object.keys(group).length) + stringBytes(group.id) + arrayBytes(group.docIds.length) + doubleArrayBytes(group.bic.length);
    out.records += arrayBytes(group.clusters.length) + preparseBytes(record.preparse);
    for (const cluster of group.clusters) {
      // a member's share is a fraction: a boxed number
      out.records += objectBytes(2) + stringBytes(cluster.id) + arrayBytes(cluster.members.length) + cluster.members.length * (objectBytes(2) + HEAP_NUMBER);
    }
    out.records += arrayBytes(group.raptor.length);
    for (const node of group.raptor) {
      out.records += objectBytes(5) + stringBytes(node.id) + arrayBytes(node.children.length) + arrayBytes(node.leafChunkIds.length);
      out.texts += stringBytes(node.summary);
    }
    if (group.layout) out.records += objectBytes(2) + arrayBytes(group.layout.chunkIds.length) + doubleArrayBytes(group.layout.xy.length);
    // a group's sentences are cut from its clusters' texts, which are its cluster entries'
    const sources = new Map<string, string>();
    if (!entriesPending(record)) for (const entry of record.entries) if (entry.kind === 'cluster' || entry.kind === 'raptor') sources.set(entry.origin.id, entry.text);
    addEntries(record, sources, origins, tally, out);
  }
  return out;
}

/**
 * A record's entries, and its vectors and counted terms as they stand. `sources`: the texts its
 * entries' origins stand for (a chunk's text, a cluster's), which whole entries repeat or extend
 * and sentences are cut from.
 */
function addEntries(record: DocumentRecord | GroupRecord, sources: ReadonlyMap<string, string>, origins: Set<object>, tally: BufferTally, out: RecordStructures): void {
  // entries still to be made are their stored columns (and the few the corpus made when hit)
  if (entriesPending(record)) out.entries += objectBytes(6) + tally.view(storedEntriesBlock(record));
  else addMadeEntries(record.entries, sources, origins, out);
  addVectorsAndTerms(record, tally, out);
}

function addMadeEntries(entries: readonly Entry[], sources: ReadonlyMap<string, string>, origins: Set<object>, out: RecordStructures): void {
  out.entries += arrayBytes(entries.length);
  for (const entry of entries) {
    out.entries += objectBytes(Object.keys(entry).length) + stringBytes(entry.id);
    if (!origins.has(entry.origin)) {
      origins.add(entry.origin);
      out.entries += objectBytes(2);
    }
    const source = sources.get(entry.origin.id);
    // a chunk entry without headings is its chunk's own text; a sentence is a part of its origin's
    if (entry.text === source && entry.kind === 'chunk') continue;
    const whole = entry.kind === 'chunk' || entry.kind === 'cluster' || entry.kind === 'raptor';
    out.texts += !whole && source?.includes(entry.text) ? substringBytes(entry.text) : stringBytes(entry.text);
  }
}

function addVectorsAndTerms(record: DocumentRecord | GroupRecord, tally: BufferTally, out: RecordStructures): void {
  const vectors = Object.getOwnPropertyDescriptor(record, 'vectors');
  if (vectors?.get) {
    out.pendingVectors++;
    const rows = pendingRowsOf(record);
    for (const array of [rows?.codes, rows?.scales, rows?.floats, rows?.removed]) if (array) tally.hold(array.buffer);
  } else if (vectors?.value instanceof Float32Array) out.recordVectors += tally.view(vectors.value);
  const terms = Object.getOwnPropertyDescriptor(record, 'terms');
  if (terms && !terms.get && terms.value) out.records += termsBytes(terms.value as EntryTerms, tally);
}

function preparseBytes(preparse: readonly { error?: string }[]): number {
  // each outcome's fields; its source id is its chunk's (chunk-refs.ts)
  return arrayBytes(preparse.length) + preparse.reduce((n, p) => n + objectBytes(Object.keys(p).length) + (p.error ? stringBytes(p.error) : 0), 0);
}

function termsBytes(terms: EntryTerms, tally: BufferTally): number {
  return objectBytes(Object.keys(terms).length) + stringBytes(terms.lastId) + arrayBytes(terms.words.length) + terms.words.reduce((n, w) => n + stringBytes(w), 0) + tally.view(terms.data);
}

