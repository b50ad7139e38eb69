/**
 * Answer metrics of one question under one method, at each answering context size k.
 * Multiple choice (QuALITY) follows the paper's protocol: four options plus UNKNOWN, one letter.
 * Free-form answers come from the engine's answering prompt and are scored against the gold
 * answers (exact match, token F1, containment) and, when asked, by the RAGAS-style judges.
 */
import { streamAnswer } from '../../core/answer/answer.ts';
import { promptTokenBudget, sourceTokenBudget } from '../../core/answer/prompt.ts';
import type { Embedder, Generator } from '../../core/ports.ts';
import type { RetrievedChunk } from '../../core/types.ts';
import type { EvalQuestion } from '../datasets/types.ts';
import { judgeAnswerRelevance } from '../judge/answer-relevance.ts';
import { judgeContextRelevance } from '../judge/context-relevance.ts';
import { judgeFaithfulness } from '../judge/faithfulness.ts';
import { complete } from '../llm/complete.ts';
import { containsAnswer, exactMatch, tokenF1 } from '../metrics/answer.ts';
import { CHOICE_GENERATION, choiceMessages, isCorrectChoice } from '../prompts/choice-prompt.ts';
import { accuracyKey } from '../report.ts';
import { answerKey } from './answer-keys.ts';
import { packContext } from './context.ts';

export interface AnswerDeps {
  generator: Generator;
  embedder: Embedder;
  judges: boolean;
  maxNewTokens: number;
  signal?: AbortSignal;
}

export interface AnswerOutcome {
  scores: Record<string, number>;
  /** The model's reply per k, kept in the JSON so a score can be checked by reading it. */
  replies: Record<string, string>;
}

export function isChoiceQuestion(q: EvalQuestion): q is EvalQuestion & { options: string[]; goldLetter: 'A' | 'B' | 'C' | 'D' } {
  return q.options !== undefined && q.goldLetter !== undefined;
}

export async function answerQuestion(
  q: EvalQuestion,
  ranked: readonly RetrievedChunk[],
  ks: readonly number[],
  deps: AnswerDeps,
): Promise<AnswerOutcome> {
  const outcome: AnswerOutcome = { scores: {}, replies: {} };
  for (const k of ks) {
    if (isChoiceQuestion(q)) await answerChoice(q, ranked, k, deps, outcome);
    else await answerFreeForm(q, ranked, k, deps, outcome);
  }
  return outcome;
}

async function answerChoice(
  q: EvalQuestion & { options: string[]; goldLetter: 'A' | 'B' | 'C' | 'D' },
  ranked: readonly RetrievedChunk[],
  k: number,
  deps: AnswerDeps,
  outcome: AnswerOutcome,
): Promise<void> {
  const { generator, signal } = deps;
  const budget = await promptTokenBudget(choiceMessages(q.question, q.options, ''), generator, { reserve: CHOICE_GENERATION.maxTokens ?? 30 });
  const context = await packContext(ranked, k, generator, budget);
  const reply = await complete(generator, choiceMessages(q.question, q.options, context.text), { ...CHOICE_GENERATION, signal });
  outcome.replies[String(k)] = reply;
  outcome.scores[accuracyKey(k)] = isCorrectChoice(reply, q.goldLetter) ? 1 : 0;
}

async function answerFreeForm(q: EvalQuestion, ranked: readonly RetrievedChunk[], k: number, deps: AnswerDeps, outcome: AnswerOutcome): Promise<void> {
  const { generator, embedder, signal } = deps;
  const lang = q.lang;
  const budget = await sourceTokenBudget(q.question, generator, { lang, maxTokens: deps.maxNewTokens });
  const context = await packContext(ranked, k, generator, budget);

  let answer = '';
  let notFound = false;
  // temperature 0: the answer is a measurement, and a cached run must replay the same one
  for await (const event of streamAnswer(q.question, context.sources, generator, { lang, maxTokens: deps.maxNewTokens, temperature: 0, signal })) {
    if (event.type === 'done') {
      answer = event.answer;
      notFound = event.notFound;
    }
  }
  outcome.replies[String(k)] = answer;
  const s = outcome.scores;
  s[answerKey('notFound', k)] = notFound ? 1 : 0;
  if (q.answers && q.answers.length > 0) {
    s[answerKey('em', k)] = exactMatch(answer, q.answers);
    s[answerKey('f1', k)] = tokenF1(answer, q.answers);
    s[answerKey('contains', k)] = containsAnswer(answer, q.answerParts ?? q.answers.map((a) => [a]));
  }
  if (!deps.judges) return;
  const judge = { signal };
  s[answerKey('contextRelevance', k)] = (
    await judgeContextRelevance(q.question, context.sources.map((src) => src.chunk.text), generator, lang, judge)
  ).score;
  s[answerKey('faithfulness', k)] = (await judgeFaithfulness(answer, context.text, generator, lang, judge)).score;
  s[answerKey('answerRelevance', k)] = (await judgeAnswerRelevance(q.question, answer, generator, embedder, { ...judge, lang })).score;
}
