/**
 * `npm run bench:core` (`loci bench-core`): query latency of every strategy at 1k / 10k / 100k
 * entries of 384 dimensions, float32 and int8, hybrid off and on (the index benchmark of
 * `loci bench`, every strategy), and clustering time at 200 / 1,000 / 3,000 chunks beside the
 * exhaustive BIC search on the same chunks. Prints tables and writes JSON.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchClustering } from '../../bench/cluster-bench.ts';
import { benchIndex, QUERY_N } from '../../bench/index-bench.ts';
import { clusteringTable, queryTable } from '../../bench/index-tables.ts';
import { DEFAULT_SETTINGS } from '../../core/stored-index/manifest.ts';
import { STRATEGIES } from '../../core/types.ts';
import { int, ints, UsageError } from '../options.ts';

/** multilingual-e5-small's vector size, the app's default embedder. */
const DIMENSION = 384;

export const BENCH_CORE_HELP = `loci bench-core [options]
  Query latency of every strategy (float32 / int8, hybrid off / on) on synthetic CAP-RAG indexes,
  and clustering time per group size (default settings and the exhaustive search, with the k each
  chose on chunks around known topics). Tables on stdout, progress on stderr.
  --sizes <list>   index sizes in entries (default 1000,10000,100000)
  --chunks <list>  clustered group sizes in chunks (default 200,1000,3000)
  --runs <n>       queries timed per configuration (default 50)
  --out <file>     JSON results (default bench-results/core.json)`;

export async function benchCoreCommand(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      sizes: { type: 'string' },
      chunks: { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (v.help) return console.log(BENCH_CORE_HELP), 0;
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const sizes = ints('sizes', v.sizes, 10, [1000, 10_000, 100_000]);
  // fewer chunks than minChunks are never clustered, so timing them would time nothing
  const chunkSizes = ints('chunks', v.chunks, DEFAULT_SETTINGS.clustering.minChunks, [200, 1000, 3000]);
  const runs = int('runs', v.runs ?? '50', 1);
  const out = v.out ?? 'bench-results/core.json';
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const startedAt = new Date().toISOString();
  // other work on the machine slows the timings: the page that shows this run says how busy it was
  const loadBefore = loadavg()[0];

  const index = benchIndex({ sizes, dimension: DIMENSION, runs, strategies: [...STRATEGIES], n: QUERY_N, log });
  const clustering = benchClustering(chunkSizes, DIMENSION, log);

  console.log(
    [
      queryTable(index.query, QUERY_N),
      clusteringTable(clustering, DIMENSION),
    ].join('\n\n'),
  );
  const report = { benchmark: 'core', startedAt, loadAverage: [loadBefore, loadavg()[0]], dimension: DIMENSION, runsPerQuery: runs, node: process.version, cpus: availableParallelism(), query: index.query, baseline: index.baseline, build: index.build, clustering };
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${out}`);
  return 0;
}
