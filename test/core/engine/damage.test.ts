/** The engine over a store that found damage: the damaged document is left out, the others answer, repair rebuilds. */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { describeDamage } from '../../../src/core/stored-index/damage.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { blockOfDocument, flipByte, writeNaN } from '../../support/index-blocks.ts';

const text = (topic: string) =>
  new TextEncoder().encode(
    `# ${topic}\n\n` + Array.from({ length: 10 }, (_, i) => `Paragraph ${i} tells of ${topic} at length, ${topic} again and ${topic} once more.`).join('\n\n'),
  );
const FILES = [
  { name: 'river.md', bytes: text('river boats') },
  { name: 'snow.md', bytes: text('mountain snow') },
];
const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 4, minChunks: 4 },
};

async function builtBytes(): Promise<Uint8Array> {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
  await engine.indexFiles(FILES);
  await engine.makeClusters();
  return encodeIndex(store.snapshot()!);
}

/** A store that loads a snapshot with its damage, as the file store does. */
class DamagedStore extends MemoryIndexStore {
  constructor(private readonly loaded: IndexSnapshot) {
    super(loaded);
  }
  override async load(): Promise<IndexSnapshot | undefined> {
    return { ...this.snapshot()!, damage: this.loaded.damage };
  }
}

describe('an engine over a damaged index', () => {
  it('leaves the damaged document out, answers from the other, and repair rebuilds it from its original', async () => {
    const bytes = await builtBytes();
    const [start] = blockOfDocument(bytes, 'river.md', 'chunks');
    flipByte(bytes, start + 30);
    const store = new DamagedStore(await decodeIndex(bytes));
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store });

    expect(engine.damage.map(describeDamage)).toEqual(['river.md: its chunks are damaged (checksum mismatch); it is left out of answers until repaired']);
    expect(engine.documents.map((d) => d.doc.name)).toEqual(['snow.md']);
    const found = await engine.retrieve('river boats', { strategy: 'cap-rag', retriever: 'dense', n: 3, hops: 1 });
    expect(found.chunks.every((c) => c.docName === 'snow.md')).toBe(true);
    // the damaged document's own cluster group was set aside with it
    expect(engine.snapshot().groups.map((g) => g.group.docIds)).toEqual([[engine.documents[0].doc.id]]);

    await engine.prepareRepair();
    await engine.indexFiles([FILES[0]]);
    expect(engine.damage).toEqual([]);
    expect(engine.documents.map((d) => d.doc.name).sort()).toEqual(['river.md', 'snow.md']);
    expect(engine.documents.every((d) => d.job.stage === 'ready')).toBe(true);
    const again = await engine.retrieve('river boats', { strategy: 'cap-rag', retriever: 'dense', n: 3, hops: 1 });
    expect(again.chunks[0].docName).toBe('river.md');
    expect(engine.snapshot().groups).toHaveLength(2);
  });

  it('reports a damaged cluster group while its document still answers, and repair clusters it again', async () => {
    const bytes = await builtBytes();
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(28, 28 + new DataView(bytes.buffer).getUint32(8, true))));
    const bodyStart = (28 + new DataView(bytes.buffer).getUint32(8, true) + 3) & ~3;
    writeNaN(bytes, bodyStart + header.groups[0].blocks.vectors[0]);
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new DamagedStore(await decodeIndex(bytes)) });
    expect(engine.damage).toMatchObject([{ kind: 'group', name: 'river.md', parts: ['clusters'] }]);
    expect(describeDamage(engine.damage[0])).toMatch(/cluster entries of river\.md are damaged/);
    expect(engine.documents).toHaveLength(2);
    const found = await engine.retrieve('river boats', { strategy: 'naive', retriever: 'dense', n: 3, hops: 1 });
    expect(found.chunks[0].docName).toBe('river.md');

    await engine.prepareRepair();
    await engine.makeClusters();
    expect(engine.damage).toEqual([]);
    expect(engine.snapshot().groups).toHaveLength(2);
    expect(engine.documents.every((d) => d.job.stage === 'ready')).toBe(true);
  });
});
