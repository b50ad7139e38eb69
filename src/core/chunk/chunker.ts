/**
 * Structure-aware chunking: sentences of one section are packed greedily into chunks of at most
 * `chunkTokens` tokens of the active embedder, and each chunk starts with the last sentences of
 * the previous one (up to `overlapTokens`) so that a fact cut at a border is whole in one of them.
 *
 * Tables are packed whole: a table (caption and rows) that does not fit in the current chunk
 * starts a new one, a table longer than a chunk is cut between rows only, and every chunk after
 * its first carries the caption and column header in its heading path (the chunk's text stays a
 * slice of the document). Prose overlap never carries rows over, nor rows into prose.
 */
import { chunkId } from '../ids.ts';
import type { Chunk, Doc } from '../types.ts';
import { sectionRuns } from './sections.ts';
import { findTables, tagTableSpans } from './tables.ts';
import { sentenceSpans, splitSpan, type Span, type Unit } from './units.ts';

export interface ChunkOptions {
  chunkTokens: number;
  overlapTokens: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { chunkTokens: 100, overlapTokens: 10 };

export type CountTokens = (texts: string[]) => Promise<number[]>;

export async function chunkDocument(doc: Doc, countTokens: CountTokens, options: ChunkOptions = DEFAULT_CHUNKING): Promise<Chunk[]> {
  if (options.chunkTokens < 1 || options.overlapTokens < 0 || options.overlapTokens >= options.chunkTokens) {
    throw new RangeError(`invalid chunking: ${options.chunkTokens} tokens with ${options.overlapTokens} overlap`);
  }
  const runs = sectionRuns(doc);
  const tablesPerRun = runs.map((run) => findTables(doc.text, run.blocks));
  const spansPerRun = runs.map((run, r) => tagTableSpans(sentenceSpans(doc.text, run.blocks), tablesPerRun[r], run.blocks));
  const units = await measure(doc.text, spansPerRun, countTokens, options.chunkTokens);
  const contexts = tablesPerRun.flat().map((t) => t.context);
  const contextCounts = contexts.length > 0 ? await countTokens(contexts) : [];
  let k = 0;
  const contextTokens = tablesPerRun.map((tables) => tables.map(() => contextCounts[k++]));

  const chunks: Chunk[] = [];
  runs.forEach((run, r) => {
    for (const group of pack(units[r], contextTokens[r], options)) {
      const first = group.units[0];
      const last = group.units[group.units.length - 1];
      const pageEnd = Math.max(...group.units.map((u) => u.pageEnd ?? u.page ?? -1));
      const ordinal = chunks.length;
      const table = group.continues !== undefined ? tablesPerRun[r][group.continues] : undefined;
      chunks.push({
        id: chunkId(doc.id, ordinal),
        docId: doc.id,
        ordinal,
        text: doc.text.slice(first.start, last.end),
        headingPath: table && table.context !== '' ? [...run.headingPath, table.context] : run.headingPath,
        start: first.start,
        end: last.end,
        ...(first.page !== undefined ? { page: first.page } : {}),
        ...(first.page !== undefined && pageEnd > first.page ? { pageEnd } : {}),
        tokens: group.units.reduce((sum, u) => sum + u.tokens, 0),
      });
    }
  });
  return chunks;
}

/** Token counts for every sentence (one batched call), with over-long sentences cut and recounted. */
async function measure(text: string, spansPerRun: Span[][], countTokens: CountTokens, limit: number): Promise<Unit[][]> {
  const flat = spansPerRun.flat();
  const counts = await countTokens(flat.map((s) => text.slice(s.start, s.end)));
  const long: { run: number; index: number; parts: Span[] }[] = [];
  let k = 0;
  const units = spansPerRun.map((spans, run) =>
    spans.map((span, index) => {
      const tokens = counts[k++];
      if (tokens > limit) long.push({ run, index, parts: splitSpan(text, span, Math.ceil(tokens / limit) + 1) });
      return { ...span, tokens };
    }),
  );
  if (long.length === 0) return units;
  const pieces = long.flatMap((l) => l.parts);
  const pieceCounts = await countTokens(pieces.map((p) => text.slice(p.start, p.end)));
  let p = 0;
  const replacement = new Map<string, Unit[]>();
  for (const l of long) replacement.set(`${l.run}:${l.index}`, l.parts.map((part) => ({ ...part, tokens: pieceCounts[p++] })));
  return units.map((runUnits, run) => runUnits.flatMap((u, index) => replacement.get(`${run}:${index}`) ?? [u]));
}

interface Group {
  units: Unit[];
  /** The table whose rows this chunk continues (its caption and header are in an earlier chunk). */
  continues?: number;
}

/**
 * Greedy packing with sentence overlap; always makes progress, even past a too-long unit. A
 * table's units are placed together (see the file comment); `contextTokens` gives the length of
 * each table's context, which a continuation chunk's rows leave room for.
 */
function pack(units: readonly Unit[], contextTokens: readonly number[], { chunkTokens, overlapTokens }: ChunkOptions): Group[] {
  const groups: Group[] = [];
  let current: Group = { units: [] };
  let tokens = 0;
  let fresh = 0; // units in `current` not carried over from the previous chunk
  const close = (carryFor: Unit | undefined): void => {
    if (fresh > 0) groups.push(current);
    const carried: Unit[] = [];
    let carriedTokens = 0;
    // Overlap repeats prose only: a row carried into prose, or prose into a table, helps neither.
    if (carryFor !== undefined && carryFor.table === undefined) {
      for (let i = current.units.length - 1; i >= 0; i--) {
        const u = current.units[i];
        if (u.table !== undefined || carriedTokens + u.tokens > overlapTokens || carriedTokens + u.tokens + carryFor.tokens > chunkTokens) break;
        carried.unshift(u);
        carriedTokens += u.tokens;
      }
    }
    current = { units: carried };
    tokens = carriedTokens;
    fresh = 0;
  };
  const add = (unit: Unit): void => {
    current.units.push(unit);
    tokens += unit.tokens;
    fresh++;
  };

  let i = 0;
  while (i < units.length) {
    const unit = units[i];
    if (unit.table === undefined) {
      if (fresh > 0 && tokens + unit.tokens > chunkTokens) close(unit);
      add(unit);
      i++;
      continue;
    }
    const t = unit.table;
    let end = i;
    while (end < units.length && units[end].table === t) end++;
    const tableUnits = units.slice(i, end);
    const total = tableUnits.reduce((sum, u) => sum + u.tokens, 0);
    if (tokens + total > chunkTokens) close(undefined);
    if (tokens + total <= chunkTokens) {
      for (const u of tableUnits) add(u);
    } else {
      // Longer than a chunk: rows packed greedily, each later chunk under the table's context.
      const budget = Math.max(Math.ceil(chunkTokens / 2), chunkTokens - contextTokens[t]);
      for (const u of tableUnits) {
        const limit = current.continues === t ? budget : chunkTokens;
        if (fresh > 0 && tokens + u.tokens > limit) {
          close(undefined);
          current.continues = t;
        }
        add(u);
      }
    }
    i = end;
  }
  if (fresh > 0) groups.push(current);
  return groups;
}
