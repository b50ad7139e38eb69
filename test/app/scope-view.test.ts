import { describe, expect, it } from 'vitest';
import { scopeOf, scopeWords, toggleInScope, toggleOwn } from '../../src/app/lib/scope-view.ts';

const documents = [{ id: 'a', name: 'a.md' }, { id: 'b', name: 'b.pdf' }];
const collections = [{ id: 'L', name: 'Laws', docIds: ['a'], created: 1 }];

describe('a scope on the page', () => {
  it('says the whole library when it names nothing, and that it is gone when nothing it named is here', () => {
    expect(scopeWords({ documents: [], collections: [] }, documents, collections)).toEqual({ kind: 'whole' });
    expect(scopeWords({ documents: ['gone'], collections: ['deleted'] }, documents, collections)).toEqual({ kind: 'gone' });
  });

  it('names its collections first, then its documents, and counts the rest', () => {
    expect(scopeWords({ documents: ['b', 'a'], collections: ['L'] }, documents, collections)).toEqual({ kind: 'named', first: 'Laws', firstIsCollection: true, more: 2 });
    expect(scopeWords(scopeOf('documents', 'b'), documents, collections)).toEqual({ kind: 'named', first: 'b.pdf', firstIsCollection: false, more: 0 });
  });

  it('switches one document or collection in and out, once', () => {
    const one = toggleInScope(scopeOf('documents', 'a'), 'collections', 'L', true);
    expect(one).toEqual({ documents: ['a'], collections: ['L'] });
    expect(toggleInScope(one, 'collections', 'L', true)).toEqual(one);
    expect(toggleInScope(one, 'documents', 'a', false)).toEqual({ documents: [], collections: ['L'] });
  });

  it("names the visitor's own documents and the site's collection in the page's words", () => {
    const site = { id: 'site-library', name: 'stored name', docIds: ['b'], created: 2, site: { sha256: 'ab'.repeat(32) } };
    const words = { site: '本站文档库', own: '您自己的文档' };
    const own = toggleOwn({ documents: [], collections: [] }, true);
    expect(own).toEqual({ documents: [], collections: [], own: true });
    expect(scopeWords(own, documents, [...collections, site], words)).toEqual({ kind: 'named', first: '您自己的文档', firstIsCollection: false, more: 0 });
    expect(scopeWords(scopeOf('collections', 'site-library'), documents, [...collections, site], words)).toEqual({ kind: 'named', first: '本站文档库', firstIsCollection: true, more: 0 });
    expect(toggleOwn(own, false)).toEqual({ documents: [], collections: [] });
  });
});
