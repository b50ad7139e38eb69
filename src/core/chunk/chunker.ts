/**
 * Structure-aware chunking: sentences of one section are packed greedily into chunks of at most
 * `chunkTokens` tokens of the active embedder, and each chunk starts with the last sentences of
 * the previous one (up to `overlapTokens`) so that a fact cut at a border is whole in one of them.
 */
import type { Chunk, Doc } from '../types.ts';
import { sectionRuns } from './sections.ts';
import { sentenceSpans, splitSpan, type Unit } from './units.ts';

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
  const spansPerRun = runs.map((run) => sentenceSpans(doc.text, run.blocks));
  const units = await measure(doc.text, spansPerRun, countTokens, options.chunkTokens);

  const chunks: Chunk[] = [];
  runs.forEach((run, r) => {
    for (const group of pack(units[r], options)) {
      const first = group[0];
      const last = group[group.length - 1];
      const ordinal = chunks.length;
      chunks.push({
        id: `${doc.id}:${ordinal}`,
        docId: doc.id,
        ordinal,
        text: doc.text.slice(first.start, last.end),
        headingPath: run.headingPath,
        start: first.start,
        end: last.end,
        ...(first.page !== undefined ? { page: first.page } : {}),
        ...(last.page !== undefined && last.page !== first.page ? { pageEnd: last.page } : {}),
        tokens: group.reduce((sum, u) => sum + u.tokens, 0),
      });
    }
  });
  return chunks;
}

/** The text the embedder sees for a chunk: its heading path first, so the vector knows where it sits. */
export function chunkEmbeddingText(chunk: Pick<Chunk, 'headingPath' | 'text'>): string {
  return chunk.headingPath.length ? `${chunk.headingPath.join(' › ')}\n${chunk.text}` : chunk.text;
}

/** Token counts for every sentence (one batched call), with over-long sentences cut and recounted. */
async function measure(text: string, spansPerRun: Omit<Unit, 'tokens'>[][], countTokens: CountTokens, limit: number): Promise<Unit[][]> {
  const flat = spansPerRun.flat();
  const counts = await countTokens(flat.map((s) => text.slice(s.start, s.end)));
  const long: { run: number; index: number; parts: Omit<Unit, 'tokens'>[] }[] = [];
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

/** Greedy packing with sentence overlap; always makes progress, even past a too-long unit. */
function pack(units: Unit[], { chunkTokens, overlapTokens }: ChunkOptions): Unit[][] {
  const groups: Unit[][] = [];
  let current: Unit[] = [];
  let tokens = 0;
  let fresh = 0; // units in `current` not carried over from the previous chunk
  for (const unit of units) {
    if (current.length > 0 && fresh > 0 && tokens + unit.tokens > chunkTokens) {
      groups.push(current);
      const carried: Unit[] = [];
      let carriedTokens = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const t = current[i].tokens;
        if (carriedTokens + t > overlapTokens || carriedTokens + t + unit.tokens > chunkTokens) break;
        carried.unshift(current[i]);
        carriedTokens += t;
      }
      current = carried;
      tokens = carriedTokens;
      fresh = 0;
    }
    current.push(unit);
    tokens += unit.tokens;
    fresh++;
  }
  if (fresh > 0) groups.push(current);
  return groups;
}
