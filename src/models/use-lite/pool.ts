/**
 * USE-Lite on several threads, each running its own copy of the graph: TF.js's WASM backend runs
 * one thread per graph wherever Loci runs it (graph.ts says why), so this is how both cores work.
 * Each thread is given the model once, then batches go to whichever is free.
 */
import type { UseLiteArtifacts } from './artifacts.ts';
import type { WasmLocation } from './graph.ts';
import type { UseLiteRunner } from './runner.ts';
import type { ThreadPort, ThreadReply } from './thread-protocol.ts';

/** A thread could not load the model: the message names why. */
export class UseLiteThreadError extends Error {
  override name = 'UseLiteThreadError';
}

export async function startPool(
  threads: readonly ThreadPort[],
  artifacts: Pick<UseLiteArtifacts, 'model' | 'weights'>,
  wasm: WasmLocation,
): Promise<UseLiteRunner> {
  const pending = new Map<number, { resolve(v: Float32Array[]): void; reject(e: Error): void }>();
  const ready = threads.map(
    (thread) =>
      new Promise<ThreadPort>((resolve, reject) => {
        thread.onMessage((reply: ThreadReply) => {
          if (reply.type === 'ready') resolve(thread);
          else if (reply.type === 'failed') reject(new UseLiteThreadError(`USE-Lite could not start: ${reply.error}`));
          else {
            const job = pending.get(reply.id);
            if (!job) return;
            pending.delete(reply.id);
            if (reply.type === 'error') job.reject(new UseLiteThreadError(`USE-Lite: ${reply.error}`));
            else job.resolve(reply.vectors);
          }
        });
        // each thread gets a copy of the weights of its own, handed over rather than cloned once more
        const weights = artifacts.weights.slice(0);
        thread.post({ type: 'init', wasm, model: artifacts.model, weights }, [weights]);
      }),
  );
  try {
    await Promise.all(ready);
  } catch (error) {
    await Promise.all(threads.map((t) => t.terminate()));
    throw error;
  }

  const free = [...threads];
  const waiting: (() => void)[] = [];
  let nextId = 0;
  return {
    parallel: threads.length,
    async run(sequences) {
      while (free.length === 0) await new Promise<void>((resume) => waiting.push(resume));
      const thread = free.pop() as ThreadPort;
      try {
        const id = nextId++;
        return await new Promise<Float32Array[]>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          thread.post({ type: 'run', id, sequences: sequences as number[][] });
        });
      } finally {
        free.push(thread);
        waiting.shift()?.();
      }
    },
    async dispose() {
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}
