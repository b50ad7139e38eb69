/** From retrieved chunks to a cited answer: packing, prompting, streaming, citing. */
export { packSources, type PackOptions } from './pack.ts';
export { documentOrder, edgesFirst } from './order.ts';
export { sourceLabel, sourceBlock, toSource } from './source-text.ts';
export {
  answerMessages,
  sourceTokenBudget,
  DEFAULT_ANSWER_TOKENS,
  type AnswerPromptOptions,
  type SourceBudgetOptions,
} from './prompt.ts';
export { NOT_FOUND_EN, NOT_FOUND_ZH, notFoundSentence, isNotFound } from './not-found.ts';
export { parseCitations, validateCitations, type Citation, type CitationSpan, type ValidatedCitations } from './citations.ts';
export { finishAnswer, streamAnswer, type AnswerDone, type AnswerEvent, type AnswerOptions } from './answer.ts';
export { stripThinking } from './think.ts';
