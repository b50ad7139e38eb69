/**
 * The production build and a preview server over it, on a free port. The tests build into a
 * folder of their own, so the harness page never ends up in the dist/ that `npm start` serves.
 */
import type { ServerResponse } from 'node:http';
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

/**
 * `port`: the one a stopped server had, so the app's origin (and its storage) stays the same; by
 * default a free one. `served`: told the bytes of each response body sent, by request path (a
 * benchmark counts what a visit downloads).
 */
export async function startPreview(outDir = OUT_DIR, port?: number, served?: (url: string, bytes: number) => void): Promise<PreviewServer> {
  port ??= await freePort();
  const server = await preview({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost' },
  });
  if (served) server.httpServer.prependListener('request', (request, response) => countBody(request.url ?? '', response, served));
  return {
    url: `http://localhost:${port}`,
    async close() {
      // Browsers keep connections alive; without dropping them close() waits for them.
      (server.httpServer as { closeAllConnections?: () => void }).closeAllConnections?.();
      await server.close();
    },
  };
}

/** Counts the body bytes `response` writes, whatever writes them (a piped file, a string), and reports them once it is finished. */
function countBody(url: string, response: ServerResponse, served: (url: string, bytes: number) => void): void {
  let bytes = 0;
  const size = (chunk: unknown) => (typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.byteLength : 0);
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    bytes += size(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') bytes += size(chunk);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  response.once('finish', () => served(url.split('?')[0], bytes));
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
