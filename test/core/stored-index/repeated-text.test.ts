import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import { chunkSources, loadedChunks, loadedEntries, shareChunkIds, storedChunks, storedEntries } from '../../../src/core/stored-index/repeated-text.ts';
import { toColumns } from '../../../src/core/stored-index/entry-columns.ts';
import type { IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const SETTINGS: Partial<ManifestSettings> = {
  chunking: { chunkTokens: 30, overlapTokens: 3 },
  clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
  preparse: { mode: 'extractive' },
};
const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading'];
const markdown = (title: string) =>
  new TextEncoder().encode(
    [`# ${title}`, '## Part one', ...Array.from({ length: 10 }, (_, i) => `Paragraph ${i} is about ${TOPICS[i % 3]}, and says ${TOPICS[i % 3]} twice.`)].join('\n\n'),
  );

async function built(): Promise<IndexSnapshot> {
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings: SETTINGS });
  await engine.indexFiles([{ name: 'a.md', bytes: markdown('Alpha') }, { name: 'b.md', bytes: markdown('Beta') }]);
  await engine.makeClusters();
  return store.snapshot()!;
}

describe('records stored without the text and ids they repeat', () => {
  it('leave out exactly the chunk, chunk-entry and cluster-entry texts that can be rebuilt, and rebuild them', async () => {
    const snapshot = await built();
    const [doc] = snapshot.documents;
    const chunks = storedChunks(doc.doc, doc.chunks);
    expect(chunks.every((c) => c.text === undefined)).toBe(true);
    expect(loadedChunks(doc.doc, chunks)).toEqual(doc.chunks);
    const sources = chunkSources([doc.chunks]);
    const entries = storedEntries(doc.entries, sources);
    // chunk entries are rebuilt whole; a sentence of its chunk is kept as where it stands there;
    // any other text (the summary: heading path and first sentence) is kept as it is
    const chunkText = (e: { origin: { id: string } }) => doc.chunks.find((c) => c.id === e.origin.id)!.text;
    entries.forEach((stored, i) => {
      const entry = doc.entries[i];
      if (entry.kind === 'chunk') expect(stored).not.toHaveProperty('text');
      else if (chunkText(entry).includes(entry.text)) {
        expect(stored).not.toHaveProperty('text');
        expect(chunkText(entry).slice(stored.at![0], stored.at![1])).toBe(entry.text);
      } else expect(stored.text).toBe(entry.text);
    });
    expect(entries.filter((e) => e.at).length).toBeGreaterThanOrEqual(doc.chunks.length);
    expect(entries.some((e) => e.text !== undefined && e.kind === 'summary')).toBe(true);
    expect(loadedEntries(toColumns(entries), sources)).toEqual(doc.entries);

    const group = snapshot.groups.find((g) => g.group.docIds[0] === doc.doc.id)!;
    const groupSources = chunkSources([doc.chunks], group.group);
    const groupEntries = storedEntries(group.entries, groupSources);
    expect(groupEntries.filter((e) => e.kind === 'cluster').every((e) => e.text === undefined && e.at === undefined)).toBe(true);
    // a cluster's sentences are kept as where they stand in its members' text
    expect(groupEntries.filter((e) => e.kind === 'context').every((e) => e.text === undefined && e.at !== undefined)).toBe(true);
    expect(loadedEntries(toColumns(groupEntries), groupSources)).toEqual(group.entries);
    // an entry whose chunk is not at hand cannot be rebuilt
    expect(loadedEntries(toColumns(entries), chunkSources([]))).toBeUndefined();
  });

  it('come back with one origin for all the entries of a chunk', async () => {
    const [doc] = (await built()).documents;
    const sources = chunkSources([doc.chunks]);
    const loaded = loadedEntries(toColumns(storedEntries(doc.entries, sources, doc.doc.id)), sources, doc.doc.id)!;
    expect(loaded).toEqual(doc.entries);
    const byChunk = new Map<string, typeof loaded>();
    for (const entry of loaded) if (entry.origin.type === 'chunk') byChunk.set(entry.origin.id, [...(byChunk.get(entry.origin.id) ?? []), entry]);
    expect([...byChunk.values()].some((entries) => entries.length > 1)).toBe(true);
    for (const entries of byChunk.values()) for (const entry of entries) expect(entry.origin).toBe(entries[0].origin);
  });

  it('name the loaded chunks in a group with the chunks\' own ids, leaving any other id as it is', async () => {
    const snapshot = await built();
    const [doc] = snapshot.documents;
    const group = structuredClone(snapshot.groups.find((g) => g.group.docIds[0] === doc.doc.id)!.group);
    group.layout = { chunkIds: [...doc.chunks.map((c) => c.id), 'elsewhere:0'], xy: [] };
    const before = structuredClone(group);
    expect(group.clusters.flatMap((c) => c.members).length).toBeGreaterThan(0);
    shareChunkIds(group, chunkSources([doc.chunks]));
    expect(group).toEqual(before);
    shareChunkIds(group, chunkSources([]));
    expect(group).toEqual(before);
  });

  it('keep a text that is not what would be rebuilt', () => {
    const doc = { id: 'd', text: 'abcdef' };
    const chunk = { id: 'd:0', docId: 'd', ordinal: 0, text: 'edited', headingPath: [], start: 0, end: 3, tokens: 1 };
    expect(storedChunks(doc, [chunk])[0].text).toBe('edited');
    expect(loadedChunks(doc, storedChunks(doc, [chunk]))).toEqual([chunk]);
    const entry = { id: 'd:0|chunk|whole|0', kind: 'chunk' as const, level: 'whole' as const, text: 'not the chunk', origin: { type: 'chunk' as const, id: 'd:0' } };
    const sources = chunkSources([[chunk]]);
    expect(storedEntries([entry], sources, 'd')[0].text).toBe('not the chunk');
    expect(loadedEntries(toColumns(storedEntries([entry], sources, 'd')), sources, 'd')).toEqual([entry]);
  });

  it('leave out the ids their record makes, keep any other, and come back equal', () => {
    const doc = { id: 'f00d', text: 'one two three four five six' };
    const chunks = [
      { id: 'f00d:0', docId: 'f00d', ordinal: 0, text: 'one two three', headingPath: [], start: 0, end: 13, tokens: 3 },
      // ids not built from the document's: kept as they are
      { id: 'moved:7', docId: 'f00d', ordinal: 1, text: 'four five six', headingPath: [], start: 14, end: 27, tokens: 3 },
      { id: 'other:2', docId: 'other', ordinal: 2, text: 'four five six', headingPath: [], start: 14, end: 27, tokens: 3 },
    ];
    const stored = storedChunks(doc, chunks);
    expect(stored[0]).not.toHaveProperty('id');
    expect(stored[0]).not.toHaveProperty('docId');
    expect(stored[1]).toMatchObject({ id: 'moved:7' });
    expect(stored[1]).not.toHaveProperty('docId');
    // another document's chunk: its own id is rebuilt from its document and ordinal
    expect(stored[2]).toMatchObject({ docId: 'other' });
    expect(stored[2]).not.toHaveProperty('id');
    expect(loadedChunks(doc, stored)).toEqual(chunks);

    const entries = [
      { id: 'f00d:0|context|point|3', kind: 'context' as const, level: 'point' as const, text: 'two', origin: { type: 'chunk' as const, id: 'f00d:0' }, producer: 'extractive' as const },
      { id: 'hand-made', kind: 'context' as const, level: 'point' as const, text: 'five', origin: { type: 'chunk' as const, id: 'moved:7' } },
      { id: 'f00d:0|query|point|01', kind: 'query' as const, level: 'point' as const, text: 'what?', origin: { type: 'chunk' as const, id: 'f00d:0' } },
    ];
    const sources = chunkSources([chunks]);
    const kept = storedEntries(entries, sources, 'f00d');
    expect(kept[0]).toEqual({ kind: 'context', level: 'point', producer: 'extractive', at: [4, 7], n: 3, of: 0 });
    // an id that is not the usual one, and an origin that is not this document's chunk by its ordinal
    expect(kept[1]).toMatchObject({ id: 'hand-made', origin: { type: 'chunk', id: 'moved:7' } });
    expect(kept[2]).toMatchObject({ id: 'f00d:0|query|point|01', of: 0 });
    expect(loadedEntries(toColumns(kept), sources, 'f00d')).toEqual(entries);
    // stored without a document (a cluster group's), every origin is kept
    expect(storedEntries(entries, sources).every((e) => e.origin !== undefined)).toBe(true);
    expect(loadedEntries(toColumns(storedEntries(entries, sources)), sources)).toEqual(entries);
  });

  it('store each document\'s text once, and come back equal', async () => {
    const snapshot = await built();
    const bytes = await encodeIndex(snapshot);
    expect(await decodeIndex(bytes)).toEqual(snapshot);
    const phrase = 'Paragraph 2 is about library books';
    const count = (text: string) => text.split(phrase).length - 1;
    // once in each document's text, and in the summaries that open with it (a heading path before
    // it, so not a part of the chunk); never in a chunk, a chunk entry, a cluster entry or a
    // pre-parsed sentence quoting it, which repeat it and are rebuilt on load
    const entries = [...snapshot.documents, ...snapshot.groups].flatMap((r) => r.entries);
    expect(entries.filter((e) => e.kind === 'context' && count(e.text) > 0).length).toBeGreaterThan(0);
    const expected = snapshot.documents.length + entries.filter((e) => e.kind === 'summary').reduce((n, e) => n + count(e.text), 0);
    expect(count(new TextDecoder().decode(bytes))).toBe(expected);
    const everywhere = [...snapshot.documents.flatMap((d) => [d.doc.text, ...d.chunks.map((c) => c.text)]), ...[...snapshot.documents, ...snapshot.groups].flatMap((r) => r.entries.map((e) => e.text))];
    expect(everywhere.reduce((n, t) => n + count(t), 0)).toBeGreaterThanOrEqual(expected + 3 * snapshot.documents.length);
    // a document's id (a 64-digit hash) is not repeated by its chunks and entries
    const [first] = snapshot.documents;
    expect(first.entries.length).toBeGreaterThan(20);
    expect(JSON.stringify(storedChunks(first.doc, first.chunks))).not.toContain(first.doc.id);
    expect(JSON.stringify(storedEntries(first.entries, chunkSources([first.chunks]), first.doc.id))).not.toContain(first.doc.id);
  });
});
