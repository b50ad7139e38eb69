/**
 * A first visit to a site that publishes a library, in a browser whose own embedder cannot be
 * loaded (the app's default, from a model host out of reach): the library is empty and no index
 * is open, so the site's file brings its embedder and the index opens on it
 * (workers/engine/open-on-file-embedder.ts); a library holding documents is left as it was.
 */
import { describe, expect, it, vi } from 'vitest';
import '../browser-storage/fixtures.ts';
import { EmbedDouble, mirror, start, useEngineDoubles } from './engine-doubles.ts';
import { publishedLibrary } from './site-files.ts';

vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

useEngineDoubles();

/** The embedder the site's file was indexed with (publishedLibrary's engine uses the app's default). */
const FILE_EMBEDDER = 'Xenova/multilingual-e5-small';
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
