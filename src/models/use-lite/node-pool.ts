/**
 * USE-Lite in Node on every core it is given: a worker thread per core, each with the graph
 * loaded, batches handed to whichever is free. Worker threads load TypeScript through tsx, as the
 * CLI itself does (bin/loci.js).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { UseLiteRunner } from './runner.ts';
import type { ThreadReply, ThreadRequest } from './node-thread.ts';

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

export async function startNodePool(options: { threads?: number; packageDir?: string } = {}): Promise<UseLiteRunner> {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const tsx = tsxApiUrl();
  const workers = await Promise.all(
    Array.from({ length: threads }, () => startThread(tsx, options.packageDir)),
  );
  const free = [...workers];
  const waiting: (() => void)[] = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  for (const worker of workers) {
    worker.on('message', (reply: ThreadReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      if ('error' in reply) job.reject(new Error(`USE-Lite: ${reply.error}`));
      else job.resolve(reply.vectors);
    });
  }
  const take = async (): Promise<Worker> => {
    while (free.length === 0) await new Promise<void>((resume) => waiting.push(resume));
    return free.pop()!;
  };
  return {
    parallel: threads,
    async run(sequences) {
      const worker = await take();
      try {
        const id = nextId++;
        return await new Promise<Float32Array[]>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          worker.postMessage({ id, sequences: sequences as number[][] } satisfies ThreadRequest);
        });
      } finally {
        free.push(worker);
        waiting.shift()?.();
      }
    },
    async dispose() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
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

function startThread(tsx: string, packageDir: string | undefined): Promise<Worker> {
  // A worker thread starts without the hooks that let its parent import TypeScript: it registers
  // tsx's itself before importing the thread's module (`--import` in execArgv is not honoured for
  // workers on Node 20).
  const thread = new URL('./node-thread.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(thread)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { packageDir } });
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', (message: { ready: boolean; error?: string }) => {
      worker.off('error', onError);
      if (message.ready) resolve(worker);
      else {
        void worker.terminate();
        reject(new Error(`USE-Lite could not start: ${message.error}`));
      }
    });
  });
}
