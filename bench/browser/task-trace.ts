/**
 * How much of the page's longest tasks the main thread spent running, from a Chromium trace
 * (`--trace`). The Long Tasks API times a task on the wall clock: on this 2-core machine, with the
 * workers parsing, embedding and clustering, a task can wait for a core most of its length. On
 * 2026-11-27 the PDF drop's longest tasks ran 1-27 ms of their 50-115 ms (the trace's thread
 * time), and the one task that ran its whole 71 ms was Blink's own garbage collector (a sweep of
 * its C++ heap). Telling the two apart says whether the page's code or the machine blocks it.
 */
import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';

/** One task of the renderer's main thread: wall time, the thread's own running time, and what posted it. */
export interface TracedTask {
  /** ms after the trace began. */
  atMs: number;
  ms: number;
  runningMs: number;
  /** The function that posted the task (Chromium's source location), e.g. a DOM timer or a GC sweep. */
  postedBy: string;
}

export interface TaskTrace {
  /** Tasks of 50 ms or more on the wall clock. */
  longTasks: number;
  /** The longest task on the wall clock, and how much of it ran. */
  longest?: TracedTask;
  /** The task that ran longest on the thread's own clock. */
  longestRunning?: TracedTask;
  /** Tasks that ran 50 ms or more on the thread's own clock. */
  longRunningTasks: number;
  /**
   * The engine worker's longest task once the index was open (its `loci:index-open` mark): how
   * long a question asked then may wait for the worker. Absent when the trace has no such mark.
   */
  engineAfterOpen?: TracedTask;
}

const LONG_MS = 50;
// toplevel holds every task of every thread with wall and thread time, user timing the app's
// marks; the timeline's categories would name the tasks' insides but multiply the trace (100 MB
// for a PDF drop) and its own cost
// LOCI_TRACE_JS=1 adds V8's sampler and its own events: which functions a long task ran
const CATEGORIES = ['toplevel', 'blink.user_timing', ...(process.env.LOCI_TRACE_JS === '1' ? ['disabled-by-default-v8.cpu_profiler', 'v8'] : [])];

interface TraceEvent {
  name?: string;
  cat?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; src_func?: string; src_file?: string };
}

/** What to trace: the page, and where to write the whole trace (Chromium's performance panel opens it). */
export interface Tracing {
  browser: Browser;
  page: Page;
  path: string;
}

/** Runs `work`, with the browser tracing the page when `tracing` is given, and summarises the page's main-thread tasks meanwhile. */
export async function traced<T>(tracing: Tracing | undefined, work: () => Promise<T>): Promise<{ result: T; tasks?: TaskTrace }> {
  if (!tracing) return { result: await work() };
  const { browser, page, path } = tracing;
  await browser.startTracing(page, { categories: CATEGORIES });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await browser.stopTracing().catch(() => undefined);
    throw error;
  }
  const bytes = await browser.stopTracing();
  await writeFile(path, bytes);
  const tasks = summarise(JSON.parse(bytes.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]);
  return { result, tasks };
}

export function summarise(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): TaskTrace {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf));
  // a loop: a trace has millions of events, too many to spread into Math.min's arguments
  let start = Infinity;
  for (const e of events) if (e.ts && e.ts > 0 && e.ts < start) start = e.ts;
  const byThread = new Map<string, TracedTask[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask') continue;
    const list = byThread.get(threadOf(e)) ?? [];
    list.push({
      atMs: ((e.ts ?? start) - start) / 1000,
      ms: (e.dur ?? 0) / 1000,
      runningMs: (e.tdur ?? 0) / 1000,
      postedBy: e.args?.src_func ?? e.args?.src_file ?? '',
    });
    byThread.set(threadOf(e), list);
  }
  // the page's renderer is the one whose main thread ran longest (other renderers: blank pages, the service worker's)
  const busiest = [...byThread].filter(([thread]) => mains.has(thread)).map(([, tasks]) => tasks).sort((a, b) => total(b) - total(a))[0] ?? [];
  const opened = events.find((e) => e.cat === 'blink.user_timing' && e.name === 'loci:index-open');
  const engineTasks = opened ? (byThread.get(threadOf(opened)) ?? []).filter((t) => t.atMs >= ((opened.ts ?? start) - start) / 1000) : [];
  return {
    longTasks: busiest.filter((t) => t.ms >= LONG_MS).length,
    longest: longestBy(busiest, (t) => t.ms),
    longestRunning: longestBy(busiest, (t) => t.runningMs),
    longRunningTasks: busiest.filter((t) => t.runningMs >= LONG_MS).length,
    ...(opened ? { engineAfterOpen: longestBy(engineTasks, (t) => t.ms) } : {}),
  };
}

function threadOf(e: TraceEvent): string {
  return `${e.pid}/${e.tid}`;
}

function longestBy(tasks: readonly TracedTask[], length: (task: TracedTask) => number): TracedTask | undefined {
  return tasks.reduce<TracedTask | undefined>((best, t) => (!best || length(t) > length(best) ? t : best), undefined);
}

function total(tasks: readonly TracedTask[]): number {
  return tasks.reduce((sum, t) => sum + t.runningMs, 0);
}

/** One line for the terminal: the longest task and how much of it ran, then the longest-running one. */
export function taskTraceLine(trace: TaskTrace): string {
  const task = (t: TracedTask | undefined) => (t ? `${t.ms.toFixed(0)} ms (running ${t.runningMs.toFixed(0)} ms) at ${(t.atMs / 1000).toFixed(1)} s, posted by ${shortName(t.postedBy)}` : 'none');
  const engine = trace.engineAfterOpen ? `; the engine worker's longest once the index was open ${task(trace.engineAfterOpen)}` : '';
  return `traced: ${trace.longTasks} tasks ≥ ${LONG_MS} ms on the wall clock, ${trace.longRunningTasks} running ≥ ${LONG_MS} ms; longest ${task(trace.longest)}; longest running ${task(trace.longestRunning)}${engine}`;
}

/** `static Handle cppgc::internal::Sweeper::...::Post(...)` → `cppgc::internal::Sweeper::...::Post`. */
function shortName(func: string): string {
  return func.replace(/^(static\s+)?[\w:<>]+\s+(?=[\w:]+\()/, '').replace(/\(.*$/, '') || '(unknown)';
}
