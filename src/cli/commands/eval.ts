/**
 * `loci eval`: the paper's ablation on a dataset of ../shared/data (or any folder laid out the
 * same way). Tables on stdout, progress on stderr, every number in the --out (or --json) file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKTRACK_MODES, STRATEGIES, type BacktrackMode, type Strategy } from '../../core/types.ts';
import { DataError } from '../../eval/datasets/records.ts';
import { isDatasetName } from '../../eval/datasets/load.ts';
import { DATASET_NAMES, type DatasetName } from '../../eval/datasets/types.ts';
import { cachedGenerator } from '../../eval/llm-cache.ts';
import type { EvalConfig } from '../../eval/harness/config.ts';
import { runEvaluation } from '../../eval/harness/run.ts';
import { compareReports } from '../../eval/compare/compare-reports.ts';
import { assertSameDataset, ComparisonError, readEvalReport } from '../../eval/compare/load-report.ts';
import { comparisonTable } from '../../eval/compare/table.ts';
import { loadNodeModels, type NodeModels } from '../../models/node.ts';
import { cachedEmbedder } from '../../models/node-embedding-cache.ts';
import { hopsOf, int, ints, list, modelsDirOf, oneOf, optionalInt, pickOptions, retrieversOf, UsageError } from '../options.ts';
import { stderrProgress } from '../progress.ts';

export const EVAL_HELP = `loci eval --dataset ${DATASET_NAMES.join('|')} [options]
  Indexes the dataset once, asks every question under every strategy × retriever × backtracking ×
  hops (× rerank), scores retrieval against the gold evidence and, with --llm, the answers. Every
  run adds the baselines bm25 (naive, lexical) and dense (naive, dense), prints each method's
  difference from the better of them, and marks the app's default configuration "(default)"
  (run even when not asked). Tables on stdout.
  --split <name>            files of that split, e.g. dev → dev_questions.jsonl (default dev)
  --data <dir>              folder of datasets (default ../shared/data)
  --embedder <id>           (default glove-static-en-100d; tiny-lexical-bert-zh for rgb)
  --llm <id>                answer metrics (QuALITY accuracy; EM / F1 / RAGAS judges otherwise)
  --reranker <id>           adds +rerank rows (see --rerank)
  --preparse llm|extractive pre-parsing for p-rag / cap-rag (default extractive)
  --strategies <list>       of ${STRATEGIES.join(',')} (default naive,c-rag,p-rag,cap-rag)
  --retriever <list>        dense,lexical,hybrid (default dense,hybrid)
  --hybrid <list>           off,on: the same as --retriever dense,hybrid (off = dense, on = hybrid)
  --backtrack <list>        ranked,paper: a cluster / RAPTOR hit brings the member the question finds
                            best, or all of them (default ranked; rows +paper)
  --hops <list>             1,2: a second search expanded by what the first found (default 1; rows +2hop)
  --named <list>            on,off: documents the question names by file name also searched apart
                            (default on, as the app; off rows +unnamed; the baselines never)
  --dense-weight <w>        forces the hybrid dense share in [0, 1] (default: each index's calibration)
  --weights <list>          also runs every hybrid row at these fixed dense shares (rows +w0.3), beside
                            the calibrated one: how near the calibration comes to the best weight
  --libraries <n>           splits a pooled corpus into n libraries of consecutive questions, each with
                            only its questions' documents, indexed and calibrated apart; with
                            --weights, a table gives each library's chosen weight beside the best fixed one
  --rerank <list>           off,on (default off; off,on with --reranker)
  --k <list>                retrieval cut-offs (default 1,2,5,10)
  --budgets <list>          context sizes in tokens for recall at a budget (default 512,1024,2048)
  --answer-k <list>         chunks in the answering context (default 1,2,5 for quality, 5 otherwise)
  --judges on|off           RAGAS-style judges of free-form answers (default on)
  -m <n>                    candidates per list (default 20·N)
  --chunk-tokens <n>        (default 100)   --seed <n> (default 42)   --max-new-tokens <n> (default 256)
  --limit <n>               ask only the first n questions
  --cache <dir>             LLM reply cache (default .loci-cache)
  --out <file>, -o          write every number, the configuration, counts and timings as JSON
  --json <file>             the same as --out
  --against <file>          compares this run with an earlier --json of the same dataset and split,
                            question by question (see loci compare); printed last, stored as "comparison"
  --models <dir>            (default ../shared/models or $LOCI_MODELS_DIR)
  --hub                     load the models from the Hugging Face hub instead (needs network)
  --device cpu|cuda         where inference runs (default cpu; cuda needs onnxruntime-node's CUDA build)
  -q, --quiet               no progress on stderr`;

const OPTIONS = {
  ...pickOptions('models', 'embedder', 'llm', 'reranker', 'preparse', 'm', 'chunk-tokens', 'seed', 'max-new-tokens', 'out', 'quiet', 'help'),
  dataset: { type: 'string' },
  split: { type: 'string' },
  data: { type: 'string' },
  hub: { type: 'boolean' },
  device: { type: 'string' },
  strategies: { type: 'string' },
  // lists here: a run compares the values, where the other commands take one
  retriever: { type: 'string' },
  hybrid: { type: 'string' },
  backtrack: { type: 'string' },
  hops: { type: 'string' },
  named: { type: 'string' },
  'dense-weight': { type: 'string' },
  weights: { type: 'string' },
  libraries: { type: 'string' },
  rerank: { type: 'string' },
  k: { type: 'string' },
  budgets: { type: 'string' },
  'answer-k': { type: 'string' },
  judges: { type: 'string' },
  limit: { type: 'string' },
  cache: { type: 'string' },
  // `--json <file>` as the README and the published commands write it; the same as --out
  json: { type: 'string' },
  against: { type: 'string' },
} as const;

function onOff(name: string, value: string | undefined, fallback: boolean[]): boolean[] {
  const values = list(name, value, ['on', 'off'] as const, fallback.map((b) => (b ? 'on' : 'off'))).map((v) => v === 'on');
  return [...new Set(values)];
}

function denseWeightOf(value: string | undefined, option = 'dense-weight'): number | undefined {
  if (value === undefined) return undefined;
  const w = Number(value);
  if (value.trim() === '' || !(w >= 0 && w <= 1)) throw new UsageError(`--${option} must be a number from 0 to 1 (got "${value}")`);
  return w;
}

export function parseEvalArgs(argv: string[]): { config: EvalConfig; out?: string; against?: string; quiet: boolean } | 'help' {
  const { values: v, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (v.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (!v.dataset) throw new UsageError(`--dataset is required (one of ${DATASET_NAMES.join(', ')})`);
  if (!isDatasetName(v.dataset)) throw new UsageError(`unknown dataset "${v.dataset}" (one of ${DATASET_NAMES.join(', ')})`);
  const dataset: DatasetName = v.dataset;
  if (v.json !== undefined && v.out !== undefined && v.json !== v.out) throw new UsageError('--json and --out both name the results file; give one');
  const out = v.out ?? v.json;

  const strategies = [...new Set(list<Strategy>('strategies', v.strategies, STRATEGIES, ['naive', 'c-rag', 'p-rag', 'cap-rag']))];
  const rerank = onOff('rerank', v.rerank, v.reranker ? [false, true] : [false]);
  if (rerank.includes(true) && !v.reranker) throw new UsageError('--rerank on needs --reranker <model id>');
  const preparse = oneOf('preparse', v.preparse ?? 'extractive', ['llm', 'extractive'] as const);
  if (preparse === 'llm' && !v.llm) throw new UsageError('--preparse llm needs --llm <model id>');
  const m = optionalInt('m', v.m, 1);
  const limit = optionalInt('limit', v.limit, 1);
  const backtracks = [...new Set(list<BacktrackMode>('backtrack', v.backtrack, BACKTRACK_MODES, ['ranked']))];
  const hops = hopsOf(v.hops, [1]);
  const named = onOff('named', v.named, [true]);
  const denseWeight = denseWeightOf(v['dense-weight']);
  const weights = v.weights === undefined ? undefined : [...new Set(v.weights.split(',').map((w) => denseWeightOf(w, 'weights') as number))];
  if (weights && denseWeight !== undefined) throw new UsageError('--weights runs rows beside the calibrated weight; --dense-weight replaces it: give one');

  const libraries = optionalInt('libraries', v.libraries, 2);
  const config: EvalConfig = {
    dataset,
    split: v.split ?? 'dev',
    dataDir: path.resolve(v.data ?? '../shared/data'),
    modelsDir: modelsDirOf(v.models),
    hub: v.hub === true,
    device: oneOf('device', v.device ?? 'cpu', ['cpu', 'cuda'] as const),
    embedder: v.embedder ?? (dataset === 'rgb' ? 'tiny-lexical-bert-zh' : 'glove-static-en-100d'),
    ...(v.llm ? { llm: v.llm } : {}),
    ...(v.reranker ? { reranker: v.reranker } : {}),
    preparse,
    strategies,
    retrievers: retrieversOf(v.retriever, v.hybrid, ['dense', 'hybrid']),
    backtracks,
    hops,
    named,
    ...(denseWeight !== undefined ? { denseWeight } : {}),
    ...(weights ? { weights } : {}),
    ...(libraries !== undefined ? { libraries } : {}),
    rerank,
    ks: ints('k', v.k, 1, [1, 2, 5, 10]),
    budgets: ints('budgets', v.budgets, 1, [512, 1024, 2048]),
    answerKs: ints('answer-k', v['answer-k'], 1, dataset === 'quality' ? [1, 2, 5] : [5]),
    judges: oneOf('judges', v.judges ?? 'on', ['on', 'off'] as const) === 'on',
    ...(m !== undefined ? { m } : {}),
    chunkTokens: int('chunk-tokens', v['chunk-tokens'] ?? '100', 8),
    seed: int('seed', v.seed ?? '42', 0),
    ...(limit !== undefined ? { limit } : {}),
    cacheDir: path.resolve(v.cache ?? '.loci-cache'),
    maxNewTokens: int('max-new-tokens', v['max-new-tokens'] ?? '256', 1),
  };
  return { config, ...(out ? { out } : {}), ...(v.against ? { against: v.against } : {}), quiet: v.quiet === true };
}

export async function evalCommand(argv: string[]): Promise<number> {
  const parsed = parseEvalArgs(argv);
  if (parsed === 'help') return console.log(EVAL_HELP), 0;
  const { config, out, against, quiet } = parsed;
  const log = (line: string) => {
    if (!quiet) process.stderr.write(`${line}\n`);
  };

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  let models: NodeModels | undefined;
  try {
    // read and checked before the run: a wrong file found after an hour of questions would waste it
    const earlier = against ? { file: against, report: await readEvalReport(against) } : undefined;
    if (earlier) assertSameDataset(earlier.report, earlier.file, { name: config.dataset, split: config.split });
    const t0 = performance.now();
    try {
      models = await loadNodeModels({
        ...(config.hub ? { source: { kind: 'hub' as const } } : { modelsDir: config.modelsDir }),
        embedder: config.embedder,
        generator: config.llm,
        reranker: config.reranker,
        device: config.device,
      });
    } catch (error) {
      // a model that is not there is the person's to fix, not a crash to report
      console.error(`loci eval: ${(error as Error).message}`);
      return 1;
    }
    const loadModelsMs = performance.now() - t0;
    log(`models loaded in ${(loadModelsMs / 1000).toFixed(1)} s: ${[config.embedder, config.llm, config.reranker].filter(Boolean).join(', ')}`);
    const report = await runEvaluation(config, {
      models: {
        // a second run of the same dev set embeds nothing (minutes with a trained encoder)
        embedder: await cachedEmbedder(models.embedder, { dir: path.join(config.cacheDir, 'embeddings'), fingerprint: models.embedderBuild }),
        // every LLM call (pre-parse, RAPTOR summaries, answers, judges) is paid once
        ...(models.generator ? { generator: cachedGenerator(models.generator, { dir: config.cacheDir }) } : {}),
        ...(models.reranker ? { reranker: models.reranker } : {}),
      },
      onProgress: stderrProgress(quiet),
      signal: controller.signal,
    });
    report.timings.loadModelsMs = loadModelsMs;
    report.timings.totalMs += loadModelsMs;
    let failed = false;
    if (earlier) {
      try {
        report.comparison = compareReports(report, earlier.report, { of: 'this run', against: earlier.file });
        report.tables.comparison = comparisonTable(report.comparison);
      } catch (error) {
        // the run's own numbers are still worth printing and writing
        if (!(error instanceof ComparisonError)) throw error;
        console.error(`loci eval: ${error.message}`);
        failed = true;
      }
    }

    const tables = Object.values(report.tables);
    if (tables.length > 0) console.log(tables.join('\n'));
    // QuALITY ships no evidence: without a model there is nothing to score, which must not look like success
    else console.log(`(no table: ${config.dataset} ${config.split} has no gold evidence to score retrieval against; pass --llm <id> for answer metrics)`);
    const ix = report.index;
    log(
      `${report.dataset.asked} questions × ${report.config.methods.length} methods; index: ${ix.documents} documents, ${ix.chunks} chunks, ` +
        `${ix.clusters} clusters, ${Object.values(ix.entries).reduce((a, b) => a + (b ?? 0), 0)} entries in ${(ix.ms.total / 1000).toFixed(1)} s; ` +
        `retrieval ${(report.timings.retrievalMs / 1000).toFixed(1)} s` +
        (config.llm ? `, answers ${(report.timings.answerMs / 1000).toFixed(1)} s` : '') +
        `; total ${(report.timings.totalMs / 1000).toFixed(1)} s`,
    );
    if (ix.failedFiles.length > 0) log(`${ix.failedFiles.length} documents could not be read: ${ix.failedFiles.map((f) => f.name).join(', ')}`);
    if (out) {
      await mkdir(path.dirname(path.resolve(out)), { recursive: true });
      await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
      log(`wrote ${out}`);
    }
    return failed ? 1 : 0;
  } catch (error) {
    if (error instanceof DataError || error instanceof ComparisonError) {
      console.error(`loci eval: ${error.message}`);
      return 1;
    }
    if (error instanceof Error && error.name === 'CancelledError') {
      console.error('loci eval: interrupted');
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
    await models?.dispose();
  }
}
