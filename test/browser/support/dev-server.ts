/**
 * The app served from its sources by Vite's dev server (`npm run dev`), on a free port, with the
 * project's own configuration: what a contributor runs, beside the build the other files test.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer } from 'vite';

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

export async function startDevServer(): Promise<DevServer> {
  const server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    // its pre-bundled dependencies in the tests' folder, not in node_modules
    cacheDir: path.resolve('test-results/vite-dev'),
    server: { port: 0, strictPort: true, host: 'localhost' },
  });
  await server.listen();
  const { port } = server.httpServer?.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    async close() {
      // Browsers keep connections alive; without dropping them close() waits for them.
      (server.httpServer as { closeAllConnections?: () => void } | null)?.closeAllConnections?.();
      await server.close();
    },
  };
}
