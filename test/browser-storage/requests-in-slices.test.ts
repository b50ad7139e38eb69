/**
 * A transaction's requests issued in slices (requests-in-slices.ts): every request is issued once,
 * in order; a slice ends when its time is up, and the next is issued only once the slice's
 * requests have all come back; a request that fails fails the whole.
 */
import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { requestsInSlices } from '../../src/browser-storage/requests-in-slices.ts';
import './fixtures.ts';

describe('requestsInSlices', () => {
  it('issues each request once, in order, a slice at a time, each slice once the one before has come back', async () => {
    let clock = 0;
    let out = 0;
    const issued: number[] = [];
    /** How many requests were out as each was issued. */
    const outAtIssue: number[] = [];
    /** Issuing a request takes 8 ms of the clock; each comes back a task later. */
    const request = (i: number) => () => {
      issued.push(i);
      outAtIssue.push(out++);
      clock += 8;
      return new Promise<void>((resolve) => setTimeout(() => (out--, resolve())));
    };
    await requestsInSlices(Array.from({ length: 7 }, (_, i) => request(i)), 20, () => clock);
    expect(issued).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // 8, 16, 24 ms: three requests a slice of 20 ms, the next issued once all three are back
    expect(outAtIssue).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(out).toBe(0);
  });

  it('keeps an IndexedDB transaction open across its slices, and a failed request fails the whole', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const tx = db.transaction('settings', 'readwrite');
    const store = tx.objectStore('settings');
    let clock = 0;
    const now = () => (clock += 10);
    await requestsInSlices(Array.from({ length: 6 }, (_, i) => () => store.put({ key: `k${i}`, value: i } as never)), 15, now);
    await tx.done;
    expect(await db.count('settings')).toBe(6);

    const failing = db.transaction('settings', 'readwrite');
    const put = (value: unknown) => () => failing.objectStore('settings').add(value as never);
    await expect(requestsInSlices([put({ key: 'new', value: 1 }), put({ key: 'k0', value: 2 })], 15, now)).rejects.toThrow();
    await failing.done.catch(() => undefined);
    expect(await db.count('settings')).toBe(6);
  });
});
