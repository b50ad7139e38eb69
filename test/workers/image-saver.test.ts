/**
 * The open image's saver: a save that could not be written is tried again once the browser's
 * usage figure has had time to show the room a deletion gave back, and not after one written.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageSaver } from '../../workers/engine/image-saver.ts';
import type { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';

/** A store whose image writes are refused `refusals` times, then written. */
function storeRefusing(refusals: number) {
  let saved = false;
  const store = {
    saves: 0,
    async saveImage() {
      store.saves++;
      if (store.saves <= refusals) return false;
      saved = true;
      return true;
    },
    async imageBehind() {
      return !saved;
    },
  };
  return store;
}

const engine = { damage: [], imageSnapshot: () => ({}) } as unknown as LociEngine;

describe('ImageSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries a refused save again after about 30 s, then every time twice as long, and stops once written', async () => {
    const store = storeRefusing(2);
    const saver = new ImageSaver({ store: store as unknown as IdbIndexStore, engine: () => engine, busy: () => false, delayMs: 100 });
    saver.soon();
    await vi.advanceTimersByTimeAsync(100);
    expect(store.saves).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.saves).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.saves).toBe(2);
    // refused again: the next try waits twice as long
    await vi.advanceTimersByTimeAsync(31_000);
    expect(store.saves).toBe(2);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(store.saves).toBe(3);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(store.saves).toBe(3);
  });

  it('does not try again when the image holds the index already', async () => {
    const store = { saves: 0, saveImage: async () => (store.saves++, false), imageBehind: async () => false };
    const saver = new ImageSaver({ store: store as unknown as IdbIndexStore, engine: () => engine, busy: () => false, delayMs: 100 });
    saver.soon();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(store.saves).toBe(1);
  });
});
