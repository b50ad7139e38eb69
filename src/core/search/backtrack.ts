import type { BacktrackMode, Entry, EntryOrigin, RetrievedChunk, TraceRow } from '../types.ts';

/** A ranked retrieval candidate: a row of the entry index and its (fused or cosine) score. */
export interface Candidate {
  row: number;
  score: number;
  denseRank?: number;
  lexicalRank?: number;
}

export interface BacktrackResult {
  /** The original chunks held, best first: in the order the walk brought them in. */
  chunkIds: string[];
  /** One row per candidate walked, in rank order. */
  trace: TraceRow[];
  /** Rank (1-based) of the first candidate that brought each chunk in. */
  firstRank: Map<string, number>;
  /** Best score among the walked candidates that backtrack to each chunk. */
  bestScore: Map<string, number>;
  /** The kind of origin that first brought each chunk in. */
  via: Map<string, NonNullable<RetrievedChunk['via']>>;
}

/** What backtracking needs to know about the index. */
export interface BacktrackCorpus {
  entry(row: number): Entry;
  /** A row's origin, when the corpus can say it without making the row's entry (whose text may be made only when read). */
  origin?(row: number): EntryOrigin;
  /** Original chunk ids an origin backtracks to (a chunk → itself; a cluster or RAPTOR node → its chunks). */
  chunksOf(origin: EntryOrigin): readonly string[];
  /** Document order key of a chunk across the whole index. */
  orderOf(chunkId: string): number;
}

/** A row's origin, without making its entry where the corpus can. */
export function rowOrigin(corpus: Pick<BacktrackCorpus, 'entry' | 'origin'>, row: number): EntryOrigin {
  return corpus.origin ? corpus.origin(row) : corpus.entry(row).origin;
}

/**
 * How deep the question's own ranking vouches for a chunk: a cluster hit brings in only members
 * that their own entries rank among this many best chunks. Deeper windows let weak members ride
 * in on a cluster's back (docs/decisions/2026-12-07-retrieval-rules-measured.md). A fixed depth,
 * not N, so the first chunks do not
 * depend on how many were asked for.
 */
const MEMBER_WINDOW = 10;

/**
 * How much the question itself finds each original chunk: the best score of a candidate of chunk
 * origin (the chunk's own entry or one of its pre-parsed entries), for the first `window` distinct
 * chunks the candidates reach. A chunk outside them has no relevance of its own.
 */
export function ownRelevance(candidates: readonly Candidate[], corpus: Pick<BacktrackCorpus, 'entry' | 'origin'>, window = MEMBER_WINDOW): Map<string, number> {
  const relevance = new Map<string, number>();
  for (const c of candidates) {
    const origin = rowOrigin(corpus, c.row);
    if (origin.type !== 'chunk') continue;
    const known = relevance.get(origin.id);
    if (known === undefined) {
      if (relevance.size >= window) continue;
      relevance.set(origin.id, c.score);
    } else if (c.score > known) relevance.set(origin.id, c.score);
  }
  return relevance;
}

/**
 * Backtracking retrieval (paper Algorithm 1): walk the candidates in the order given (best first);
 * before each one, stop if `n` distinct original chunks are already held, so a cluster hit may
 * overshoot `n` but never starts past it; a chunk-derived entry adds its chunk, without duplicates.
 * Whatever was hit, the answering model only ever sees original text.
 *
 * A cluster- or RAPTOR-derived entry adds, in `paper` mode, all its chunks in document order, as
 * the paper's code does. Clusters of 20–30 members are normal, so with N = 5 the first cluster hit
 * used to fill the context with its first members, relevant or not, and cap-rag fell far below
 * naive chunks. In `ranked` mode (the default) it adds
 * one chunk, as any other candidate: its member the question finds best on its own
 * (`ownRelevance`) among those not yet held. The cluster lifts that member to its own place and
 * leaves the candidates after it theirs; members the question does not find come in only to make
 * up N when the candidates run out.
 *
 * Ranked mode first added all the members the question finds, best first: a run of cluster hits
 * then pushed a chunk found first on its own behind every member of every cluster ranked above
 * its own (FinanceBench dev: Nike's balance sheet, the answer, came tenth behind six long cluster
 * entries that BM25 ranks first). One member per hit lifted the cluster rows on HotpotQA
 * (docs/decisions/2026-11-26-one-member-per-cluster-hit.md).
 */
export function backtrack(candidates: readonly Candidate[], n: number, corpus: BacktrackCorpus, mode: BacktrackMode = 'paper'): BacktrackResult {
  const held = new Set<string>();
  const trace: TraceRow[] = [];
  const firstRank = new Map<string, number>();
  const bestScore = new Map<string, number>();
  const via = new Map<string, NonNullable<RetrievedChunk['via']>>();
  const relevance = mode === 'ranked' ? ownRelevance(candidates, corpus) : undefined;
  // members of walked cluster hits that ranked mode left out, with the row and score that reached them
  const deferred: { chunkId: string; row: TraceRow; score: number; type: EntryOrigin['type'] }[] = [];
  const take = (chunkId: string, row: TraceRow, score: number, type: EntryOrigin['type']) => {
    if (!held.has(chunkId)) {
      held.add(chunkId);
      row.added.push(chunkId);
      firstRank.set(chunkId, row.rank);
      via.set(chunkId, type);
    }
    const best = bestScore.get(chunkId);
    if (best === undefined || score > best) bestScore.set(chunkId, score);
  };

  for (let i = 0; i < candidates.length; i++) {
    if (held.size >= n) break;
    const candidate = candidates[i];
    const entry = corpus.entry(candidate.row);
    const backtracksTo = [...corpus.chunksOf(entry.origin)];
    const row: TraceRow = {
      rank: i + 1,
      score: candidate.score,
      entryId: entry.id,
      kind: entry.kind,
      level: entry.level,
      fromCluster: entry.origin.type !== 'chunk',
      text: entry.text,
      added: [],
      backtracksTo,
    };
    const brought = relevance && entry.origin.type !== 'chunk' ? bestMember(backtracksTo, relevance, held) : backtracksTo;
    for (const chunkId of brought) take(chunkId, row, candidate.score, entry.origin.type);
    if (brought.length < backtracksTo.length) {
      for (const chunkId of backtracksTo) if (!relevance?.has(chunkId)) deferred.push({ chunkId, row, score: candidate.score, type: entry.origin.type });
    }
    if (candidate.denseRank !== undefined) row.denseRank = candidate.denseRank;
    if (candidate.lexicalRank !== undefined) row.lexicalRank = candidate.lexicalRank;
    trace.push(row);
  }
  // When the candidates run out before n chunks are held, the members ranked mode left out make up
  // the rest, in the order their hits came: cluster entries can fill BM25's candidates, and a
  // retrieval must not come back short (FinanceBench dev, cap-rag+hybrid: 6.2 of 10 chunks held on
  // average without this).
  for (const d of deferred) {
    if (held.size >= n) break;
    take(d.chunkId, d.row, d.score, d.type);
  }

  // Paper mode keeps each hit's members together in document order (a stable sort by the rank
  // that brought them in); ranked mode already holds them best first.
  const order = new Map<string, number>();
  if (mode === 'paper') for (const chunkId of held) order.set(chunkId, corpus.orderOf(chunkId));
  const chunkIds =
    mode === 'paper'
      ? [...held].sort((a, b) => (firstRank.get(a) as number) - (firstRank.get(b) as number) || (order.get(a) as number) - (order.get(b) as number))
      : [...held];
  return { chunkIds, trace, firstRank, bestScore, via };
}

/** The member the question finds best on its own, of those not yet held (none when it finds none). */
function bestMember(members: readonly string[], relevance: ReadonlyMap<string, number>, held: ReadonlySet<string>): string[] {
  let best: string | undefined;
  for (const id of members) {
    const r = relevance.get(id);
    if (r !== undefined && !held.has(id) && (best === undefined || r > (relevance.get(best) as number))) best = id;
  }
  return best === undefined ? [] : [best];
}
