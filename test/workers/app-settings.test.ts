/**
 * The person's settings as the engine worker loads them: search mode, backtracking and hops
 * default from DEFAULT_RETRIEVAL, and a browser that stored the old `hybrid` checkbox (schema
 * version 2) keeps what it meant once the database is upgraded.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { MIGRATIONS, type LociDb } from '../../src/browser-storage/schema.ts';
import { AppSettingsStore } from '../../workers/engine/app-settings.ts';

const launch = { localModels: false, device: 'wasm' } as const;

/** Settings as a browser stored them before search modes (schema version 2), then opened by this version. */
async function storedWith(...records: { key: string; value: unknown }[]): Promise<{ db: LociDb; factory: IDBFactory }> {
  const factory = new IDBFactory();
  const before = await openLociDb({ factory, migrations: MIGRATIONS.slice(0, 2) });
  for (const record of records) await before.put('settings', record);
  before.close();
  return { db: await openLociDb({ factory }), factory };
}

describe('AppSettingsStore', () => {
  it('takes search mode, backtracking and hops from DEFAULT_RETRIEVAL when nothing is stored', async () => {
    const { db } = await storedWith();
    const settings = await new AppSettingsStore(db, launch).load();
    expect(settings).toMatchObject({
      strategy: DEFAULT_RETRIEVAL.strategy,
      retriever: DEFAULT_RETRIEVAL.retriever,
      backtrack: DEFAULT_RETRIEVAL.backtrack,
      hops: DEFAULT_RETRIEVAL.hops,
      n: DEFAULT_RETRIEVAL.n,
    });
    expect(settings).not.toHaveProperty('hybrid');
  });

  it('turns a stored `hybrid: false` into meaning-only search, for good', async () => {
    const { db, factory } = await storedWith({ key: 'hybrid', value: false }, { key: 'n', value: 8 });
    const settings = await new AppSettingsStore(db, launch).load();
    expect(settings.retriever).toBe('dense');
    expect(settings.n).toBe(8);
    expect(settings).not.toHaveProperty('hybrid');
    // The old key is gone and the new one stored, so the next start (and an export) has only the new one.
    expect(await db.get('settings', 'hybrid')).toBeUndefined();
    expect(await db.get('settings', 'retriever')).toEqual({ key: 'retriever', value: 'dense' });
    db.close();
    const again = await new AppSettingsStore(await openLociDb({ factory }), launch).load();
    expect(again.retriever).toBe('dense');
  });

  it('drops a stored `hybrid: true`, which was the default, and never overrides a search mode chosen since', async () => {
    const on = await storedWith({ key: 'hybrid', value: true });
    expect((await new AppSettingsStore(on.db, launch).load()).retriever).toBe(DEFAULT_RETRIEVAL.retriever);
    expect(await on.db.get('settings', 'hybrid')).toBeUndefined();

    const chosen = await storedWith({ key: 'hybrid', value: false }, { key: 'retriever', value: 'lexical' });
    expect((await new AppSettingsStore(chosen.db, launch).load()).retriever).toBe('lexical');
    expect(await chosen.db.get('settings', 'hybrid')).toBeUndefined();
  });

  it('takes the local embedder the URL names, for this session only', async () => {
    const { db } = await storedWith();
    const store = new AppSettingsStore(db, { localModels: true, device: 'wasm', localEmbedder: 'Xenova/multilingual-e5-small' });
    expect(await store.load()).toMatchObject({ modelSource: { kind: 'local' }, embedderId: 'Xenova/multilingual-e5-small', generatorId: 'tiny-random-qwen3' });
    expect(await new AppSettingsStore(db, launch).load()).toMatchObject({ modelSource: { kind: 'hub' }, embedderId: 'Xenova/multilingual-e5-small' });
    expect(await new AppSettingsStore(db, { localModels: true, device: 'wasm' }).load()).toMatchObject({ embedderId: 'tiny-lexical-bert-zh' });
  });

  it('stores the new choices and reads them back', async () => {
    const { db, factory } = await storedWith();
    const store = new AppSettingsStore(db, launch);
    await store.load();
    const updated = await store.update({ retriever: 'lexical', backtrack: 'paper', hops: 2 });
    expect(updated).toMatchObject({ retriever: 'lexical', backtrack: 'paper', hops: 2 });
    db.close();
    const again = await new AppSettingsStore(await openLociDb({ factory }), launch).load();
    expect(again).toMatchObject({ retriever: 'lexical', backtrack: 'paper', hops: 2 });
  });

  it('reads a choice it does not know as the default', async () => {
    const { db } = await storedWith({ key: 'retriever', value: 'bm25' }, { key: 'hops', value: 3 }, { key: 'backtrack', value: 'all' }, { key: 'strategy', value: 'raptor' });
    const settings = await new AppSettingsStore(db, launch).load();
    expect(settings).toMatchObject({ retriever: DEFAULT_RETRIEVAL.retriever, hops: DEFAULT_RETRIEVAL.hops, backtrack: DEFAULT_RETRIEVAL.backtrack, strategy: 'raptor' });
  });
});
