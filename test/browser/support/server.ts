/**
 * The production build and a preview server over it, on a free port. The tests build into a
 * folder of their own, so the harness page never ends up in the dist/ that `npm start` serves.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { build, preview } from 'vite';

export const OUT_DIR = path.resolve('test-results/dist');

/** `outDir`: the tests' folder, or one of a benchmark's own, which a test run's build then never empties under it. */
export async function buildApp(outDir = OUT_DIR): Promise<void> {
  process.env.LOCI_TEST_HARNESS = '1';
  const started = Date.now();
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  console.log(`[browser tests] vite build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

/** `port`: the one a stopped server had, so the app's origin (and its storage) stays the same; by default a free one. */
export async function startPreview(outDir = OUT_DIR, port?: number): Promise<PreviewServer> {
  port ??= await freePort();
  const server = await preview({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost' },
  });
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
