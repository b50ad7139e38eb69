/**
 * The body of a USE-Lite thread: given the model once ('init'), it runs batches ('run') one at a
 * time and sends their vectors back. The thread's entry file only says how it is reached.
 */
import { startWasmBackend, UseLiteGraph } from './graph.ts';
import type { ThreadSide } from './thread-protocol.ts';

export function serveUseLiteThread(side: ThreadSide): void {
  let graph: Promise<UseLiteGraph> | undefined;
  side.onMessage(async (request) => {
    if (request.type === 'init') {
      graph = (async () => {
        await startWasmBackend(request.wasm);
        return UseLiteGraph.load({ model: request.model, weights: request.weights });
      })();
      graph.then(
        () => side.post({ type: 'ready' }),
        (error: unknown) => side.post({ type: 'failed', error: messageOf(error) }),
      );
      return;
    }
    try {
      if (!graph) throw new Error('a USE-Lite thread was asked to embed before it was given the model');
      const vectors = await (await graph).run(request.sequences);
      side.post({ type: 'vectors', id: request.id, vectors }, vectors.map((v) => v.buffer as ArrayBuffer));
    } catch (error) {
      side.post({ type: 'error', id: request.id, error: messageOf(error) });
    }
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
