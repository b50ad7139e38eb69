import { describe, expect, it } from 'vitest';
import { breadthChunks, type BreadthDocument } from '../../../src/core/engine/breadth.ts';
import type { Chunk, ClusterGroup } from '../../../src/core/types.ts';
import type { DocumentRecord } from '../../../src/core/stored-index/snapshot.ts';

function doc(id: string, chunks: number): DocumentRecord {
  const list: Chunk[] = Array.from({ length: chunks }, (_, i) => ({
    id: `${id}:${i}`,
    docId: id,
    ordinal: i,
    text: `chunk ${i} of ${id}`,
    tokens: 10,
    headingPath: [`Chapter ${Math.floor(i / 4) + 1}`],
    start: i * 20,
    end: i * 20 + 15,
  }));
  return { doc: { id, name: `${id}.md`, title: id.toUpperCase(), mime: 'text/markdown', language: 'en', text: '', blocks: [] }, chunks: list, job: { docId: id, stage: 'ready' }, entries: [], vectors: new Float32Array(0), preparse: [] } as unknown as DocumentRecord;
}

/** Clusters of the given chunk ordinals, each member's membership falling with its place. */
function group(docId: string, clusters: number[][]): ClusterGroup {
  return {
    id: `g:${docId}`,
    docIds: [docId],
    k: clusters.length,
    bic: [],
    raptor: [],
    clusters: clusters.map((members, c) => ({ id: `g:${docId}#${c}`, members: members.map((o, i) => ({ chunkId: `${docId}:${o}`, p: 1 - i / 10 })) })),
  };
}

describe('a context built for breadth', () => {
  it('gives every topic a passage before any gets a second, the first its largest topic\'s most typical', () => {
    const a: BreadthDocument = { record: doc('a', 12), group: group('a', [[0, 1, 2, 3, 4], [8, 9], [5, 6, 7]]) };
    const topicOf = (o: number) => (o <= 4 ? 'A' : o <= 7 ? 'B' : o <= 9 ? 'C' : `run ${o}`);
    // chunks no cluster claims (10, 11) are read as stretches of text, topics of their own
    const round = breadthChunks([a], 5).map((c) => c.chunk.ordinal);
    expect(round[0]).toBe(0);
    expect(new Set(round.map(topicOf)).size).toBe(5);
    // each next passage is the farthest from those taken: the other end first
    expect(round[1]).toBe(11);
    expect(breadthChunks([a], 100).map((c) => c.chunk.ordinal).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
  });

  it('places a soft-clustered chunk with the cluster that claims it most, and never twice', () => {
    const g = group('a', [[0, 1, 2], [3, 2]]);
    g.clusters[1].members[1].p = 0.99; // chunk 2 is more the second cluster's than the first's (0.8)
    const picked = breadthChunks([{ record: doc('a', 4), group: g }], 10).map((c) => c.chunk.ordinal);
    expect(picked.slice(0, 2)).toEqual([0, 3]);
    expect([...picked].sort()).toEqual([0, 1, 2, 3]);
  });

  it('reads a document too short to cluster as stretches of text, and interleaves documents', () => {
    const short: BreadthDocument = { record: doc('s', 3) };
    expect(breadthChunks([short], 10).map((c) => c.chunk.ordinal).sort()).toEqual([0, 1, 2]);
    const long: BreadthDocument = { record: doc('l', 6), group: group('l', [[0, 1, 2], [3, 4, 5]]) };
    const both = breadthChunks([long, short], 4);
    expect(new Set(both.map((c) => c.docName))).toEqual(new Set(['l.md', 's.md']));
    expect(both.map((c) => c.firstRank)).toEqual([1, 2, 3, 4]);
  });

  it('reads a long document without clusters (still being indexed) in stretches across it, not from its beginning', () => {
    const picked = breadthChunks([{ record: doc('u', 64) }], 8).map((c) => c.chunk.ordinal);
    // sixteen stretches of four: the first eight passages come from eight of them, across the document
    expect(new Set(picked.map((o) => Math.floor(o / 4))).size).toBe(8);
    expect(Math.min(...picked)).toBeLessThan(4);
    expect(Math.max(...picked)).toBeGreaterThanOrEqual(60);
  });
});
