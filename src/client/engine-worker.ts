/**
 * The one place the engine worker is created. The page loads this module on its own, as an async
 * module script ahead of the app's (build/early-engine.ts puts it in the page, in the build and
 * the dev server alike), so the worker is created, its module loads and the open image is read
 * while the app's bundle still loads. The client takes that worker through this module's export
 * (worker-client.ts): a page holds one instance of a module however many scripts import it, so
 * nothing is handed over through a global. A page without the early script (the test harness)
 * creates it when the client's modules run. What the early start gained on a reopen:
 * docs/decisions/2026-12-03-reopen-first-sources.md#the-engine-worker-started-by-the-pages-second-script.
 */

/** The worker, and the messages of the errors it raised before the client listened. */
export interface EngineWorker {
  worker: Worker;
  /** Stops collecting errors and gives those seen: the client then says them itself. */
  takeErrors(): string[];
}

function startEngineWorker(): EngineWorker {
  // Vite bundles a worker only when it sees this exact `new Worker(new URL(literal, import.meta.url))`
  const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'loci-engine' });
  const errors: string[] = [];
  // a module that fails to load says so before the client has listened
  const collect = (event: ErrorEvent) => errors.push(event.message ?? '');
  worker.addEventListener('error', collect);
  return {
    worker,
    takeErrors() {
      worker.removeEventListener('error', collect);
      return errors.splice(0);
    },
  };
}

/** Started when the page first evaluates this module, for the first client. */
let started: EngineWorker | undefined = startEngineWorker();

/** The worker started with the page, to the first client; a second client starts its own. */
export function takeEngineWorker(): EngineWorker {
  const taken = started ?? startEngineWorker();
  started = undefined;
  return taken;
}
