import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { getModel, modelsFor } from '../../src/models/registry.ts';
import {
  chooseWebLlmModel,
  prebuiltRecord,
  registryWebLlmIds,
  webLlmAppConfig,
} from '../../src/models/webllm-config.ts';

describe('web-llm model choice', () => {
  it('picks q4f16 only when the adapter has shader-f16', () => {
    const qwen3 = getModel('onnx-community/Qwen3-0.6B-ONNX');
    expect(chooseWebLlmModel(qwen3, { shaderF16: true })).toEqual({
      modelId: 'Qwen3-0.6B-q4f16_1-MLC',
      quant: 'q4f16',
      vramMB: 1403,
    });
    expect(chooseWebLlmModel(qwen3, { shaderF16: false })).toEqual({
      modelId: 'Qwen3-0.6B-q4f32_1-MLC',
      quant: 'q4f32',
      vramMB: 1925,
    });
    expect(chooseWebLlmModel(getModel('tiny-random-qwen3'), { shaderF16: true })).toBeUndefined();
  });

  it('names only builds that web-llm 0.2.86 really ships, with the VRAM the registry states', () => {
    const ids = registryWebLlmIds();
    expect(ids).toEqual(
      expect.arrayContaining(['Qwen2.5-0.5B-Instruct-q4f16_1-MLC', 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC', 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC', 'Qwen3-0.6B-q4f16_1-MLC']),
    );
    for (const info of modelsFor('generator')) {
      const builds = info.webllm;
      if (!builds) continue;
      const r16 = prebuiltRecord(builds.q4f16 ?? '');
      const r32 = prebuiltRecord(builds.q4f32 ?? '');
      expect(r16, builds.q4f16).toBeDefined();
      expect(r32, builds.q4f32).toBeDefined();
      expect(Math.round(r16?.vram_required_MB ?? 0)).toBe(builds.vramMB16);
      expect(Math.round(r32?.vram_required_MB ?? 0)).toBe(builds.vramMB32);
      expect(r16?.overrides?.context_window_size).toBe(info.contextTokens);
    }
    expect(prebuiltRecord('No-Such-Model-q4f16_1-MLC')).toBeUndefined();
  });
});

describe('web-llm AppConfig', () => {
  it('keeps the prebuilt URLs without a base, and marks q4f16 builds as needing shader-f16', () => {
    const config = webLlmAppConfig({ modelIds: ['Qwen3-0.6B-q4f16_1-MLC', 'Qwen3-0.6B-q4f32_1-MLC'] });
    const [f16, f32] = config.model_list;
    const original = prebuiltAppConfig.model_list.find((m) => m.model_id === 'Qwen3-0.6B-q4f16_1-MLC');
    expect(f16.model).toBe(original?.model);
    expect(f16.model_lib).toBe(original?.model_lib);
    expect(f16.required_features).toEqual(['shader-f16']);
    expect(f32.required_features ?? []).not.toContain('shader-f16');
    // The prebuilt list itself is left untouched.
    expect(original?.required_features).toBeUndefined();
    expect(config).not.toHaveProperty('cacheBackend');
  });

  it('rewrites weights and libraries to a mirror with absolute URLs', () => {
    const config = webLlmAppConfig({
      base: 'https://mirror.example.org/hf',
      libBase: 'https://cdn.example.org/mlc-libs/',
      modelIds: ['Qwen2.5-0.5B-Instruct-q4f32_1-MLC'],
      cacheBackend: 'indexeddb',
    });
    expect(config.cacheBackend).toBe('indexeddb');
    const [record] = config.model_list;
    expect(record.model_id).toBe('Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
    expect(record.model).toBe('https://mirror.example.org/hf/mlc-ai/Qwen2.5-0.5B-Instruct-q4f32_1-MLC');
    expect(record.model_lib).toBe('https://cdn.example.org/mlc-libs/Qwen2-0.5B-Instruct-q4f32_1_cs1k-webgpu.wasm');
    expect(record.vram_required_MB).toBeCloseTo(1060.2, 1);
  });

  it('resolves a served folder against the origin, because web-llm needs absolute URLs', () => {
    const config = webLlmAppConfig({
      base: '/models/webllm/',
      libBase: '/models/webllm/libs',
      origin: 'http://localhost:5173/app/',
      modelIds: ['Qwen3-0.6B-q4f32_1-MLC'],
    });
    const [record] = config.model_list;
    expect(record.model).toBe('http://localhost:5173/models/webllm/mlc-ai/Qwen3-0.6B-q4f32_1-MLC');
    expect(record.model_lib).toBe('http://localhost:5173/models/webllm/libs/Qwen3-0.6B-q4f32_1_cs1k-webgpu.wasm');
    expect(() => webLlmAppConfig({ base: '/models/', modelIds: [] })).toThrow(/absolute URL/);
  });

  it('lists every registry build by default and refuses unknown ids', () => {
    expect(webLlmAppConfig().model_list.map((m) => m.model_id)).toEqual([
      'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
      'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
      'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
      'Qwen3-0.6B-q4f16_1-MLC',
      'Qwen3-0.6B-q4f32_1-MLC',
    ]);
    expect(() => webLlmAppConfig({ modelIds: ['Qwen9-1B-q4f16_1-MLC'] })).toThrow(/no prebuilt model/);
  });
});
