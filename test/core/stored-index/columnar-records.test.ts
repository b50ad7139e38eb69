import { describe, expect, it } from 'vitest';
import { decodeIndex, encodeIndex } from '../../../src/core/stored-index/binary-format.ts';
import { createManifest } from '../../../src/core/stored-index/manifest.ts';
import { atStoredPrecision } from '../../../src/core/stored-index/vector-codec.ts';
import type { DocumentRecord, IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { decodeChunkColumns, encodeChunkColumns } from '../../../src/core/stored-index/chunk-columns.ts';
import { decodeDocumentColumns, encodeDocumentColumns } from '../../../src/core/stored-index/document-columns.ts';
import { decodePack, encodePack } from '../../../src/core/stored-index/column-pack.ts';
import { decodeColumns, encodeColumns, holdsTextsApart } from '../../../src/core/stored-index/entry-columns-binary.ts';
import type { Chunk } from '../../../src/core/types.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { blockOf, flipByte, versionOf, withBlocksReplaced } from '../../support/index-blocks.ts';

/** A document whose records hold what the columns say plainly and what they must keep whole. */
function record(id: string, text: string): DocumentRecord {
  const half = Math.floor(text.length / 2);
  const chunks: Chunk[] = [
    { id: `${id}:0`, docId: id, ordinal: 0, text: text.slice(0, half), headingPath: ['Über', 'Ça — 中文'], start: 0, end: half, page: 1, pageEnd: 2, tokens: 5 },
    { id: `${id}:1`, docId: id, ordinal: 1, text: text.slice(half), headingPath: ['Über', 'Ça — 中文'], start: half, end: text.length, tokens: 4 },
    // not its document's text, nor its own id: kept whole
    { id: 'elsewhere:7', docId: id, ordinal: 2, text: 'a text of its own 😀', headingPath: [], start: 0, end: 3, tokens: 1 },
  ];
  return {
    doc: {
      id,
      name: `${id}.md`,
      mime: 'text/markdown',
      size: text.length,
      title: 'Titre ✓',
      language: 'en',
      text,
      blocks: [
        { kind: 'heading', level: 1, start: 0, end: 4 },
        { kind: 'paragraph', page: 3, start: 5, end: half },
        { kind: 'paragraph', start: half, end: text.length },
        // a float the columns cannot say: kept whole
        { kind: 'table-row', start: 0.5, end: 2 },
      ],
      toc: [{ title: 'Über', level: 1, parent: -1, start: 0, end: text.length }],
      pageCount: 3,
    },
    chunks,
    job: { docId: id, stage: 'ready', preparsed: { done: 3, total: 3 } },
    entries: [
      { id: `${id}:0|chunk|whole|0`, kind: 'chunk', level: 'whole', text: `Über › Ça — 中文\n${chunks[0].text}`, origin: { type: 'chunk', id: `${id}:0` } },
      { id: `${id}:1|summary|point|0`, kind: 'summary', level: 'point', text: chunks[1].text.slice(0, 3), origin: { type: 'chunk', id: `${id}:1` }, producer: 'extractive' },
      // no one part of its chunk: its text is kept (apart from the head since version 8)
      { id: `${id}:0|summary|whole|0`, kind: 'summary', level: 'whole', text: 'Ça, joined — 中文 😀', origin: { type: 'chunk', id: `${id}:0` }, producer: 'extractive' },
    ],
    vectors: atStoredPrecision(new Float32Array([0.1, -0.25, 1 / 3, 0.5, 0.5, -0.5, 0.25, 0, -1]), 3, 'int8'),
    preparse: [
      { sourceId: `${id}:0`, sourceType: 'chunk', status: 'done', entryCount: 1 },
      { sourceId: `${id}:1`, sourceType: 'chunk', status: 'failed', error: 'the model said nothing', entryCount: 0 },
      { sourceId: `${id}:1`, sourceType: 'chunk', status: 'done', entryCount: 1 },
      { sourceId: 'g#0', sourceType: 'cluster', status: 'done', entryCount: 2 },
    ],
  };
}

const snapshot: IndexSnapshot = {
  manifest: createManifest(hashEmbedder('e', 3)),
  documents: [record('d', 'Über alles: ça va? 中文的句子。 Then plain ASCII text to the end.'), record('f', 'Another document, all ASCII, with enough words.')],
  groups: [],
};

/** The first document's entries block. */
function entriesOf(bytes: Uint8Array): Uint8Array {
  const [start, length] = blockOf(bytes, 'documents', 0, 'entries');
  return bytes.subarray(start, start + length);
}

describe('columnar records (index format versions 7 and 8)', () => {
  it('round-trips a snapshot exactly, odd chunks, blocks and progress kept whole', async () => {
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    expect(versionOf(bytes)).toBe(8);
    const back = await decodeIndex(bytes);
    expect(back.damage).toBeUndefined();
    expect(back).toEqual(snapshot);
    // the loaded chunks share their document's text and one array a heading path
    expect(back.documents[0].chunks[0].headingPath).toBe(back.documents[0].chunks[1].headingPath);
    expect(back.documents[0].preparse[0].sourceId).toBe(back.documents[0].chunks[0].id);
  });

  it('encodes the same snapshot to the same bytes, and a file without the option as before (version 5)', async () => {
    const a = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    const b = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    expect(a).toEqual(b);
    const plain = await encodeIndex(snapshot);
    expect(versionOf(plain)).toBe(5);
    expect(await decodeIndex(plain)).toEqual(snapshot);
  });

  it('re-encodes what it decoded to the same bytes', async () => {
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    expect(await encodeIndex(await decodeIndex(bytes), undefined, undefined, { columnar: true })).toEqual(bytes);
  });

  it('names the document whose columns fail their checksum and opens the others', async () => {
    for (const part of ['text', 'chunks'] as const) {
      const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
      const [start, length] = blockOf(bytes, 'documents', 0, part);
      // in the text of a document, or in a chunk's numbers
      flipByte(bytes, start + length - 2);
      const back = await decodeIndex(bytes);
      expect(back.damage).toEqual([{ kind: 'document', id: 'd', name: 'd.md', docIds: ['d'], parts: [part] }]);
      expect(back.documents.map((d) => d.doc.id)).toEqual(['f']);
      expect(back.documents[0]).toEqual(snapshot.documents[1]);
    }
  });

  it('refuses a version newer than it reads, saying which it reads', async () => {
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    new DataView(bytes.buffer).setUint32(4, 9, true);
    await expect(decodeIndex(bytes)).rejects.toThrow('index format version 9 is not supported (this build reads versions 1 to 8)');
  });

  it('keeps the entries\' kept texts apart in an open image, and in the head of a library file written from it', async () => {
    const image = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    expect(holdsTextsApart(entriesOf(image))).toBe(true);
    const decoded = await decodeIndex(image);
    // a library file for older builds: the texts back in the head, read as version 5 was
    const file = await encodeIndex(decoded);
    expect(versionOf(file)).toBe(5);
    expect(holdsTextsApart(entriesOf(file))).toBe(false);
    expect(entriesOf(file)).toEqual(entriesOf(await encodeIndex(snapshot)));
    // and an image written from that file's records has them apart again, the same bytes as before
    expect(await encodeIndex(await decodeIndex(file), undefined, undefined, { columnar: true })).toEqual(image);
    expect(await decodeIndex(file)).toEqual(snapshot);
  });

  it('opens an image of version 7, whose kept texts are in the head', async () => {
    const image = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    const v7 = await withBlocksReplaced(image, 'entries', (block) => encodeColumns(decodeColumns(block.slice())!));
    new DataView(v7.buffer).setUint32(4, 7, true);
    expect(holdsTextsApart(entriesOf(v7))).toBe(false);
    const back = await decodeIndex(v7);
    expect(back.damage).toBeUndefined();
    expect(back).toEqual(snapshot);
    // written again as an image, its texts go apart
    expect(await encodeIndex(back, undefined, undefined, { columnar: true })).toEqual(image);
  });

  it('names the document whose kept texts fail their checksum', async () => {
    const bytes = await encodeIndex(snapshot, undefined, undefined, { columnar: true });
    const [start, length] = blockOf(bytes, 'documents', 0, 'entries');
    flipByte(bytes, start + length - 2);
    const back = await decodeIndex(bytes);
    expect(back.damage).toEqual([{ kind: 'document', id: 'd', name: 'd.md', docIds: ['d'], parts: ['entries'] }]);
    expect(back.documents.map((d) => d.doc.id)).toEqual(['f']);
  });

  it('keeps a block cache per encoding: a columnar save does not reuse a version 5 file\'s blocks', async () => {
    const cache = new WeakMap();
    const plain = await encodeIndex(snapshot, cache);
    const columnar = await encodeIndex(snapshot, cache, undefined, { columnar: true });
    expect(await decodeIndex(plain)).toEqual(snapshot);
    expect(await decodeIndex(columnar)).toEqual(snapshot);
    expect(blockOf(columnar, 'documents', 0, 'text')[1]).not.toBe(blockOf(plain, 'documents', 0, 'text')[1]);
  });
});

describe('column packs', () => {
  it('give back head, numbers and text, and refuse bytes that are not one', () => {
    const bytes = encodePack({ a: [1, 'b'] }, [1, -2, 2 ** 31 - 1], 'ü 中 😀');
    expect(decodePack(bytes)).toEqual({ head: { a: [1, 'b'] }, ints: new Int32Array([1, -2, 2 ** 31 - 1]), text: 'ü 中 😀' });
    // read unaligned, the numbers are copied out rather than viewed
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(decodePack(shifted.subarray(1))?.ints).toEqual(new Int32Array([1, -2, 2 ** 31 - 1]));
    expect(decodePack(bytes.subarray(0, 12))).toBeUndefined();
    const badText = bytes.slice();
    badText[badText.length - 1] = 0xff;
    expect(decodePack(badText)).toBeUndefined();
  });

  it('say a document\'s and its chunks\' records apart from the index file', () => {
    const { chunks, entries: _entries, vectors: _vectors, ...own } = snapshot.documents[0];
    const decoded = decodeDocumentColumns(encodeDocumentColumns(own));
    expect(decoded).toBeDefined();
    const loaded = decodeChunkColumns(decoded!.part.doc, encodeChunkColumns(own.doc, chunks));
    expect(loaded).toEqual(chunks);
    expect({ ...decoded!.part, preparse: decoded!.preparse.records((n) => (loaded![n]?.ordinal === n ? loaded![n].id : undefined)) }).toEqual(own);
    expect(decodeChunkColumns(own.doc, encodeDocumentColumns(own))).toBeUndefined();
  });
});
