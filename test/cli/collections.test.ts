/** The names a person types for collections: `--collection` putting documents in, `--in` resolving them. */
import { describe, expect, it } from 'vitest';
import { collectionWith, resolveWithin, UnknownInNameError, type NamedDocument } from '../../src/cli/collections.ts';
import { UsageError } from '../../src/cli/options.ts';
import type { Collection } from '../../src/core/engine/scope.ts';

const doc = (id: string, name: string, title = name): NamedDocument => ({ doc: { id, name, title } });
const library = [doc('a', 'a.md', 'Alpha'), doc('b', 'b.md'), doc('c', 'c.md'), doc('x', 'shared.md')];
const laws: Collection = { id: 'c1', name: 'laws', docIds: ['c', 'a'], created: 1 };
const clash: Collection = { id: 'c2', name: 'shared.md', docIds: ['b'], created: 2 };
const gone: Collection = { id: 'c3', name: 'gone', docIds: ['removed'], created: 3 };

describe('collectionWith', () => {
  const make = () => ({ id: 'new', created: 42 });

  it('makes the collection a name does not yet call, with the documents in the order given, each once', () => {
    expect(collectionWith([laws], 'notes', ['b', 'a', 'b'], make)).toEqual({ id: 'new', name: 'notes', docIds: ['b', 'a'], created: 42 });
  });

  it('puts new documents after those the collection holds, keeping its id and creation time', () => {
    expect(collectionWith([laws], 'laws', ['a', 'b'], make)).toEqual({ ...laws, docIds: ['c', 'a', 'b'] });
  });

  it('changes nothing when every document is in already, or none is given', () => {
    expect(collectionWith([laws], 'laws', ['a', 'c'], make)).toBeUndefined();
    expect(collectionWith([laws], 'notes', [], make)).toBeUndefined();
  });
});

describe('resolveWithin', () => {
  it('searches a collection\'s documents in library order, with a document named beside it', () => {
    const within = resolveWithin(['laws', 'b.md'], library, [laws]);
    expect(within.docIds).toEqual(['a', 'b', 'c']);
    expect(within.documents).toEqual(['b.md']);
    expect(within.collections).toEqual([{ name: 'laws', documents: ['c.md', 'a.md'] }]);
  });

  it('takes a document\'s file name first, then its title, then a collection\'s name', () => {
    expect(resolveWithin(['shared.md'], library, [clash]).docIds).toEqual(['x']);
    expect(resolveWithin(['Alpha'], library, [clash]).docIds).toEqual(['a']);
  });

  it('passes over a collection\'s documents the index no longer holds, and refuses one holding none of them', () => {
    expect(resolveWithin(['gone', 'c.md'], library, [gone]).docIds).toEqual(['c']);
    expect(resolveWithin(['gone', 'c.md'], library, [gone]).collections).toEqual([{ name: 'gone', documents: [] }]);
    expect(() => resolveWithin(['gone'], library, [gone])).toThrow(UsageError);
    expect(() => resolveWithin(['gone'], library, [gone])).toThrow(/the collection "gone" holds no document of this index/);
  });

  it('refuses an unknown name, listing the documents and the collections', () => {
    expect(() => resolveWithin(['nothing'], library, [laws, clash])).toThrow(UnknownInNameError);
    expect(() => resolveWithin(['nothing'], library, [laws, clash])).toThrow(
      'the index holds no document named "nothing", nor a collection so named; it holds: a.md, b.md, c.md, shared.md; collections: laws, shared.md',
    );
    expect(() => resolveWithin(['nothing'], library, [])).toThrow(/; collections: none$/);
  });
});
