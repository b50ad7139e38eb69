/**
 * Answer relevance: the LLM writes N questions the answer would answer, and the score is the mean
 * cosine between the real question and those (design, Evaluation). Questions are embedded with the
 * query role on both sides: they are compared as questions, not as a question against a passage.
 */
import type { Embedder, Generator } from '../../core/ports.ts';
import type { Lang } from '../../core/types.ts';
import { complete } from '../llm/complete.ts';
import { answerRelevance } from '../metrics/ragas.ts';
import { JUDGE_TEMPERATURE, judgeLang, type JudgeOptions } from './options.ts';
import { parseStringList } from './parse.ts';
import { QUESTIONS_SCHEMA, questionsPrompt } from './prompts.ts';

export interface AnswerRelevanceJudgement {
  /** Mean cosine; NaN when the model wrote no question. */
  score: number;
  questions: string[];
}

export async function judgeAnswerRelevance(
  question: string,
  answer: string,
  generator: Generator,
  embedder: Embedder,
  options: JudgeOptions & { n?: number; lang?: Lang } = {},
): Promise<AnswerRelevanceJudgement> {
  const n = options.n ?? 3;
  const reply = await complete(generator, questionsPrompt(answer, n, judgeLang(options.lang ?? 'en')), {
    temperature: JUDGE_TEMPERATURE,
    maxTokens: options.maxTokens ?? 256,
    jsonSchema: QUESTIONS_SCHEMA,
    signal: options.signal,
  });
  const questions = parseStringList(reply, 'questions').slice(0, n);
  if (questions.length === 0) return { score: NaN, questions };
  const [q, ...generated] = await embedder.embed([question, ...questions], 'query', options.signal);
  return { score: answerRelevance(q, generated), questions };
}
