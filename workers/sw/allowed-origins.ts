/**
 * The origins the service worker lets through, kept in a cache of its own: a service worker is
 * stopped whenever it is idle, and the list must outlive it (and the page that sent it) until the
 * page sends another. Until a page has said anything, the first visit's source is allowed, as on
 * a static host's header.
 */
import { FIRST_VISIT_SOURCE, modelSourceOrigins } from '../../src/protocol/origins.ts';

const CACHE = 'loci-allowed-origins';
/** A made-up address under the scope: only the key of the one entry, never requested. */
const KEY = '/__loci/allowed-origins.json';

export class AllowedOrigins {
  /** Known once the cache has been read; until then a request waits for `ready`. */
  current: string[] | undefined;
  readonly ready: Promise<string[]>;

  constructor() {
    this.ready = read().then((stored) => (this.current ??= stored));
  }

  /** Puts `origins` in force at once and keeps them; returns the list they replace. */
  async replace(origins: string[]): Promise<string[]> {
    const previous = await this.ready;
    this.current = origins;
    const cache = await caches.open(CACHE);
    await cache.put(KEY, Response.json(origins));
    return previous;
  }
}

async function read(): Promise<string[]> {
  const fallback = modelSourceOrigins(FIRST_VISIT_SOURCE);
  try {
    const stored: unknown = await (await caches.open(CACHE)).match(KEY).then((response) => response?.json());
    return Array.isArray(stored) && stored.every((o) => typeof o === 'string') ? stored : fallback;
  } catch {
    // An unreadable entry is as if none had been kept.
    return fallback;
  }
}
