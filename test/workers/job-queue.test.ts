/**
 * The library's job queue with idle work: the idle step runs only while no job waits and nothing
 * holds it, gives way to a job that arrives (the job starts once the step has stopped) and to a
 * hold, and runs again after a job ends.
 */
import { describe, expect, it } from 'vitest';
import { JobQueue, type JobOutcome, type JobRunner } from '../../workers/engine/job-queue.ts';
import { gate } from './gate.ts';

/** A runner that logs what runs, its idle steps held until the test lets them end. */
function runner(steps: JobOutcome[]) {
  const log: string[] = [];
  let step = gate();
  const r: JobRunner & { log: string[]; endStep: () => void; settled: () => Promise<void> } = {
    log,
    async run(docId) {
      log.push(`job ${docId}`);
      return 'done';
    },
    async idle(signal) {
      const outcome = steps.shift() ?? 'done';
      log.push('idle');
      await Promise.race([step.promise, new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))]);
      step = gate();
      if (signal.aborted) {
        log.push('idle stopped');
        throw new Error('stopped');
      }
      return outcome;
    },
    endStep: () => step.resolve(),
    settled: () => new Promise((resolve) => setTimeout(resolve, 10)),
  };
  return r;
}

describe('JobQueue idle work', () => {
  it('runs idle steps while no job waits, until one says nothing is left; a job ending looks again', async () => {
    const r = runner(['more', 'done', 'done']);
    const queue = new JobQueue(r);
    queue.resumeAll();
    await r.settled();
    r.endStep();
    await r.settled();
    r.endStep();
    await r.settled();
    expect(r.log).toEqual(['idle', 'idle']);
    queue.enqueue('a');
    await r.settled();
    expect(r.log).toEqual(['idle', 'idle', 'job a', 'idle']);
    expect(queue.running).toBeUndefined();
  });

  it('a job that arrives stops the idle step and starts once it has stopped', async () => {
    const r = runner(['more']);
    const queue = new JobQueue(r);
    queue.resumeAll();
    await r.settled();
    queue.enqueue('a');
    await r.settled();
    expect(r.log.slice(0, 3)).toEqual(['idle', 'idle stopped', 'job a']);
  });

  it('halt stops the idle step and none runs until resumed; stopping a job stops it too', async () => {
    const r = runner(['more', 'more', 'more']);
    const queue = new JobQueue(r);
    queue.resumeAll();
    await r.settled();
    await queue.halt();
    await r.settled();
    expect(r.log).toEqual(['idle', 'idle stopped']);
    queue.resumeAll();
    await r.settled();
    await queue.stop('some-document');
    expect(r.log).toEqual(['idle', 'idle stopped', 'idle', 'idle stopped', 'idle']);
  });

  it('a hold (a question) stops the idle step, none starts while held, and jobs go on', async () => {
    const r = runner(['more', 'more', 'more']);
    const queue = new JobQueue(r);
    queue.resumeAll();
    await r.settled();
    const release = queue.hold();
    const again = queue.hold();
    await r.settled();
    queue.enqueue('a');
    await r.settled();
    expect(r.log).toEqual(['idle', 'idle stopped', 'job a']);
    release();
    release();
    await r.settled();
    expect(r.log).toHaveLength(3);
    again();
    await r.settled();
    expect(r.log).toEqual(['idle', 'idle stopped', 'job a', 'idle']);
  });

  it('a failing idle step is not tried again at once', async () => {
    let tries = 0;
    const queue = new JobQueue({
      async run() {
        return 'done';
      },
      async idle() {
        tries++;
        throw new Error('cannot');
      },
    });
    queue.resumeAll();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tries).toBe(1);
  });
});
