/**
 * The service worker's keeping of a site's library (workers/sw/site-library-offline.ts) over an in-memory
 * Cache Storage and a site that can be rebuilt or cut off: the manifest network-first, the file
 * cache-first, offline the last pair this browser holds whole, and old files deleted once the new
 * one is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SITE_LIBRARY_CACHE, SiteLibraryFiles } from '../../workers/sw/site-library-offline.ts';

const ROOT = new URL('https://site.example/app/');

interface Entry {
  status: number;
  body: Uint8Array;
}

/** Just enough of CacheStorage: one store of whole responses per name, keyed by URL. */
function memoryCaches(): { storage: CacheStorage; urls: (name: string) => string[] } {
  const stores = new Map<string, Map<string, Entry>>();
  const store = (name: string) => stores.get(name) ?? stores.set(name, new Map()).get(name)!;
  const key = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));
  const open = async (name: string) => {
    const entries = store(name);
    return {
      match: async (request: RequestInfo | URL) => {
        const entry = entries.get(key(request));
        return entry && new Response(entry.body.length ? entry.body.slice() : null, { status: entry.status });
      },
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.set(key(request), { status: response.status, body: new Uint8Array(await response.arrayBuffer()) });
      },
      delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    };
  };
  return { storage: { open } as unknown as CacheStorage, urls: (name) => [...store(name).keys()] };
}

/** A site serving one build's manifest and library file, which can be rebuilt, or go offline. */
class Site {
  online = true;
  asked: string[] = [];
  private files = new Map<string, Response | (() => Response)>();

  publish(size = 4096): { manifest: object; file: string; bytes: Uint8Array } {
    const bytes = new Uint8Array(randomBytes(size));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const manifest = { file: `site-library/${sha256.slice(0, 16)}.loci`, sha256, bytes: size, version: 1 };
    this.files.clear();
    this.files.set(new URL('site-library.json', ROOT).href, () => Response.json(manifest));
    this.files.set(new URL(manifest.file, ROOT).href, () => new Response(bytes.slice()));
    return { manifest, file: new URL(manifest.file, ROOT).href, bytes };
  }

  /** A manifest naming a file the host does not hold, which it answers with its index.html (200), as a single-page host does. */
  publishMissing(size = 4096): { manifest: object; file: string; bytes: Uint8Array } {
    const published = this.publish(size);
    this.files.set(published.file, () => new Response('<!doctype html><title>Loci</title>', { headers: { 'content-type': 'text/html' } }));
    return published;
  }

  /** The file a manifest names, served at last. */
  serve(published: { file: string; bytes: Uint8Array }): void {
    this.files.set(published.file, () => new Response(published.bytes.slice()));
  }

  unpublish(): void {
    this.files.clear();
  }

  /** A manifest that is not one, beside what was published before. */
  publishManifest(value: unknown): void {
    this.files.set(new URL('site-library.json', ROOT).href, () => Response.json(value));
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    this.asked.push(request.url);
    if (!this.online) throw new TypeError('Failed to fetch');
    const answer = this.files.get(request.url);
    return typeof answer === 'function' ? answer() : new Response('not found', { status: 404 });
  };
}

function setUp() {
  const caches = memoryCaches();
  const site = new Site();
  const files = new SiteLibraryFiles(ROOT, caches.storage, site.fetch);
  /** The page asks for `url`, as fetch would, and the service worker finishes keeping what it keeps. */
  const ask = async (url: string): Promise<Response> => {
    const served = files.serve(new Request(url));
    if (!served) throw new Error(`${url} was left to others`);
    const [response] = await Promise.all([served.response, served.kept]);
    return response;
  };
  const manifestUrl = new URL('site-library.json', ROOT).href;
  const kept = () => caches.urls(SITE_LIBRARY_CACHE).sort();
  return { site, files, ask, manifestUrl, kept };
}

describe('the site library in the service worker', () => {
  it('reads the manifest from the site, keeps the file on first read, and gives both offline', async () => {
    const { site, ask, manifestUrl, kept } = setUp();
    const published = site.publish();
    expect(await (await ask(manifestUrl)).json()).toEqual(published.manifest);
    // the manifest alone is not given offline: this browser does not hold its file
    site.online = false;
    await expect(ask(manifestUrl)).rejects.toThrow('Failed to fetch');
    site.online = true;
    expect(new Uint8Array(await (await ask(published.file)).arrayBuffer())).toEqual(published.bytes);
    expect(kept()).toEqual([manifestUrl, published.file].sort());

    site.online = false;
    expect(await (await ask(manifestUrl)).json()).toEqual(published.manifest);
    expect(new Uint8Array(await (await ask(published.file)).arrayBuffer())).toEqual(published.bytes);
  });

  it('asks the site for a kept file never again, and for the manifest every time', async () => {
    const { site, ask, manifestUrl } = setUp();
    const published = site.publish();
    await ask(manifestUrl);
    await ask(published.file);
    await ask(published.file);
    await ask(manifestUrl);
    expect(site.asked).toEqual([manifestUrl, published.file, manifestUrl]);
  });

  it('sees a rebuilt site at once, keeps the old pair until the new file is kept, then deletes the old file', async () => {
    const { site, ask, manifestUrl, kept } = setUp();
    const first = site.publish();
    await ask(manifestUrl);
    await ask(first.file);
    const second = site.publish();
    expect(await (await ask(manifestUrl)).json()).toEqual(second.manifest);
    // offline now, the pair whose file is here still opens
    site.online = false;
    expect(await (await ask(manifestUrl)).json()).toEqual(first.manifest);
    expect(new Uint8Array(await (await ask(first.file)).arrayBuffer())).toEqual(first.bytes);
    site.online = true;
    await ask(second.file);
    expect(kept()).toEqual([manifestUrl, second.file].sort());
    site.online = false;
    expect(await (await ask(manifestUrl)).json()).toEqual(second.manifest);
  });

  it('forgets the library, file and all, when the site stops publishing one, and says so offline', async () => {
    const { site, ask, manifestUrl, kept } = setUp();
    const published = site.publish();
    await ask(manifestUrl);
    await ask(published.file);
    site.unpublish();
    expect((await ask(manifestUrl)).status).toBe(404);
    expect(kept()).toEqual([manifestUrl]);
    site.online = false;
    expect((await ask(manifestUrl)).status).toBe(404);
  });

  it('keeps the old pair when the new manifest is malformed', async () => {
    const { site, ask, manifestUrl, kept } = setUp();
    const published = site.publish();
    await ask(manifestUrl);
    await ask(published.file);
    site.publishManifest({ version: 99 });
    expect(await (await ask(manifestUrl)).json()).toEqual({ version: 99 });
    expect(kept()).toContain(published.file);
    site.online = false;
    expect(await (await ask(manifestUrl)).json()).toEqual(published.manifest);
  });

  it("keeps no answer whose SHA-256 is not the manifest's: a host answering a missing file with its page leaves the kept pair", async () => {
    const { site, ask, manifestUrl, kept } = setUp();
    const first = site.publish();
    await ask(manifestUrl);
    await ask(first.file);
    const second = site.publishMissing();
    await ask(manifestUrl);
    // the page gets what the host sent (and, checking it, says what it is); nothing of it is kept
    expect(await (await ask(second.file)).text()).toContain('<!doctype html>');
    expect(kept()).toEqual([manifestUrl, `${manifestUrl}?pending`, first.file].sort());
    site.online = false;
    expect(await (await ask(manifestUrl)).json()).toEqual(first.manifest);
    expect(new Uint8Array(await (await ask(first.file)).arrayBuffer())).toEqual(first.bytes);
    // once the host holds the file, it is asked for again (nothing wrong is served from the cache), kept and promoted
    site.online = true;
    site.serve(second);
    expect(new Uint8Array(await (await ask(second.file)).arrayBuffer())).toEqual(second.bytes);
    expect(kept()).toEqual([manifestUrl, second.file].sort());
  });

  it('leaves every other request alone: other files, ranges, other methods', () => {
    const { files } = setUp();
    expect(files.serve(new Request(new URL('index.html', ROOT)))).toBeUndefined();
    expect(files.serve(new Request(new URL('site-library/notes.txt', ROOT)))).toBeUndefined();
    expect(files.serve(new Request(new URL('site-library/0123456789abcdef.loci', ROOT), { headers: { range: 'bytes=0-99' } }))).toBeUndefined();
    expect(files.serve(new Request(new URL('site-library.json', ROOT), { method: 'POST', body: '{}' }))).toBeUndefined();
    expect(files.serve(new Request(new URL('site-library/0123456789abcdef.loci', ROOT)))).toBeDefined();
  });
});
