/**
 * Splits a document into the runs of body blocks that lie between two headings. A chunk never
 * crosses from one run into the next, so every chunk belongs to exactly one section and can carry
 * that section's heading path.
 */
import type { Doc, PlacedBlock } from '../types.ts';

export interface SectionRun {
  /** Titles of the enclosing sections, outermost first. */
  headingPath: string[];
  /** Body blocks (no headings) of this run, in document order. */
  blocks: PlacedBlock[];
}

export function sectionRuns(doc: Doc): SectionRun[] {
  const runs: SectionRun[] = [];
  // The toc is in document order, so the innermost section holding a position is the last entry
  // starting at or before it; its parent chain is the heading path.
  let tocIndex = -1;
  let current: SectionRun = { headingPath: [], blocks: [] };
  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      if (current.blocks.length > 0) runs.push(current);
      while (tocIndex + 1 < doc.toc.length && doc.toc[tocIndex + 1].start <= block.start) tocIndex++;
      current = { headingPath: pathOf(doc, tocIndex), blocks: [] };
    } else {
      current.blocks.push(block);
    }
  }
  if (current.blocks.length > 0) runs.push(current);
  return runs;
}

function pathOf(doc: Doc, index: number): string[] {
  const path: string[] = [];
  for (let i = index; i >= 0; i = doc.toc[i].parent) path.unshift(doc.toc[i].title);
  return path;
}
