import { describe, expect, it } from 'vitest';
import { summarise, taskTraceLine } from '../../bench/browser/task-trace.ts';

const thread = (pid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid: pid, args: { name } });
const task = (pid: number, atMs: number, ms: number, runningMs: number, src_func = 'DOMTimer') => ({
  ph: 'X',
  name: 'ThreadControllerImpl::RunTask',
  pid,
  tid: pid,
  ts: 1_000_000 + atMs * 1000,
  dur: ms * 1000,
  tdur: runningMs * 1000,
  args: { src_func },
});

describe('the traced main-thread tasks', () => {
  it('tells a task that waited for a core from one that ran, on the busiest renderer', () => {
    const trace = {
      traceEvents: [
        thread(1, 'CrRendererMain'),
        thread(2, 'CrRendererMain'),
        thread(3, 'DedicatedWorker thread'),
        // the app's page: a long wait, and a shorter task that ran almost all of its length
        task(1, 0, 120, 20),
        task(1, 500, 70, 68, 'static Handle cppgc::internal::Sweeper::SweeperImpl::IncrementalSweepTask::Post(SweeperImpl &)'),
        task(1, 900, 10, 10),
        // another renderer that ran less in all, however long its one task
        task(2, 0, 300, 30),
        // a worker's task is not the page's
        task(3, 0, 900, 900),
      ],
    };
    const summary = summarise(trace);
    expect(summary.longTasks).toBe(2);
    expect(summary.longRunningTasks).toBe(1);
    expect(summary.longest).toMatchObject({ atMs: 0, ms: 120, runningMs: 20 });
    expect(summary.longestRunning).toMatchObject({ atMs: 500, ms: 70, runningMs: 68 });
    expect(taskTraceLine(summary)).toContain('posted by cppgc::internal::Sweeper::SweeperImpl::IncrementalSweepTask::Post');
  });

  it('times the engine worker from its index-open mark on', () => {
    const mark = { ph: 'R', cat: 'blink.user_timing', name: 'loci:index-open', pid: 3, tid: 3, ts: 1_000_000 + 400 * 1000 };
    const summary = summarise([thread(1, 'CrRendererMain'), task(1, 0, 10, 10), task(3, 0, 900, 900), mark, task(3, 500, 300, 290, 'EncodeImage'), task(3, 900, 20, 20)]);
    expect(summary.engineAfterOpen).toMatchObject({ atMs: 500, ms: 300, postedBy: 'EncodeImage' });
    expect(taskTraceLine(summary)).toContain("the engine worker's longest once the index was open 300 ms");
    expect(summarise([thread(1, 'CrRendererMain'), task(1, 0, 10, 10)])).not.toHaveProperty('engineAfterOpen');
  });

  it('reads a trace written as a bare array, and one with no page tasks', () => {
    expect(summarise([thread(1, 'CrRendererMain'), task(1, 0, 60, 55)]).longRunningTasks).toBe(1);
    expect(summarise([])).toEqual({ longTasks: 0, longest: undefined, longestRunning: undefined, longRunningTasks: 0 });
  });
});
