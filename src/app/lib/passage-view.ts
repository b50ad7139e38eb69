/**
 * What the source viewer shows: the blocks of the document around a chunk, each split where the
 * chunk's span starts and ends so the cited passage can be highlighted inside its context.
 */
import type { BlockKind, Chunk, PlacedBlock, TocEntry } from '../../protocol/vocabulary.ts';

export interface Span {
  start: number;
  end: number;
}

export interface ViewBlock {
  /** Index into the passage's blocks (stable key). */
  index: number;
  kind: BlockKind;
  level?: number;
  page?: number;
  before: string;
  marked: string;
  after: string;
}

export interface PassageWindow {
  blocks: ViewBlock[];
  /** Blocks hidden above and below the window, for "show more". */
  hiddenAbove: number;
  hiddenBelow: number;
}

interface PassageLike {
  text: string;
  chunk: Pick<Chunk, 'text' | 'start' | 'end'>;
  blocks: PlacedBlock[];
}

/**
 * Where the chunk is in the text. Its span is authoritative when it matches; if the text sent is
 * an excerpt rather than the whole document, the chunk is found by its own text instead.
 */
export function locateChunk(passage: PassageLike): Span | undefined {
  const { text, chunk } = passage;
  if (chunk.end <= text.length && text.slice(chunk.start, chunk.end) === chunk.text) return { start: chunk.start, end: chunk.end };
  const at = chunk.text ? text.indexOf(chunk.text) : -1;
  return at >= 0 ? { start: at, end: at + chunk.text.length } : undefined;
}

/** The document's blocks, or one paragraph per line when the engine sent none. */
export function blocksOf(passage: PassageLike): PlacedBlock[] {
  if (passage.blocks.length > 0) return passage.blocks;
  const out: PlacedBlock[] = [];
  let start = 0;
  for (const line of passage.text.split('\n')) {
    if (line.trim() !== '') out.push({ kind: 'paragraph', start, end: start + line.length });
    start += line.length + 1;
  }
  return out;
}

function overlaps(block: PlacedBlock, span: Span): boolean {
  return block.start < span.end && block.end > span.start;
}

/**
 * The blocks from `context` before the chunk to `context` after it (more when asked), each split
 * into the text before, inside and after the chunk's span.
 */
export function passageWindow(passage: PassageLike, above: number, below: number): PassageWindow {
  const blocks = blocksOf(passage);
  const span = locateChunk(passage);
  if (blocks.length === 0) return { blocks: [], hiddenAbove: 0, hiddenBelow: 0 };
  let first = span ? blocks.findIndex((b) => overlaps(b, span)) : 0;
  let last = first;
  if (first < 0) {
    // A chunk between blocks (should not happen): anchor on the first block after it.
    first = Math.max(0, blocks.findIndex((b) => span && b.start >= span.end));
    last = first;
  } else if (span) {
    while (last + 1 < blocks.length && overlaps(blocks[last + 1], span)) last++;
  }
  const from = Math.max(0, first - above);
  const to = Math.min(blocks.length - 1, last + below);
  const view: ViewBlock[] = [];
  for (let i = from; i <= to; i++) {
    const b = blocks[i];
    const own = passage.text.slice(b.start, b.end);
    let cut: [number, number] = [own.length, own.length];
    if (span && overlaps(b, span)) cut = [Math.max(0, span.start - b.start), Math.min(own.length, span.end - b.start)];
    view.push({
      index: i,
      kind: b.kind,
      level: b.level,
      page: b.page,
      before: own.slice(0, cut[0]),
      marked: own.slice(cut[0], cut[1]),
      after: own.slice(cut[1]),
    });
  }
  return { blocks: view, hiddenAbove: from, hiddenBelow: blocks.length - 1 - to };
}

/** Titles of the sections enclosing a position, outermost first. */
export function sectionTrail(toc: TocEntry[], position: number): string[] {
  const inside = toc.findLastIndex((e) => e.start <= position && position < e.end);
  const trail: string[] = [];
  for (let i = inside; i >= 0; i = toc[i].parent) trail.unshift(toc[i].title);
  return trail;
}

/** "p. 4" or "pp. 4–5" material, or undefined when the chunk has no page. */
export function pageRange(chunk: Pick<Chunk, 'page' | 'pageEnd'>): { from: number; to: number } | undefined {
  if (chunk.page === undefined) return undefined;
  return { from: chunk.page, to: Math.max(chunk.page, chunk.pageEnd ?? chunk.page) };
}
