/**
 * The open image's saver: a save that could not be written is tried again once the browser's
 * usage figure has had time to show the room a deletion gave back, and not after one written; and
 * saves take at most a twentieth of the worker's time, however often the index changes.
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

  it('waits after a save nineteen times as long as it took, however often the index changes meanwhile', async () => {
    // each save takes 1 s (encoding and writing a large image), and the index changes every 3.5 s
    const store = {
      saves: [] as number[],
      async saveImage() {
        store.saves.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return true;
      },
      imageBehind: async () => false,
    };
    const saver = new ImageSaver({ store: store as unknown as IdbIndexStore, engine: () => engine, busy: () => false, delayMs: 3000 });
    const start = Date.now();
    for (let at = 0; at < 120_000; at += 3500) {
      saver.soon();
      await vi.advanceTimersByTimeAsync(3500);
    }
    const gaps = store.saves.slice(1).map((at, i) => at - store.saves[i]);
    // the first waits only for the quiet time; each later one 1 s + 19 s after the one before
    expect(store.saves[0] - start).toBe(3000);
    expect(gaps.length).toBeGreaterThan(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(20_000);
    // without the bound: a save every 3.5 s, 34 of them
    expect(store.saves.length).toBeLessThanOrEqual(7);
  });

  it('saves again after the quiet time alone when the last save was quick', async () => {
    const store = { saves: [] as number[], saveImage: async () => (store.saves.push(Date.now()), true), imageBehind: async () => false };
    const saver = new ImageSaver({ store: store as unknown as IdbIndexStore, engine: () => engine, busy: () => false, delayMs: 100 });
    saver.soon();
    await vi.advanceTimersByTimeAsync(100);
    saver.soon();
    await vi.advanceTimersByTimeAsync(100);
    expect(store.saves).toHaveLength(2);
  });

  it('makes no image while held, and saves once every hold is let go', async () => {
    const store = { saves: 0, saveImage: async () => (store.saves++, true), imageBehind: async () => false };
    const saver = new ImageSaver({ store: store as unknown as IdbIndexStore, engine: () => engine, busy: () => false, delayMs: 100 });
    const first = saver.hold();
    const second = saver.hold();
    saver.soon();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.saves).toBe(0);
    first();
    // a hold let go twice counts once: the other still holds
    first();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.saves).toBe(0);
    second();
    await vi.advanceTimersByTimeAsync(200);
    expect(store.saves).toBe(1);
  });
});
