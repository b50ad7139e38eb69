/**
 * The stand-ins in Chromium, in workers of the bench page (bench/browser/model-rates.worker.ts):
 * the same adapters and ORT set-up as the app's embed worker, on onnxruntime-web.
 */
import type { Page } from 'playwright-core';
import type { BenchPage } from '../browser/page.ts';
import type { GenerationResult, ModelRatesCall } from '../browser/model-rates-page.ts';
import type { ChatMessage } from '../../src/core/ports.ts';

type BenchWindow = { lociBench: BenchPage };

export async function openBenchPage(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/bench/browser/page.html?models=local`);
  await page.waitForFunction(() => 'lociBench' in window);
}

function callWorker(page: Page, worker: string, call: ModelRatesCall): Promise<number | GenerationResult> {
  return page.evaluate(([name, c]) => (window as unknown as BenchWindow).lociBench.modelRates(name, c), [worker, call] as const);
}

/** A load, embed or score call: the milliseconds it took. */
export async function browserCall(page: Page, worker: string, call: Exclude<ModelRatesCall, { kind: 'generate' }>): Promise<number> {
  const ms = await callWorker(page, worker, call);
  if (typeof ms !== 'number') throw new Error(`${call.kind} answered with a timing, not milliseconds`);
  return ms;
}

/** A first answer's prefill and decode in the worker, timed. */
export async function browserGenerate(page: Page, worker: string, prompt: ChatMessage[], question: ChatMessage[], maxTokens: number): Promise<GenerationResult> {
  const result = await callWorker(page, worker, { kind: 'generate', prompt, question, maxTokens });
  if (typeof result === 'number') throw new Error('generate answered with milliseconds, not a timing');
  return result;
}

export function closeWorker(page: Page, worker: string): Promise<void> {
  return page.evaluate((name) => (window as unknown as BenchWindow).lociBench.closeModelRates(name), worker);
}

/** A call that may never finish (WebGPU on a software adapter): undefined after `ms`, its worker ended. */
export async function withinMs(page: Page, worker: string, call: Exclude<ModelRatesCall, { kind: 'generate' }>, ms: number): Promise<number | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  const result = await Promise.race([browserCall(page, worker, call), late]);
  clearTimeout(timer);
  if (result === undefined) await closeWorker(page, worker);
  return result;
}
