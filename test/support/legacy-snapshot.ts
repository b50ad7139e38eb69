/**
 * The snapshot test/fixtures/index/v4.loci was written from, by the build of format version 4
 * (commit 6bebf44): two documents, a group over both with a cluster, its layout and a RAPTOR node,
 * and pre-parse progress naming chunks, all of which version 5 writes by number.
 */
import { createManifest } from '../../src/core/stored-index/manifest.ts';
import type { DocumentRecord, IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from './hash-embedder.ts';

function docRecord(id: string, text: string): DocumentRecord {
  return {
    doc: { id, name: `${id}.txt`, mime: 'text/plain', size: text.length, title: id, language: 'en', text, blocks: [{ kind: 'paragraph', start: 0, end: text.length }], toc: [] },
    chunks: [
      { id: `${id}:0`, docId: id, ordinal: 0, text: text.slice(0, 5), headingPath: [], start: 0, end: 5, tokens: 1 },
      { id: `${id}:1`, docId: id, ordinal: 1, text: text.slice(6), headingPath: ['Part'], start: 6, end: text.length, tokens: 1 },
    ],
    job: { docId: id, stage: 'ready' },
    entries: [
      { id: `${id}:0|chunk|whole|0`, kind: 'chunk', level: 'whole', text: text.slice(0, 5), origin: { type: 'chunk', id: `${id}:0` } },
      { id: `${id}:1|chunk|whole|0`, kind: 'chunk', level: 'whole', text: `Part\n${text.slice(6)}`, origin: { type: 'chunk', id: `${id}:1` } },
      { id: `${id}:1|summary|whole|0`, kind: 'summary', level: 'whole', text: 'A summary of its own', origin: { type: 'chunk', id: `${id}:1` }, producer: 'extractive' },
    ],
    vectors: new Float32Array(9).fill(0.5),
    preparse: [{ sourceId: `${id}:0`, sourceType: 'chunk', status: 'done', entryCount: 0 }, { sourceId: `${id}:1`, sourceType: 'chunk', status: 'failed', error: 'no model', entryCount: 1 }],
  };
}

export function legacySnapshot(): IndexSnapshot {
  const group = {
    id: 'g',
    docIds: ['d', 'f'],
    k: 1,
    bic: [1.5],
    clusters: [{ id: 'g#0', members: [{ chunkId: 'd:1', p: 1 }, { chunkId: 'f:0', p: 0.5 }] }],
    raptor: [{ id: 'g/r1.0', level: 1, children: ['d:0', 'f:1'], leafChunkIds: ['d:0', 'f:1'], summary: 'both' }],
    layout: { chunkIds: ['d:0', 'd:1', 'f:0', 'f:1'], xy: [0, 0, 1, 0, 0, 1, 1, 1] },
  };
  return {
    manifest: { ...createManifest(hashEmbedder('e', 3), { vectorStorage: 'float32' }), version: 4 },
    documents: [docRecord('d', 'hello there world'), docRecord('f', 'other texts here')],
    groups: [{ group, entries: [], vectors: new Float32Array(0), preparse: [{ sourceId: 'g#0', sourceType: 'cluster', status: 'done', entryCount: 0 }] }],
  };
}
