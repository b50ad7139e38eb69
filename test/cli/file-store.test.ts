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
import { blockOfDocument, flipByte } from '../support/index-blocks.ts';

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
