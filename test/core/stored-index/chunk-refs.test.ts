import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { loadedGroup, loadedPreparse, storedGroup, storedPreparse } from '../../../src/core/stored-index/chunk-refs.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import type { Chunk } from '../../../src/core/types.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading'];
const markdown = (title: string) =>
  new TextEncoder().encode([`# ${title}`, ...Array.from({ length: 12 }, (_, i) => `Paragraph ${i} is about ${TOPICS[i % 3]}, and says ${TOPICS[i % 3]} twice.`)].join('\n\n'));

/** Two documents clustered together (one group of both), with RAPTOR nodes and the map's layout. */
async function pooled(): Promise<IndexSnapshot> {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({
    embedder: hashEmbedder(),
    store,
    settings: {
      chunking: { chunkTokens: 30, overlapTokens: 3 },
      clustering: { scope: 'corpus', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
      preparse: { mode: 'extractive' },
      raptor: true,
    },
  });
  await engine.indexFiles([{ name: 'a.md', bytes: markdown('Alpha') }, { name: 'b.md', bytes: markdown('Beta') }]);
  await engine.makeClusters();
  return store.snapshot()!;
}

describe('chunk ids written as numbers', () => {
  it('write a group of two documents with numbers for their chunks, strings for anything else, and read it back equal', async () => {
    const snapshot = await pooled();
    const [{ group }] = snapshot.groups;
    expect(group.docIds).toHaveLength(2);
    const chunks = new Map(snapshot.documents.map((d) => [d.doc.id, d.chunks]));
    const stored = storedGroup(group);
    const written = JSON.stringify(stored);
    for (const id of group.docIds) expect(written).not.toContain(id + ':');
    expect(stored.clusters.every((c) => c.id === undefined && c.chunks.every((ref) => typeof ref === 'number'))).toBe(true);
    // a RAPTOR node above the first level names nodes, which stay strings
    const upper = group.raptor.find((node) => node.level > 1);
    expect(upper && stored.raptor[group.raptor.indexOf(upper)].children.every((ref) => typeof ref === 'string')).toBe(true);

    const loaded = loadedGroup(JSON.parse(written), (id) => chunks.get(id));
    expect(loaded).toEqual(group);
    // each chunk is named by the loaded chunk's own string, not a copy
    const second = chunks.get(group.docIds[1])!;
    const member = loaded.clusters.flatMap((c) => c.members).find((m) => m.chunkId.startsWith(group.docIds[1]))!;
    expect(member.chunkId).toBe(second.find((c) => c.id === member.chunkId)!.id);
  });

  it('read a group written with ids (versions before 5) to the same group', async () => {
    const snapshot = await pooled();
    const [{ group }] = snapshot.groups;
    const chunks = new Map(snapshot.documents.map((d) => [d.doc.id, d.chunks]));
    expect(loadedGroup(JSON.parse(JSON.stringify(group)), (id) => chunks.get(id))).toEqual(group);
  });

  it('keep an id that is not what the record makes: a renamed cluster, a chunk of another document, a chunk not loaded', () => {
    const chunk = (docId: string, ordinal: number): Chunk => ({ id: `${docId}:${ordinal}`, docId, ordinal, text: 't', start: 0, end: 1, headingPath: [], tokens: 1 });
    const group = {
      id: 'g:d',
      docIds: ['d'],
      k: 1,
      bic: [1],
      clusters: [{ id: 'g:d#7', members: [{ chunkId: 'd:0', p: 1 }, { chunkId: 'other:3', p: 0.5 }, { chunkId: 'd:9', p: 0.25 }] }],
      raptor: [],
      layout: { chunkIds: ['d:0', 'd:9'], xy: [0.5, 0.25, 0.75, 1] },
    };
    const stored = storedGroup(group);
    expect(stored.clusters).toEqual([{ id: 'g:d#7', chunks: [0, 'other:3', 9], p: [1, 0.5, 0.25] }]);
    expect(stored.layout).toEqual({ chunks: [0, 9], xy: [0.5, 0.25, 0.75, 1] });
    expect(loadedGroup(stored, () => [chunk('d', 0)])).toEqual(group);
  });

  it('write a document’s pre-parse progress with numbers, and read it back equal', async () => {
    const snapshot = await pooled();
    const [record] = snapshot.documents;
    const stored = storedPreparse(record.preparse, record.doc.id);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((r) => typeof r.sourceId === 'number')).toBe(true);
    expect(loadedPreparse(stored, record.doc.id, () => record.chunks)).toEqual(record.preparse);
  });

  it('leave the index file equal to what was stored, and without the documents’ ids in its groups', async () => {
    const snapshot = await pooled();
    const bytes = await encodeIndex(snapshot);
    expect(await decodeIndex(bytes)).toEqual(snapshot);
    const text = new TextDecoder().decode(bytes);
    const [a] = snapshot.documents;
    // the document's id stands in its own record (doc, job) and in the header, not once per chunk
    expect(text.split(a.doc.id).length - 1).toBeLessThan(a.chunks.length);
  });
});
