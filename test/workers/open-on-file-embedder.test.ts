/**
 * A first visit to a site that publishes a library, in a browser whose own embedder cannot be
 * loaded (the app's default, from a model host out of reach): the library is empty and no index
 * is open, so the site's file brings its embedder and the index opens on it
 * (workers/engine/open-on-file-embedder.ts); a library holding documents is left as it was. When
 * the site's manifest names the file's embedder, the empty library starts on it and the app's own
 * is never loaded (workers/engine/site-embedder.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import '../browser-storage/fixtures.ts';
import { EmbedDouble, mirror, start, useEngineDoubles } from './engine-doubles.ts';
import { publishedLibrary } from './site-files.ts';

vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

useEngineDoubles();

/** The embedder the site's file was indexed with (publishedLibrary's engine uses the app's default). */
const FILE_EMBEDDER = 'Xenova/multilingual-e5-small';
/** The embedder a site's manifest names. */
const SITE_EMBEDDER = 'use-lite-en';
const MANIFEST_URL = 'https://site.example/site-library.json';
/** The visitor's own embedder, which cannot be loaded. */
const OWN_EMBEDDER = 'visitor-embedder';

async function visitorWithoutEmbedder() {
  const embed = new EmbedDouble();
  embed.unavailable.add(OWN_EMBEDDER);
  const visit = await start(embed);
  await visit.engine.updateSettings({ modelSource: mirror, embedderId: OWN_EMBEDDER });
  expect(visit.events.some((e) => e.type === 'notice' && e.notice.kind === 'embedder-unavailable')).toBe(true);
  return visit;
}

describe("a site's library in a browser whose own embedder cannot be loaded", () => {
  it("opens the empty library on the file's embedder and brings the file in", async () => {
    const file = await publishedLibrary({ 'refunds.md': '# Refunds\n\nRefunds are approved by the store manager within thirty days of purchase.\n' });
    const { engine } = await visitorWithoutEmbedder();
    expect(await engine.importSiteLibrary(file.bytes, file.sha256)).toMatchObject({ documents: 1, switchedEmbedder: FILE_EMBEDDER });
    expect((await engine.documents()).map((d) => d.name)).toEqual(['refunds.md']);
    expect((await engine.settings()).embedderId).toBe(FILE_EMBEDDER);
    expect(await engine.siteLibrary()).toBe(file.sha256);
  });

  it("starts an empty library on the embedder the site's manifest names, never loading its own", async () => {
    const sha256 = 'cd'.repeat(32);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json({ file: `site-library/${sha256.slice(0, 16)}.loci`, sha256, bytes: 10, version: 1, embedder: SITE_EMBEDDER });
    });
    const embed = new EmbedDouble();
    const { engine, events } = await start(embed, MANIFEST_URL);
    expect(asked).toEqual([MANIFEST_URL]);
    expect((await engine.settings()).embedderId).toBe(SITE_EMBEDDER);
    expect(embed.loads.map((load) => load.split(' ')[0])).toEqual([SITE_EMBEDDER]);
    // the double's hub is out of reach: the one notice is about the site's embedder, never the default
    const unavailable = events.flatMap((e) => (e.type === 'notice' && e.notice.kind === 'embedder-unavailable' ? [e.notice.model] : []));
    expect(unavailable).toEqual([SITE_EMBEDDER]);
    vi.unstubAllGlobals();
  });

  it('leaves a library holding documents to wait for its own model', async () => {
    const file = await publishedLibrary({ 'refunds.md': '# Refunds\n\nRefunds are approved by the store manager within thirty days of purchase.\n' });
    const { engine } = await visitorWithoutEmbedder();
    await engine.addFiles([new File(['# Otters\n\nOtters keep stones.\n'], 'otters.md', { type: 'text/markdown' })]);
    await vi.waitFor(async () => expect((await engine.documents()).map((d) => d.name)).toEqual(['otters.md']));
    await expect(engine.importSiteLibrary(file.bytes, file.sha256)).rejects.toThrow(/still opening/);
    expect((await engine.settings()).embedderId).toBe(OWN_EMBEDDER);
    expect((await engine.documents()).map((d) => d.name)).toEqual(['otters.md']);
  });
});
