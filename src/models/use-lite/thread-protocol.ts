/**
 * What passes between the thread that tokenizes (the embedder's) and the threads that each run a
 * copy of USE-Lite's graph: Node worker threads (node-pool.ts) or the embed worker's own workers
 * (workers/embed/use-lite-browser.ts). One protocol, one pool, one thread body for both.
 */
import type { GraphModelJson } from './artifacts.ts';
import type { WasmLocation } from './graph.ts';

export type ThreadRequest =
  | { type: 'init'; wasm: WasmLocation; model: GraphModelJson; weights: ArrayBuffer }
  | { type: 'run'; id: number; sequences: number[][] };

export type ThreadReply =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'vectors'; id: number; vectors: Float32Array[] }
  | { type: 'error'; id: number; error: string };

/** The two ends a thread is reached through, whatever kind of thread it is. */
export interface ThreadPort {
  post(message: ThreadRequest, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (reply: ThreadReply) => void): void;
  terminate(): Promise<void> | void;
}

/** The thread's side: the same for a Node worker thread and a browser worker. */
export interface ThreadSide {
  post(reply: ThreadReply, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (request: ThreadRequest) => void): void;
}
