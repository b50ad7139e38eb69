/**
 * The helper worker's slot with a real comlink channel (a MessageChannel standing in for the
 * Worker, which Node lacks): calls take turns, a stopped call ends the worker and only it, and the
 * calls behind it run on a new worker.
 */
import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { WorkerSlot } from '../../workers/engine/worker-slot.ts';

interface SlowApi {
  work(ms: number, tag: string): Promise<string>;
}

/** A "worker" whose other end exposes SlowApi; `terminate` closes the channel, as ending a worker drops its replies. */
function channelWorker(started: string[]): Worker {
  const { port1, port2 } = new MessageChannel();
  const log = started;
  expose({ work: (ms: number, tag: string) => (log.push(tag), new Promise<string>((resolve) => setTimeout(() => resolve(tag), ms))) } satisfies SlowApi, port2);
  return Object.assign(port1, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  }) as unknown as Worker;
}

describe('WorkerSlot', () => {
  it('runs calls one after another, and a call stopped while it runs takes down only its own worker', async () => {
    const started: string[] = [];
    let workers = 0;
    const slot = new WorkerSlot<SlowApi>(() => (workers++, channelWorker(started)), 'the test worker');
    const stop = new AbortController();
    const first = slot.call('first', stop.signal, (api) => api.work(200, 'first'));
    const second = slot.call('second', undefined, (api) => api.work(10, 'second'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // the second waits for its turn: it was not sent to the busy worker
    expect(started).toEqual(['first']);
    stop.abort();
    await expect(first).rejects.toThrow(/first was cancelled/);
    expect(await second).toBe('second');
    expect(workers).toBe(2);
  });

  it('a call stopped while it waits leaves the line, and the next still waits for the one running', async () => {
    const started: string[] = [];
    const slot = new WorkerSlot<SlowApi>(() => channelWorker(started), 'the test worker');
    const first = slot.call('first', undefined, (api) => api.work(150, 'first'));
    const stop = new AbortController();
    const waiting = slot.call('waiting', stop.signal, (api) => api.work(10, 'waiting'));
    const third = slot.call('third', undefined, (api) => api.work(10, 'third'));
    stop.abort();
    await expect(waiting).rejects.toThrow(/waiting was cancelled/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual(['first']);
    expect(await first).toBe('first');
    expect(await third).toBe('third');
    expect(started).toEqual(['first', 'third']);
  });
});
