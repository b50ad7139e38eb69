/** The retrieval targets every index has: one per original chunk and one per cluster chunk. */
import { chunkEntryText } from '../chunk/embedding-text.ts';
import { entryId } from '../ids.ts';
import type { Chunk, Cluster, Entry } from '../types.ts';

export function chunkEntry(chunk: Chunk): Entry {
  // The entry text is what is embedded and what BM25 indexes: the chunk under its heading path.
  return { id: entryId(chunk, 'chunk', 'whole', 0), kind: 'chunk', level: 'whole', text: chunkEntryText(chunk), origin: { type: 'chunk', id: chunk.id } };
}

/** A cluster chunk's text: its members joined by newlines, in document order (as the paper's code). */
export function clusterText(cluster: Cluster, chunkById: ReadonlyMap<string, Chunk>): string {
  return cluster.members.map((m) => chunkById.get(m.chunkId)?.text ?? '').filter(Boolean).join('\n');
}

export function clusterEntry(cluster: Cluster, chunkById: ReadonlyMap<string, Chunk>): Entry {
  return { id: entryId(cluster, 'cluster', 'whole', 0), kind: 'cluster', level: 'whole', text: clusterText(cluster, chunkById), origin: { type: 'cluster', id: cluster.id } };
}
