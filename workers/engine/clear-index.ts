/**
 * Drops everything derived from the documents but keeps their original bytes, chats and settings:
 * what a change of embedder needs (vectors of two models never share an index), after which every
 * document is indexed again from its original.
 */
import type { LociDb } from '../../src/storage/schema.ts';

const DERIVED = ['manifest', 'documents', 'chunks', 'entries', 'groups'] as const;

export async function clearDerived(db: LociDb): Promise<void> {
  const tx = db.transaction([...DERIVED], 'readwrite');
  await Promise.all([...DERIVED.map((name) => tx.objectStore(name).clear()), tx.done]);
}
