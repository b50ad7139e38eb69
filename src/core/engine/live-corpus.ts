/**
 * The searchable, in-memory view of a stored index: entries of every record laid out in rows shared
 * by the vector index and BM25, plus the lookups backtracking needs. Records are swapped in and out
 * whole, so adding or deleting a document never rebuilds the rest.
 */
import type { DocumentRecord, GroupRecord } from '../persist/snapshot.ts';
import { FlatVectorIndex } from '../search/flat-vector-index.ts';
import { LexicalIndex } from '../search/lexical-index.ts';
import type { RetrievalCorpus } from '../search/retrieve.ts';
import { kindsFor } from '../search/strategy-kinds.ts';
import type { Chunk, Entry, EntryOrigin, Strategy, VectorStorage } from '../types.ts';

interface DocInfo {
  name: string;
  title: string;
  /** Position in added order: the major key of document order. */
  position: number;
}

export class LiveCorpus implements RetrievalCorpus {
  readonly vectors: FlatVectorIndex;
  readonly lexical = new LexicalIndex();
  private readonly rows: (Entry | undefined)[] = [];
  private readonly rowsByOwner = new Map<string, number[]>();
  private readonly chunks = new Map<string, Chunk>();
  private readonly docs = new Map<string, DocInfo>();
  private readonly members = new Map<string, readonly string[]>();
  private readonly strategyRows = new Map<Strategy, Int32Array>();
  private nextPosition = 0;

  constructor(dimension: number, storage: VectorStorage = 'float32') {
    this.vectors = new FlatVectorIndex(dimension, storage);
  }

  /** Adds or replaces a document's chunks and entries. */
  setDocument(record: DocumentRecord): void {
    const { doc } = record;
    const known = this.docs.get(doc.id);
    this.dropOwner(doc.id);
    for (const chunk of this.chunks.values()) if (chunk.docId === doc.id) this.chunks.delete(chunk.id);
    this.docs.set(doc.id, { name: doc.name, title: doc.title, position: known?.position ?? this.nextPosition++ });
    for (const chunk of record.chunks) this.chunks.set(chunk.id, chunk);
    this.addRows(doc.id, record.entries, record.vectors);
  }

  removeDocument(docId: string): void {
    this.dropOwner(docId);
    for (const chunk of this.chunks.values()) if (chunk.docId === docId) this.chunks.delete(chunk.id);
    this.docs.delete(docId);
  }

  /** Adds or replaces a cluster group: its clusters, RAPTOR nodes and their entries. */
  setGroup(record: GroupRecord): void {
    this.removeGroup(record.group.id);
    for (const c of record.group.clusters) this.members.set(c.id, c.members.map((m) => m.chunkId));
    for (const node of record.group.raptor) this.members.set(node.id, node.leafChunkIds);
    this.addRows(record.group.id, record.entries, record.vectors);
  }

  removeGroup(groupId: string): void {
    this.dropOwner(groupId);
    const prefixes = [`${groupId}#`, `${groupId}/`];
    for (const id of this.members.keys()) if (prefixes.some((p) => id.startsWith(p))) this.members.delete(id);
  }

  get entryCount(): number {
    let n = 0;
    for (const rows of this.rowsByOwner.values()) n += rows.length;
    return n;
  }

  hasDocument(docId: string): boolean {
    return this.docs.has(docId);
  }

  // --- RetrievalCorpus ---

  entry(row: number): Entry {
    const e = this.rows[row];
    if (!e) throw new RangeError(`row ${row} holds no entry`);
    return e;
  }

  chunksOf(origin: EntryOrigin): readonly string[] {
    if (origin.type === 'chunk') return [origin.id];
    return this.members.get(origin.id) ?? [];
  }

  orderOf(chunkId: string): number {
    const chunk = this.chunk(chunkId);
    const position = this.docs.get(chunk.docId)?.position ?? Number.MAX_SAFE_INTEGER;
    return position * 1_000_000 + chunk.ordinal;
  }

  chunk(chunkId: string): Chunk {
    const c = this.chunks.get(chunkId);
    if (!c) throw new RangeError(`unknown chunk ${chunkId}`);
    return c;
  }

  docLabel(docId: string): { name: string; title: string } {
    const d = this.docs.get(docId);
    return { name: d?.name ?? docId, title: d?.title ?? d?.name ?? docId };
  }

  rowsFor(strategy: Strategy): Int32Array {
    let rows = this.strategyRows.get(strategy);
    if (!rows) {
      const kinds = kindsFor(strategy);
      const picked: number[] = [];
      this.rows.forEach((e, row) => {
        if (!e || !kinds.has(e.kind)) return;
        // P-RAG is pre-parsing without clusters: the pre-parsed entries of cluster chunks are CAP-RAG's.
        if (strategy === 'p-rag' && e.origin.type !== 'chunk') return;
        picked.push(row);
      });
      rows = Int32Array.from(picked);
      this.strategyRows.set(strategy, rows);
    }
    return rows;
  }

  private addRows(owner: string, entries: Entry[], vectors: Float32Array): void {
    const dim = this.vectors.dimension;
    if (vectors.length !== entries.length * dim) {
      throw new RangeError(`${owner}: ${entries.length} entries but ${vectors.length / dim} vectors`);
    }
    if (entries.length === 0) return;
    const first = this.vectors.add(vectors);
    const rows: number[] = [];
    entries.forEach((entry, i) => {
      const row = first + i;
      this.rows[row] = entry;
      this.lexical.add(row, entry.text);
      rows.push(row);
    });
    this.rowsByOwner.set(owner, rows);
    this.strategyRows.clear();
  }

  private dropOwner(owner: string): void {
    const rows = this.rowsByOwner.get(owner);
    if (!rows) return;
    this.vectors.removeRows(rows);
    for (const row of rows) {
      this.lexical.remove(row);
      this.rows[row] = undefined;
    }
    this.rowsByOwner.delete(owner);
    this.strategyRows.clear();
  }
}
