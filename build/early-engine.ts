/**
 * The engine worker started ahead of the app's modules: the page gets an async module script,
 * right after WebRTC's removal, that loads src/client/engine-worker.ts on its own, which creates
 * the worker; the app's client imports the same module, and so takes the same worker (a page
 * holds one instance of a module). In the build the module is an entry of its own, so its chunk
 * is small and the script runs as soon as it is fetched; the dev server serves the same module
 * from its source. Why, and what it gained: docs/decisions/2026-12-03-reopen-first-sources.md#the-engine-worker-started-by-the-pages-second-script.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { REMOVE_WEBRTC } from './content-security-policy.ts';

/** The module that creates the engine worker, from the project's root. */
export const ENGINE_WORKER_MODULE = 'src/client/engine-worker.ts';

/** The name of its entry, and so of its chunk: assets/engine-start-<hash>.js. */
const ENTRY = 'engine-start';

/** The page's tag that loads `src` ahead of the app's modules. */
export function earlyScript(src: string): string {
  return `<script type="module" async crossorigin src="${src}"></script>`;
}

export function earlyEngine(): Plugin {
  let base = '/';
  const module = path.resolve(ENGINE_WORKER_MODULE);
  return {
    name: 'loci-early-engine',
    // after the page is written (vite:build-html) and the chunks are named
    enforce: 'post',
    config(_config, env) {
      if (env.command === 'build') return { build: { rolldownOptions: { input: { [ENTRY]: module } } } };
      return undefined;
    },
    configResolved(config) {
      base = config.base;
    },
    // the dev server: the same module, served from its source, which the app's own imports name alike
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ctx.server === undefined) return undefined;
        return [{ tag: 'script', attrs: { type: 'module', async: true, src: `${base}${ENGINE_WORKER_MODULE}` }, injectTo: 'head-prepend' }];
      },
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry && item.facadeModuleId === module);
      if (!chunk) this.error(`${ENGINE_WORKER_MODULE} is not an entry of the bundle: the page could not start the engine early`);
      const first = `<script src="${base}${REMOVE_WEBRTC}"></script>`;
      const html = String(page.source);
      if (!html.includes(first)) this.error(`the page has no ${REMOVE_WEBRTC} to start the engine after`);
      page.source = html.replace(first, `${first}\n    ${earlyScript(`${base}${chunk.fileName}`)}`);
    },
  };
}
