import type { PlacedBlock, TocEntry } from '../types.ts';

/**
 * The table of contents implied by the headings: a section runs from its heading to the next
 * heading of the same or a higher rank (or the end of the text), and its parent is the nearest
 * earlier heading of a higher rank.
 */
export function buildToc(text: string, blocks: readonly PlacedBlock[]): TocEntry[] {
  const toc: TocEntry[] = [];
  // Indexes into `toc` of the sections still open, outermost first.
  const open: number[] = [];
  for (const block of blocks) {
    if (block.kind !== 'heading') continue;
    const level = block.level ?? 1;
    while (open.length > 0 && toc[open[open.length - 1]].level >= level) {
      toc[open.pop() as number].end = lastNonNewline(text, block.start);
    }
    const entry: TocEntry = {
      title: text.slice(block.start, block.end),
      level,
      parent: open.length > 0 ? open[open.length - 1] : -1,
      start: block.start,
      end: text.length,
    };
    if (block.page !== undefined) entry.page = block.page;
    open.push(toc.length);
    toc.push(entry);
  }
  return toc;
}

// A section ends where the next heading's line begins, without the joining newline.
function lastNonNewline(text: string, nextStart: number): number {
  return nextStart > 0 && text[nextStart - 1] === '\n' ? nextStart - 1 : nextStart;
}
