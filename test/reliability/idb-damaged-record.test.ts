/**
 * Catalogue (issue 10): a derived IndexedDB record (a document's chunks) changed behind the app's
 * back. Found when the library opens and named; the engine answers from the other documents;
 * opening changes nothing stored; re-indexing the document from its stored original repairs it.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { describeDamage } from '../../src/core/stored-index/damage.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { ALL_STORES } from '../../src/browser-storage/records.ts';
import type { StoredChunk } from '../../src/core/stored-index/repeated-text.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const FILES = [
  { name: 'river.md', bytes: enc('# River\n\nBoats carry grain down the river to the harbour every spring.\n') },
  { name: 'snow.md', bytes: enc('# Snow\n\nSnow falls on the mountain and feeds the glacier all winter.\n') },
];

async function everything(store: IdbIndexStore) {
  return Object.fromEntries(await Promise.all(ALL_STORES.map(async (name) => [name, await store.db.getAll(name)])));
}

it('names the damaged document, answers from the other, changes nothing on open, and repairs from the original', async () => {
  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store });
  const ids: string[] = [];
  for (const file of FILES) {
    const id = await store.addOriginal(file.name, 'text/markdown', file.bytes);
    ids.push(id);
    await engine.indexDocument(id, async () => file);
  }
  const stored = (await store.db.get('chunks', ids[0]))!;
  // chunks are stored without their text (it is the document's): the damage moves a span's end
  (stored.chunks as StoredChunk[])[0].end -= 3;
  await store.db.put('chunks', stored);
  const before = await everything(store);
  // found record by record too, as the engine worker checks behind a library opened from its image
  expect((await store.findRecordDamage()).map(describeDamage)).toEqual(['river.md: its chunks are damaged (checksum mismatch); it is left out of answers until repaired']);

  const reopened = await LociEngine.open({ embedder: hashEmbedder(), store });
  expect(reopened.damage.map(describeDamage)).toEqual(['river.md: its chunks are damaged (checksum mismatch); it is left out of answers until repaired']);
  const found = await reopened.retrieve('boats grain river harbour', { strategy: 'naive', retriever: 'hybrid', n: 2, hops: 1 });
  expect(found.chunks.map((c) => c.docName)).toEqual(['snow.md']);
  expect(await everything(store)).toEqual(before);

  await reopened.prepareRepair(ids[0]);
  const original = (await store.getOriginal(ids[0]))!;
  await reopened.indexDocument(ids[0], async () => ({ name: original.name, bytes: new Uint8Array(original.bytes) }));
  expect(reopened.damage).toEqual([]);
  const again = await LociEngine.open({ embedder: hashEmbedder(), store });
  expect(again.damage).toEqual([]);
  expect((await again.retrieve('boats grain river harbour', { strategy: 'naive', retriever: 'hybrid', n: 1, hops: 1 })).chunks[0].docName).toBe('river.md');
});
