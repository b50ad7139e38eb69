import { describe, expect, it } from 'vitest';
import { EmptyScopeError, isWholeLibrary, pruneScope, scopeDocuments, type Collection } from '../../../src/core/engine/scope.ts';

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

  it('is pruned of what is gone, and kept as it is when nothing is', () => {
    const scope = { documents: ['a', 'gone'], collections: ['s', 'deleted'] };
    expect(pruneScope(scope, [shelf], new Set(library))).toEqual({ documents: ['a'], collections: ['s'] });
    const kept = { documents: ['a'], collections: ['s'] };
    expect(pruneScope(kept, [shelf], new Set(library))).toBe(kept);
  });
});
