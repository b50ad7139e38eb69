import { describe, expect, it } from 'vitest';
import { probeDevice } from '../../src/models/device.ts';
import type { GpuAdapterLike, NavigatorLike } from '../../src/models/device.ts';
import { getModel } from '../../src/models/registry.ts';

const MiB = 1024 * 1024;

// A page's navigator fits the probe's parameter type (the DOM typings have no `gpu` yet).
export const navigatorFits = (nav: Navigator): NavigatorLike => nav;

function adapter(opts: { f16?: boolean; fallback?: boolean; maxBufferSize?: number; binding?: number; legacyFallbackFlag?: boolean } = {}): GpuAdapterLike {
  const features = new Set<string>(opts.f16 ? ['shader-f16', 'timestamp-query'] : ['timestamp-query']);
  return {
    features,
    limits: {
      maxBufferSize: opts.maxBufferSize ?? 2048 * MiB,
      maxStorageBufferBindingSize: opts.binding ?? 2048 * MiB,
      maxComputeWorkgroupStorageSize: 32768,
      maxStorageBuffersPerShaderStage: 10,
    },
    ...(opts.legacyFallbackFlag
      ? { isFallbackAdapter: true, info: { vendor: 'google', architecture: 'swiftshader' } }
      : { info: { vendor: 'nvidia', architecture: 'ampere', isFallbackAdapter: opts.fallback ?? false } }),
  };
}

function nav(found: GpuAdapterLike | null | 'throws', hardwareConcurrency = 8): NavigatorLike {
  return {
    hardwareConcurrency,
    gpu: {
      requestAdapter: async () => {
        if (found === 'throws') throw new Error('GPU process crashed');
        return found;
      },
    },
  };
}

describe('probeDevice', () => {
  it('uses WASM everywhere without WebGPU', async () => {
    const report = await probeDevice({ hardwareConcurrency: 4 });
    expect(report).toMatchObject({
      webgpu: false,
      shaderF16: false,
      threads: 4,
      embedderDevice: 'wasm',
      generatorBackend: 'transformers-wasm',
    });
    expect(report.reasons[0]).toMatch(/no WebGPU/);
    expect(report.reasons.join(' ')).toMatch(/4 threads/);
  });

  it('uses WASM when no adapter is granted or the request fails', async () => {
    for (const found of [null, 'throws'] as const) {
      const report = await probeDevice(nav(found));
      expect(report.embedderDevice).toBe('wasm');
      expect(report.generatorBackend).toBe('transformers-wasm');
      expect(report.reasons[0]).toMatch(/no GPU adapter/);
    }
  });

  it('picks web-llm q4f16 on a GPU with shader-f16', async () => {
    const report = await probeDevice(nav(adapter({ f16: true })));
    expect(report).toMatchObject({
      webgpu: true,
      fallbackAdapter: false,
      shaderF16: true,
      maxBufferSize: 2048 * MiB,
      adapterName: 'nvidia ampere',
      embedderDevice: 'webgpu',
      generatorBackend: 'webllm-q4f16',
    });
  });

  it('picks web-llm q4f32 on a GPU without shader-f16, and says why', async () => {
    const report = await probeDevice(nav(adapter({ f16: false })));
    expect(report.generatorBackend).toBe('webllm-q4f32');
    expect(report.shaderF16).toBe(false);
    expect(report.reasons.join(' ')).toMatch(/shader-f16/);
  });

  it('falls back to transformers.js on WebGPU when the limits are below what web-llm requests', async () => {
    const small = await probeDevice(nav(adapter({ f16: true, maxBufferSize: 128 * MiB })));
    expect(small.embedderDevice).toBe('webgpu');
    expect(small.generatorBackend).toBe('transformers-webgpu');
    expect(small.reasons.join(' ')).toMatch(/maxBufferSize is 128 MiB \(web-llm needs 256 MiB\)/);
    const binding = await probeDevice(nav(adapter({ binding: 64 * MiB })));
    expect(binding.generatorBackend).toBe('transformers-webgpu');
  });

  it('treats a software adapter (SwiftShader) as no GPU unless allowed', async () => {
    const swiftshader = adapter({ fallback: true, maxBufferSize: 1024 * MiB, binding: 1024 * MiB });
    const report = await probeDevice(nav(swiftshader, 2));
    expect(report).toMatchObject({ webgpu: true, fallbackAdapter: true, embedderDevice: 'wasm', generatorBackend: 'transformers-wasm' });
    expect(report.reasons[0]).toMatch(/software/);
    const allowed = await probeDevice(nav(swiftshader), { allowFallbackAdapter: true });
    expect(allowed).toMatchObject({ embedderDevice: 'webgpu', generatorBackend: 'webllm-q4f32' });
    const legacy = await probeDevice(nav(adapter({ legacyFallbackFlag: true })));
    expect(legacy.fallbackAdapter).toBe(true);
    expect(legacy.embedderDevice).toBe('wasm');
  });

  it('honours forceWasm and generators without a web-llm build', async () => {
    const forced = await probeDevice(nav(adapter({ f16: true })), { forceWasm: true });
    expect(forced.generatorBackend).toBe('transformers-wasm');
    expect(forced.reasons[0]).toMatch(/turned off/);
    const tiny = await probeDevice(nav(adapter({ f16: true })), { generator: getModel('tiny-random-qwen3') });
    expect(tiny).toMatchObject({ embedderDevice: 'webgpu', generatorBackend: 'transformers-webgpu' });
    const qwen = await probeDevice(nav(adapter({ f16: true })), { generator: getModel('onnx-community/Qwen3-0.6B-ONNX') });
    expect(qwen.generatorBackend).toBe('webllm-q4f16');
  });
});
