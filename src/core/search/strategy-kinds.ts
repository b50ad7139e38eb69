import type { Entry, EntryKind, Strategy } from '../types.ts';

const KINDS: Record<Strategy, ReadonlySet<EntryKind>> = {
  naive: new Set<EntryKind>(['chunk']),
  'c-rag': new Set<EntryKind>(['chunk', 'cluster']),
  // Pre-parsed entries of original chunks only: that origin restriction is applied where rows are
  // selected (RetrievalCorpus.rowsFor), since a kind alone cannot express it.
  'p-rag': new Set<EntryKind>(['chunk', 'query', 'summary', 'context']),
  'cap-rag': new Set<EntryKind>(['chunk', 'cluster', 'query', 'summary', 'context']),
  raptor: new Set<EntryKind>(['chunk', 'raptor']),
};

/** The entry kinds a strategy searches (the paper's ablation: naive, C-RAG, P-RAG, CAP-RAG; RAPTOR). */
export function kindsFor(strategy: Strategy): ReadonlySet<EntryKind> {
  return KINDS[strategy];
}

/** Whether a strategy searches what clustering makes (cluster entries, RAPTOR nodes, their pre-parsed entries). */
export function searchesGroups(strategy: Strategy): boolean {
  const kinds = KINDS[strategy];
  return kinds.has('cluster') || kinds.has('raptor');
}

/**
 * Whether BM25 holds an entry (LiveCorpus indexes only these for words); the embedding searches
 * all of a strategy's. Extractive pre-parsing copies sentences of the text: BM25 already counts
 * their words in the entry of the chunk (or cluster) they come from, and scored alone a short
 * sentence that repeats one of the question's words outranks the chunk that holds several of them
 * (BM25's length normalisation).
 * A sentence alone helps the embedding, where the rest of a long chunk would drown it out. Not
 * searching sentences by BM25 lost nothing on any dev set
 * (docs/decisions/2026-12-07-retrieval-rules-measured.md).
 */
export function searchedByWords(entry: Pick<Entry, 'kind' | 'producer'>): boolean {
  return kindSearchedByWords(entry.kind, entry.producer);
}

/** The same, from an entry's kind and producer read apart (an image's columns), no entry made. */
export function kindSearchedByWords(kind: Entry['kind'], producer: Entry['producer']): boolean {
  return producer !== 'extractive' || kind === 'chunk' || kind === 'cluster';
}
