/**
 * The library a site publishes, once a visitor's browser holds it: its documents sit in one
 * collection marked as the site's (`Collection.site`), beside the visitor's own documents. The
 * site answers for that collection, so the visitor cannot rename, delete or refill it, nor delete
 * its documents one by one; a new version of the file replaces its documents (a changed document
 * has a new id, its content hash, so the old one is among those to remove).
 */
import type { Collection } from './scope.ts';

/** A collection that is the site's. */
export type SiteCollection = Collection & Required<Pick<Collection, 'site'>>;

/** The site collection's id: one per browser, whichever version of the file it holds. */
export const SITE_COLLECTION_ID = 'site-library';

/** A change the site's library does not allow (rename, delete, a document added or taken out). */
export class SiteLibraryReadOnlyError extends Error {
  override name = 'SiteLibraryReadOnlyError';
}

/** The collection holding the site's library, when this browser holds one. */
export function siteCollection<C extends Collection>(collections: readonly C[]): C | undefined {
  return collections.find((c) => c.site !== undefined);
}

/** The ids of the site's documents (none when the browser holds no site library). */
export function siteDocuments(collections: readonly Collection[]): Set<string> {
  return new Set(collections.flatMap((c) => (c.site ? c.docIds : [])));
}

/** The SHA-256 of the site's file this browser imported last, or undefined. */
export function heldSiteVersion(collections: readonly Collection[]): string | undefined {
  return siteCollection(collections)?.site?.sha256;
}

/** What storing a version of the site's file changes: the site's collection as it becomes, and the documents to delete. */
export interface SiteUpdate {
  collection: SiteCollection;
  remove: string[];
}

/**
 * A version's collection (`next`, siteCollectionOf) read against what is stored, in the import's
 * transaction: its documents that were stored before as none of the site's are the visitor's own
 * too (`site.own`), as are those the site's collection marked so; the site's documents of the
 * version before that `next` no longer holds are deleted, unless they are the visitor's (in a
 * collection of their own, or marked own). `storedBefore`: which of `next`'s documents were stored
 * before the import.
 */
export function siteUpdate(stored: readonly Collection[], next: SiteCollection, storedBefore: ReadonlySet<string>): SiteUpdate {
  const held = siteCollection(stored);
  const heldDocs = new Set(held?.docIds ?? []);
  const wasOwn = new Set(held?.site?.own ?? []);
  const own = next.docIds.filter((id) => wasOwn.has(id) || (storedBefore.has(id) && !heldDocs.has(id)));
  const kept = new Set([...next.docIds, ...wasOwn, ...stored.flatMap((c) => (c.site ? [] : c.docIds))]);
  const collection: SiteCollection = { ...next, site: { sha256: next.site.sha256, ...(own.length > 0 ? { own } : {}) } };
  return { collection, remove: [...heldDocs].filter((id) => !kept.has(id)) };
}

/** The site collection with `docIds` (dropped in by the visitor) marked as the visitor's own too; undefined when it holds none of them anew. */
export function claimedOwn(site: Collection, docIds: readonly string[]): Collection | undefined {
  const own = new Set(site.site?.own ?? []);
  const claimed = docIds.filter((id) => site.docIds.includes(id) && !own.has(id));
  if (!site.site || claimed.length === 0) return undefined;
  return { ...site, site: { ...site.site, own: [...own, ...claimed] } };
}

/** The site collection for a version just imported: its documents are the file's, in the file's order. */
export function siteCollectionOf(sha256: string, docIds: readonly string[], name: string, created: number): SiteCollection {
  return { id: SITE_COLLECTION_ID, name, docIds: [...new Set(docIds)], created, site: { sha256 } };
}

/** Refuses a change to the site collection (SiteLibraryReadOnlyError). */
export function refuseSiteCollectionChange(collections: readonly Collection[], collectionId: string): void {
  if (collections.some((c) => c.id === collectionId && c.site)) throw new SiteLibraryReadOnlyError("the site's library cannot be changed: it comes from the site");
}

/** Refuses deleting one of the site's documents on its own (SiteLibraryReadOnlyError). */
export function refuseSiteDocumentRemoval(collections: readonly Collection[], docId: string): void {
  if (siteDocuments(collections).has(docId)) throw new SiteLibraryReadOnlyError("this document is part of the site's library and cannot be deleted on its own");
}
