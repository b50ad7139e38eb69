/**
 * "Nothing leaves this device", held by the browser (workers/sw/policy.ts says what each policy
 * allows and why):
 *  - the page's policy as a <meta> in every built page, so it holds from the first visit on, with
 *    or without the service worker and whatever the host sends;
 *  - the service worker's guard (workers/sw/guard.ts), bundled into one classic script the
 *    generated service worker loads with importScripts (`SERVICE_WORKER_GUARD`);
 *  - in `vite preview`, the header a static host sends on every response: until the service
 *    worker controls the page, it is what holds the workers.
 * Not in dev: Vite's dev server injects inline scripts and talks to the page over a WebSocket.
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { FIRST_VISIT_POLICY, PAGE_POLICY } from '../workers/sw/policy.ts';

/** The guard's file in the build, relative to the service worker (see `workbox.importScripts`). */
export const SERVICE_WORKER_GUARD = 'sw-guard.js';

async function bundleGuard(): Promise<string> {
  // A script of its own, not a chunk of the app's build: importScripts needs a classic script
  // with everything it uses inside it.
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: path.resolve('workers/sw/guard.ts'), formats: ['iife'], name: 'lociGuard', fileName: () => SERVICE_WORKER_GUARD },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('the service worker guard was not bundled');
}

export function contentSecurityPolicy(): Plugin {
  return {
    name: 'loci-content-security-policy',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    transformIndexHtml(_html, ctx) {
      // The app's page only: the test harness and bench pages (built only for them, never deployed)
      // run the engine's WebAssembly in the page, under the preview server's first-visit policy.
      if (path.resolve(ctx.filename) !== path.resolve('index.html')) return;
      return [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: PAGE_POLICY }, injectTo: 'head-prepend' }];
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_GUARD, source: await bundleGuard() });
    },
    configurePreviewServer(server) {
      server.middlewares.use((_req, res, next) => {
        res.setHeader('Content-Security-Policy', FIRST_VISIT_POLICY);
        next();
      });
    },
  };
}
