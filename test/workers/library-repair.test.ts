/**
 * A damaged document in the app's library: its row says what is damaged and is not queued on
 * open, the others stay ready, and Repair indexes it again from its stored original.
 */
import { IDBFactory } from 'fake-indexeddb';
import { expect, it, vi } from 'vitest';
import type { AppSettings, LibraryDoc } from '../../src/protocol/api.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { Library } from '../../workers/engine/library.ts';
import { PausedJobs } from '../../workers/engine/paused-jobs.ts';
import { storageDeps } from './library-deps.ts';
import { hashEmbedder } from '../support/hash-embedder.ts';
import '../browser-storage/fixtures.ts';

vi.mock('../../workers/engine/pdf-in-thread.ts', () => ({ preparePdfjs: async () => {} }));

const settings = { chunkTokens: 20, preparse: 'extractive', preparseBudget: 1000 } as AppSettings;
const markdown = (title: string) =>
  new TextEncoder().encode(`# ${title}\n\n` + Array.from({ length: 6 }, (_, i) => `Paragraph ${i} of ${title} talks at some length.`).join('\n\n'));

/** Two documents indexed, then alpha's vectors damaged, then a new engine (a reload) and its library. */
async function damagedLibrary() {
  const store = await IdbIndexStore.open({ factory: new IDBFactory() });
  const first = await LociEngine.open({ embedder: hashEmbedder(), store });
  const ids: string[] = [];
  for (const name of ['alpha', 'beta']) {
    const bytes = markdown(name);
    const id = await store.addOriginal(`${name}.md`, 'text/markdown', bytes);
    await first.indexDocument(id, async () => ({ name: `${name}.md`, bytes }));
    ids.push(id);
  }
  const entries = (await store.db.get('entries', `doc:${ids[0]}`))!;
  new Float32Array(entries.vectors)[0] = Number.NaN;
  await store.db.put('entries', entries);
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store });
  const view: { rows: LibraryDoc[] } = { rows: [] };
  const library = new Library({ store, paused: new PausedJobs(store.db), engine: () => engine, settings: () => settings, emit: (documents) => (view.rows = documents), ...storageDeps(store.db) });
  return { store, engine, ids, library, view };
}

it('shows the damage on the row, leaves it unqueued, and Repair rebuilds it from the original', async () => {
  const { store, engine, ids, library, view } = await damagedLibrary();
  const runs = vi.spyOn(library, 'run');
  await library.refresh();
  library.resumeUnfinished();
  expect(runs).not.toHaveBeenCalled();
  expect(view.rows.map((r) => [r.name, r.status, r.damage])).toEqual([
    ['alpha.md', 'damaged', 'alpha.md: its vectors are damaged (checksum mismatch); it is left out of answers until repaired'],
    ['beta.md', 'ready', undefined],
  ]);

  await library.repair(ids[0]);
  await vi.waitFor(() => expect(view.rows.map((r) => r.status)).toEqual(['ready', 'ready']));
  expect(engine.damage).toEqual([]);
  expect(view.rows[0].damage).toBeUndefined();
  expect((await LociEngine.open({ embedder: hashEmbedder(), store })).damage).toEqual([]);
});

it('deletes a damaged document, records and damage alike', async () => {
  const { store, engine, ids, library, view } = await damagedLibrary();
  await library.refresh();
  await library.remove(ids[0]);
  expect(engine.damage).toEqual([]);
  expect(view.rows.map((r) => r.name)).toEqual(['beta.md']);
  expect(await store.db.get('entries', `doc:${ids[0]}`)).toBeUndefined();
  expect((await LociEngine.open({ embedder: hashEmbedder(), store })).damage).toEqual([]);
});
