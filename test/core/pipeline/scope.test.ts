import { describe, expect, it, vi } from 'vitest';
import * as ingestModule from '../../../src/core/ingest/index.ts';
import { LiveCorpus } from '../../../src/core/search/live-corpus.ts';
import { createManifest, type ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { Indexer } from '../../../src/core/pipeline/indexer.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

vi.mock('../../../src/core/ingest/index.ts', async (original) => {
  const actual = await original<typeof ingestModule>();
  return { ...actual, ingest: vi.fn(actual.ingest) };
});

const doc = (title: string, words: string) =>
  new TextEncoder().encode(`# ${title}\n\n` + Array.from({ length: 12 }, (_, i) => `Part ${i} of ${title} is about ${words}. It says ${words} again.`).join('\n\n'));
const A = { name: 'a.md', bytes: doc('Alpha', 'river boats') };
const B = { name: 'b.md', bytes: doc('Beta', 'mountain snow') };
const settings = { clustering: { scope: 'document' as const, seed: 1, threshold: 0.1, maxClusters: 4, minChunks: 4 } };

/** The indexer on its own (the engine keeps it private): these are its scoping rules. */
async function indexer(overrides: Partial<ManifestSettings> = settings) {
  const embedder = hashEmbedder();
  const store = new MemoryIndexStore();
  const manifest = createManifest(embedder, overrides);
  await store.putManifest(manifest);
  return { store, indexer: new Indexer({ manifest, embedder, store, corpus: new LiveCorpus(embedder.dimension) }) };
}

describe('indexer scope and overrides', () => {
  it('does not parse a document it already holds', async () => {
    const { indexer: e } = await indexer();
    const parse = vi.mocked(ingestModule.ingest);
    parse.mockClear();
    const first = await e.ingestFile(A.name, A.bytes);
    const again = await e.ingestFile(A.name, A.bytes);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(again).toBe(first);
  });

  it('limits clustering and pre-parsing to the documents named', async () => {
    const { indexer: e, store } = await indexer();
    const a = await e.ingestFile(A.name, A.bytes);
    const b = await e.ingestFile(B.name, B.bytes);
    const only = new Set([a.doc.id]);
    await e.preparsePending({ docIds: only });
    const stage = (id: string) => store.snapshot()!.documents.find((d) => d.doc.id === id)!.job.stage;
    expect(stage(a.doc.id)).toBe('ready');
    expect(stage(b.doc.id)).toBe('embedded');
    // ready without clusters: they are made when read
    expect(store.snapshot()!.groups).toEqual([]);
    await e.makeClusters({ docIds: only });
    expect(store.snapshot()!.groups.map((g) => g.group.docIds)).toEqual([[a.doc.id]]);
    await e.preparsePending();
    expect(stage(b.doc.id)).toBe('ready');
    await e.makeClusters();
    expect(store.snapshot()!.groups.map((g) => g.group.docIds)).toEqual([[a.doc.id], [b.doc.id]]);
    expect(await e.makeClusters()).toEqual([]);
  });

  it('chunks one document with its own settings and records them on its job', async () => {
    const { indexer: e } = await indexer();
    const small = await e.ingestFile(A.name, A.bytes, { chunking: { chunkTokens: 12, overlapTokens: 0 } });
    const normal = await e.ingestFile(B.name, B.bytes);
    expect(small.job.chunking).toEqual({ chunkTokens: 12, overlapTokens: 0 });
    expect(normal.job.chunking).toBeUndefined();
    expect(Math.max(...small.chunks.map((c) => c.tokens))).toBeLessThanOrEqual(12);
    expect(small.chunks.length).toBeGreaterThan(normal.chunks.length);
  });

  it('clusters a pooled corpus whole, and again once its documents change', async () => {
    const { indexer: e, store } = await indexer({ clustering: { ...settings.clustering, scope: 'corpus' } });
    const a = await e.ingestFile(A.name, A.bytes);
    // asked for one document's clusters, a pooled corpus can only give the corpus's
    expect(await e.makeClusters({ docIds: new Set([a.doc.id]) })).toEqual(['g:corpus']);
    expect(await e.makeClusters()).toEqual([]);
    const b = await e.ingestFile(B.name, B.bytes);
    expect(await e.makeClusters()).toEqual(['g:corpus']);
    expect(store.snapshot()!.groups.map((g) => g.group.docIds)).toEqual([[a.doc.id, b.doc.id]]);
    await e.preparsePending();
    await e.removeDocument(a.doc.id);
    // the group that held it is gone; the other document stays ready and is clustered alone when read
    expect(store.snapshot()!.groups).toEqual([]);
    expect(store.snapshot()!.documents.map((d) => d.job.stage)).toEqual(['ready']);
    await e.makeClusters();
    expect(store.snapshot()!.groups.map((g) => g.group.docIds)).toEqual([[b.doc.id]]);
  });
});
