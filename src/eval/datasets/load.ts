/**
 * `loadDataset(name, { dataDir, split })`: the split's files are found by name, so any folder laid
 * out the same way (another split, another sample) is evaluated as it is.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadFinancebench } from './financebench.ts';
import { loadHotpotqa } from './hotpotqa.ts';
import { loadMsmarco } from './msmarco.ts';
import { loadQuality } from './quality.ts';
import { loadRgb, rgbFiles } from './rgb.ts';
import { DataError } from './records.ts';
import { DATASET_NAMES, type DatasetName, type EvalDataset } from './types.ts';

export interface LoadOptions {
  /** Folder holding one sub-folder per dataset (`../shared/data`), or the dataset's folder itself. */
  dataDir: string;
  split: string;
}

const LOADERS: Record<DatasetName, (folder: string, split: string) => Promise<EvalDataset>> = {
  quality: loadQuality,
  hotpotqa: loadHotpotqa,
  rgb: loadRgb,
  financebench: loadFinancebench,
  msmarco: loadMsmarco,
};

/** The files a split needs, relative to the dataset folder (RGB: found by pattern instead). */
export function splitFiles(name: DatasetName, split: string): string[] {
  switch (name) {
    case 'quality':
      return [`${split}.jsonl`];
    case 'hotpotqa':
      return ['corpus.jsonl', `${split}_questions.jsonl`];
    case 'rgb':
      return [];
    case 'financebench':
      return [`${split}.jsonl`];
    case 'msmarco':
      return ['corpus.jsonl', `${split}_queries.jsonl`, `${split}_qrels.tsv`];
  }
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

export function isDatasetName(name: string): name is DatasetName {
  return (DATASET_NAMES as readonly string[]).includes(name);
}

export async function loadDataset(name: DatasetName, { dataDir, split }: LoadOptions): Promise<EvalDataset> {
  if (!/^[\w.-]+$/u.test(split)) throw new Error(`split name "${split}" may hold letters, digits, "_", "-" and "." only`);
  const sub = path.join(dataDir, name);
  const folder = (await isDirectory(sub)) ? sub : dataDir;
  if (!(await isDirectory(folder))) throw new DataError(folder, undefined, 'no such folder');

  const missing: string[] = [];
  for (const file of splitFiles(name, split)) if (!(await isFile(path.join(folder, file)))) missing.push(file);
  if (name === 'rgb' && (await rgbFiles(folder, split)).length === 0) missing.push(`zh_<subset>_${split}.jsonl`);
  if (missing.length > 0) {
    throw new DataError(folder, undefined, `split "${split}" of ${name} needs ${missing.join(', ')}`);
  }
  return LOADERS[name](folder, split);
}
