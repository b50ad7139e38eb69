import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import './fixtures.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { Settings } from '../../src/browser-storage/settings.ts';

const defaults = { topN: 5, strategy: 'cap-rag' as string, hybrid: true, languages: ['en', 'zh'] };

describe('settings', () => {
  it('reads defaults until a value is stored, then the stored value, across connections', async () => {
    const factory = new IDBFactory();
    const db = await openLociDb({ factory });
    const settings = new Settings(db, defaults);
    expect(await settings.get('topN')).toBe(5);
    await settings.set('topN', 8);
    await settings.set('hybrid', false);
    expect(await settings.get('topN')).toBe(8);
    db.close();

    const again = new Settings(await openLociDb({ factory }), defaults);
    expect(await again.getAll()).toEqual({ topN: 8, strategy: 'cap-rag', hybrid: false, languages: ['en', 'zh'] });
    await again.reset('topN');
    expect(await again.get('topN')).toBe(5);
  });

  it('ignores a stored value of the wrong kind and keys it does not know', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    await db.put('settings', { key: 'topN', value: 'five' });
    await db.put('settings', { key: 'languages', value: 'en' });
    await db.put('settings', { key: 'retired', value: 1 });
    const settings = new Settings(db, defaults);
    expect(await settings.get('topN')).toBe(5);
    expect(await settings.getAll()).toEqual(defaults);
    db.close();
  });

  it('reads a value outside a setting\'s choices as its default', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    await db.put('settings', { key: 'strategy', value: 'bm25' });
    await db.put('settings', { key: 'topN', value: 7 });
    const settings = new Settings(db, defaults, { strategy: ['naive', 'cap-rag'], topN: [5, 7] });
    expect(await settings.get('strategy')).toBe('cap-rag');
    expect(await settings.getAll()).toEqual({ ...defaults, topN: 7 });
    await settings.set('strategy', 'naive');
    expect(await settings.get('strategy')).toBe('naive');
    db.close();
  });
});
