/**
 * The answering context of one question at k: the first k retrieved chunks by rank, packed whole
 * within the model's budget and shown in document order with the engine's labels, exactly as the
 * app shows sources to its answering model.
 */
import { packSources } from '../../core/answer/pack.ts';
import { SOURCE_SEPARATOR, sourceBlock } from '../../core/answer/source-text.ts';
import type { ChatMessage, Generator } from '../../core/ports.ts';
import type { RetrievedChunk, Source } from '../../core/types.ts';

// Role markers a chat template adds per message, and what counting labels before numbering misses.
const PER_MESSAGE_TOKENS = 8;
const MARGIN_TOKENS = 64;

export interface PackedContext {
  sources: Source[];
  /** The sources as the prompt shows them. */
  text: string;
}

/** Tokens left for sources in a prompt that is `emptyPrompt` with the sources added, answer reserved. */
export async function budgetFor(generator: Generator, emptyPrompt: ChatMessage[], answerTokens: number): Promise<number> {
  const counts = await Promise.all(emptyPrompt.map((m) => generator.countTokens(m.content)));
  const prompt = counts.reduce((sum, n) => sum + n + PER_MESSAGE_TOKENS, 0);
  return Math.max(0, generator.contextTokens - answerTokens - prompt - MARGIN_TOKENS);
}

export async function packContext(ranked: readonly RetrievedChunk[], k: number, generator: Generator, budgetTokens: number): Promise<PackedContext> {
  const sources = await packSources(ranked.slice(0, k), {
    budgetTokens,
    countTokens: (t) => generator.countTokens(t),
    order: 'document',
  });
  return { sources, text: sources.map(sourceBlock).join(SOURCE_SEPARATOR) };
}
