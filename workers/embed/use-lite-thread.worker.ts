/// <reference lib="webworker" />
/** One copy of USE-Lite's graph, started by the embed worker (use-lite-browser.ts), one per core. */
import { serveUseLiteThread } from '../../src/models/use-lite/thread-body.ts';
import type { ThreadRequest } from '../../src/models/use-lite/thread-protocol.ts';

serveUseLiteThread({
  post: (reply, transfer = []) => self.postMessage(reply, transfer),
  onMessage: (listener) => self.addEventListener('message', (event: MessageEvent<ThreadRequest>) => listener(event.data)),
});
