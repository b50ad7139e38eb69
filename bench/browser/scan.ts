/**
 * A scanned PDF dropped on the app: pages of a real filing drawn to pixels and wrapped one JPEG a
 * page with no text layer, so every page goes through OCR (pdf.js draws it in the engine worker,
 * PP-OCRv4 reads it on the OCR worker). How soon the first page is read (the OCR worker's start
 * and model load included), how long each page after it takes, how soon the scan is ready and
 * answers, and how long the page's main thread was blocked while OCR ran. Beside it, a text PDF
 * of about as many pages dropped in the same run: the same steps without OCR.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { drawPages, imageOnlyPdf } from '../../test/support/image-pdf.ts';
import { waitForStatus } from '../../test/browser/support/app-page.ts';
import { probedAppTab } from './app-tab.ts';
import { readProbe, resetProbe, type MainThreadReading } from './main-thread.ts';
import { tabMemory, type TabMemory } from './tab-memory.ts';

/** The scan's pixels per PDF point: 144 dpi, the scale the app's OCR draws pages at, so it reads the JPEG 1:1. */
const SCAN_SCALE = 2;

/**
 * The baseline: a text PDF of about a scan's page count. None of the sample PDFs is near 20 pages,
 * and there is no PDF writer here to cut the filing's own first pages out with their text layer;
 * this earnings release (24 pages) is the nearest, with about half the text of the 10-K's first 20.
 * The passages printed beside each say how far apart they are.
 */
export const BASELINE_PDF = 'financebench/pdfs/JOHNSON_JOHNSON_2023Q2_EARNINGS.pdf';
export const BASELINE_QUESTION = 'What were Johnson & Johnson’s worldwide sales in the second quarter of 2023?';
/** Answered on page 8 of the NIKE 10-K, inside the default scan's pages. */
export const SCAN_QUESTION = 'How many employees did NIKE have as of May 31, 2019?';

export interface Scan {
  /**
   * Written to a file to be dropped by its path: bytes handed to setInputFiles are decoded on the
   * page's main thread (Playwright's atob, a byte at a time), seconds of a long task for 8 MB
   * that a person dropping a file never causes. Kept in test-results/bench-scan, each run's over the last's.
   */
  file: string;
  /** What it was made of, e.g. "pages 1–20 of NIKE_2019_10K.pdf at 144 dpi". */
  source: string;
  bytes: number;
  /** Drawing the pages and encoding them as JPEG in Node: not the app's time. */
  buildMs: number;
}

/** One document dropped in a fresh tab, indexed, then asked about. All ms. */
export interface Dropped {
  name: string;
  pages: number;
  chunks: number;
  /** Drop to each stage the row first said it had done (parsed, chunked, embedded, …). */
  stages: Record<string, number>;
  /** Drop to the row saying ready. */
  readyMs: number;
  /** The question, asked once ready, to its first sources on screen. */
  sourcesMs: number;
  /** The same question to its answer finished. */
  answerMs: number;
  /** Drop to ready. */
  mainThread: MainThreadReading;
  memory?: TabMemory;
}

export interface OcrTiming {
  pages: number;
  /** Each "Reading scanned pages: done of N" the row showed, first seen ms after the drop. */
  steps: { done: number; ms: number }[];
  /** Drop to "0 of N": the file read, its missing text layer found. */
  startMs: number;
  /** Drop to "1 of N": includes the OCR worker's start and its models' load. */
  firstPageMs: number;
  /** "0 of N" to the last page read. */
  ocrMs: number;
  /** Between consecutive page steps after the first, per page: the pace once the models are loaded (pages 2–N). */
  perPageMs: { median: number; max: number };
  /**
   * The row shows each document's progress at most every 200 ms, so "N of N" can be overtaken by
   * the next stage before it is shown; then the last page's time is when the row first showed that.
   */
  lastStepSeen: boolean;
  /** Drop to the last page read. */
  mainThread: MainThreadReading;
}

export interface ScanResult {
  source: string;
  scanBytes: number;
  buildMs: number;
  question: string;
  scan: Dropped & { ocr: OcrTiming };
  baseline: Dropped & { question: string };
}

/** Pages 1–`pages` of `pdf`, drawn at 144 dpi and wrapped as a JPEG-only PDF: the shape of a scan. */
export async function buildScan(pdf: string, pages: number): Promise<Scan> {
  const started = Date.now();
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  const images = await drawPages(new Uint8Array(await readFile(pdf)), numbers, SCAN_SCALE);
  const bytes = imageOnlyPdf(images, SCAN_SCALE);
  const base = path.basename(pdf, '.pdf');
  const file = path.resolve('test-results/bench-scan', `${base}-scan-p1-${pages}.pdf`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return { file, source: `pages 1–${pages} of ${base}.pdf at ${72 * SCAN_SCALE} dpi`, bytes: bytes.length, buildMs: Date.now() - started };
}

export async function benchScan(browser: Browser, baseURL: string, scan: Scan, question: string, baselinePdf: string, log: (line: string) => void): Promise<ScanResult> {
  const baseline = await dropAndAsk(browser, baseURL, baselinePdf, BASELINE_QUESTION, log);
  const dropped = await dropAndAsk(browser, baseURL, scan.file, question, log);
  const { clock } = dropped;
  const steps = clock.steps;
  const total = steps[0]?.total;
  if (total === undefined) throw new Error(`${path.basename(scan.file)} was indexed without OCR: the row never said "Reading scanned pages"`);
  const lastStep = steps.find((s) => s.done === total);
  const lastPageMs = lastStep?.ms ?? clock.afterOcrMs;
  const firstPage = steps.find((s) => s.done >= 1);
  if (lastPageMs === undefined || !firstPage || !clock.ocrMainThread) throw new Error(`the row did not show the end of OCR: steps ${JSON.stringify(steps)}`);
  // the last page counts to the row past OCR when its own step was not shown: at most its chunking and 200 ms late
  const read = [...steps.filter((s) => s.done >= 1), ...(lastStep ? [] : [{ done: total, ms: lastPageMs }])];
  const paces = read.slice(1).map((s, i) => (s.ms - read[i].ms) / (s.done - read[i].done));
  const ocr: OcrTiming = {
    pages: total,
    steps: steps.map(({ done, ms }) => ({ done, ms })),
    startMs: steps[0].ms,
    firstPageMs: firstPage.ms,
    ocrMs: lastPageMs - steps[0].ms,
    perPageMs: { median: median(paces), max: paces.length ? Math.max(...paces) : NaN },
    lastStepSeen: lastStep !== undefined,
    mainThread: clock.ocrMainThread,
  };
  log(`scan: ${total} pages read in ${(ocr.ocrMs / 1000).toFixed(1)} s (${(ocr.perPageMs.median / 1000).toFixed(1)} s a page), ready after ${(dropped.result.readyMs / 1000).toFixed(1)} s`);
  return {
    source: scan.source,
    scanBytes: scan.bytes,
    buildMs: scan.buildMs,
    question,
    scan: { ...dropped.result, ocr },
    baseline: { ...baseline.result, question: BASELINE_QUESTION },
  };
}

interface Step {
  done: number;
  total: number;
  ms: number;
}

interface Clock {
  steps: Step[];
  stages: Record<string, number>;
  /** First time the row showed something other than an OCR step once they had begun. */
  afterOcrMs?: number;
  readyMs?: number;
  /** The main-thread probe read when OCR was seen to end. */
  ocrMainThread?: MainThreadReading;
}

/**
 * Watches the row from inside the page rather than polling it from here: a mutation observer sees
 * every state the row is drawn in, and reads the main-thread probe the moment OCR is seen to end.
 * Script text for the reason main-thread.ts gives.
 */
const ROW_CLOCK = `(() => {
  const t0 = performance.now();
  const clock = (window.lociScanClock = { steps: [], stages: {} });
  new MutationObserver(() => {
    const row = document.querySelector('[data-testid="doc-row"]');
    if (!row) return;
    const at = Math.round(performance.now() - t0);
    const stage = row.getAttribute('data-stage');
    if (stage && !(stage in clock.stages)) clock.stages[stage] = at;
    if (row.getAttribute('data-status') === 'ready' && clock.readyMs === undefined) clock.readyMs = at;
    if (clock.afterOcrMs !== undefined) return;
    const step = (row.querySelector('.progress-text')?.textContent ?? '').match(/Reading scanned pages: (\\d+) of (\\d+)/);
    if (step) {
      const done = Number(step[1]);
      if (!clock.steps.some((s) => s.done === done)) clock.steps.push({ done, total: Number(step[2]), ms: at });
      if (done === Number(step[2]) && !clock.ocrMainThread) clock.ocrMainThread = window.lociMainThread.read();
    } else if (clock.steps.length > 0) {
      clock.afterOcrMs = at;
      clock.ocrMainThread ??= window.lociMainThread.read();
    }
  }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
})()`;

async function dropAndAsk(browser: Browser, baseURL: string, file: string, question: string, log: (line: string) => void): Promise<{ result: Dropped; clock: Clock }> {
  const name = path.basename(file);
  const { context, page } = await probedAppTab(browser, baseURL);
  try {
    await resetProbe(page);
    await page.evaluate(ROW_CLOCK);
    await page.setInputFiles('[data-testid="file-input"]', file);
    await waitForStatus(page, name, ['ready', 'error'], 3_600_000);
    const mainThread = await readProbe(page);
    const row = page.locator('[data-testid="doc-row"]');
    if ((await row.getAttribute('data-status')) !== 'ready') throw new Error(`${name} did not index: ${await row.textContent()}`);
    const clock = await page.evaluate(() => (window as unknown as { lociScanClock: Clock }).lociScanClock);
    const readyMs = clock.readyMs ?? NaN;
    log(`${name}: ready after ${(readyMs / 1000).toFixed(1)} s; main thread: longest task ${mainThread.longestTaskMs.toFixed(0)} ms`);

    const asked = Date.now();
    await page.fill('[data-testid="question"]', question);
    await page.click('[data-testid="ask"]');
    await page.waitForSelector('[data-testid="source"]', { timeout: 600_000 });
    const sourcesMs = Date.now() - asked;
    await page.waitForSelector('[data-testid="answer"][data-done="true"]', { timeout: 600_000 });
    const answerMs = Date.now() - asked;
    log(`${name}: asked once ready, sources after ${(sourcesMs / 1000).toFixed(1)} s, answer after ${(answerMs / 1000).toFixed(1)} s`);

    const meta = (await row.locator('.meta').textContent()) ?? '';
    const count = (unit: string) => Number(meta.match(new RegExp(`([\\d,]+) ${unit}`))?.[1]?.replace(/,/g, '') ?? NaN);
    const result = { name, pages: count('pages'), chunks: count('passages'), stages: clock.stages, readyMs, sourcesMs, answerMs, mainThread, memory: await tabMemory(page) };
    return { result, clock };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
