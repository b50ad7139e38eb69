/**
 * The models the browser has cached, and freeing them; run in the engine worker so the page never
 * touches weight files. transformers.js keeps each file in the `transformers-cache` Cache Storage
 * under its URL; web-llm keeps weights, model libraries and configs in caches named `webllm/…`. A
 * model is identified by its repo (hub or /models/ path) or by its web-llm model_id.
 */
import type { CachedModel } from '../../src/protocol/api.ts';

/** Where transformers.js keeps model files (its `env.cacheKey`). */
export const TRANSFORMERS_CACHE = 'transformers-cache';
const WEBLLM_PREFIX = 'webllm/';

/** `…/<owner>/<name>/resolve/<rev>/file` on a hub or mirror, `/models/<name>/file` locally. */
function modelOfUrl(url: string): string | undefined {
  const path = new URL(url, 'http://localhost/').pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const resolve = path.indexOf('resolve');
  if (resolve >= 1) return path.slice(Math.max(0, resolve - 2), resolve).join('/');
  const models = path.indexOf('models');
  if (models >= 0 && path.length > models + 2) return path[models + 1];
  return undefined;
}

/**
 * Sizes from each cached response's Content-Length, never from its body: a weight file can be
 * gigabytes, and reading it to count its bytes would cost as much as loading the model. A file
 * cached without the header adds nothing and marks its model's size `approximate` (a lower bound).
 */
export async function cachedModels(storage: CacheStorage = caches): Promise<CachedModel[]> {
  const models = new Map<string, CachedModel>();
  for (const name of await modelCaches(storage)) {
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const id = modelOfUrl(request.url);
      if (!id) continue;
      const model = models.get(id) ?? { id, bytes: 0 };
      const length = Number((await cache.match(request))?.headers.get('content-length') ?? NaN);
      if (Number.isFinite(length) && length >= 0) model.bytes += length;
      else model.approximate = true;
      models.set(id, model);
    }
  }
  return [...models.values()].sort((a, b) => a.id.localeCompare(b.id));
}

export async function deleteCachedModel(id: string, storage: CacheStorage = caches): Promise<void> {
  for (const name of await modelCaches(storage)) {
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const model = modelOfUrl(request.url);
      if (model === id || model?.endsWith(`/${id}`)) await cache.delete(request);
    }
  }
}

/**
 * Which of `modelId`'s files the browser already holds, as a test on the file names the loaders
 * report progress under (`onnx/model.onnx`). Loading those is a cache read, not a download, and
 * must not open the download panel. A cache that cannot be read holds nothing.
 */
export async function cachedFileTest(modelId: string, storage: CacheStorage | undefined = globalThis.caches): Promise<(file: string) => boolean> {
  const paths: string[] = [];
  try {
    for (const name of storage ? await modelCaches(storage) : []) {
      for (const request of await (await storage!.open(name)).keys()) {
        const path = decodeURIComponent(new URL(request.url).pathname);
        // Hub and mirror URLs (`/owner/name/resolve/rev/file`) and the site's (`/models/owner/name/file`) both hold the id.
        if (path.includes(`/${modelId}/`)) paths.push(path);
      }
    }
  } catch {
    return () => false;
  }
  return (file) => paths.some((path) => path.endsWith(`/${file}`));
}

async function modelCaches(storage: CacheStorage): Promise<string[]> {
  return (await storage.keys()).filter((name) => name === TRANSFORMERS_CACHE || name.startsWith(WEBLLM_PREFIX));
}
