/** The site's library among the visitor's (src/core/engine/site-library.ts), and the "own documents" scope. */
import { describe, expect, it } from 'vitest';
import { goneSource } from '../../../src/core/engine/gone-source.ts';
import { isWholeLibrary, scopeDocuments, type Collection } from '../../../src/core/engine/scope.ts';
import {
  heldSiteVersion,
  refuseSiteCollectionChange,
  refuseSiteDocumentRemoval,
  SITE_COLLECTION_ID,
  claimedOwn,
  siteCollectionOf,
  SiteLibraryReadOnlyError,
  siteUpdate,
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
    const next = (docIds: string[]) => siteCollectionOf('bb'.repeat(32), docIds, SITE.name, SITE.created);
    // law-a changed (law-a2), alice removed, law-b kept; law-b is also in the visitor's own collection
    expect(siteUpdate([MINE, SITE], next(['law-a2', 'law-b']), new Set(['law-b'])).remove).toEqual(['law-a', 'alice']);
    expect(siteUpdate([{ ...MINE, docIds: ['alice'] }, SITE], next(['law-b']), new Set(['law-b'])).remove).toEqual(['law-a']);
    expect(siteUpdate([MINE], next(['x']), new Set()).remove).toEqual([]);
    expect(siteUpdate([MINE, SITE], next(['law-a', 'law-b', 'alice']), new Set(['law-a', 'law-b', 'alice'])).remove).toEqual([]);
  });

  it("marks the file's documents stored before as none of the site's as the visitor's own, and keeps them when the site drops them", () => {
    // 'notes' was the visitor's before the site's file brought it too
    const first = siteUpdate([MINE], siteCollectionOf('aa'.repeat(32), ['law-a', 'notes', 'loose'], 'S', 1), new Set(['notes', 'loose']));
    expect(first.collection.site).toEqual({ sha256: 'aa'.repeat(32), own: ['notes', 'loose'] });
    // the next version holds neither: both stay (the visitor's), law-a goes
    const second = siteUpdate([MINE, first.collection], siteCollectionOf('bb'.repeat(32), ['law-b'], 'S', 1), new Set());
    expect(second.remove).toEqual(['law-a']);
    expect(second.collection.site).toEqual({ sha256: 'bb'.repeat(32) });
    // a document the site already held, stored again by the import, is not the visitor's for that
    expect(siteUpdate([SITE], siteCollectionOf('cc'.repeat(32), ['law-a'], 'S', 1), new Set(['law-a'])).collection.site).toEqual({ sha256: 'cc'.repeat(32) });
  });

  it("marks a site's document the visitor drops in as their own too", () => {
    expect(claimedOwn(SITE, ['alice', 'notes'])?.site).toEqual({ sha256: 'aa'.repeat(32), own: ['alice'] });
    expect(claimedOwn(SITE, ['notes'])).toBeUndefined();
    expect(claimedOwn(MINE, ['notes'])).toBeUndefined();
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

  it("holds the site's documents that are the visitor's too", () => {
    const shared = { ...SITE, site: { sha256: SITE.site.sha256, own: ['alice'] } };
    expect(scopeDocuments({ documents: [], collections: [], own: true }, [MINE, shared], LIBRARY)).toEqual(['alice', 'notes', 'loose']);
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
