import { describe, expect, it } from 'vitest';
import { collectionNamed, EmptyScopeError, isCollection, isWholeLibrary, scopeDocuments, withDocuments, type Collection } from '../../../src/core/engine/scope.ts';

const shelf: Collection = { id: 's', name: 'Shelf', docIds: ['c', 'gone', 'a'], created: 1 };
const library = ['a', 'b', 'c', 'd'];

describe('a scope', () => {
  it('is the whole library when it names nothing', () => {
    expect(isWholeLibrary(undefined)).toBe(true);
    expect(scopeDocuments({ documents: [], collections: [] }, [shelf], library)).toBeUndefined();
  });

  it('searches its documents and its collections\' documents that are still in the library, in library order', () => {
    expect(scopeDocuments({ documents: ['d'], collections: ['s'] }, [shelf], library)).toEqual(['a', 'c', 'd']);
    expect(scopeDocuments({ documents: ['b'], collections: ['deleted'] }, [shelf], library)).toEqual(['b']);
  });

  it('refuses to search nothing when all it named has left the library', () => {
    expect(() => scopeDocuments({ documents: ['gone'], collections: ['deleted'] }, [shelf], library)).toThrow(EmptyScopeError);
    expect(() => scopeDocuments({ documents: [], collections: ['s'] }, [{ ...shelf, docIds: ['gone'] }], library)).toThrow(/no longer in the library/);
  });

  it('finds a collection by its name whatever its case, and puts documents in once, in order', () => {
    expect(collectionNamed([shelf], 'SHELF')).toBe(shelf);
    expect(collectionNamed([shelf], 'Shelves')).toBeUndefined();
    expect(withDocuments(shelf, ['b', 'a', 'b'])).toEqual({ ...shelf, docIds: ['c', 'gone', 'a', 'b'] });
    expect(withDocuments(shelf, ['a'])).toBe(shelf);
  });

  it('tells a collection read from a file from anything else', () => {
    expect(isCollection(shelf)).toBe(true);
    expect(isCollection({ ...shelf, docIds: [1] })).toBe(false);
    expect(isCollection({ id: 's', name: 'Shelf', docIds: [] })).toBe(false);
  });
});
