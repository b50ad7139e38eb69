/**
 * A Generator that remembers every completed reply on disk, so re-running an evaluation (or
 * resuming one that stopped) costs no LLM call for what was already answered.
 *
 * Key: SHA-256 of the canonical JSON of { model id, messages, options without the signal }.
 * A reply is written only when its stream completed: an aborted or abandoned stream is partial
 * text, and replaying it later would silently score a truncated answer.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChatMessage, GenerateOptions, Generator } from '../core/ports.ts';
import { sha256Hex } from '../core/util/hash.ts';

interface CacheRecord {
  model: string;
  messages: ChatMessage[];
  options: Omit<GenerateOptions, 'signal'>;
  text: string;
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function withoutSignal(options: GenerateOptions | undefined): Omit<GenerateOptions, 'signal'> {
  const { signal: _signal, ...rest } = options ?? {};
  return rest;
}

/** The cache key of a request. */
async function cacheKey(model: string, messages: ChatMessage[], options?: GenerateOptions): Promise<string> {
  return sha256Hex(canonical({ model, messages, options: withoutSignal(options) }));
}

function isRecord(value: unknown): value is CacheRecord {
  return value !== null && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string';
}

export function cachedGenerator(inner: Generator, { dir }: { dir: string }): Generator {
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), `${key}.json`);

  async function lookup(file: string): Promise<string | undefined> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      return isRecord(parsed) ? parsed.text : undefined;
    } catch {
      // missing, or unreadable (e.g. a disk filled up): a miss, which rewrites it
      return undefined;
    }
  }

  async function store(file: string, record: CacheRecord): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    // tmp + rename: a crash mid-write never leaves a half-written entry that a later run would replay
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, JSON.stringify(record));
    await rename(tmp, file);
  }

  return {
    get id() {
      return inner.id;
    },
    get contextTokens() {
      return inner.contextTokens;
    },
    countTokens: (text) => inner.countTokens(text),
    async *stream(messages, options) {
      const key = await cacheKey(inner.id, messages, options);
      const file = fileOf(key);
      const hit = await lookup(file);
      if (hit !== undefined) {
        if (!options?.signal?.aborted) yield hit;
        return;
      }
      let text = '';
      for await (const piece of inner.stream(messages, options)) {
        text += piece;
        yield piece;
      }
      // reached only when the consumer read to the end; an abort ends the inner stream early
      if (options?.signal?.aborted) return;
      await store(file, { model: inner.id, messages, options: withoutSignal(options), text });
    },
  };
}
