/**
 * Settings › Import's "Replace my library" (workers/engine/library-import.ts), in the engine worker
 * over fake-indexeddb with the embed and LLM workers replaced by doubles: the file's embedder is
 * loaded before anything is deleted, so a model that cannot be loaded leaves the library, its
 * collections and its embedder as they were, and searchable by meaning; once it can be, Replace
 * brings the file in.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AskStreamEvent } from '../../src/protocol/ask.ts';
import '../browser-storage/fixtures.ts';
import { EmbedDouble, mirror, start, useEngineDoubles } from './engine-doubles.ts';
import { publishedLibrary } from './site-files.ts';

vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

useEngineDoubles();

/** The embedder the file was indexed with: the app's default, which publishedLibrary's engine uses. */
const FILE_EMBEDDER = 'Xenova/multilingual-e5-small';
const OTTERS = '# Otters\n\nRiver otters hold their favourite stones in a pouch of loose skin under the forearm.\n';

describe('Replace my library', () => {
  it("loads the file's embedder before deleting anything: one that cannot be loaded leaves the library as it was", async () => {
    const file = await publishedLibrary({ 'refunds.md': '# Refunds\n\nRefunds are approved by the store manager within thirty days of purchase.\n' });
    const embed = new EmbedDouble();
    const { engine } = await start(embed);
    await engine.updateSettings({ modelSource: mirror, embedderId: 'visitor-embedder' });
    await engine.addFiles([new File([OTTERS], 'otters.md', { type: 'text/markdown' })], { collection: 'Animals' });
    await vi.waitFor(async () => expect((await engine.documents()).map((d) => d.status)).toEqual(['ready']), { timeout: 20_000 });
    const library = new File([file.bytes], 'library.loci');
    expect(await engine.importLibrary(library)).toEqual({ kind: 'choose', fileEmbedder: FILE_EMBEDDER, libraryEmbedder: 'visitor-embedder', documents: 1 });

    embed.unavailable.add(FILE_EMBEDDER);
    const refused: unknown = await engine.importLibrary(library, { replace: true }).then(() => undefined, (error: unknown) => error);
    expect(embed.loads.at(-1)).toBe(`${FILE_EMBEDDER} from mirror`);
    expect((await engine.documents()).map((d) => [d.name, d.status])).toEqual([['otters.md', 'ready']]);
    expect((await engine.collections()).map((c) => [c.name, c.docIds.length])).toEqual([['Animals', 1]]);
    expect((await engine.settings()).embedderId).toBe('visitor-embedder');
    expect((refused as Error).message).toBe(`the file's embedding model ${FILE_EMBEDDER} could not be loaded (${FILE_EMBEDDER} is not on the mirror); your library was left as it was`);
    // still searched by meaning with its own embedder
    const events: AskStreamEvent[] = [];
    await engine.ask('Where do otters keep their stones?', { chatId: 'after', retriever: 'dense', hops: 1 }, (e) => events.push(e));
    const sources = events.flatMap((e) => (e.type === 'sources' ? e.sources : []));
    expect(sources.length).toBeGreaterThan(0);

    // the model can be loaded now: Replace deletes the library and brings the file in, loading the model once
    embed.unavailable.clear();
    const loadsBefore = embed.loads.length;
    expect(await engine.importLibrary(library, { replace: true })).toEqual({ kind: 'imported', documents: 1, switchedEmbedder: FILE_EMBEDDER });
    expect(embed.loads.slice(loadsBefore)).toEqual([`${FILE_EMBEDDER} from mirror`]);
    expect((await engine.documents()).map((d) => d.name)).toEqual(['refunds.md']);
    expect(await engine.collections()).toEqual([]);
    expect((await engine.settings()).embedderId).toBe(FILE_EMBEDDER);
  });
});
