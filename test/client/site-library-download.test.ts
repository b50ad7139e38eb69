/** The page's reading of a site's library manifest (src/client/site-library-download.ts). */
import { describe, expect, it } from 'vitest';
import { SiteLibraryBytesError, SiteLibraryManifestError, SiteLibraryUnavailableError, downloadSiteLibrary, readSiteLibraryManifest } from '../../src/client/site-library-download.ts';
import { checkSiteLibraryBytes, sha256Hex } from '../../src/protocol/site-library-manifest.ts';

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
    // a single-page host answers a missing path with its index.html: no library, not a damaged one
    const page = '<!doctype html>\n<html><head><title>Loci</title></head><body></body></html>';
    expect(await readSiteLibraryManifest(site(() => new Response(page, { headers: { 'content-type': 'text/html' } })).fetch)).toBeNull();
  });

  it.each([
    ['not JSON', () => new Response('{"version": 1,')],
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

describe('downloadSiteLibrary', () => {
  const bytes = new TextEncoder().encode('LOCI a small library, in three pieces');
  async function manifestOf(content: Uint8Array<ArrayBuffer>) {
    const sha256 = await sha256Hex(content);
    return { file: `site-library/${sha256.slice(0, 16)}.loci`, sha256, bytes: content.length, version: 1 as const };
  }
  /** A response streaming `content` in three pieces. */
  function streamed(content: Uint8Array): Response {
    const third = Math.ceil(content.length / 3);
    return new Response(
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < content.length; i += third) controller.enqueue(content.slice(i, i + third));
          controller.close();
        },
      }),
    );
  }

  it('reads the file the manifest names, saying how much has come, and checks it', async () => {
    const manifest = await manifestOf(bytes);
    const asked: string[] = [];
    const progress: number[] = [];
    const got = await downloadSiteLibrary(manifest, ({ received, total }) => (expect(total).toBe(bytes.length), progress.push(received)), async (url) => (asked.push(url), streamed(bytes)));
    expect(got).toEqual(bytes);
    expect(asked).toEqual([`./${manifest.file}`]);
    expect(progress.at(0)).toBe(0);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(progress.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a file cut short, one too long, and one changed on the way', async () => {
    const manifest = await manifestOf(bytes);
    const refusal = (content: Uint8Array) => downloadSiteLibrary(manifest, () => undefined, async () => streamed(content)).catch((error: unknown) => error);
    const cut = await refusal(bytes.slice(0, 10));
    expect(cut).toBeInstanceOf(SiteLibraryBytesError);
    expect((cut as SiteLibraryBytesError).problem).toBe('size');
    expect(((await refusal(new Uint8Array([...bytes, 1]))) as SiteLibraryBytesError).problem).toBe('size');
    const flipped = bytes.slice();
    flipped[5] ^= 0xff;
    const tampered = await refusal(flipped);
    expect((tampered as SiteLibraryBytesError).problem).toBe('sha256');
    expect((tampered as Error).message).toContain(manifest.sha256);
  });

  it('says so when the site answers with a web page in place of the file, shorter or longer than it', async () => {
    const manifest = await manifestOf(bytes);
    const page = (html: string) => downloadSiteLibrary(manifest, () => undefined, async () => streamed(new TextEncoder().encode(html))).catch((error: unknown) => error);
    expect(((await page('\n <!doctype html><title>Loci</title>')) as SiteLibraryBytesError).problem).toBe('page');
    expect(((await page(`<!doctype html><title>Loci</title>${' '.repeat(200)}`)) as SiteLibraryBytesError).problem).toBe('page');
  });

  it('says when the site cannot give it', async () => {
    const manifest = await manifestOf(bytes);
    await expect(downloadSiteLibrary(manifest, () => undefined, async () => new Response('gone', { status: 404 }))).rejects.toThrow(SiteLibraryUnavailableError);
  });
});

describe('checkSiteLibraryBytes', () => {
  it('passes the file the manifest describes', async () => {
    const content = new TextEncoder().encode('LOCI');
    await expect(checkSiteLibraryBytes(content, { sha256: await sha256Hex(content), bytes: 4 })).resolves.toBeUndefined();
  });
});
