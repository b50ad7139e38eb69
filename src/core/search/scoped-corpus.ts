/**
 * The library as a question asked within some documents sees it (a chat scoped to a document or a
 * collection): every list a retrieval makes — dense, BM25 and its statistics, the named documents,
 * the second hop, clusters — is drawn from the scope's rows only. An exact filter, not a weight: an
 * answer within a scope can cite nothing outside it.
 */
import type { NamedRows, RetrievalCorpus } from './retrieve.ts';
import type { LiveCorpus } from './live-corpus.ts';
import { rowMask } from './row-mask.ts';
import { rowOrigin } from './backtrack.ts';
import type { EntryOrigin, Strategy } from '../types.ts';
import type { LinkedDocument } from './document-links.ts';

/** A corpus that can tell which of a strategy's rows belong to some documents (LiveCorpus). */
export type ScopableCorpus = RetrievalCorpus & Pick<LiveCorpus, 'rowsWithin'>;

export class ScopedCorpus implements RetrievalCorpus {
  private readonly rows = new Map<Strategy, Int32Array>();

  constructor(
    private readonly corpus: ScopableCorpus,
    /** The documents searched. */
    readonly docIds: ReadonlySet<string>,
  ) {}

  get vectors() {
    return this.corpus.vectors;
  }

  get lexical() {
    return this.corpus.lexical;
  }

  entry(row: number) {
    return this.corpus.entry(row);
  }

  origin(row: number) {
    return rowOrigin(this.corpus, row);
  }

  chunksOf(origin: EntryOrigin) {
    return this.corpus.chunksOf(origin);
  }

  orderOf(chunkId: string) {
    return this.corpus.orderOf(chunkId);
  }

  chunk(chunkId: string) {
    return this.corpus.chunk(chunkId);
  }

  findChunk(chunkId: string) {
    return this.corpus.findChunk(chunkId);
  }

  get generation() {
    return this.corpus.generation;
  }

  chunkRow(chunkId: string) {
    return this.corpus.chunkRow?.(chunkId);
  }

  docLabel(docId: string) {
    return this.corpus.docLabel(docId);
  }

  /** The strategy's rows within the scope, laid out once per question. */
  rowsFor(strategy: Strategy): Int32Array {
    let rows = this.rows.get(strategy);
    if (!rows) {
      rows = this.corpus.rowsWithin(strategy, this.docIds);
      this.rows.set(strategy, rows);
    }
    return rows;
  }

  /** The documents a question names among the scope's, and their rows within it. */
  namedRows(text: string, strategy: Strategy): NamedRows | undefined {
    const named = this.corpus.namedRows?.(text, strategy);
    const docIds = named?.docIds.filter((id) => this.docIds.has(id)) ?? [];
    if (!named || docIds.length === 0) return undefined;
    const inScope = rowMask(this.rowsFor(strategy), this.vectors.size);
    return { docIds, rows: named.rows.filter((row) => inScope[row] === 1) };
  }

  /** The documents a text links to among the scope's, and their rows within it. */
  linkedRows(text: string, strategy: Strategy, keep: (doc: LinkedDocument) => boolean): NamedRows | undefined {
    const linked = this.corpus.linkedRows?.(text, strategy, (doc) => this.docIds.has(doc.id) && keep(doc));
    if (!linked) return undefined;
    const inScope = rowMask(this.rowsFor(strategy), this.vectors.size);
    return { docIds: linked.docIds, rows: linked.rows.filter((row) => inScope[row] === 1) };
  }
}
