/**
 * A chat's scope as the page shows and changes it: its words ("the whole library", a document's
 * name, "Laws (collection) and 2 more"), and one document or collection switched in or out.
 */
import type { Collection, LibraryDoc, Scope } from '../../protocol/api.ts';

export type ScopeWords =
  | { kind: 'whole' }
  /** It named documents or collections, and none is here any more: asking in it searches nothing. */
  | { kind: 'gone' }
  | { kind: 'named'; first: string; firstIsCollection: boolean; more: number };

/** How the page names the site's collection and the visitor's own documents, in its language. */
export interface SiteWords {
  site: string;
  own: string;
}

/**
 * What the scope names that is still here: a deleted document or collection is not named. The
 * visitor's own documents (`scope.own`) come first, the site's collection goes by `words.site`.
 */
export function scopeWords(
  scope: Scope,
  documents: readonly Pick<LibraryDoc, 'id' | 'name'>[],
  collections: readonly Collection[],
  words: SiteWords = { site: "This site's library", own: 'your own documents' },
): ScopeWords {
  const names = [
    ...(scope.own ? [{ name: words.own, collection: false }] : []),
    ...collections.filter((c) => scope.collections.includes(c.id)).map((c) => ({ name: c.site ? words.site : c.name, collection: true })),
    ...documents.filter((d) => scope.documents.includes(d.id)).map((d) => ({ name: d.name, collection: false })),
  ];
  if (names.length === 0) return scope.documents.length + scope.collections.length > 0 ? { kind: 'gone' } : { kind: 'whole' };
  return { kind: 'named', first: names[0].name, firstIsCollection: names[0].collection, more: names.length - 1 };
}

/** The scope with the visitor's own documents (every document of no site collection) in it, or out of it. */
export function toggleOwn(scope: Scope, on: boolean): Scope {
  return on ? { documents: scope.documents, collections: scope.collections, own: true } : { documents: scope.documents, collections: scope.collections };
}

/** The scope with `id` (a document or a collection) in it, or out of it. */
export function toggleInScope(scope: Scope, kind: 'documents' | 'collections', id: string, on: boolean): Scope {
  const have = scope[kind].filter((x) => x !== id);
  return { ...scope, [kind]: on ? [...have, id] : have };
}

/** The scope of one document or one collection ("Ask this document", "Summarize"). */
export function scopeOf(kind: 'documents' | 'collections', id: string): Scope {
  return { documents: kind === 'documents' ? [id] : [], collections: kind === 'collections' ? [id] : [] };
}
