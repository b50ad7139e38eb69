export { chunkDocument, chunkEmbeddingText, chunkEntryText, DEFAULT_CHUNKING, type ChunkOptions, type CountTokens } from './chunker.ts';
export { sectionRuns, type SectionRun } from './sections.ts';
