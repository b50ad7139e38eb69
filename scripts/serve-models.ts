/**
 * Serves a local models folder at /models/ in dev and preview, so the app (and its tests) can load
 * models with no network: LOCI_MODELS_DIR, default ../shared/models. Nothing is served when the
 * folder is absent.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';

export function modelsDir(): string {
  return path.resolve(process.env.LOCI_MODELS_DIR ?? path.resolve(process.cwd(), '../shared/models'));
}

const TYPES: Record<string, string> = { '.json': 'application/json', '.onnx': 'application/octet-stream', '.txt': 'text/plain' };

function middleware(root: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    if (!url.startsWith('/models/')) return next();
    const file = path.resolve(root, `.${url.slice('/models'.length)}`);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', statSync(file).size);
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    createReadStream(file).pipe(res);
  };
}

export function serveModels(): Plugin {
  const root = modelsDir();
  return {
    name: 'loci-serve-models',
    configureServer(server) {
      if (existsSync(root)) server.middlewares.use(middleware(root));
    },
    configurePreviewServer(server) {
      if (existsSync(root)) server.middlewares.use(middleware(root));
    },
  };
}
