/**
 * The CLI's collections: `loci index --collection NAME` puts the files of a run into NAME, and
 * `--in NAME` (ask, inspect) searches a collection's documents as it searches a named document's.
 * What a scope searches is core's rule (core/engine/scope.ts); here are the names a person types.
 */
import { randomUUID } from 'node:crypto';
import { collectionNamed, documentNamed, EmptyScopeError, scopeDocuments, withDocuments, type Collection, type Scope } from '../core/engine/scope.ts';
import type { Doc } from '../core/types.ts';
import { UsageError } from './options.ts';

/** What `--in` needs of a document. */
export interface NamedDocument {
  doc: Pick<Doc, 'id' | 'name' | 'title'>;
}

/**
 * The collection called `name` with `docIds` put in, after the ids it holds and in the order given;
 * a new collection when none is called so. Undefined when there is nothing to put in (it already
 * held them all: a run that changes nothing rewrites nothing; or none was given: no empty one is made).
 */
export function collectionWith(
  collections: readonly Collection[],
  name: string,
  docIds: readonly string[],
  create: () => Pick<Collection, 'id' | 'created'> = () => ({ id: randomUUID(), created: Date.now() }),
): Collection | undefined {
  const base = collectionNamed(collections, name) ?? { ...create(), name, docIds: [] };
  const filled = withDocuments(base, docIds);
  return filled === base ? undefined : filled;
}

/** A name `--in` gave that is neither a document nor a collection of the index. */
export class UnknownInNameError extends UsageError {
  constructor(
    readonly unknownName: string,
    documents: readonly string[],
    collections: readonly string[],
  ) {
    const listed = `${documents.slice(0, 20).join(', ')}${documents.length > 20 ? ', …' : ''}`;
    super(`the index holds no document named "${unknownName}", nor a collection so named; it holds: ${listed}; collections: ${collections.length > 0 ? collections.join(', ') : 'none'}`);
    this.name = 'UnknownInNameError';
  }
}

/** What `--in` named, resolved. */
export interface Within {
  /** The ids searched, in library order (AskOptions.within). */
  docIds: string[];
  /** The documents named directly, by file name. */
  documents: string[];
  /** The collections named, each with the names of its documents the index holds. */
  collections: { name: string; documents: string[] }[];
}

/**
 * `--in`'s names: each a document's file name, else its title, else a collection's name (a
 * document wins a name both have, as before collections). An unknown name fails, listing both.
 */
export function resolveWithin(names: readonly string[], library: readonly NamedDocument[], collections: readonly Collection[]): Within {
  const scope: Scope = { documents: [], collections: [] };
  for (const name of names) {
    const found = documentNamed(library, name);
    const collection = found ? undefined : collectionNamed(collections, name);
    if (found) scope.documents.push(found.doc.id);
    else if (collection) scope.collections.push(collection.id);
    else throw new UnknownInNameError(name, library.map((r) => r.doc.name), collections.map((c) => c.name));
  }
  const nameOf = new Map(library.map((r) => [r.doc.id, r.doc.name]));
  const named = collections.filter((c) => scope.collections.includes(c.id));
  return {
    docIds: searched(scope, collections, library, named),
    documents: [...new Set(scope.documents)].map((id) => nameOf.get(id)!),
    collections: named.map((c) => ({ name: c.name, documents: c.docIds.filter((id) => nameOf.has(id)).map((id) => nameOf.get(id)!) })),
  };
}

/** The scope's documents; named collections that hold none of the index's are said to be empty. */
function searched(scope: Scope, collections: readonly Collection[], library: readonly NamedDocument[], named: readonly Collection[]): string[] {
  try {
    const ids = library.map((r) => r.doc.id);
    // no name at all is the whole library
    return scopeDocuments(scope, collections, ids) ?? ids;
  } catch (error) {
    if (!(error instanceof EmptyScopeError)) throw error;
    const list = named.map((c) => `"${c.name}"`).join(', ');
    throw new UsageError(`nothing to search: ${named.length === 1 ? 'the collection' : 'the collections'} ${list} hold${named.length === 1 ? 's' : ''} no document of this index`);
  }
}
