/**
 * Serves pdf.js's data files (CJK CMaps, standard fonts) at /pdfjs/ in dev
 * and copies them into the build, where the service worker precaches them: a PDF then parses in
 * the engine worker with no network (see workers/engine/pdf-in-thread.ts).
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const FOLDERS = ['cmaps', 'standard_fonts'] as const;

function pdfjsRoot(): string {
  return path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
}

function files(root: string): { url: string; file: string }[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((name) => !name.startsWith('LICENSE'))
      .map((name) => ({ url: `pdfjs/${folder}/${name}`, file: path.join(root, folder, name) })),
  );
}

export function pdfjsAssets(): Plugin {
  const root = pdfjsRoot();
  return {
    name: 'loci-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        const match = /^\/pdfjs\/(cmaps|standard_fonts)\/([^/]+)$/.exec(url);
        const file = match ? path.join(root, match[1], match[2]) : undefined;
        if (!file || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const { url, file } of files(root)) this.emitFile({ type: 'asset', fileName: url, source: readFileSync(file) });
    },
  };
}
