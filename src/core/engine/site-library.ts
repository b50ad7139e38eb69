/**
 * The library a site publishes, once a visitor's browser holds it: its documents sit in one
 * collection marked as the site's (`Collection.site`), beside the visitor's own documents. The
 * site answers for that collection, so the visitor cannot rename, delete or refill it, nor delete
 * its documents one by one; a new version of the file replaces its documents (a changed document
 * has a new id, its content hash, so the old one is among those to remove).
 */
import type { Collection } from './scope.ts';

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

/**
 * The site's documents a new version no longer holds, to be removed after it is imported: those
 * of the old version not in the new file, unless the visitor's own collections also hold them
 * (the same file dropped by the visitor, whose copy stays).
 */
export function siteDocumentsToRemove(collections: readonly Collection[], newDocIds: readonly string[]): string[] {
  const kept = new Set(newDocIds);
  const own = new Set(collections.flatMap((c) => (c.site ? [] : c.docIds)));
  return [...siteDocuments(collections)].filter((id) => !kept.has(id) && !own.has(id));
}

/** The site collection for a version just imported: its documents are the file's, in the file's order. */
export function siteCollectionOf(sha256: string, docIds: readonly string[], name: string, created: number): Collection {
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
