/**
 * A search made and thrown away right after an index opens, so that what a first question would
 * build on its way is built while the person types: the strategy's rows with their mask and BM25
 * statistics, the documents' names and titles (document-names.ts, document-links.ts), the int8
 * scan's memory, and the code of every step run once. A reopened library's first search was many
 * times slower than the next, and the person's first question paid for it
 * ([record](../../../docs/decisions/2026-12-03-reopen-first-sources.md#a-search-made-before-the-first-question)).
 */
import type { Strategy } from '../types.ts';
import { retrieve, type RetrievalCorpus } from './retrieve.ts';
import { rowOrigin } from './backtrack.ts';

/**
 * The warm-up in steps, keyword search first (what a question asks while the embedder loads),
 * meaning last: a caller runs each in a task of its own, so that what the page asks meanwhile
 * (its rows, its chats) is not held up behind the whole. Each searches the first document of the
 * strategy's rows for its own title; the dense step uses that document's first stored vector, so
 * no model is needed. Results are not kept: nothing a question reads changes. No steps on an
 * empty index.
 */
export function warmSearchSteps(corpus: RetrievalCorpus, strategy: Strategy): (() => void)[] {
  const row = corpus.rowsFor(strategy).find((r) => !corpus.vectors.isRemoved(r));
  if (row === undefined) return [];
  const [chunkId] = corpus.chunksOf(rowOrigin(corpus, row));
  if (chunkId === undefined) return [];
  const { title } = corpus.docLabel(corpus.chunk(chunkId).docId);
  return [
    () => corpus.namedRows?.(title, strategy),
    () => retrieve(corpus, [{ text: title }], { strategy, retriever: 'lexical', n: 5 }),
    () => corpus.linkedRows?.(title, strategy, () => true),
    () => retrieve(corpus, [{ text: title, vector: corpus.vectors.vector(row) }], { strategy, retriever: 'hybrid', n: 5 }),
  ];
}
