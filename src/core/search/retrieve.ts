import type { Chunk, RetrievalResult, RetrievedChunk, Strategy } from '../types.ts';
import { backtrack, type BacktrackCorpus, type Candidate } from './backtrack.ts';
import type { FlatVectorIndex } from './flat-vector-index.ts';
import type { LexicalIndex } from './lexical-index.ts';
import { reciprocalRankFusion } from './rrf.ts';
import type { Hit } from './top-k.ts';

/** Everything a query needs from an index; row numbers are shared by entries, vectors and BM25. */
export interface RetrievalCorpus extends BacktrackCorpus {
  chunk(chunkId: string): Chunk;
  docLabel(docId: string): { name: string; title: string };
  /** Rows whose entry kind/origin the strategy searches (p-rag: pre-parsed entries of chunk origin only). */
  rowsFor(strategy: Strategy): Int32Array;
  vectors: FlatVectorIndex;
  lexical: LexicalIndex;
}

export interface RetrieveOptions {
  strategy: Strategy;
  /** Original chunks wanted (the paper's N). */
  n: number;
  /** Candidates taken per list and after fusion (the paper's M); default 20·n. */
  m?: number;
  /** Add BM25 to the dense search, fused by reciprocal rank. */
  hybrid: boolean;
  /** RRF constant, default 60. */
  rrfK?: number;
}

/** One query variant: its text (for BM25) and its embedding (for the dense search). */
export interface QueryVariant {
  text: string;
  vector: Float32Array;
}

/**
 * Candidates for every query variant (dense top-M over the strategy's rows, plus BM25 top-M over
 * the same rows when hybrid), fused by RRF when there is more than one list, then backtracked to
 * original chunks (Algorithm 1). Scores are fused scores when lists were fused, cosine otherwise.
 */
export function retrieve(corpus: RetrievalCorpus, queries: QueryVariant[], options: RetrieveOptions): RetrievalResult {
  const n = Math.max(0, Math.floor(options.n));
  const m = Math.max(0, Math.floor(options.m ?? 20 * n));
  if (n === 0 || m === 0 || queries.length === 0) return { chunks: [], trace: [] };

  const rows = corpus.rowsFor(options.strategy);
  const lists: Hit[][] = [];
  const isDense: boolean[] = [];
  let allow: ((row: number) => boolean) | undefined;
  if (options.hybrid) {
    const member = new Uint8Array(corpus.vectors.size);
    for (let i = 0; i < rows.length; i++) member[rows[i]] = 1;
    allow = (row) => member[row] === 1;
  }
  for (const query of queries) {
    lists.push(corpus.vectors.search(query.vector, m, rows));
    isDense.push(true);
    if (allow) {
      lists.push(corpus.lexical.search(query.text, m, allow));
      isDense.push(false);
    }
  }

  const candidates = lists.length === 1 ? lists[0] : fuse(lists, isDense, m, options.rrfK ?? 60);
  const walked = backtrack(candidates, n, corpus);
  const chunks: RetrievedChunk[] = walked.chunkIds.map((chunkId) => {
    const chunk = corpus.chunk(chunkId);
    const label = corpus.docLabel(chunk.docId);
    return {
      chunk,
      docName: label.name,
      docTitle: label.title,
      score: walked.bestScore.get(chunkId) as number,
      firstRank: walked.firstRank.get(chunkId) as number,
    };
  });
  return { chunks, trace: walked.trace };
}

/** RRF over all lists, keeping the best dense and best lexical rank of each row for the trace. */
function fuse(lists: Hit[][], isDense: boolean[], m: number, k: number): Candidate[] {
  return reciprocalRankFusion(lists, k)
    .slice(0, m)
    .map((hit) => {
      const candidate: Candidate = { row: hit.row, score: hit.score };
      hit.ranks.forEach((rank, l) => {
        if (rank === undefined) return;
        if (isDense[l]) candidate.denseRank = Math.min(candidate.denseRank ?? rank, rank);
        else candidate.lexicalRank = Math.min(candidate.lexicalRank ?? rank, rank);
      });
      return candidate;
    });
}
