/**
 * The open index's memory by structure: what each structure holds is counted from its own lengths,
 * float vectors the records keep are told apart from the vector index's rows, and an index opened
 * from an image with its corpus counts the image's buffer its records' unread vectors keep.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { decodeCorpus, encodeCorpus } from '../../../src/core/stored-index/corpus-codec.ts';
import { fillCorpusVectors, withoutCorpusVectors } from '../../../src/core/stored-index/vectors-in-corpus.ts';
import type { IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { sha256Hex } from '../../../src/core/util/hash.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const DIM = 64;
const text = `# Rivers\n\n${Array.from({ length: 12 }, (_, i) => `Part ${i} says the river boats carry grain and timber downstream to the port.`).join('\n\n')}`;
const file = { name: 'rivers.md', bytes: new TextEncoder().encode(text) };

async function indexed(): Promise<LociEngine> {
  const engine = await LociEngine.open({ embedder: hashEmbedder('hash', DIM), store: new MemoryIndexStore() });
  await engine.indexDocument(await sha256Hex(file.bytes), async () => file, { preparse: 'extractive' });
  return engine;
}

describe('LociEngine.memoryReport', () => {
  it('counts the vector index, BM25, texts, entries and the float vectors the records keep', async () => {
    const engine = await indexed();
    const report = engine.memoryReport();
    const { structures: s, entries } = report;
    expect(entries).toBe(engine.entryCount);
    expect(report.dimension).toBe(DIM);
    // int8 rows: at least a byte a dimension an entry
    expect(s.vectors).toBeGreaterThanOrEqual(entries * DIM);
    // records as indexed keep their float vectors beside the rows
    expect(s.recordVectors).toBeGreaterThanOrEqual(entries * DIM * 4);
    expect(s.texts).toBeGreaterThanOrEqual(engine.documents[0].doc.text.length);
    for (const part of ['bm25Postings', 'bm25Statistics', 'entries', 'chunks', 'records', 'corpusTables'] as const) expect(s[part]).toBeGreaterThan(0);
    expect(s.keptBuffers).toBe(0);
    expect(report.recordsWithPendingVectors).toBe(0);
  });

  it("counts the image's corpus buffer that unread vectors keep, and reads none of them", async () => {
    const built = (await indexed()).imageSnapshot();
    const corpus = await decodeCorpus(await encodeCorpus(built.corpus!), { view: true });
    const lean = withoutCorpusVectors(built, built.corpus!);
    // as decoded: fresh record objects whose vectors come from the corpus's rows
    const decoded: IndexSnapshot = { manifest: lean.manifest, documents: lean.documents.map((d) => ({ ...d })), groups: lean.groups.map((g) => ({ ...g })), corpus };
    expect(fillCorpusVectors(decoded, corpus!)).toBe(true);
    const engine = await LociEngine.open({ embedder: hashEmbedder('hash', DIM), store: new MemoryIndexStore(), stored: Promise.resolve(decoded) });
    expect(engine.corpusAdopted).toBe(true);

    const report = engine.memoryReport();
    expect(report.recordsWithPendingVectors).toBe(1);
    expect(report.structures.recordVectors).toBe(0);
    // the corpus's int8 codes were copied into the vector index, and its buffer is kept all the same
    expect(report.structures.keptBuffers).toBeGreaterThanOrEqual(report.entries * DIM);
    expect(engine.memoryReport().recordsWithPendingVectors).toBe(1);

    // read once, the record's vectors are its own floats
    expect(engine.documents[0].vectors.length).toBe(report.entries * DIM);
    expect(engine.memoryReport().recordsWithPendingVectors).toBe(0);
    expect(engine.memoryReport().structures.recordVectors).toBeGreaterThanOrEqual(report.entries * DIM * 4);
  });
});
