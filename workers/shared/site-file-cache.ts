/**
 * Files of this site that a worker needs only for some people (OCR's models, USE-Lite's weights):
 * fetched the first time, then read from a Cache Storage cache of their own, so that they work
 * offline afterwards and are never part of every visitor's precache.
 */

/** The file could not be had: offline before it was ever fetched, or the site does not serve it. */
export class SiteFileUnavailableError extends Error {
  override name = 'SiteFileUnavailableError';
}

/** Makes the error a caller's users are told of (each kind of file has its own). */
export type Unavailable = (message: string, cause?: unknown) => Error;

export interface SiteFileCache {
  /** The file at `url`, from the cache or fetched and put there; `what` names it in errors. */
  read(url: string, what: string, options?: { replaces?: boolean; onBytes?: (loaded: number, total: number) => void }): Promise<Response>;
}

export function siteFileCache(
  name: string,
  unavailable: Unavailable = (message, cause) => new SiteFileUnavailableError(message, { cause }),
): SiteFileCache {
  return {
    async read(url, what, { replaces = false, onBytes } = {}) {
      // The Cache API is missing in some private modes: the files are then fetched every session.
      const cache = await caches.open(name).catch(() => undefined);
      const cached = await cache?.match(url);
      if (cached) return cached;
      if (cache && replaces) {
        for (const request of await cache.keys()) if (request.url !== url && unhashed(request.url) === unhashed(url)) await cache.delete(request);
      }
      let response: Response;
      try {
        response = await fetch(url);
      } catch (error) {
        throw unavailable(`${what} could not be downloaded from this site (offline before it was ever used?)`, error);
      }
      if (!response.ok) throw unavailable(`${what} could not be downloaded from this site (HTTP ${response.status})`);
      if (onBytes) response = await metered(response, onBytes);
      await cache?.put(url, response.clone());
      return response;
    },
  };
}

/** The response read to its end with its progress reported, as a new response of the same bytes. */
async function metered(response: Response, onBytes: (loaded: number, total: number) => void): Promise<Response> {
  const total = Number(response.headers.get('Content-Length') ?? 0);
  const reader = response.body?.getReader();
  if (!reader) return response;
  const parts: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    onBytes(loaded, Math.max(total, loaded));
  }
  return new Response(new Blob(parts as BlobPart[]), { status: response.status, headers: response.headers });
}

/** A built asset's path without the content hash Vite puts before its extension (`name-Ab1_-x9Z.wasm`). */
function unhashed(url: string): string {
  return new URL(url).pathname.replace(/-[\w-]{8}(\.\w+)$/, '$1');
}
