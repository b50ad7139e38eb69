/** A model's first download, on stderr: where it comes from and goes, then its files in MB as they arrive. */
import type { LoadProgress } from '../models/transformers-load.ts';
import { hostOf, type ModelDownloads } from '../models/node-download.ts';
import { stderrProgress } from './progress.ts';

const MB = 1_000_000;

export function downloadProgress(downloads: ModelDownloads, quiet: boolean): (model: string, progress: LoadProgress) => void {
  const print = stderrProgress(quiet);
  const announced = new Set<string>();
  return (model, { file, loaded, total }) => {
    if (quiet) return;
    if (!announced.has(model)) {
      announced.add(model);
      process.stderr.write(`downloading ${model} from ${hostOf(downloads)} (first use; kept in ${downloads.cacheDir})\n`);
    }
    // a config or tokenizer file arrives in one piece: only the weights are worth a progress line
    if (total < MB) return;
    print({ stage: `${model} MB`, done: Math.floor(loaded / MB), total: Math.round(total / MB), item: file });
  };
}
