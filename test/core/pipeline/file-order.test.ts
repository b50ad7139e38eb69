import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import type { Progress } from '../../../src/core/ports.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' },
};
const file = (name: string, topic: string) => ({
  name,
  bytes: new TextEncoder().encode(Array.from({ length: 12 }, (_, i) => `Part ${i} is about ${topic} ${i % 3}, and says more about ${topic} to fill a chunk.`).join('\n\n')),
});
const FILES = [file('a.txt', 'rivers'), file('b.txt', 'glaciers'), file('c.txt', 'libraries')];

/** The stages each file went through, in the order they started, from the progress reports. */
async function stagesSeen(settings: Partial<ManifestSettings>, preparseBudget?: { maxSources: number }) {
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), settings });
  const seen: string[] = [];
  const onProgress = (p: Progress) => {
    const step = `${p.stage}:${p.item}`;
    if (p.item && seen[seen.length - 1] !== step) seen.push(step);
  };
  await engine.indexFiles(FILES, { onProgress, ...(preparseBudget ? { preparseBudget } : {}) });
  return { seen, snapshot: engine.snapshot() };
}

describe('indexFiles order', () => {
  it('takes each file through every stage before the next when documents are clustered alone', async () => {
    const { seen, snapshot } = await stagesSeen(SETTINGS);
    const firstOf = (name: string) => seen.findIndex((s) => s.endsWith(`:${name}`));
    const lastOf = (name: string) => seen.length - 1 - [...seen].reverse().findIndex((s) => s.endsWith(`:${name}`));
    expect(seen.filter((s) => s.endsWith(':a.txt')).map((s) => s.split(':')[0])).toEqual(['parse', 'embed', 'preparse']);
    expect(lastOf('a.txt')).toBeLessThan(firstOf('b.txt'));
    expect(lastOf('b.txt')).toBeLessThan(firstOf('c.txt'));
    expect(snapshot.documents.every((d) => d.job.stage === 'ready')).toBe(true);
  });

  it('gives the same index as going stage by stage over all files (a pre-parse budget keeps that order)', async () => {
    const oneByOne = (await stagesSeen(SETTINGS)).snapshot;
    const { seen, snapshot: byStage } = await stagesSeen(SETTINGS, { maxSources: 1_000 });
    // with a budget every file is parsed and embedded before anything is pre-parsed
    expect(seen.findIndex((s) => s.startsWith('preparse:'))).toBeGreaterThan(seen.findIndex((s) => s === 'parse:c.txt'));
    expect(oneByOne).toEqual(byStage);
  });
});
