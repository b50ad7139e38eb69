import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeIndex, encodeIndex, IndexFormatError, type BlockCache } from '../../../src/core/stored-index/binary-format.ts';
import { createManifest } from '../../../src/core/stored-index/manifest.ts';
import { atStoredPrecision } from '../../../src/core/stored-index/vector-codec.ts';
import type { DocumentRecord, IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { legacySnapshot } from '../../support/legacy-snapshot.ts';
import { FIXTURES_DIR } from '../../support/paths.ts';
import { blockOf, blockOfAppRecords, blockOfOriginal, encodeV1, flipByte, versionOf, writeNaN } from '../../support/index-blocks.ts';
import type { Collection } from '../../../src/core/engine/scope.ts';
import type { Original } from '../../../src/core/stored-index/snapshot.ts';
import { describeDamage } from '../../../src/core/stored-index/damage.ts';

function docRecord(id: string, text: string): DocumentRecord {
  return {
    doc: { id, name: `${id}.txt`, mime: 'text/plain', size: text.length, title: id, language: 'en', text, blocks: [{ kind: 'paragraph', start: 0, end: text.length }], toc: [] },
    chunks: [{ id: `${id}:0`, docId: id, ordinal: 0, text, headingPath: [], start: 0, end: text.length, tokens: 1 }],
    job: { docId: id, stage: 'ready' },
    entries: [{ id: `${id}:0|chunk|whole|0`, kind: 'chunk', level: 'whole', text, origin: { type: 'chunk', id: `${id}:0` } }],
    // as the indexer keeps them for an int8 index: what the store gives back
    vectors: atStoredPrecision(new Float32Array([0.1, -0.25, 1 / 3]), 3, 'int8'),
    preparse: [],
  };
}

const snapshot: IndexSnapshot = {
  manifest: createManifest(hashEmbedder('e', 3)),
  documents: [docRecord('d', 'hello'), docRecord('f', 'world')],
  groups: [{ group: { id: 'g', docIds: ['d'], k: 0, bic: [], clusters: [], raptor: [] }, entries: [], vectors: new Float32Array(0), preparse: [] }],
};

describe('index file format', () => {
  it('round-trips a snapshot exactly, vectors bit for bit', async () => {
    const back = await decodeIndex(await encodeIndex(snapshot));
    expect(back).toEqual(snapshot);
    expect(back.damage).toBeUndefined();
    expect(back.documents[0].vectors).toBeInstanceOf(Float32Array);
    expect(Array.from(back.documents[0].vectors)).toEqual(Array.from(snapshot.documents[0].vectors));
  });

  it('stores an int8 index\'s vectors as int8 rows, and a float32 index\'s bit for bit', async () => {
    const raw = new Float32Array([0.1, -0.25, 1 / 3]);
    const at = (vectorStorage: 'int8' | 'float32'): IndexSnapshot => ({
      ...snapshot,
      manifest: { ...snapshot.manifest, vectorStorage },
      documents: [{ ...docRecord('d', 'hello'), vectors: raw }],
      groups: [],
    });
    const int8 = await encodeIndex(at('int8'));
    expect(blockOf(int8, 'documents', 0, 'vectors')[1]).toBe(4 + 3);
    const back = (await decodeIndex(int8)).documents[0].vectors;
    expect(Array.from(back)).toEqual(Array.from(atStoredPrecision(raw, 3, 'int8')));
    for (let i = 0; i < 3; i++) expect(Math.abs(back[i] - raw[i])).toBeLessThan((1 / 3 / 127) * 0.51);
    const float32 = await encodeIndex(at('float32'));
    expect(blockOf(float32, 'documents', 0, 'vectors')[1]).toBe(12);
    expect(Array.from((await decodeIndex(float32)).documents[0].vectors)).toEqual(Array.from(raw));
  });

  it('records the format version and the embedder in a readable header', async () => {
    const bytes = await encodeIndex(snapshot);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('LOCI');
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(5);
    const header = new TextDecoder().decode(bytes.subarray(28, 28 + new DataView(bytes.buffer).getUint32(8, true)));
    expect(JSON.parse(header).manifest.embedder).toEqual({ id: 'e', dimension: 3, queryPrefix: '', passagePrefix: '' });
  });

  it('records the model file that embedded the index when the embedder names it', async () => {
    const manifest = createManifest({ ...hashEmbedder('e', 3), dtype: 'q8' });
    const decoded = await decodeIndex(await encodeIndex({ ...snapshot, manifest }));
    expect(decoded.manifest.embedder).toEqual({ id: 'e', dimension: 3, queryPrefix: '', passagePrefix: '', dtype: 'q8' });
  });

  it('refuses foreign, truncated and future files with a clear error', async () => {
    const bytes = await encodeIndex(snapshot);
    await expect(decodeIndex(new TextEncoder().encode('PK\u0003\u0004 not an index'))).rejects.toThrow(/not a Loci index/);
    await expect(decodeIndex(bytes.subarray(0, 40))).rejects.toThrow(IndexFormatError);
    await expect(decodeIndex(bytes.subarray(0, bytes.length - 4))).rejects.toThrow(/truncated/);
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(4, 99, true);
    await expect(decodeIndex(future)).rejects.toThrow(/version 99 is not supported/);
  });

  it('still opens files of versions 2 to 4: v4.loci, written by the build of version 4, with its version read as each', async () => {
    const written = new Uint8Array(readFileSync(path.join(FIXTURES_DIR, 'index', 'v4.loci')));
    for (const version of [2, 3, 4]) {
      const bytes = written.slice();
      new DataView(bytes.buffer).setUint32(4, version, true);
      expect(await decodeIndex(bytes)).toEqual(legacySnapshot());
    }
  });

  it('still opens a version 1 file (no checksums)', async () => {
    const back = await decodeIndex(encodeV1(snapshot));
    expect(back).toEqual({ ...snapshot, manifest: { ...snapshot.manifest, version: 1 } });
  });
});

describe('encoding in breaths', () => {
  it('breathes once after each record and once after laying out the header, and writes the same bytes as without', async () => {
    const breaths: number[] = [];
    let records = 0;
    const bytes = await encodeIndex(snapshot, undefined, async () => {
      breaths.push(++records);
      // other work, which may replace the snapshot's records but never changes them
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(breaths).toEqual([1, 2, 3, 4]);
    expect(Buffer.from(bytes).equals(Buffer.from(await encodeIndex(snapshot)))).toBe(true);
  });

  it('breathes while copying the parts of many records into the file too', async () => {
    const many: IndexSnapshot = { ...snapshot, documents: Array.from({ length: 120 }, (_, i) => docRecord(`d${i}`, `text ${i}`)), groups: [] };
    let breaths = 0;
    const bytes = await encodeIndex(many, undefined, async () => void breaths++);
    // 120 records and the header, and at least one breath in every 256 parts (each record has several)
    expect(breaths).toBeGreaterThan(121);
    expect(Buffer.from(bytes).equals(Buffer.from(await encodeIndex(many)))).toBe(true);
  });
});

describe('encoding with a block cache (checkpoints)', () => {
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

  it('gives the bytes of an uncached encoding while records are replaced', async () => {
    const cache: BlockCache = new WeakMap();
    expect(same(await encodeIndex(snapshot, cache), await encodeIndex(snapshot))).toBe(true);
    const next: IndexSnapshot = { ...snapshot, documents: [snapshot.documents[0], docRecord('f', 'world, longer now'), docRecord('h', 'new')] };
    const cached = await encodeIndex(next, cache);
    expect(same(cached, await encodeIndex(next))).toBe(true);
    expect((await decodeIndex(cached)).documents.map((d) => d.doc.text)).toEqual(['hello', 'world, longer now', 'new']);
  });

  it('encodes a group again when a member document\'s chunks changed under it', async () => {
    // the group's entry has its chunk's text, so it is stored without it while that chunk says the same
    const group = { group: { id: 'g', docIds: ['d'], k: 0, bic: [], clusters: [], raptor: [] }, entries: [{ ...docRecord('d', 'hello').entries[0], id: 'g-entry' }], vectors: new Float32Array(3), preparse: [] };
    const before: IndexSnapshot = { ...snapshot, groups: [group] };
    const cache: BlockCache = new WeakMap();
    await encodeIndex(before, cache);
    const after: IndexSnapshot = { ...before, documents: [docRecord('d', 'goodbye'), snapshot.documents[1]] };
    const bytes = await encodeIndex(after, cache);
    expect(same(bytes, await encodeIndex(after))).toBe(true);
    expect((await decodeIndex(bytes)).groups[0].entries[0].text).toBe('hello');
  });

  it('follows the vector storage: the same records under an int8 manifest are encoded again', async () => {
    const cache: BlockCache = new WeakMap();
    await encodeIndex({ ...snapshot, manifest: { ...snapshot.manifest, vectorStorage: 'float32' } }, cache);
    const int8: IndexSnapshot = { ...snapshot, manifest: { ...snapshot.manifest, vectorStorage: 'int8' } };
    expect(same(await encodeIndex(int8, cache), await encodeIndex(int8))).toBe(true);
  });
});

describe('index file checksums', () => {
  it('finds a byte changed in a document text block and names that document; the others load', async () => {
    const bytes = await encodeIndex(snapshot);
    const [start] = blockOf(bytes, 'documents', 0, 'text');
    flipByte(bytes, start + 40);
    const back = await decodeIndex(bytes);
    expect(back.damage).toEqual([{ kind: 'document', id: 'd', name: 'd.txt', docIds: ['d'], parts: ['text'] }]);
    expect(back.documents.map((d) => d.doc.id)).toEqual(['f']);
    expect(back.documents[0]).toEqual(snapshot.documents[1]);
  });

  it('finds a NaN written into a vector block', async () => {
    const bytes = await encodeIndex(snapshot);
    const [start] = blockOf(bytes, 'documents', 1, 'vectors');
    writeNaN(bytes, start + 4);
    const back = await decodeIndex(bytes);
    expect(back.damage).toEqual([{ kind: 'document', id: 'f', name: 'f.txt', docIds: ['f'], parts: ['vectors'] }]);
    expect(back.documents.map((d) => d.doc.id)).toEqual(['d']);
  });

  it('finds changed chunks and entries, reported together for their document', async () => {
    const bytes = await encodeIndex(snapshot);
    flipByte(bytes, blockOf(bytes, 'documents', 0, 'chunks')[0] + 10);
    flipByte(bytes, blockOf(bytes, 'documents', 0, 'entries')[0] + 10);
    const back = await decodeIndex(bytes);
    expect(back.damage?.[0].parts).toEqual(['chunks', 'entries']);
  });

  it('names a damaged cluster group by its documents', async () => {
    const bytes = await encodeIndex(snapshot);
    flipByte(bytes, blockOf(bytes, 'groups', 0, 'record')[0] + 5);
    const back = await decodeIndex(bytes);
    expect(back.damage).toEqual([{ kind: 'group', id: 'g', name: 'd.txt', docIds: ['d'], parts: ['clusters'] }]);
    expect(back.documents).toHaveLength(2);
    expect(back.groups).toEqual([]);
  });

  it('refuses a file whose header was changed: its list of blocks cannot be trusted', async () => {
    const bytes = await encodeIndex(snapshot);
    flipByte(bytes, 40);
    await expect(decodeIndex(bytes)).rejects.toThrow(/header is damaged \(checksum mismatch\)/);
  });
});

describe('collections in the index file', () => {
  const collections: Collection[] = [
    { id: 'c1', name: 'laws', docIds: ['f', 'd'], created: 1_700_000_000_000 },
    { id: 'c2', name: 'empty now', docIds: [], created: 1_700_000_000_001 },
  ];
  /** Written by the build before collections (commit 65403e2), from legacySnapshot(). */
  const before = () => new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', 'v5-before-collections.loci')));

  it('round-trips collections, their order and the order of their documents', async () => {
    const back = await decodeIndex(await encodeIndex({ ...snapshot, collections }));
    expect(back.collections).toEqual(collections);
    expect(back.documents).toEqual(snapshot.documents);
  });

  it('keeps only a collection\'s own fields, in one order: the same collections give the same bytes', async () => {
    const shuffled = collections.map(({ created, docIds, name, id }) => ({ created, docIds, name, id, note: 'not stored' }));
    const bytes = await encodeIndex({ ...snapshot, collections: shuffled });
    expect(Buffer.from(bytes).equals(Buffer.from(await encodeIndex({ ...snapshot, collections })))).toBe(true);
    expect((await decodeIndex(bytes)).collections).toEqual(collections);
  });

  it('opens a file written before collections as it was, with none, and writes the same bytes for it', async () => {
    const back = await decodeIndex(before());
    expect(back).toEqual(legacySnapshot());
    expect('collections' in back).toBe(false);
    // no collections (or an empty list) add nothing to the file
    expect(Buffer.from(await encodeIndex(legacySnapshot())).equals(Buffer.from(before()))).toBe(true);
    expect(Buffer.from(await encodeIndex({ ...legacySnapshot(), collections: [] })).equals(Buffer.from(before()))).toBe(true);
  });

  it('checks collections with the header: a changed byte in them refuses the file', async () => {
    const bytes = await encodeIndex({ ...snapshot, collections });
    const at = Buffer.from(bytes).indexOf('"name":"laws"');
    expect(at).toBeGreaterThan(0);
    flipByte(bytes, at + 9);
    await expect(decodeIndex(bytes)).rejects.toThrow(/header is damaged \(checksum mismatch\)/);
  });

  it('refuses collections of the wrong shape under a matching checksum (a writer\'s bug)', async () => {
    const bytes = await encodeIndex({ ...snapshot, collections: [{ id: 'c', name: 'x', docIds: [7], created: 1 } as unknown as Collection] });
    await expect(decodeIndex(bytes)).rejects.toThrow(IndexFormatError);
    await expect(decodeIndex(bytes)).rejects.toThrow(/collections in the index header are malformed/);
  });
});

describe('originals and the app\'s records in the library file (version 6)', () => {
  const bytesOf = (text: string) => new TextEncoder().encode(text);
  // 5 and 3 bytes: the blocks after them must still start at multiples of 4
  const originals: Original[] = [
    { id: 'd', name: 'd.txt', mime: 'text/plain', added: 1_700_000_000_000, bytes: bytesOf('hello') },
    { id: 'waiting', name: 'waiting.pdf', mime: 'application/pdf', added: 1_700_000_000_001, bytes: new Uint8Array([0x25, 0x50, 0x44]) },
    // the CLI's: no time added (its index records none)
    { id: 'f', name: 'f.txt', mime: '', bytes: bytesOf('world') },
  ];
  const appRecords = bytesOf('{"format":"loci-app-records","version":1,"chats":[],"settings":[]}');
  const carried: IndexSnapshot = { ...snapshot, originals, appRecords };

  it('round-trips every original, its bytes, name, type and time, and the app\'s records byte for byte, as version 6', async () => {
    const bytes = await encodeIndex(carried);
    expect(versionOf(bytes)).toBe(6);
    const back = await decodeIndex(bytes);
    expect(back).toEqual(carried);
    expect(back.damage).toBeUndefined();
    expect(back.originals!.map((o) => Buffer.from(o.bytes).toString('latin1'))).toEqual(['hello', '%PD', 'world']);
    expect('added' in back.originals![2]).toBe(false);
    expect(Buffer.from(back.appRecords!).equals(Buffer.from(appRecords))).toBe(true);
    // each in a block of its own, four-byte aligned like the others, holding the bytes as given
    for (const o of originals) {
      const [start, length] = blockOfOriginal(bytes, o.name);
      expect(start % 4).toBe(0);
      expect(Buffer.from(bytes.subarray(start, start + length)).equals(Buffer.from(o.bytes))).toBe(true);
    }
    expect(blockOfAppRecords(bytes)[0] % 4).toBe(0);
  });

  it('writes a snapshot without them as before: version 5, the same bytes', async () => {
    const plain = await encodeIndex(snapshot);
    expect(versionOf(plain)).toBe(5);
    expect(Buffer.from(await encodeIndex({ ...snapshot, originals: [] })).equals(Buffer.from(plain))).toBe(true);
    expect(versionOf(await encodeIndex({ ...snapshot, appRecords }))).toBe(6);
  });

  it('sets aside a damaged original alone: its document is still there, the other originals load, the damage names it', async () => {
    const bytes = await encodeIndex(carried);
    flipByte(bytes, blockOfOriginal(bytes, 'd.txt')[0] + 1);
    const back = await decodeIndex(bytes);
    expect(back.damage).toEqual([{ kind: 'original', id: 'd', name: 'd.txt', docIds: ['d'], parts: ['original'] }]);
    expect(back.documents).toEqual(snapshot.documents);
    expect(back.groups).toEqual(snapshot.groups);
    expect(back.originals!.map((o) => o.id)).toEqual(['waiting', 'f']);
    expect(describeDamage(back.damage![0])).toMatch(/^d\.txt: the copy of its original file is damaged \(checksum mismatch\); it is set aside, and the document .* still answers$/);
  });

  it('refuses a file whose app records were changed: nothing else holds them', async () => {
    const bytes = await encodeIndex(carried);
    flipByte(bytes, blockOfAppRecords(bytes)[0] + 3);
    await expect(decodeIndex(bytes)).rejects.toThrow(IndexFormatError);
    await expect(decodeIndex(bytes)).rejects.toThrow(/app's records .* are damaged \(checksum mismatch\)/);
  });

  it('refuses a file cut inside its originals as truncated', async () => {
    const bytes = await encodeIndex(carried);
    const [start] = blockOfOriginal(bytes, 'waiting.pdf');
    await expect(decodeIndex(bytes.subarray(0, start + 1))).rejects.toThrow(/truncated/);
  });

  it('refuses originals of the wrong shape under a matching checksum (a writer\'s bug)', async () => {
    const bytes = await encodeIndex({ ...snapshot, originals: [{ ...originals[0], added: 'today' } as unknown as Original] });
    await expect(decodeIndex(bytes)).rejects.toThrow(/originals in the index header are malformed/);
  });

  it('gives with a block cache (checkpoints) the bytes of an uncached encoding, originals included', async () => {
    const cache: BlockCache = new WeakMap();
    const first = await encodeIndex(carried, cache);
    const again = await encodeIndex({ ...carried, documents: [snapshot.documents[0]] }, cache);
    expect(Buffer.from(first).equals(Buffer.from(await encodeIndex(carried)))).toBe(true);
    expect(Buffer.from(again).equals(Buffer.from(await encodeIndex({ ...carried, documents: [snapshot.documents[0]] })))).toBe(true);
  });

  it('keeps the numbers JSON cannot say in a cluster group (-0, infinities, NaN), as version 6; a group without them stays version 5', async () => {
    const group = { ...snapshot.groups[0], group: { ...snapshot.groups[0].group, bic: [12.5, Number.POSITIVE_INFINITY, Number.NaN, -0], layout: { chunkIds: ['d:0'], xy: [-0, 0.5] } } };
    const exact: IndexSnapshot = { ...snapshot, groups: [group] };
    const bytes = await encodeIndex(exact);
    expect(versionOf(bytes)).toBe(6);
    const back = await decodeIndex(bytes);
    expect(back.groups[0].group.bic).toEqual([12.5, Number.POSITIVE_INFINITY, Number.NaN, -0]);
    expect(Object.is(back.groups[0].group.layout!.xy[0], -0)).toBe(true);
    expect(versionOf(await encodeIndex(snapshot))).toBe(5);
  });

  it('still opens a version 5 file written before originals, with none', async () => {
    const back = await decodeIndex(new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', 'v5-before-collections.loci'))));
    expect(back).toEqual(legacySnapshot());
    expect('originals' in back || 'appRecords' in back).toBe(false);
  });
});
