/** The runner's small decisions, checked without models: corpus files, index settings, query vectors, latency. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunksPerQuestion, indexSettings, methodsOf, type EvalConfig } from '../../src/eval/harness/config.ts';
import { corpusFiles } from '../../src/eval/harness/corpus-files.ts';
import { summarize } from '../../src/bench/stats.ts';

const CONFIG: EvalConfig = {
  dataset: 'hotpotqa',
  split: 'dev',
  dataDir: '/data',
  modelsDir: '/models',
  hub: false,
  embedder: 'e',
  preparse: 'extractive',
  strategies: ['naive'],
  retrievers: ['dense'],
  rerank: [false],
  ks: [1, 2, 5],
  answerKs: [5],
  judges: false,
  chunkTokens: 100,
  seed: 7,
  cacheDir: '/cache',
  maxNewTokens: 64,
};

describe('corpusFiles', () => {
  it('gives documents with identical text distinct bytes, so their ids do not merge', async () => {
    const docs = [
      { id: '3516677', name: 'msmarco-3516677.txt', title: '', text: 'The same passage.' },
      { id: '6465910', name: 'msmarco-6465910.txt', title: '', text: 'The same passage.' },
    ];
    const files = await corpusFiles(docs);
    const hashes = files.map((f) => createHash('sha256').update(f.bytes).digest('hex'));
    expect(new Set(hashes).size).toBe(2);
    expect(files.map((f) => new TextDecoder().decode(f.bytes).trim())).toEqual(['The same passage.', 'The same passage.']);
    expect(files.map((f) => f.doc.id)).toEqual(['3516677', '6465910']);
  });
});

describe('index settings', () => {
  it('builds only what the requested strategies search', () => {
    const naive = indexSettings(CONFIG, true);
    expect(naive.preparse.mode).toBe('off');
    expect(naive.raptor).toBe(false);
    expect(naive.clustering.minChunks).toBe(Number.MAX_SAFE_INTEGER);
    expect(naive.clustering).toMatchObject({ scope: 'corpus', seed: 7 });

    const all = indexSettings({ ...CONFIG, strategies: ['naive', 'c-rag', 'p-rag', 'cap-rag', 'raptor'] }, false);
    expect(all.preparse.mode).toBe('extractive');
    expect(all.raptor).toBe(true);
    expect(all.clustering).toMatchObject({ scope: 'document', minChunks: 8 });

    // RAPTOR's tree needs clustering on even when no strategy searches cluster entries
    expect(indexSettings({ ...CONFIG, strategies: ['raptor'] }, true).clustering.minChunks).toBe(8);
  });

  it('runs every strategy × hybrid × rerank and retrieves enough chunks for every k', () => {
    expect(methodsOf({ strategies: ['naive', 'cap-rag'], retrievers: ['dense', 'hybrid'], rerank: [false] }).map((m) => m.label)).toEqual([
      'naive',
      'naive+hybrid',
      'cap-rag',
      'cap-rag+hybrid',
    ]);
    expect(chunksPerQuestion({ ks: [1, 2, 5], answerKs: [20], llm: undefined })).toBe(10);
    expect(chunksPerQuestion({ ks: [1, 2, 5], answerKs: [20], llm: 'm' })).toBe(20);
  });
});


describe('latency summary', () => {
  it('interpolates percentiles over the sorted times, whatever their order', () => {
    expect(summarize([4, 1, 3, 2, 5])).toEqual({ runs: 5, mean: 3, p50: 3, p95: 4.8, max: 5 });
    expect(summarize([]).p50).toBeNaN();
  });
});
