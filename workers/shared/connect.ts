/** The embed and LLM workers serve whoever sends them a port (the engine worker, in the app). */
import { expose } from 'comlink';
import type { ConnectMessage } from '../../src/protocol/workers.ts';

export function serveOnConnect(service: object): void {
  self.addEventListener('message', (event: MessageEvent<Partial<ConnectMessage>>) => {
    if (event.data?.type === 'loci-connect' && event.data.port) expose(service, event.data.port);
  });
}
