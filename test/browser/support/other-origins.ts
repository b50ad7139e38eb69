/**
 * Two servers on 127.0.0.1, another origin than the app's localhost: a model mirror in the hub's
 * layout (`/<repo>/resolve/<revision>/<file>`) over the shared models folder, and a stranger that
 * only counts what reaches it (requests and WebSocket handshakes). Each records the paths asked.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MODELS_DIR } from '../../support/paths.ts';

export interface OtherOrigin {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every path asked for, WebSocket handshakes as `ws <path>`. */
  requests: string[];
  close(): Promise<void>;
}

async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void, requests: string[]): Promise<OtherOrigin> {
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    // Fetched by a cross-origin-isolated page: CORS for its fetches, CORP for anything else.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    handle(req, res);
  });
  server.on('upgrade', (req, socket) => {
    requests.push(`ws ${req.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startMirror(root = MODELS_DIR): Promise<OtherOrigin> {
  return listen((req, res) => {
    const match = /^\/(.+?)\/resolve\/[^/]+\/(.+)$/.exec(decodeURIComponent((req.url ?? '').split('?')[0]));
    const file = match ? path.resolve(root, match[1], match[2]) : undefined;
    if (!file || !file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Length', statSync(file).size);
    createReadStream(file).pipe(res);
  }, []);
}

export function startStranger(): Promise<OtherOrigin> {
  return listen((_req, res) => res.end('you should never see this'), []);
}
