/**
 * The app's own workers in a tab, found by their scripts' names, for a bench that reads something
 * inside them (user-timing marks, the engine's memory report). Never every worker of the page:
 * onnxruntime-web's threads in the embed and LLM workers (workers of blob: URLs) sit blocked in
 * Atomics.wait between inferences, and a worker blocked there never answers DevTools, so an
 * evaluate in it never returns. Reading the marks of every worker hung `bench:browser --only
 * library` after the first visit's answer, with or without --runs, since those workers run ORT on
 * every core (two threads here, so one such worker each).
 */
import type { Page, Worker } from 'playwright-core';

/** The workers the app starts itself (the engine starts the cluster and OCR workers on first use). */
export type AppWorkerName = 'engine' | 'embed' | 'llm' | 'cluster' | 'ocr';

/** The worker whose script is `<name>.worker-<hash>.js` in the build, if the page has it. */
export function appWorker(page: Page, name: AppWorkerName): Worker | undefined {
  return page.workers().find((worker) => scriptName(worker.url()).startsWith(`${name}.worker`));
}

/** The name a worker's URL gives its script: a build's asset name, or '' for a blob: URL's. */
export function scriptName(url: string): string {
  if (url.startsWith('blob:')) return '';
  return new URL(url).pathname.split('/').pop() ?? '';
}
