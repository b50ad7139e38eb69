import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmbedRole, Embedder } from '../../src/core/ports.ts';
import { cachedEmbedder } from '../../src/models/node-embedding-cache.ts';

/** A double that embeds each text as a vector from its characters, and counts what it was asked. */
function countingEmbedder(): Embedder & { asked: string[] } {
  const asked: string[] = [];
  return {
    id: 'double/embedder',
    dimension: 3,
    maxTokens: 512,
    queryPrefix: '',
    passagePrefix: '',
    asked,
    async embed(texts: string[], role: EmbedRole) {
      asked.push(...texts.map((t) => `${role}:${t}`));
      return texts.map((t) => new Float32Array([t.length, t.charCodeAt(0) || 0, role === 'query' ? 1 : 2]));
    },
    async countTokens(texts: string[]) {
      return texts.map((t) => t.length);
    },
  };
}

describe('the embedding cache', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'loci-embcache-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('embeds a text once per role, across runs, and returns exactly what the model gave', async () => {
    const first = countingEmbedder();
    const a = await cachedEmbedder(first, { dir, fingerprint: 'q8' });
    const fresh = await a.embed(['alpha', 'beta', 'alpha'], 'passage');
    expect(first.asked).toEqual(['passage:alpha', 'passage:beta']);
    await a.embed(['alpha'], 'query');
    expect(first.asked).toHaveLength(3);

    const second = countingEmbedder();
    const b = await cachedEmbedder(second, { dir, fingerprint: 'q8' });
    const again = await b.embed(['beta', 'alpha', 'gamma'], 'passage');
    expect(second.asked).toEqual(['passage:gamma']);
    expect(Array.from(again[0])).toEqual(Array.from(fresh[1]));
    expect(Array.from(again[1])).toEqual(Array.from(fresh[0]));
    expect(b.cacheHits()).toBe(2);
    expect(b.id).toBe('double/embedder');
    expect(await b.countTokens(['abc'])).toEqual([3]);
  });

  it('keeps another build of the model apart', async () => {
    await (await cachedEmbedder(countingEmbedder(), { dir, fingerprint: 'q8' })).embed(['alpha'], 'passage');
    const other = countingEmbedder();
    await (await cachedEmbedder(other, { dir, fingerprint: 'fp32' })).embed(['alpha'], 'passage');
    expect(other.asked).toEqual(['passage:alpha']);
  });

  it('drops a record a crash cut short, and appends whole ones after it', async () => {
    const a = await cachedEmbedder(countingEmbedder(), { dir });
    await a.embed(['alpha', 'beta'], 'passage');
    const record = (await stat(a.cacheFile)).size / 2;
    await truncate(a.cacheFile, record + 5);
    const inner = countingEmbedder();
    const b = await cachedEmbedder(inner, { dir });
    await b.embed(['alpha', 'beta'], 'passage');
    expect(inner.asked).toEqual(['passage:beta']);
    expect((await readFile(b.cacheFile)).byteLength).toBe(2 * record);
    const c = countingEmbedder();
    await (await cachedEmbedder(c, { dir })).embed(['alpha', 'beta'], 'passage');
    expect(c.asked).toEqual([]);
  });

  it('still embeds when the cache cannot be written, and says so once', async () => {
    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const cache = await cachedEmbedder(countingEmbedder(), { dir: path.join(blocked, 'cache') });
      expect(await cache.embed(['alpha'], 'passage')).toHaveLength(1);
      expect(await cache.embed(['beta'], 'passage')).toHaveLength(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('could not be written'))).toHaveLength(1);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
