/** The site's library among the visitor's (src/core/engine/site-library.ts), and the "own documents" scope. */
import { describe, expect, it } from 'vitest';
import { goneSource } from '../../../src/core/engine/gone-source.ts';
import { isWholeLibrary, scopeDocuments, type Collection } from '../../../src/core/engine/scope.ts';
import {
  heldSiteVersion,
  refuseSiteCollectionChange,
  refuseSiteDocumentRemoval,
  SITE_COLLECTION_ID,
  siteCollectionOf,
  siteDocumentsToRemove,
  SiteLibraryReadOnlyError,
} from '../../../src/core/engine/site-library.ts';

const SITE = siteCollectionOf('aa'.repeat(32), ['law-a', 'law-b', 'alice'], "This site's library", 1);
const MINE: Collection = { id: 'mine', name: 'Mine', docIds: ['notes', 'law-b'], created: 2 };
const LIBRARY = ['law-a', 'law-b', 'alice', 'notes', 'loose'];

describe("the site's library", () => {
  it('is one collection, marked with the version held', () => {
    expect(SITE).toEqual({ id: SITE_COLLECTION_ID, name: "This site's library", docIds: ['law-a', 'law-b', 'alice'], created: 1, site: { sha256: 'aa'.repeat(32) } });
    expect(heldSiteVersion([MINE, SITE])).toBe('aa'.repeat(32));
    expect(heldSiteVersion([MINE])).toBeUndefined();
  });

  it('removes on update the documents the new file no longer holds (a changed one has a new id), but none the visitor also keeps', () => {
    // law-a changed (law-a2), alice removed, law-b kept; law-b is also in the visitor's own collection
    expect(siteDocumentsToRemove([MINE, SITE], ['law-a2', 'law-b'])).toEqual(['law-a', 'alice']);
    expect(siteDocumentsToRemove([{ ...MINE, docIds: ['alice'] }, SITE], ['law-b'])).toEqual(['law-a']);
    expect(siteDocumentsToRemove([MINE], ['x'])).toEqual([]);
    expect(siteDocumentsToRemove([MINE, SITE], ['law-a', 'law-b', 'alice'])).toEqual([]);
  });

  it('refuses changes to its collection and deleting its documents one by one', () => {
    expect(() => refuseSiteCollectionChange([MINE, SITE], SITE_COLLECTION_ID)).toThrow(SiteLibraryReadOnlyError);
    expect(() => refuseSiteCollectionChange([MINE, SITE], 'mine')).not.toThrow();
    expect(() => refuseSiteDocumentRemoval([MINE, SITE], 'alice')).toThrow(SiteLibraryReadOnlyError);
    expect(() => refuseSiteDocumentRemoval([MINE, SITE], 'notes')).not.toThrow();
  });
});

describe('the scope of the visitor’s own documents', () => {
  it('is every document of no site collection, in library order', () => {
    const own = { documents: [], collections: [], own: true };
    expect(isWholeLibrary(own)).toBe(false);
    expect(scopeDocuments(own, [MINE, SITE], LIBRARY)).toEqual(['notes', 'loose']);
    // without a site library, the visitor's own documents are the whole library
    expect(scopeDocuments(own, [MINE], LIBRARY)).toEqual(LIBRARY);
  });

  it('adds to the documents and collections named beside it', () => {
    expect(scopeDocuments({ documents: ['alice'], collections: [], own: true }, [MINE, SITE], LIBRARY)).toEqual(['alice', 'notes', 'loose']);
    expect(scopeDocuments({ documents: [], collections: [SITE_COLLECTION_ID], own: true }, [MINE, SITE], LIBRARY)).toEqual(LIBRARY);
  });
});

describe('a citation whose passage left the library', () => {
  it('keeps its number and label, and is marked gone', () => {
    const source = goneSource(3, '网络安全法_2016.md §2', 'f00d:12');
    expect(source).toMatchObject({ n: 3, label: '网络安全法_2016.md §2', gone: true, chunk: { id: 'f00d:12', docId: 'f00d', text: '' } });
  });
});
