/**
 * The generator stand-in (Qwen2.5-0.5B's compute) answering a first question: a prompt of the
 * 100-token passages of the PDF the app would retrieve (its N) and the question, read (prefill) and answered (decode), on
 * onnxruntime-node as the CLI runs it and in a Chromium worker as the LLM worker runs it (every
 * core, workers/shared/inference-threads.ts), beside the same worker on ORT's default of half the
 * cores, which the LLM worker ran on before. Rounds take turns, the best kept (rates.ts).
 */
import type { Page } from 'playwright-core';
import { ortDefaultThreads } from '../../workers/shared/inference-threads.ts';
import { browserCall, browserGenerate, closeWorker } from './browser-side.ts';
import { answerPrompt, generationRates, timeGeneration, type GenerationTiming } from './generation.ts';
import { loadNodeGenerator } from './node-side.ts';
import { round1 } from './rates.ts';
import { QWEN } from './stand-ins.ts';

/** Tokens of the timed answer: a short answer's length. */
const ANSWER_TOKENS = 33;
/** The first answer the README's figure is for. */
const FIRST_ANSWER_TOKENS = 200;

type Where = 'node' | 'browser' | 'browserHalfCores';

export async function generatorRates(page: Page, standIns: string, passages: string[], question: string, rounds: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  const prompt = answerPrompt(passages, question);
  const alone = answerPrompt([], question);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const node = await loadNodeGenerator(standIns);
  try {
    const loadMs = {
      browser: await browserCall(page, 'llm', { kind: 'loadGenerator', options: { generator: QWEN } }),
      browserHalfCores: await browserCall(page, 'llmHalfCores', { kind: 'loadGenerator', options: { generator: QWEN, threads: ortDefaultThreads(cores) } }),
    };
    const timings: Record<Where, GenerationTiming[]> = { node: [], browser: [], browserHalfCores: [] };
    for (let r = 0; r < rounds; r++) {
      timings.node.push(await timeGeneration(node, prompt, alone, ANSWER_TOKENS));
      timings.browser.push(await browserGenerate(page, 'llm', prompt, alone, ANSWER_TOKENS));
      timings.browserHalfCores.push(await browserGenerate(page, 'llmHalfCores', prompt, alone, ANSWER_TOKENS));
      const line = (t: GenerationTiming) => `prompt ${(t.promptOneTokenMs / 1000).toFixed(1)} s, question ${(t.questionOneTokenMs / 1000).toFixed(1)} s, ${t.maxTokens} tokens ${(t.questionAnswerMs / 1000).toFixed(1)} s`;
      log(`generator round ${r + 1}: ${Object.entries(timings).map(([k, list]) => `${k} ${line(list[r])}`).join('; ')}`);
    }
    const best = (list: GenerationTiming[]) => {
      const rates = list.map(generationRates);
      return {
        prefillTokensPerSec: round1(Math.max(...rates.map((x) => x.prefillTokensPerSec))),
        decodeTokensPerSec: round1(Math.max(...rates.map((x) => x.decodeTokensPerSec))),
        rounds: rates.map((x) => ({ prefill: round1(x.prefillTokensPerSec), decode: round1(x.decodeTokensPerSec) })),
      };
    };
    const [n, b, half] = [best(timings.node), best(timings.browser), best(timings.browserHalfCores)];
    const promptTokens = timings.node[0].promptTokens;
    // the prompt read and an answer of FIRST_ANSWER_TOKENS written, at the run's best rates
    const answerSec = (x: { prefillTokensPerSec: number; decodeTokensPerSec: number }) => round1(promptTokens / x.prefillTokensPerSec + (FIRST_ANSWER_TOKENS - 1) / x.decodeTokensPerSec);
    return {
      generator: QWEN,
      generatorPromptTokens: promptTokens,
      generatorNodePrefillTokensPerSec: n.prefillTokensPerSec,
      generatorNodeDecodeTokensPerSec: n.decodeTokensPerSec,
      generatorBrowserPrefillTokensPerSec: b.prefillTokensPerSec,
      generatorBrowserDecodeTokensPerSec: b.decodeTokensPerSec,
      generatorBrowserHalfCoresPrefillTokensPerSec: half.prefillTokensPerSec,
      generatorBrowserHalfCoresDecodeTokensPerSec: half.decodeTokensPerSec,
      generatorFirstAnswerSec: { answerTokens: FIRST_ANSWER_TOKENS, node: answerSec(n), browser: answerSec(b), browserHalfCores: answerSec(half) },
      generatorLoadSec: { browser: round1(loadMs.browser / 1000), browserHalfCores: round1(loadMs.browserHalfCores / 1000) },
      generatorRounds: { node: n.rounds, browser: b.rounds, browserHalfCores: half.rounds },
    };
  } finally {
    await Promise.all([closeWorker(page, 'llm'), closeWorker(page, 'llmHalfCores'), node.dispose()]);
  }
}
