import type { Reranker } from '../ports.ts';
import type { RetrievedChunk } from '../types.ts';
import { throwIfAborted } from '../util/abort.ts';

export interface RerankOptions {
  /** How many chunks to keep; all by default. */
  topN?: number;
  signal?: AbortSignal;
}

/** The chunk as the cross-encoder reads it: headings give a short chunk the context it lacks. */
function passage(retrieved: RetrievedChunk): string {
  const headings = retrieved.chunk.headingPath.filter((h) => h.trim() !== '');
  return headings.length > 0 ? `${headings.join(' › ')}\n${retrieved.chunk.text}` : retrieved.chunk.text;
}

// A NaN score (a broken model output) must not scramble the sort: it ranks last.
function sortable(score: number | undefined): number {
  return score === undefined || Number.isNaN(score) ? Number.NEGATIVE_INFINITY : score;
}

/**
 * Scores every chunk against the query with the cross-encoder and returns copies with
 * `rerankScore` set, best first (ties keep their retrieval order), cut to `topN`.
 */
export async function rerank(
  query: string,
  chunks: RetrievedChunk[],
  reranker: Reranker,
  options: RerankOptions = {},
): Promise<RetrievedChunk[]> {
  throwIfAborted(options.signal, 'reranking');
  if (chunks.length === 0) return [];
  const scores = await reranker.score(query, chunks.map(passage), options.signal);
  throwIfAborted(options.signal, 'reranking');
  if (scores.length !== chunks.length) {
    throw new Error(`reranker ${reranker.id} returned ${scores.length} scores for ${chunks.length} passages`);
  }
  const scored = chunks.map((c, i) => ({ ...c, rerankScore: scores[i] }));
  // Array.prototype.sort is stable, so equal scores keep the retrieval order.
  scored.sort((a, b) => {
    const x = sortable(a.rerankScore);
    const y = sortable(b.rerankScore);
    return x === y ? 0 : x > y ? -1 : 1;
  });
  const keep = options.topN === undefined ? scored.length : Math.max(0, Math.floor(options.topN));
  return scored.slice(0, keep);
}
