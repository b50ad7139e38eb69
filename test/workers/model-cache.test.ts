/** Which files of a model the browser already holds: the download panel ignores reading them. */
import { describe, expect, it } from 'vitest';
import { cachedFileTest } from '../../workers/engine/model-cache.ts';

/** Just enough of CacheStorage: named caches holding request URLs. */
function cacheStorage(caches: Record<string, string[]>): CacheStorage {
  return {
    keys: async () => Object.keys(caches),
    open: async (name: string) => ({ keys: async () => (caches[name] ?? []).map((url) => new Request(url)) }),
  } as unknown as CacheStorage;
}

describe('cachedFileTest', () => {
  it('knows the cached files of one model, from the hub or the site, and nothing of another', async () => {
    const storage = cacheStorage({
      'transformers-cache': [
        'https://huggingface.co/Xenova/multilingual-e5-small/resolve/main/onnx/model_quantized.onnx',
        'http://localhost:4173/models/Xenova/multilingual-e5-small/tokenizer.json',
        'https://huggingface.co/Xenova/other/resolve/main/config.json',
      ],
      'unrelated': ['https://example.com/Xenova/multilingual-e5-small/config.json'],
    });
    const cached = await cachedFileTest('Xenova/multilingual-e5-small', storage);
    expect(cached('onnx/model_quantized.onnx')).toBe(true);
    expect(cached('tokenizer.json')).toBe(true);
    // Not cached for this model (only for another, or in a cache that is not a model cache).
    expect(cached('config.json')).toBe(false);
    expect(cached('model.onnx')).toBe(false);
  });

  it('treats no Cache Storage (Node) or an unreadable one as holding nothing', async () => {
    expect((await cachedFileTest('m', undefined))('config.json')).toBe(false);
    const broken = { keys: async () => Promise.reject(new Error('blocked')) } as unknown as CacheStorage;
    expect((await cachedFileTest('m', broken))('config.json')).toBe(false);
  });
});
