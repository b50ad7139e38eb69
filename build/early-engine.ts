/**
 * The engine worker started by the page's second script (src/client/start-engine.ts), before the
 * app's modules: the built page gets a classic script after WebRTC's removal whose tag carries the
 * built engine worker's address, which only the bundle knows. The client takes that worker
 * (src/client/early-engine.ts). Why, and what it gained: docs/decisions/2026-12-03-reopen-first-sources.md#the-engine-worker-started-by-the-pages-second-script.
 */
import type { Plugin } from 'vite';
import { bundleClassicScript } from './classic-script.ts';
import { REMOVE_WEBRTC } from './content-security-policy.ts';

/** The script's file, at the build's root. */
export const START_ENGINE = 'start-engine.js';

/** The engine worker's file among the bundle's, e.g. assets/engine.worker-Cx7FPdSw.js. */
const ENGINE_WORKER = /^assets\/engine\.worker-[\w-]+\.js$/;

export function earlyEngine(): Plugin {
  let base = '/';
  return {
    name: 'loci-early-engine',
    apply: 'build',
    // after the page is written (vite:build-html) and the workers are in the bundle
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const worker = Object.keys(bundle).find((name) => ENGINE_WORKER.test(name));
      if (!worker) this.error('the engine worker is not in the bundle: the page could not start it early');
      const first = `<script src="${base}${REMOVE_WEBRTC}"></script>`;
      const html = String(page.source);
      if (!html.includes(first)) this.error(`the page has no ${REMOVE_WEBRTC} to start the engine after`);
      page.source = html.replace(first, `${first}\n    <script src="${base}${START_ENGINE}" data-worker="${base}${worker}"></script>`);
      this.emitFile({ type: 'asset', fileName: START_ENGINE, source: await bundleClassicScript('src/client/start-engine.ts', START_ENGINE) });
    },
  };
}
