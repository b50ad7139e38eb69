/**
 * Work run a step a task: what is queued meanwhile (a page's request, here a timer set after
 * the work began) runs between two steps, and a failing step ends the work without throwing.
 */
import { describe, expect, it, vi } from 'vitest';
import { runTasksApart } from '../../workers/engine/tasks-apart.ts';

/** Resolves once every task queued so far, and those they queue in turn, has run. */
const tasksDone = (rounds = 10) => new Promise<void>((resolve) => {
  const wait = (left: number) => (left === 0 ? resolve() : setTimeout(() => wait(left - 1), 0));
  wait(rounds);
});

describe('runTasksApart', () => {
  it('runs each step in a task of its own, letting what was queued meanwhile run in between', async () => {
    const seen: string[] = [];
    runTasksApart(() => [() => seen.push('step 1'), () => seen.push('step 2'), () => seen.push('step 3')], 'the test');
    expect(seen).toEqual([]);
    setTimeout(() => seen.push('request'), 0);
    await tasksDone();
    expect(seen).toEqual(['step 1', 'request', 'step 2', 'step 3']);
  });

  it('says when the last step has run', async () => {
    const seen: string[] = [];
    runTasksApart(() => [() => seen.push('step 1'), () => seen.push('step 2')], 'the test', () => seen.push('done'));
    await tasksDone();
    expect(seen).toEqual(['step 1', 'step 2', 'done']);
  });

  it('stops at a step that throws, and says so as a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen: string[] = [];
    runTasksApart(() => [() => seen.push('step 1'), () => { throw new Error('broken'); }, () => seen.push('step 3')], 'the test', () => seen.push('done'));
    await tasksDone();
    expect(seen).toEqual(['step 1']);
    expect(warn).toHaveBeenCalledWith('Loci: the test failed', expect.any(Error));
    warn.mockRestore();
  });
});
