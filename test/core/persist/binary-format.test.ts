import { describe, expect, it } from 'vitest';
import { decodeIndex, encodeIndex, IndexFormatError } from '../../../src/core/persist/binary-format.ts';
import { createManifest } from '../../../src/core/persist/manifest.ts';
import type { IndexSnapshot } from '../../../src/core/persist/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const snapshot: IndexSnapshot = {
  manifest: createManifest(hashEmbedder('e', 3)),
  documents: [
    {
      doc: { id: 'd', name: 'd.txt', mime: 'text/plain', size: 5, title: 'd', language: 'en', text: 'hello', blocks: [{ kind: 'paragraph', start: 0, end: 5 }], toc: [] },
      chunks: [{ id: 'd:0', docId: 'd', ordinal: 0, text: 'hello', headingPath: [], start: 0, end: 5, tokens: 1 }],
      job: { docId: 'd', stage: 'ready' },
      entries: [{ id: 'd:0|chunk|whole|0', kind: 'chunk', level: 'whole', text: 'hello', origin: { type: 'chunk', id: 'd:0' } }],
      vectors: new Float32Array([0.1, -0.25, 1 / 3]),
      preparse: [],
    },
  ],
  groups: [{ group: { id: 'g', docIds: ['d'], k: 0, bic: [], clusters: [], raptor: [] }, entries: [], vectors: new Float32Array(0), preparse: [] }],
};

describe('index file format', () => {
  it('round-trips a snapshot exactly, vectors bit for bit', () => {
    const back = decodeIndex(encodeIndex(snapshot));
    expect(back).toEqual(snapshot);
    expect(back.documents[0].vectors).toBeInstanceOf(Float32Array);
    expect(Array.from(back.documents[0].vectors)).toEqual(Array.from(snapshot.documents[0].vectors));
  });

  it('records the format version and the embedder in a readable header', () => {
    const bytes = encodeIndex(snapshot);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('LOCI');
    const header = new TextDecoder().decode(bytes.subarray(12, 12 + new DataView(bytes.buffer).getUint32(8, true)));
    expect(JSON.parse(header).manifest.embedder).toEqual({ id: 'e', dimension: 3, queryPrefix: '', passagePrefix: '' });
  });

  it('refuses foreign, truncated and future files with a clear error', () => {
    const bytes = encodeIndex(snapshot);
    expect(() => decodeIndex(new TextEncoder().encode('PK\u0003\u0004 not an index'))).toThrow(/not a Loci index/);
    expect(() => decodeIndex(bytes.subarray(0, 40))).toThrow(IndexFormatError);
    expect(() => decodeIndex(bytes.subarray(0, bytes.length - 4))).toThrow(/truncated/);
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(4, 99, true);
    expect(() => decodeIndex(future)).toThrow(/version 99 is not supported/);
  });
});
