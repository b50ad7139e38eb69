/**
 * How long the page's main thread was blocked: Chromium's long-task entries (tasks over 50 ms) and,
 * for blocks under that, the longest gap between ticks of a 10 ms timer. Installed before the app's
 * own scripts run; `reset` starts a measured interval, `read` ends it.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface MainThreadReading {
  /** Long tasks (over 50 ms) since the reset. */
  longTasks: number;
  /** The longest of them, ms (0 when there was none). */
  longestTaskMs: number;
  /** The longest wait between two ticks of a 10 ms timer, ms: a block shorter than a long task shows here. */
  longestTimerGapMs: number;
  /**
   * The longest animation frames over 50 ms (Chromium's long-animation-frame entries): when each
   * began (ms after the reset), how much of it was style and layout, and the scripts that ran in it.
   */
  worstFrames: { ms: number; atMs: number; layoutMs: number; scripts: string[] }[];
}

interface Probe {
  reset(): void;
  read(): MainThreadReading;
}

/**
 * Plain script text rather than a function: tsx, which runs this file, names functions with a helper
 * that exists only in Node, so a function passed to addInitScript would fail in the page.
 */
const PROBE = `(() => {
  const state = { since: Infinity, longTasks: 0, longestTaskMs: 0, longestTimerGapMs: 0, last: 0, frames: [] };
  window.lociMainThread = {
    reset() {
      state.since = performance.now();
      state.last = state.since;
      state.longTasks = 0;
      state.longestTaskMs = 0;
      state.longestTimerGapMs = 0;
      state.frames = [];
    },
    read: () => ({
      longTasks: state.longTasks,
      longestTaskMs: state.longestTaskMs,
      longestTimerGapMs: state.longestTimerGapMs,
      worstFrames: state.frames.sort((a, b) => b.ms - a.ms).slice(0, 5),
    }),
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime < state.since) continue;
      const scripts = (entry.scripts || [])
        .filter((s) => s.duration >= 5)
        .map((s) => Math.round(s.duration) + ' ms ' + s.invokerType + ' ' + (s.invoker || '') + ' ' + (s.sourceFunctionName || '') + ' ' + (s.sourceURL || '').split('/').pop() + ':' + s.sourceCharPosition);
      const layoutFrom = entry.styleAndLayoutStart || entry.startTime + entry.duration;
      state.frames.push({ ms: Math.round(entry.duration), atMs: Math.round(entry.startTime - state.since), layoutMs: Math.round(entry.startTime + entry.duration - layoutFrom), scripts });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime < state.since) continue;
      state.longTasks++;
      state.longestTaskMs = Math.max(state.longestTaskMs, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  const tick = () => {
    const now = performance.now();
    if (now >= state.since) state.longestTimerGapMs = Math.max(state.longestTimerGapMs, now - state.last);
    state.last = now;
    setTimeout(tick, 10);
  };
  setTimeout(tick, 10);
})();`;

export async function installProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: PROBE });
}

export async function resetProbe(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { lociMainThread: Probe }).lociMainThread.reset());
}

export function readProbe(page: Page): Promise<MainThreadReading> {
  return page.evaluate(() => (window as unknown as { lociMainThread: Probe }).lociMainThread.read());
}
