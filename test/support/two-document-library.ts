/**
 * A small library indexed in memory: two Markdown documents of three topics, chunked small and
 * pre-parsed (extractive), so its records hold chunks, sentences and kept summary texts; with the
 * engine that built it and its image snapshot (the search corpus laid out beside the records).
 */
import { LociEngine } from '../../src/core/engine/engine.ts';
import type { ManifestSettings } from '../../src/core/stored-index/manifest.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import type { IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from './hash-embedder.ts';

const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading'];
const markdown = (title: string) =>
  new TextEncoder().encode([`# ${title}`, '## Part one', ...Array.from({ length: 8 }, (_, i) => `Paragraph ${i} of ${title} is about ${TOPICS[i % 3]}. It says so twice.`)].join('\n\n'));

export const librarySettings: Partial<ManifestSettings> = { chunking: { chunkTokens: 30, overlapTokens: 3 }, preparse: { mode: 'extractive' } };

export async function twoDocumentLibrary(): Promise<{ engine: LociEngine; snapshot: IndexSnapshot }> {
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), settings: librarySettings });
  await engine.indexFiles(['Alpha', 'Beta'].map((title) => ({ name: `${title}.md`, bytes: markdown(title) })));
  return { engine, snapshot: engine.imageSnapshot() };
}
