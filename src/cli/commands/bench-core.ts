/**
 * `npm run bench:core`: query latency per strategy at 1k / 10k / 100k entries of 384 dimensions,
 * and clustering time at 200 / 1,000 / 3,000 chunks. Prints a table and writes JSON.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clusterChunks } from '../../core/cluster/index.ts';
import { LiveCorpus } from '../../core/engine/live-corpus.ts';
import { retrieve } from '../../core/search/retrieve.ts';
import { STRATEGIES, type Chunk, type VectorStorage } from '../../core/types.ts';
import { seededRandom } from '../../core/util/random.ts';
import { randomText, randomUnitVectors, syntheticIndex } from '../../bench/synthetic-corpus.ts';
import { round, timeCalls, type Timing } from '../../bench/stats.ts';

const DIMENSION = 384;

export async function benchCoreCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, sizes: { type: 'string' }, chunks: { type: 'string' }, runs: { type: 'string' } },
  });
  const sizes = (values.sizes ?? '1000,10000,100000').split(',').map(Number);
  const chunkSizes = (values.chunks ?? '200,1000,3000').split(',').map(Number);
  const runs = Number(values.runs ?? 50);
  const out = values.out ?? 'bench-results/core.json';

  const query: Record<string, unknown>[] = [];
  for (const size of sizes) {
    for (const storage of ['float32', 'int8'] as VectorStorage[]) {
      const corpus = new LiveCorpus(DIMENSION, storage);
      const { document, group } = syntheticIndex(size, DIMENSION, 7);
      corpus.setDocument(document);
      corpus.setGroup(group);
      const random = seededRandom(11);
      const queries = Array.from({ length: 16 }, () => ({ text: randomText(8, random), vector: randomUnitVectors(1, DIMENSION, random) }));
      for (const hybrid of [false, true]) {
        for (const strategy of STRATEGIES) {
          const t: Timing = timeCalls((i) => retrieve(corpus, [queries[i % queries.length]], { strategy, n: 5, hybrid }), runs);
          const row = { entries: corpus.entryCount, storage, hybrid, strategy, searched: corpus.rowsFor(strategy).length, ...t };
          query.push(row);
          console.log(`query  ${String(row.entries).padStart(7)} entries  ${storage.padEnd(7)} hybrid ${hybrid ? 'on ' : 'off'}  ${strategy.padEnd(7)}  p50 ${t.p50.toFixed(2)} ms  p95 ${t.p95.toFixed(2)} ms`);
        }
      }
    }
  }

  const clustering: Record<string, unknown>[] = [];
  for (const n of chunkSizes) {
    const random = seededRandom(n);
    const flat = randomUnitVectors(n, DIMENSION, random);
    const vectors = Array.from({ length: n }, (_, i) => flat.subarray(i * DIMENSION, (i + 1) * DIMENSION));
    const chunks: Chunk[] = vectors.map((_, i) => ({ id: `d:${i}`, docId: 'd', ordinal: i, text: '', headingPath: [], start: 0, end: 0, tokens: 0 }));
    const t0 = performance.now();
    const result = clusterChunks(chunks, vectors, { groupId: 'g', seed: 42, threshold: 0.1, maxClusters: 50, minChunks: 8 });
    const ms = round(performance.now() - t0, 1);
    clustering.push({ chunks: n, ms, k: result.k });
    console.log(`cluster ${String(n).padStart(5)} chunks  ${(ms / 1000).toFixed(2)} s  (k = ${result.k})`);
  }

  const report = { benchmark: 'core', dimension: DIMENSION, runsPerQuery: runs, node: process.version, query, clustering };
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, JSON.stringify(report, null, 2));
  console.log(`\nwrote ${out}`);
  return 0;
}
