/**
 * The production-shaped stand-ins (random weights, real shapes: bench/models/stand-ins/build.py),
 * built on first use into a cache folder outside the repository — they are 1.8 GB, and the
 * generator's 0.6 GB more — with Debian's
 * torch and onnx, which are installed when missing. Never built by `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { defaultCacheDir } from '../../src/cli/options.ts';

export const E5 = 'Xenova/multilingual-e5-small';
export const RERANKER = 'Xenova/bge-reranker-base';
export const QWEN = 'onnx-community/Qwen2.5-0.5B-Instruct';

/** Debian's interpreter: a pyenv or venv python on the PATH would not see the apt packages. */
const PYTHON = '/usr/bin/python3';
const BUILD = path.resolve('bench/models/stand-ins/build.py');

export function standInsDir(): string {
  return path.resolve(process.env.LOCI_STAND_INS_DIR ?? path.join(defaultCacheDir(), 'stand-ins'));
}

function built(dir: string, repo: string): boolean {
  return existsSync(path.join(dir, repo, 'onnx', 'model_quantized.onnx'));
}

function haveTorch(): boolean {
  return spawnSync(PYTHON, ['-c', 'import torch, onnx'], { stdio: 'ignore' }).status === 0;
}

function installTorch(log: (line: string) => void): void {
  log('installing python3-torch and python3-onnx with apt-get (once)');
  const install = () => spawnSync('apt-get', ['install', '-y', 'python3-torch', 'python3-onnx'], { stdio: 'inherit' }).status === 0;
  // a machine whose package lists were never fetched finds nothing until apt-get update
  if (!install()) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    if (!install()) throw new Error('apt-get could not install python3-torch and python3-onnx; install them and run again.');
  }
}

/** The folder holding the stand-ins under their registry ids, built if missing (the generator's only when asked for). */
export function ensureStandIns(dataDir: string, log: (line: string) => void, withGenerator = false): string {
  const dir = standInsDir();
  const missing = [E5, RERANKER, ...(withGenerator ? [QWEN] : [])].filter((repo) => !built(dir, repo));
  if (missing.length === 0) return dir;
  if (!haveTorch()) installTorch(log);
  mkdirSync(dir, { recursive: true });
  for (const repo of missing) {
    log(`building the ${repo} stand-in into ${dir} (a minute or two)`);
    const only = repo === E5 ? 'e5' : repo === RERANKER ? 'reranker' : 'qwen';
    execFileSync(PYTHON, [BUILD, '--out', dir, '--data', dataDir, '--only', only], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return dir;
}

/**
 * A folder the preview server can serve as /models/: the stand-ins and, beside them, the tiny
 * models the app's `models=local` mode loads for everything else (the generator, the reranker).
 */
export function servedModels(standIns: string, tinyModels: string): string {
  const served = path.join(standIns, '.served');
  mkdirSync(served, { recursive: true });
  const link = (target: string, name: string) => {
    const at = path.join(served, name);
    if (!existsSync(at)) symlinkSync(target, at);
  };
  link(path.join(standIns, 'Xenova'), 'Xenova');
  if (existsSync(path.join(standIns, 'onnx-community'))) link(path.join(standIns, 'onnx-community'), 'onnx-community');
  for (const name of readdirSync(tinyModels)) {
    if (!name.startsWith('_') && existsSync(path.join(tinyModels, name, 'config.json'))) link(path.join(tinyModels, name), name);
  }
  return served;
}
