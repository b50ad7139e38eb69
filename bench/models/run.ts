/**
 * `npm run bench:models`: the production models' compute on this machine, through production-shaped
 * stand-ins (random weights, the real shapes: bench/models/stand-ins/), as issue 39 asks —
 * embedding 100-token chunks and reranking pairs on onnxruntime-node and in Chromium on the same
 * stand-in in the same run, a first answer's prefill and decode with the generator's stand-in,
 * then the 104-page 10-K dropped on the production build with the
 * e5-shaped stand-in beside `loci index` of the same file. A benchmark, not a test: it prints
 * numbers and writes JSON, each figure beside its baseline from the same run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { buildApp, startPreview } from '../../test/browser/support/server.ts';
import { launchBrowser } from '../../test/browser/support/browser.ts';
import { benchPdfDrop } from '../browser/pdf-drop.ts';
import { pdfChunks } from './chunks.ts';
import { timeCliIndex } from './cli-index.ts';
import { browserCall, closeWorker, openBenchPage, withinMs } from './browser-side.ts';
import { loadNodeSide, nodeEmbedMs, nodeScoreMs } from './node-side.ts';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { ortDefaultThreads } from '../../workers/shared/inference-threads.ts';
import { generatorRates } from './generation-rates.ts';
import { rate, round1, round2 } from './rates.ts';
import { E5, ensureStandIns, RERANKER, servedModels } from './stand-ins.ts';

const HELP = `npm run bench:models -- [options]
  --texts <n>       100-token chunks of the PDF embedded per round (default 48)
  --pairs <n>       passages reranked per round (default 16)
  --rounds <n>      rounds of each throughput figure, taking turns (default 3; the best is kept)
  --batch <n>       texts per embed call, as the indexer makes them (default 64)
  --pdf <file>      the document (default NIKE_2019_10K.pdf, 104 pages)
  --only rates|generator|pdf  one part
  --no-generator    skip the generator (Qwen2.5-0.5B's stand-in, built on first use: 0.6 GB, about a minute)
  --no-webgpu       skip the WebGPU (SwiftShader) run
  --no-cli          skip loci index of the PDF (its figure then missing beside the drop's)
  --no-baseline     skip the same drop with the tiny test embedder (the app's own share of the wait)
  --skip-build      reuse the last build in bench-results/models-dist
  --out <file>      JSON results (default bench-results/models.json)
The stand-ins are built on first use into LOCI_STAND_INS_DIR (default ~/.cache/loci/stand-ins).`;

/**
 * The bench's own build: built into test-results/dist, it would empty the folder the test suite's
 * server serves, and a suite running meanwhile would get a 404 for the app's page.
 */
const BUILD_DIR = path.resolve('bench-results/models-dist');

const QUESTION = 'What was Nike’s total revenue in fiscal 2019?';

async function main(): Promise<void> {
  const { values: v } = parseArgs({
    options: {
      texts: { type: 'string' },
      pairs: { type: 'string' },
      rounds: { type: 'string' },
      batch: { type: 'string' },
      pdf: { type: 'string' },
      only: { type: 'string' },
      'no-webgpu': { type: 'boolean' },
      'no-generator': { type: 'boolean' },
      'no-cli': { type: 'boolean' },
      'no-baseline': { type: 'boolean' },
      'skip-build': { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (v.help) return console.log(HELP);
  const data = path.resolve('../shared/data');
  const pdf = path.resolve(v.pdf ?? path.join(data, 'financebench/pdfs/NIKE_2019_10K.pdf'));
  const out = v.out ?? 'bench-results/models.json';
  // Three: on this project's machines every figure's first round runs at a third to a half of its
  // later ones, and the browser's second round sometimes too (2026-11-28, four rounds: Node 11.4 →
  // 28.8 texts/s, Chromium 3.4 → 7.2 → 7.0 → 9.8), so two rounds could keep a warming round.
  const rounds = Number(v.rounds ?? 3);
  const batch = Number(v.batch ?? 64);
  const part = (name: string) => v.only === undefined || v.only === name;
  const log = (line: string) => console.log(`[bench:models] ${line}`);
  const started = Date.now();
  const load = [os.loadavg()[0]];

  const withGenerator = part('generator') && !v['no-generator'];
  const standIns = ensureStandIns(data, log, withGenerator);
  // the preview server reads the folder to serve when it starts: the stand-ins beside the tiny models
  process.env.LOCI_MODELS_DIR = servedModels(standIns, path.resolve('../shared/models'));
  if (!v['skip-build']) await buildApp(BUILD_DIR);
  const server = await startPreview(BUILD_DIR);
  const browser = await launchBrowser();
  const report: Record<string, unknown> = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, chromium: browser.version(), standIns };
  try {
    if (part('rates')) Object.assign(report, await rates(browser, server.url, standIns, pdf, { texts: Number(v.texts ?? 48), pairs: Number(v.pairs ?? 16), rounds, batch, webgpu: !v['no-webgpu'] }, log));
    load.push(os.loadavg()[0]);
    if (withGenerator) Object.assign(report, await generator(browser, server.url, standIns, pdf, rounds, log));
    if (part('pdf')) {
      const cli = v['no-cli'] ? undefined : await timeCliIndex(pdf, standIns, log);
      load.push(os.loadavg()[0]);
      await save(out, report); // the rates are kept should the drop fail
      const drop = await benchPdfDrop(browser, server.url, pdf, QUESTION, log, undefined, `models=local&embedder=${encodeURIComponent(E5)}`, 3 * 3_600_000);
      // the same drop with the tiny test embedder: what of the wait is the machine and the app, not e5
      const tiny = v['no-baseline'] ? undefined : await benchPdfDrop(browser, server.url, pdf, QUESTION, log, undefined, 'models=local');
      Object.assign(report, {
        pdf: path.basename(pdf),
        pdfFirstSourcesSec: round1(drop.firstAnswerMs / 1000),
        pdfFirstSourcesTargetSec: 10,
        pdfSearchableSec: round1(drop.searchableMs / 1000),
        pdfReadySec: round1(drop.readyMs / 1000),
        ...(cli ? { pdfCliIndexSec: round1(cli.seconds), pdfReadyOverCli: round2(drop.readyMs / 1000 / cli.seconds), cliCommand: cli.command } : {}),
        pdfReadyOverCliTarget: 1.5,
        ...(tiny ? { baselineTinyEmbedder: { embedder: 'tiny-lexical-bert-zh', searchableSec: round1(tiny.searchableMs / 1000), firstSourcesSec: round1(tiny.firstAnswerMs / 1000), readySec: round1(tiny.readyMs / 1000) } } : {}),
        drop,
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  load.push(os.loadavg()[0]);
  Object.assign(report, { loadAverage1m: load.map(round2), totalSec: Math.round((Date.now() - started) / 1000) });
  console.log(JSON.stringify(report, (key, value: unknown) => (key === 'drop' ? '(below in the file)' : value), 2));
  await save(out, report);
  log(`wrote ${out}`);
}

async function save(out: string, report: Record<string, unknown>): Promise<void> {
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
}

interface RateOptions {
  texts: number;
  pairs: number;
  rounds: number;
  batch: number;
  webgpu: boolean;
}

/** Node and the browser take turns round by round, so both see the same load from the rest of the machine. */
async function rates(browser: Browser, baseURL: string, standIns: string, pdf: string, o: RateOptions, log: (line: string) => void): Promise<Record<string, unknown>> {
  const nodeQ8 = await loadNodeSide(standIns, 'q8', true);
  const nodeFp32 = await loadNodeSide(standIns, 'fp32', false);
  const context = await browser.newContext();
  try {
    const texts = await pdfChunks(pdf, nodeQ8.embedder, o.texts);
    const tokens = await nodeQ8.embedder.countTokens(texts);
    const passages = texts.slice(0, o.pairs);
    log(`${texts.length} chunks of ${path.basename(pdf)}, ${(tokens.reduce((a, b) => a + b, 0) / texts.length).toFixed(0)} tokens on average`);
    const page = await context.newPage();
    await openBenchPage(page, baseURL);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    // ORT's own default, which the app ran on before it took every core (workers/shared/inference-threads.ts)
    const halfCores = ortDefaultThreads(cores);
    // 'app': the embed worker's set-up (its threads, its queue's slices, calls of 64 from the
    // indexer); 'halfCores': the same on ORT's default thread count
    await browserCall(page, 'app', { kind: 'load', options: { device: 'wasm', embedder: E5, reranker: RERANKER } });
    await browserCall(page, 'halfCores', { kind: 'load', options: { threads: halfCores, device: 'wasm', embedder: E5 } });
    await browserCall(page, 'fp32', { kind: 'load', options: { device: 'wasm', embedder: E5, dtype: 'fp32' } });
    const warm = texts.slice(0, 8);
    for (const m of [nodeQ8, nodeFp32]) await nodeEmbedMs(m, warm, o.batch);
    for (const w of ['app', 'halfCores', 'fp32']) await browserCall(page, w, { kind: 'embed', texts: warm, batch: o.batch });
    await nodeScoreMs(nodeQ8, QUESTION, passages.slice(0, 2));
    await browserCall(page, 'app', { kind: 'score', query: QUESTION, passages: passages.slice(0, 2) });

    const ms: Record<string, number[]> = { node: [], browser: [], browserHalfCores: [], nodeFp32: [], browserFp32: [], rerankNode: [], rerankBrowser: [] };
    for (let r = 0; r < o.rounds; r++) {
      ms.node.push(await nodeEmbedMs(nodeQ8, texts, o.batch));
      ms.browser.push(await browserCall(page, 'app', { kind: 'embed', texts, batch: o.batch }));
      ms.browserHalfCores.push(await browserCall(page, 'halfCores', { kind: 'embed', texts, batch: o.batch }));
      ms.nodeFp32.push(await nodeEmbedMs(nodeFp32, texts, o.batch));
      ms.browserFp32.push(await browserCall(page, 'fp32', { kind: 'embed', texts, batch: o.batch }));
      ms.rerankNode.push(await nodeScoreMs(nodeQ8, QUESTION, passages));
      ms.rerankBrowser.push(await browserCall(page, 'app', { kind: 'score', query: QUESTION, passages }));
      log(`round ${r + 1}: ${Object.entries(ms).map(([k, list]) => `${k} ${(list[r] / 1000).toFixed(1)} s`).join(', ')}`);
    }
    for (const w of ['app', 'halfCores', 'fp32']) await closeWorker(page, w);
    const embed = (key: string) => rate(texts.length, ms[key]);
    const rerank = (key: string) => rate(passages.length, ms[key]);
    const node = embed('node');
    const inBrowser = embed('browser');
    const result: Record<string, unknown> = {
      texts: texts.length,
      avgTokens: round1(tokens.reduce((a, b) => a + b, 0) / texts.length),
      batch: o.batch,
      browserCores: cores,
      halfCoresThreads: halfCores,
      embedNodeTextsPerSec: node.perSec,
      embedBrowserTextsPerSec: inBrowser.perSec,
      embedBrowserOverNode: round2(inBrowser.perSec / node.perSec),
      embedBrowserOverNodeTarget: 0.6,
      embedBrowserHalfCoresTextsPerSec: embed('browserHalfCores').perSec,
      embedNodeFp32TextsPerSec: embed('nodeFp32').perSec,
      embedBrowserFp32TextsPerSec: embed('browserFp32').perSec,
      rerankNodePairsPerSec: rerank('rerankNode').perSec,
      rerankBrowserPairsPerSec: rerank('rerankBrowser').perSec,
      rounds: Object.fromEntries(Object.keys(ms).map((k) => [k, (k.startsWith('rerank') ? rerank(k) : embed(k)).rounds])),
    };
    if (o.webgpu) result.webgpu = await webgpu(page, texts.slice(0, 8), log);
    return result;
  } finally {
    await context.close();
    await Promise.all([nodeQ8.dispose(), nodeFp32.dispose()]);
  }
}

/** The generator part: its own page and Node models, so that only the generators share the machine's memory. */
async function generator(browser: Browser, baseURL: string, standIns: string, pdf: string, rounds: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  const chunker = await loadNodeSide(standIns, 'q8', false);
  // as many passages as the app retrieves for a question (each about 100 tokens)
  const passages = await pdfChunks(pdf, chunker.embedder, DEFAULT_RETRIEVAL.n).finally(() => chunker.dispose());
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await openBenchPage(page, baseURL);
    return await generatorRates(page, standIns, passages, QUESTION, rounds, log);
  } finally {
    await context.close();
  }
}

/** WebGPU on SwiftShader (a CPU pretending to be a GPU): that the stand-in runs there, not how fast a GPU would be. */
async function webgpu(page: Page, texts: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const loadMs = await withinMs(page, 'webgpu', { kind: 'load', options: { device: 'webgpu', embedder: E5 } }, 180_000);
  if (loadMs === undefined) return { ran: false, why: 'the model did not load within 3 minutes' };
  const ms = await withinMs(page, 'webgpu', { kind: 'embed', texts, batch: texts.length }, 180_000);
  await closeWorker(page, 'webgpu');
  log(`webgpu: ${ms === undefined ? 'no result within 3 minutes' : `${texts.length} texts in ${(ms / 1000).toFixed(1)} s`}`);
  return ms === undefined ? { ran: false, loadSec: round1(loadMs / 1000), why: `${texts.length} texts not embedded within 3 minutes` } : { ran: true, adapter: 'SwiftShader (software)', loadSec: round1(loadMs / 1000), texts: texts.length, textsPerSec: round2(texts.length / (ms / 1000)) };
}

await main();
