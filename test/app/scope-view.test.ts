import { describe, expect, it } from 'vitest';
import { scopeOf, scopeWords, toggleInScope } from '../../src/app/lib/scope-view.ts';

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
});
