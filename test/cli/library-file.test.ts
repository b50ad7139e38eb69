/**
 * One library file for the app and the CLI: the app imports what the CLI's store and `loci index`
 * write, the CLI reads and extends what the app exports (writing the app's records back as they
 * were), and an older app export (a zip) is read in place or converted by `loci convert`.
 * Each side is its real code: the app's export and import over IndexedDB (fake-indexeddb), the
 * CLI's FileIndexStore and the `loci` command.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileIndexStore } from '../../src/cli/file-store.ts';
import { OlderExportError } from '../../src/cli/older-export.ts';
import { exportLibrary, importLibrary } from '../../src/browser-storage/export.ts';
import { appendMessage, createChat, getChat, listChats } from '../../src/browser-storage/chats.ts';
import { createCollection, listCollections } from '../../src/browser-storage/collections.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { Settings } from '../../src/browser-storage/settings.ts';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { sha256Hex } from '../../src/core/util/hash.ts';
import { docA, docB, documentRecord, freshStore, groupAB, manifest, snapshot, storeWith } from '../browser-storage/fixtures.ts';
import { loci } from '../support/run-loci.ts';

const text = (value: string) => new TextEncoder().encode(value);
const OLDER_EXPORT = path.join(import.meta.dirname, '..', 'browser-storage', 'fixtures', 'library-export-v2.zip');
const DATA = '# 数据安全\n\n数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。\n';
const NET = '# 网络安全\n\n网络运营者应当按照网络安全等级保护制度的要求，履行安全保护义务。\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-library-file-'));
  await mkdir(path.join(dir, 'files'));
  await writeFile(path.join(dir, 'files', 'data.md'), DATA);
  await writeFile(path.join(dir, 'files', 'net.md'), NET);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** An app library with a chat, a setting and a collection beside its index and one original. */
async function appLibrary() {
  const store = await storeWith(snapshot());
  await store.putOriginal(docA.doc.id, 'alpha.md', 'text/markdown', text('alpha original bytes'));
  await createCollection(store.db, 'Greek', [docA.doc.id, docB.doc.id], 4_000);
  const chat = await createChat(store.db, 'About alpha', 5_000, 'chat-1');
  await appendMessage(store.db, chat.id, { role: 'assistant', content: 'Alpha one [1].', sources: [{ chunkId: 'aaaa:0', label: '[1] alpha' }], created: 5_001 });
  await new Settings(store.db, { topN: 5 }).set('topN', 7);
  return store;
}

describe('the app and the CLI share one library file', () => {
  it('the app imports a file the CLI\'s store wrote: its documents, the originals of those it holds, its collections', async () => {
    const file = path.join(dir, 'cli.loci');
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    await store.putManifest(manifest());
    await store.keepOriginal({ id: docA.doc.id, name: 'alpha.md', mime: 'text/markdown', bytes: text('alpha original bytes') });
    // a file refused before it became a document: its bytes are never written
    await store.keepOriginal({ id: 'refused', name: 'refused.md', mime: '', bytes: text('not a document') });
    await store.putDocument(docA);
    await store.putDocument(docB);
    await store.putGroup(groupAB);
    await store.putCollection({ id: 'c1', name: 'Greek', docIds: [docA.doc.id, docB.doc.id], created: 1 });
    await store.close();
    const bytes = new Uint8Array(await readFile(file));
    expect((await decodeIndex(bytes)).originals?.map((o) => o.name)).toEqual(['alpha.md']);

    const app = await freshStore();
    const report = await importLibrary(app.db, bytes, { mode: 'merge', embedder: { id: 'test/embedder', dimension: 4 } });
    expect(report).toEqual({ documents: 2, originals: 1, groups: 1, collections: 1, chats: 0, settings: 0, documentIds: [docA.doc.id, docB.doc.id], indexIsFile: true });
    expect(await app.load()).toEqual(snapshot());
    expect(new TextDecoder().decode((await app.getOriginal(docA.doc.id))!.bytes)).toBe('alpha original bytes');
    // in the file's order, the original with its document's place
    const rows = await app.listDocuments();
    expect(rows.map((r) => [r.name, r.hasOriginal])).toEqual([['alpha.md', true], ['beta.md', false]]);
    expect((await app.db.get('originals', docA.doc.id))?.added).toBe(rows[0].added);
    expect((await listCollections(app.db)).map((c) => [c.name, c.docIds])).toEqual([['Greek', [docA.doc.id, docB.doc.id]]]);
  });

  it('the CLI opens and extends a file the app exported, writing the app\'s records back unchanged for the app to import', async () => {
    const exported = await exportLibrary((await appLibrary()).db);
    const file = path.join(dir, 'app.loci');
    await writeFile(file, exported);
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    expect(store.snapshot()?.documents).toEqual(snapshot().documents);
    expect(store.collections.map((c) => c.name)).toEqual(['Greek']);
    expect(new TextDecoder().decode(store.original(docA.doc.id)!.bytes)).toBe('alpha original bytes');

    const gamma = documentRecord('cccc', 'gamma.md', ['Gamma one.']);
    await store.keepOriginal({ id: 'cccc', name: 'gamma.md', mime: 'text/markdown', bytes: text('gamma original bytes') });
    await store.putDocument(gamma);
    await store.close();
    const rewritten = new Uint8Array(await readFile(file));
    const [before, after] = [await decodeIndex(exported), await decodeIndex(rewritten)];
    expect(Buffer.from(after.appRecords!).equals(Buffer.from(before.appRecords!))).toBe(true);
    expect(after.originals?.map((o) => [o.name, o.added === undefined])).toEqual([['alpha.md', false], ['gamma.md', true]]);

    const app = await freshStore();
    await importLibrary(app.db, rewritten, { mode: 'replace' });
    expect((await app.load())!.documents).toEqual([docA, docB, gamma]);
    const rows = await app.listDocuments();
    expect(rows.map((r) => r.name)).toEqual(['alpha.md', 'beta.md', 'gamma.md']);
    expect(rows[2].added).toBeGreaterThan(rows[1].added);
    expect(new TextDecoder().decode((await app.getOriginal('cccc'))!.bytes)).toBe('gamma original bytes');
    expect((await getChat(app.db, 'chat-1'))?.messages[0]).toMatchObject({ content: 'Alpha one [1].', sources: [{ chunkId: 'aaaa:0' }] });
    expect(await new Settings(app.db, { topN: 5 }).get('topN')).toBe(7);
    expect((await listCollections(app.db)).map((c) => c.name)).toEqual(['Greek']);
  });

  it('the CLI makes the index in an app library that had none yet, keeping the app\'s records', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    await createChat(db, 'Before any model', 1, 'early');
    const file = path.join(dir, 'unindexed.loci');
    await writeFile(file, await exportLibrary(db));
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    expect(store.snapshot()).toBeUndefined();
    await store.putManifest(manifest());
    await store.putDocument(docA);
    await store.close();
    const app = await freshStore();
    await importLibrary(app.db, new Uint8Array(await readFile(file)), { mode: 'replace', embedder: { id: 'test/embedder', dimension: 4 } });
    expect((await app.load())!.documents).toEqual([docA]);
    expect((await getChat(app.db, 'early'))?.title).toBe('Before any model');
  });

  it('reads an older export (a zip) as converted when only reading (ask, inspect), and refuses to rewrite it, naming loci convert', async () => {
    const older = path.join(dir, 'older.zip');
    await copyFile(OLDER_EXPORT, older);
    const read = await FileIndexStore.open(older, { readOnly: true });
    expect(read.olderExport).toBe(true);
    expect((await read.load())).toMatchObject({ documents: snapshot().documents, groups: snapshot().groups });
    expect(read.collections.map((c) => c.name)).toEqual(['Greek']);
    expect(read.original(docB.doc.id)?.name).toBe('beta.md');
    const refusal = FileIndexStore.open(older);
    await expect(refusal).rejects.toBeInstanceOf(OlderExportError);
    await expect(refusal).rejects.toThrow(`older.zip is a library exported by an older version of the Loci app (a zip archive), which loci reads but does not rewrite: convert it first with: loci convert ${older} --out ${path.join(dir, 'older')}.loci`);
  });
});

describe('loci and the app, end to end', () => {
  it('loci index → the app imports it, each file its original → the app exports → loci ask reads it, loci index adds to it → the app imports it again, its chat kept', async () => {
    const built = path.join(dir, 'built.loci');
    const indexed = await loci('index', path.join(dir, 'files', 'data.md'), '--out', built, '--embedder', 'tiny-lexical-bert-zh', '--collection', '法律');
    expect(indexed.code, indexed.stderr).toBe(0);

    const app = await freshStore();
    await importLibrary(app.db, new Uint8Array(await readFile(built)), { mode: 'merge' });
    const dataId = await sha256Hex(text(DATA));
    const original = (await app.getOriginal(dataId))!;
    expect(original).toMatchObject({ name: 'data.md', mime: 'text/markdown', size: text(DATA).length });
    expect(new TextDecoder().decode(original.bytes)).toBe(DATA);
    expect((await app.load())!.documents.map((d) => d.doc.name)).toEqual(['data.md']);
    expect((await listCollections(app.db)).map((c) => [c.name, c.docIds])).toEqual([['法律', [dataId]]]);
    await createChat(app.db, '数据安全', 7, 'kept-chat');

    const exported = path.join(dir, 'exported.loci');
    await writeFile(exported, await exportLibrary(app.db));
    const ask = await loci('ask', exported, '数据处理者应当履行哪些义务', '--json', '-n', '1', '--hops', '1', '--in', '法律');
    expect(ask.code, ask.stderr).toBe(0);
    expect(JSON.parse(ask.stdout).sources[0].doc).toBe('data.md');
    const added = await loci('index', path.join(dir, 'files', 'net.md'), '--out', exported, '--json');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ documents: 2, ready: 2 });

    const again = await freshStore();
    const report = await importLibrary(again.db, new Uint8Array(await readFile(exported)), { mode: 'replace' });
    expect(report).toMatchObject({ documents: 2, originals: 2, chats: 1 });
    expect((await again.listDocuments()).map((d) => d.name)).toEqual(['data.md', 'net.md']);
    expect(new TextDecoder().decode((await again.getOriginal(await sha256Hex(text(NET))))!.bytes)).toBe(NET);
    expect((await listChats(again.db)).map((c) => c.id)).toEqual(['kept-chat']);
  });

  it('loci convert writes an older export as a library file, once, and says why it will not otherwise', async () => {
    const older = path.join(dir, 'to-convert.zip');
    await copyFile(OLDER_EXPORT, older);
    const out = path.join(dir, 'converted.loci');
    const converted = await loci('convert', older, '--out', out, '--json');
    expect(converted.code, converted.stderr).toBe(0);
    expect(JSON.parse(converted.stdout)).toEqual({ from: older, library: out, documents: 2, originals: 3, collections: 1, embedder: 'test/embedder' });
    const app = await freshStore();
    await importLibrary(app.db, new Uint8Array(await readFile(out)), { mode: 'replace' });
    expect(await app.load()).toEqual(snapshot());
    expect((await getChat(app.db, 'chat-1'))?.title).toBe('About alpha');

    const twice = await loci('convert', older, '--out', out);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`${out} exists already: give a new --out`);
    const already = await loci('convert', out, '--out', path.join(dir, 'again.loci'));
    expect(already.stderr).toContain('it is a library file already');
    const extend = await loci('index', path.join(dir, 'files', 'net.md'), '--out', older);
    expect(extend.code).toBe(1);
    expect(extend.stderr).toContain(`loci index: ${older} is a library exported by an older version of the Loci app (a zip archive), which loci reads but does not rewrite: convert it first with: loci convert`);
  });
});
