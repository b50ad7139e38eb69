/**
 * The models the browser has cached, and freeing them. transformers.js keeps each file in the
 * `transformers-cache` Cache Storage under its URL; web-llm keeps weights, model libraries and
 * configs in caches named `webllm/…`. A model is identified by its repo (hub or /models/ path)
 * or by its web-llm model_id.
 */
import type { CachedModel } from './api.ts';

const TRANSFORMERS_CACHE = 'transformers-cache';
const WEBLLM_PREFIX = 'webllm/';

/** `…/<owner>/<name>/resolve/<rev>/file` on a hub or mirror, `/models/<name>/file` locally. */
export function modelOfUrl(url: string): string | undefined {
  const path = new URL(url, 'http://localhost/').pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const resolve = path.indexOf('resolve');
  if (resolve >= 1) return path.slice(Math.max(0, resolve - 2), resolve).join('/');
  const models = path.indexOf('models');
  if (models >= 0 && path.length > models + 2) return path[models + 1];
  return undefined;
}

export async function cachedModels(storage: CacheStorage = caches): Promise<CachedModel[]> {
  const sizes = new Map<string, number>();
  for (const name of await storage.keys()) {
    if (name !== TRANSFORMERS_CACHE && !name.startsWith(WEBLLM_PREFIX)) continue;
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const id = modelOfUrl(request.url);
      if (!id) continue;
      sizes.set(id, (sizes.get(id) ?? 0) + (await sizeOf(cache, request)));
    }
  }
  return [...sizes].map(([id, bytes]) => ({ id, bytes })).sort((a, b) => a.id.localeCompare(b.id));
}

export async function deleteCachedModel(id: string, storage: CacheStorage = caches): Promise<void> {
  for (const name of await storage.keys()) {
    if (name !== TRANSFORMERS_CACHE && !name.startsWith(WEBLLM_PREFIX)) continue;
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      if (modelOfUrl(request.url) === id || modelOfUrl(request.url)?.endsWith(`/${id}`)) await cache.delete(request);
    }
  }
}

/** Content-Length when the response kept it, else the body's size (read once, only here). */
async function sizeOf(cache: Cache, request: Request): Promise<number> {
  const response = await cache.match(request);
  if (!response) return 0;
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  return (await response.blob()).size;
}
