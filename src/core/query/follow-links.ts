import { retrieve, type NamedRows, type QueryVariant, type RetrievalCorpus, type RetrieveOptions } from '../search/retrieve.ts';
import type { Chunk, RetrievalResult } from '../types.ts';
import { rowOrigin } from '../search/backtrack.ts';

/**
 * The documents a passage links to, searched by the question among their own rows. A document the
 * question shares no word with is still the link's find: a search by keywords alone, which finds
 * none of its rows, brings its first chunk after the others (a dense search ranks all its rows).
 */
export function followLinks(corpus: RetrievalCorpus, variants: readonly QueryVariant[], links: NamedRows, options: RetrieveOptions): RetrievalResult {
  const found = retrieve(corpus, [...variants], { ...options, onlyRows: links.rows });
  const reached = new Set(found.chunks.map((c) => c.chunk.docId));
  const firsts = new Map<string, Chunk>();
  for (const row of links.rows) {
    const origin = rowOrigin(corpus, row);
    if (origin.type !== 'chunk') continue;
    const chunk = corpus.chunk(origin.id);
    const known = firsts.get(chunk.docId);
    if (!reached.has(chunk.docId) && (!known || chunk.ordinal < known.ordinal)) firsts.set(chunk.docId, chunk);
  }
  const unreached = links.docIds.flatMap((id) => {
    const chunk = firsts.get(id);
    if (!chunk) return [];
    const label = corpus.docLabel(id);
    return [{ chunk, docName: label.name, docTitle: label.title, score: 0, firstRank: found.chunks.length + 1 }];
  });
  return { ...found, chunks: [...found.chunks, ...unreached] };
}
