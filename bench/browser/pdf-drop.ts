/**
 * A long PDF dropped on the app, as a person would: how soon its first question is answered (its
 * chunks answer by their words once chunked, by meaning too once embedded, while clustering and
 * pre-parsing go on), how soon it is fully indexed, and how long the page's main thread was ever
 * blocked meanwhile.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { waitForStatus } from '../../test/browser/support/app-page.ts';
import { probedAppTab, rowCount } from './app-tab.ts';
import { readProbe, resetProbe, type MainThreadReading } from './main-thread.ts';
import { tabMemory, type TabMemory } from './tab-memory.ts';
import { traced, type TaskTrace } from './task-trace.ts';

export interface DropResult {
  pdf: string;
  /** Drop to the row saying its chunks are searchable: by their words once chunked, by meaning too once embedded. */
  searchableMs: number;
  /** Drop to the first answer's sources on screen (the question is asked as soon as the row is searchable). */
  firstAnswerMs: number;
  /** Drop to the row saying ready: clusters and pre-parsed entries stored. */
  readyMs: number;
  /** Drop to each stage the row reached (parsed, chunked, embedded, clustered, preparsed, ready), ms. */
  stages: Record<string, number>;
  pages: number;
  chunks: number;
  mainThread: MainThreadReading;
  /** With --trace: the main thread's tasks from the drop until ready, on the wall clock and running. */
  trace?: TaskTrace;
  memory?: TabMemory;
}

const SEARCHABLE = ['chunked', 'embedded', 'clustered', 'preparsed', 'ready'];

/** Records when the row first shows each stage (script text: see main-thread.ts on why not a function). */
const STAGE_CLOCK = `(() => {
  const t0 = performance.now();
  const stages = (window.lociStages = {});
  new MutationObserver(() => {
    const stage = document.querySelector('[data-testid="doc-row"]')?.getAttribute('data-stage');
    if (stage && !(stage in stages)) stages[stage] = Math.round(performance.now() - t0);
  }).observe(document.body, { subtree: true, attributes: true, childList: true });
})()`;

/** `readyTimeoutMs`: how long indexing may take after the first answer (a production-sized embedder on a busy CPU takes far longer than the tiny one). */
export async function benchPdfDrop(browser: Browser, baseURL: string, pdf: string, question: string, log: (line: string) => void, tracePath?: string, query?: string, readyTimeoutMs = 900_000): Promise<DropResult> {
  const { context, page } = await probedAppTab(browser, baseURL, query);
  try {
    const name = path.basename(pdf);
    await resetProbe(page);
    await page.evaluate(STAGE_CLOCK);
    const dropped = async () => {
      const t0 = Date.now();
      await page.setInputFiles('[data-testid="file-input"]', pdf);
      await page.waitForFunction(
        (stages) => stages.includes(document.querySelector('[data-testid="doc-row"]')?.getAttribute('data-stage') ?? ''),
        SEARCHABLE,
        { timeout: 600_000, polling: 50 },
      );
      const searchableMs = Date.now() - t0;
      log(`pdf: ${name} searchable after ${(searchableMs / 1000).toFixed(1)} s`);
      await page.fill('[data-testid="question"]', question);
      await page.click('[data-testid="ask"]');
      await page.waitForSelector('[data-testid="source"]', { timeout: 600_000 });
      const firstAnswerMs = Date.now() - t0;
      log(`pdf: first answer's sources after ${(firstAnswerMs / 1000).toFixed(1)} s`);
      await waitForStatus(page, name, ['ready', 'error'], readyTimeoutMs);
      return { searchableMs, firstAnswerMs, readyMs: Date.now() - t0 };
    };
    const { result: times, tasks } = await traced(tracePath === undefined ? undefined : { browser, page, path: tracePath }, dropped);
    const { searchableMs, firstAnswerMs, readyMs } = times;
    const mainThread = await readProbe(page);
    const status = await page.locator('[data-testid="doc-row"]').getAttribute('data-status');
    if (status !== 'ready') throw new Error(`${name} did not index: ${await page.locator('[data-testid="doc-row"]').textContent()}`);
    log(`pdf: ready after ${(readyMs / 1000).toFixed(1)} s; main thread: longest task ${mainThread.longestTaskMs.toFixed(0)} ms`);
    const stages = await page.evaluate(() => (window as unknown as { lociStages: Record<string, number> }).lociStages);
    return { pdf: name, stages, pages: await rowCount(page, 'pages'), chunks: await rowCount(page, 'passages'), searchableMs, firstAnswerMs, readyMs, mainThread, ...(tasks ? { trace: tasks } : {}), memory: await tabMemory(page) };
  } finally {
    await context.close();
  }
}
