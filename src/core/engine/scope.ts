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
  /**
   * Set on the one collection that holds the library the site publishes (engine/site-library.ts):
   * the SHA-256 of the file its documents came from. The visitor cannot change that collection.
   * `own`: those of its documents the visitor holds as their own too (stored before the site's
   * file brought them, or dropped in again since), which stay when the site drops them.
   */
  site?: { sha256: string; own?: string[] };
}

/**
 * A chat's scope: the union of these documents and these collections' documents, and with `own`
 * every document that is not the site's alone (the visitor's own); all empty, the whole library.
 */
export interface Scope {
  documents: string[];
  collections: string[];
  own?: boolean;
}

export const WHOLE_LIBRARY: Scope = { documents: [], collections: [] };

export function isWholeLibrary(scope: Scope | undefined): boolean {
  return !scope || (scope.documents.length === 0 && scope.collections.length === 0 && !scope.own);
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
  if (scope.own) {
    const site = new Set(collections.flatMap((c) => (c.site ? c.docIds.filter((id) => !c.site?.own?.includes(id)) : [])));
    for (const id of library) if (!site.has(id)) wanted.add(id);
  }
  const within = library.filter((id) => wanted.has(id));
  if (within.length === 0) throw new EmptyScopeError();
  return within;
}

/** Whether a value read from a file is a collection (the index file's header, a library export). */
export function isCollection(value: unknown): value is Collection {
  if (!value || typeof value !== 'object') return false;
  const c = value as Partial<Record<keyof Collection, unknown>>;
  return typeof c.id === 'string' && typeof c.name === 'string' && typeof c.created === 'number' && Array.isArray(c.docIds) && c.docIds.every((id) => typeof id === 'string');
}

/**
 * The collection a person means by `name`: case and width aside ("laws" is "Laws"), so a folder
 * dropped twice, or `--collection` given twice, fills one collection rather than making two.
 */
export function collectionNamed<C extends Pick<Collection, 'name'>>(collections: readonly C[], name: string): C | undefined {
  return collections.find((c) => c.name.localeCompare(name, undefined, { sensitivity: 'accent' }) === 0);
}

/** The collection with `docIds` put in after those it holds, each once; the same object when it held them all. */
export function withDocuments<C extends Collection>(collection: C, docIds: readonly string[]): C {
  const added = [...new Set(docIds)].filter((id) => !collection.docIds.includes(id));
  return added.length === 0 ? collection : { ...collection, docIds: [...collection.docIds, ...added] };
}

/** The document a person names: by its file name, else by its title. */
export function documentNamed<R extends { doc: { name: string; title?: string } }>(library: readonly R[], name: string): R | undefined {
  return library.find((r) => r.doc.name === name) ?? library.find((r) => r.doc.title === name);
}
