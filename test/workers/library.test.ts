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
import '../browser-storage/fixtures.ts';

// pdf.js is prepared for PDFs in the worker; these documents are Markdown.
vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

const settings = { chunkTokens: 20, preparse: 'extractive', preparseBudget: 1000 } as AppSettings;

function markdown(title: string, paragraphs: number): Uint8Array {
  const body = Array.from({ length: paragraphs }, (_, i) => `Paragraph ${i} of ${title} talks about topic ${i % 4} at some length, sentence after sentence.`);
  return new TextEncoder().encode(`# ${title}\n\n${body.join('\n\n')}\n`);
}

async function setUp() {
  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store });
  const paused = new PausedJobs(store.db);
  let rows: LibraryDoc[] = [];
  const library = new Library({ store, paused, engine: () => engine, settings: () => settings, emit: (documents) => (rows = documents) });
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
    // The stored manifest still says how the index is built; the override lives on the job.
    expect(await store.db.get('manifest', MANIFEST_KEY)).toEqual(manifestBefore);
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
});
