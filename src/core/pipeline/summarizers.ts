/**
 * Summaries for RAPTOR nodes: by the LLM when pre-parsing uses one, else extractive (the leading
 * sentence of each member), so the tree can be built on devices without an LLM.
 */
import type { Generator } from '../ports.ts';
import { sentences } from '../text/words.ts';
import type { Lang } from '../types.ts';
import { collectReply } from '../answer/reply.ts';

export type Summarize = (texts: string[], signal?: AbortSignal) => Promise<string>;

const MAX_EXTRACTIVE_CHARS = 1200;

export function extractiveSummarizer(): Summarize {
  return async (texts) => {
    const lead = texts.map((t) => sentences(t)[0] ?? '').filter(Boolean).join(' ');
    return lead.length > MAX_EXTRACTIVE_CHARS ? lead.slice(0, MAX_EXTRACTIVE_CHARS) : lead;
  };
}

export function llmSummarizer(generator: Generator, lang: Lang): Summarize {
  const instruction =
    lang === 'zh'
      ? '请用几句话概括以下文本的要点，保留关键的名称、数字和事实。只输出摘要。'
      : 'Summarize the following passages in a few sentences, keeping key names, numbers and facts. Output only the summary.';
  return async (texts, signal) => {
    const messages = [{ role: 'user' as const, content: `${instruction}\n\n${texts.join('\n\n')}` }];
    const reply = await collectReply(generator, messages, { maxTokens: 256, temperature: 0, signal }, 'summarizing');
    // A model that returns nothing usable must not leave a node without text: fall back.
    return reply.trim() || extractiveSummarizer()(texts);
  };
}
