/**
 * Chunk ids as a record names them, written as numbers in the one-file format. A cluster group
 * names each of its chunks two or three times (cluster members, the map's layout, RAPTOR nodes)
 * and a document names each of its chunks once more in its pre-parse progress, every time as
 * `${docId}:${ordinal}` with the document's 64-digit hash: a quarter of a large library's record
 * JSON, parsed on every reopen, where parsing that JSON was the largest part of the engine
 * worker's decoding (docs/decisions/2026-11-27-chunks-by-number.md).
 *
 * Chunk `n` of the record's `docIds[j]` is written as `n * docIds.length + j` (just `n` for a
 * group of one document); any other id (a RAPTOR node's, or a chunk of a document the record does
 * not list) is written as it is. Reading gives each chunk the loaded chunk's own id string.
 */
import { chunkId, chunkIdPrefix, chunkIdPrefixOf, clusterId } from '../ids.ts';
import type { Chunk, Cluster, ClusterGroup, PreparseRecord, RaptorNode } from '../types.ts';
import { numberAfter } from './repeated-text.ts';

/** A chunk id as written: a number for a chunk of the record's documents, the id itself otherwise. */
export type ChunkRef = number | string;

/** A cluster as written: its id only when it is not `${groupId}#${index}`, its members as two lists. */
export interface StoredCluster {
  id?: string;
  chunks: ChunkRef[];
  p: number[];
}

export type StoredRaptorNode = Omit<RaptorNode, 'children' | 'leafChunkIds'> & { children: ChunkRef[]; leafChunkIds: ChunkRef[] };

export type StoredGroup = Omit<ClusterGroup, 'clusters' | 'raptor' | 'layout'> & {
  clusters: StoredCluster[];
  raptor: StoredRaptorNode[];
  layout?: { chunks: ChunkRef[]; xy: number[] };
};

export type StoredPreparse = Omit<PreparseRecord, 'sourceId'> & { sourceId: ChunkRef };

/** The chunks of a document by id, as loaded (ordinal `n` is usually at index `n`). */
export type ChunksOf = (docId: string) => readonly Chunk[] | undefined;

export function chunkRefWriter(docIds: readonly string[]): (id: string) => ChunkRef {
  const docIndex = new Map(docIds.map((id, j) => [chunkIdPrefix(id), j]));
  return (id) => {
    const prefix = chunkIdPrefixOf(id);
    const j = docIndex.get(prefix);
    const n = j === undefined ? undefined : numberAfter(id, prefix);
    return j === undefined || n === undefined ? id : n * docIds.length + j;
  };
}

export function chunkRefReader(docIds: readonly string[], chunksOf: ChunksOf): (ref: ChunkRef) => string {
  const lists = docIds.map(chunksOf);
  const byId = new Map<string, string>();
  return (ref) => {
    if (typeof ref === 'string') {
      // written as it is (or by a version before numbers): still the loaded chunk's string when there is one
      if (byId.size === 0) for (const list of lists) for (const chunk of list ?? []) byId.set(chunk.id, chunk.id);
      return byId.get(ref) ?? ref;
    }
    const j = ref % docIds.length;
    const n = (ref - j) / docIds.length;
    const chunk = lists[j]?.[n];
    return chunk?.ordinal === n ? chunk.id : chunkId(docIds[j], n);
  };
}

export function storedGroup(group: ClusterGroup): StoredGroup {
  const ref = chunkRefWriter(group.docIds);
  const { clusters, raptor, layout, ...rest } = group;
  return {
    ...rest,
    clusters: clusters.map((cluster, i) => ({
      ...(cluster.id === clusterId(group.id, i) ? {} : { id: cluster.id }),
      chunks: cluster.members.map((m) => ref(m.chunkId)),
      p: cluster.members.map((m) => m.p),
    })),
    raptor: raptor.map((node) => ({ ...node, children: node.children.map(ref), leafChunkIds: node.leafChunkIds.map(ref) })),
    ...(layout ? { layout: { chunks: layout.chunkIds.map(ref), xy: layout.xy } } : {}),
  };
}

/** The group again, from its stored form or from a version that wrote ids (its chunk ids then shared with the loaded chunks). */
export function loadedGroup(stored: StoredGroup | ClusterGroup, chunksOf: ChunksOf): ClusterGroup {
  const id = chunkRefReader(stored.docIds, chunksOf);
  const { clusters, raptor, layout, ...rest } = stored;
  return {
    ...rest,
    clusters: clusters.map((cluster, i): Cluster => {
      if ('members' in cluster) return { id: cluster.id, members: cluster.members.map((m) => ({ chunkId: id(m.chunkId), p: m.p })) };
      return { id: cluster.id ?? clusterId(stored.id, i), members: cluster.chunks.map((ref, m) => ({ chunkId: id(ref), p: cluster.p[m] })) };
    }),
    raptor: raptor.map((node) => ({ ...node, children: node.children.map(id), leafChunkIds: node.leafChunkIds.map(id) })),
    ...(layout ? { layout: { chunkIds: ('chunks' in layout ? layout.chunks : layout.chunkIds).map(id), xy: layout.xy } } : {}),
  };
}

/** A document's pre-parse progress with its chunks' ids as numbers. */
export function storedPreparse(records: readonly PreparseRecord[], docId: string): StoredPreparse[] {
  const ref = chunkRefWriter([docId]);
  return records.map((r) => (r.sourceType === 'chunk' ? { ...r, sourceId: ref(r.sourceId) } : r));
}

export function loadedPreparse(records: readonly StoredPreparse[], docId: string, chunksOf: ChunksOf): PreparseRecord[] {
  const id = chunkRefReader([docId], chunksOf);
  return records.map((r) => ({ ...r, sourceId: id(r.sourceId) }));
}

