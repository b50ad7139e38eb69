/**
 * `npm run bench:core` (`loci bench-core`): query latency of every strategy at 1k / 10k / 100k
 * entries of 384 dimensions, float32 and int8, hybrid off and on (the index benchmark of
 * `loci bench`, every strategy), and clustering time at 200 / 1,000 / 3,000 chunks beside the
 * exhaustive BIC search on the same chunks, and embedding throughput of the trained encoder
 * (USE-Lite, on one thread and on every core) beside GloVe's on the same chunks. Prints tables and
 * writes JSON.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchClustering } from '../../../bench/core/cluster-bench.ts';
import { benchIndex, QUERY_N } from '../../../bench/core/index-bench.ts';
import { clusteringTable, embedThroughputTable, queryTable } from '../../../bench/core/index-tables.ts';
import { DEFAULT_SETTINGS } from '../../core/stored-index/manifest.ts';
import { STRATEGIES } from '../../core/types.ts';
import { int, ints, modelsDirOf, UsageError } from '../options.ts';
import { benchEmbed } from '../../../bench/core/embed-bench.ts';

/** multilingual-e5-small's vector size, the app's default embedder. */
const DIMENSION = 384;

export const BENCH_CORE_HELP = `loci bench-core [options]
  Query latency of every strategy (float32 / int8, hybrid off / on) on synthetic CAP-RAG indexes,
  and clustering time per group size (default settings and the exhaustive search, with the k each
  chose on chunks around known topics). Tables on stdout, progress on stderr.
  --sizes <list>   index sizes in entries (default 1000,10000,100000)
  --chunks <list>  clustered group sizes in chunks (default 200,1000,3000)
  --runs <n>       queries timed per configuration (default 50)
  --embed-chunks <n>  chunks of the Alice EPUB each embedder embeds (default 256; 0 skips)
  --documents <dir>   the real documents folder (default ../shared/data/documents)
  --models <dir>      the models folder (default ../shared/models or LOCI_MODELS_DIR)
  --out <file>     JSON results (default bench-results/core.json)`;

export async function benchCoreCommand(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      sizes: { type: 'string' },
      chunks: { type: 'string' },
      runs: { type: 'string' },
      'embed-chunks': { type: 'string' },
      documents: { type: 'string' },
      models: { type: 'string' },
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

  const embedChunks = int('embed-chunks', v['embed-chunks'] ?? '256', 0);
  const alice = path.join(path.resolve(v.documents ?? '../shared/data/documents'), 'epub', 'alice_gutenberg.epub');
  const cores = availableParallelism();
  // GloVe first: the baseline, timed in the same run on the same chunks
  const embed =
    embedChunks === 0
      ? []
      : await benchEmbed(
          modelsDirOf(v.models),
          [
            { model: 'glove-static-en-100d', file: alice, dtypes: ['q8'] },
            { model: 'use-lite-en', file: alice, dtypes: ['fp32'], threads: 1 },
            ...(cores > 1 ? [{ model: 'use-lite-en', file: alice, dtypes: ['fp32' as const], threads: cores }] : []),
          ],
          { chunks: embedChunks, log },
        );

  const index = benchIndex({ sizes, dimension: DIMENSION, runs, strategies: [...STRATEGIES], n: QUERY_N, log });
  const clustering = benchClustering(chunkSizes, DIMENSION, log);

  console.log(
    [
      ...(embed.length > 0 ? [embedThroughputTable(embed)] : []),
      queryTable(index.query, QUERY_N),
      clusteringTable(clustering, DIMENSION),
    ].join('\n\n'),
  );
  const report = {
    benchmark: 'core',
    startedAt,
    loadAverage: [loadBefore, loadavg()[0]],
    dimension: DIMENSION,
    runsPerQuery: runs,
    node: process.version,
    cpus: cores,
    embed,
    query: index.query,
    baseline: index.baseline,
    build: index.build,
    clustering,
  };
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${out}`);
  return 0;
}

