/**
 * Lets the engine worker's messages in during long work that awaits a Breathe between steps (the
 * open image's encoding, core/stored-index/binary-format.ts): once `sliceMs` of work have passed
 * since the last yield, the next breath waits for a task of its own, and a question that arrived
 * meanwhile is handled first. A message rather than a timer: nested timers are clamped to 4 ms
 * each, which the 4,000 records of a 100k-entry library would have made into seconds.
 */
import type { Breathe } from '../../src/core/stored-index/binary-format.ts';

export function timeSlices(sliceMs = 10, now: () => number = () => performance.now()): Breathe {
  let since = now();
  return async () => {
    if (now() - since < sliceMs) return;
    await nextTask();
    since = now();
  };
}

/** Resolves in a task of its own, after the tasks already queued. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      // closed, so that an idle channel keeps no event loop (Node's) alive
      port1.close();
      port2.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
