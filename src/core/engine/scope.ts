/**
 * What a question is asked within: the whole library, some collections, some documents. A chat
 * keeps its scope; the app and the CLI turn it into document ids here, once, and the engine
 * searches those alone (`AskOptions.within`, search/scoped-corpus.ts).
 */

/** A named set of documents a person made; a document belongs to any number of them. */
export interface Collection {
  id: string;
  name: string;
  /** Its documents in the order they were put in. */
  docIds: string[];
  created: number;
}

/** A chat's scope: the union of these documents and these collections' documents; both empty, the whole library. */
export interface Scope {
  documents: string[];
  collections: string[];
}

export const WHOLE_LIBRARY: Scope = { documents: [], collections: [] };

export function isWholeLibrary(scope: Scope | undefined): boolean {
  return !scope || (scope.documents.length === 0 && scope.collections.length === 0);
}

/** A scope whose documents and collections have all left the library: asking in it would search nothing. */
export class EmptyScopeError extends Error {
  constructor() {
    super('the documents this chat is asked within are no longer in the library: choose others, or the whole library');
    this.name = 'EmptyScopeError';
  }
}

/**
 * The documents a scope searches, in library order, or undefined for the whole library. Documents
 * and collections that are gone are passed over; when nothing is left, EmptyScopeError.
 */
export function scopeDocuments(scope: Scope | undefined, collections: readonly Collection[], library: readonly string[]): string[] | undefined {
  if (!scope || isWholeLibrary(scope)) return undefined;
  const wanted = new Set(scope.documents);
  for (const collection of collections) {
    if (scope.collections.includes(collection.id)) for (const id of collection.docIds) wanted.add(id);
  }
  const within = library.filter((id) => wanted.has(id));
  if (within.length === 0) throw new EmptyScopeError();
  return within;
}

/** A scope without what has left the library; the same object when nothing has. */
export function pruneScope(scope: Scope, collections: readonly Collection[], library: ReadonlySet<string>): Scope {
  const documents = scope.documents.filter((id) => library.has(id));
  const kept = scope.collections.filter((id) => collections.some((c) => c.id === id));
  return documents.length === scope.documents.length && kept.length === scope.collections.length ? scope : { documents, collections: kept };
}
