/**
 * USE-Lite in Node on every core it is given: a worker thread per core (pool.ts). Worker threads
 * load TypeScript through tsx (the CLI itself runs compiled: bin/compile-cli.js keeps this module's
 * URL its source file's, so the thread's module is found beside it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { UseLiteArtifacts } from './artifacts.ts';
import { tfjsWasmDir } from './node-files.ts';
import { startPool } from './pool.ts';
import type { UseLiteRunner } from './runner.ts';
import type { ThreadPort, ThreadReply } from './thread-protocol.ts';

export function startNodePool(artifacts: Pick<UseLiteArtifacts, 'model' | 'weights'>, threads = availableParallelism()): Promise<UseLiteRunner> {
  const tsx = tsxApiUrl();
  return startPool(
    Array.from({ length: Math.max(1, threads) }, () => nodeThread(tsx)),
    artifacts,
    tfjsWasmDir(),
  );
}

function nodeThread(tsx: string): ThreadPort {
  // A worker thread starts without the hooks that let its parent import TypeScript: it registers
  // tsx's itself before importing the thread's module (`--import` in execArgv is not honoured for
  // workers on Node 20).
  const thread = new URL('./node-thread.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(thread)}); })`;
  const worker = new Worker(boot, { eval: true });
  // A thread holds the process open only while it works on a request (the pool sends each thread
  // one at a time): an idle one kept every `loci index` and `loci ask` with USE-Lite from ever
  // exiting once it had printed.
  return {
    post: (message, transfer) => {
      worker.ref();
      worker.postMessage(message, transfer);
    },
    onMessage: (listener) => {
      worker.on('message', (reply: ThreadReply) => {
        worker.unref();
        listener(reply);
      });
      worker.on('error', (error: Error) => listener({ type: 'failed', error: error.message }));
    },
    terminate: async () => void (await worker.terminate()),
  };
}

/** tsx's ESM API module (require.resolve would give its CommonJS twin, which cannot register here). */
function tsxApiUrl(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import?: { default?: string } | string }> }).exports;
  const entry = exports['./esm/api']?.import;
  const file = typeof entry === 'string' ? entry : entry?.default;
  if (!file) throw new Error("tsx's package names no ESM API; worker threads cannot load TypeScript.");
  return pathToFileURL(path.join(path.dirname(manifest), file)).href;
}
