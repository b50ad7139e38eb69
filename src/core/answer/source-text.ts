import type { Chunk, RetrievedChunk, Source } from '../types.ts';

/**
 * How a packed source is labelled and shown to the answering model. Packing counts the tokens of
 * exactly this text, so the budget it keeps is the budget the prompt uses.
 */

function pages(chunk: Chunk): string {
  if (chunk.page === undefined) return '';
  if (chunk.pageEnd !== undefined && chunk.pageEnd > chunk.page) return `${chunk.page}–${chunk.pageEnd}`;
  return String(chunk.page);
}

/** `[n] <title or name> › <heading path> · p. <page>`, the page part only when known. */
export function sourceLabel(n: number, chunk: Chunk, docTitle: string, docName: string): string {
  const title = docTitle.trim() || docName.trim();
  const headings = chunk.headingPath.map((h) => h.trim()).filter((h) => h !== '');
  // Documents often open with their title as the first heading; saying it twice wastes tokens.
  if (headings[0] === title) headings.shift();
  let label = `[${n}] ${[title, ...headings].filter((p) => p !== '').join(' › ')}`.trimEnd();
  const page = pages(chunk);
  if (page !== '') label += ` · p. ${page}`;
  return label;
}

export function toSource(n: number, retrieved: RetrievedChunk): Source {
  return {
    n,
    label: sourceLabel(n, retrieved.chunk, retrieved.docTitle, retrieved.docName),
    chunk: retrieved.chunk,
    docName: retrieved.docName,
    docTitle: retrieved.docTitle,
  };
}

/** One source as it appears in the prompt: its label line, then the original chunk text. */
export function sourceBlock(source: Source): string {
  return `${source.label}\n${source.chunk.text.trim()}`;
}

/** Blank line between sources, so each label starts a paragraph. */
export const SOURCE_SEPARATOR = '\n\n';
