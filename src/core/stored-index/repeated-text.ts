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
import { chunkEntryText } from '../chunk/embedding-text.ts';
import { chunkId, chunkIdPrefix, entryIdPrefix, entryIdSuffix } from '../ids.ts';
import { clusterText } from '../pipeline/base-entries.ts';
import type { Chunk, Cluster, ClusterGroup, Doc, Entry, EntryKind, EntryLevel, EntryOrigin } from '../types.ts';
import { entryCount, type EntryColumns, type KeptFields } from './entry-columns.ts';
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

/** What an entry's text is rebuilt from: the chunks and clusters it may come from. */
export interface TextSources {
  chunk(id: string): Chunk | undefined;
  cluster?(id: string): Cluster | undefined;
  /** The stored document's own chunk of ordinal `n`, found without making its id (as loading once did for each chunk). */
  chunkAt?(n: number): Chunk | undefined;
}

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
  const count = entryCount(columns);
  const out: Entry[] = new Array(count);
  const originOf = originTexts(sources);
  const chunkOrigin = chunkOrigins(docId, sources);
  const kept = keptFields(columns);
  for (let i = 0; i < count; i++) {
    const fields = kept.get(i);
    const kind = columns.kinds[columns.kind[i]];
    const origin = fields?.origin ?? chunkOrigin(columns.of[i]);
    if (!origin) return undefined;
    let text = fields?.text;
    const start = columns.at[2 * i];
    if (text === undefined && start >= 0) {
      const end = columns.at[2 * i + 1];
      const whole = originOf(origin);
      text = whole !== undefined && end <= whole.length ? whole.slice(start, end) : undefined;
    } else if (text === undefined) text = rebuild(kind, origin, sources);
    if (text === undefined) return undefined;
    out[i] = entryOf(columns, i, kind, fields?.id, origin, text);
  }
  return out;
}

/**
 * Entries with their ids again and the texts that were left out empty: for a group set aside with
 * a damaged document, whose cluster texts cannot be rebuilt and are never read.
 */
export function entriesWithoutTexts(columns: EntryColumns, docId?: string): Entry[] {
  const chunkOrigin = chunkOrigins(docId);
  const kept = keptFields(columns);
  const out: Entry[] = [];
  for (let i = 0; i < entryCount(columns); i++) {
    const fields = kept.get(i);
    const origin = fields?.origin ?? chunkOrigin(columns.of[i]);
    if (origin) out.push(entryOf(columns, i, columns.kinds[columns.kind[i]], fields?.id, origin, fields?.text ?? ''));
  }
  return out;
}

function keptFields(columns: EntryColumns): Map<number, KeptFields> {
  return new Map(columns.kept);
}

/**
 * Chunk `of` of the document as an origin, one object for all of that chunk's entries (its chunk
 * entry and its sentences), its id the chunk's own string: a 100k-entry index made 100k origins
 * and their 70-character ids again on load.
 */
function chunkOrigins(docId: string | undefined, sources?: TextSources): (of: number) => EntryOrigin | undefined {
  const made: EntryOrigin[] = [];
  return (of) => {
    // -1: the entry keeps its own origin, or (damaged) has none
    if (of < 0 || docId === undefined) return undefined;
    const known = made[of];
    if (known) return known;
    const own = sources?.chunkAt?.(of);
    if (own) return (made[of] = { type: 'chunk', id: own.id });
    const id = chunkId(docId, of);
    return (made[of] = { type: 'chunk', id: sources?.chunk(id)?.id ?? id });
  };
}

/**
 * Entry `i` of the columns, made in one object with the fields in the order entries are built in:
 * loading a 100k-entry index spent more time collecting the intermediate objects of rest-spreads
 * than parsing its JSON.
 */
function entryOf(columns: EntryColumns, i: number, kind: EntryKind, keptId: string | undefined, origin: EntryOrigin, text: string): Entry {
  const level = columns.levels[columns.level[i]];
  const n = columns.n[i];
  const entry: Entry = { id: keptId ?? origin.id + idSuffix(kind, level, n >= 0 ? n : 0), kind, level, text, origin };
  const producer = columns.producer[i];
  if (producer > 0) entry.producer = columns.producers[producer - 1];
  return entry;
}

/**
 * Entry ids' suffixes (ids.ts), made once for every library loaded: an opened 100k-entry index
 * held each id as a flat copy of its chunk's id and this, where the join of the two shared
 * strings is one small node.
 */
const suffixes = new Map<EntryKind, Map<EntryLevel, string[]>>();

function idSuffix(kind: EntryKind, level: EntryLevel, n: number): string {
  let byLevel = suffixes.get(kind);
  if (!byLevel) suffixes.set(kind, (byLevel = new Map()));
  let byN = byLevel.get(level);
  if (!byN) byLevel.set(level, (byN = []));
  return (byN[n] ??= entryIdSuffix(kind, level, n));
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
  return { ...chunkSources([chunks]), chunkAt: (n) => (chunks[n]?.ordinal === n ? chunks[n] : undefined) };
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

/**
 * The text an entry of chunk or cluster origin was taken from (the chunk's, or the cluster's
 * members joined), made once per origin for all the sentences taken from it.
 */
function originTexts(sources: TextSources): (origin: EntryOrigin) => string | undefined {
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

function rebuild(kind: EntryKind, origin: EntryOrigin, sources: TextSources): string | undefined {
  if (kind === 'chunk' && origin.type === 'chunk') {
    const chunk = sources.chunk(origin.id);
    return chunk && chunkEntryText(chunk);
  }
  if (kind === 'cluster' && origin.type === 'cluster') return clusterTextOf(origin.id, sources);
  return undefined;
}
