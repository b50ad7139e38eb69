export { chunkDocument, DEFAULT_CHUNKING, type ChunkOptions, type CountTokens } from './chunker.ts';
export { chunkEmbeddingText, chunkEntryText } from './embedding-text.ts';
export { sectionRuns, type SectionRun } from './sections.ts';
