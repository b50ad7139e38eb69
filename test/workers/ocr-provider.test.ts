import { describe, expect, it } from 'vitest';
import { firstThatLoads, ocrProviders, type OcrProvider } from '../../workers/ocr/ocr-provider.ts';

const gpu = { webgpu: true, fallbackAdapter: false };
const software = { webgpu: true, fallbackAdapter: true };
const none = { webgpu: false, fallbackAdapter: false };

describe('ocrProviders', () => {
  it('tries WebGPU first on a GPU, WebAssembly behind it', () => {
    expect(ocrProviders('auto', gpu)).toEqual(['webgpu', 'wasm']);
    expect(ocrProviders('webgpu', gpu)).toEqual(['webgpu', 'wasm']);
  });

  it('keeps to WebAssembly without an adapter, when told to, and on a software adapter unless WebGPU is asked for', () => {
    expect(ocrProviders('auto', none)).toEqual(['wasm']);
    expect(ocrProviders('webgpu', none)).toEqual(['wasm']);
    expect(ocrProviders('wasm', gpu)).toEqual(['wasm']);
    expect(ocrProviders('auto', software)).toEqual(['wasm']);
    expect(ocrProviders('webgpu', software)).toEqual(['webgpu', 'wasm']);
  });
});

describe('firstThatLoads', () => {
  it('falls back to the next provider when the sessions cannot be created on one', async () => {
    const tried: OcrProvider[] = [];
    const result = await firstThatLoads(['webgpu', 'wasm'], async (provider) => {
      tried.push(provider);
      if (provider === 'webgpu') throw new Error('the OCR models could not be loaded: no WebGPU kernel for Foo');
      return `sessions on ${provider}`;
    });
    expect(result).toEqual({ provider: 'wasm', loaded: 'sessions on wasm', failures: ['webgpu: the OCR models could not be loaded: no WebGPU kernel for Foo'] });
    expect(tried).toEqual(['webgpu', 'wasm']);
  });

  it('stops at the first that loads, and throws the last failure when none does', async () => {
    const tried: OcrProvider[] = [];
    expect(await firstThatLoads(['webgpu', 'wasm'], async (p) => (tried.push(p), p))).toEqual({ provider: 'webgpu', loaded: 'webgpu', failures: [] });
    expect(tried).toEqual(['webgpu']);
    await expect(firstThatLoads(['webgpu', 'wasm'], async (p) => Promise.reject(new Error(`${p} failed`)))).rejects.toThrow('wasm failed');
  });
});
