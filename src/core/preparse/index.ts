/** Pre-parsing (paper §2.2): LLM triples per source, or the LLM-free extractive mode. */
export { PREPARSE_SCHEMA, PREPARSE_GENERATION } from './schema.ts';
export { preparseMessages } from './prompt.ts';
export { extractJsonObject } from './extract-json.ts';
export { contextFoundIn } from './fuzzy-contains.ts';
export { validatePreparse, PreparseFormatError } from './validate.ts';
export type { Triple, ParsedPreparse } from './validate.ts';
export { entriesFromPreparse } from './entries.ts';
export { extractiveEntries } from './extractive.ts';
export { runPreparse } from './run.ts';
export type { PreparseSource, PreparseRunOptions, PreparseRunResult } from './run.ts';
