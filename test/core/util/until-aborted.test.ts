/** Waiting that a stop ends at once, while the work waited for goes on (src/core/util/abort.ts). */
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../../src/core/util/abort.ts';

describe('untilAborted', () => {
  it("gives the work's result, or its failure, when nothing stops the wait", async () => {
    expect(await untilAborted(Promise.resolve(7), new AbortController().signal, 'the sum')).toBe(7);
    await expect(untilAborted(Promise.reject(new Error('broken')), new AbortController().signal, 'the sum')).rejects.toThrow('broken');
  });

  it('stops waiting at the abort, names what was waited for, and leaves the work running', async () => {
    const stop = new AbortController();
    let finished = false;
    const work = new Promise<void>((resolve) => setTimeout(resolve, 30)).then(() => void (finished = true));
    const waiting = untilAborted(work, stop.signal, 'the clustering');
    stop.abort();
    await expect(waiting).rejects.toThrow('the clustering was cancelled');
    expect(finished).toBe(false);
    await work;
    expect(finished).toBe(true);
  });

  it('refuses at once when already stopped, and a late failure of the abandoned work goes unheard', async () => {
    const stop = new AbortController();
    stop.abort();
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 10));
    await expect(untilAborted(late, stop.signal, 'the turn')).rejects.toThrow('the turn was cancelled');
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
