/**
 * `npm run bench` (`loci bench`): ingestion, embedding, index build and query, memory, and the
 * CAP-RAG indexing stages, each figure beside a baseline measured in the same run. Prints tables
 * and writes JSON (bench-results/bench.json).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchEmbed, type EmbedRow } from '../../../bench/core/embed-bench.ts';
import { benchIndex, QUERY_N } from '../../../bench/core/index-bench.ts';
import { buildTable, queryTable } from '../../../bench/core/index-tables.ts';
import { benchIngest, type IngestRow } from '../../../bench/core/ingest-bench.ts';
import { benchMemory } from '../../../bench/core/memory-bench.ts';
import { benchResume } from '../../../bench/core/resume-bench.ts';
import { benchStages } from '../../../bench/core/stages-bench.ts';
import { benchTextScale } from '../../../bench/core/text-scale-bench.ts';
import { textTable } from '../../../bench/core/text-table.ts';
import { loadNodeModels } from '../../models/node.ts';
import { int, ints, list, modelsDirOf, UsageError } from '../options.ts';

export const BENCH_HELP = `loci bench [options]
  Throughput, latency and memory, each beside a baseline measured in the same run.
  --only <list>         of ingest,embed,index,memory,stages,integrity,text,resume (default all)
  --resume-files <list> files \`loci index\` is killed and rerun over (default four FinanceBench filings)
  --resume-at <list>    kill points as fractions of the uninterrupted run (default 0.25,0.5,0.75)
  --text-sizes <list>   plain-text sizes in MB indexed whole for MB/s (default 0.25,1)
  --sizes <list>        index sizes in entries (default 1000,10000,100000)
  --runs <n>            queries timed per configuration (default 30)
  --ingest-runs <n>     timings per fixture, fastest kept (default 3)
  --embed-chunks <n>    chunks embedded per model and dtype (default 512)
  --dimension <n>       vector size of the synthetic indexes (default 384, multilingual-e5-small)
  --documents <dir>     fixtures (default ../shared/data/documents)
  --models <dir>        (default ../shared/models or $LOCI_MODELS_DIR)
  --out <file>          JSON results (default bench-results/bench.json)
  --quick               small sizes and few runs: a smoke test of the benchmark itself`;

const SECTIONS = ['ingest', 'embed', 'index', 'memory', 'stages', 'integrity', 'text', 'resume'] as const;

/** Four filings of 64–116 pages: long enough that start-up is not most of a rerun. */
const RESUME_FILES = ['NIKE_2019_10K.pdf', 'BESTBUY_2017_10K.pdf', 'AMCOR_2023Q2_10Q.pdf', 'NETFLIX_2015_10K.pdf'].map((name) =>
  path.join('../shared/data/financebench/pdfs', name),
);
type Section = (typeof SECTIONS)[number];

const mb = (bytes: number) => bytes / 1e6;

function ingestTable(rows: IngestRow[]): string {
  return textTable(
    'Ingestion (bytes → normalized document); baseline: plain-text ingestion of the same extracted text',
    ['format', 'files', 'MB', 'pages', 'ms', 'MB/s', 'pages/s', 'baseline ms', '× baseline'],
    rows.map((r) => [r.format, r.files, mb(r.bytes), r.pages, r.ms, r.mbPerS, r.pagesPerS, r.baselineMs, r.ratio]),
  );
}

function embedTable(rows: EmbedRow[]): string {
  return textTable(
    'Embedding (batches of 64 chunks, CPU, dtypes taking turns); baseline: the same model in fp32',
    ['model', 'dtype', 'chunks', 'distinct', 'ms', 'chunks/s', '× baseline time'],
    rows.map((r) => [r.model, r.dtype, r.chunks, r.distinct, r.ms, r.chunksPerS, r.ratio]),
  );
}

export async function benchCommand(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      'text-sizes': { type: 'string' },
      'resume-files': { type: 'string' },
      'resume-at': { type: 'string' },
      sizes: { type: 'string' },
      runs: { type: 'string' },
      'ingest-runs': { type: 'string' },
      'embed-chunks': { type: 'string' },
      dimension: { type: 'string' },
      documents: { type: 'string' },
      models: { type: 'string' },
      out: { type: 'string' },
      quick: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (v.help) return console.log(BENCH_HELP), 0;
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const quick = v.quick === true;
  const only = new Set<Section>(list('only', v.only, SECTIONS, [...SECTIONS]));
  const sizes = ints('sizes', v.sizes, 10, quick ? [1000] : [1000, 10_000, 100_000]);
  const runs = int('runs', v.runs ?? (quick ? '5' : '30'), 1);
  const ingestRuns = int('ingest-runs', v['ingest-runs'] ?? (quick ? '1' : '3'), 1);
  const embedChunks = int('embed-chunks', v['embed-chunks'] ?? (quick ? '64' : '512'), 1);
  const dimension = int('dimension', v.dimension ?? '384', 1);
  const documents = path.resolve(v.documents ?? '../shared/data/documents');
  const modelsDir = modelsDirOf(v.models);
  const out = v.out ?? 'bench-results/bench.json';
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const tables: string[] = [];
  const report: Record<string, unknown> = {
    benchmark: 'loci',
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    config: { sections: [...only], sizes, runs, ingestRuns, embedChunks, dimension, documents, modelsDir, quick },
  };
  const started = performance.now();

  if (only.has('ingest')) {
    const rows = await benchIngest(documents, ingestRuns, log);
    report.ingest = rows;
    tables.push(ingestTable(rows));
  }

  if (only.has('embed')) {
    const rows = await benchEmbed(
      modelsDir,
      [
        { model: 'glove-static-en-100d', file: path.join(documents, 'epub', 'alice_gutenberg.epub') },
        { model: 'tiny-lexical-bert-zh', file: path.join(documents, 'md_zh', '民法典_合同编.md') },
      ],
      { chunks: embedChunks, log },
    );
    report.embed = rows;
    tables.push(embedTable(rows));
  }

  if (only.has('index')) {
    const result = benchIndex({ sizes, dimension, runs, strategies: ['naive', 'c-rag', 'p-rag', 'cap-rag'], n: QUERY_N, log });
    report.index = result;
    tables.push(buildTable(result.build, dimension), queryTable(result.query, QUERY_N));
  }

  if (only.has('memory')) {
    const entries = 10_000;
    const result = await benchMemory(entries, dimension);
    report.memory = result;
    tables.push(
      textTable(
        `Memory per 10k entries (${dimension}-d); baseline: the raw float32 vectors (${mb(result.rawVectorBytes).toFixed(2)} MB)`,
        ['what', 'MB per 10k', 'of which heap MB', '× baseline'],
        result.rows.map((r) => [r.what, mb(r.per10k), r.heapBytes !== undefined ? mb((r.heapBytes * 10_000) / r.entries) : undefined, r.ratio]),
      ),
    );
  }

  if (only.has('stages')) {
    const models = await loadNodeModels({ modelsDir, embedder: 'tiny-lexical-bert-zh' });
    try {
      const result = await benchStages(path.join(documents, 'md_zh'), models.embedder, log);
      report.stages = result;
      tables.push(
        textTable(
          `CAP-RAG indexing stages on ${result.files.length} Chinese laws (${result.chunks} chunks, tiny-lexical-bert-zh q8); baseline: naive indexing (parse + chunk + embed) ${result.naiveMs.toFixed(0)} ms`,
          ['stage', 'ms', 'entries', '× baseline'],
          result.rows.map((r) => [r.stage, r.ms, String(r.entries), r.ratio]),
        ),
      );
    } finally {
      await models.dispose();
    }
  }

  if (only.has('integrity')) {
    // loaded here: it brings fake-indexeddb, which no other section needs
    const { benchIntegrity } = await import('../../../bench/core/integrity-bench.ts');
    const result = await benchIntegrity(undefined, quick ? 1 : 3, log);
    report.integrity = result;
    const { file, idb, shape } = result;
    tables.push(
      textTable(
        `Checksums on open, a FinanceBench-sized index (${shape.documents} documents, ${shape.chunks} chunks, ${shape.entries} entries, ${shape.dimension}-d); baseline: the same open without checksums`,
        ['what', 'MB', 'baseline ms', 'checked ms', 'of which checking ms', '× baseline'],
        [
          ['index file (v1 → v2)', mb(file.v2Bytes), file.v1OpenMs, file.v2OpenMs, file.hashMs, file.v2OpenMs / file.v1OpenMs],
          ['IndexedDB load (fake-indexeddb)', mb(file.v2Bytes), idb.loadWithoutCheckMs, idb.loadMs, idb.checkMs, idb.loadMs / idb.loadWithoutCheckMs],
        ],
      ),
    );
  }

  if (only.has('text')) {
    const models = await loadNodeModels({ modelsDir, embedder: 'tiny-lexical-bert-zh' });
    try {
      const sizes = v['text-sizes'] ? String(v['text-sizes']).split(',').map(Number) : quick ? [0.05, 0.2] : [0.25, 1];
      if (sizes.some((s) => !(s > 0))) throw new UsageError('--text-sizes needs sizes in MB above 0');
      const rows = await benchTextScale(path.join(documents, 'md_zh'), sizes, models.embedder, log);
      report.text = rows;
      tables.push(
        textTable(
          'Indexing a plain text whole, every stage (tiny-lexical-bert-zh q8, extractive pre-parse); baseline: the smallest size\'s MB/s in the same run',
          ['MB', 'chunks', 'ms', 'MB/s', '× baseline MB/s'],
          rows.map((r) => [r.megabytes, String(r.chunks), r.ms, r.mbPerS, r.ratio]),
        ),
      );
    } finally {
      await models.dispose();
    }
  }

  if (only.has('resume')) {
    const files = (v['resume-files'] ? String(v['resume-files']).split(',') : RESUME_FILES).map((f) => path.resolve(f));
    const fractions = v['resume-at'] ? String(v['resume-at']).split(',').map(Number) : quick ? [0.5] : [0.25, 0.5, 0.75];
    if (fractions.some((f) => !(f > 0 && f < 1))) throw new UsageError('--resume-at needs fractions between 0 and 1');
    const args = ['--embedder', 'tiny-lexical-bert-zh', '--models', modelsDir, '--preparse', 'extractive'];
    const result = await benchResume({ files, args, fractions, log });
    report.resume = result;
    tables.push(
      textTable(
        `A killed \`loci index\` (SIGKILL) run again, ${result.files.length} files (tiny-lexical-bert-zh q8, extractive pre-parse); baseline: the mean of the uninterrupted runs just before the kill and just after the rerun (all of them: ${result.freshMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s; a rerun with nothing left to do: ${(result.nothingToDoMs / 1000).toFixed(1)} s)`,
        ['killed at', 'under way', 'documents kept', 'rerun ms', 'baseline ms', '× baseline', 'same bytes'],
        result.rows.map((r) => [`${Math.round(r.killedAt * 100)}%`, r.underWay, Object.entries(r.durable).map(([stage, n]) => `${n} ${stage}`).join(', ') || 'none', r.rerunMs, r.baselineMs, r.ratio, r.sameBytes ? 'yes' : 'NO']),
      ),
    );
  }

  report.totalMs = Math.round(performance.now() - started);
  console.log(tables.join('\n\n'));
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  log(`wrote ${out} (${(Number(report.totalMs) / 1000).toFixed(0)} s)`);
  return 0;
}
