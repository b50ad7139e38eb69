/**
 * Records as the stores keep them: without the text they repeat. A document's text is held four
 * times over in its records as built: the document's, each chunk's slice of it, each chunk entry's
 * (the chunk under its heading path) and each cluster entry's (its members joined). A text that is
 * exactly what can be rebuilt from the others is left out when stored and rebuilt when loaded;
 * any other text (an older record, a hand-made one) is stored as it is, so a record always comes
 * back equal to what was stored.
 */
import { chunkEmbeddingText } from '../chunk/chunker.ts';
import { clusterText } from '../pipeline/base-entries.ts';
import type { Chunk, Cluster, ClusterGroup, Doc, Entry } from '../types.ts';

/** A chunk as stored: without `text` when it is the document's text from `start` to `end`. */
export type StoredChunk = Omit<Chunk, 'text'> & { text?: string };
/** An entry as stored: without `text` when it is what its chunk or cluster makes. */
export type StoredEntry = Omit<Entry, 'text'> & { text?: string };

export function storedChunks(doc: Pick<Doc, 'text'>, chunks: readonly Chunk[]): StoredChunk[] {
  return chunks.map((chunk) => {
    if (chunk.text !== doc.text.slice(chunk.start, chunk.end)) return chunk;
    const { text: _, ...rest } = chunk;
    return rest;
  });
}

export function loadedChunks(doc: Pick<Doc, 'text'>, chunks: readonly StoredChunk[]): Chunk[] {
  return chunks.map((chunk) => (chunk.text !== undefined ? (chunk as Chunk) : { ...chunk, text: doc.text.slice(chunk.start, chunk.end) }));
}

/** What an entry's text is rebuilt from: the chunks and clusters it may come from. */
export interface TextSources {
  chunk(id: string): Chunk | undefined;
  cluster?(id: string): Cluster | undefined;
}

export function storedEntries(entries: readonly Entry[], sources: TextSources): StoredEntry[] {
  return entries.map((entry) => {
    const rebuilt = rebuild(entry, sources);
    if (rebuilt === undefined || rebuilt !== entry.text) return entry;
    const { text: _, ...rest } = entry;
    return rest;
  });
}

/** Entries with their texts again; undefined when one left out cannot be rebuilt (its chunk is gone). */
export function loadedEntries(entries: readonly StoredEntry[], sources: TextSources): Entry[] | undefined {
  const out: Entry[] = [];
  for (const entry of entries) {
    if (entry.text !== undefined) {
      out.push(entry as Entry);
      continue;
    }
    const text = rebuild(entry, sources);
    if (text === undefined) return undefined;
    out.push({ ...entry, text });
  }
  return out;
}

/** The chunks of documents, by id: the sources of their own entries and of their groups'. */
export function chunkSources(chunkLists: Iterable<readonly Chunk[]>, group?: Pick<ClusterGroup, 'clusters'>): TextSources {
  const chunks = new Map<string, Chunk>();
  for (const list of chunkLists) for (const chunk of list) chunks.set(chunk.id, chunk);
  const clusters = new Map(group?.clusters.map((c) => [c.id, c]));
  return { chunk: (id) => chunks.get(id), cluster: (id) => clusters.get(id) };
}

function rebuild(entry: Pick<Entry, 'kind' | 'origin'>, sources: TextSources): string | undefined {
  if (entry.kind === 'chunk' && entry.origin.type === 'chunk') {
    const chunk = sources.chunk(entry.origin.id);
    return chunk && chunkEmbeddingText(chunk);
  }
  if (entry.kind === 'cluster' && entry.origin.type === 'cluster') {
    const cluster = sources.cluster?.(entry.origin.id);
    if (!cluster || cluster.members.some((m) => !sources.chunk(m.chunkId))) return undefined;
    const byId = new Map(cluster.members.map((m) => [m.chunkId, sources.chunk(m.chunkId) as Chunk]));
    return clusterText(cluster, byId);
  }
  return undefined;
}
