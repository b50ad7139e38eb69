/**
 * The LLM worker's service: web-llm where the GPU allows it (q4f16 with shader-f16, else q4f32),
 * transformers.js otherwise, both behind the Generator port, streamed to the caller piece by piece.
 */
import type { ChatMessage, Generator } from '../../src/core/ports.ts';
import { probeDevice, type DeviceReport } from '../../src/models/device.ts';
import { findModel } from '../../src/models/registry.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import type { GeneratorPlan, LlmApi, LoadedGenerator, ModelLoadRequest, ProgressCallback, WireGenerateOptions } from '../../src/protocol/workers.ts';
import { post, release } from '../shared/callbacks.ts';
import { downloadMeter } from '../shared/download-meter.ts';
import { ModelSlot } from '../shared/model-slot.ts';
import { transformersCode } from '../shared/transformers-code.ts';

type Disposable = Generator & { dispose?: () => Promise<void> };

export class LlmService implements LlmApi {
  /** Keyed by the request's model id: the id the engine knows it by before it has loaded. */
  private readonly generators = new ModelSlot<Disposable>('language model', async (generator) => generator.dispose?.());
  private readonly requests = new Map<number, AbortController>();
  /** Tokenizers alone, by model id, for counting before (or without) the model itself. */
  private readonly counters = new Map<string, Promise<(text: string) => number>>();

  async plan(request: ModelLoadRequest): Promise<GeneratorPlan> {
    const report = await probe(request);
    return { backend: report.generatorBackend, reasons: report.reasons };
  }

  async load(request: ModelLoadRequest, onProgress?: ProgressCallback): Promise<LoadedGenerator> {
    try {
      const { model: generator, backend, reasons } = await this.generators.load(async () => {
        const report = await probe(request);
        const info = findModel(request.modelId);
        const reasons = [...report.reasons];
        const forward = (p: Parameters<ProgressCallback>[0]) => void post(onProgress, p);
        let backend = report.generatorBackend;
        if (info && (backend === 'webllm-q4f16' || backend === 'webllm-q4f32')) {
          try {
            // web-llm is megabytes of code that only a GPU can use: fetched only when chosen.
            const { loadWebLlm } = await import('./webllm-backend.ts');
            const model: Disposable = await loadWebLlm(info, report, request.source, forward, (text) => this.exactCount(request, text));
            return { id: request.modelId, model, backend, reasons };
          } catch (error) {
            reasons.push(`web-llm could not load ${info.id} (${message(error)}); the model runs on transformers.js.`);
            backend = 'transformers-webgpu';
          }
        }
        const { configureOnnxRuntime, configureSource, createTransformersGenerator } = await transformersCode();
        configureOnnxRuntime();
        configureSource(request.source);
        const device = backend === 'transformers-webgpu' ? 'webgpu' : 'wasm';
        const model: Disposable = await createTransformersGenerator(request.modelId, {
          device,
          shaderF16: report.shaderF16,
          onProgress: downloadMeter(request.modelId, forward),
        });
        // the model counts with its own tokenizer (the same one, built once: transformers-generator.ts)
        this.counters.delete(request.modelId);
        return { id: request.modelId, model, backend, reasons };
      });
      return { id: generator.id, contextTokens: generator.contextTokens, backend, reasons };
    } finally {
      release(onProgress);
    }
  }

  async generate(
    requestId: number,
    modelId: string,
    messages: ChatMessage[],
    options: WireGenerateOptions,
    onPiece: (text: string) => void,
  ): Promise<void> {
    const controller = new AbortController();
    this.requests.set(requestId, controller);
    try {
      await this.generators.use(modelId, async (generator) => {
        let last = Promise.resolve();
        for await (const piece of generator.stream(messages, { ...options, signal: controller.signal })) last = post(onPiece, piece);
        // Calls on one port are answered in order: once the last is answered, all were delivered.
        await last;
      });
    } finally {
      this.requests.delete(requestId);
      release(onPiece);
    }
  }

  cancel(requestId: number): void {
    this.requests.get(requestId)?.abort();
  }

  async countTokens(request: ModelLoadRequest, text: string): Promise<number> {
    if (this.generators.holds(request.modelId)) return this.generators.use(request.modelId, (generator) => generator.countTokens(text));
    return this.tokenizerCount(request, text);
  }

  /**
   * web-llm's count: its engine's tokenizer is private (0.2.86 offers a count only as a reply's
   * usage, after a prefill on the GPU), so the model's own tokenizer counts, loaded alone through
   * transformers.js: the registry's build of the same model, whose tokenizer the MLC build copies.
   * Until it can be fetched, an estimate that errs high.
   */
  private async exactCount(request: ModelLoadRequest, text: string): Promise<number> {
    try {
      return await this.tokenizerCount(request, text);
    } catch {
      return estimateTokens(text);
    }
  }

  private async tokenizerCount(request: ModelLoadRequest, text: string): Promise<number> {
    const { modelId } = request;
    let counter = this.counters.get(modelId);
    if (!counter) {
      counter = transformersCode().then(({ configureSource, loadTokenCounter }) => {
        configureSource(request.source);
        return loadTokenCounter(modelId);
      });
      this.counters.set(modelId, counter);
      // a failed fetch (offline) is tried again on the next question
      counter.catch(() => this.counters.delete(modelId));
    }
    return (await counter)(text);
  }
}

/**
 * The LLM stays off a software adapter: SwiftShader runs an embedder acceptably but a chat model
 * far slower than WebAssembly, so only the embedder may be forced onto it (tests do that).
 */
function probe(request: ModelLoadRequest): Promise<DeviceReport> {
  const info = findModel(request.modelId);
  return probeDevice(navigator, { forceWasm: request.device === 'wasm', ...(info ? { generator: info } : {}) });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
