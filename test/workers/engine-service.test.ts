/**
 * The engine worker's service over comlink, with the embed and LLM workers replaced by doubles on
 * MessageChannels and IndexedDB by fake-indexeddb: a start whose embedder cannot be downloaded,
 * a switch of embedder while a document is being embedded, an import that is refused, and a site's
 * library searched on a first visit before it is stored (and withdrawn when it cannot be).
 */
import { IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { LibraryEvent } from '../../src/protocol/api.ts';
import type { AskStreamEvent } from '../../src/protocol/ask.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import '../browser-storage/fixtures.ts';
import { begin, EmbedDouble, mirror, start, useEngineDoubles } from './engine-doubles.ts';
import { gate } from './gate.ts';
import { publishedLibrary, storedKeys } from './site-files.ts';

vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

useEngineDoubles();

const notices = (events: LibraryEvent[]) => events.flatMap((e) => (e.type === 'notice' ? [e.notice] : []));

describe('EngineService', () => {
  it('starts with settings and a device summary when the embedder cannot load, and opens once a mirror is chosen', async () => {
    const embed = new EmbedDouble();
    const { engine, events, started } = await start(embed);
    expect(started.settings.modelSource).toEqual({ kind: 'hub' });
    expect(started.device).toMatchObject({ embedderDevice: 'wasm', generatorBackend: 'transformers-wasm', webgpu: false });
    expect(notices(events)).toEqual([
      { kind: 'embedder-unavailable', model: 'Xenova/multilingual-e5-small', source: { kind: 'hub' }, detail: expect.stringMatching(/huggingface\.co could not be reached/) },
    ]);
    expect(events.find((e) => e.type === 'notice')).toMatchObject({ subject: 'models' });
    await expect(engine.clusterMap('x')).rejects.toThrow(/still opening/);

    expect(events.some((e) => e.type === 'resolved')).toBe(false);
    // Retry (saving the settings unchanged) loads the model again, and fails again the same way
    await engine.updateSettings({});
    expect(notices(events)).toHaveLength(2);
    expect(notices(events)[1]).toEqual(notices(events)[0]);
    const saved = await engine.updateSettings({ modelSource: mirror });
    expect(saved.modelSource).toEqual(mirror);
    expect(events.filter((e) => e.type === 'resolved')).toEqual([{ type: 'resolved', subject: 'models' }]);
    expect(embed.loads).toEqual(['Xenova/multilingual-e5-small from hub', 'Xenova/multilingual-e5-small from hub', 'Xenova/multilingual-e5-small from mirror']);
    expect(await engine.clusterMap('x')).toBeUndefined();
    expect(await engine.settings()).toMatchObject({ modelSource: mirror });
  });

  it('stops the job embedding a document before it swaps the embedder', async () => {
    const embed = new EmbedDouble();
    const { engine, events } = await start(embed);
    await engine.updateSettings({ modelSource: mirror });
    const body = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} talks about topic ${i % 5}, sentence after sentence.`).join('\n\n');
    const batch = gate();
    embed.hold = batch.promise;
    await engine.addFiles([new File([`# Notes\n\n${body}\n`], 'notes.md', { type: 'text/markdown' })]);
    await vi.waitFor(() => expect(embed.inflight).toBe(1));

    const switching = engine.updateSettings({ embedderId: 'other-embedder' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The job was told to stop; the new embedder waits until its running batch has come back.
    expect(embed.loads.at(-1)).toBe('Xenova/multilingual-e5-small from mirror');
    embed.hold = undefined;
    batch.resolve();
    await switching;
    expect(embed.loads.at(-1)).toBe('other-embedder from mirror');
    expect(embed.overlaps).toEqual([]);
    expect(notices(events).at(-1)).toMatchObject({ kind: 'reindexing', to: 'other-embedder' });
    await vi.waitFor(async () => expect((await engine.documents())[0]).toMatchObject({ status: 'ready' }), { timeout: 20_000 });
  });

  it('answers the rows asked with the start once the index is open, read against it', async () => {
    const before = await start(new EmbedDouble());
    await before.engine.updateSettings({ modelSource: mirror });
    await before.engine.addFiles([new File(['# Refunds\n\nRefunds are approved by the store manager within thirty days of purchase.\n'], 'refunds.md', { type: 'text/markdown' })]);
    await vi.waitFor(async () => expect((await before.engine.documents())[0]).toMatchObject({ status: 'ready' }), { timeout: 20_000 });
    // the page's next start asks for the rows beside it (AppModel)
    const { engine, started } = begin(new EmbedDouble());
    const order: string[] = [];
    const [rows] = await Promise.all([engine.documents().finally(() => order.push('rows')), started.finally(() => order.push('started'))]);
    expect(order).toEqual(['started', 'rows']);
    expect(rows).toEqual([expect.objectContaining({ name: 'refunds.md', status: 'ready', chunks: 1 })]);
  });

  it('leaves the open index alone when an import is refused', async () => {
    const embed = new EmbedDouble();
    const { engine } = await start(embed);
    await engine.updateSettings({ modelSource: mirror });
    const opens = vi.spyOn(LociEngine, 'open');
    await expect(engine.importLibrary(new File(['not a zip'], 'library.zip'))).rejects.toThrow(/not a Loci library export/);
    expect(opens).not.toHaveBeenCalled();
    expect(await engine.clusterMap('x')).toBeUndefined();
  });

  /** A library file of one indexed document, exported by an engine of its own, and its SHA-256. */
  const siteLibraryFile = () => publishedLibrary({ 'refunds.md': '# Refunds\n\nRefunds are approved by the store manager within thirty days of purchase.\n' });
  const storedDocuments = async () => (await storedKeys('documents')).length;

  it("searches a site's library on a first visit before its records are stored, then stores them", async () => {
    const file = await siteLibraryFile();
    const { engine, events } = await start(new EmbedDouble());
    await engine.updateSettings({ modelSource: mirror });
    const steps: string[] = [];
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'documents') steps.push('document stored');
      return put.apply(this, args);
    });
    let atSearchable: Promise<{ listed: string[]; sources: number }> | undefined;
    const report = await engine.importSiteLibrary(file.bytes, file.sha256, () => {
      steps.push('searchable');
      atSearchable = (async () => {
        const listed = (await engine.documents()).map((d) => d.name);
        const asked: AskStreamEvent[] = [];
        await engine.ask('Who approves refunds?', { chatId: 'visit', retriever: 'lexical', hops: 1 }, (e) => asked.push(e));
        return { listed, sources: asked.flatMap((e) => (e.type === 'sources' ? e.sources : [])).length };
      })();
    });
    expect(report.documents).toBe(1);
    // searchable before anything of the file was stored, and then listed and answered from it
    expect(steps).toEqual(['searchable', 'document stored']);
    expect(await atSearchable).toEqual({ listed: ['refunds.md'], sources: 1 });
    // the page was shown the site's collection as soon as it could be searched, and never without it since
    const shown = events.flatMap((e) => (e.type === 'collections' ? [e.collections] : []));
    expect(shown.length).toBeGreaterThan(1);
    for (const collections of shown) expect(collections).toEqual([expect.objectContaining({ site: { sha256: file.sha256 } })]);
    expect(await storedDocuments()).toBe(1);
    expect(await engine.siteLibrary()).toBe(file.sha256);
  });

  it("withdraws a site's library searched before it was stored when its write fails, and opens as stored", async () => {
    const file = await siteLibraryFile();
    const { engine, events } = await start(new EmbedDouble());
    await engine.updateSettings({ modelSource: mirror });
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'entries') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    let listed: string[] = [];
    await expect(
      engine.importSiteLibrary(file.bytes, file.sha256, () => {
        void engine.documents().then((rows) => (listed = rows.map((d) => d.name)));
      }),
    ).rejects.toThrow(/quota/);
    expect(listed).toEqual(['refunds.md']);
    expect(await engine.documents()).toEqual([]);
    expect(await storedDocuments()).toBe(0);
    expect(await engine.siteLibrary()).toBeUndefined();
    // the page is told: no row, and no site collection
    expect(events.findLast((e) => e.type === 'documents')).toEqual({ type: 'documents', documents: [] });
    expect(events.findLast((e) => e.type === 'collections')).toEqual({ type: 'collections', collections: [] });
  });
});
