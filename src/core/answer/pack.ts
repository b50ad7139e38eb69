import type { RetrievedChunk, Source } from '../types.ts';
import { documentOrder, edgesFirst } from './order.ts';
import { sourceBlock, toSource } from './source-text.ts';

export interface PackOptions {
  /** Tokens the source blocks may take together (see `sourceTokenBudget`). */
  budgetTokens: number;
  /** Token count in the answering model's tokenizer. */
  countTokens: (text: string) => Promise<number>;
  /** Presentation order of the packed sources; `document` by default. */
  order?: 'document' | 'edges-first';
}

/**
 * Chooses whole chunks, best first, while they fit the budget, and numbers them in presentation
 * order. A cut chunk is worse than a missing one (its claim may lose its condition), so a chunk that
 * does not fit is skipped whole, and a later, smaller one may still take the space left.
 */
export async function packSources(chunks: RetrievedChunk[], options: PackOptions): Promise<Source[]> {
  const budget = Number.isFinite(options.budgetTokens) ? options.budgetTokens : 0;
  const picked: RetrievedChunk[] = [];
  const seen = new Set<string>();
  let spent = 0;
  for (const candidate of chunks) {
    if (spent >= budget) break;
    if (seen.has(candidate.chunk.id)) continue;
    seen.add(candidate.chunk.id);
    // Counted under the number it would get if taken now; the final numbering permutes the same
    // numbers 1..k, so the total differs by a token at most.
    const cost = await options.countTokens(sourceBlock(toSource(picked.length + 1, candidate)));
    if (spent + cost > budget) continue;
    picked.push(candidate);
    spent += cost;
  }
  const presented = options.order === 'edges-first' ? edgesFirst(picked) : documentOrder(picked);
  return presented.map((c, i) => toSource(i + 1, c));
}
