/**
 * Stored entries (repeated-text.ts) a field at a time: one array per field instead of one object
 * per entry. A record's entries are mostly the same few fields (kind, level, `n`, the chunk `of`,
 * and for a sentence where it stands, `at`), and as objects they were the largest part of an
 * index file (`{"kind":"chunk","level":"whole","n":0,"of":0}` an entry;
 * docs/decisions/2026-11-27-entry-columns.md), and parsing them made
 * 100k objects and 60k `at` pairs only to be read once and dropped. As columns, numbers parse into
 * packed arrays and the names of kinds and levels are written once.
 *
 * A field an entry keeps only now and then (a text that is not rebuilt, an id that is not made, an
 * origin that is not a chunk of the record's document) goes into `kept`, by the entry's index.
 */
import type { Entry, EntryKind, EntryLevel, EntryOrigin } from '../types.ts';
import type { StoredEntry } from './stored-entry.ts';

type Producer = NonNullable<Entry['producer']>;

/** What an entry keeps besides its columns. */
export interface KeptFields {
  text?: string;
  id?: string;
  origin?: EntryOrigin;
}

export interface EntryColumns {
  /** The kinds, levels and producers met, in the order first met; each entry names its own by index. */
  kinds: EntryKind[];
  levels: EntryLevel[];
  producers: Producer[];
  kind: ArrayLike<number>;
  level: ArrayLike<number>;
  /** 0 for none, else the index into `producers` plus one. */
  producer: ArrayLike<number>;
  /** -1 where the entry keeps its id. */
  n: ArrayLike<number>;
  /** -1 where the entry keeps its origin. */
  of: ArrayLike<number>;
  /** Two an entry, start and end in its origin's text; -1, -1 where its text is not a part of it. */
  at: ArrayLike<number>;
  /** [entry index, fields], in entry order. */
  kept: [number, KeptFields][];
  /** Kept texts written apart from the head (entry-columns-binary.ts), each decoded when its entry is made. */
  texts?: KeptTexts;
}

/**
 * Texts entries keep (an extractive summary's sentences, which are no one part of their chunk),
 * read one at a time: parsed with the rest of the head, they were most of a record's columns to
 * read on open, though an entry's text is read only when it is hit or shown.
 */
export interface KeptTexts {
  /** The entries whose text is here, in entry order. */
  readonly entry: ArrayLike<number>;
  /** The text of `entry[k]`. */
  text(k: number): string;
}

export function toColumns(entries: readonly StoredEntry[]): EntryColumns & Record<'kind' | 'level' | 'producer' | 'n' | 'of' | 'at', number[]> {
  const columns: ReturnType<typeof toColumns> = { kinds: [], levels: [], producers: [], kind: [], level: [], producer: [], n: [], of: [], at: [], kept: [] };
  const indexIn = <T>(names: T[], name: T): number => {
    const at = names.indexOf(name);
    return at >= 0 ? at : names.push(name) - 1;
  };
  entries.forEach((entry, i) => {
    columns.kind.push(indexIn(columns.kinds, entry.kind));
    columns.level.push(indexIn(columns.levels, entry.level));
    columns.producer.push(entry.producer === undefined ? 0 : indexIn(columns.producers, entry.producer) + 1);
    columns.n.push(entry.n ?? -1);
    columns.of.push(entry.of ?? -1);
    columns.at.push(...(entry.at ?? [-1, -1]));
    const kept: KeptFields = {};
    if (entry.text !== undefined) kept.text = entry.text;
    if (entry.id !== undefined) kept.id = entry.id;
    if (entry.origin !== undefined) kept.origin = entry.origin;
    if (Object.keys(kept).length > 0) columns.kept.push([i, kept]);
  });
  return columns;
}

/**
 * The columns of entries read from a file: a record written before columns (an array of stored
 * entries) is turned into them; undefined when the value is neither, or its columns disagree on
 * how many entries there are.
 */
export function readColumns(value: unknown): EntryColumns | undefined {
  if (Array.isArray(value)) return toColumns(value as StoredEntry[]);
  if (!value || typeof value !== 'object') return undefined;
  const c = value as Partial<EntryColumns>;
  const lists = [c.kinds, c.levels, c.producers, c.kind, c.level, c.producer, c.n, c.of, c.at, c.kept];
  if (!lists.every(Array.isArray)) return undefined;
  const columns = c as EntryColumns;
  const count = columns.kind.length;
  const same = [columns.level, columns.producer, columns.n, columns.of].every((list) => list.length === count);
  return same && columns.at.length === 2 * count ? columns : undefined;
}

/** How many entries the columns hold. */
export function entryCount(columns: EntryColumns): number {
  return columns.kind.length;
}
