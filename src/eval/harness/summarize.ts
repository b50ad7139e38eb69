/** Per-method means over the questions, and the same over QuALITY's hard subset. */
import { round, summarize } from '../../bench/stats.ts';
import { meanScores } from '../scores.ts';
import type { Method } from './config.ts';
import type { MethodResult, QuestionResult } from './types.ts';

export function summarizeMethod(
  method: Method,
  questions: readonly QuestionResult[],
  retrieveTimes: readonly number[],
  answerTimes: readonly number[] | undefined,
): MethodResult {
  const mine = questions.map((q) => ({ q, r: q.methods[method.label] })).filter((x) => x.r !== undefined);
  const retrieval = mine.flatMap(({ r }) => (r.retrieval ? [r.retrieval] : []));
  const answers = mine.flatMap(({ r }) => (r.answers ? [r.answers] : []));
  const hard = mine.filter(({ q }) => q.hard === true).flatMap(({ r }) => (r.answers ? [r.answers] : []));
  const result: MethodResult = {
    method: method.label,
    strategy: method.strategy,
    retriever: method.retriever,
    rerank: method.rerank,
    retrieval: meanScores(retrieval),
    answers: meanScores(answers),
    counts: { questions: mine.length, withGold: retrieval.length, answered: answers.length, hard: mine.filter(({ q }) => q.hard === true).length },
    retrievalMs: summarize(retrieveTimes),
    held: {
      mean: round(mine.reduce((sum, { r }) => sum + r.held, 0) / Math.max(1, mine.length), 2),
      max: mine.reduce((max, { r }) => Math.max(max, r.held), 0),
    },
  };
  if (hard.length > 0) result.hardAnswers = meanScores(hard);
  if (answerTimes) result.answerMs = summarize(answerTimes);
  return result;
}
