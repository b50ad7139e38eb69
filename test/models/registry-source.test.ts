import { env } from '@huggingface/transformers';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBEDDER,
  DEFAULT_GENERATOR,
  DEFAULT_RERANKER,
  MODEL_REGISTRY,
  findModel,
  getModel,
  modelsFor,
} from '../../src/models/registry.ts';
import { configureModelSource, currentModelSource } from '../../src/models/source.ts';
import { runtimeDevice } from '../../src/models/transformers-load.ts';
import { MODELS_DIR } from '../support/paths.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const DTYPE_FILE: Record<string, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  q4: 'model_q4.onnx',
  q4f16: 'model_q4f16.onnx',
};

describe('model registry', () => {
  it('has the defaults and the models by task', () => {
    expect(getModel(DEFAULT_EMBEDDER)).toMatchObject({
      task: 'embedder',
      dimension: 384,
      pooling: 'mean',
      queryPrefix: 'query: ',
      passagePrefix: 'passage: ',
    });
    expect(getModel(DEFAULT_GENERATOR).task).toBe('generator');
    expect(getModel(DEFAULT_RERANKER).task).toBe('reranker');
    expect(getModel('Xenova/bge-small-en-v1.5')).toMatchObject({
      pooling: 'cls',
      queryPrefix: 'Represent this sentence for searching relevant passages: ',
      passagePrefix: '',
    });
    expect(modelsFor('embedder').map((m) => m.id)).toEqual(
      expect.arrayContaining(['glove-static-en-100d', 'tiny-lexical-bert-zh', 'Xenova/multi-qa-mpnet-base-cos-v1']),
    );
    expect(modelsFor('reranker').map((m) => m.id)).toEqual(['tiny-random-bert-reranker-zh', 'Xenova/bge-reranker-base']);
    expect(new Set(MODEL_REGISTRY.map((m) => m.id)).size).toBe(MODEL_REGISTRY.length);
  });

  it('finds models by id, repo or web-llm build, and names the known ids otherwise', () => {
    expect(findModel('Qwen3-0.6B-q4f32_1-MLC')?.id).toBe('onnx-community/Qwen3-0.6B-ONNX');
    expect(findModel('nope')).toBeUndefined();
    expect(() => getModel('nope')).toThrow(/Unknown model "nope". Known: .*tiny-lexical-bert-zh/);
  });

  it('ships the local tiny models in the models folder, with every dtype it lists', () => {
    for (const info of MODEL_REGISTRY.filter((m) => m.local)) {
      const dir = path.join(MODELS_DIR, info.repo);
      expect(existsSync(dir), dir).toBe(true);
      for (const dtype of info.dtypes) expect(existsSync(path.join(dir, 'onnx', DTYPE_FILE[dtype])), `${info.id} ${dtype}`).toBe(true);
      expect(info.dtypes).toContain(info.dtype);
    }
  });

  it('matches the config of every registry model found in the models folder', () => {
    // Production models are here only on machines that downloaded them; each one found is checked.
    const found = MODEL_REGISTRY.filter((m) => existsSync(path.join(MODELS_DIR, m.repo, 'config.json')));
    expect(found.length).toBeGreaterThanOrEqual(MODEL_REGISTRY.filter((m) => m.local).length);
    for (const info of found) {
      const config = JSON.parse(readFileSync(path.join(MODELS_DIR, info.repo, 'config.json'), 'utf8')) as {
        architectures?: string[];
        hidden_size?: number;
        max_position_embeddings?: number;
      };
      const architecture = config.architectures?.[0] ?? '';
      if (info.task === 'embedder') {
        expect(architecture, info.id).not.toMatch(/For/);
        expect(config.hidden_size, info.id).toBe(info.dimension);
      }
      if (info.task === 'reranker') expect(architecture, info.id).toMatch(/ForSequenceClassification$/);
      if (info.task === 'generator') {
        expect(architecture, info.id).toMatch(/ForCausalLM$/);
        expect(config.max_position_embeddings, info.id).toBeGreaterThanOrEqual(info.contextTokens ?? 0);
      } else {
        expect(config.max_position_embeddings, info.id).toBeGreaterThanOrEqual(info.maxTokens);
      }
    }
  });
});

describe('model source', () => {
  const saved = { ...env };
  afterEach(() => {
    env.allowLocalModels = saved.allowLocalModels;
    env.allowRemoteModels = saved.allowRemoteModels;
    env.localModelPath = saved.localModelPath;
    env.remoteHost = saved.remoteHost;
    env.remotePathTemplate = saved.remotePathTemplate;
  });

  it('local: files only from the folder, never the network', () => {
    configureModelSource({ kind: 'local', path: '/models' });
    expect(env.allowRemoteModels).toBe(false);
    expect(env.allowLocalModels).toBe(true);
    expect(env.localModelPath).toBe('/models/');
    expect(currentModelSource()).toEqual({ kind: 'local', path: '/models/' });
  });

  it('local: refuses an http URL (transformers.js 4.3.1 would skip the tokenizer files)', () => {
    expect(() => configureModelSource({ kind: 'local', path: 'http://localhost:5173/models/' })).toThrow(/not a URL/);
  });

  it('hub and mirror: remote only, with the hub URL layout', () => {
    configureModelSource({ kind: 'mirror', baseUrl: 'https://hf-mirror.example.com' });
    expect(env.allowRemoteModels).toBe(true);
    expect(env.allowLocalModels).toBe(false);
    expect(env.remoteHost).toBe('https://hf-mirror.example.com/');
    expect(env.remotePathTemplate).toBe('{model}/resolve/{revision}/');
    expect(currentModelSource()).toMatchObject({ kind: 'mirror', baseUrl: 'https://hf-mirror.example.com/' });
    configureModelSource({ kind: 'hub' });
    expect(env.remoteHost).toBe('https://huggingface.co/');
    expect(currentModelSource()).toEqual({ kind: 'hub' });
  });

  it('maps wasm and cpu to the name each runtime accepts', () => {
    expect(runtimeDevice('wasm', true)).toBe('cpu');
    expect(runtimeDevice(undefined, true)).toBe('cpu');
    expect(runtimeDevice('cpu', false)).toBe('wasm');
    expect(runtimeDevice('webgpu', false)).toBe('webgpu');
    expect(runtimeDevice('wasm')).toBe('cpu'); // this test runs in Node
  });
});
