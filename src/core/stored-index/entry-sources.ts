/**
 * What a stored entry's text is rebuilt from (repeated-text.ts): the chunks and clusters it may
 * come from, the text each origin stands for, and the whole texts a chunk or cluster entry is
 * made of. Shared by the writer, which leaves out what these rebuild, and the readers.
 */
import { chunkEntryText } from '../chunk/embedding-text.ts';
import { clusterText } from '../pipeline/base-entries.ts';
import type { Chunk, Cluster, EntryKind, EntryOrigin } from '../types.ts';

/** What an entry's text is rebuilt from: the chunks and clusters it may come from. */
export interface TextSources {
  chunk(id: string): Chunk | undefined;
  cluster?(id: string): Cluster | undefined;
  /** The stored document's own chunk of ordinal `n`, found without making its id (as loading once did for each chunk). */
  chunkAt?(n: number): Chunk | undefined;
  /** That chunk's id and its text's length, told without making the chunk where its sources can (chunk-table.ts). */
  chunkIdAt?(n: number): string | undefined;
  chunkLengthAt?(n: number): number | undefined;
}

/**
 * The text an entry of chunk or cluster origin was taken from (the chunk's, or the cluster's
 * members joined), made once per origin for all the sentences taken from it.
 */
export function originTexts(sources: TextSources): (origin: EntryOrigin) => string | undefined {
  const chunks = new Map<string, string | undefined>();
  const clusters = new Map<string, string | undefined>();
  return (origin) => {
    if (origin.type === 'raptor') return undefined;
    const made = origin.type === 'chunk' ? chunks : clusters;
    if (!made.has(origin.id)) made.set(origin.id, origin.type === 'chunk' ? sources.chunk(origin.id)?.text : clusterTextOf(origin.id, sources));
    return made.get(origin.id);
  };
}

function clusterTextOf(id: string, sources: TextSources): string | undefined {
  const cluster = sources.cluster?.(id);
  if (!cluster || cluster.members.some((m) => !sources.chunk(m.chunkId))) return undefined;
  const byId = new Map(cluster.members.map((m) => [m.chunkId, sources.chunk(m.chunkId) as Chunk]));
  return clusterText(cluster, byId);
}

/** The whole text a chunk or cluster entry is made of, or undefined for any other (or when its origin is not at hand). */
export function rebuild(kind: EntryKind, origin: EntryOrigin, sources: TextSources): string | undefined {
  if (kind === 'chunk' && origin.type === 'chunk') {
    const chunk = sources.chunk(origin.id);
    return chunk && chunkEntryText(chunk);
  }
  if (kind === 'cluster' && origin.type === 'cluster') return clusterTextOf(origin.id, sources);
  return undefined;
}
