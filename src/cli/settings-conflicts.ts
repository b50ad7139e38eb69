/**
 * Index settings named on the command line against those an existing index was built with. An
 * index keeps its own settings (its chunks, clusters and entries were all made with them), so an
 * option that asks for others while extending it would be ignored: `loci index` refuses instead,
 * showing each difference.
 */
import type { IndexManifest, PreparseMode } from '../core/types.ts';

/** The index settings given explicitly on the command line (absent: not given, so no conflict). */
export interface GivenSettings {
  chunkTokens?: number;
  clusterScope?: 'document' | 'corpus';
  seed?: number;
  /** Only `--raptor` (true) can be given; there is no option to turn it off. */
  raptor?: boolean;
  preparse?: PreparseMode;
  /** The pre-parsing model, which matters only where pre-parsing uses one. */
  llm?: string;
}

/** One line per option that differs from the index: `--chunk-tokens 200 (the index uses 100)`. */
export function settingsConflicts(manifest: IndexManifest, given: GivenSettings): string[] {
  const out: string[] = [];
  const differs = (option: string, value: string | number | undefined, built: string | number) => {
    if (value !== undefined && value !== built) out.push(`${option} ${value} (the index uses ${built})`);
  };
  differs('--chunk-tokens', given.chunkTokens, manifest.chunking.chunkTokens);
  differs('--cluster-scope', given.clusterScope, manifest.clustering.scope);
  differs('--seed', given.seed, manifest.clustering.seed);
  if (given.raptor && !manifest.raptor) out.push('--raptor (the index was built without RAPTOR)');
  differs('--preparse', given.preparse, manifest.preparse.mode);
  const mode = given.preparse ?? manifest.preparse.mode;
  if (mode === 'llm' && manifest.preparse.mode === 'llm' && manifest.preparse.generatorId !== undefined) {
    differs('--llm', given.llm, manifest.preparse.generatorId);
  }
  return out;
}
