/**
 * USE-Lite in the embed worker: its files from this site (build/use-lite-assets.ts), kept
 * in a cache of their own after the first load, and its graph on TF.js's WebAssembly backend in
 * workers of the embed worker's own, one per core (the backend's own threads fail in module
 * workers: src/models/use-lite/graph.ts).
 */
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { readUseLiteArtifacts, USE_LITE_PACKAGE, USE_LITE_SITE_DIR } from '../../src/models/use-lite/artifacts.ts';
import { createUseLiteEmbedder } from '../../src/models/use-lite/embedder.ts';
import type { UseLiteEmbedder } from '../../src/models/use-lite/embedder.ts';
import { startPool } from '../../src/models/use-lite/pool.ts';
import type { ThreadPort, ThreadReply } from '../../src/models/use-lite/thread-protocol.ts';
import type { LoadProgress } from '../../src/models/transformers-load.ts';
import { siteFileCache } from '../shared/site-file-cache.ts';

const files = siteFileCache(`loci-models-${USE_LITE_PACKAGE}`);
/** Threads beyond two gain little on the laptops Loci is for and each holds a copy of the weights. */
const MAX_THREADS = 4;

export async function createBrowserUseLite(onProgress?: (progress: LoadProgress) => void): Promise<UseLiteEmbedder> {
  const base = new URL(`${import.meta.env.BASE_URL}${USE_LITE_SITE_DIR}`, self.location.href);
  const artifacts = await readUseLiteArtifacts(async (name) => {
    const response = await files.read(new URL(name, base).href, `USE-Lite's ${name}`, {
      onBytes: onProgress ? (loaded, total) => onProgress({ file: name, loaded, total }) : undefined,
    });
    return new Uint8Array(await response.arrayBuffer());
  });
  const threads = Math.min(MAX_THREADS, Math.max(1, navigator.hardwareConcurrency ?? 1));
  const wasm = { 'tfjs-backend-wasm.wasm': abs(wasmPlain), 'tfjs-backend-wasm-simd.wasm': abs(wasmSimd), 'tfjs-backend-wasm-threaded-simd.wasm': abs(wasmThreaded) };
  const runner = await startPool(Array.from({ length: threads }, browserThread), artifacts, wasm);
  return createUseLiteEmbedder(artifacts.vocabulary, runner);
}

function browserThread(): ThreadPort {
  const worker = new Worker(new URL('./use-lite-thread.worker.ts', import.meta.url), { type: 'module', name: 'use-lite' });
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    onMessage: (listener) => {
      worker.addEventListener('message', (event: MessageEvent<ThreadReply>) => listener(event.data));
      worker.addEventListener('error', (event) => listener({ type: 'failed', error: event.message || 'the thread could not start' }));
    },
    terminate: () => worker.terminate(),
  };
}

/** The thread resolves the wasm files against its own (blob-free) URL: hand it absolute ones. */
function abs(url: string): string {
  return new URL(url, self.location.href).href;
}
