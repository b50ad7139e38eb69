import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { IngestError } from '../../../src/core/ingest/index.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' },
};

const text = (n: number, topic: string) =>
  new TextEncoder().encode(Array.from({ length: n }, (_, i) => `Paragraph ${i} is about ${topic}, and says so at some length so that it fills a chunk.`).join('\n\n'));

describe('the per-document chunk limit', () => {
  it('refuses a document past it by name, before embedding, and indexes the others', async () => {
    const store = new MemoryIndexStore();
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
    const errors: Error[] = [];
    const result = await engine.indexFiles(
      [
        { name: 'long.txt', bytes: text(40, 'rivers') },
        { name: 'short.txt', bytes: text(4, 'glaciers') },
      ],
      { ingest: { maxChunks: 12 }, onFileError: (_name, e) => errors.push(e) },
    );
    expect(result.failed.map((f) => f.name)).toEqual(['long.txt']);
    expect(errors[0]).toBeInstanceOf(IngestError);
    expect(errors[0].message).toMatch(/^long\.txt: the file makes \d+ chunks, more than the 12 one document may have/);
    const stored = store.snapshot()!.documents;
    expect(stored.map((d) => d.doc.name)).toEqual(['short.txt']);
    expect(stored[0].job.stage).toBe('ready');
  });

  it('lets the same document through under the default limit', async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), settings: SETTINGS });
    const result = await engine.indexFiles([{ name: 'long.txt', bytes: text(40, 'rivers') }]);
    expect(result.added.map((r) => r.doc.name)).toEqual(['long.txt']);
    expect(result.added[0].chunks.length).toBeGreaterThan(12);
  });
});

describe('a document whose chunking never finished', () => {
  it('is not clustered and marked ready with no chunks by another file\'s run', async () => {
    const built = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), settings: SETTINGS });
    await built.indexFiles([{ name: 'long.txt', bytes: text(20, 'rivers') }]);
    // as a run leaves it when chunking fails after parsing, or is killed there
    const snapshot = built.snapshot();
    const [record] = snapshot.documents;
    const halfway = { ...record, chunks: [], entries: [], vectors: new Float32Array(0), terms: undefined, preparse: [], job: { docId: record.doc.id, stage: 'parsed' as const } };
    const store = new MemoryIndexStore({ ...snapshot, documents: [halfway], groups: [] });
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
    await engine.indexFiles([{ name: 'short.txt', bytes: text(4, 'glaciers') }]);
    expect(engine.document(record.doc.id)?.job.stage).toBe('parsed');
    expect(engine.snapshot().documents.find((d) => d.doc.name === 'short.txt')?.job.stage).toBe('ready');
  });
});

