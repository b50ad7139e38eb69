/**
 * The searchable, in-memory view of a stored index: entries of every record laid out in rows shared
 * by the vector index and BM25, plus the lookups backtracking needs. Records are swapped in and out
 * whole, so adding or deleting a document never rebuilds the rest.
 */
import { chunkEmbeddingText } from '../chunk/embedding-text.ts';
import type { DocumentRecord, GroupRecord } from '../stored-index/snapshot.ts';
import { FlatVectorIndex } from './flat-vector-index.ts';
import { LexicalIndex } from './lexical-index.ts';
import type { NamedRows, RetrievalCorpus } from './retrieve.ts';
import { DocumentNames } from './document-names.ts';
import { DocumentLinks, type LinkedDocument } from './document-links.ts';
import { rowMask } from './row-mask.ts';
import { kindSearchedByWords, kindsFor, searchedByWords } from './strategy-kinds.ts';
import type { Chunk, Entry, EntryOrigin, EntryTerms, Strategy, VectorStorage } from '../types.ts';
import { covers, decodeTerms } from './entry-terms.ts';
import { ANALYZER_VERSION } from '../text/search-terms.ts';
import type { CorpusImage } from './corpus-image.ts';
import { RowEntries, type EntriesByIndex } from './row-entries.ts';
import { entryTableOf } from '../stored-index/entries-when-read.ts';
import { chunkTableOf } from '../stored-index/chunks-when-read.ts';
import type { ChunksByIndex } from '../stored-index/chunk-table.ts';
import { chunkId, chunkIdPrefixOf } from '../ids.ts';
import { arrayBytes, mapBytes, objectBytes, setBytes, type BufferTally } from '../util/heap-bytes.ts';

/** What the corpus holds in memory, by structure (the engine's memory report); its entries and chunks are the records'. */
export interface CorpusMemory {
  /** The vector index's rows. */
  vectors: number;
  /** BM25's posting lists and their words. */
  postings: number;
  /** BM25's per-row state and lengths, a search's scratch, the scopes' kept statistics. */
  statistics: number;
  /** The rows table and the lookups beside it (rows by owner, chunks by id, members, strategies' rows). */
  tables: number;
}

interface DocInfo {
  name: string;
  title: string;
  /** Position in added order: the major key of document order. */
  position: number;
}

export class LiveCorpus implements RetrievalCorpus {
  readonly vectors: FlatVectorIndex;
  readonly lexical = new LexicalIndex();
  /** Bumped whenever original chunks come or go, so what was derived from them knows it is stale. */
  private chunkGeneration = 0;
  private readonly rows = new RowEntries();
  /** Each owner's rows: an image's own column for an adopted owner, until its rows change. */
  private readonly rowsByOwner = new Map<string, readonly number[] | Int32Array>();
  /**
   * Each document's chunks, by ordinal: a chunk is found by its document and ordinal, as its id
   * says, and one read from an image's columns is made only when read (chunk-table.ts). A map of
   * every chunk by id was made on every open (docs/decisions/2026-12-07-chunks-made-when-read.md).
   */
  private readonly chunkLists = new Map<string, ChunksByIndex>();
  /** Chunks whose id is not `${docId}:${n}` for their document and place `n` (hand-made, older records), by id. */
  private readonly oddChunks = new Map<string, Chunk>();
  private readonly oddIdsByDoc = new Map<string, string[]>();
  private chunkTotal = 0;
  private readonly docs = new Map<string, DocInfo>();
  private readonly members = new Map<string, readonly string[]>();
  /** Each group's cluster and RAPTOR node ids: a group replaced or removed drops its own, without a scan of all. */
  private readonly memberIdsByGroup = new Map<string, string[]>();
  private readonly strategyRows = new Map<Strategy, Int32Array>();
  /** Each group's documents: which of its rows a question naming a document may search. */
  private readonly groupDocs = new Map<string, readonly string[]>();
  /** The documents' labels, made again when a document comes or goes. */
  private names: DocumentNames | undefined;
  /** The documents' titles as links name them, made again when a document comes or goes. */
  private links: DocumentLinks | undefined;
  /** Owners whose rows have no vectors yet: only BM25 searches them. */
  private readonly wordsOnly = new Set<string>();
  private nextPosition = 0;

  constructor(dimension: number, storage: VectorStorage = 'float32') {
    this.vectors = new FlatVectorIndex(dimension, storage);
  }

  /**
   * Adds or replaces a document's chunks and entries. A document chunked but not yet embedded
   * comes with `wordsOnly`, its chunk entries, and no vectors: BM25 finds its chunks while the
   * embedder works through them (seconds behind with the tiny test model, minutes with a
   * production embedder on WASM).
   */
  setDocument(record: DocumentRecord, wordsOnly?: Entry[]): void {
    this.placeDocument(record);
    if (wordsOnly) this.setRows(record.doc.id, wordsOnly);
    else this.setRows(record.doc.id, record.entries, record.vectors, record.terms);
  }

  /**
   * The corpus as it searches (corpus-image.ts), for the open image; undefined while a document is
   * searched by its words alone, whose rows hold entries its record does not.
   */
  image(): CorpusImage | undefined {
    if (this.wordsOnly.size > 0) return undefined;
    return {
      vectors: this.vectors.exportRows(),
      lexical: this.lexical.exportState(),
      owners: [...this.rowsByOwner].map(([owner, rows]) => ({ owner, rows: Int32Array.from(rows) })),
    };
  }

  /**
   * Lays out embedded documents and groups as `setDocument` and `setGroup` would, in this order,
   * taking the rows, vectors and posting lists from `image` instead of building them; false, with
   * nothing taken, when the image does not hold exactly these records' entries (each record's rows,
   * one per entry, alive in both indexes, and no other row alive). Only an empty corpus adopts.
   */
  adopt(documents: readonly DocumentRecord[], groups: readonly GroupRecord[], image: CorpusImage): boolean {
    if (this.rows.size > 0 || this.docs.size > 0) throw new Error('LiveCorpus: only an empty corpus adopts an image');
    const { size } = image.vectors;
    const owned = new Map(image.owners.map((o) => [o.owner, o.rows]));
    // a record read from an image gives its entries' kinds and origins from their columns, and each
    // entry is made when first read (row-entries.ts)
    const records = [...documents.map((d) => ({ owner: d.doc.id, entries: entriesOf(d) })), ...groups.map((g) => ({ owner: g.group.id, entries: entriesOf(g) }))].filter(
      (r) => r.entries.count > 0,
    );
    const { state } = image.lexical;
    const { removed } = image.vectors;
    if (owned.size !== records.length || removed.length !== size) return false;
    // posting lists of another analyzer would miss the terms questions are now asked in: the
    // corpus is laid out anew from the records (their vectors filled from the image all the same)
    if ((image.lexical.analyzer ?? 1) !== ANALYZER_VERSION) return false;
    // every entry's row is its own and alive in the vectors, in BM25 exactly when BM25 searches it,
    // and no other row is alive (an image made when BM25 held every entry is laid out anew)
    const taken = new Uint8Array(size);
    let total = 0;
    let chunks = 0;
    for (const { owner, entries } of records) {
      const rows = owned.get(owner);
      if (rows?.length !== entries.count) return false;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        const kind = entries.kind(i);
        const words = kindSearchedByWords(kind, entries.producer(i));
        if (!(row >= 0 && row < size) || taken[row] === 1 || (state[row] ?? 0) !== (words ? 1 : 0) || removed[row] !== 0) return false;
        taken[row] = 1;
        if (words) total++;
        if (kind === 'chunk') chunks++;
      }
    }
    if (image.lexical.alive !== total) return false;
    try {
      this.vectors.adoptRows(image.vectors);
    } catch {
      return false;
    }
    this.lexical.adoptState(image.lexical);
    // laid out a record at a time over the image's own columns, which the rows were just checked against
    this.rows.reserve(size);
    for (const { owner, entries } of records) {
      const rows = owned.get(owner) as Int32Array;
      this.rows.setAllLater(rows, entries);
      this.rowsByOwner.set(owner, rows);
    }
    this.chunkGeneration += chunks;
    for (const record of documents) this.placeDocument(record);
    for (const { group } of groups) this.placeMembers(group);
    this.strategyRows.clear();
    return true;
  }

  /**
   * Bytes by structure, estimated from the structures' own lengths (util/heap-bytes.ts). Keys that
   * are records' ids, and the entries and chunks the tables point to, are the records' and not
   * counted here; the documents' labels (made when a question is first asked) are left out.
   */
  memory(tally: BufferTally): CorpusMemory {
    const vectors = this.vectors.memoryBytes(tally);
    const { postings, statistics } = this.lexical.memoryBytes(tally, this.strategyRows.values());
    let tables = this.rows.memoryBytes(tally);
    tables += mapBytes(this.rowsByOwner.size);
    for (const rows of this.rowsByOwner.values()) tables += rows instanceof Int32Array ? tally.view(rows) : arrayBytes(rows.length);
    tables += mapBytes(this.chunkLists.size) + mapBytes(this.oddChunks.size) + mapBytes(this.oddIdsByDoc.size) + mapBytes(this.docs.size);
    for (const ids of this.oddIdsByDoc.values()) tables += arrayBytes(ids.length);
    tables += this.docs.size * objectBytes(3);
    tables += mapBytes(this.members.size) + mapBytes(this.memberIdsByGroup.size) + mapBytes(this.groupDocs.size);
    for (const ids of this.members.values()) tables += arrayBytes(ids.length);
    for (const ids of this.memberIdsByGroup.values()) tables += arrayBytes(ids.length);
    for (const rows of this.strategyRows.values()) tables += tally.view(rows);
    tables += mapBytes(this.strategyRows.size) + setBytes(this.wordsOnly.size);
    return { vectors, postings, statistics, tables };
  }

  removeDocument(docId: string): void {
    this.dropOwner(docId);
    this.dropChunks(docId);
    this.docs.delete(docId);
    this.names = undefined;
    this.links = undefined;
  }

  /** Adds or replaces a cluster group: its clusters, RAPTOR nodes and their entries. */
  setGroup(record: GroupRecord): void {
    this.placeMembers(record.group);
    this.setRows(record.group.id, record.entries, record.vectors, record.terms);
  }

  removeGroup(groupId: string): void {
    this.dropOwner(groupId);
    this.dropMembers(groupId);
  }

  get entryCount(): number {
    let n = 0;
    for (const rows of this.rowsByOwner.values()) n += rows.length;
    return n;
  }

  /** Changes whenever the set of original chunks changes. */
  get generation(): number {
    return this.chunkGeneration;
  }

  /** Original chunks held with their vectors (those searched by their words alone are not counted). */
  get chunkCount(): number {
    let wordsOnly = 0;
    for (const owner of this.wordsOnly) wordsOnly += this.rowsByOwner.get(owner)?.length ?? 0;
    return this.chunkTotal - wordsOnly;
  }

  hasDocument(docId: string): boolean {
    return this.docs.has(docId);
  }

  // --- RetrievalCorpus ---

  entry(row: number): Entry {
    const e = this.rows.get(row);
    if (!e) throw new RangeError(`row ${row} holds no entry`);
    return e;
  }

  /** A row's origin, read without making its entry. */
  origin(row: number): EntryOrigin {
    const origin = this.rows.origin(row);
    if (!origin) throw new RangeError(`row ${row} holds no entry`);
    return origin;
  }

  /** A row's text as the embedder read it: a chunk's as a Markdown excerpt (chunk/chunker.ts), any other entry's as it is. */
  embeddedText(row: number): string {
    const e = this.entry(row);
    if (e.kind !== 'chunk' || e.origin.type !== 'chunk') return e.text;
    const chunk = this.findChunk(e.origin.id);
    return chunk ? chunkEmbeddingText(chunk) : e.text;
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
    const c = this.findChunk(chunkId);
    if (!c) throw new RangeError(`unknown chunk ${chunkId}`);
    return c;
  }

  /** The chunk, or undefined when no document in the index holds it: found by the document and ordinal its id names. */
  findChunk(chunkId: string): Chunk | undefined {
    const odd = this.oddChunks.get(chunkId);
    if (odd) return odd;
    const prefix = chunkIdPrefixOf(chunkId);
    const list = prefix === '' ? undefined : this.chunkLists.get(prefix.slice(0, -1));
    const n = Number(chunkId.slice(prefix.length));
    if (!list || !Number.isInteger(n) || n < 0 || n >= list.count || !list.placed(n)) return undefined;
    const chunk = list.at(n);
    return chunk?.id === chunkId ? chunk : undefined;
  }

  /** The row of a chunk's own entry: a document's entries begin with its chunks' in order (indexer.ts), else it is looked for. */
  chunkRow(chunkId: string): number | undefined {
    const chunk = this.findChunk(chunkId);
    const rows = chunk && this.rowsByOwner.get(chunk.docId);
    if (!chunk || !rows) return undefined;
    const isOwn = (row: number) => this.rows.kind(row) === 'chunk' && this.rows.origin(row)?.id === chunkId;
    const guess = rows[chunk.ordinal];
    if (guess !== undefined && isOwn(guess)) return guess;
    for (const row of rows) if (isOwn(row)) return row;
    return undefined;
  }

  docLabel(docId: string): { name: string; title: string } {
    const d = this.docs.get(docId);
    return { name: d?.name ?? docId, title: d?.title ?? d?.name ?? docId };
  }

  /** The documents a text names (document-names.ts), also those whose chunks carry the name already. */
  namedDocuments(text: string): string[] {
    return this.documentNames().named(text, true);
  }

  private documentNames(): DocumentNames {
    this.names ??= new DocumentNames(
      [...this.docs].map(([id, d]) => ({ id, name: d.name, title: d.title, headingPaths: this.headingPathsOf(id) })),
    );
    return this.names;
  }

  namedRows(text: string, strategy: Strategy): NamedRows | undefined {
    const docIds = this.documentNames().named(text);
    return docIds.length === 0 ? undefined : { docIds, rows: this.rowsOfDocuments(docIds, strategy) };
  }

  /** The documents a text names by their whole title (document-links.ts) that `keep` accepts, and their rows. */
  linkedRows(text: string, strategy: Strategy, keep: (doc: LinkedDocument) => boolean): NamedRows | undefined {
    this.links ??= new DocumentLinks([...this.docs].map(([id, d]) => ({ id, title: d.title || d.name })));
    const docIds = this.links.namedIn(text).filter(keep).map((d) => d.id);
    return docIds.length === 0 ? undefined : { docIds, rows: this.rowsOfDocuments(docIds, strategy) };
  }

  /** The strategy's rows of these documents: their own, and those of groups with a member in them. */
  private rowsOfDocuments(docIds: readonly string[], strategy: Strategy): Int32Array {
    const wanted = new Set(docIds);
    const searched = rowMask(this.rowsFor(strategy), this.vectors.size);
    const picked: number[] = [];
    for (const docId of docIds) for (const row of this.rowsByOwner.get(docId) ?? []) if (searched[row] === 1) picked.push(row);
    // a group's entries backtrack to its members: those with a member in a named document
    for (const [groupId, docs] of this.groupDocs) {
      if (!docs.some((d) => wanted.has(d))) continue;
      for (const row of this.rowsByOwner.get(groupId) ?? []) {
        if (searched[row] !== 1) continue;
        const members = this.chunksOf(this.origin(row));
        if (members.some((id) => wanted.has(this.findChunk(id)?.docId ?? ''))) picked.push(row);
      }
    }
    return Int32Array.from(picked).sort();
  }

  /** Read when first iterated: DocumentNames reads only the documents a question may name. */
  private *headingPathsOf(docId: string): Iterable<readonly string[]> {
    const list = this.chunkLists.get(docId);
    for (let i = 0; i < (list?.count ?? 0); i++) {
      const path = list!.headingPath(i);
      if (path) yield path;
    }
  }

  /**
   * The strategy's rows that belong to these documents: their own, and those of the groups made of
   * them alone (a pooled group that also holds another document's chunks is outside).
   */
  rowsWithin(strategy: Strategy, docIds: ReadonlySet<string>): Int32Array {
    const searched = rowMask(this.rowsFor(strategy), this.vectors.size);
    const owners = [...docIds];
    for (const [groupId, docs] of this.groupDocs) if (docs.every((d) => docIds.has(d))) owners.push(groupId);
    const picked: number[] = [];
    for (const owner of owners) for (const row of this.rowsByOwner.get(owner) ?? []) if (searched[row] === 1) picked.push(row);
    return Int32Array.from(picked).sort();
  }

  rowsFor(strategy: Strategy): Int32Array {
    let rows = this.strategyRows.get(strategy);
    if (!rows) {
      const kinds = kindsFor(strategy);
      const picked: number[] = [];
      for (let row = 0; row < this.rows.size; row++) {
        const kind = this.rows.kind(row);
        if (kind === undefined || !kinds.has(kind)) continue;
        // P-RAG is pre-parsing without clusters: the pre-parsed entries of cluster chunks are CAP-RAG's.
        if (strategy === 'p-rag' && this.rows.origin(row)?.type !== 'chunk') continue;
        picked.push(row);
      }
      rows = Int32Array.from(picked);
      this.strategyRows.set(strategy, rows);
    }
    return rows;
  }

  /**
   * Makes the owner's rows hold exactly `entries`. Pre-parsing grows a record a batch at a time;
   * when the stored rows are a prefix of the new entries only the new ones are indexed, so a
   * document's checkpoints cost what they add rather than its whole size again. Words come from
   * the record's counted terms when they match its entries, and are segmented otherwise.
   */
  private setRows(owner: string, entries: Entry[], vectors?: Float32Array, terms?: EntryTerms): void {
    const dim = this.vectors.dimension;
    if (vectors && vectors.length !== entries.length * dim) {
      throw new RangeError(`${owner}: ${entries.length} entries but ${vectors.length / dim} vectors`);
    }
    const existing = this.rowsByOwner.get(owner) ?? [];
    // rows searched by their words alone are replaced whole once their vectors come
    const sameKind = this.wordsOnly.has(owner) === (vectors === undefined);
    const keep = sameKind && existing.length <= entries.length && existing.every((row, i) => this.rows.get(row)?.id === entries[i].id) ? existing.length : 0;
    if (keep === 0) this.dropOwner(owner);
    if (entries.length === keep) return;
    const first = vectors ? this.vectors.add(vectors.subarray(keep * dim)) : this.vectors.addAbsent(entries.length - keep);
    if (!vectors) this.wordsOnly.add(owner);
    // terms that do not describe these entries, or are damaged, are not trusted: the text is
    const decoded = terms !== undefined && terms.entries === entries.length && covers(terms, entries) ? decodeTerms(terms) : undefined;
    const counted = decoded !== undefined && !('fault' in decoded);
    // BM25 holds only the entries it searches (searchedByWords)
    if (counted) this.lexical.addCounted(first, decoded, keep, (i) => searchedByWords(entries[i]));
    const rows: number[] = [];
    for (let i = 0; i < keep; i++) rows.push(existing[i]);
    for (let i = keep; i < entries.length; i++) {
      const row = first + i - keep;
      this.rows.set(row, entries[i]);
      if (!counted && searchedByWords(entries[i])) this.lexical.add(row, entries[i].text);
      if (entries[i].kind === 'chunk') this.chunkGeneration++;
      rows.push(row);
    }
    this.rowsByOwner.set(owner, rows);
    this.strategyRows.clear();
  }

  /** A document's name, place in document order and chunks: everything of it but its rows. */
  private placeDocument(record: DocumentRecord): void {
    const { doc } = record;
    const known = this.docs.get(doc.id);
    this.docs.set(doc.id, { name: doc.name, title: doc.title, position: known?.position ?? this.nextPosition++ });
    this.names = undefined;
    this.links = undefined;
    this.dropChunks(doc.id);
    const list = chunksByIndexOf(record);
    this.chunkLists.set(doc.id, list);
    this.chunkTotal += list.count;
    const odd: string[] = [];
    for (let i = 0; i < list.count; i++) {
      if (list.placed(i)) continue;
      const chunk = list.at(i)!;
      this.oddChunks.set(chunk.id, chunk);
      odd.push(chunk.id);
    }
    if (odd.length > 0) this.oddIdsByDoc.set(doc.id, odd);
  }

  /** What a group's clusters and RAPTOR nodes backtrack to: everything of it but its rows. */
  private placeMembers(group: GroupRecord['group']): void {
    this.dropMembers(group.id);
    for (const c of group.clusters) this.members.set(c.id, c.members.map((m) => m.chunkId));
    for (const node of group.raptor) this.members.set(node.id, node.leafChunkIds);
    this.memberIdsByGroup.set(group.id, [...group.clusters.map((c) => c.id), ...group.raptor.map((node) => node.id)]);
    this.groupDocs.set(group.id, group.docIds);
  }

  private dropChunks(docId: string): void {
    for (const id of this.oddIdsByDoc.get(docId) ?? []) this.oddChunks.delete(id);
    this.oddIdsByDoc.delete(docId);
    this.chunkTotal -= this.chunkLists.get(docId)?.count ?? 0;
    this.chunkLists.delete(docId);
  }

  private dropMembers(groupId: string): void {
    for (const id of this.memberIdsByGroup.get(groupId) ?? []) this.members.delete(id);
    this.memberIdsByGroup.delete(groupId);
    this.groupDocs.delete(groupId);
  }

  private dropOwner(owner: string): void {
    const rows = this.rowsByOwner.get(owner);
    if (!rows) return;
    this.vectors.removeRows(rows);
    for (const row of rows) {
      // the entry is made to be removed: BM25 finds a row's postings by its words
      const entry = this.rows.get(row);
      if (entry) this.lexical.remove(row, entry.text);
      if (entry?.kind === 'chunk') this.chunkGeneration++;
      this.rows.clear(row);
    }
    this.rowsByOwner.delete(owner);
    this.wordsOnly.delete(owner);
    this.strategyRows.clear();
  }
}

/** A record's chunks as the corpus finds them: from the table they are read from (each made when read), or as made. */
function chunksByIndexOf(record: DocumentRecord): ChunksByIndex {
  const table = chunkTableOf(record);
  if (table) return table;
  const { chunks, doc } = record;
  return { count: chunks.length, at: (i) => chunks[i], placed: (i) => chunks[i].id === chunkId(doc.id, i), headingPath: (i) => chunks[i]?.headingPath };
}

/** A record's entries as the corpus adopts them: from the table they are read from, or as made. */
function entriesOf(record: DocumentRecord | GroupRecord): EntriesByIndex {
  const table = entryTableOf(record);
  if (table) return table;
  const { entries } = record;
  return {
    count: entries.length,
    kind: (i) => entries[i].kind,
    producer: (i) => entries[i].producer,
    origin: (i) => entries[i].origin,
    entry: (i) => entries[i],
  };
}
