import { describe, expect, it } from 'vitest';
import { embedInSlices } from '../../workers/embed/embed-slices.ts';
import { embedThreads } from '../../workers/embed/embed-threads.ts';

describe('embedInSlices', () => {
  it('runs a long call slice by slice, one after the other, and keeps the input order', async () => {
    const calls: string[][] = [];
    let running = 0;
    const vectors = await embedInSlices(['a', 'b', 'c', 'd', 'e'], async (slice) => {
      expect(running++).toBe(0);
      calls.push(slice);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      return slice.map((t) => Float32Array.from([t.charCodeAt(0)]));
    }, 2);
    expect(calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(vectors.map((v) => String.fromCharCode(v[0])).join('')).toBe('abcde');
  });

  it('fills a slice by characters: short texts share one, a text longer than a slice is one alone', async () => {
    const calls: string[][] = [];
    await embedInSlices(['aa', 'b', 'c', 'dddddd', 'e', 'f'], async (slice) => (calls.push(slice), slice.map(() => new Float32Array(1))), 4);
    expect(calls).toEqual([['aa', 'b', 'c'], ['dddddd'], ['e', 'f']]);
  });

  it('lets a call made meanwhile run between two slices of a long one', async () => {
    const order: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    const serial = <T>(task: () => Promise<T>): Promise<T> => {
      const result = tail.then(task);
      tail = result;
      return result;
    };
    const run = (slice: string[]) => serial(async () => (order.push(slice.join('')), slice.map(() => new Float32Array(1))));
    const long = embedInSlices(['a', 'b', 'c', 'd'], run, 2);
    const query = embedInSlices(['q'], run, 2);
    await Promise.all([long, query]);
    expect(order).toEqual(['ab', 'q', 'cd']);
  });
});

describe('embedThreads', () => {
  it('gives the embedder every core, at least one and at most four', () => {
    expect(embedThreads(1)).toBe(1);
    expect(embedThreads(2)).toBe(2);
    expect(embedThreads(16)).toBe(4);
    expect(embedThreads(undefined)).toBe(1);
  });
});
