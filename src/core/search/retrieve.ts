import type { BacktrackMode, Chunk, EntryOrigin, RetrievalResult, RetrievedChunk, Retriever, Strategy } from '../types.ts';
import { backtrack, rowOrigin, type BacktrackCorpus, type Candidate } from './backtrack.ts';
import type { FlatVectorIndex } from './flat-vector-index.ts';
import { DEFAULT_DENSE_WEIGHT, fuseByScore } from './fusion.ts';
import type { LexicalIndex, LexicalScope } from './lexical-index.ts';
import { readWithPassages, type PassageRows } from './passage-scores.ts';
import { reciprocalRankFusion } from './rrf.ts';
import { rowMask } from './row-mask.ts';
import type { Hit } from './top-k.ts';
import type { LinkedDocument } from './document-links.ts';

/** Everything a query needs from an index; row numbers are shared by entries, vectors and BM25. */
export interface RetrievalCorpus extends BacktrackCorpus {
  chunk(chunkId: string): Chunk;
  /** The chunk, or undefined when the index holds no chunk of that id. */
  findChunk(chunkId: string): Chunk | undefined;
  docLabel(docId: string): { name: string; title: string };
  /** Rows whose entry kind/origin the strategy searches (p-rag: pre-parsed entries of chunk origin only). */
  rowsFor(strategy: Strategy): Int32Array;
  vectors: FlatVectorIndex;
  lexical: LexicalIndex;
  /** The strategy's rows of the documents a question names (see document-names.ts); none when it names none. */
  namedRows?(text: string, strategy: Strategy): NamedRows | undefined;
  /** The strategy's rows of the documents a text names by their whole title and `keep` accepts (see document-links.ts). */
  linkedRows?(text: string, strategy: Strategy, keep: (doc: LinkedDocument) => boolean): NamedRows | undefined;
  /** The row of a chunk's own entry (the one its vector reads it by), or undefined when the index holds none. */
  chunkRow?(chunkId: string): number | undefined;
  /** Changes whenever the original chunks or their rows change, so what is laid out from them knows it is stale. */
  readonly generation?: number;
}

/** The documents a question names, best named first, and the rows of theirs a strategy searches. */
export interface NamedRows {
  docIds: string[];
  rows: Int32Array;
}

export interface RetrieveOptions {
  strategy: Strategy;
  /** Original chunks wanted (the paper's N). */
  n: number;
  /** Candidates taken per list and after fusion (the paper's M), counted in origins (see search); default `defaultCandidates(n)`. */
  m?: number;
  retriever: Retriever;
  /**
   * Hybrid: the dense list's share of the fused score, in [0, 1] (see fuseByScore); default ½.
   * A question asked through the engine gets the weight its index calibrated (engine/ask.ts).
   */
  denseWeight?: number;
  /** What a cluster or RAPTOR hit brings in: the member the question finds best (`ranked`, the default), or all (`paper`); see backtrack. */
  backtrack?: BacktrackMode;
  /** Whether the documents a query names are also searched on their own (document-names.ts); default true. */
  namedDocuments?: boolean;
  /** Searches only these of the strategy's rows (the documents a passage links to), the documents a query names not apart. */
  onlyRows?: Int32Array;
  /** The rows of the passage a dense hit is a piece of, read with it (see readWithPassages); none: each row alone. */
  passageOf?: PassageRows;
}

/** One query variant: its text (for BM25) and its embedding (for the dense search; a keyword-only search needs none). */
export interface QueryVariant {
  text: string;
  vector?: Float32Array;
}

/**
 * Candidates per list when none is given (the paper's M), for N chunks wanted: twenty per chunk,
 * as in the paper's setting, so backtracking has room to skip cluster members and duplicates.
 */
export function defaultCandidates(n: number): number {
  return 20 * n;
}

/**
 * The first M candidates of every query variant, best first, fused across variants by rank. A
 * variant that names documents is also searched among their rows alone, and that list is fused
 * with the others like one more variant: a chunk of a named document that also ranks well in the
 * whole library rises, while a question naming a document by mistake loses only half its vote.
 */
function candidates(corpus: RetrievalCorpus, queries: readonly QueryVariant[], options: RetrieveOptions): { list: Candidate[]; named: string[] } {
  const n = Math.max(0, Math.floor(options.n));
  const m = Math.max(0, Math.floor(options.m ?? defaultCandidates(n)));
  if (m === 0 || queries.length === 0) return { list: [], named: [] };
  const lists: Candidate[][] = [];
  const named = new Set<string>();
  for (const query of queries) {
    lists.push(search(corpus, query, options.onlyRows ?? corpus.rowsFor(options.strategy), m, options));
    const scoped = options.namedDocuments === false || options.onlyRows ? undefined : corpus.namedRows?.(query.text, options.strategy);
    if (!scoped) continue;
    for (const id of scoped.docIds) named.add(id);
    if (scoped.rows.length > 0) lists.push(search(corpus, query, scoped.rows, m, options));
  }
  return { list: lists.length === 1 ? lists[0] : acrossVariants(lists, m, corpus), named: [...named] };
}

/**
 * One query's first M candidates among `rows`: dense, BM25, or both fused by score. M counts
 * origins, not rows: a chunk and its pre-parsed sentences are one candidate, so a list reaches as
 * deep into the library whatever the strategy. Counted in rows, P-RAG's lists of a FinanceBench
 * question held a fraction of the chunks naive's did; a chunk of the filing the question names
 * then came up in its search of that filing alone but not in the whole library's, and lost its
 * place at the end of the fused list to other filings' sentences
 * (docs/decisions/2026-11-26-candidates-counted-in-chunks.md).
 */
function search(corpus: RetrievalCorpus, query: QueryVariant, rows: Int32Array, m: number, options: RetrieveOptions): Candidate[] {
  // deep enough for m origins as the strategy's rows hold them on average (a named document's
  // rows too: its own ratio would cost a pass over them every question), and deeper while a full
  // list falls short of them
  let depth = Math.ceil(m * rowsPerOrigin(corpus, corpus.rowsFor(options.strategy)));
  let lists: RankedLists | undefined;
  for (;;) {
    if (!lists || lists.depth < depth) lists = rankedLists(corpus, query, rows, SEARCHED_AHEAD * depth, options);
    const found = fusedTo(lists, depth, corpus, options);
    const first = firstOrigins(found, m, corpus);
    if (first.length < found.length || found.length < depth || depth >= rows.length) return first;
    depth *= 2;
  }
}

/**
 * How much deeper than asked each list is searched, ahead of search()'s doubling. BM25's first d
 * hits are the same at any depth (ties go to the lower row), and BM25 walks the same postings and
 * the dense scan the same rows for any depth, so a doubled depth is then a slice, not a second
 * search. A dense list read by passage (passage-scores.ts) is sorted again within the depth
 * searched: its first d are the best d of those hits, and a deeper slice of it only adds hits. Cluster strategies mostly doubled once: c-rag with two hops ran twice the searches it
 * needed, most of its time a question (docs/decisions/2026-12-07-storage-and-open-measured.md).
 */
const SEARCHED_AHEAD = 2;

const scopes = new WeakMap<Int32Array, LexicalScope>();

/**
 * The rows BM25 judges a strategy's searches among, with their statistics (see LexicalIndex): made
 * once per rows array (a corpus lays out new ones whenever its rows change), not for every list
 * and hop of every question.
 */
export function strategyScope(corpus: RetrievalCorpus, strategy: Strategy): LexicalScope {
  const rows = corpus.rowsFor(strategy);
  let scope = scopes.get(rows);
  if (!scope) {
    scope = { rows, mask: rowMask(rows, corpus.vectors.size) };
    scopes.set(rows, scope);
  }
  return scope;
}

/** One query's BM25 and dense lists among some rows, each `depth` deep (empty when its retriever is not used). */
interface RankedLists {
  depth: number;
  lexical: Hit[];
  dense: Hit[];
  /** The query's mean similarity over the rows searched: the dense list's zero in fusion. */
  denseZero: number;
}

function rankedLists(corpus: RetrievalCorpus, query: QueryVariant, rows: Int32Array, depth: number, options: RetrieveOptions): RankedLists {
  let lexical: Hit[] = [];
  if (options.retriever !== 'dense') {
    // judged among the strategy's rows, also when searching a named document's (see LexicalIndex)
    const scope = strategyScope(corpus, options.strategy);
    const within = rows === scope.rows ? undefined : rowMask(rows, corpus.vectors.size);
    lexical = corpus.lexical.search(query.text, depth, within && ((row) => within[row] === 1), scope);
  }
  if (options.retriever === 'lexical') return { depth, lexical, dense: [], denseZero: 0 };
  const vector = vectorOf(query);
  const dense = corpus.vectors.searchScored(vector, depth, rows);
  const hits = options.passageOf ? readWithPassages(dense.hits, vector, corpus.vectors, options.passageOf) : dense.hits;
  return { depth, lexical, dense: hits, denseZero: dense.mean };
}

/** One query's first `depth` rows: its lists cut to that depth, and fused when hybrid. */
function fusedTo(lists: RankedLists, depth: number, corpus: RetrievalCorpus, options: RetrieveOptions): Candidate[] {
  const lexical = lists.lexical.slice(0, depth);
  const dense = lists.dense.slice(0, depth);
  if (options.retriever === 'dense') return dense.map((h, i) => ({ ...h, denseRank: i + 1 }));
  if (options.retriever === 'lexical') return lexical.map((h, i) => ({ ...h, lexicalRank: i + 1 }));
  return fuseByScore(dense, lexical, options.denseWeight ?? DEFAULT_DENSE_WEIGHT, depth, { denseZero: lists.denseZero, unembedded: (row) => corpus.vectors.isRemoved(row) });
}

/**
 * Candidates for every query variant (dense top-M over the strategy's rows, BM25 top-M over the
 * same rows, or both fused by score), fused across variants by reciprocal rank, then backtracked
 * to original chunks (Algorithm 1). The chunks come back best first.
 */
export function retrieve(corpus: RetrievalCorpus, queries: QueryVariant[], options: RetrieveOptions): RetrievalResult {
  const n = Math.max(0, Math.floor(options.n));
  if (n === 0) return { chunks: [], trace: [] };
  const found = candidates(corpus, queries, options);
  const walked = backtrack(found.list, n, corpus, options.backtrack ?? 'ranked');
  const chunks: RetrievedChunk[] = walked.chunkIds.map((chunkId) => {
    const chunk = corpus.chunk(chunkId);
    const label = corpus.docLabel(chunk.docId);
    return {
      chunk,
      docName: label.name,
      docTitle: label.title,
      score: walked.bestScore.get(chunkId) as number,
      firstRank: walked.firstRank.get(chunkId) as number,
      via: walked.via.get(chunkId) ?? 'chunk',
    };
  });
  const result: RetrievalResult = { chunks, trace: walked.trace };
  if (found.named.length > 0) result.namedDocuments = found.named.map((id) => corpus.docLabel(id).name);
  return result;
}

function vectorOf(query: QueryVariant): Float32Array {
  if (!query.vector) throw new Error(`the query "${query.text}" has no embedding, which a dense search needs`);
  return query.vector;
}

/**
 * Several query variants (multi-query, HyDE, a named document's own search) search the same rows
 * with different texts; their lists are fused by reciprocal rank (their fused scores are each
 * relative to their own list), keeping each row's best dense and lexical rank for the trace. A
 * row's rank is that of its origin, the chunk or cluster it stands for: a chunk's many sentence
 * entries used to push every other chunk down that many places (FinanceBench, where every question
 * names its filing, gained: docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
function acrossVariants(lists: Candidate[][], m: number, corpus: RetrievalCorpus): Candidate[] {
  const byRow = new Map<number, Candidate>();
  for (const list of lists) {
    for (const c of list) {
      const known = byRow.get(c.row);
      if (!known) byRow.set(c.row, { ...c });
      else {
        if (c.denseRank !== undefined) known.denseRank = Math.min(known.denseRank ?? c.denseRank, c.denseRank);
        if (c.lexicalRank !== undefined) known.lexicalRank = Math.min(known.lexicalRank ?? c.lexicalRank, c.lexicalRank);
      }
    }
  }
  const hits: Hit[][] = lists.map((list) => list.map(({ row, score }) => ({ row, score })));
  return firstOrigins(reciprocalRankFusion(hits, undefined, (row) => originKey(rowOrigin(corpus, row))), m, corpus).map((hit) => ({ ...(byRow.get(hit.row) as Candidate), score: hit.score }));
}

function originKey(origin: EntryOrigin): string {
  return `${origin.type}:${origin.id}`;
}

const perOrigin = new WeakMap<Int32Array, number>();

/** How many rows `rows` hold per distinct origin (a chunk's own entry and its sentences are one), once per array. */
function rowsPerOrigin(corpus: RetrievalCorpus, rows: Int32Array): number {
  let ratio = perOrigin.get(rows);
  if (ratio === undefined) {
    // the ids apart by type, as originKey tells origins apart, without joining a key for every row
    const seen: Record<EntryOrigin['type'], Set<string>> = { chunk: new Set(), cluster: new Set(), raptor: new Set() };
    for (const row of rows) {
      const origin = rowOrigin(corpus, row);
      seen[origin.type].add(origin.id);
    }
    ratio = rows.length / Math.max(1, seen.chunk.size + seen.cluster.size + seen.raptor.size);
    perOrigin.set(rows, ratio);
  }
  return ratio;
}

/** The hits before the (m+1)-th distinct origin: all of the list when it holds m or fewer. */
function firstOrigins<H extends Hit>(hits: readonly H[], m: number, corpus: RetrievalCorpus): H[] {
  const seen = new Set<string>();
  const out: H[] = [];
  for (const hit of hits) {
    const key = originKey(rowOrigin(corpus, hit.row));
    if (!seen.has(key)) {
      if (seen.size >= m) break;
      seen.add(key);
    }
    out.push(hit);
  }
  return out;
}
