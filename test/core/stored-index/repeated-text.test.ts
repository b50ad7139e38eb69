import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import { chunkSources, loadedChunks, loadedEntries, storedChunks, storedEntries } from '../../../src/core/stored-index/repeated-text.ts';
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
  return store.snapshot()!;
}

describe('records stored without the text they repeat', () => {
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
      } else expect(stored).toEqual(entry);
    });
    expect(entries.filter((e) => e.at).length).toBeGreaterThanOrEqual(doc.chunks.length);
    expect(entries.some((e) => e.text !== undefined && e.kind === 'summary')).toBe(true);
    expect(loadedEntries(entries, sources)).toEqual(doc.entries);

    const group = snapshot.groups.find((g) => g.group.docIds[0] === doc.doc.id)!;
    const groupSources = chunkSources([doc.chunks], group.group);
    const groupEntries = storedEntries(group.entries, groupSources);
    expect(groupEntries.filter((e) => e.kind === 'cluster').every((e) => e.text === undefined && e.at === undefined)).toBe(true);
    // a cluster's sentences are kept as where they stand in its members' text
    expect(groupEntries.filter((e) => e.kind === 'context').every((e) => e.text === undefined && e.at !== undefined)).toBe(true);
    expect(loadedEntries(groupEntries, groupSources)).toEqual(group.entries);
    // an entry whose chunk is not at hand cannot be rebuilt
    expect(loadedEntries(entries, chunkSources([]))).toBeUndefined();
  });

  it('keep a text that is not what would be rebuilt', () => {
    const doc = { text: 'abcdef' };
    const chunk = { id: 'd:0', docId: 'd', ordinal: 0, text: 'edited', headingPath: [], start: 0, end: 3, tokens: 1 };
    expect(storedChunks(doc, [chunk])).toEqual([chunk]);
    const entry = { id: 'd:0|chunk|whole|0', kind: 'chunk' as const, level: 'whole' as const, text: 'not the chunk', origin: { type: 'chunk' as const, id: 'd:0' } };
    expect(storedEntries([entry], chunkSources([[chunk]]))).toEqual([entry]);
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
  });
});
