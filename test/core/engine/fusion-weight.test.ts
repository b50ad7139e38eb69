import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const topics = ['glacier ice', 'river boats', 'desert sand', 'forest birds', 'ocean tides', 'city trains'];

function notes(name: string, count: number): { name: string; bytes: Uint8Array } {
  const text = Array.from({ length: count }, (_, i) => `## ${name} ${i}\n\nNote ${i} of ${name} is about ${topics[i % topics.length]}. It says more about ${topics[(i + 1) % topics.length]} at length here.`).join('\n\n');
  return { name: `${name}.md`, bytes: new TextEncoder().encode(`# ${name}\n\n${text}`) };
}

describe('the index calibrates its hybrid weight once per change', () => {
  it('reuses the weight, shares a calibration under way, and calibrates again after the chunks grew by a fifth', async () => {
    const embedder = hashEmbedder();
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore() });
    await engine.indexFiles([notes('first', 40)]);

    const before = embedder.calls;
    const [a, b] = await Promise.all([engine.fusionWeight(), engine.fusionWeight()]);
    expect(a).toBe(b);
    expect(a.source).toBe('calibrated');
    const calibrationCalls = embedder.calls - before;
    expect(calibrationCalls).toBeGreaterThan(0);

    await engine.fusionWeight();
    const asked = await engine.retrieve('glacier ice', { strategy: 'naive', n: 3, retriever: 'hybrid' });
    expect(asked.result.fusion).toBe(a);
    // the question embedded itself; nothing was calibrated again
    expect(embedder.calls - before).toBe(calibrationCalls + 1);

    await engine.indexFiles([notes('second', 40)]);
    const afterGrowth = embedder.calls;
    const c = await engine.fusionWeight();
    expect(c).not.toBe(a);
    expect(embedder.calls).toBeGreaterThan(afterGrowth);
  });

  it('keeps the weight with the index: reopened, it calibrates again only once the chunks grew by a fifth', async () => {
    const store = new MemoryIndexStore();
    const first = await LociEngine.open({ embedder: hashEmbedder(), store });
    await first.indexFiles([notes('first', 40)]);
    const calibrated = await first.fusionWeight();
    expect((await store.load())?.manifest.fusion).toEqual({ weight: calibrated, chunks: expect.any(Number) });

    const embedder = hashEmbedder();
    const reopened = await LociEngine.open({ embedder, store });
    const asked = await reopened.retrieve('glacier ice', { strategy: 'naive', n: 3, retriever: 'hybrid' });
    expect(asked.result.fusion).toEqual(calibrated);
    // the question embedded itself and nothing else
    expect(embedder.calls).toBe(1);

    await reopened.indexFiles([notes('second', 40)]);
    const afterGrowth = embedder.calls;
    await reopened.fusionWeight();
    expect(embedder.calls).toBeGreaterThan(afterGrowth);
  });

  it('a weight given with the question wins and is said to be given', async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
    await engine.indexFiles([notes('only', 20)]);
    const r = await engine.retrieve('river boats', { strategy: 'naive', n: 3, retriever: 'hybrid', denseWeight: 0.8 });
    expect(r.result.fusion).toEqual({ dense: 0.8, source: 'given' });
    const dense = await engine.retrieve('river boats', { strategy: 'naive', n: 3, retriever: 'dense' });
    expect(dense.result.fusion).toBeUndefined();
  });
});
