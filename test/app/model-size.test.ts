import { describe, expect, it } from 'vitest';
import { modelSize } from '../../src/app/lib/model-size.ts';
import type { DeviceSummary } from '../../src/protocol/api.ts';
import { getModel } from '../../src/models/registry.ts';

const model = getModel('tiny-lexical-bert-zh');
const MiB = 1024 * 1024;

const processor: DeviceSummary = {
  webgpu: false,
  shaderF16: false,
  fallbackAdapter: false,
  embedderDevice: 'wasm',
  generatorBackend: 'transformers-wasm',
  reasons: [],
};
const gpu: DeviceSummary = { ...processor, webgpu: true, shaderF16: true, embedderDevice: 'webgpu', generatorBackend: 'webllm-q4f16' };

describe('modelSize', () => {
  it('is the registry estimate until the model is cached, then the cached bytes', () => {
    expect(modelSize(model, undefined)).toEqual({ bytes: 3 * MiB, kind: 'estimate' });
    expect(modelSize(model, [{ id: 'other', bytes: 5 }])).toEqual({ bytes: 3 * MiB, kind: 'estimate' });
    expect(modelSize(model, [{ id: 'tiny-lexical-bert-zh', bytes: 3_461_000 }], gpu)).toEqual({ bytes: 3_461_000, kind: 'exact' });
  });

  it('finds a hub model under its repository and says when the cached size is only a floor', () => {
    const hub = { ...getModel('Xenova/bge-small-en-v1.5'), id: 'bge-small-zh', repo: 'Xenova/bge-small-zh-v1.5', sizeMB: 24 };
    expect(modelSize(hub, [{ id: 'Xenova/bge-small-zh-v1.5', bytes: 100, approximate: true }])).toEqual({ bytes: 100, kind: 'floor' });
  });

  it("is the size of the file the device loads: the chat model's q8 on the processor, not its default q4f16", () => {
    const qwen = getModel('onnx-community/Qwen2.5-0.5B-Instruct');
    expect(qwen.sizeMB).toBe(483);
    expect(modelSize(qwen, [], processor)).toEqual({ bytes: 512 * MiB, kind: 'estimate' });
    // a GPU that cannot run web-llm: transformers.js on WebGPU, the default q4f16 file
    expect(modelSize(qwen, [], { ...gpu, generatorBackend: 'transformers-webgpu' })).toEqual({ bytes: 483 * MiB, kind: 'estimate' });
    const e5 = getModel('Xenova/multilingual-e5-small');
    expect(modelSize(e5, [], processor)).toEqual({ bytes: 118 * MiB, kind: 'estimate' });
    expect(modelSize(e5, [], gpu)).toEqual({ bytes: 236 * MiB, kind: 'estimate' });
    expect(modelSize(e5, [], { ...gpu, shaderF16: false })).toEqual({ bytes: 472 * MiB, kind: 'estimate' });
  });

  it('says the size is not known rather than give another file\'s', () => {
    // web-llm downloads an MLC build of the model; another generator's q8 file was not looked up
    expect(modelSize(getModel('onnx-community/Qwen2.5-0.5B-Instruct'), [], gpu)).toEqual({ kind: 'unknown' });
    expect(modelSize(getModel('onnx-community/Qwen3-0.6B-ONNX'), [], processor)).toEqual({ kind: 'unknown' });
    // without web-llm builds the tiny model runs on transformers.js on the GPU too: its q4f16 file
    expect(modelSize(getModel('tiny-random-qwen3'), [], gpu)).toEqual({ bytes: 6.4 * MiB, kind: 'estimate' });
  });
});
