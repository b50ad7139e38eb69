/** Where the shared material lives: `../shared` beside the repository (CI clones it there too). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_DIR = process.env.LOCI_SHARED_DIR ?? path.resolve(REPO_ROOT, '../shared');
export const MODELS_DIR = process.env.LOCI_MODELS_DIR ?? path.join(SHARED_DIR, 'models');
export const DATA_DIR = path.join(SHARED_DIR, 'data');
export const DOCUMENTS_DIR = path.join(DATA_DIR, 'documents');
export const FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures');
