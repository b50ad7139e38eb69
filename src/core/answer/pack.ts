import type { RetrievedChunk, Source } from '../types.ts';
import { documentOrder, edgesFirst } from './order.ts';
import { sourceBlock, toSource } from './source-text.ts';

export interface PackOptions {
  /**
   * Tokens the source blocks may take together (see `sourceTokenBudget`). It may still be being
   * counted: the candidates are counted meanwhile.
   */
  budgetTokens: number | Promise<number>;
  /** Token count in the answering model's tokenizer. */
  countTokens: (text: string) => Promise<number>;
  /** Presentation order of the packed sources; `document` by default. */
  order?: 'document' | 'edges-first';
}

/**
 * Candidates counted together. In the app each count is a round trip to the chat model's worker:
 * counted one after another, the prompt and a question's five sources were a third of its time
 * from question to sources, about half that counted together
 * (docs/decisions/2026-12-07-reading-models-and-page-measured.md). A window covers the app's question in one trip; the evaluation's
 * rankings of hundreds are counted only a window past the budget.
 */
const WINDOW = 8;

/**
 * Chooses whole chunks, best first, while they fit the budget, and numbers them in presentation
 * order. A cut chunk is worse than a missing one (its claim may lose its condition), so a chunk that
 * does not fit is skipped whole, and a later, smaller one may still take the space left.
 */
export async function packSources(chunks: RetrievedChunk[], options: PackOptions): Promise<Source[]> {
  // a chunk retrieved twice is packed once, where it first came
  const seen = new Set<string>();
  const candidates: RetrievedChunk[] = [];
  for (const c of chunks) {
    if (seen.has(c.chunk.id)) continue;
    seen.add(c.chunk.id);
    candidates.push(c);
  }
  // A chunk is counted under the number it would get if taken now; the final numbering permutes
  // the same numbers 1..k, so the total differs by a token at most. A window is counted as if
  // every chunk before it in the window were taken; one that follows a skipped chunk is counted
  // again under its own number, so the choice is the one counting one at a time makes.
  const cost = (candidate: RetrievedChunk, n: number) => options.countTokens(sourceBlock(toSource(n, candidate)));
  const countWindow = (start: number, first: number) => Promise.all(candidates.slice(start, start + WINDOW).map((candidate, i) => cost(candidate, first + i)));
  // the first window beside the budget, which is awaited even without candidates: a failed budget fails the packing
  const [total, firstCosts] = await Promise.all([options.budgetTokens, countWindow(0, 1)]);
  const budget = Number.isFinite(total) ? total : 0;
  const picked: RetrievedChunk[] = [];
  let spent = 0;
  for (let start = 0; start < candidates.length && spent < budget; start += WINDOW) {
    const first = picked.length + 1;
    const costs = start === 0 ? firstCosts : await countWindow(start, first);
    for (let i = 0; i < costs.length && spent < budget; i++) {
      const candidate = candidates[start + i];
      const n = picked.length + 1;
      const tokens = n === first + i ? costs[i] : await cost(candidate, n);
      if (spent + tokens > budget) continue;
      picked.push(candidate);
      spent += tokens;
    }
  }
  const presented = options.order === 'edges-first' ? edgesFirst(picked) : documentOrder(picked);
  return presented.map((c, i) => toSource(i + 1, c));
}
