import { chunkId } from '../ids.ts';
import { rowOrigin } from '../search/backtrack.ts';
import type { PassageRows } from '../search/passage-scores.ts';
import type { RetrievalCorpus } from '../search/retrieve.ts';
import type { Chunk } from '../types.ts';

/** Looks a chunk up by id; undefined past either end of its document. */
export type FindChunk = (chunkId: string) => Chunk | undefined;

/**
 * Whether a chunk's section fits the embedder's window whole, so that an encoder would read it as
 * one passage: a paragraph or a short section the chunker cut in pieces. A filing whose one
 * heading covers every page is no such passage, and its chunks are not held back as one
 * ([record](../../../docs/decisions/2026-12-07-one-place-per-passage.md)). Each section is
 * measured once per question, and never past the window.
 */
export function sectionFitsWindow(find: FindChunk, windowTokens: number): (chunk: Chunk) => boolean {
  const known = new Map<string, boolean>();
  return (chunk) => {
    const key = sectionKey(chunk.docId, chunk.headingPath);
    let fits = known.get(key);
    if (fits === undefined) {
      fits = sectionTokensUpTo(find, chunk, windowTokens) <= windowTokens;
      known.set(key, fits);
    }
    return fits;
  };
}

/** A section's key: its document and heading path. */
export function sectionKey(docId: string, headingPath: readonly string[]): string {
  return `s\u0000${docId}\u0000${headingPath.join('\u0001')}`;
}

/** The tokens of the chunk's run of chunks under the same headings, counted until past `limit`. */
function sectionTokensUpTo(find: FindChunk, chunk: Chunk, limit: number): number {
  return sectionRun(find, chunk, limit).reduce((tokens, c) => tokens + c.tokens, 0);
}

/** The chunk's run of chunks under the same headings, in document order, walked until past `limit` tokens. */
function sectionRun(find: FindChunk, chunk: Chunk, limit: number): Chunk[] {
  const before: Chunk[] = [];
  const after: Chunk[] = [];
  let tokens = chunk.tokens;
  for (const [step, run] of [
    [-1, before],
    [1, after],
  ] as const) {
    for (let ordinal = chunk.ordinal + step; tokens <= limit; ordinal += step) {
      const next = find(chunkId(chunk.docId, ordinal));
      if (!next || !sameHeadings(next.headingPath, chunk.headingPath)) break;
      tokens += next.tokens;
      run.push(next);
    }
  }
  return [...before.reverse(), chunk, ...after];
}

/**
 * For a retrieval's dense list (search/passage-scores.ts): the rows of the passage a row is a
 * piece of, when its chunk's section fits the embedder's window and was cut in two or more
 * chunks. Laid out once per row while the index's chunks stay the same, and shared by the
 * questions asked of it (a scoped chat's corpus shares its library's vectors): laid out afresh for
 * every question, it took more of a dense search's time than the scan.
 */
export function passageRowsOf(corpus: PassageCorpus, windowTokens: number): PassageRows {
  const layout = passageLayout(corpus, windowTokens);
  const fits = sectionFitsWindow((id) => corpus.findChunk(id), windowTokens);
  return (row) => {
    let rows = layout.byRow.get(row);
    if (rows === undefined) {
      rows = passageOfRow(corpus, row, fits, windowTokens, layout.bySection) ?? null;
      layout.byRow.set(row, rows);
    }
    return rows ?? undefined;
  };
}

/** What passageRowsOf reads of an index. */
export type PassageCorpus = Pick<RetrievalCorpus, 'findChunk' | 'chunkRow' | 'entry' | 'origin' | 'generation' | 'vectors'>;

interface PassageLayout {
  generation: number | undefined;
  windowTokens: number;
  /** Each row asked about: its passage's rows, or null for a row read alone. */
  byRow: Map<number, readonly number[] | null>;
  bySection: Map<string, readonly number[] | null>;
}

const layouts = new WeakMap<object, PassageLayout>();

/** The layout kept for the index, or a new one when its chunks changed, the window differs or it cannot say when its chunks change. */
function passageLayout(corpus: PassageCorpus, windowTokens: number): PassageLayout {
  const kept = layouts.get(corpus.vectors);
  if (kept && corpus.generation !== undefined && kept.generation === corpus.generation && kept.windowTokens === windowTokens) return kept;
  const layout: PassageLayout = { generation: corpus.generation, windowTokens, byRow: new Map(), bySection: new Map() };
  layouts.set(corpus.vectors, layout);
  return layout;
}

function passageOfRow(corpus: PassageCorpus, row: number, fits: (chunk: Chunk) => boolean, windowTokens: number, bySection: PassageLayout['bySection']): readonly number[] | undefined {
  const origin = rowOrigin(corpus, row);
  if (origin.type !== 'chunk' || corpus.chunkRow?.(origin.id) !== row) return undefined;
  const chunk = corpus.findChunk(origin.id);
  if (!chunk || chunk.headingPath.length === 0 || !fits(chunk)) return undefined;
  const key = sectionKey(chunk.docId, chunk.headingPath);
  let rows = bySection.get(key);
  if (rows === undefined) {
    const found = sectionRun((id) => corpus.findChunk(id), chunk, windowTokens).flatMap((c) => corpus.chunkRow?.(c.id) ?? []);
    rows = found.length >= 2 ? found : null;
    bySection.set(key, rows);
  }
  return rows ?? undefined;
}

function sameHeadings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((heading, i) => heading === b[i]);
}
