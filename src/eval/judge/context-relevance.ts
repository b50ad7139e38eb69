/**
 * Context relevance judged by the LLM: the context is cut into sentences, numbered, and the model
 * names the ones needed for the question. Numbers rather than quoted sentences, so counting does not
 * depend on the model copying text exactly.
 */
import type { Generator } from '../../core/ports.ts';
import type { Lang } from '../../core/types.ts';
import { sentences as splitSentences } from '../../core/text/words.ts';
import { complete } from '../llm/complete.ts';
import { contextRelevance } from '../metrics/ragas.ts';
import { JUDGE_TEMPERATURE, judgeLang, type JudgeOptions } from './options.ts';
import { parseNumbers } from './parse.ts';
import { NEEDED_SCHEMA, neededSentencesPrompt } from './prompts.ts';

export interface ContextRelevanceJudgement {
  /** Needed / all sentences; NaN for an empty context or an unreadable reply. */
  score: number;
  sentences: string[];
  /** 1-based numbers of the needed sentences. */
  needed: number[];
  readable: boolean;
}

/** `context` is one text or the retrieved passages (each split into sentences, in order). */
export async function judgeContextRelevance(
  question: string,
  context: string | readonly string[],
  generator: Generator,
  lang: Lang,
  options: JudgeOptions = {},
): Promise<ContextRelevanceJudgement> {
  const sentences = (typeof context === 'string' ? [context] : context).flatMap((c) => splitSentences(c));
  if (sentences.length === 0) return { score: NaN, sentences, needed: [], readable: true };

  const reply = await complete(generator, neededSentencesPrompt(question, sentences, judgeLang(lang)), {
    temperature: JUDGE_TEMPERATURE,
    maxTokens: options.maxTokens ?? 256,
    jsonSchema: NEEDED_SCHEMA,
    signal: options.signal,
  });
  const numbers = parseNumbers(reply, 'needed');
  if (numbers === undefined) return { score: NaN, sentences, needed: [], readable: false };
  const needed = [...new Set(numbers.filter((n) => n >= 1 && n <= sentences.length))].sort((a, b) => a - b);
  return { score: contextRelevance(needed.length, sentences.length), sentences, needed, readable: true };
}
