/**
 * An Embedder that remembers every vector on disk, by model and text, so a second `loci eval` or
 * `loci index` of the same texts embeds nothing again: with a trained encoder on two cores a dev
 * set's index is minutes of embedding (USE-Lite reads about 20 texts a second here), the same
 * minutes on every run that changes only retrieval.
 *
 * One append-only file per model: records of a 16-byte key (SHA-256 of role and text, cut) and the
 * vector's bytes. A record cut short by a crash is ignored on reading; vectors are returned exactly
 * as the model gave them, so a run from the cache scores what a fresh run scores. Node only.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import type { EmbedRole, Embedder } from '../core/ports.ts';

const KEY_BYTES = 16;

export interface EmbeddingCacheOptions {
  /** Folder of cache files. */
  dir: string;
  /**
   * What distinguishes this model's vectors beyond its id (a dtype, a package version): a changed
   * fingerprint starts a new file rather than mixing vectors of two builds.
   */
  fingerprint?: string;
}

export type CachedEmbedder<E extends Embedder> = E & { readonly cacheFile: string; readonly cacheHits: () => number };

export async function cachedEmbedder<E extends Embedder>(inner: E, options: EmbeddingCacheOptions): Promise<CachedEmbedder<E>> {
  const name = `${inner.id}${options.fingerprint ? `@${options.fingerprint}` : ''}-${inner.dimension}d`;
  const file = path.join(options.dir, `${name.replace(/[^A-Za-z0-9._@-]+/g, '_')}.vectors`);
  const recordBytes = KEY_BYTES + inner.dimension * 4;
  const known = await readRecords(file, recordBytes, inner.dimension);
  let hits = 0;
  let writes = Promise.resolve();
  let unwritable = false;

  const embed = async (texts: string[], role: EmbedRole, signal?: AbortSignal): Promise<Float32Array[]> => {
    const keys = texts.map((t) => keyOf(role, t));
    const out = keys.map((k) => known.get(k));
    const missing = [...new Set(keys.filter((k, i) => out[i] === undefined))];
    if (missing.length > 0) {
      const textOf = new Map(keys.map((k, i) => [k, texts[i]]));
      const vectors = await inner.embed(missing.map((k) => textOf.get(k)!), role, signal);
      const records = Buffer.alloc(missing.length * recordBytes);
      missing.forEach((k, i) => {
        known.set(k, vectors[i]);
        Buffer.from(k, 'latin1').copy(records, i * recordBytes);
        Buffer.from(vectors[i].buffer, vectors[i].byteOffset, vectors[i].byteLength).copy(records, i * recordBytes + KEY_BYTES);
      });
      // A cache that cannot be written (a full disk, a read-only home) costs speed, never the run.
      writes = writes
        .then(async () => {
          await mkdir(options.dir, { recursive: true });
          await appendFile(file, records);
        })
        .catch((error: unknown) => {
          if (!unwritable) process.emitWarning(`the embedding cache ${file} could not be written: ${(error as Error).message}`);
          unwritable = true;
        });
      await writes;
    }
    hits += texts.length - missing.length;
    // Each caller gets its own copy: the pipeline may keep or transfer what it is given.
    return keys.map((k) => known.get(k)!.slice());
  };

  return Object.assign(Object.create(inner) as E, {
    embed,
    countTokens: (texts: string[]) => inner.countTokens(texts),
    cacheFile: file,
    cacheHits: () => hits,
  });
}

function keyOf(role: EmbedRole, text: string): string {
  return createHash('sha256').update(`${role}\u0000${text}`).digest().subarray(0, KEY_BYTES).toString('latin1');
}

async function readRecords(file: string, recordBytes: number, dimension: number): Promise<Map<string, Float32Array>> {
  const known = new Map<string, Float32Array>();
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return known;
  }
  const whole = Math.floor(bytes.byteLength / recordBytes);
  // A record cut short by a crash would misalign every record appended after it.
  if (whole * recordBytes !== bytes.byteLength) await truncate(file, whole * recordBytes);
  for (let r = 0; r < whole; r++) {
    const at = r * recordBytes;
    const vector = new Float32Array(dimension);
    new Uint8Array(vector.buffer).set(bytes.subarray(at + KEY_BYTES, at + recordBytes));
    known.set(bytes.subarray(at, at + KEY_BYTES).toString('latin1'), vector);
  }
  return known;
}
