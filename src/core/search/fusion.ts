import type { Hit } from './top-k.ts';

/** A row of the fused list with the ranks it had in each list (1-based), for the trace. */
export interface FusedCandidate {
  row: number;
  score: number;
  denseRank?: number;
  lexicalRank?: number;
}

/** The dense share when nothing better is known: both lists trusted alike. */
export const DEFAULT_DENSE_WEIGHT = 0.5;

/**
 * Convex combination of a dense and a lexical list: score = w·dense′ + (1 − w)·lexical′, where each
 * list's scores are rescaled from the list's zero (0) to its first hit (1). The zero is what a row
 * unrelated to the query scores: for BM25, 0 (no word in common); for the embedding, the query's
 * mean similarity over every row searched (`denseZero`, FlatVectorIndex.searchScored). A row
 * missing from a list gets 0 there.
 *
 * The zero keeps how far each list's candidates stand above an unrelated passage. The lists used to
 * be rescaled min–max over their own top M: the M-th dense hit then counted as unrelated however
 * close it was to the first, so a flat dense list (a trained encoder finds two hundred passages
 * nearly alike) had its small differences stretched over the whole range, and outvoted BM25's real
 * margins at any weight worth giving it (docs/decisions/2026-12-02-fusion-from-the-mean.md).
 *
 * Why not RRF: ranks throw away how far ahead a list's first hit is. A weak embedder's list is
 * nearly flat while BM25's top hit often stands far above its second, and RRF gives both the same
 * vote, so hybrid fell below BM25 alone (docs/decisions/2026-12-07-retrieval-rules-measured.md).
 * Scores keep that margin, and the weight says how much
 * each list is to be trusted (Bruch et al. 2023 find a convex combination beats RRF once the weight
 * is fitted on a few queries).
 *
 * `unembedded` names rows that have no vector yet (a document still being embedded is searched by
 * its words meanwhile): the dense list cannot have judged them, so their dense share is taken to
 * be what BM25 says rather than 0. Without it a document mid-embedding lost to every embedded one
 * that matched as well by its words, since half of its vote was missing, not against it.
 */
export function fuseByScore(
  dense: readonly Hit[],
  lexical: readonly Hit[],
  denseWeight: number,
  m: number,
  options: { denseZero: number; unembedded?: (row: number) => boolean },
): FusedCandidate[] {
  const w = Math.min(1, Math.max(0, denseWeight));
  const { denseZero, unembedded } = options;
  const fused = new Map<number, FusedCandidate>();
  const at = (row: number): FusedCandidate => {
    let c = fused.get(row);
    if (!c) {
      c = { row, score: 0 };
      fused.set(row, c);
    }
    return c;
  };
  const dSpan = (dense[0]?.score ?? 0) - denseZero;
  dense.forEach((hit, i) => {
    const c = at(hit.row);
    c.denseRank = i + 1;
    // a list whose first hit is no better than a typical row carries no order: each hit counts in full
    c.score += w * (dSpan > 0 ? Math.max(0, hit.score - denseZero) / dSpan : 1);
  });
  const lTop = lexical[0]?.score ?? 0;
  lexical.forEach((hit, i) => {
    const c = at(hit.row);
    c.lexicalRank = i + 1;
    c.score += (unembedded?.(hit.row) ? 1 : 1 - w) * (lTop > 0 ? hit.score / lTop : 1);
  });
  const byRank = tieBreak(w);
  return [...fused.values()].sort((a, b) => b.score - a.score || byRank(a, b) || a.row - b.row).slice(0, Math.max(0, m));
}

/**
 * Equal fused scores go by the list the weight trusts more, then the other: at weight 0 every row
 * only the dense list found scores 0, as does a dense hit below the query's mean at any weight, and
 * without the order of the trusted list they would fall to row numbers, and at weight 0 the fusion
 * would not be BM25 alone at its end. At an even weight, by the better of the two ranks.
 */
function tieBreak(w: number): (a: FusedCandidate, b: FusedCandidate) => number {
  const rank = (c: FusedCandidate, list: 'denseRank' | 'lexicalRank') => c[list] ?? Infinity;
  const by = (list: 'denseRank' | 'lexicalRank') => (a: FusedCandidate, b: FusedCandidate) => rank(a, list) - rank(b, list) || 0;
  if (w === 0.5) return (a, b) => Math.min(rank(a, 'denseRank'), rank(a, 'lexicalRank')) - Math.min(rank(b, 'denseRank'), rank(b, 'lexicalRank')) || 0;
  const [first, second] = w < 0.5 ? [by('lexicalRank'), by('denseRank')] : [by('denseRank'), by('lexicalRank')];
  return (a, b) => first(a, b) || second(a, b);
}
