/**
 * The encoder itself: USE-Lite's TF.js graph on TF.js's WebAssembly backend (SIMD, one thread; a
 * pool runs one graph per core: pool.ts). Takes token ids, gives 512-d vectors, one batch at a
 * time. TF.js's plain CPU backend runs the same graph about 24 times slower (0.7 texts/s against
 * 16.6, HotpotQA paragraphs, one thread), so the WASM backend is the only one set up.
 */
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { UseLiteArtifacts } from './artifacts.ts';

export const USE_LITE_DIMENSION = 512;

/**
 * Where the backend's .wasm files are: a folder (Node: a path ending in '/') or one URL each. TF.js
 * asks for all three, the threaded build's too, though it is never started (see below).
 */
export type WasmLocation =
  | string
  | { 'tfjs-backend-wasm.wasm': string; 'tfjs-backend-wasm-simd.wasm': string; 'tfjs-backend-wasm-threaded-simd.wasm': string };

let backend: Promise<void> | undefined;

/**
 * Starts TF.js's WASM backend once per thread, on one thread of its own; later calls share the
 * first. Its threaded build starts pthreads from a classic-worker script that fails inside the
 * app's module workers (Chromium 156: "ReferenceError: e is not defined" in each blob worker), so
 * threads come from running several graphs instead (pool.ts).
 */
export function startWasmBackend(wasm: WasmLocation): Promise<void> {
  backend ??= (async () => {
    setWasmPaths(wasm);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    // TF.js's default engine reports every kernel it registers at start-up; nothing here needs it.
    tf.env().set('PROD', true);
    if (!(await tf.setBackend('wasm'))) throw new Error("TF.js's WebAssembly backend did not start.");
    await tf.ready();
  })();
  return backend;
}

export class UseLiteGraph {
  private constructor(private readonly model: GraphModel) {}

  static async load(artifacts: Pick<UseLiteArtifacts, 'model' | 'weights'>): Promise<UseLiteGraph> {
    const { model, weights } = artifacts;
    const graph = await loadGraphModel({
      load: async () => ({
        modelTopology: model.modelTopology,
        weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
        weightData: weights,
        ...(model.format ? { format: model.format } : {}),
        ...(model.generatedBy ? { generatedBy: model.generatedBy } : {}),
        ...(model.convertedBy ? { convertedBy: model.convertedBy } : {}),
      }),
    });
    return new UseLiteGraph(graph);
  }

  /**
   * One vector per sequence. The graph takes the batch as a sparse tensor (a row and column per
   * token), so a batch needs no padding mask; it pads to the longest row inside, which is why the
   * caller groups sequences of similar length. Every sequence must hold at least one id: a row
   * with none would shorten the batch the graph infers.
   */
  async run(sequences: readonly (readonly number[])[]): Promise<Float32Array[]> {
    const count = sequences.reduce((n, s) => n + s.length, 0);
    const positions = new Int32Array(count * 2);
    const ids = new Int32Array(count);
    let at = 0;
    sequences.forEach((sequence, row) => {
      if (sequence.length === 0) throw new RangeError('USE-Lite cannot embed an empty token sequence.');
      sequence.forEach((id, column) => {
        positions[at * 2] = row;
        positions[at * 2 + 1] = column;
        ids[at++] = id;
      });
    });
    const indices = tf.tensor2d(positions, [count, 2], 'int32');
    const values = tf.tensor1d(ids, 'int32');
    try {
      const output = (await this.model.executeAsync({ indices, values })) as tf.Tensor;
      const data = (await output.data()) as Float32Array;
      output.dispose();
      return sequences.map((_, row) => data.slice(row * USE_LITE_DIMENSION, (row + 1) * USE_LITE_DIMENSION));
    } finally {
      indices.dispose();
      values.dispose();
    }
  }

  dispose(): void {
    this.model.dispose();
  }
}
