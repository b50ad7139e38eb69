import type { EntryKind, Strategy } from '../types.ts';

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
