/**
 * The embed worker's queue (workers/embed/inference-queue.ts) with a model double: one run at a
 * time, a question's work before the indexer's slices not yet begun, slices sized by the time the
 * last one took. The real worker is driven by the browser tests; how long a question waits during
 * indexing with a production-sized model is `npm run bench:models`.
 */
import { describe, expect, it } from 'vitest';
import { InferenceQueue } from '../../workers/embed/inference-queue.ts';
import { gate } from './gate.ts';

const texts = (n: number) => Array.from({ length: n }, (_, i) => `passage ${i}`);

describe('InferenceQueue', () => {
  it("runs a question's embedding before the slices of passages still waiting, one run at a time", async () => {
    const queue = new InferenceQueue({ sliceMs: 1e9 });
    const runs: string[] = [];
    let running = 0;
    const first = gate();
    const embed = async (slice: string[]) => {
      expect(++running).toBe(1);
      runs.push(`${slice.length} passages`);
      if (runs.length === 1) await first.promise;
      running--;
      return slice.map((t) => t.length);
    };
    const indexing = queue.passages(texts(10), embed);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const question = queue.forQuestion(async () => {
      expect(++running).toBe(1);
      runs.push('question');
      running--;
      return 'vector';
    });
    first.resolve();

    expect(await question).toBe('vector');
    expect(await indexing).toEqual(texts(10).map((t) => t.length));
    // the first slice (one text, untimed) was running when the question came; the rest waited for it
    expect(runs).toEqual(['1 passages', 'question', '9 passages']);
  });

  it('sizes each slice of passages by the time the last one took per text', async () => {
    let clock = 0;
    const queue = new InferenceQueue({ sliceMs: 500, clock: () => clock });
    const sizes: number[] = [];
    const embed = (msPerText: number) => async (slice: string[]) => {
      sizes.push(slice.length);
      clock += msPerText * slice.length;
      return slice;
    };
    // a slow model: 120 ms a text, so four texts a slice once the first has been timed
    expect(await queue.passages(texts(14), embed(120))).toEqual(texts(14));
    expect(sizes).toEqual([1, 4, 4, 4, 1]);
    sizes.length = 0;
    // a fast one: the rest of the call in one slice
    await queue.passages(texts(200), embed(0.5));
    expect(sizes).toEqual([4, 196]);
  });

  it('turns the thread between runs, so work that arrives during one is read before the next begins', async () => {
    const turns: string[] = [];
    const queue = new InferenceQueue({
      sliceMs: 1e9,
      turn: async () => {
        turns.push('turn');
      },
    });
    await queue.passages(texts(3), async (slice) => {
      turns.push(`run ${slice.length}`);
      return slice;
    });
    expect(turns).toEqual(['run 1', 'turn', 'run 2', 'turn']);
  });

  it('rejects the call whose run failed and goes on with the next', async () => {
    const queue = new InferenceQueue();
    const failing = queue.passages(texts(2), async () => {
      throw new Error('out of memory');
    });
    const next = queue.forQuestion(async () => 'next');
    await expect(failing).rejects.toThrow('out of memory');
    expect(await next).toBe('next');
  });
});
