/**
 * Embedding throughput (chunks/s) per model and dtype, on real chunks of a fixture in the model's
 * language, embedded in the indexer's batches. The baseline is the same model in fp32; all dtypes
 * of a model are loaded together and take turns batch by batch, so they share the machine's load.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chunkDocument, DEFAULT_CHUNKING } from '../../src/core/chunk/index.ts';
import { ingest } from '../../src/core/ingest/index.ts';
import { chunkEntry } from '../../src/core/pipeline/base-entries.ts';
import { embedTexts } from '../../src/core/pipeline/embed-texts.ts';
import { loadNodeModels, type NodeModels } from '../../src/models/node.ts';
import type { ModelDtype } from '../../src/models/registry.ts';
import { round } from './stats.ts';

export interface EmbedTarget {
  model: string;
  /** A document in the model's language whose chunks are embedded. */
  file: string;
  /** Dtypes to time; default the bench's (fp32 and q8). */
  dtypes?: ModelDtype[];
  /** Threads, for a model that runs on threads of its own (USE-Lite); default one per core. */
  threads?: number;
}

export interface EmbedRow {
  model: string;
  dtype: ModelDtype;
  threads?: number;
  chunks: number;
  /** Distinct chunks of the fixture (cycled to reach `chunks` when it has fewer). */
  distinct: number;
  ms: number;
  chunksPerS: number;
  /** Time relative to the same model in fp32. */
  ratio: number;
}

const BATCH = 64;

async function fixtureChunks(file: string, models: NodeModels, max: number): Promise<{ texts: string[]; distinct: number }> {
  const doc = await ingest(path.basename(file), new Uint8Array(await readFile(file)));
  const chunks = await chunkDocument(doc, (t) => models.embedder.countTokens(t), DEFAULT_CHUNKING);
  const distinct = chunks.map((c) => chunkEntry(c).text);
  // repeating texts costs the same as new ones (nothing is cached), and gives a steadier timing
  return { texts: Array.from({ length: max }, (_, i) => distinct[i % distinct.length]), distinct: Math.min(distinct.length, max) };
}

export async function benchEmbed(
  modelsDir: string,
  targets: readonly EmbedTarget[],
  options: { chunks: number; dtypes?: ModelDtype[]; log?: (line: string) => void },
): Promise<EmbedRow[]> {
  const rows: EmbedRow[] = [];
  for (const target of targets) {
    const dtypes = target.dtypes ?? options.dtypes ?? ['fp32', 'q8'];
    const loaded: NodeModels[] = [];
    try {
      for (const dtype of dtypes) {
        loaded.push(await loadNodeModels({ modelsDir, embedder: target.model, dtypes: { [target.model]: dtype }, threads: target.threads }));
      }
      const { texts, distinct } = await fixtureChunks(target.file, loaded[0], options.chunks);
      // warm-up: the first call sets sessions up, which is not throughput
      for (const m of loaded) await embedTexts(m.embedder, texts.slice(0, BATCH));
      const ms = dtypes.map(() => 0);
      for (let i = 0; i < texts.length; i += BATCH) {
        const batch = texts.slice(i, i + BATCH);
        for (const [j, m] of loaded.entries()) {
          const t0 = performance.now();
          await m.embedder.embed(batch, 'passage');
          ms[j] += performance.now() - t0;
        }
      }
      dtypes.forEach((dtype, j) => {
        rows.push({
          model: target.model,
          dtype,
          ...(target.threads !== undefined ? { threads: target.threads } : {}),
          chunks: texts.length,
          distinct,
          ms: round(ms[j], 1),
          chunksPerS: round(texts.length / (ms[j] / 1000), 1),
          ratio: round(ms[j] / ms[0], 2),
        });
        options.log?.(`embed ${target.model} ${dtype}: ${texts.length} chunks in ${ms[j].toFixed(0)} ms`);
      });
    } finally {
      await Promise.all(loaded.map((m) => m.dispose()));
    }
  }
  return rows;
}
