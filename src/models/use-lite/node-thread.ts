/** A Node worker thread running one copy of USE-Lite's graph (node-pool.ts starts them). */
import { parentPort } from 'node:worker_threads';
import { serveUseLiteThread } from './thread-body.ts';
import type { ThreadRequest } from './thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('node-thread.ts runs only as a worker thread.');
serveUseLiteThread({
  post: (reply, transfer) => port.postMessage(reply, transfer),
  onMessage: (listener) => port.on('message', (request: ThreadRequest) => listener(request)),
});
