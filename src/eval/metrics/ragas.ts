/**
 * RAGAS-style scores as plain ratios. The LLM-driven judges (src/eval/judge) count what these
 * divide; keeping the arithmetic here lets it be checked without a model.
 * A ratio with nothing to divide by is undefined (NaN): an answer with no statement is neither
 * faithful nor unfaithful, and the per-method mean (scores.ts) leaves it out.
 */
import { cosine } from '../../core/util/cosine.ts';

function ratio(part: number, whole: number): number {
  if (part < 0 || part > whole) throw new RangeError(`ratio ${part}/${whole} is out of range`);
  return whole === 0 ? NaN : part / whole;
}

/** Sentences of the retrieved context needed for the question / all its sentences. */
export function contextRelevance(neededSentences: number, allSentences: number): number {
  return ratio(neededSentences, allSentences);
}

/** Statements of the answer the context supports / all statements of the answer. */
export function faithfulness(supportedStatements: number, allStatements: number): number {
  return ratio(supportedStatements, allStatements);
}

/** Mean cosine between the question's vector and the vectors of the questions generated from the answer. */
export function answerRelevance(question: ArrayLike<number>, generated: readonly ArrayLike<number>[]): number {
  if (generated.length === 0) return NaN;
  let sum = 0;
  for (const g of generated) sum += cosine(question, g);
  return sum / generated.length;
}
