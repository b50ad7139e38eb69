/**
 * The site's own library (build/site-library-publish.ts), kept by the service worker so the app opens it
 * offline after the first visit, without precaching it at install (it may be large, and a visitor
 * may never open it):
 *  - `site-library.json` network-first: online, a rebuilt site is seen at once; offline, the last
 *    answer of the site's whose library this browser holds (a manifest whose file is kept, or a
 *    404: none);
 *  - the library file cache-first: its name is its content's hash, so a kept copy is never stale;
 *    it is kept only once its SHA-256 is the one the manifest gives: a host that answers a missing
 *    file with its index.html (200) must not leave that page kept, and served, under the file's name;
 *  - once the file a new manifest names is kept, that manifest replaces the kept one and every
 *    other kept library file is deleted. Not before: until then the old pair is what works offline.
 */
import { SITE_LIBRARY_MANIFEST, isSiteLibraryFile, parseSiteLibraryManifest, sha256Hex } from '../../src/protocol/site-library-manifest.ts';

export const SITE_LIBRARY_CACHE = 'loci-site-library';

/** A response for the page, and the keeping that may go on after it (for `waitUntil`). */
export interface Served {
  response: Promise<Response>;
  kept: Promise<void>;
}

export class SiteLibraryFiles {
  /** The kept manifest: the one given offline. */
  private readonly manifestUrl: string;
  /** A made-up key, never requested: the newest manifest while its file is not kept yet. */
  private readonly pendingUrl: string;
  /** The keeping of the last manifest read: a file asked for next is checked against it. */
  private manifestKept: Promise<void> = Promise.resolve();

  /** `root`: the app's root URL (where site-library.json is); `storage` and `network` for tests. */
  constructor(
    private readonly root: URL,
    private readonly storage: CacheStorage = caches,
    private readonly network: (request: Request) => Promise<Response> = (request) => fetch(request),
  ) {
    this.manifestUrl = new URL(SITE_LIBRARY_MANIFEST, root).href;
    this.pendingUrl = `${this.manifestUrl}?pending`;
  }

  /** Serves `request` when it asks for the manifest or a library file; undefined for anything else. */
  serve(request: Request): Served | undefined {
    // A range is the network's to answer: the kept copy is the whole file.
    if (request.method !== 'GET' || request.headers.has('range')) return undefined;
    const url = new URL(request.url);
    const key = url.origin + url.pathname;
    if (key === this.manifestUrl) return this.manifest();
    if (key.startsWith(this.root.href) && isSiteLibraryFile(key.slice(this.root.href.length))) return this.file(request, key);
    return undefined;
  }

  private manifest(): Served {
    const answer = this.network(new Request(this.manifestUrl, { cache: 'no-cache' })).then(
      // The copy is taken now, before the page reads the body. 200 and 404 are the site's word on
      // its library; another status is a passing fault, not kept.
      (response) => ({ response, copy: response.status === 200 || response.status === 404 ? response.clone() : undefined }),
      async (error: unknown) => {
        const last = await (await this.cache()).match(this.manifestUrl);
        if (!last) throw error;
        return { response: last, copy: undefined };
      },
    );
    // An answer that failed (offline, nothing kept) is the page's to see, not a keeping that failed.
    const kept = answer.then(async ({ copy }) => {
      if (!copy) return;
      const cache = await this.cache();
      if (copy.status === 404) {
        // No library any more: nothing to wait for.
        await cache.put(this.manifestUrl, copy);
        await cache.delete(this.pendingUrl);
        await this.deleteFilesBut(undefined);
        return;
      }
      await cache.put(this.pendingUrl, copy);
      await this.promote();
    }, () => undefined);
    this.manifestKept = kept.catch(() => undefined);
    return { response: answer.then(({ response }) => response), kept: kept.catch(warnNotKept) };
  }

  private file(request: Request, key: string): Served {
    const answer = this.cache().then(async (cache) => {
      const kept = await cache.match(key);
      if (kept) return { response: kept, keeping: Promise.resolve() };
      const response = await this.network(request);
      if (response.status !== 200 || !response.body) return { response, keeping: Promise.resolve() };
      // The page reads one branch as it comes (its progress, its own check); the other is hashed whole here.
      const [forPage, forCheck] = response.body.tee();
      const keeping = this.keepIfPublished(cache, key, forCheck, response.headers);
      return { response: new Response(forPage, { status: response.status, statusText: response.statusText, headers: response.headers }), keeping };
    });
    return { response: answer.then(({ response }) => response), kept: answer.then(({ keeping }) => keeping, () => undefined).catch(warnNotKept) };
  }

  /**
   * Keeps `body` under `key` when its SHA-256 is the one the newest manifest (or the kept one)
   * gives for that file; otherwise keeps nothing, and the pair kept before stays the one given
   * offline (the page, checking the same bytes, says what it received).
   */
  private async keepIfPublished(cache: Cache, key: string, body: ReadableStream<Uint8Array>, headers: Headers): Promise<void> {
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    await this.manifestKept;
    const expected = await this.publishedSha256(cache, key);
    const received = await sha256Hex(bytes);
    if (received !== expected) {
      console.warn(`Loci did not keep ${key}: its SHA-256 is ${received}, the site's manifest gives ${expected ?? 'none for it'}.`);
      return;
    }
    await cache.put(key, new Response(bytes, { status: 200, headers }));
    await this.promote();
  }

  /** The SHA-256 the pending manifest, else the kept one, gives for the file at `key`; undefined when neither names it. */
  private async publishedSha256(cache: Cache, key: string): Promise<string | undefined> {
    for (const url of [this.pendingUrl, this.manifestUrl]) {
      const answer = await cache.match(url);
      if (answer?.status !== 200) continue;
      try {
        const manifest = parseSiteLibraryManifest(await answer.json());
        if (new URL(manifest.file, this.root).href === key) return manifest.sha256;
      } catch {
        // a manifest this app cannot read vouches for no file
      }
    }
    return undefined;
  }

  /** The newest manifest becomes the kept one once its file is kept; the other files go. */
  private async promote(): Promise<void> {
    const cache = await this.cache();
    const pending = await cache.match(this.pendingUrl);
    if (!pending) return;
    let named: string;
    try {
      named = new URL(parseSiteLibraryManifest(await pending.clone().json()).file, this.root).href;
    } catch {
      // A manifest this app cannot read names nothing it could open: the kept pair stays.
      return;
    }
    if (!(await cache.match(named))) return;
    await cache.put(this.manifestUrl, pending);
    await cache.delete(this.pendingUrl);
    await this.deleteFilesBut(named);
  }

  private async deleteFilesBut(named: string | undefined): Promise<void> {
    const cache = await this.cache();
    for (const request of await cache.keys()) {
      if (request.url !== this.manifestUrl && request.url !== this.pendingUrl && request.url !== named) await cache.delete(request);
    }
  }

  private cache(): Promise<Cache> {
    return this.storage.open(SITE_LIBRARY_CACHE);
  }
}

/** Not kept (storage full, the download cut): the page has its answer, and the next visit tries again. */
function warnNotKept(error: unknown): void {
  console.warn(`Loci could not keep the site's library for offline use: ${String(error)}`);
}
