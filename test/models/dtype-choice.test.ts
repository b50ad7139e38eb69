import { describe, expect, it } from 'vitest';
import { chooseDtype } from '../../src/models/dtype-choice.ts';
import { getModel, MODEL_REGISTRY } from '../../src/models/registry.ts';
import { resolveInfo } from '../../src/models/transformers-load.ts';

const e5 = getModel('Xenova/multilingual-e5-small');
const bgeSmall = getModel('Xenova/bge-small-en-v1.5');
const reranker = getModel('Xenova/bge-reranker-base');
const qwen = getModel('onnx-community/Qwen2.5-0.5B-Instruct');
const qwen15 = getModel('onnx-community/Qwen2.5-1.5B-Instruct');

describe('chooseDtype', () => {
  it('keeps every default on the CPU but an f16 one, which gives way to q8', () => {
    for (const model of MODEL_REGISTRY) {
      for (const device of ['wasm', 'cpu'] as const) {
        const expected = model.dtype === 'q4f16' || model.dtype === 'fp16' ? 'q8' : model.dtype;
        expect(chooseDtype(model, device), `${model.id} on ${device}`).toBe(expected);
      }
    }
    // the generator Node's CLI and a browser without WebGPU load
    expect(chooseDtype(qwen, 'cpu')).toBe('q8');
  });

  it('never loads the dynamically quantized q8 file on WebGPU when a float or 4-bit file exists', () => {
    expect(chooseDtype(e5, 'webgpu', true)).toBe('fp16');
    expect(chooseDtype(e5, 'webgpu', false)).toBe('fp32');
    expect(chooseDtype(reranker, 'webgpu', true)).toBe('fp16');
    expect(chooseDtype(reranker, 'webgpu', false)).toBe('fp32');
    // no fp16 file: fp32 even where the GPU could run f16
    expect(chooseDtype(bgeSmall, 'webgpu', true)).toBe('fp32');
    for (const model of MODEL_REGISTRY) {
      if (model.dtypes.some((d) => d !== 'q8')) expect(chooseDtype(model, 'webgpu', false), model.id).not.toBe('q8');
    }
  });

  it('runs an f16 generator on WebGPU only with shader-f16, else its 4-bit build', () => {
    expect(chooseDtype(qwen, 'webgpu', true)).toBe('q4f16');
    expect(chooseDtype(qwen, 'webgpu', false)).toBe('q4');
    expect(chooseDtype(qwen15, 'webgpu', false)).toBe('q4');
  });

  it('keeps the default where nothing better is listed, on CUDA, and for a model whose files are not known', () => {
    expect(chooseDtype({ dtype: 'q8', dtypes: ['q8'] }, 'webgpu', false)).toBe('q8');
    expect(chooseDtype({ dtype: 'q4f16', dtypes: ['q4f16'] }, 'wasm')).toBe('q4f16');
    expect(chooseDtype(qwen, 'cuda')).toBe('q4f16');
    expect(chooseDtype({ dtype: 'q8', dtypes: [] }, 'webgpu', true)).toBe('q8');
  });
});

describe('the transformers.js loaders', () => {
  it('load the file chosen for their device unless a file is asked for', () => {
    expect(resolveInfo(e5.id, 'embedder', { device: 'webgpu', shaderF16: false }).dtype).toBe('fp32');
    expect(resolveInfo(e5.id, 'embedder', { device: 'wasm' }).dtype).toBe('q8');
    expect(resolveInfo(reranker.id, 'reranker', { device: 'webgpu', shaderF16: true }).dtype).toBe('fp16');
    // in Node, with no device given: the CPU
    expect(resolveInfo(qwen.id, 'generator').dtype).toBe('q8');
    expect(resolveInfo(qwen.id, 'generator', { dtype: 'q4f16' }).dtype).toBe('q4f16');
  });
});
