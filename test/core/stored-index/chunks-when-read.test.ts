/**
 * A decoded document's chunks, pre-parse progress and text made when first read (chunks-when-read.ts,
 * chunk-table.ts, text-when-read.ts): decoding makes none, a re-encode writes the same bytes and still makes
 * neither, reading makes them equal to what was written; the search corpus finds a chunk by its
 * document and ordinal, making only the chunks a search returns.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { LiveCorpus } from '../../../src/core/search/live-corpus.ts';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { chunkCountOf, chunksPending, chunkTableOf, progressPending, storedChunksBlock } from '../../../src/core/stored-index/chunks-when-read.ts';
import { decodeCorpus, encodeCorpus } from '../../../src/core/stored-index/corpus-codec.ts';
import { pendingText } from '../../../src/core/stored-index/text-when-read.ts';
import { storedEntriesBlock } from '../../../src/core/stored-index/entries-when-read.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { DocumentRecord } from '../../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { librarySettings, twoDocumentLibrary } from '../../support/two-document-library.ts';

const built = twoDocumentLibrary;
const settings = librarySettings;

const unmade = (record: DocumentRecord) => chunksPending(record) && progressPending(record) && pendingText(record.doc) !== undefined;

describe('chunks made when read', () => {
  it('decoding makes neither chunks nor progress: counted from their columns, re-encoded to the same bytes, made equal when read', async () => {
    const { snapshot } = await built();
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    const decoded = await decodeIndex(bytes);
    expect(decoded.documents.every(unmade)).toBe(true);
    decoded.documents.forEach((record, i) => expect(chunkCountOf(record)).toBe(snapshot.documents[i].chunks.length));
    expect(snapshot.documents[0].preparse.length).toBeGreaterThan(0);
    // written again as read: the chunks block as it was, the progress made to be written
    expect(await encodeIndex(decoded, undefined, undefined, { columnar: true })).toEqual(bytes);
    expect(decoded.documents.every((record) => chunksPending(record))).toBe(true);
    expect(decoded.documents.map((d) => d.doc)).toEqual(snapshot.documents.map((d) => d.doc));
    expect(decoded.documents.some((d) => pendingText(d.doc))).toBe(false);
    expect(decoded.documents.map((d) => d.chunks)).toEqual(snapshot.documents.map((d) => d.chunks));
    expect(decoded.documents.map((d) => d.preparse)).toEqual(snapshot.documents.map((d) => d.preparse));
    // a progress record names its chunk by the chunk's own id string
    const [first] = decoded.documents;
    expect(first.preparse[0].sourceId).toBe(first.chunks.find((c) => c.id === first.preparse[0].sourceId)?.id);
    expect(chunksPending(first)).toBe(false);
    expect(storedChunksBlock(first)).toBeDefined();
  });

  it('chunks written drop the table, and a spread copy is a record like any other', async () => {
    const { snapshot } = await built();
    const decoded = await decodeIndex(await encodeIndex(snapshot, undefined, undefined, { columnar: true }));
    const [first, second] = decoded.documents;
    const copy = { ...first };
    expect(chunkTableOf(copy)).toBeUndefined();
    expect(copy.chunks).toEqual(snapshot.documents[0].chunks);
    second.chunks = second.chunks.slice(0, 1);
    expect(chunkTableOf(second)).toBeUndefined();
    expect(chunkCountOf(second)).toBe(1);
    expect(storedChunksBlock(second)).toBeUndefined();
  });

  it('an engine opened from the decoded image answers as the one that wrote it, making only the chunks it returns', async () => {
    const { engine, snapshot } = await built();
    const decoded = await decodeIndex(await encodeIndex(snapshot, undefined, undefined, { columnar: true }));
    const corpus = (await decodeCorpus(await encodeCorpus(snapshot.corpus!)))!;
    const adopted = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), stored: Promise.resolve({ ...decoded, corpus }), settings });
    expect(adopted.corpusAdopted).toBe(true);
    expect(adopted.documents.every(unmade)).toBe(true);
    // the warm-up's searches make the chunks they return, and decode those documents' texts
    for (const step of adopted.warmSearchSteps('naive')) step();
    expect(adopted.documents.every((d) => chunksPending(d) && progressPending(d))).toBe(true);
    for (const question of ['glacier ice in Beta', 'harbour trade', 'quiet reading']) {
      for (const strategy of ['naive', 'p-rag'] as const) {
        for (const retriever of ['dense', 'lexical', 'hybrid'] as const) {
          const [a, b] = await Promise.all([engine, adopted].map((e) => e.retrieve(question, { strategy, retriever, n: 3 })));
          expect(b.result.chunks).toEqual(a.result.chunks);
          expect(b.result.trace).toEqual(a.result.trace);
        }
      }
    }
    expect(adopted.documents.every(chunksPending)).toBe(true);
    // the texts of the documents whose passages were returned, and only those, decoded
    expect(adopted.documents.some((d) => pendingText(d.doc) === undefined)).toBe(true);
    const id = snapshot.documents[1].chunks[2].id;
    expect(adopted.chunk(id)).toEqual(engine.chunk(id));
    expect(adopted.chunk(`${snapshot.documents[1].doc.id}:999`)).toBeUndefined();
  });
});

describe('an index decoded in place', () => {
  it('views its blocks in the bytes it was given, answers as the one that wrote it, and writes the same bytes again', async () => {
    const { engine, snapshot } = await built();
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    const given = bytes.slice();
    const decoded = await decodeIndex(given, { view: true });
    for (const record of decoded.documents) {
      expect(storedEntriesBlock(record)!.buffer).toBe(given.buffer);
      expect(storedChunksBlock(record)!.buffer).toBe(given.buffer);
      expect(pendingText(record.doc)!.buffer).toBe(given.buffer);
    }
    // decoded as before, the blocks are copies of their own
    expect(storedEntriesBlock((await decodeIndex(bytes)).documents[0])!.buffer).not.toBe(bytes.buffer);
    const corpus = (await decodeCorpus(await encodeCorpus(snapshot.corpus!)))!;
    const adopted = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), stored: Promise.resolve({ ...decoded, corpus }), settings });
    expect(adopted.corpusAdopted).toBe(true);
    for (const strategy of ['naive', 'p-rag'] as const) {
      for (const retriever of ['dense', 'lexical', 'hybrid'] as const) {
        const [a, b] = await Promise.all([engine, adopted].map((e) => e.retrieve('glacier ice in Beta', { strategy, retriever, n: 3 })));
        expect(b.result.chunks).toEqual(a.result.chunks);
        expect(b.result.trace).toEqual(a.result.trace);
      }
    }
    expect(await encodeIndex(decoded, undefined, undefined, { columnar: true })).toEqual(bytes);
    expect(decoded.documents.map((d) => d.doc)).toEqual(snapshot.documents.map((d) => d.doc));
    expect(given).toEqual(bytes);
  });
});

describe('the search corpus finding chunks', () => {
  it('finds one whose id is not its document\'s and place\'s, until its document is removed', () => {
    const corpus = new LiveCorpus(3);
    const text = 'A text of its own.';
    const doc = { id: 'doc', name: 'doc.md', mime: 'text/markdown', size: text.length, title: 'Doc', language: 'en' as const, text, blocks: [], toc: [] };
    const placed = { id: 'doc:0', docId: 'doc', ordinal: 0, text: 'A text', headingPath: [], start: 0, end: 6, tokens: 2 };
    const odd = { id: 'elsewhere:7', docId: 'doc', ordinal: 1, text: 'of its own.', headingPath: [], start: 7, end: 18, tokens: 3 };
    corpus.setDocument({ doc, chunks: [placed, odd], job: { docId: 'doc', stage: 'ready' }, entries: [], vectors: new Float32Array(0), preparse: [] });
    expect(corpus.findChunk('doc:0')).toBe(placed);
    expect(corpus.findChunk('elsewhere:7')).toBe(odd);
    expect(corpus.findChunk('doc:1')).toBeUndefined();
    expect(corpus.chunkCount).toBe(2);
    corpus.removeDocument('doc');
    expect(corpus.findChunk('elsewhere:7')).toBeUndefined();
    expect(corpus.findChunk('doc:0')).toBeUndefined();
    expect(corpus.chunkCount).toBe(0);
  });
});
