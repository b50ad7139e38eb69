/** The page's reading of a site's library manifest (src/client/site-library.ts). */
import { describe, expect, it } from 'vitest';
import { SiteLibraryManifestError, SiteLibraryUnavailableError, readSiteLibraryManifest } from '../../src/client/site-library.ts';

const SHA256 = 'ab'.repeat(32);
const MANIFEST = { file: `site-library/${SHA256.slice(0, 16)}.loci`, sha256: SHA256, bytes: 1234, version: 1 };

/** A site that answers site-library.json with `response`, and records what was asked. */
function site(response: () => Response | Promise<Response>): { asked: string[]; fetch: (url: string) => Promise<Response> } {
  const asked: string[] = [];
  return { asked, fetch: async (url) => (asked.push(url), response()) };
}

describe('readSiteLibraryManifest', () => {
  it('reads ./site-library.json and returns the manifest', async () => {
    const published = site(() => Response.json(MANIFEST));
    expect(await readSiteLibraryManifest(published.fetch)).toEqual(MANIFEST);
    expect(published.asked).toEqual(['./site-library.json']);
  });

  it('returns null when the site publishes none', async () => {
    expect(await readSiteLibraryManifest(site(() => new Response('not found', { status: 404 })).fetch)).toBeNull();
  });

  it.each([
    ['not JSON', () => new Response('<html>')],
    ['not an object', () => Response.json([MANIFEST])],
    ['another version', () => Response.json({ ...MANIFEST, version: 2 })],
    ['a short hash', () => Response.json({ ...MANIFEST, sha256: 'abc' })],
    ['a file its hash does not name', () => Response.json({ ...MANIFEST, file: 'site-library/0000000000000000.loci' })],
    ['a file outside its folder', () => Response.json({ ...MANIFEST, file: `../${SHA256.slice(0, 16)}.loci` })],
    ['a negative size', () => Response.json({ ...MANIFEST, bytes: -1 })],
    ['no size', () => Response.json({ ...MANIFEST, bytes: '1234' })],
  ])('refuses a manifest with %s, by name', async (_what, response) => {
    await expect(readSiteLibraryManifest(site(response).fetch)).rejects.toBeInstanceOf(SiteLibraryManifestError);
  });

  it('says the manifest is unavailable when the site fails or cannot be reached', async () => {
    await expect(readSiteLibraryManifest(site(() => new Response('', { status: 503 })).fetch)).rejects.toThrow(SiteLibraryUnavailableError);
    await expect(readSiteLibraryManifest(site(() => Promise.reject(new TypeError('Failed to fetch'))).fetch)).rejects.toThrow(SiteLibraryUnavailableError);
  });
});
