/**
 * USE-Lite in the embed worker: its files from this site (workers/build/use-lite-assets.ts), kept
 * in a cache of their own after the first load, and its graph on TF.js's WebAssembly backend with
 * a thread per core where the page is cross-origin isolated (the app always is).
 */
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { readUseLiteArtifacts, USE_LITE_PACKAGE, USE_LITE_SITE_DIR } from '../../src/models/use-lite/artifacts.ts';
import { createUseLiteEmbedder } from '../../src/models/use-lite/embedder.ts';
import type { UseLiteEmbedder } from '../../src/models/use-lite/embedder.ts';
import { startWasmBackend, UseLiteGraph } from '../../src/models/use-lite/graph.ts';
import type { LoadProgress } from '../../src/models/transformers-load.ts';
import { siteFileCache } from '../shared/site-file-cache.ts';

const files = siteFileCache(`loci-models-${USE_LITE_PACKAGE}`);

export async function createBrowserUseLite(onProgress?: (progress: LoadProgress) => void): Promise<UseLiteEmbedder> {
  const threads = self.crossOriginIsolated ? Math.max(1, navigator.hardwareConcurrency ?? 1) : 1;
  await startWasmBackend(
    { 'tfjs-backend-wasm.wasm': wasmPlain, 'tfjs-backend-wasm-simd.wasm': wasmSimd, 'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded },
    threads,
  );
  const base = new URL(`${import.meta.env.BASE_URL}${USE_LITE_SITE_DIR}`, self.location.href);
  const artifacts = await readUseLiteArtifacts(async (name) => {
    const response = await files.read(new URL(name, base).href, `USE-Lite's ${name}`, {
      onBytes: onProgress ? (loaded, total) => onProgress({ file: name, loaded, total }) : undefined,
    });
    return new Uint8Array(await response.arrayBuffer());
  });
  const graph = await UseLiteGraph.load(artifacts);
  return createUseLiteEmbedder(artifacts.vocabulary, {
    // The backend's own threads split each batch's work: one batch at a time is all it takes.
    parallel: 1,
    run: (sequences) => graph.run(sequences),
    dispose: async () => graph.dispose(),
  });
}
