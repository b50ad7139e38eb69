/**
 * A large library in one tab: the prebuilt index written into IndexedDB through the app's own store,
 * then what a person meets with it. Reopening the app and answering (models already in the cache,
 * as on every visit after the first), question latency per strategy through the app's workers,
 * the engine's query benchmark at the same size in this tab beside a flat float32 scan, the
 * IndexedDB bytes per entry and the tab's memory.
 */
import type { Page } from 'playwright-core';
import type { Profile } from './browser-profile.ts';
import type { Retriever, Strategy } from '../../src/core/types.ts';
import type { BenchPage, Loaded, OpenSteps, QueryTiming } from './page.ts';
import type { StoredSize } from './stored-size.ts';
import { imageWritten } from '../../test/browser/support/app-page.ts';
import { askInPage } from './ask-in-page.ts';
import { readProbe, resetProbe, type MainThreadReading } from './main-thread.ts';
import { momentMemory, type MomentMemory } from './tab-memory.ts';
import { traced, type TaskTrace, type Tracing } from './task-trace.ts';
import { appWorker } from './app-workers.ts';

export interface Reopen {
  /** Navigation to the client started (models loaded, index open), on the page's clock. */
  startedMs: number;
  /** Navigation to the app ready for a question (Ask enabled: the documents listed, the open chat restored). */
  readyMs: number;
  /** Navigation to the question asked in a new chat, from the page as soon as the app was ready (ask-in-page.ts). */
  askedMs: number;
  /** Navigation to the first answer's sources on screen, on the page's clock. */
  sourcesMs: number;
  /** The same on the bench's clock, which counts Playwright's round trips to the page. */
  benchSourcesMs: number;
  /** Navigation to the first answer finished. */
  answerMs: number;
  rows: number;
  /**
   * Where the engine worker opened the index from (the open image or the records), how long it
   * took, ms, and how many documents and groups it read from the records beside an image made
   * before they were written.
   */
  index: { from?: string; corpus?: string; ms: number; readMs: number; recordsSince: number };
  /** When each `loci:` user-timing mark of the page and its workers was first set, ms from navigation (see steps()). */
  steps: Record<string, number>;
  mainThread: MainThreadReading;
  /** With --trace: the main thread's tasks from navigation until the answer is done, on the wall clock and running. */
  trace?: TaskTrace;
  /** Once answered (the first visit: and its image saved): the tab as found and after a full collection, by scope, and the engine worker by structure. */
  memory: MomentMemory;
}

export interface LargeLibraryResult {
  loaded: Loaded;
  /** IndexedDB as navigator.storage.estimate() reports it once the library is written. */
  storedBytes: number;
  storedBytesPerEntry: number;
  /** The open image the app saved beside those records (a file in the origin private file system). */
  imageBytes?: number;
  /** The same library widened to the production embedders' 384 dimensions: IndexedDB and image. */
  at384: StoredSize;
  /** Opening the stored library in the bench page, step by step. */
  openSteps: OpenSteps;
  firstVisit: Reopen;
  reopen: Reopen;
  /** The reopen after a document and a group were written again with the app closed: its image two writes behind. */
  reopenBehind: Reopen;
  /** From the call to the sources on the bench page's client: embedding the question, search, packing. */
  queries: QueryTiming[];
  engine?: ReturnType<BenchPage['engineQueries']>;
}

/** Where run.ts puts the index file in the served build (a routed response of 88 MB overflows the DevTools pipe). */
export const LIBRARY_URL = '/bench-library.loci';

/** The app's strategies over a library without RAPTOR (the app's default settings build none). */
export const QUERY_CHOICES: { strategy: Strategy; retriever: Retriever }[] = [
  { strategy: 'naive', retriever: 'dense' },
  { strategy: 'naive', retriever: 'hybrid' },
  { strategy: 'p-rag', retriever: 'hybrid' },
  { strategy: 'c-rag', retriever: 'hybrid' },
  { strategy: 'cap-rag', retriever: 'hybrid' },
];

/**
 * `profile`: where the library is written and reopened; on disk by default, as a person's browser
 * keeps it, and then started again before the app's first visit (browser-profile.ts).
 */
export async function benchLargeLibrary(
  profile: Profile,
  baseURL: string,
  library: { questions: string[] },
  runs: number,
  log: (line: string) => void,
  /** With --trace: where to write the first visit's and the reopen's traces, given each one's label. */
  tracePath?: (label: string) => string,
): Promise<LargeLibraryResult> {
  const bench = await profile.context.newPage();
  await openBenchPage(bench, baseURL);
  const loaded = await bench.evaluate((url) => (window as unknown as BenchWindow).lociBench.load(url), LIBRARY_URL);
  const storage = await bench.evaluate(() => (window as unknown as BenchWindow).lociBench.storage());
  const storedBytes = storage.indexedDB ?? storage.usage;
  log(`library: ${loaded.documents} documents, ${loaded.chunks} chunks, ${loaded.entries} entries written in ${(loaded.ms / 1000).toFixed(1)} s; IndexedDB ${(storedBytes / 1e6).toFixed(1)} MB`);

  const openSteps = await bench.evaluate(() => (window as unknown as BenchWindow).lociBench.openSteps());
  log(`open steps: ${openSteps.stores.map((st) => `${st.name} ${st.records} records ${(st.ms / 1000).toFixed(2)} s`).join(', ')}; load ${(openSteps.load / 1000).toFixed(2)} s, engine ${(openSteps.engine / 1000).toFixed(2)} s`);

  // The client on the bench page loads the models into the cache, and then times questions.
  bench.on('console', (message) => log(`page: ${message.text()}`));
  const openMs = await bench.evaluate(() => (window as unknown as BenchWindow).lociBench.start());
  log(`bench page: workers started and the index opened in ${(openMs / 1000).toFixed(1)} s`);
  // --runs 0 skips the question timings, for a quick look at opening
  const queries = runs === 0 ? [] : await bench.evaluate(([q, c, r]) => (window as unknown as BenchWindow).lociBench.queries(q, c, r), [library.questions, QUERY_CHOICES, runs] as const);
  for (const q of queries) log(`query: ${q.strategy} ${q.retriever} p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms`);
  const engine = runs === 0 ? undefined : await bench.evaluate(([e, d, r]) => (window as unknown as BenchWindow).lociBench.engineQueries(e, d, r), [loaded.entries, loaded.dimension, runs] as const);
  if (engine) log(`engine in the tab: flat float32 scan p50 ${engine.baseline[0].p50.toFixed(1)} ms over ${engine.baseline[0].entries} entries`);
  await bench.close();

  // The first visit of the app installs its service worker; the second is the everyday reopen.
  // a person who used the app for a few seconds leaves the open image saved behind, current or a
  // few logged writes behind: without the topics a full run's bench page made, the first visit
  // makes a document's topics every few seconds while idle, and the image is saved at most every
  // twentieth of the time (workers/engine/image-saver.ts), so it is rarely current then
  let imageBytes: number | undefined;
  // LOCI_TRACE_ONLY=reopen (or first-visit, reopen-behind): one moment traced, since V8's sampler
  // (LOCI_TRACE_JS=1) slows a traced first visit past the wait for its image
  const only = process.env.LOCI_TRACE_ONLY;
  const tracing = (label: string) => (page: Page) => (tracePath && (!only || only === label) ? { browser: profile.browser, page, path: tracePath(label) } : undefined);
  // a new browser session for the app, so it does not inherit the bench page's renderer and garbage
  await profile.restart();
  const firstVisit = await openAndAsk(await profile.context.newPage(), baseURL, library.questions[0], tracing('first-visit'), async (page) => {
    await imageWritten(page, 120_000);
    imageBytes = await page.evaluate(async () => (await (await (await navigator.storage.getDirectory()).getFileHandle('loci-index.image')).getFile()).size);
  });
  if (imageBytes !== undefined) log(`the open image: ${(imageBytes / 1e6).toFixed(1)} MB, ${(imageBytes / loaded.entries).toFixed(0)} bytes an entry`);
  log(`app, first visit: started ${(firstVisit.startedMs / 1000).toFixed(2)} s, ready ${(firstVisit.readyMs / 1000).toFixed(2)} s, sources ${(firstVisit.sourcesMs / 1000).toFixed(2)} s`);
  // the tab opened again in the same browser, as the issue times it (in a browser started anew,
  // 6.75 s to the sources against 3.8-4.3 s, on a slow morning: its own start competes)
  const reopen = await openAndAsk(await profile.context.newPage(), baseURL, library.questions[1], tracing('reopen'));
  log(`app, reopened: index read from the ${reopen.index.from} (search corpus ${reopen.index.corpus}) in ${(reopen.index.readMs / 1000).toFixed(2)} s, open (the embedder loading alongside) in ${(reopen.index.ms / 1000).toFixed(2)} s`);
  log(`app, reopened, from navigation: ${Object.entries(reopen.steps).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`).join(', ')}`);
  log(`app, reopened: started ${(reopen.startedMs / 1000).toFixed(2)} s, ready ${(reopen.readyMs / 1000).toFixed(2)} s, asked ${(reopen.askedMs / 1000).toFixed(2)} s, sources ${(reopen.sourcesMs / 1000).toFixed(2)} s (${(reopen.benchSourcesMs / 1000).toFixed(2)} s on the bench's clock), answer ${(reopen.answerMs / 1000).toFixed(2)} s`);

  // a tab closed before the image caught up with its last writes (a document indexed, the tab
  // closed within seconds): the next open reads those records beside the image, not every record
  const writer = await profile.context.newPage();
  await openBenchPage(writer, baseURL);
  await writer.evaluate((url) => (window as unknown as BenchWindow).lociBench.writeSince(url), LIBRARY_URL);
  await writer.close();
  const reopenBehind = await openAndAsk(await profile.context.newPage(), baseURL, library.questions[2], tracing('reopen-behind'));
  log(`app, reopened two writes behind its image: index read from the ${reopenBehind.index.from} with ${reopenBehind.index.recordsSince} records written since (search corpus ${reopenBehind.index.corpus}) in ${(reopenBehind.index.readMs / 1000).toFixed(2)} s; started ${(reopenBehind.startedMs / 1000).toFixed(2)} s, ready ${(reopenBehind.readyMs / 1000).toFixed(2)} s, sources ${(reopenBehind.sourcesMs / 1000).toFixed(2)} s`);

  // last, so that writing and deleting a second large database (IndexedDB compacts after it)
  // never overlaps the app's timings
  const sizes = await profile.context.newPage();
  await openBenchPage(sizes, baseURL);
  const at384 = await sizes.evaluate((url) => (window as unknown as BenchWindow).lociBench.storedSize(url, 384), LIBRARY_URL);
  await sizes.close();
  const perEntry = (bytes: number) => (bytes / at384.entries).toFixed(0);
  log(
    `at 384 dimensions, bytes an entry: IndexedDB ${perEntry(at384.indexedDBBytes)} (closed 15 s later ${perEntry(at384.indexedDBBytesSettled)}), vector files ${perEntry(at384.vectorFileBytes)} before the image and ` +
      `${perEntry(at384.vectorFileBytesAfterImage)} after, the open image ${perEntry(at384.imageBytes)}`,
  );
  return { loaded, storedBytes, storedBytesPerEntry: storedBytes / loaded.entries, imageBytes, at384, openSteps, firstVisit, reopen, reopenBehind, queries, engine };
}

/** Functions given to page.evaluate run in the page: they reach the bench page's API by this name. */
type BenchWindow = { lociBench: BenchPage };

async function openBenchPage(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/bench/browser/page.html?models=local`);
  await page.waitForFunction(() => 'lociBench' in window);
}

/** Opens the app on a page of its own, asks through the question box, and closes the page (after `before`). */
async function openAndAsk(page: Page, baseURL: string, question: string, tracing: (page: Page) => Tracing | undefined, before?: (page: Page) => Promise<void>): Promise<Reopen> {
  try {
    const { result, tasks } = await traced(tracing(page), async () => {
      const t0 = Date.now();
      await page.goto(`${baseURL}/?models=local`);
      await resetProbe(page);
      // the question is asked in the page the moment the app is ready, each step on the page's
      // clock (ask-in-page.ts); the bench's clock, through Playwright, is kept beside it
      const asked = await askInPage(page, question);
      const benchSourcesMs = Date.now() - t0;
      await page.waitForSelector('article.turn:last-of-type [data-testid="answer"][data-done="true"]', { timeout: 300_000 });
      const answerMs = await page.evaluate(() => performance.now());
      return { startedMs: asked.startedMs, readyMs: asked.readyMs, askedMs: asked.askedMs, sourcesMs: asked.sourcesMs, benchSourcesMs, answerMs };
    });
    const rows = await page.locator('[data-testid="doc-row"]').count();
    const marks = await steps(page);
    const index = await page.evaluate(() => {
      const { indexOpenedFrom, indexCorpus, indexOpenedMs, indexReadMs, indexRecordsSince } = document.documentElement.dataset;
      return { from: indexOpenedFrom, corpus: indexCorpus, ms: Number(indexOpenedMs), readMs: Number(indexReadMs), recordsSince: Number(indexRecordsSince ?? 0) };
    });
    await before?.(page);
    return { ...result, rows, index, steps: marks, mainThread: await readProbe(page), ...(tasks ? { trace: tasks } : {}), memory: await momentMemory(page) };
  } finally {
    await page.close();
  }
}

/**
 * The app's `loci:` user-timing marks (the engine worker's module running, the image read and
 * decoded, the index open; the page's start done), each at its first setting, in ms from the
 * page's navigation: where a reopen's time goes, in the engine worker as well as the page.
 */
async function steps(page: Page): Promise<Record<string, number>> {
  const read = () =>
    performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('loci:'))
      .map((mark) => ({ name: mark.name.slice('loci:'.length), at: performance.timeOrigin + mark.startTime }));
  const navigation = await page.evaluate(() => performance.timeOrigin);
  // the page and the engine worker set them; an evaluate in an ORT thread would never return (app-workers.ts)
  const engine = appWorker(page, 'engine');
  const marks = (await page.evaluate(read)).concat(engine ? await engine.evaluate(read).catch(() => []) : []);
  const out: Record<string, number> = {};
  for (const { name, at } of marks.sort((a, b) => a.at - b.at)) out[name] ??= Math.round(at - navigation);
  return out;
}
