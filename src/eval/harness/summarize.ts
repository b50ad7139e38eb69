/** Per-method means over the questions, and the same over QuALITY's hard subset. */
import { round, summarize } from '../../../bench/core/stats.ts';
import { meanScores } from '../scores.ts';
import type { Method } from './config.ts';
import { metricIntervals } from './intervals.ts';
import type { MethodResult, QuestionMethodResult, QuestionResult } from './types.ts';

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
    backtrack: method.backtrack,
    hops: method.hops,
    rerank: method.rerank,
    baseline: method.baseline,
    isDefault: method.isDefault,
    retrieval: meanScores(retrieval),
    answers: meanScores(answers),
    counts: { questions: mine.length, withGold: retrieval.length, answered: answers.length, hard: mine.filter(({ q }) => q.hard === true).length },
    retrievalMs: summarize(retrieveTimes),
    held: {
      mean: round(mine.reduce((sum, { r }) => sum + r.held, 0) / Math.max(1, mine.length), 2),
      max: mine.reduce((max, { r }) => Math.max(max, r.held), 0),
    },
  };
  if (retrieval.length > 0) result.intervals = metricIntervals(retrieval);
  const packed = packedSummary(mine.map(({ r }) => r));
  if (packed) result.packed = packed;
  if (method.hops === 2) {
    const hops = mine.map(({ r }) => r.secondHop);
    result.secondHop = {
      asked: mine.length,
      reported: hops.filter((h) => h !== undefined).length,
      added: hops.filter((h) => (h?.added ?? 0) > 0).length,
      meanAdded: round(hops.reduce((sum, h) => sum + (h?.added ?? 0), 0) / Math.max(1, mine.length), 2),
    };
  }
  if (hard.length > 0) result.hardAnswers = meanScores(hard);
  if (answerTimes) result.answerMs = summarize(answerTimes);
  return result;
}

function packedSummary(results: readonly QuestionMethodResult[]): MethodResult['packed'] {
  const withPacked = results.filter((r) => r.packed !== undefined);
  if (withPacked.length === 0) return undefined;
  const out: NonNullable<MethodResult['packed']> = {};
  for (const budget of Object.keys(withPacked[0].packed ?? {})) {
    out[budget] = {
      mean: round(withPacked.reduce((sum, r) => sum + (r.packed?.[budget] ?? 0), 0) / withPacked.length, 2),
      underfilled: withPacked.filter((r) => r.underfilled?.includes(Number(budget))).length,
    };
  }
  return out;
}
