/**
 * The library's jobs on a real engine and IndexedDB (fake-indexeddb), with the hash embedder: a
 * job runs its own document's stages in the engine and nothing else's, with this run's
 * chunk size recorded on the document while the stored manifest keeps describing the index.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { AppSettings, LibraryDoc } from '../../src/protocol/api.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { sha256Hex } from '../../src/core/util/hash.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { MANIFEST_KEY } from '../../src/browser-storage/records.ts';
import { Library } from '../../workers/engine/library.ts';
import { PausedJobs } from '../../workers/engine/paused-jobs.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';
import { gate } from './gate.ts';
import { storageDeps } from './library-deps.ts';
import '../browser-storage/fixtures.ts';

// pdf.js is prepared for PDFs in the worker; these documents are Markdown.
vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

const settings = { chunkTokens: 20, preparse: 'extractive', preparseBudget: 1000 } as AppSettings;

function markdown(title: string, paragraphs: number): Uint8Array {
  const body = Array.from({ length: paragraphs }, (_, i) => `Paragraph ${i} of ${title} talks about topic ${i % 4} at some length, sentence after sentence.`);
  return new TextEncoder().encode(`# ${title}\n\n${body.join('\n\n')}\n`);
}

async function setUp(options: { idleQuietMs?: number; meaningReady?: () => boolean } = {}) {
  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  // as the app's IndexHost opens it: clusters made, by whoever, send the rows again
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, onClustersMade: () => library.emitNow() });
  const paused = new PausedJobs(store.db);
  let rows: LibraryDoc[] = [];
  const storage = storageDeps(store.db);
  const library: Library = new Library({ store, paused, engine: () => engine, settings: () => settings, emit: (documents) => (rows = documents), ...storage, ...options });
  return { store, engine, paused, library, rows: () => rows };
}

describe('Library', () => {
  it("runs one document's stages in the engine, leaving other documents where they are", async () => {
    const { store, engine, library } = await setUp();
    const manifestBefore = await store.db.get('manifest', MANIFEST_KEY);
    // A document embedded by an earlier job, then paused: its stages wait for its own job.
    const otherBytes = markdown('Other', 30);
    const other = await sha256Hex(otherBytes);
    const stopAfterEmbedding = () => {
      throw new Error('stopped after embedding');
    };
    await expect(engine.indexDocument(other, async () => ({ name: 'other.md', bytes: otherBytes }), { onEmbedded: stopAfterEmbedding })).rejects.toThrow('stopped');
    const id = await store.addOriginal('notes.md', 'text/markdown', markdown('Notes', 30));

    expect(await library.run(id, new AbortController().signal)).toBe('done');

    const record = engine.document(id)!;
    expect(record.job).toMatchObject({ stage: 'ready', chunking: { chunkTokens: 20, overlapTokens: 10 } });
    expect(record.chunks.every((chunk) => chunk.tokens <= 20)).toBe(true);
    expect(engine.document(other)!.job.stage).toBe('embedded');
    // The stored manifest still says how the index is built (beside the hybrid weight it calibrated); the override lives on the job.
    const { fusion, ...built } = (await store.db.get('manifest', MANIFEST_KEY))!;
    expect(built).toEqual(manifestBefore);
    expect(fusion?.weight.source).toBeDefined();
    expect((await store.load())!.documents.find((d) => d.doc.id === id)!.job.stage).toBe('ready');
  });

  it('deletes a document once, through the engine when it knows it, through the store when not', async () => {
    const { store, engine, library, rows } = await setUp();
    const parsed = await store.addOriginal('parsed.md', 'text/markdown', markdown('Parsed', 3));
    const waiting = await store.addOriginal('waiting.md', 'text/markdown', markdown('Waiting', 3));
    await library.refresh();
    await library.run(parsed, new AbortController().signal);
    const deletes = vi.spyOn(store, 'deleteDocument');

    await library.remove(parsed);
    await library.remove(waiting);

    expect(deletes.mock.calls).toEqual([[parsed], [waiting]]);
    expect(engine.document(parsed)).toBeUndefined();
    expect(await store.listDocuments()).toEqual([]);
    expect(rows()).toEqual([]);
  });

  it('lists an added file without re-reading the library', async () => {
    const { store, library, rows } = await setUp();
    await library.refresh();
    const lists = vi.spyOn(store, 'listDocuments');
    await library.add([new File([markdown('Added', 2) as Uint8Array<ArrayBuffer>], 'added.md', { type: 'text/markdown' })]);
    expect(lists).not.toHaveBeenCalled();
    expect(rows().map((row) => [row.name, row.status])).toEqual([['added.md', 'indexing']]);
    await vi.waitFor(() => expect(rows()[0].status).toBe('ready'));
  });

  it('names a file dropped again under another name on the row of the document it copies, and adds nothing', async () => {
    const { store, library, rows } = await setUp();
    await library.refresh();
    const bytes = markdown('Added', 2) as Uint8Array<ArrayBuffer>;
    await library.add([new File([bytes], 'added.md', { type: 'text/markdown' })]);
    await vi.waitFor(() => expect(rows()[0].status).toBe('ready'));
    await library.add([new File([bytes], 'copy.md', { type: 'text/markdown' }), new File([bytes], 'again.md', { type: 'text/markdown' })]);
    expect(rows().map((row) => [row.name, row.status, row.copies])).toEqual([['added.md', 'ready', ['copy.md', 'again.md']]]);
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['added.md']);
    expect((await store.getOriginal(await sha256Hex(bytes)))?.name).toBe('added.md');
  });

  it('says when no dropped file waits to be read: at once when none does, once its words are searchable when one does', async () => {
    const { store, engine, library } = await setUp();
    await library.whenSearchable(50);

    const reading = gate();
    const getOriginal = store.getOriginal.bind(store);
    vi.spyOn(store, 'getOriginal').mockImplementation(async (id) => {
      await reading.promise;
      return getOriginal(id);
    });
    await library.add([new File([markdown('Slow', 30) as Uint8Array<ArrayBuffer>], 'slow.md', { type: 'text/markdown' })]);
    let settled = false;
    const searchable = library.whenSearchable(50).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(settled).toBe(false);

    reading.resolve();
    await searchable;
    const [doc] = engine.documents;
    expect(['chunked', 'embedded', 'clustered', 'preparsed', 'ready']).toContain(doc.job.stage);
  });

  it('makes each ready document\'s topics once no job waits, and its row says how many', async () => {
    const { engine, library, rows } = await setUp({ idleQuietMs: 20 });
    const file = (title: string) => new File([markdown(title, 40) as Uint8Array<ArrayBuffer>], `${title}.md`, { type: 'text/markdown' });
    await library.add([file('first'), file('second')]);
    await vi.waitFor(() => expect(rows().map((row) => row.topics ?? 0).every((n) => n > 0)).toBe(true), { timeout: 20000 });
    expect(engine.unclustered()).toEqual([]);
    expect(rows().map((row) => row.topics)).toEqual(engine.documents.map((r) => engine.clusterCount(r.doc.id)));
    // nothing is left: a step says so
    expect(await library.idle(new AbortController().signal)).toBe('done');
  });

  it('makes no topics while the model that embeds them is loading, nor of a paused document', async () => {
    let ready = false;
    const { engine, library, paused, store } = await setUp({ idleQuietMs: 0, meaningReady: () => ready });
    const id = await store.addOriginal('notes.md', 'text/markdown', markdown('Notes', 40));
    await library.refresh();
    expect(await library.run(id, new AbortController().signal)).toBe('done');
    expect(await library.idle(new AbortController().signal)).toBe('done');
    expect(engine.clusterCount(id)).toBeUndefined();
    ready = true;
    await paused.set(id, true);
    expect(await library.idle(new AbortController().signal)).toBe('done');
    await paused.set(id, false);
    expect(await library.idle(new AbortController().signal)).toBe('more');
    expect(engine.clusterCount(id)).toBeGreaterThan(0);
  });

  it('goes on with the other documents when one document\'s topics cannot be made', async () => {
    const { engine, library, store } = await setUp({ idleQuietMs: 0 });
    const first = await store.addOriginal('first.md', 'text/markdown', markdown('First', 40));
    const second = await store.addOriginal('second.md', 'text/markdown', markdown('Second', 40));
    await library.refresh();
    for (const id of [first, second]) await library.run(id, new AbortController().signal);
    const make = engine.makeClusters.bind(engine);
    vi.spyOn(engine, 'makeClusters').mockImplementation(async (options) => {
      if (options?.docIds?.has(first)) throw new Error('no room for its clusters');
      return make(options);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const signal = new AbortController().signal;
    expect(await library.idle(signal)).toBe('more');
    expect(await library.idle(signal)).toBe('more');
    expect(await library.idle(signal)).toBe('done');
    expect(engine.clusterCount(first)).toBeUndefined();
    expect(engine.clusterCount(second)).toBeGreaterThan(0);
    expect(warn.mock.calls[0][0]).toContain('first.md');
    warn.mockRestore();
  });

  it("shows a row's chunks as searchable before its first batch of vectors is back", async () => {
    const store = await IdbIndexStore.open({ factory: new IDBFactory() });
    const embedder = hashEmbedder();
    const vectors = gate();
    const embed = embedder.embed.bind(embedder);
    embedder.embed = async (texts, role) => {
      await vectors.promise;
      return embed(texts, role);
    };
    const engine = await LociEngine.open({ embedder, store });
    let rows: LibraryDoc[] = [];
    const library = new Library({ store, paused: new PausedJobs(store.db), engine: () => engine, settings: () => settings, emit: (documents) => (rows = documents), ...storageDeps(store.db) });
    await library.add([new File([markdown('Slow', 30) as Uint8Array<ArrayBuffer>], 'slow.md', { type: 'text/markdown' })]);

    await vi.waitFor(() => expect(rows[0]?.stage).toBe('chunked'), { timeout: 2000 });
    expect(rows[0].progress).toMatchObject({ stage: 'embed', done: 0 });
    vectors.resolve();
    await vi.waitFor(() => expect(rows[0].status).toBe('ready'));
  });
});

/** What Chromium's IndexedDB rejects a write with when the origin's quota is reached: no message at all. */
const quotaExceeded = () => new DOMException('', 'QuotaExceededError');
/** A bare error name, which no row or notice may show instead of a sentence. */
const BARE_NAME = /^[A-Z][a-zA-Z]*Error\b|\bError:/;

function markdownFile(title: string, paragraphs: number, name = `${title.toLowerCase()}.md`): File {
  return new File([markdown(title, paragraphs) as Uint8Array<ArrayBuffer>], name, { type: 'text/markdown' });
}

/** A library whose store refuses the originals named in `full` for want of room, while `room` bytes are left. */
async function fullLibrary(full: Set<string>, room = 5_000) {
  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store });
  const put = store.putOriginal.bind(store);
  vi.spyOn(store, 'putOriginal').mockImplementation(async (id, name, mime, bytes, notBefore) => {
    if (full.has(name)) throw quotaExceeded();
    return put(id, name, mime, bytes, notBefore);
  });
  let rows: LibraryDoc[] = [];
  const storage = storageDeps(store.db, { free: () => room });
  const library = new Library({ store, paused: new PausedJobs(store.db), engine: () => engine, settings: () => settings, emit: (documents) => (rows = documents), ...storage });
  await storage.unstored.load();
  await library.refresh();
  return { store, engine, library, storage, rows: () => rows };
}

describe('Library when the storage is full', () => {
  it('stores each dropped file on its own: what fits is indexed, what does not gets a row with its sizes, and Retry stores it once there is room', async () => {
    const full = new Set(['big.md']);
    const { store, engine, library, storage, rows } = await fullLibrary(full);
    const big = markdownFile('Big', 100);
    // both within one millisecond, as a drop on a fast machine is
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    await library.add([big, markdownFile('Small', 3)]);
    clock.mockRestore();

    // warned before storing: the two need more than is left
    expect(storage.events).toEqual([{ type: 'notice', subject: 'storage', notice: { kind: 'storage-short', files: 2, needs: big.size + markdownFile('Small', 3).size, free: 5_000 } }]);
    await vi.waitFor(() => expect(rows().find((r) => r.name === 'small.md')?.status).toBe('ready'));
    const bigRow = rows().find((r) => r.name === 'big.md')!;
    expect(bigRow).toMatchObject({ status: 'error', unstored: 'kept', storageFull: { what: 'file', needs: big.size, free: 5_000 } });
    expect(bigRow.error).toBeUndefined();
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['small.md']);
    // the big file's row stays after the small one, where it was dropped
    expect(rows().map((r) => r.name)).toEqual(['big.md', 'small.md']);

    // room is made: Retry stores the file this tab still holds, indexes it, and the warning goes
    full.clear();
    await library.resume(bigRow.id);
    await vi.waitFor(() => expect(rows().find((r) => r.name === 'big.md')?.status).toBe('ready'), { timeout: 30_000 });
    expect(rows().find((r) => r.name === 'big.md')).not.toHaveProperty('storageFull');
    expect(engine.document(bigRow.id)?.job.stage).toBe('ready');
    expect(storage.unstored.list()).toEqual([]);
    expect(storage.events.at(-1)).toEqual({ type: 'resolved', subject: 'storage' });
  });

  it('after a reload, says to drop a file that was not stored again, and forgets it when deleted', async () => {
    const { store, storage: before } = await fullLibrary(new Set(['big.md']));
    const first = new Library({ store, paused: new PausedJobs(store.db), engine: () => undefined, settings: () => settings, emit: () => undefined, ...before });
    await first.add([markdownFile('Big', 50)]);

    // a new page: the rows read again from the store, the File gone with the old one
    let rows: LibraryDoc[] = [];
    const after = storageDeps(store.db);
    await after.unstored.load();
    const library = new Library({ store, paused: new PausedJobs(store.db), engine: () => undefined, settings: () => settings, emit: (documents) => (rows = documents), ...after });
    await library.refresh();
    expect(rows).toEqual([expect.objectContaining({ name: 'big.md', status: 'error', unstored: 'lost', storageFull: expect.objectContaining({ what: 'file' }) })]);
    await expect(library.resume(rows[0].id)).rejects.toThrow(/big\.md: the page was reloaded .* dropped again/);
    await library.remove(rows[0].id);
    expect(rows).toEqual([]);
    const again = storageDeps(store.db);
    await again.unstored.load();
    expect(again.unstored.list()).toEqual([]);
  });

  it('fails a document whose index does not fit with storage full, not the browser\'s words, and Retry goes on with it', async () => {
    const { store, library, rows } = await fullLibrary(new Set());
    const putDocument = store.putDocument.bind(store);
    const refused = vi.spyOn(store, 'putDocument').mockImplementation(async () => {
      throw new DOMException('The operation failed because it would cause the application to exceed its storage quota.', 'QuotaExceededError');
    });
    await library.add([markdownFile('Notes', 20)]);
    await vi.waitFor(() => expect(rows()[0].status).toBe('error'));
    expect(rows()[0]).toMatchObject({ storageFull: { what: 'index', free: 5_000 } });
    expect(rows()[0].error).toBeUndefined();
    expect(rows()[0]).not.toHaveProperty('unstored');

    refused.mockImplementation(putDocument);
    await library.resume(rows()[0].id);
    await vi.waitFor(() => expect(rows()[0].status).toBe('ready'));
    expect(rows()[0]).not.toHaveProperty('storageFull');
  });

  it('gives a file that cannot be read a row of its own in words, and the other files go on', async () => {
    const { library, rows } = await fullLibrary(new Set());
    const moved = markdownFile('Moved', 3);
    // what Chromium gives for a dropped file changed on disk since: a name and no message
    vi.spyOn(moved, 'arrayBuffer').mockRejectedValue(new DOMException('', 'NotReadableError'));
    await library.add([moved, markdownFile('Kept', 3)]);
    await vi.waitFor(() => expect(rows().find((r) => r.name === 'kept.md')?.status).toBe('ready'));
    const row = rows().find((r) => r.name === 'moved.md')!;
    expect(row).toMatchObject({ status: 'error', unstored: 'kept' });
    expect(row.error).toMatch(/^moved\.md: the file could not be read: the browser could not read it/);
    expect(row.error).not.toMatch(BARE_NAME);
  });
});
