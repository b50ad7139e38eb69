import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNodeModels } from '../../src/models/node.ts';
import type { NodeModels } from '../../src/models/node.ts';
import { currentModelSource } from '../../src/models/source.ts';
import { MODELS_DIR } from '../support/paths.ts';

describe('loadNodeModels', () => {
  let models: NodeModels;

  beforeAll(async () => {
    models = await loadNodeModels({
      modelsDir: MODELS_DIR,
      embedder: 'tiny-lexical-bert-zh',
      reranker: 'tiny-random-bert-reranker-zh',
      generator: 'tiny-random-qwen3',
      dtypes: { 'tiny-random-bert-reranker-zh': 'fp32' },
    });
  });

  afterAll(async () => {
    await models?.dispose();
  });

  it('configures the local folder and loads working adapters for the three ports', async () => {
    expect(currentModelSource()).toEqual({ kind: 'local', path: `${path.resolve(MODELS_DIR)}/` });
    expect(models.embedder.id).toBe('tiny-lexical-bert-zh');
    expect((await models.embedder.embed(['数据'], 'query'))[0]).toHaveLength(128);
    expect(models.reranker?.info.dtype).toBe('fp32');
    expect(models.generator?.info.dtype).toBe('q8');
    expect(await models.reranker?.score('数据', ['数据安全', '天气'])).toHaveLength(2);
    const pieces: string[] = [];
    for await (const piece of models.generator?.stream([{ role: 'user', content: '你好' }], { maxTokens: 4 }) ?? []) {
      pieces.push(piece);
    }
    expect(pieces.join('').length).toBeGreaterThan(0);
  });

  it("loads a generator's q8 file on the CPU where its default is q4f16, which onnxruntime-node would emulate", async () => {
    // the production generator's id, holding the tiny Qwen3 (which has both files): what the CLI
    // loads for it with no dtype given
    const dir = mkdtempSync(path.join(os.tmpdir(), 'loci-models-'));
    mkdirSync(path.join(dir, 'onnx-community'));
    symlinkSync(path.join(path.resolve(MODELS_DIR), 'tiny-random-qwen3'), path.join(dir, 'onnx-community', 'Qwen2.5-0.5B-Instruct'));
    symlinkSync(path.join(path.resolve(MODELS_DIR), 'glove-static-en-100d'), path.join(dir, 'glove-static-en-100d'));
    const files = new Set<string>();
    const cli = await loadNodeModels({
      modelsDir: dir,
      embedder: 'glove-static-en-100d',
      generator: 'onnx-community/Qwen2.5-0.5B-Instruct',
      onProgress: (model, progress) => files.add(`${model} ${progress.file}`),
    });
    try {
      expect(cli.generator?.info.dtype).toBe('q8');
      const onnx = [...files].filter((f) => f.startsWith('onnx-community/') && f.includes('onnx/'));
      expect(onnx).toEqual(['onnx-community/Qwen2.5-0.5B-Instruct onnx/model_quantized.onnx']);
    } finally {
      await cli.dispose();
      rmSync(dir, { recursive: true });
    }
  });

  it('leaves out the models that were not asked for', async () => {
    const only = await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'glove-static-en-100d' });
    expect(only.embedder.dimension).toBe(100);
    expect(only).not.toHaveProperty('generator');
    expect(only).not.toHaveProperty('reranker');
    await only.dispose();
  });

  it('says plainly when a model is not in the folder or is the wrong kind', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'loci-models-'));
    await expect(loadNodeModels({ modelsDir: empty, embedder: 'Xenova/multilingual-e5-small' })).rejects.toThrow(
      /embedder "Xenova\/multilingual-e5-small" is not in .*loci-models-/,
    );
    await expect(loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'tiny-random-qwen3' })).rejects.toThrow(
      /is a generator; it cannot be used as the embedder/,
    );
    await expect(loadNodeModels({ embedder: 'tiny-lexical-bert-zh' })).rejects.toThrow(/modelsDir or source/);
  });
});
