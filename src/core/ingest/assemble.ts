import type { Block, PlacedBlock } from '../types.ts';

/**
 * Lays blocks out into one document text, one block per line, and records where each block sits.
 * Every later span (chunks, TOC sections, citations) indexes into this text.
 */
export function assemble(blocks: readonly Block[]): { text: string; blocks: PlacedBlock[] } {
  const parts: string[] = [];
  const placed: PlacedBlock[] = [];
  let offset = 0;
  for (const block of blocks) {
    if (block.text.trim() === '') continue;
    if (parts.length > 0) offset += 1; // the '\n' joining this block to the previous one
    const p: PlacedBlock = { kind: block.kind, start: offset, end: offset + block.text.length };
    if (block.level !== undefined) p.level = block.level;
    if (block.page !== undefined) p.page = block.page;
    placed.push(p);
    parts.push(block.text);
    offset = p.end;
  }
  return { text: parts.join('\n'), blocks: placed };
}
