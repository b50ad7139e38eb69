/**
 * What the three transformers.js adapters share: device and dtype choice, the registry entry of a
 * model, loading its tokenizer and model with the input limit they allow, and load progress. transformers.js types are loose (`any` in many places); they stay in
 * this folder and never cross into the ports.
 */
import { AutoTokenizer } from '@huggingface/transformers';
import type { PreTrainedModel, PreTrainedTokenizer, PretrainedModelOptions } from '@huggingface/transformers';
import { chooseDtype } from './dtype-choice.ts';
import { findModel } from './registry.ts';
import type { ModelDtype, ModelInfo, ModelTask } from './registry.ts';
import { SLEEPING_THREADS } from './session-threads.ts';

export type TransformersDevice = 'cpu' | 'cuda' | 'webgpu' | 'wasm';

/** Bytes of one model file as it downloads (or is read from cache). */
export interface LoadProgress {
  file: string;
  loaded: number;
  total: number;
}

export interface TransformersLoadOptions {
  device?: TransformersDevice;
  /** A file to load whatever the device; otherwise chooseDtype picks one for it. */
  dtype?: ModelDtype;
  /** The WebGPU adapter has `shader-f16`: f16 files can run on it. */
  shaderF16?: boolean;
  onProgress?: (progress: LoadProgress) => void;
  /** Read the model from the local folder only, never from a remote host (Node, with downloads allowed for other models). */
  localOnly?: boolean;
  /**
   * For a model that is not in the registry (any hub id a person types): the facts the registry
   * would hold. Missing fields are inferred from the model's config and tokenizer.
   */
  info?: Partial<ModelInfo>;
}

/**
 * onnxruntime-node knows 'cpu' and onnxruntime-web knows 'wasm' for the same thing; callers say
 * either and we hand each runtime the name it accepts (4.3.1 in Node rejects 'wasm').
 */
export function runtimeDevice(device: TransformersDevice | undefined, inNode = isNode()): TransformersDevice {
  const wanted = device ?? (inNode ? 'cpu' : 'wasm');
  if (inNode && wanted === 'wasm') return 'cpu';
  if (!inNode && wanted === 'cpu') return 'wasm';
  return wanted;
}

// transformers.js keeps its own environment flags private (`apis` is not exported in 4.3.1).
function isNode(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof proc?.versions?.node === 'string';
}

/**
 * The registry entry, or a provisional one for an unknown id (completed later from the config),
 * with the dtype that will actually be loaded: the one asked for, else the one for the device.
 */
export function resolveInfo(modelId: string, task: ModelTask, options: TransformersLoadOptions = {}): ModelInfo {
  const known = findModel(modelId);
  if (known && known.task !== task) {
    throw new Error(`Model "${modelId}" is a ${known.task}; it cannot be used as the ${task}.`);
  }
  const base: ModelInfo = known ?? {
    id: modelId,
    task,
    repo: modelId,
    languages: [],
    sizeMB: 0,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: task === 'generator' ? 4096 : 512,
    dtype: 'q8',
    dtypes: [],
    notes: 'Not in the registry: pooling, prefixes and limits are defaults.',
  };
  const info = { ...base, ...options.info };
  return { ...info, dtype: options.dtype ?? chooseDtype(info, runtimeDevice(options.device), options.shaderF16) };
}

function pretrainedOptions(info: ModelInfo, options: TransformersLoadOptions): PretrainedModelOptions {
  const onProgress = options.onProgress;
  const device = runtimeDevice(options.device);
  return {
    device,
    dtype: info.dtype,
    ...(options.localOnly ? { local_files_only: true } : {}),
    // onnxruntime-node only: in the browser's WebAssembly the same option showed no gain (session-threads.ts)
    ...(device === 'cpu' ? { session_options: SLEEPING_THREADS } : {}),
    progress_callback: onProgress
      ? (event) => {
          if (event.status === 'progress') {
            onProgress({ file: event.file, loaded: event.loaded, total: event.total });
          }
        }
      : undefined,
  };
}

/** AutoModel, AutoModelForSequenceClassification, AutoModelForCausalLM… */
export interface PretrainedModelClass {
  from_pretrained(repo: string, options?: PretrainedModelOptions): Promise<PreTrainedModel>;
}

export interface Pretrained {
  info: ModelInfo;
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
  /**
   * Longest input the model takes, special tokens included: the registry's limit (a generator's
   * context window), lowered to what the tokenizer and the position embeddings allow.
   */
  maxTokens: number;
}

/**
 * The registry entry, tokenizer and model of `modelId`, loaded in parallel; `tokenizerOf`, when the
 * caller keeps this model's tokenizer (built or being built), gives it rather than one built again.
 */
export async function loadPretrained(
  modelId: string,
  task: ModelTask,
  options: TransformersLoadOptions,
  modelClass: PretrainedModelClass,
  tokenizerOf?: (repo: string, progress: PretrainedModelOptions['progress_callback']) => Promise<PreTrainedTokenizer>,
): Promise<Pretrained> {
  const info = resolveInfo(modelId, task, options);
  const loadOptions = pretrainedOptions(info, options);
  const [tokenizer, model] = await Promise.all([
    tokenizerOf?.(info.repo, loadOptions.progress_callback) ?? AutoTokenizer.from_pretrained(info.repo, { progress_callback: loadOptions.progress_callback, local_files_only: loadOptions.local_files_only }),
    modelClass.from_pretrained(info.repo, loadOptions),
  ]);
  const ceiling = task === 'generator' ? (info.contextTokens ?? info.maxTokens) : info.maxTokens;
  const maxTokens = Math.min(
    ceiling,
    numberField(tokenizer, 'model_max_length') ?? Infinity,
    numberField(model.config, 'max_position_embeddings') ?? Infinity,
  );
  return { info, tokenizer, model, maxTokens };
}

/** A finite numeric field of an untyped bag (model configs, tokenizer settings), or undefined. */
export function numberField(bag: unknown, key: string): number | undefined {
  if (typeof bag !== 'object' || bag === null) return undefined;
  const value = (bag as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** PreTrainedModel instances are callable at runtime, which the 4.3.1 typings do not express. */
export async function callModel(model: PreTrainedModel, inputs: object): Promise<unknown> {
  return (model as unknown as (inputs: object) => Promise<unknown>)(inputs);
}
