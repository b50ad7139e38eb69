/**
 * "Nothing leaves this device", held by the browser (workers/sw/policy.ts says what each policy
 * allows and why):
 *  - the page's policy as a <meta> in every built page, so it holds from the first visit on, with
 *    or without the service worker and whatever the host sends;
 *  - WebRTC removed from the page (src/client/remove-webrtc.ts) by its first script, a classic one
 *    from the site that blocks the parser, after the <meta> and before any other: an inline script
 *    would need its hash in the host's header as well as in the <meta>;
 *  - the service worker's guard (workers/sw/guard.ts), bundled into one classic script the
 *    generated service worker loads with importScripts (`SERVICE_WORKER_GUARD`);
 *  - in `vite preview`, the header a static host sends on every response: until the service
 *    worker controls the page, it is what holds the workers.
 * Not in dev: Vite's dev server injects inline scripts and talks to the page over a WebSocket.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { bundleClassicScript } from './classic-script.ts';
import { FIRST_VISIT_POLICY, PAGE_POLICY } from '../workers/sw/policy.ts';

/** The guard's file in the build, relative to the service worker (see `workbox.importScripts`). */
export const SERVICE_WORKER_GUARD = 'sw-guard.js';
/** The page's first script, at the build's root. */
export const REMOVE_WEBRTC = 'remove-webrtc.js';

export function contentSecurityPolicy(): Plugin {
  let base = '/';
  return {
    name: 'loci-content-security-policy',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml(_html, ctx) {
      // The app's page only: the test harness and bench pages (built only for them, never deployed)
      // run the engine's WebAssembly in the page, under the preview server's first-visit policy.
      if (path.resolve(ctx.filename) !== path.resolve('index.html')) return;
      // In this order at the head's top: the policy holds from the first script on.
      return [
        { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: PAGE_POLICY }, injectTo: 'head-prepend' },
        { tag: 'script', attrs: { src: `${base}${REMOVE_WEBRTC}` }, injectTo: 'head-prepend' },
      ];
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_GUARD, source: await bundleClassicScript('workers/sw/guard.ts', SERVICE_WORKER_GUARD) });
      this.emitFile({ type: 'asset', fileName: REMOVE_WEBRTC, source: await bundleClassicScript('src/client/remove-webrtc.ts', REMOVE_WEBRTC) });
    },
    configurePreviewServer(server) {
      server.middlewares.use((_req, res, next) => {
        res.setHeader('Content-Security-Policy', FIRST_VISIT_POLICY);
        next();
      });
    },
  };
}
