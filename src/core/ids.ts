/**
 * How chunk and entry ids are made. They are content-derived (a document's id is the hash of its
 * bytes), so the same file indexed twice gets the same ids, and the stores leave out an id that
 * is what its record makes (stored-index/repeated-text.ts): both sides build it here.
 */
import type { EntryKind, EntryLevel, EntryOrigin } from './types.ts';

// Ids are written with join, which makes one flat string; concatenation chains a string node per
// part, and a large index held hundreds of thousands of such nodes once opened.
// Each id and its prefix (the id up to its number, which the stores compare against) come from
// the same parts, so the two cannot drift apart.
const CHUNK = ':';
const ENTRY = '|';
const CLUSTER = '#';

/** A chunk's id: its document's and its place in it. */
export function chunkId(docId: string, ordinal: number): string {
  return [docId, ordinal].join(CHUNK);
}

/** What every chunk id of the document starts with, before its ordinal. */
export function chunkIdPrefix(docId: string): string {
  return [docId, ''].join(CHUNK);
}

/** The part of a chunk id before its ordinal, as chunkIdPrefix makes it (the whole id when it is no chunk id). */
export function chunkIdPrefixOf(id: string): string {
  return id.slice(0, id.lastIndexOf(CHUNK) + 1);
}

/** A cluster's id: its group's and its place among the group's clusters. */
export function clusterId(groupId: string, index: number): string {
  return [groupId, index].join(CLUSTER);
}

/** An entry's id: what it was made from, its kind and level, and its number among those. */
export function entryId(origin: Pick<EntryOrigin, 'id'>, kind: EntryKind, level: EntryLevel, n: number): string {
  return [origin.id, kind, level, n].join(ENTRY);
}

/**
 * What follows the origin's id in an entry's id: `entryId(origin, …)` is `origin.id` followed by
 * this. Loading joins the two, so that each loaded id is one string node over two strings it
 * shares with others, not a copy of the origin's id (stored-index/repeated-text.ts).
 */
export function entryIdSuffix(kind: EntryKind, level: EntryLevel, n: number): string {
  return ['', kind, level, n].join(ENTRY);
}

/** What the ids of an origin's entries of one kind and level start with, before their number. */
export function entryIdPrefix(origin: Pick<EntryOrigin, 'id'>, kind: EntryKind, level: EntryLevel): string {
  return [origin.id, kind, level, ''].join(ENTRY);
}
