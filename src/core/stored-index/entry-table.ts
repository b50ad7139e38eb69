/**
 * A record's entries read from their columns (entry-columns.ts) one at a time: an entry's kind,
 * producer and origin without making the entry, and the entry itself (its id and its text) only
 * when asked for. The search corpus adopts an open image's rows over these, so a large library
 * opens without making every entry first, and a passage's text is made when it is hit or shown
 * (docs/decisions/2026-12-07-entries-made-when-read.md).
 */
import { chunkEntryText } from '../chunk/embedding-text.ts';
import { chunkId, entryIdSuffix } from '../ids.ts';
import type { Chunk, Entry, EntryKind, EntryLevel, EntryOrigin } from '../types.ts';
import { entryCount, type EntryColumns, type KeptFields } from './entry-columns.ts';
import { originTexts, rebuild, type TextSources } from './entry-sources.ts';

/** An entry asked of a table that cannot make it: a table is used only once `whole()` said every entry can be made. */
export class EntryTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EntryTableError';
  }
}

const NO_KEPT: ReadonlyMap<number, KeptFields> = new Map();

export class EntryTable {
  readonly count: number;
  private readonly kept: ReadonlyMap<number, KeptFields>;
  /** For each entry whose kept text is written apart (EntryColumns.texts), its place there; -1 for the others. */
  private readonly textSlot: Int32Array | undefined;
  /**
   * Chunk `of` of the document as an origin, one object for all of that chunk's entries (its chunk
   * entry and its sentences), its id the chunk's own string: a 100k-entry index made 100k origins
   * and their 70-character ids again on load.
   */
  private readonly ownOrigins: (EntryOrigin | undefined)[] = [];
  private textsOf: ((origin: EntryOrigin) => string | undefined) | undefined;

  /** `docId`: the document the entries are stored with (none for a cluster group's), whose chunk origins are kept as ordinals. */
  constructor(
    private readonly columns: EntryColumns,
    private readonly sources: TextSources,
    private readonly docId?: string,
  ) {
    this.count = entryCount(columns);
    this.kept = columns.kept.length > 0 ? new Map(columns.kept) : NO_KEPT;
    const { texts } = columns;
    if (texts && texts.entry.length > 0) {
      this.textSlot = new Int32Array(this.count).fill(-1);
      for (let k = 0; k < texts.entry.length; k++) this.textSlot[texts.entry[k]] = k;
    }
  }

  kind(i: number): EntryKind {
    return this.columns.kinds[this.columns.kind[i]];
  }

  producer(i: number): Entry['producer'] {
    const producer = this.columns.producer[i];
    return producer > 0 ? this.columns.producers[producer - 1] : undefined;
  }

  origin(i: number): EntryOrigin {
    const origin = this.originAt(i);
    if (!origin) throw new EntryTableError(`entry ${i} of the table has no origin`);
    return origin;
  }

  /** Entry `i` made now, its text cut from (or rebuilt from) its origin's. */
  entry(i: number): Entry {
    const origin = this.origin(i);
    const text = this.textAt(i, origin);
    if (typeof text !== 'string') throw new EntryTableError(`entry ${i} of the table has no text`);
    return this.make(i, origin, text);
  }

  /** Whether every entry can be made (its origin and its text at hand), found without making them. */
  whole(): boolean {
    const { at, of } = this.columns;
    for (let i = 0; i < this.count; i++) {
      // a text kept apart is at hand, and an origin by ordinal is always made (ownOrigin): told
      // without making the chunk's id, which the open would otherwise build for every such entry
      if (this.keptApart(i) && !this.kept.has(i) && of[i] >= 0 && this.docId !== undefined) continue;
      // most entries are a chunk of the document or a part of one: told by numbers alone, their
      // origins made when first read
      const length = this.kept.has(i) || this.keptApart(i) ? undefined : this.ownLength(of[i]);
      if (length !== undefined && this.docId !== undefined) {
        if (at[2 * i] >= 0 ? at[2 * i + 1] > length : this.kind(i) !== 'chunk') return false;
        continue;
      }
      const origin = this.originAt(i);
      if (!origin || this.textAt(i, origin, false) === undefined) return false;
    }
    return true;
  }

  /** Every entry, made now; undefined when one left out cannot be rebuilt (its chunk is gone). */
  entries(): Entry[] | undefined {
    const out: Entry[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const origin = this.originAt(i);
      const text = origin && this.textAt(i, origin);
      if (typeof text !== 'string') return undefined;
      out[i] = this.make(i, origin!, text);
    }
    return out;
  }

  /**
   * Every entry with an origin, the texts that were left out empty: for a group set aside with a
   * damaged document, whose cluster texts cannot be rebuilt and are never read.
   */
  withoutTexts(): Entry[] {
    const out: Entry[] = [];
    for (let i = 0; i < this.count; i++) {
      const origin = this.originAt(i);
      if (origin) out.push(this.make(i, origin, this.keptText(i) ?? ''));
    }
    return out;
  }

  /** The length of the text of the document's own chunk of ordinal `of`, when there is one, without making it where the sources can. */
  private ownLength(of: number): number | undefined {
    return this.sources.chunkLengthAt ? this.sources.chunkLengthAt(of) : this.sources.chunkAt?.(of)?.text.length;
  }

  /** Whether entry `i` keeps its text apart from the head. */
  private keptApart(i: number): boolean {
    return this.textSlot !== undefined && this.textSlot[i] >= 0;
  }

  /** The text entry `i` keeps, decoded now when it is kept apart. */
  private keptText(i: number): string | undefined {
    return this.keptApart(i) ? this.columns.texts!.text(this.textSlot![i]) : this.kept.get(i)?.text;
  }

  private originAt(i: number): EntryOrigin | undefined {
    return this.kept.get(i)?.origin ?? this.ownOrigin(this.columns.of[i]);
  }

  private ownOrigin(of: number): EntryOrigin | undefined {
    // -1: the entry keeps its own origin, or (damaged) has none
    if (of < 0 || this.docId === undefined) return undefined;
    const known = this.ownOrigins[of];
    if (known) return known;
    const own = this.sources.chunkIdAt ? this.sources.chunkIdAt(of) : this.sources.chunkAt?.(of)?.id;
    if (own !== undefined) return (this.ownOrigins[of] = { type: 'chunk', id: own });
    const id = chunkId(this.docId, of);
    return (this.ownOrigins[of] = { type: 'chunk', id: this.sources.chunk(id)?.id ?? id });
  }

  /**
   * Entry `i`'s text (`make`), or only whether it can be made (true): kept as it is, a part of its
   * origin's text, or what its chunk or cluster makes; undefined when none of these is at hand.
   */
  private textAt(i: number, origin: EntryOrigin, make = true): string | true | undefined {
    if (this.keptApart(i)) return make ? this.keptText(i) : true;
    const kept = this.kept.get(i)?.text;
    if (kept !== undefined) return kept;
    const start = this.columns.at[2 * i];
    const kind = this.kind(i);
    const own = this.ownChunk(i, origin);
    if (start >= 0) {
      const end = this.columns.at[2 * i + 1];
      const whole = own ? own.text : this.originText(origin);
      if (whole === undefined || end > whole.length) return undefined;
      return make ? whole.slice(start, end) : true;
    }
    if (own && kind === 'chunk') return make ? chunkEntryText(own) : true;
    // a whole cluster text is made to be checked: only a group's entries have one
    return rebuild(kind, origin, this.sources);
  }

  /** The document's own chunk entry `i` comes from, found by its ordinal, when it is one. */
  private ownChunk(i: number, origin: EntryOrigin): Chunk | undefined {
    const of = this.columns.of[i];
    if (of < 0 || origin !== this.ownOrigins[of]) return undefined;
    const chunk = this.sources.chunkAt?.(of);
    return chunk?.id === origin.id ? chunk : undefined;
  }

  private originText(origin: EntryOrigin): string | undefined {
    this.textsOf ??= originTexts(this.sources);
    return this.textsOf(origin);
  }

  /**
   * Entry `i`, made in one object with the fields in the order entries are built in: loading a
   * 100k-entry index spent more time collecting the intermediate objects of rest-spreads than
   * parsing its JSON.
   */
  private make(i: number, origin: EntryOrigin, text: string): Entry {
    const { columns } = this;
    const kind = this.kind(i);
    const level = columns.levels[columns.level[i]];
    const n = columns.n[i];
    const entry: Entry = { id: this.kept.get(i)?.id ?? origin.id + idSuffix(kind, level, n >= 0 ? n : 0), kind, level, text, origin };
    const producer = this.producer(i);
    if (producer !== undefined) entry.producer = producer;
    return entry;
  }
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
