/** The CLI's index file: a damaged one is never rewritten until repair accepts the loss; writes replace the file whole. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointDelay, FileIndexStore } from '../../src/cli/file-store.ts';
import { encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { createManifest } from '../../src/core/stored-index/manifest.ts';
import type { DocumentRecord } from '../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';
import { blockOfDocument, blockOfOriginal, flipByte } from '../support/index-blocks.ts';
import { legacySnapshot } from '../support/legacy-snapshot.ts';
import type { Collection } from '../../src/core/engine/scope.ts';

function record(id: string): DocumentRecord {
  const text = `text of ${id}`;
  return {
    doc: { id, name: `${id}.txt`, mime: 'text/plain', size: text.length, title: id, language: 'en', text, blocks: [], toc: [] },
    chunks: [],
    job: { docId: id, stage: 'ready' },
    entries: [],
    vectors: new Float32Array(0),
    preparse: [],
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-file-store-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function damagedIndex(name: string): Promise<{ file: string; bytes: Uint8Array }> {
  const bytes = await encodeIndex({ manifest: createManifest(hashEmbedder('e', 3)), documents: [record('a'), record('b')], groups: [] });
  flipByte(bytes, blockOfDocument(bytes, 'a.txt', 'text')[0] + 12);
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { file, bytes };
}

describe('FileIndexStore', () => {
  it('holds the damage it found and refuses to write, leaving the file byte for byte', async () => {
    const { file, bytes } = await damagedIndex('held.loci');
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    expect(store.damage).toMatchObject([{ kind: 'document', name: 'a.txt', parts: ['text'] }]);
    expect((await store.load())?.damage).toHaveLength(1);
    await store.putDocument(record('c'));
    await expect(store.close()).rejects.toThrow(/held\.loci is damaged and is not rewritten: a\.txt: its text is damaged/);
    expect(Buffer.from(await readFile(file)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('writes without the damaged records once repair accepts the loss', async () => {
    const { file } = await damagedIndex('accepted.loci');
    const store = await FileIndexStore.open(file);
    store.acceptDamage();
    await store.putDocument(record('c'));
    await store.close();
    const reopened = await FileIndexStore.open(file);
    expect(reopened.damage).toEqual([]);
    expect(reopened.snapshot()?.documents.map((d) => d.doc.id)).toEqual(['b', 'c']);
  });

  it('replaces the file whole: a write that fails leaves the previous index', async () => {
    const file = path.join(dir, 'atomic.loci');
    const store = await FileIndexStore.open(file);
    await store.putManifest(createManifest(hashEmbedder('e', 3)));
    await store.putDocument(record('a'));
    await store.close();
    const before = await readFile(file);
    // the temporary file cannot be created: a folder stands in its place
    await mkdir(`${file}.${process.pid}.tmp`);
    const again = await FileIndexStore.open(file);
    await again.putDocument(record('b'));
    await expect(again.close()).rejects.toThrow();
    expect(Buffer.from(await readFile(file)).equals(before)).toBe(true);
  });

  it('writes a record put again after a change in place, not the bytes it had before', async () => {
    const file = path.join(dir, 'in-place.loci');
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    await store.putManifest(createManifest(hashEmbedder('e', 3)));
    const a = record('a');
    await store.putDocument(a);
    await store.flush();
    a.job = { docId: 'a', stage: 'parsed' };
    await store.putDocument(a);
    await store.close();
    expect((await FileIndexStore.open(file)).snapshot()?.documents[0].job.stage).toBe('parsed');
  });

  it('writes a due checkpoint before the change resolves, and a change not yet due when it falls due', async () => {
    const file = path.join(dir, 'checkpoints.loci');
    const store = await FileIndexStore.open(file, { minIntervalMs: 300 });
    await store.putManifest(createManifest(hashEmbedder('e', 3)));
    // the first change was due: on disk as soon as it resolved, with nothing else run meanwhile
    expect((await FileIndexStore.open(file)).snapshot()?.documents).toEqual([]);
    await store.putDocument(record('a'));
    // within the interval: not written yet, but by the timer once it is due
    expect((await FileIndexStore.open(file)).snapshot()?.documents).toEqual([]);
    const written = async () => (await FileIndexStore.open(file)).snapshot()?.documents.map((d) => d.doc.id);
    // polled rather than timed: a loaded machine may run the timer late, but it must run
    for (let i = 0; i < 100 && (await written())?.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await written()).toEqual(['a']);
    await store.close();
  });

  it('writes a put-off checkpoint when settled, before work that holds the thread would let its timer run', async () => {
    const file = path.join(dir, 'settle.loci');
    const store = await FileIndexStore.open(file, { minIntervalMs: 60_000 });
    await store.putManifest(createManifest(hashEmbedder('e', 3)));
    await store.putDocument(record('a'));
    const written = async () => (await FileIndexStore.open(file)).snapshot()?.documents.map((d) => d.doc.id);
    expect(await written()).toEqual([]);
    await store.settle();
    expect(await written()).toEqual(['a']);
    // nothing put off: settling writes nothing more
    await store.settle();
    expect(await written()).toEqual(['a']);
    await store.close();
  });
});

describe('FileIndexStore collections', () => {
  const laws = (docIds: string[]): Collection => ({ id: 'c1', name: 'laws', docIds, created: 1 });

  async function indexWith(name: string, ...ids: string[]): Promise<string> {
    const file = path.join(dir, name);
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    await store.putManifest(createManifest(hashEmbedder('e', 3)));
    for (const id of ids) await store.putDocument(record(id));
    await store.close();
    return file;
  }

  it('keeps collections in the file: put, replaced by id, and there after reopening', async () => {
    const file = await indexWith('collections.loci', 'a', 'b', 'c');
    const store = await FileIndexStore.open(file);
    expect(store.collections).toEqual([]);
    await store.putCollection(laws(['a']));
    await store.putCollection({ id: 'c2', name: 'other', docIds: ['c'], created: 2 });
    await store.putCollection(laws(['a', 'b']));
    await store.close();
    const reopened = await FileIndexStore.open(file);
    expect(reopened.collections).toEqual([laws(['a', 'b']), { id: 'c2', name: 'other', docIds: ['c'], created: 2 }]);
    expect(reopened.snapshot()?.documents.map((d) => d.doc.id)).toEqual(['a', 'b', 'c']);
  });

  it('opens a file written before collections with none, and adds them to it', async () => {
    const file = path.join(dir, 'before-collections.loci');
    const old = await readFile(path.join(import.meta.dirname, '../core/stored-index/fixtures/v5-before-collections.loci'));
    await writeFile(file, old);
    const store = await FileIndexStore.open(file);
    expect(store.collections).toEqual([]);
    expect(store.snapshot()).toEqual(legacySnapshot());
    await store.putCollection(laws(['d']));
    await store.close();
    const reopened = await FileIndexStore.open(file);
    expect(reopened.collections).toEqual([laws(['d'])]);
    expect(reopened.snapshot()?.documents).toEqual(legacySnapshot().documents);
  });

  it('never writes a collection put in a read-only store (ask, inspect)', async () => {
    const file = await indexWith('read-only.loci', 'a');
    const before = await readFile(file);
    const store = await FileIndexStore.open(file, { readOnly: true });
    await store.putCollection(laws(['a']));
    expect(store.collections).toEqual([laws(['a'])]);
    await store.close();
    expect((await readFile(file)).equals(before)).toBe(true);
  });

  it('takes a deleted document out of its collections in the same write', async () => {
    const file = await indexWith('delete.loci', 'a', 'b');
    const store = await FileIndexStore.open(file);
    await store.putCollection(laws(['a', 'b']));
    await store.putCollection({ id: 'c2', name: 'only a', docIds: ['a'], created: 2 });
    await store.deleteDocument('a');
    await store.close();
    // an emptied collection stays: the person made it, and may fill it again
    expect((await FileIndexStore.open(file)).collections).toEqual([laws(['b']), { id: 'c2', name: 'only a', docIds: [], created: 2 }]);
  });

  it('prunes the documents the index no longer holds, writing only when one left', async () => {
    const file = await indexWith('prune.loci', 'a', 'b');
    const store = await FileIndexStore.open(file);
    await store.putCollection(laws(['a', 'gone', 'b']));
    await store.close();
    const before = await readFile(file);
    const again = await FileIndexStore.open(file);
    await again.pruneCollections(new Set(['a', 'b', 'gone']));
    await again.close();
    expect((await readFile(file)).equals(before)).toBe(true);
    const pruning = await FileIndexStore.open(file);
    await pruning.pruneCollections(new Set(['a', 'b']));
    await pruning.close();
    expect((await FileIndexStore.open(file)).collections).toEqual([laws(['a', 'b'])]);
  });

  it('keeps a damaged document in its collections while the damage is held', async () => {
    const file = path.join(dir, 'damaged-collections.loci');
    const bytes = await encodeIndex({ manifest: createManifest(hashEmbedder('e', 3)), documents: [record('a'), record('b')], groups: [], collections: [laws(['a', 'b'])] });
    flipByte(bytes, blockOfDocument(bytes, 'a.txt', 'text')[0] + 12);
    await writeFile(file, bytes);
    const store = await FileIndexStore.open(file);
    expect(store.damage).toHaveLength(1);
    // repair may index a.txt again under the same id: its place in the collection waits for it
    expect(store.collections).toEqual([laws(['a', 'b'])]);
  });

  const bytesOf = (value: string) => new TextEncoder().encode(value);

  it('keeps a document\'s original with it: written once the index holds the document, never for a file refused, gone with a deleted document', async () => {
    const file = await indexWith('originals.loci', 'a');
    const store = await FileIndexStore.open(file, { minIntervalMs: 0 });
    // a document indexed before originals were kept gains one, under its own name
    await store.keepOriginal({ id: 'a', name: 'renamed.txt', mime: 'text/plain', bytes: bytesOf('bytes of a') });
    await store.keepOriginal({ id: 'b', name: 'b.txt', mime: 'text/plain', bytes: bytesOf('bytes of b') });
    await store.keepOriginal({ id: 'refused', name: 'refused.txt', mime: '', bytes: bytesOf('never a document') });
    await store.putDocument(record('b'));
    await store.close();
    const reopened = await FileIndexStore.open(file, { minIntervalMs: 0 });
    expect(reopened.snapshot()?.originals?.map((o) => [o.id, o.name, new TextDecoder().decode(o.bytes)])).toEqual([
      ['a', 'a.txt', 'bytes of a'],
      ['b', 'b.txt', 'bytes of b'],
    ]);
    expect(reopened.original('refused')).toBeUndefined();
    await reopened.deleteDocument('a');
    await reopened.close();
    expect((await FileIndexStore.open(file)).snapshot()?.originals?.map((o) => o.id)).toEqual(['b']);
  });

  it('holds a damaged original: its document loads, and the file is not rewritten until repair accepts the loss', async () => {
    const file = path.join(dir, 'damaged-original.loci');
    const original = { id: 'a', name: 'a.txt', mime: 'text/plain', bytes: bytesOf('bytes of a') };
    const bytes = await encodeIndex({ manifest: createManifest(hashEmbedder('e', 3)), documents: [record('a'), record('b')], groups: [], originals: [original] });
    flipByte(bytes, blockOfOriginal(bytes, 'a.txt')[0] + 2);
    await writeFile(file, bytes);
    const store = await FileIndexStore.open(file);
    expect(store.damage).toEqual([{ kind: 'original', id: 'a', name: 'a.txt', docIds: ['a'], parts: ['original'] }]);
    expect(store.snapshot()?.documents.map((d) => d.doc.id)).toEqual(['a', 'b']);
    expect(store.original('a')).toBeUndefined();
    await store.putDocument(record('c'));
    await expect(store.close()).rejects.toThrow(/damaged-original\.loci is damaged and is not rewritten: a\.txt: the copy of its original file is damaged/);
    expect(Buffer.from(await readFile(file)).equals(Buffer.from(bytes))).toBe(true);
    // repair: the loss accepted, the file given put back
    const repairing = await FileIndexStore.open(file, { minIntervalMs: 0 });
    repairing.acceptDamage();
    await repairing.keepOriginal(original);
    await repairing.close();
    const mended = await FileIndexStore.open(file);
    expect(mended.damage).toEqual([]);
    expect(new TextDecoder().decode(mended.original('a')!.bytes)).toBe('bytes of a');
  });
});

describe('checkpointDelay', () => {
  const clock = { now: 10_000, lastWrite: 9_500, lastWriteMs: 200, minIntervalMs: 250 };

  it('writes a finished stage once the minimum interval has passed, however long the last write took', () => {
    expect(checkpointDelay({ ...clock, stageEnded: true })).toBeLessThanOrEqual(0);
    expect(checkpointDelay({ ...clock, now: 9_600, stageEnded: true })).toBe(150);
  });

  it('spaces checkpoints inside a stage by nine times the last write', () => {
    expect(checkpointDelay({ ...clock, stageEnded: false })).toBe(9_500 + 1_800 - 10_000);
    expect(checkpointDelay({ ...clock, lastWriteMs: 10, stageEnded: false })).toBeLessThanOrEqual(0);
  });
});
