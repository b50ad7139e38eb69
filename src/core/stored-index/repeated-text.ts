/**
 * Records as the stores keep them: without the text and the ids they repeat. A document's text is
 * held five times over in its records as built: the document's, each chunk's slice of it, each
 * chunk entry's (the chunk under its heading path), each cluster entry's (its members joined) and,
 * pre-parsed without a model, each sentence entry's (a sentence of its chunk or cluster, copied). A
 * text that is exactly what can be rebuilt from the others is left out when stored and rebuilt when
 * loaded (a sentence is kept as where it stands in its origin's text); any other text (an older
 * record, a hand-made one, a model's words) is stored as it is, so a record always comes back equal
 * to what was stored. Sentences kept as where they stand made the bench library's file and its
 * IndexedDB smaller (docs/decisions/2026-12-07-storage-and-open-measured.md).
 *
 * Ids are built from the document's id (a 64-digit hash): a chunk is `${docId}:${ordinal}` and an
 * entry `${origin.id}|${kind}|${level}|${n}`, so the hash stood four times in each entry and twice
 * in each chunk, and was most of the entries' bytes. An id that is what its record makes is left out too: a
 * chunk's id and document, an entry's id (its `n` kept) and a chunk origin of the same document
 * (its ordinal kept, as `of`).
 */
import { chunkId, chunkIdPrefix, entryIdPrefix } from '../ids.ts';
import type { Chunk, ClusterGroup, Doc, Entry } from '../types.ts';
import type { EntryColumns } from './entry-columns.ts';
import { originTexts, rebuild, type TextSources } from './entry-sources.ts';
import { EntryTable } from './entry-table.ts';
import type { StoredEntry } from './stored-entry.ts';

/**
 * A chunk as stored: without `text` when it is the document's text from `start` to `end`, without
 * `docId` when it is the document's, without `id` when it is `${docId}:${ordinal}`.
 */
export type StoredChunk = Omit<Chunk, 'text' | 'id' | 'docId'> & { text?: string; id?: string; docId?: string };
export type { StoredEntry } from './stored-entry.ts';

export function storedChunks(doc: Pick<Doc, 'id' | 'text'>, chunks: readonly Chunk[]): StoredChunk[] {
  return chunks.map((chunk) => {
    const { text, id, docId, ...rest } = chunk;
    const stored: StoredChunk = rest;
    if (text !== doc.text.slice(chunk.start, chunk.end)) stored.text = text;
    if (docId !== doc.id) stored.docId = docId;
    if (id !== chunkId(docId, chunk.ordinal)) stored.id = id;
    return stored;
  });
}

export function loadedChunks(doc: Pick<Doc, 'id' | 'text'>, chunks: readonly StoredChunk[]): Chunk[] {
  return chunks.map(({ text, id, docId, ...rest }) => {
    const owner = docId ?? doc.id;
    return { id: id ?? chunkId(owner, rest.ordinal), docId: owner, ...rest, text: text ?? doc.text.slice(rest.start, rest.end) };
  });
}

export type { TextSources } from './entry-sources.ts';

/** `docId`: the document the entries are stored with (none for a cluster group's), whose chunk origins are kept as ordinals. */
export function storedEntries(entries: readonly Entry[], sources: TextSources, docId?: string): StoredEntry[] {
  const originOf = originTexts(sources);
  return entries.map((entry) => {
    const { text, id, origin, ...rest } = entry;
    const stored: StoredEntry = rest;
    const rebuilt = rebuild(entry.kind, origin, sources);
    if (rebuilt === undefined) {
      const start = text.length > 0 ? (originOf(origin)?.indexOf(text) ?? -1) : -1;
      if (start >= 0) stored.at = [start, start + text.length];
      else stored.text = text;
    } else if (rebuilt !== text) stored.text = text;
    const n = entryNumber(entry);
    if (n === undefined) stored.id = id;
    else stored.n = n;
    const of = docId !== undefined && origin.type === 'chunk' ? chunkOrdinal(origin.id, docId) : undefined;
    if (of === undefined) stored.origin = origin;
    else stored.of = of;
    return stored;
  });
}

/** Entries with their texts and ids again; undefined when one left out cannot be rebuilt (its chunk is gone). */
export function loadedEntries(columns: EntryColumns, sources: TextSources, docId?: string): Entry[] | undefined {
  return new EntryTable(columns, sources, docId).entries();
}

/**
 * Entries with their ids again and the texts that were left out empty: for a group set aside with
 * a damaged document, whose cluster texts cannot be rebuilt and are never read.
 */
export function entriesWithoutTexts(columns: EntryColumns, docId?: string): Entry[] {
  return new EntryTable(columns, { chunk: () => undefined }, docId).withoutTexts();
}

/** The ordinal of chunk `id` when it is a chunk of `docId`, as its id says. */
function chunkOrdinal(id: string, docId: string): number | undefined {
  return numberAfter(id, chunkIdPrefix(docId));
}

/** `n` when the entry's id is `${origin.id}|${kind}|${level}|${n}`. */
function entryNumber(entry: Entry): number | undefined {
  return numberAfter(entry.id, entryIdPrefix(entry.origin, entry.kind, entry.level));
}

/** The whole number `id` ends with after `prefix`, written as the record writes it (no sign, no leading zero). */
export function numberAfter(id: string, prefix: string): number | undefined {
  if (!id.startsWith(prefix)) return undefined;
  const tail = id.slice(prefix.length);
  const n = Number(tail);
  return Number.isInteger(n) && n >= 0 && String(n) === tail ? n : undefined;
}

/** One document's chunks, by id and by ordinal: the sources of its own entries. */
export function documentChunkSources(chunks: readonly Chunk[]): TextSources {
  // by id only when first asked: an entry finds its own chunk by ordinal, and a table of entries
  // read when hit (entry-table.ts) seldom asks for one by id at all
  let byId: TextSources | undefined;
  return { chunk: (id) => (byId ??= chunkSources([chunks])).chunk(id), chunkAt: (n) => (chunks[n]?.ordinal === n ? chunks[n] : undefined) };
}

/** The chunks of documents, by id: the sources of their own entries and of their groups'. */
export function chunkSources(chunkLists: Iterable<readonly Chunk[]>, group?: Pick<ClusterGroup, 'clusters'>): TextSources {
  const chunks = new Map<string, Chunk>();
  for (const list of chunkLists) for (const chunk of list) chunks.set(chunk.id, chunk);
  const clusters = new Map(group?.clusters.map((c) => [c.id, c]));
  return { chunk: (id) => chunks.get(id), cluster: (id) => clusters.get(id) };
}

/**
 * Gives every chunk id a group names (cluster members, RAPTOR nodes' children and leaves, the map's
 * layout) the loaded chunk's own string, in place: parsed from a record, each was a copy of its
 * own, and a library clustered a document at a time named each chunk three or four times. Ids of
 * chunks not at hand are left as they are.
 */
export function shareChunkIds(group: ClusterGroup, sources: TextSources): void {
  const shared = (id: string) => sources.chunk(id)?.id ?? id;
  for (const cluster of group.clusters) for (const member of cluster.members) member.chunkId = shared(member.chunkId);
  for (const node of group.raptor) {
    node.children = node.children.map(shared);
    node.leafChunkIds = node.leafChunkIds.map(shared);
  }
  if (group.layout) group.layout.chunkIds = group.layout.chunkIds.map(shared);
}
