import type { Block, ParsedDocument } from '../types.ts';

/** Plain text: a paragraph is whatever lies between blank lines. */
export function parseText(text: string): ParsedDocument {
  const blocks: Block[] = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => ({ kind: 'paragraph', text: p }));
  return { blocks };
}
