/**
 * The engine worker started by the page's second script (start-engine.ts, put in the page by
 * build/early-engine.ts with the built worker's address), before the app's own modules have been
 * fetched and run: the worker's module loads, and the open image is read, while the page's bundle
 * loads, instead of after it. The client takes it when it starts (worker-client.ts) and creates
 * its own where there is none (the dev server, the test harness). What it gained on a reopen:
 * docs/decisions/2026-12-03-reopen-first-sources.md#the-engine-worker-started-by-the-pages-second-script.
 */

/** The worker, and the messages of the errors it raised before the client listened. */
export interface EarlyEngine {
  worker: Worker;
  /** Stops collecting errors and gives those seen: the client then says them itself. */
  takeErrors(): string[];
}

type WithEarlyEngine = { lociEarlyEngine?: EarlyEngine };

/** Starts the engine worker from `url` and leaves it for the client. */
export function startEarlyEngine(url: string): void {
  const worker = new Worker(url, { type: 'module', name: 'loci-engine' });
  const errors: string[] = [];
  // a module that fails to load says so before the client has listened
  const collect = (event: ErrorEvent) => errors.push(event.message ?? '');
  worker.addEventListener('error', collect);
  (globalThis as WithEarlyEngine).lociEarlyEngine = {
    worker,
    takeErrors() {
      worker.removeEventListener('error', collect);
      return errors.splice(0);
    },
  };
}

/** The worker started early, once: a second client starts its own. */
export function takeEarlyEngine(): EarlyEngine | undefined {
  const scope = globalThis as WithEarlyEngine;
  const early = scope.lociEarlyEngine;
  delete scope.lociEarlyEngine;
  return early;
}
