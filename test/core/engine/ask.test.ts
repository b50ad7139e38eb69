import { describe, expect, it, vi } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const text = new TextEncoder().encode(
  '# Notes\n\n' + Array.from({ length: 10 }, (_, i) => `Note ${i} talks about ${i % 2 ? 'river boats' : 'glacier ice'} at length.`).join('\n\n'),
);

describe('retrieve with a precomputed query vector', () => {
  it('uses the vector for the question as asked and embeds nothing, with the same result', async () => {
    const embedder = hashEmbedder();
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore() });
    await engine.indexFiles([{ name: 'notes.md', bytes: text }]);
    const question = 'glacier ice';
    const options = { strategy: 'cap-rag' as const, n: 3, retriever: 'hybrid' as const };
    const plain = await engine.retrieve(question, options);

    const [queryVector] = await embedder.embed([question], 'query');
    const embed = vi.spyOn(embedder, 'embed');
    const given = await engine.retrieve(question, { ...options, queryVector });
    expect(embed).not.toHaveBeenCalled();
    expect(given.result).toEqual(plain.result);
  });
});
