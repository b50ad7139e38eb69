import { svelte } from '@sveltejs/vite-plugin-svelte';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { serveModels } from './scripts/serve-models.ts';
import { contentSecurityPolicy, SERVICE_WORKER_GUARD } from './build/content-security-policy.ts';
import { earlyEngine } from './build/early-engine.ts';
import { ocrAssets } from './build/ocr-assets.ts';
import { pdfjsAssets } from './build/pdfjs-assets.ts';
import { siteLibrary } from './build/site-library-publish.ts';
import { useLiteAssets } from './build/use-lite-assets.ts';

// Cross-origin isolation gives SharedArrayBuffer, which onnxruntime-web needs for threaded WASM.
// A static host must send the same two headers on every response (see the README).
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const port = Number(process.env.PORT ?? 4173);

// The browser tests' worker harness page and the browser benchmark's page are built only for them
// (test/browser/global-setup.ts, bench/browser/run.ts), never into the dist/ that is deployed.
const input: Record<string, string> = { index: path.resolve('index.html') };
if (process.env.LOCI_TEST_HARNESS === '1') {
  input.harness = path.resolve('test/browser/harness.html');
  input.bench = path.resolve('bench/browser/page.html');
}

export default defineConfig({
  plugins: [
    svelte(),
    serveModels(),
    pdfjsAssets(),
    ocrAssets(),
    useLiteAssets(),
    // LOCI_SITE_LIBRARY=path/to/file (or public/library.loci): a library published with the app.
    siteLibrary(),
    contentSecurityPolicy(),
    earlyEngine(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: 'script',
      manifest: {
        name: 'Loci',
        short_name: 'Loci',
        description: 'Private document question answering that runs entirely in your browser.',
        lang: 'en',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#f6f4ef',
        theme_color: '#2f4858',
        icons: [
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: 'icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell, the workers, ORT's wasm and pdf.js's data: everything needed to open and
        // answer offline. Models are not here: transformers.js keeps them in its own cache, the OCR
        // worker its models in another (workers/ocr/ocr-model-files.ts).
        globPatterns: ['**/*.{html,js,mjs,css,wasm,svg,webmanifest,bcmap,pfb,ttf}'],
        // ORT's plain wasm is the OCR worker's alone, fetched with the first scan and kept in the
        // OCR cache like the OCR models (workers/ocr/ocr-service.ts): not 14 MB more for every visitor.
        // TF.js's threaded build is named to satisfy its loader but never started (src/models/use-lite/graph.ts).
        globIgnores: ['**/*.map', 'test/**', 'bench/**', '**/ort-wasm-simd-threaded-*.wasm', '**/tfjs-backend-wasm-threaded-simd-*.wasm'],
        // ORT's asyncify wasm is 27 MB; the default limit (2 MiB) would silently leave it out.
        maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/models\//, /^\/bundled-models\//, /^\/pdfjs\//, /^\/ocr\//, /^\/test\//, /^\/bench\//],
        cleanupOutdatedCaches: true,
        // Take over the page that installed it, so a first visit is already offline-ready.
        clientsClaim: true,
        skipWaiting: true,
        // Before Workbox's handlers: refuses other origins, gives worker scripts their policy.
        importScripts: [SERVICE_WORKER_GUARD],
      },
    }),
  ],
  server: { port, headers: ISOLATION_HEADERS },
  preview: { port, strictPort: true, headers: ISOLATION_HEADERS },
  worker: { format: 'es' },
  optimizeDeps: {
    exclude: ['@huggingface/transformers', 'onnxruntime-web'],
    // The dev server pre-bundles what it finds from these: the workers' dependencies too, which
    // it would otherwise meet only once a worker runs, and refuse as outdated (504) mid-start.
    entries: ['index.html', 'workers/*.worker.ts'],
  },
  build: { target: 'es2022', sourcemap: true, rolldownOptions: { input } },
});
