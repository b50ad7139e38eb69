/**
 * A site's library brought in and updated by the engine worker (workers/engine/site-library-import.ts,
 * ImportOptions.site), over fake-indexeddb: a file brings the site's documents, their index and the
 * site's collection only (no publisher collection, chat or setting); an update is one transaction
 * (a tab closed after it cannot leave the old documents as the visitor's); a document the visitor
 * holds too, identical to one of the site's, stays when the site drops its copy.
 */
import { IDBDatabase, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { Collection } from '../../src/protocol/api.ts';
import '../browser-storage/fixtures.ts';
import { EmbedDouble, mirror, start, useEngineDoubles } from './engine-doubles.ts';
import { publishedLibrary, storedKeys, storedRecords } from './site-files.ts';

vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

useEngineDoubles();

const APPLE = '# Apples\n\nApples are picked in autumn and kept in a cool cellar through the winter.\n';
const PEAR = '# Pears\n\nPears ripen off the tree, a week in a paper bag on the kitchen table.\n';
const PLUM = '# Plums\n\nPlums are dried into prunes in the sun, or made into jam before they split.\n';

/** The visitor's browser, its engine open with the model source the publisher used. */
async function visitor() {
  const visit = await start(new EmbedDouble());
  await visit.engine.updateSettings({ modelSource: mirror });
  return visit;
}

type Engine = Awaited<ReturnType<typeof visitor>>['engine'];

async function names(engine: Engine): Promise<string[]> {
  return (await engine.documents()).map((d) => d.name).sort();
}

async function addOwn(engine: Engine, name: string, text: string): Promise<void> {
  await engine.addFiles([new File([text], name, { type: 'text/markdown' })]);
  await vi.waitFor(async () => expect((await engine.documents()).find((d) => d.name === name)).toMatchObject({ status: 'ready' }), { timeout: 20_000 });
}

describe("a site's library brought in and updated", () => {
  it('on a first visit, is kept once its file is put as the pending import: told before the import ends, what is asked then sees the records', async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR });
    const { engine } = await visitor();
    const warned = vi.spyOn(console, 'warn');
    const put = IDBObjectStore.prototype.put;
    const putInto: string[] = [];
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      putInto.push(this.name);
      return put.apply(this, args);
    });
    const told: string[] = [];
    let askedWhenKept: Promise<IDBValidKey[]> | undefined;
    await engine.importSiteLibrary(
      v1.bytes,
      v1.sha256,
      () => told.push('searchable'),
      () => {
        told.push('kept');
        // asked of the database once kept: it runs after the records' transaction
        askedWhenKept = storedKeys('documents');
      },
    );
    told.push('imported');
    vi.restoreAllMocks();
    expect(told).toEqual(['searchable', 'kept', 'imported']);
    expect(warned).not.toHaveBeenCalled();
    // the file put once, before any record
    expect(putInto.filter((store) => store === 'pendingImport')).toHaveLength(1);
    expect(putInto[0]).toBe('pendingImport');
    expect(await askedWhenKept).toHaveLength(2);
    // gone with the records' transaction
    expect(await storedKeys('pendingImport')).toEqual([]);
    expect(await names(engine)).toEqual(['apple.md', 'pear.md']);
  });

  it('an update is not put as a pending import: it is kept when its records are', async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR });
    const v2 = await publishedLibrary({ 'apple.md': APPLE });
    const { engine } = await visitor();
    await engine.importSiteLibrary(v1.bytes, v1.sha256);
    const put = IDBObjectStore.prototype.put;
    const putInto: string[] = [];
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      putInto.push(this.name);
      return put.apply(this, args);
    });
    let kept = false;
    await engine.importSiteLibrary(v2.bytes, v2.sha256, undefined, () => (kept = true));
    vi.restoreAllMocks();
    expect(putInto).not.toContain('pendingImport');
    expect(kept).toBe(false);
    expect(await names(engine)).toEqual(['apple.md']);
  });

  it("brings none of the publisher's collections: its update removes the documents the site dropped", async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR }, { collection: 'Fruit' });
    const v2 = await publishedLibrary({ 'apple.md': APPLE }, { collection: 'Fruit' });
    const { engine } = await visitor();
    await engine.importSiteLibrary(v1.bytes, v1.sha256);
    const collections = await storedRecords<Collection>('collections');
    expect(collections.map((c) => c.name)).toEqual(["This site's library"]);
    const report = await engine.importSiteLibrary(v2.bytes, v2.sha256);
    expect(report).toMatchObject({ documents: 1, removed: 1, updated: true });
    expect(await names(engine)).toEqual(['apple.md']);
    expect((await storedRecords<Collection>('collections')).map((c) => c.name)).toEqual(["This site's library"]);
  });

  it('updates in one transaction: a tab closed after the first write leaves the old version or the new one whole', async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR });
    const v2 = await publishedLibrary({ 'apple.md': APPLE, 'plum.md': PLUM });
    const { engine } = await visitor();
    await engine.importSiteLibrary(v1.bytes, v1.sha256);
    const v1Docs = (await storedKeys('documents')).sort();
    // the tab closes once the update has written once: no later write of its reaches the database
    const transaction = IDBDatabase.prototype.transaction;
    let writes = 0;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const [stores, mode] = args;
      if (mode === 'readwrite' && [stores].flat().includes('documents') && writes++ > 0) throw new DOMException('the tab was closed', 'InvalidStateError');
      return transaction.apply(this, args);
    });
    await engine.importSiteLibrary(v2.bytes, v2.sha256).catch(() => undefined);
    vi.restoreAllMocks();
    const [site] = await storedRecords<Collection>('collections');
    const stored = (await storedKeys('documents')).sort();
    // every stored document is the site's version's, none left over as the visitor's own
    expect(stored).toEqual([...site.docIds].sort());
    expect(site.site?.sha256).toBe(stored.length === v1Docs.length && stored.every((id, i) => id === v1Docs[i]) ? v1.sha256 : v2.sha256);
    expect(await storedKeys('documents')).toHaveLength(2);
  });

  it("keeps a document the visitor added before the site brought the same one, when the site drops it", async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR });
    const v2 = await publishedLibrary({ 'apple.md': APPLE });
    const { engine } = await visitor();
    await addOwn(engine, 'pear.md', PEAR);
    await engine.importSiteLibrary(v1.bytes, v1.sha256);
    expect(await names(engine)).toEqual(['apple.md', 'pear.md']);
    expect(await engine.importSiteLibrary(v2.bytes, v2.sha256)).toMatchObject({ removed: 0 });
    expect(await names(engine)).toEqual(['apple.md', 'pear.md']);
    // no longer the site's: the visitor's alone, and deletable
    const [site] = await storedRecords<Collection>('collections');
    expect(site.docIds).toHaveLength(1);
    const pear = (await engine.documents()).find((d) => d.name === 'pear.md')!;
    await engine.remove(pear.id);
    expect(await names(engine)).toEqual(['apple.md']);
  });

  it('keeps a document the visitor dropped in after the site brought the same one, when the site drops it', async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR });
    const v2 = await publishedLibrary({ 'apple.md': APPLE });
    const { engine } = await visitor();
    await engine.importSiteLibrary(v1.bytes, v1.sha256);
    await addOwn(engine, 'pear.md', PEAR);
    expect(await engine.importSiteLibrary(v2.bytes, v2.sha256)).toMatchObject({ removed: 0 });
    expect(await names(engine)).toEqual(['apple.md', 'pear.md']);
  });

  it("brings no chat of the publisher's, and leaves the visitor's as they are", async () => {
    const v1 = await publishedLibrary({ 'apple.md': APPLE }, { chat: 'shared-chat' });
    const v2 = await publishedLibrary({ 'apple.md': APPLE, 'pear.md': PEAR }, { chat: 'shared-chat' });
    const { engine } = await visitor();
    await engine.importSiteLibrary(v1.bytes, v1.sha256);
    expect(await engine.chats()).toEqual([]);
    // the visitor's own chat, under the id the publisher's had
    await engine.ask('When are apples picked?', { chatId: 'shared-chat', retriever: 'lexical', hops: 1 }, () => undefined);
    const before = await engine.history('shared-chat');
    expect(before.length).toBe(1);
    await engine.importSiteLibrary(v2.bytes, v2.sha256);
    expect((await engine.chats()).map((c) => c.id)).toEqual(['shared-chat']);
    expect(await engine.history('shared-chat')).toEqual(before);
  });
});
