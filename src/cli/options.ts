/** Command-line options shared by the commands, parsed with node:util and checked into typed values. */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { STRATEGIES, type PreparseMode, type Strategy } from '../core/types.ts';
import type { Rewrite } from '../core/engine/ask.ts';

export class UsageError extends Error {}

const COMMON = {
  models: { type: 'string' },
  embedder: { type: 'string' },
  llm: { type: 'string' },
  reranker: { type: 'string' },
  strategy: { type: 'string' },
  hybrid: { type: 'string' },
  rerank: { type: 'boolean' },
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
  embedder: string;
  llm?: string;
  reranker?: string;
  strategy: Strategy;
  hybrid: boolean;
  rerank: boolean;
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

export function parseCommon(argv: string[], extra: ParseArgsConfig['options'] = {}) {
  const { values, positionals } = parseArgs({ args: argv, options: { ...COMMON, ...extra }, allowPositionals: true, strict: true });
  const v = values as Record<string, string | boolean | undefined>;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const options: CommonOptions = {
    modelsDir: path.resolve(str('models') ?? DEFAULT_MODELS_DIR),
    embedder: str('embedder') ?? 'tiny-lexical-bert-zh',
    llm: str('llm'),
    reranker: str('reranker'),
    strategy: oneOf('strategy', str('strategy') ?? 'cap-rag', STRATEGIES),
    hybrid: oneOf('hybrid', str('hybrid') ?? 'on', ['on', 'off'] as const) === 'on',
    rerank: v.rerank === true,
    rewrite: oneOf('rewrite', str('rewrite') ?? 'none', ['none', 'multi-query', 'hyde'] as const),
    n: int('n', str('n') ?? '5', 1),
    m: str('m') !== undefined ? int('m', str('m')!, 1) : undefined,
    preparse: oneOf('preparse', str('preparse') ?? 'extractive', ['llm', 'extractive', 'off'] as const),
    preparseBudget: str('preparse-budget') !== undefined ? int('preparse-budget', str('preparse-budget')!, 0) : undefined,
    maxNewTokens: int('max-new-tokens', str('max-new-tokens') ?? '256', 1),
    chunkTokens: str('chunk-tokens') !== undefined ? int('chunk-tokens', str('chunk-tokens')!, 8) : undefined,
    clusterScope: str('cluster-scope') !== undefined ? oneOf('cluster-scope', str('cluster-scope')!, ['document', 'corpus'] as const) : undefined,
    raptor: v.raptor === true,
    seed: str('seed') !== undefined ? int('seed', str('seed')!, 0) : undefined,
    json: v.json === true,
    out: str('out'),
    quiet: v.quiet === true,
    help: v.help === true,
  };
  return { options, positionals, values: v };
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

/** Comma-separated list option, each value checked. */
export function list<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T[]): T[] {
  if (!value) return fallback;
  return value.split(',').map((s) => oneOf(name, s.trim(), allowed));
}
