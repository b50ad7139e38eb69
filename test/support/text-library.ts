import { LociEngine } from '../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from './hash-embedder.ts';

/** An engine in memory over these texts, indexed as Markdown files named `0.md`, `1.md`, … in order, or as given. */
export async function engineOverTexts(texts: readonly string[], names?: readonly string[]): Promise<LociEngine> {
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
  await engine.indexFiles(texts.map((text, i) => ({ name: names?.[i] ?? `${i}.md`, bytes: new TextEncoder().encode(text) })));
  return engine;
}
