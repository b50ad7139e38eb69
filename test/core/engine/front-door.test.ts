/**
 * What the engine offers a front end that indexes one document at a time (the app's worker): the
 * stages of one document in order, its state, the passage a citation opens, its cluster map, and
 * starting over when the embedder changes.
 */
import { describe, expect, it, vi } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { sha256Hex } from '../../../src/core/util/hash.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { documentGroupId } from '../../../src/core/pipeline/stages.ts';

const doc = (title: string, words: string) =>
  new TextEncoder().encode(`# ${title}\n\n` + Array.from({ length: 12 }, (_, i) => `Part ${i} of ${title} is about ${words}. It says ${words} again.`).join('\n\n'));
const A = { name: 'a.md', bytes: doc('Alpha', 'river boats') };
const B = { name: 'b.md', bytes: doc('Beta', 'mountain snow') };
const settings = { clustering: { scope: 'document' as const, seed: 1, threshold: 0.1, maxClusters: 4, minChunks: 4 } };

async function open(store = new MemoryIndexStore()) {
  return { store, engine: await LociEngine.open({ embedder: hashEmbedder(), store, settings }) };
}

describe('LociEngine, one document at a time', () => {
  it('runs every stage of the one document, reading its bytes only while it still has to be parsed', async () => {
    const { engine } = await open();
    const [a, b] = [await sha256Hex(A.bytes), await sha256Hex(B.bytes)];
    const readA = vi.fn(async () => A);
    const onEmbedded = vi.fn();
    expect(await engine.indexDocument(a, readA, { preparse: 'extractive', onEmbedded })).toEqual({ ready: true });
    expect(engine.document(a)!.job.stage).toBe('ready');
    expect(onEmbedded).toHaveBeenCalledTimes(1);

    // B stops after embedding; A's run again neither reads A nor advances B.
    await expect(engine.indexDocument(b, async () => B, { onEmbedded: () => { throw new Error('stop'); } })).rejects.toThrow('stop');
    expect(await engine.indexDocument(a, readA)).toEqual({ ready: true });
    expect(readA).toHaveBeenCalledTimes(1);
    expect(engine.document(b)!.job.stage).toBe('embedded');

    // B's own run picks up where it stopped, without reading it again.
    const readB = vi.fn(async () => B);
    expect(await engine.indexDocument(b, readB)).toEqual({ ready: true });
    expect(readB).not.toHaveBeenCalled();
  });

  it("records a run's own chunk size on the document's job, not in the manifest", async () => {
    const { engine } = await open();
    const a = await sha256Hex(A.bytes);
    await engine.indexDocument(a, async () => A, { chunkTokens: 12 });
    expect(engine.document(a)!.job.chunking).toEqual({ ...engine.manifest.chunking, chunkTokens: 12 });
    expect(engine.manifest.chunking.chunkTokens).not.toBe(12);
    const b = await sha256Hex(B.bytes);
    await engine.indexDocument(b, async () => B, { chunkTokens: engine.manifest.chunking.chunkTokens });
    expect(engine.document(b)!.job.chunking).toBeUndefined();
  });

  it('gives a chunk with its document, the passage it opens and the cluster map, until the document is deleted', async () => {
    const { engine } = await open();
    const a = await sha256Hex(A.bytes);
    // small chunks, enough of them to cluster
    await engine.indexDocument(a, async () => A, { chunkTokens: 12 });
    const chunk = engine.document(a)!.chunks[1];
    expect(engine.chunk(chunk.id)).toEqual({ chunk, docName: 'a.md', docTitle: 'Alpha' });
    const passage = engine.passage(chunk.id)!;
    expect(passage).toMatchObject({ docId: a, docName: 'a.md', mime: 'text/markdown', chunk });
    expect(passage.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    // indexing leaves clustering to the first reader: the map makes the clusters
    expect(engine.group(documentGroupId(a))).toBeUndefined();
    const map = (await engine.clusterMap(a))!;
    expect(engine.group(documentGroupId(a))?.group.clusters.length).toBeGreaterThan(0);
    expect(map.points.map((p) => p.chunkId).sort()).toEqual(engine.document(a)!.chunks.map((c) => c.id).sort());

    await engine.removeDocument(a);
    expect(engine.document(a)).toBeUndefined();
    expect(engine.chunk(chunk.id)).toBeUndefined();
    expect(engine.passage(chunk.id)).toBeUndefined();
    expect(await engine.clusterMap(a)).toBeUndefined();
  });

  it('starts a new index when the embedder changed and the caller allows it; refuses otherwise', async () => {
    const { store, engine } = await open();
    await engine.indexDocument(await sha256Hex(A.bytes), async () => A);
    const other = hashEmbedder('hash-32', 32);
    await expect(LociEngine.open({ embedder: other, store })).rejects.toThrow(/hash-64/);

    const discard = vi.fn(async () => {
      for (const d of store.snapshot()!.documents) await store.deleteDocument(d.doc.id);
      for (const g of store.snapshot()!.groups) await store.deleteGroup(g.group.id);
    });
    const reopened = await LociEngine.open({ embedder: other, store, discardOtherEmbedderIndex: discard });
    expect(discard).toHaveBeenCalledTimes(1);
    expect(reopened.replacedEmbedder).toBe('hash-64');
    expect(reopened.manifest.embedder).toMatchObject({ id: 'hash-32', dimension: 32 });
    expect(reopened.documents).toEqual([]);

    // the same embedder again: nothing is discarded
    const again = await LociEngine.open({ embedder: other, store, discardOtherEmbedderIndex: discard });
    expect(discard).toHaveBeenCalledTimes(1);
    expect(again.replacedEmbedder).toBeUndefined();
  });
});
