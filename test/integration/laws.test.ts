/**
 * The engine end to end with real models through transformers.js: the five Chinese laws indexed
 * with tiny-lexical-bert-zh, the question answered from 数据安全法 with chapter headings.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { encodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { MemoryIndexStore } from '../../src/core/stored-index/memory-store.ts';
import { loadNodeModels } from '../../src/models/node.ts';
import type { Embedder } from '../../src/core/ports.ts';
import { DOCUMENTS_DIR, MODELS_DIR } from '../support/paths.ts';

const LAWS_DIR = path.join(DOCUMENTS_DIR, 'md_zh');
const QUESTION = '数据处理者应当履行哪些数据安全保护义务？';

let embedder: Embedder;
let files: { name: string; bytes: Uint8Array }[];

beforeAll(async () => {
  ({ embedder } = await loadNodeModels({ modelsDir: MODELS_DIR, embedder: 'tiny-lexical-bert-zh' }));
  const names = (await readdir(LAWS_DIR)).filter((n) => n.endsWith('.md')).sort();
  files = await Promise.all(names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(path.join(LAWS_DIR, name))) })));
});

describe('the five laws with tiny-lexical-bert-zh', () => {
  let engine: LociEngine;
  let store: MemoryIndexStore;

  beforeAll(async () => {
    store = new MemoryIndexStore();
    engine = await LociEngine.open({ embedder, store });
    await engine.indexFiles(files);
  });

  it('indexes every law to ready, with chapter headings on the chunks', () => {
    const docs = store.snapshot()!.documents;
    expect(docs).toHaveLength(5);
    expect(docs.every((d) => d.job.stage === 'ready')).toBe(true);
    const dsl = docs.find((d) => d.doc.name.startsWith('数据安全法'))!;
    expect(dsl.doc.language).toBe('zh');
    expect(dsl.chunks.some((c) => c.headingPath.some((h) => /^第四章/.test(h)))).toBe(true);
    // nothing is clustered while indexing: the first strategy that reads clusters makes them
    expect(store.snapshot()!.groups).toEqual([]);
  });

  for (const strategy of ['naive', 'cap-rag'] as const) {
    it(`${strategy}: answers the question from 数据安全法 with its chapter headings`, async () => {
      const { chunks, result } = await engine.retrieve(QUESTION, { strategy, n: 5, retriever: 'hybrid' as const });
      const top = [...chunks].sort((a, b) => a.firstRank - b.firstRank)[0];
      expect(top.docName).toBe('数据安全法_2021.md');
      expect(top.chunk.headingPath.join(' › ')).toMatch(/第四章 数据安全保护义务/);
      expect(chunks.filter((c) => c.docName === '数据安全法_2021.md').length).toBeGreaterThanOrEqual(3);
      expect(result.trace.length).toBeGreaterThan(0);
      for (const row of result.trace) expect(row.backtracksTo.length).toBeGreaterThan(0);
      // the big 民法典 has enough chunks to be clustered
      if (strategy === 'cap-rag') expect(store.snapshot()!.groups.some((g) => g.group.clusters.length > 1)).toBe(true);
    });
  }

  it('builds a byte-identical index on a second run with the same seed', async () => {
    const again = new MemoryIndexStore();
    const second = await LociEngine.open({ embedder, store: again });
    await second.indexFiles(files.filter((f) => !f.name.startsWith('民法典')));
    await second.makeClusters();
    const first = new MemoryIndexStore();
    const firstEngine = await LociEngine.open({ embedder, store: first });
    await firstEngine.indexFiles(files.filter((f) => !f.name.startsWith('民法典')));
    await firstEngine.makeClusters();
    expect(first.snapshot()!.groups.length).toBeGreaterThan(0);
    expect(Buffer.from(await encodeIndex(again.snapshot()!)).equals(Buffer.from(await encodeIndex(first.snapshot()!)))).toBe(true);
  });
});
