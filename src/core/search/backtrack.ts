import type { Entry, EntryOrigin, TraceRow } from '../types.ts';

/** A ranked retrieval candidate: a row of the entry index and its (fused or cosine) score. */
export interface Candidate {
  row: number;
  score: number;
  denseRank?: number;
  lexicalRank?: number;
}

export interface BacktrackResult {
  /** The original chunks held, in document order. */
  chunkIds: string[];
  /** One row per candidate walked, in rank order. */
  trace: TraceRow[];
  /** Rank (1-based) of the first candidate that brought each chunk in. */
  firstRank: Map<string, number>;
  /** Best score among the walked candidates that backtrack to each chunk. */
  bestScore: Map<string, number>;
}

/** What backtracking needs to know about the index. */
export interface BacktrackCorpus {
  entry(row: number): Entry;
  /** Original chunk ids an origin backtracks to (a chunk → itself; a cluster or RAPTOR node → its chunks). */
  chunksOf(origin: EntryOrigin): readonly string[];
  /** Document order key of a chunk across the whole index. */
  orderOf(chunkId: string): number;
}

/**
 * Backtracking retrieval (paper Algorithm 1, as its code runs it): walk the candidates in the order
 * given (best first); before each one, stop if `n` distinct original chunks are already held, so a
 * cluster hit may overshoot `n` but never starts past it; a chunk-derived entry adds its chunk and a
 * cluster- or RAPTOR-derived entry all its chunks, without duplicates; finally the held chunks are
 * sorted into document order. Whatever was hit, the answering model only ever sees original text.
 */
export function backtrack(candidates: readonly Candidate[], n: number, corpus: BacktrackCorpus): BacktrackResult {
  const held = new Set<string>();
  const trace: TraceRow[] = [];
  const firstRank = new Map<string, number>();
  const bestScore = new Map<string, number>();

  for (let i = 0; i < candidates.length; i++) {
    if (held.size >= n) break;
    const candidate = candidates[i];
    const rank = i + 1;
    const entry = corpus.entry(candidate.row);
    const backtracksTo = [...corpus.chunksOf(entry.origin)];
    const added: string[] = [];
    for (const chunkId of backtracksTo) {
      if (!held.has(chunkId)) {
        held.add(chunkId);
        added.push(chunkId);
        firstRank.set(chunkId, rank);
      }
      const best = bestScore.get(chunkId);
      if (best === undefined || candidate.score > best) bestScore.set(chunkId, candidate.score);
    }
    const row: TraceRow = {
      rank,
      score: candidate.score,
      entryId: entry.id,
      kind: entry.kind,
      level: entry.level,
      fromCluster: entry.origin.type !== 'chunk',
      text: entry.text,
      added,
      backtracksTo,
    };
    if (candidate.denseRank !== undefined) row.denseRank = candidate.denseRank;
    if (candidate.lexicalRank !== undefined) row.lexicalRank = candidate.lexicalRank;
    trace.push(row);
  }

  const order = new Map<string, number>();
  for (const chunkId of held) order.set(chunkId, corpus.orderOf(chunkId));
  const chunkIds = [...held].sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
  return { chunkIds, trace, firstRank, bestScore };
}
