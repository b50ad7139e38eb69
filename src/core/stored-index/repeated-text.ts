/**
 * Records as the stores keep them: without the text they repeat. A document's text is held five
 * times over in its records as built: the document's, each chunk's slice of it, each chunk entry's
 * (the chunk under its heading path), each cluster entry's (its members joined) and, pre-parsed
 * without a model, each sentence entry's (a sentence of its chunk or cluster, copied). A text that
 * is exactly what can be rebuilt from the others is left out when stored and rebuilt when loaded
 * (a sentence is kept as where it stands in its origin's text); any other text (an older record, a
 * hand-made one, a model's words) is stored as it is, so a record always comes back equal to what
 * was stored. Sentences kept as where they stand: the bench:browser library (100k entries,
 * extractive pre-parse) went 88.1 → 82.8 MB as an index file, 57.7 → 55.0 MB in IndexedDB.
 */
import { chunkEmbeddingText } from '../chunk/chunker.ts';
import { clusterText } from '../pipeline/base-entries.ts';
import type { Chunk, Cluster, ClusterGroup, Doc, Entry } from '../types.ts';

/** A chunk as stored: without `text` when it is the document's text from `start` to `end`. */
export type StoredChunk = Omit<Chunk, 'text'> & { text?: string };
/**
 * An entry as stored: without `text` when it is what its chunk or cluster makes, or when it is the
 * part `at` (start and end) of its origin's text.
 */
export type StoredEntry = Omit<Entry, 'text'> & { text?: string; at?: [number, number] };

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
  const originOf = originTexts(sources);
  return entries.map((entry) => {
    const { text, ...rest } = entry;
    const rebuilt = rebuild(entry, sources);
    if (rebuilt !== undefined) return rebuilt === text ? rest : entry;
    const start = text.length > 0 ? (originOf(entry)?.indexOf(text) ?? -1) : -1;
    return start < 0 ? entry : { ...rest, at: [start, start + text.length] };
  });
}

/** Entries with their texts again; undefined when one left out cannot be rebuilt (its chunk is gone). */
export function loadedEntries(entries: readonly StoredEntry[], sources: TextSources): Entry[] | undefined {
  const out: Entry[] = [];
  const originOf = originTexts(sources);
  for (const entry of entries) {
    if (entry.text !== undefined) {
      out.push(entry as Entry);
      continue;
    }
    const { at, ...rest } = entry;
    let text: string | undefined;
    if (at) {
      const origin = originOf(entry);
      text = origin !== undefined && at[1] <= origin.length ? origin.slice(at[0], at[1]) : undefined;
    } else text = rebuild(entry, sources);
    if (text === undefined) return undefined;
    out.push({ ...rest, text });
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

/**
 * The text an entry of chunk or cluster origin was taken from (the chunk's, or the cluster's
 * members joined), made once per origin for all the sentences taken from it.
 */
function originTexts(sources: TextSources): (entry: Pick<Entry, 'origin'>) => string | undefined {
  const made = new Map<string, string | undefined>();
  return ({ origin }) => {
    const key = `${origin.type}:${origin.id}`;
    if (!made.has(key)) {
      made.set(key, origin.type === 'chunk' ? sources.chunk(origin.id)?.text : origin.type === 'cluster' ? clusterTextOf(origin.id, sources) : undefined);
    }
    return made.get(key);
  };
}

function clusterTextOf(id: string, sources: TextSources): string | undefined {
  const cluster = sources.cluster?.(id);
  if (!cluster || cluster.members.some((m) => !sources.chunk(m.chunkId))) return undefined;
  const byId = new Map(cluster.members.map((m) => [m.chunkId, sources.chunk(m.chunkId) as Chunk]));
  return clusterText(cluster, byId);
}

function rebuild(entry: Pick<Entry, 'kind' | 'origin'>, sources: TextSources): string | undefined {
  if (entry.kind === 'chunk' && entry.origin.type === 'chunk') {
    const chunk = sources.chunk(entry.origin.id);
    return chunk && chunkEmbeddingText(chunk);
  }
  if (entry.kind === 'cluster' && entry.origin.type === 'cluster') return clusterTextOf(entry.origin.id, sources);
  return undefined;
}
