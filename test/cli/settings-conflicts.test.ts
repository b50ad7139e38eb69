/** Settings given when extending an index, against those it was built with. */
import { describe, expect, it } from 'vitest';
import { settingsConflicts } from '../../src/cli/settings-conflicts.ts';
import { createManifest } from '../../src/core/stored-index/manifest.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';

const built = createManifest(hashEmbedder(), {
  chunking: { chunkTokens: 100, overlapTokens: 10 },
  preparse: { mode: 'llm', generatorId: 'qwen-a' },
});

describe('settingsConflicts', () => {
  it('finds nothing when no setting is given, or each given one matches', () => {
    expect(settingsConflicts(built, {})).toEqual([]);
    expect(settingsConflicts(built, { chunkTokens: 100, clusterScope: 'document', seed: 42, preparse: 'llm', llm: 'qwen-a' })).toEqual([]);
  });

  it('names each option that differs, with the value the index uses', () => {
    expect(settingsConflicts(built, { chunkTokens: 200, clusterScope: 'corpus', seed: 7, raptor: true, preparse: 'extractive' })).toEqual([
      '--chunk-tokens 200 (the index uses 100)',
      '--cluster-scope corpus (the index uses document)',
      '--seed 7 (the index uses 42)',
      '--raptor (the index was built without RAPTOR)',
      '--preparse extractive (the index uses llm)',
    ]);
  });

  it('compares --llm only where pre-parsing uses a model', () => {
    expect(settingsConflicts(built, { llm: 'qwen-b' })).toEqual(['--llm qwen-b (the index uses qwen-a)']);
    const extractive = createManifest(hashEmbedder(), { preparse: { mode: 'extractive' } });
    expect(settingsConflicts(extractive, { llm: 'qwen-b' })).toEqual([]);
  });
});
