import { describe, expect, it } from 'vitest';
import { timeSlices } from '../../workers/engine/time-slices.ts';

/** Whether the promise settles within a few microtask turns, i.e. without waiting for a task. */
async function settlesAtOnce(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return settled;
}

describe('time slices', () => {
  it('go on at once within a slice, and wait for a task of their own once it is over', async () => {
    let clock = 0;
    const breathe = timeSlices(10, () => clock);
    clock = 9;
    expect(await settlesAtOnce(breathe())).toBe(true);
    clock = 10;
    const waiting = breathe();
    expect(await settlesAtOnce(waiting)).toBe(false);
    await waiting;
    // a new slice begins where the wait ended
    clock = 19;
    expect(await settlesAtOnce(breathe())).toBe(true);
  });

  it('let a task queued before the breath run first', async () => {
    let clock = 0;
    const breathe = timeSlices(10, () => clock);
    const order: string[] = [];
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      order.push('message');
      port1.close();
    };
    port2.postMessage(null);
    clock = 50;
    await breathe();
    order.push('breath');
    expect(order).toEqual(['message', 'breath']);
  });
});
