/** The production build and a preview server over it, on a free port. */
import { createServer } from 'node:net';
import { build, preview } from 'vite';

export async function buildApp(): Promise<void> {
  process.env.LOCI_TEST_HARNESS = '1';
  const started = Date.now();
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  console.log(`[browser tests] vite build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

export async function startPreview(): Promise<PreviewServer> {
  const port = await freePort();
  const server = await preview({ configFile: 'vite.config.ts', logLevel: 'warn', preview: { port, strictPort: true, host: 'localhost' } });
  return {
    url: `http://localhost:${port}`,
    async close() {
      // Browsers keep connections alive; without dropping them close() waits for them.
      (server.httpServer as { closeAllConnections?: () => void }).closeAllConnections?.();
      await server.close();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
