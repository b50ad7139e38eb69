import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import type { Progress } from '../../../src/core/ports.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading', 'garden roses and summer bees'];

/** A Markdown document of chapters whose paragraphs each talk about one of a few topics. */
function markdown(title: string, chapters: number, seed: number): Uint8Array {
  const lines = [`# ${title}`];
  for (let c = 0; c < chapters; c++) {
    lines.push(`## Chapter ${c + 1}`);
    for (let p = 0; p < 4; p++) {
      const topic = TOPICS[(c * 4 + p + seed) % TOPICS.length];
      lines.push(`Paragraph ${c}.${p} is about ${topic}. It repeats ${topic} twice so that ${topic} dominates. The end of part ${p}.`);
    }
  }
  return new TextEncoder().encode(lines.join('\n\n'));
}

const FILES = [
  { name: 'alpha.md', bytes: markdown('Alpha', 4, 0) },
  { name: 'beta.md', bytes: markdown('Beta', 3, 1) },
];

const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' },
};

/** The index of FILES, with its clusters made (indexing leaves them to whatever reads them first). */
async function build(settings = SETTINGS) {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings });
  await engine.indexFiles(FILES);
  const unclustered = store.snapshot()!;
  await engine.makeClusters();
  return { engine, store, unclustered, bytes: await encodeIndex(store.snapshot()!) };
}

describe('indexing pipeline', () => {
  it('takes every document through every stage, with chunk, cluster and pre-parsed entries', async () => {
    const { engine, store, unclustered } = await build();
    expect(unclustered.documents.map((d) => d.job.stage)).toEqual(['ready', 'ready']);
    expect(unclustered.groups).toEqual([]);
    const snap = store.snapshot()!;
    expect(snap.documents.map((d) => d.job.stage)).toEqual(['ready', 'ready']);
    expect(snap.groups.map((g) => g.group.id)).toEqual(FILES.map((_, i) => `g:${snap.documents[i].doc.id}`));
    const kinds = new Set([...snap.documents, ...snap.groups].flatMap((r) => r.entries.map((e) => e.kind)));
    expect(kinds).toEqual(new Set(['chunk', 'cluster', 'summary', 'context']));
    for (const r of [...snap.documents, ...snap.groups]) expect(r.vectors.length).toBe(r.entries.length * 64);
    const total = [...snap.documents, ...snap.groups].reduce((n, r) => n + r.entries.length, 0);
    expect(engine.entryCount).toBe(total);
    // every original chunk was pre-parsed exactly once; extractive mode leaves cluster chunks alone
    const sources = [...snap.documents, ...snap.groups].flatMap((r) => r.preparse.map((p) => p.sourceId));
    expect(new Set(sources).size).toBe(sources.length);
    expect(sources.length).toBe(snap.documents.reduce((n, d) => n + d.chunks.length, 0));
    expect(snap.groups.every((g) => g.preparse.length === 0 && g.entries.every((e) => e.kind === 'cluster'))).toBe(true);
  });

  it('is byte-identical across two runs with the same seed', async () => {
    const a = await build();
    const b = await build();
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
  });

  it('resumes an interrupted run without redoing or duplicating anything', async () => {
    const reference = await build();
    for (const stopAt of ['embed', 'preparse', 'cluster']) {
      const store = new MemoryIndexStore();
      const controller = new AbortController();
      const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
      const options = { signal: controller.signal, onProgress: (p: Progress) => p.stage === stopAt && p.done > 0 && controller.abort() };
      // clusters are made apart from indexing, and stopped there they are made again whole
      const run = stopAt === 'cluster' ? engine.indexFiles(FILES).then(() => engine.makeClusters(options)) : engine.indexFiles(FILES, options);
      await expect(run).rejects.toThrow(/cancelled/);
      const reopened = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
      await reopened.indexFiles(FILES);
      await reopened.makeClusters();
      expect(Buffer.from(await encodeIndex(store.snapshot()!)).equals(Buffer.from(reference.bytes)), `stopped at ${stopAt}`).toBe(true);
    }
  });

  it('answers retrieval at once and deletes a document with everything derived from it', async () => {
    const { engine, store } = await build();
    const [alpha, beta] = store.snapshot()!.documents;
    const before = await engine.retrieve('glacier ice on the mountain', { strategy: 'cap-rag', n: 3, retriever: 'hybrid' as const });
    expect(before.chunks.length).toBeGreaterThanOrEqual(3);
    expect(before.chunks.some((c) => c.chunk.text.includes('glacier'))).toBe(true);

    await engine.removeDocument(alpha.doc.id);
    const snap = store.snapshot()!;
    expect(snap.documents.map((d) => d.doc.id)).toEqual([beta.doc.id]);
    expect(snap.groups.every((g) => !g.group.docIds.includes(alpha.doc.id))).toBe(true);
    const after = await engine.retrieve('glacier ice on the mountain', { strategy: 'cap-rag', n: 3, retriever: 'hybrid' as const });
    expect(after.chunks.every((c) => c.chunk.docId === beta.doc.id)).toBe(true);
    expect(engine.entryCount).toBe([...snap.documents, ...snap.groups].reduce((n, r) => n + r.entries.length, 0));
  });

  it('reports a bad file by name and keeps the others', async () => {
    const store = new MemoryIndexStore();
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
    const errors: string[] = [];
    const result = await engine.indexFiles([FILES[0], { name: 'empty.txt', bytes: new Uint8Array(0) }, FILES[1]], {
      onFileError: (name, e) => errors.push(`${name}: ${e.message}`),
    });
    expect(result.added).toHaveLength(2);
    expect(result.failed.map((f) => f.name)).toEqual(['empty.txt']);
    expect(errors[0]).toMatch(/empty\.txt/);
    expect(store.snapshot()!.documents.every((d) => d.job.stage === 'ready')).toBe(true);
  });

  it('clusters a pooled corpus as one group, and re-clusters it after a deletion', async () => {
    const settings = { ...SETTINGS, clustering: { ...SETTINGS.clustering!, scope: 'corpus' as const } };
    const { engine, store } = await build(settings);
    let snap = store.snapshot()!;
    expect(snap.groups.map((g) => g.group.docIds.length)).toEqual([2]);
    const members = snap.groups[0].group.clusters.flatMap((c) => c.members.map((m) => m.chunkId.split(':')[0]));
    expect(new Set(members).size).toBe(2);
    await engine.removeDocument(snap.documents[0].doc.id);
    expect(store.snapshot()!.groups).toEqual([]);
    await engine.makeClusters();
    snap = store.snapshot()!;
    expect(snap.groups.map((g) => g.group.docIds)).toEqual([[snap.documents[0].doc.id]]);
    expect(snap.documents[0].job.stage).toBe('ready');
  });

  it('refuses to open an index with another embedder', async () => {
    const { store } = await build();
    await expect(LociEngine.open({ embedder: hashEmbedder('other-32', 32), store })).rejects.toThrow(/built with the embedder "hash-64"/);
  });

  it('settles the store before each clustering, once what it clusters is put', async () => {
    const events: string[] = [];
    class Recording extends MemoryIndexStore {
      override putDocument(record: Parameters<MemoryIndexStore['putDocument']>[0]): Promise<void> {
        events.push(`put ${record.doc.name} ${record.job.stage}`);
        return super.putDocument(record);
      }
      override putGroup(record: Parameters<MemoryIndexStore['putGroup']>[0]): Promise<void> {
        events.push('group');
        return super.putGroup(record);
      }
      async settle(): Promise<void> {
        events.push('settle');
      }
    }
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new Recording(), settings: SETTINGS });
    await engine.indexFiles(FILES);
    // no record is written again only to mark a stage nothing reads (the old "clustered")
    expect(events.filter((e) => e.endsWith(' clustered'))).toEqual([]);
    await engine.makeClusters();
    expect(events.filter((e) => e === 'group')).toHaveLength(FILES.length);
    events.forEach((event, i) => {
      if (event === 'group') expect(events[i - 1]).toBe('settle');
    });
  });
});
