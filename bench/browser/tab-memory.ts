/**
 * A tab's memory as Chromium counts it: `performance.measureUserAgentSpecificMemory()` (the page
 * and its workers together, cross-origin isolated pages only), with the launch switch that makes
 * it measure at once instead of at the next garbage collection, up to 20 s later. Measured at once
 * it counts the garbage not yet collected too, so a tab is also measured after a full collection
 * in the page and the app's workers (`--expose-gc`): what it holds, beside what it had.
 */
import type { Page } from 'playwright-core';
import type { EngineWorkerMemory, MemoryReportHook } from '../../workers/engine/memory-report.ts';
import { appWorker, scriptName, type AppWorkerName } from './app-workers.ts';

/** The switches every browser the bench measures memory in is started with. */
export const MEMORY_SWITCHES = ['--enable-blink-features=ForceEagerMeasureMemory', '--js-flags=--expose-gc'];

/** Where the browser attributed a part of the tab's memory: its global scope, and the script of a worker. */
export interface Attribution {
  scope: string;
  url?: string;
}

export interface TabMemory {
  /** Bytes the tab's page and workers hold. */
  total: number;
  /** The same by where it lives: the page and each worker (scopeName). */
  byScope: Record<string, number>;
  /** The browser's breakdown as it came: each part's bytes, where it was attributed and what kinds of memory it is. */
  parts: { bytes: number; attribution: Attribution[]; types: string[] }[];
}

/** What a moment's measurement holds: the tab as found, after a full collection, and the engine worker's structures. */
export interface MomentMemory {
  found?: TabMemory;
  held?: TabMemory;
  engine?: EngineWorkerMemory;
}

/**
 * The name a part of the tab is reported under: the page, one of the app's workers by its script
 * (`engine worker`…), the onnxruntime-web threads the embed and LLM workers start (blob: scripts,
 * which the breakdown does not tell apart), or `shared` for memory no one context holds.
 */
export function scopeName(attribution: readonly Attribution[]): string {
  if (attribution.length === 0) return 'shared';
  return attribution
    .map(({ scope, url }) => {
      if (scope === 'Window') return 'page';
      if (url?.startsWith('blob:')) return 'onnxruntime threads';
      const script = url ? scriptName(url) : '';
      const worker = /^([a-z-]+)\.worker/.exec(script)?.[1];
      return worker ? `${worker} worker` : script || scope;
    })
    .join(', ');
}

/**
 * The tab's memory as found now, garbage not yet collected included. Each call takes 60 s while
 * the embed and LLM workers run onnxruntime-web's threads: Chromium waits that long for those
 * blocked in Atomics.wait (app-workers.ts), then reports without them.
 */
export async function tabMemory(page: Page): Promise<TabMemory | undefined> {
  const measured = await page.evaluate(async () => {
    type Measured = { bytes: number; breakdown: { bytes: number; attribution: { scope: string; url?: string }[]; types: string[] }[] };
    const measure = (performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<Measured> }).measureUserAgentSpecificMemory;
    if (!measure || !crossOriginIsolated) return undefined;
    const result = await measure.call(performance);
    return { total: result.bytes, parts: result.breakdown.map((part) => ({ bytes: part.bytes, attribution: part.attribution.map(({ scope, url }) => ({ scope, ...(url ? { url } : {}) })), types: part.types })) };
  });
  if (!measured) return undefined;
  const byScope: Record<string, number> = {};
  for (const part of measured.parts) {
    const scope = scopeName(part.attribution);
    byScope[scope] = (byScope[scope] ?? 0) + part.bytes;
  }
  return { ...measured, byScope };
}

/**
 * The scopes that hold the models: the embed, LLM and OCR workers (weights, tokenizers,
 * onnxruntime-web and its WebAssembly memory, which holds the LLM's KV cache and one prefill
 * window's logits) and onnxruntime's threads. Issue 57 sets its 300 MB for the rest of the tab,
 * the models reported apart, since their size is the models' and not the library's.
 */
export const MODEL_SCOPES: readonly string[] = ['embed worker', 'llm worker', 'ocr worker', 'onnxruntime threads'];

/** The tab's bytes in the model scopes, and in the rest (the page, the engine, what no context holds). */
export function modelsApart(tab: TabMemory): { models: number; rest: number } {
  const models = Object.entries(tab.byScope).reduce((n, [scope, bytes]) => n + (MODEL_SCOPES.includes(scope) ? bytes : 0), 0);
  return { models, rest: tab.total - models };
}

/** The workers a full collection runs in: the app's own (never ORT's threads, which would not answer: app-workers.ts). */
const COLLECTED: AppWorkerName[] = ['engine', 'embed', 'llm', 'cluster', 'ocr'];

/** The tab as found, then after a full collection, and the engine worker's structures (read last: the report allocates as it walks). */
export async function momentMemory(page: Page): Promise<MomentMemory> {
  const found = await tabMemory(page);
  const collect = () => (globalThis as { gc?: () => void }).gc?.();
  await page.evaluate(collect);
  for (const name of COLLECTED) await appWorker(page, name)?.evaluate(collect).catch(() => undefined);
  const held = await tabMemory(page);
  const engine = await appWorker(page, 'engine')
    ?.evaluate(() => (self as unknown as MemoryReportHook).lociMemoryReport())
    .catch(() => undefined);
  return { ...(found ? { found } : {}), ...(held ? { held } : {}), ...(engine ? { engine } : {}) };
}
