/** Command-line options shared by the commands, parsed with node:util and checked into typed values. */
import os from 'node:os';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BACKTRACK_MODES, RETRIEVERS, STRATEGIES, type BacktrackMode, type PreparseMode, type Retriever, type Strategy } from '../core/types.ts';
import { DEFAULT_RETRIEVAL } from '../core/engine/defaults.ts';
import type { Rewrite } from '../core/engine/ask.ts';
import { DEFAULT_EMBEDDER } from '../models/registry.ts';

export class UsageError extends Error {}

/** Every option the commands share, by name; a command with its own set takes these with `pickOptions`. */
const COMMON = {
  models: { type: 'string' },
  embedder: { type: 'string' },
  llm: { type: 'string' },
  reranker: { type: 'string' },
  strategy: { type: 'string' },
  retriever: { type: 'string' },
  hybrid: { type: 'string' },
  backtrack: { type: 'string' },
  hops: { type: 'string' },
  rerank: { type: 'boolean' },
  'sub-questions': { type: 'boolean' },
  in: { type: 'string', multiple: true },
  rewrite: { type: 'string' },
  n: { type: 'string', short: 'n' },
  m: { type: 'string', short: 'm' },
  preparse: { type: 'string' },
  'preparse-budget': { type: 'string' },
  'max-new-tokens': { type: 'string' },
  'chunk-tokens': { type: 'string' },
  'cluster-scope': { type: 'string' },
  raptor: { type: 'boolean' },
  seed: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string', short: 'o' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CommonOptions {
  modelsDir: string;
  /**
   * No --models: a model missing from the default folder is downloaded from the model hub (or
   * LOCI_MODEL_HOST) and kept in the cache; with --models, the folder given is all there is.
   */
  downloadModels: boolean;
  embedder: string;
  llm?: string;
  reranker?: string;
  strategy: Strategy;
  retriever: Retriever;
  backtrack: BacktrackMode;
  /** 2: a second search expanded with what the first found. */
  hops: 1 | 2;
  rerank: boolean;
  /** With --hops 2 and --llm: the model writes the sub-questions of the second hop. */
  subQuestions: boolean;
  /** `--in`, repeatable: the documents (file name or title) a question is asked within; empty for all. */
  within: string[];
  rewrite: Rewrite;
  n: number;
  m?: number;
  preparse: PreparseMode;
  preparseBudget?: number;
  maxNewTokens: number;
  chunkTokens?: number;
  clusterScope?: 'document' | 'corpus';
  raptor: boolean;
  seed?: number;
  json: boolean;
  out?: string;
  quiet: boolean;
  help: boolean;
}

export const DEFAULT_MODELS_DIR = process.env.LOCI_MODELS_DIR ?? path.resolve(process.cwd(), '../shared/models');

/**
 * Where the CLI keeps what it can compute again but would rather not (embeddings by text): the
 * platform's cache folder, so that indexing never writes beside a person's files.
 */
export function defaultCacheDir(): string {
  if (process.env.LOCI_CACHE_DIR) return path.resolve(process.env.LOCI_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  return path.join(base, 'loci');
}

/** The specs of the named common options, so a command spells each one (type, short flag) the same way. */
export function pickOptions<K extends keyof typeof COMMON>(...names: K[]): Pick<typeof COMMON, K> {
  return Object.fromEntries(names.map((name) => [name, COMMON[name]])) as Pick<typeof COMMON, K>;
}

export function modelsDirOf(value: string | undefined): string {
  return path.resolve(value ?? DEFAULT_MODELS_DIR);
}

export function parseCommon(argv: string[], extra: ParseArgsConfig['options'] = {}) {
  const { values, positionals } = parseArgs({ args: argv, options: { ...COMMON, ...extra }, allowPositionals: true, strict: true });
  const v = values as Record<string, string | boolean | undefined>;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const options: CommonOptions = {
    modelsDir: modelsDirOf(str('models')),
    downloadModels: str('models') === undefined,
    // the app's default, so that a library the CLI makes opens in an app that has not chosen another
    embedder: str('embedder') ?? DEFAULT_EMBEDDER,
    llm: str('llm'),
    reranker: str('reranker'),
    strategy: oneOf('strategy', str('strategy') ?? DEFAULT_RETRIEVAL.strategy, STRATEGIES),
    retriever: single('retriever', retrieversOf(str('retriever'), str('hybrid'), [DEFAULT_RETRIEVAL.retriever])),
    backtrack: oneOf('backtrack', str('backtrack') ?? DEFAULT_RETRIEVAL.backtrack, BACKTRACK_MODES),
    hops: single('hops', hopsOf(str('hops'), [DEFAULT_RETRIEVAL.hops])),
    rerank: v.rerank === true,
    subQuestions: v['sub-questions'] === true,
    within: Array.isArray(values.in) ? values.in.filter((x): x is string => typeof x === 'string') : [],
    rewrite: oneOf('rewrite', str('rewrite') ?? 'none', ['none', 'multi-query', 'hyde'] as const),
    n: int('n', str('n') ?? String(DEFAULT_RETRIEVAL.n), 1),
    m: optionalInt('m', str('m'), 1),
    preparse: oneOf('preparse', str('preparse') ?? 'extractive', ['llm', 'extractive', 'off'] as const),
    preparseBudget: optionalInt('preparse-budget', str('preparse-budget'), 0),
    maxNewTokens: int('max-new-tokens', str('max-new-tokens') ?? '256', 1),
    chunkTokens: optionalInt('chunk-tokens', str('chunk-tokens'), 8),
    clusterScope: str('cluster-scope') !== undefined ? oneOf('cluster-scope', str('cluster-scope')!, ['document', 'corpus'] as const) : undefined,
    raptor: v.raptor === true,
    seed: optionalInt('seed', str('seed'), 0),
    json: v.json === true,
    out: str('out'),
    quiet: v.quiet === true,
    help: v.help === true,
  };
  return { options, positionals, values: v };
}

/**
 * `--retriever dense|lexical|hybrid`, comma-separated where a command compares several (eval); the
 * older `--hybrid on|off` still means hybrid or dense.
 */
export function retrieversOf(retriever: string | undefined, hybrid: string | undefined, fallback: Retriever[]): Retriever[] {
  if (retriever !== undefined && hybrid !== undefined) throw new UsageError('--retriever and --hybrid both choose the retriever; give one');
  if (hybrid !== undefined) return [...new Set(list('hybrid', hybrid, ['on', 'off'] as const, []).map((v) => (v === 'on' ? 'hybrid' : 'dense') as Retriever))];
  return [...new Set(list('retriever', retriever, RETRIEVERS, fallback))];
}

/** `--hops 1|2`, comma-separated where a command compares several. */
export function hopsOf(value: string | undefined, fallback: (1 | 2)[]): (1 | 2)[] {
  return [...new Set(list('hops', value, ['1', '2'] as const, fallback.map((h) => String(h) as '1' | '2')))].map((h) => (h === '2' ? 2 : 1));
}

/** The one value of an option that a command takes once. */
function single<T>(name: string, values: T[]): T {
  if (values.length !== 1) throw new UsageError(`--${name} takes one value here`);
  return values[0];
}

export function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}

export function int(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number ≥ ${min} (got "${value}")`);
  return n;
}

export function optionalInt(name: string, value: string | undefined, min: number): number | undefined {
  return value === undefined ? undefined : int(name, value, min);
}

/** Comma-separated whole numbers, each ≥ `min`; duplicates dropped, in increasing order. */
export function ints(name: string, value: string | undefined, min: number, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  const values = value.split(',').map((s) => int(name, s.trim(), min));
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Comma-separated list option, each value checked. */
export function list<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T[]): T[] {
  if (!value) return fallback;
  return value.split(',').map((s) => oneOf(name, s.trim(), allowed));
}
