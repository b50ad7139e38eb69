/**
 * A decoded document's entries made when first read (entries-when-read.ts, entry-table.ts): the
 * table gives every entry's kind, producer and origin without making it, makes each entry equal
 * to what the record held, and the record's entries stay unmade through a re-encode (whose bytes
 * are the same) until something reads them.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { entriesPending, entryCountOf, entryTableOf, storedEntriesBlock } from '../../../src/core/stored-index/entries-when-read.ts';
import { EntryTable } from '../../../src/core/stored-index/entry-table.ts';
import { toColumns } from '../../../src/core/stored-index/entry-columns.ts';
import { chunkSources, documentChunkSources, storedEntries } from '../../../src/core/stored-index/repeated-text.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { DocumentRecord } from '../../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { librarySettings, twoDocumentLibrary } from '../../support/two-document-library.ts';

const built = twoDocumentLibrary;
const settings = librarySettings;

/** The record's entries as made at last (reading them makes them). */
const madeEntries = (record: DocumentRecord) => record.entries;

describe('entries made when read', () => {
  it('a table gives kinds, producers and origins without making entries, and makes each one equal to the record\'s', async () => {
    const { snapshot } = await built();
    const record = snapshot.documents[0];
    const columns = toColumns(storedEntries(record.entries, chunkSources([record.chunks]), record.doc.id));
    const table = new EntryTable(columns, documentChunkSources(record.chunks), record.doc.id);
    expect(table.whole()).toBe(true);
    expect(table.count).toBe(record.entries.length);
    expect(record.entries.some((e) => e.producer === 'extractive')).toBe(true);
    record.entries.forEach((entry, i) => {
      expect(table.kind(i)).toBe(entry.kind);
      expect(table.producer(i)).toBe(entry.producer);
      expect(table.origin(i)).toEqual(entry.origin);
      expect(table.entry(i)).toEqual(entry);
    });
    expect(table.entries()).toEqual(record.entries);
    // the origin of a chunk's entries is one object, its id the chunk's own string
    const sentence = record.entries.findIndex((e) => e.kind !== 'chunk');
    const chunkEntry = record.entries.findIndex((e) => e.kind === 'chunk' && e.origin.id === record.entries[sentence].origin.id);
    expect(table.origin(sentence)).toBe(table.origin(chunkEntry));
  });

  it('a table whose chunks are gone is not whole, and cannot make the entries that need them', async () => {
    const { snapshot } = await built();
    const record = snapshot.documents[0];
    const columns = toColumns(storedEntries(record.entries, chunkSources([record.chunks]), record.doc.id));
    const table = new EntryTable(columns, documentChunkSources(record.chunks.slice(0, 1)), record.doc.id);
    expect(table.whole()).toBe(false);
    expect(table.entries()).toBeUndefined();
    const last = table.count - 1;
    expect(() => table.entry(last)).toThrow(/no text/);
  });

  it('decoding leaves a document\'s entries unmade: counted from their columns, re-encoded to the same bytes, made equal when read', async () => {
    const { snapshot } = await built();
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    const decoded = await decodeIndex(bytes);
    for (const [i, record] of decoded.documents.entries()) {
      expect(entriesPending(record)).toBe(true);
      expect(entryTableOf(record)).toBeDefined();
      expect(entryCountOf(record)).toBe(snapshot.documents[i].entries.length);
    }
    // the stored block is written again as it was read, entries still unmade
    expect(await encodeIndex(decoded, undefined, undefined, { columnar: true })).toEqual(bytes);
    expect(decoded.documents.every(entriesPending)).toBe(true);
    // then read: made, equal to the written ones, and the table still stands for them
    expect(decoded.documents.map(madeEntries)).toEqual(snapshot.documents.map((d) => d.entries));
    expect(decoded.documents.some(entriesPending)).toBe(false);
    expect(storedEntriesBlock(decoded.documents[0])).toBeDefined();
    expect(await encodeIndex(decoded, undefined, undefined, { columnar: true })).toEqual(bytes);
  });

  it('a spread copy is a record like any other, and entries written drop the table', async () => {
    const { snapshot } = await built();
    const decoded = await decodeIndex(await encodeIndex(snapshot, undefined, undefined, { columnar: true }));
    const [first, second] = decoded.documents;
    const copy = { ...first };
    expect(entriesPending(copy)).toBe(false);
    expect(entryTableOf(copy)).toBeUndefined();
    expect(copy.entries).toEqual(snapshot.documents[0].entries);

    second.entries = second.entries.slice(1);
    expect(entryTableOf(second)).toBeUndefined();
    expect(entryCountOf(second)).toBe(snapshot.documents[1].entries.length - 1);
    const again = await decodeIndex(await encodeIndex(decoded, undefined, undefined, { columnar: true }));
    expect(again.documents[1].entries).toEqual(snapshot.documents[1].entries.slice(1));
  });

  it('an engine opened from the decoded image searches as the one that wrote it, making only the entries it reads', async () => {
    const { engine, snapshot } = await built();
    const { encodeCorpus, decodeCorpus } = await import('../../../src/core/stored-index/corpus-codec.ts');
    const decoded = await decodeIndex(await encodeIndex(snapshot, undefined, undefined, { columnar: true }));
    const corpus = (await decodeCorpus(await encodeCorpus(snapshot.corpus!)))!;
    const adopted = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), stored: Promise.resolve({ ...decoded, corpus }), settings });
    expect(adopted.corpusAdopted).toBe(true);
    for (const step of adopted.warmSearchSteps('p-rag')) step();
    expect(adopted.documents.every(entriesPending)).toBe(true);
    // strategies without clusters: clustering reads a document's entries whole
    for (const question of ['glacier ice in Beta', 'harbour trade', 'quiet reading']) {
      for (const strategy of ['naive', 'p-rag'] as const) {
        for (const retriever of ['dense', 'lexical', 'hybrid'] as const) {
          const [a, b] = await Promise.all([engine, adopted].map((e) => e.retrieve(question, { strategy, retriever, n: 3 })));
          expect(b.result.chunks.map((c) => c.chunk.id)).toEqual(a.result.chunks.map((c) => c.chunk.id));
          expect(b.result.trace).toEqual(a.result.trace);
        }
      }
    }
    // searching read rows through the corpus, not the records
    expect(adopted.documents.every(entriesPending)).toBe(true);
  });
});
