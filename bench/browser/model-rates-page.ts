/**
 * The bench page's handle on the models benchmark's workers (model-rates.worker.ts), one per
 * name, called by the driver through page.evaluate with plain data.
 */
import { wrap, type Remote } from 'comlink';
import type { ModelRatesWorker } from './model-rates.worker.ts';
import type { ChatMessage } from '../../src/core/ports.ts';

/** A first answer's timing (generation.ts). */
export type GenerationResult = Awaited<ReturnType<ModelRatesWorker['generate']>>;

export type ModelRatesCall =
  | { kind: 'load'; options: Parameters<ModelRatesWorker['load']>[0] }
  | { kind: 'embed'; texts: string[]; batch: number }
  | { kind: 'score'; query: string; passages: string[] }
  | { kind: 'loadGenerator'; options: Parameters<ModelRatesWorker['loadGenerator']>[0] }
  | { kind: 'generate'; prompt: ChatMessage[]; question: ChatMessage[]; maxTokens: number };

const workers = new Map<string, { worker: Worker; remote: Remote<ModelRatesWorker> }>();

export async function modelRates(name: string, call: ModelRatesCall): Promise<number | GenerationResult> {
  let entry = workers.get(name);
  if (!entry) {
    const worker = new Worker(new URL('./model-rates.worker.ts', import.meta.url), { type: 'module', name: `model-rates-${name}` });
    entry = { worker, remote: wrap<ModelRatesWorker>(worker) };
    workers.set(name, entry);
  }
  switch (call.kind) {
    case 'load':
      return entry.remote.load(call.options);
    case 'embed':
      return entry.remote.embed(call.texts, call.batch);
    case 'score':
      return entry.remote.score(call.query, call.passages);
    case 'loadGenerator':
      return entry.remote.loadGenerator(call.options);
    case 'generate':
      return entry.remote.generate(call.prompt, call.question, call.maxTokens);
  }
}

/** Ends a worker and frees its model's memory. */
export function closeModelRates(name: string): void {
  workers.get(name)?.worker.terminate();
  workers.delete(name);
}
