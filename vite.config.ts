import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { serveModels } from './scripts/serve-models.ts';

// Cross-origin isolation gives SharedArrayBuffer, which onnxruntime-web needs for threaded WASM.
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const port = Number(process.env.PORT ?? 4173);

export default defineConfig({
  plugins: [svelte(), serveModels()],
  server: { port, headers: ISOLATION_HEADERS },
  preview: { port, strictPort: true, headers: ISOLATION_HEADERS },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  build: { target: 'es2022', sourcemap: true },
});
