/**
 * Query: what is done to a question before and around the search — follow-up condensation,
 * multi-query and HyDE rewrites, the second hop (keyword expansion, the documents the best
 * passages name, or sub-questions from a model) and the fusing of hops, and cross-encoder reranking of what the search returned.
 */
export { condenseFollowUp, hyde, multiQuery, parseParaphrases, type CondenseOptions, type HydeOptions, type MultiQueryOptions } from './rewrite.ts';
export { expandedQuestion, expansionTerms, titlesWorthFollowing, type ExpansionOptions, type HopSource } from './second-hop.ts';
export { subQuestions, type SubQuestionOptions } from './sub-questions.ts';
export { mergeHops } from './merge-hops.ts';
export { sectionsLast } from './sections-last.ts';
export { passageRowsOf, sectionFitsWindow, type FindChunk } from './section-fits.ts';
export { followLinks } from './follow-links.ts';
export { rerank, type RerankOptions } from './rerank.ts';
