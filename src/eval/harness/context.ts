/**
 * The answering context of one question at k: the first k retrieved chunks by rank, packed whole
 * within the model's budget and shown in document order with the engine's labels, exactly as the
 * app shows sources to its answering model.
 */
import { packSources } from '../../core/answer/pack.ts';
import { SOURCE_SEPARATOR, sourceBlock } from '../../core/answer/source-text.ts';
import type { Generator } from '../../core/ports.ts';
import type { RetrievedChunk, Source } from '../../core/types.ts';

export interface PackedContext {
  sources: Source[];
  /** The sources as the prompt shows them. */
  text: string;
}

export async function packContext(ranked: readonly RetrievedChunk[], k: number, generator: Generator, budgetTokens: number): Promise<PackedContext> {
  const sources = await packSources(ranked.slice(0, k), {
    budgetTokens,
    countTokens: (t) => generator.countTokens(t),
    order: 'document',
  });
  return { sources, text: sources.map(sourceBlock).join(SOURCE_SEPARATOR) };
}
