/**
 * One Node worker thread running USE-Lite's graph: TF.js's WASM backend runs single-threaded in
 * Node, so the pool (node-pool.ts) starts one of these per core it uses.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readUseLiteArtifacts } from './artifacts.ts';
import { startWasmBackend, UseLiteGraph } from './graph.ts';
import { readPackageFile, tfjsWasmDir } from './node-files.ts';

export interface ThreadRequest {
  id: number;
  sequences: number[][];
}
export type ThreadReply = { id: number; vectors: Float32Array[] } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('node-thread.ts runs only as a worker thread.');

const ready = (async () => {
  await startWasmBackend(tfjsWasmDir());
  const { model, weights } = await readUseLiteArtifacts(readPackageFile(workerData?.packageDir));
  return UseLiteGraph.load({ model, weights });
})();

ready.then(
  () => port.postMessage({ ready: true }),
  (error: unknown) => port.postMessage({ ready: false, error: String((error as Error)?.message ?? error) }),
);

port.on('message', async (request: ThreadRequest) => {
  try {
    const vectors = await (await ready).run(request.sequences);
    port.postMessage({ id: request.id, vectors } satisfies ThreadReply, vectors.map((v) => v.buffer as ArrayBuffer));
  } catch (error) {
    port.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ThreadReply);
  }
});
