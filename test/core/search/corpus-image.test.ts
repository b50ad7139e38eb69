/**
 * The search corpus kept beside the records (the open image's shortcut): an engine opened by
 * adopting it searches exactly as one that laid the records out, keeps working as documents come
 * and go, and an image that does not hold exactly the records' entries is refused whole.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { LiveCorpus } from '../../../src/core/search/live-corpus.ts';
import { searchedByWords } from '../../../src/core/search/strategy-kinds.ts';
import type { CorpusImage } from '../../../src/core/search/corpus-image.ts';
import { decodeCorpus, encodeCorpus } from '../../../src/core/stored-index/corpus-codec.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import type { ManifestSettings } from '../../../src/core/stored-index/manifest.ts';
import type { IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import type { Entry, EntryTerms, Strategy } from '../../../src/core/types.ts';
import type { DocumentRecord } from '../../../src/core/stored-index/snapshot.ts';
import { countTerms } from '../../../src/core/search/entry-terms.ts';
import { rowMask } from '../../../src/core/search/row-mask.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';
import { checksums } from '../../../src/core/util/checksum.ts';

const TOPICS = ['river boats and harbour trade', 'mountain snow and glacier ice', 'library books and quiet reading', 'orchard apples in autumn'];
const markdown = (title: string, shift: number) =>
  new TextEncoder().encode(
    [`# ${title}`, '## Part one', ...Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of ${title} is about ${TOPICS[(i + shift) % 4]}, and names ${title} once.`)].join('\n\n'),
  );

async function variant(storage: 'int8' | 'float32') {
  const settings: Partial<ManifestSettings> = {
    chunking: { chunkTokens: 30, overlapTokens: 3 },
    clustering: { scope: 'document', seed: 7, threshold: 0.1, maxClusters: 8, minChunks: 6 },
    preparse: { mode: 'extractive' },
    vectorStorage: storage,
  };
  const store = new MemoryIndexStore();
  const engine = await LociEngine.open({ embedder: hashEmbedder(), store, settings });
  await engine.indexFiles(['Alpha', 'Beta', 'Gamma'].map((title, i) => ({ name: `${title}.md`, bytes: markdown(title, i) })));
  await engine.makeClusters();
  // one document gone: the corpus keeps its removed rows as tombstones, which the image must carry
  await engine.removeDocument(engine.documents.find((d) => d.doc.name === 'Beta.md')!.doc.id);
  return { engine, settings, store };
}

const QUESTIONS = ['Which paragraph is about glacier ice?', 'harbour trade of Alpha', 'quiet reading in Gamma', 'apples'];
const STRATEGIES: Strategy[] = ['naive', 'c-rag', 'p-rag', 'cap-rag'];

async function answers(engine: LociEngine) {
  const out: unknown[] = [];
  for (const question of QUESTIONS) {
    for (const strategy of STRATEGIES) {
      for (const retriever of ['dense', 'lexical', 'hybrid'] as const) {
        const { result } = await engine.retrieve(question, { strategy, retriever, n: 5, denseWeight: 0.5 });
        out.push([question, strategy, retriever, result.chunks.map((c) => [c.chunk.id, c.score.toFixed(6)]), result.trace.map((t) => t.entryId)]);
      }
    }
  }
  return out;
}

describe('the corpus image', () => {
  for (const storage of ['int8', 'float32'] as const) {
    it(`opens an engine that searches exactly as the records laid out do (${storage})`, async () => {
      const { engine, settings } = await variant(storage);
      const snapshot = engine.imageSnapshot();
      expect(snapshot.corpus).toBeDefined();
      const corpus = (await decodeCorpus(await encodeCorpus(snapshot.corpus!)))!;
      expect(corpus.owners.map((o) => o.owner)).toEqual(snapshot.corpus!.owners.map((o) => o.owner));

      const fromRecords = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), stored: Promise.resolve({ ...snapshot, corpus: undefined }), settings });
      const adopted = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), stored: Promise.resolve({ ...snapshot, corpus }), settings });
      const expected = await answers(engine);
      expect(await answers(fromRecords)).toEqual(expected);
      expect(await answers(adopted)).toEqual(expected);
      expect(adopted.entryCount).toBe(engine.entryCount);

      // and it goes on as an index: a document added and one removed after opening
      for (const e of [engine, adopted]) {
        await e.indexFiles([{ name: 'Delta.md', bytes: markdown('Delta', 3) }]);
        await e.removeDocument(e.documents.find((d) => d.doc.name === 'Alpha.md')!.doc.id);
      }
      expect(await answers(adopted)).toEqual(await answers(engine));
    });
  }

  it.each(['adopted', 'laid out'] as const)('with the records written since it was made laid over it (%s), searches as the index does', async (how) => {
    const { engine, settings } = await variant('int8');
    const made = engine.imageSnapshot();
    const alpha = engine.documents.find((d) => d.doc.name === 'Alpha.md')!.doc.id;
    await engine.indexFiles([{ name: 'Delta.md', bytes: markdown('Delta', 3) }]);
    await engine.makeClusters();
    await engine.removeDocument(alpha);
    const now = engine.imageSnapshot();
    // what the store logged: every record written since (a new object) and every one gone
    const madeDocs = new Set(made.documents);
    const madeGroups = new Set(made.groups);
    const since = {
      documents: now.documents.filter((d) => !madeDocs.has(d)),
      groups: now.groups.filter((g) => !madeGroups.has(g)),
      deletedDocuments: made.documents.map((d) => d.doc.id).filter((id) => !now.documents.some((d) => d.doc.id === id)),
      deletedGroups: made.groups.map((g) => g.group.id).filter((id) => !now.groups.some((g) => g.group.id === id)),
    };
    expect(since.documents.map((d) => d.doc.name)).toContain('Delta.md');
    expect(since.deletedDocuments).toEqual([alpha]);
    expect(since.deletedGroups.length).toBeGreaterThan(0);
    const corpus = how === 'adopted' ? (await decodeCorpus(await encodeCorpus(made.corpus!)))! : undefined;
    const opened = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore(), stored: Promise.resolve({ ...made, corpus, since }), settings });
    expect(opened.corpusAdopted).toBe(how === 'adopted');
    expect(opened.documents.map((d) => d.doc.name)).toEqual(engine.documents.map((d) => d.doc.name));
    expect(opened.entryCount).toBe(engine.entryCount);
    expect(await answers(opened)).toEqual(await answers(engine));
  });

  it('keeps the removed document’s rows removed, and every record’s rows alive (in BM25 those it searches)', async () => {
    const { engine } = await variant('int8');
    const snapshot = engine.imageSnapshot();
    const corpus = new LiveCorpus(64, 'int8');
    expect(corpus.adopt(snapshot.documents, snapshot.groups, (await decodeCorpus(await encodeCorpus(snapshot.corpus!)))!)).toBe(true);
    const owned = new Set(snapshot.corpus!.owners.flatMap((o) => [...o.rows]));
    const size = corpus.vectors.size;
    expect(owned.size).toBeLessThan(size);
    let words = 0;
    for (let row = 0; row < size; row++) {
      expect(corpus.vectors.isRemoved(row)).toBe(!owned.has(row));
      const searched = owned.has(row) && searchedByWords(corpus.entry(row));
      expect(corpus.lexical.has(row)).toBe(searched);
      if (searched) words++;
    }
    expect(corpus.vectors.liveSize).toBe(owned.size);
    // extractive pre-parse copied sentences, which BM25 does not hold
    expect(words).toBeGreaterThan(0);
    expect(words).toBeLessThan(owned.size);
    expect(corpus.lexical.size).toBe(words);
  });

  it('is refused whole when it does not hold exactly the records’ entries', async () => {
    const { engine } = await variant('int8');
    const snapshot: IndexSnapshot = engine.imageSnapshot();
    const image = snapshot.corpus!;
    const embedded = snapshot.documents;
    const owned = new Set(image.owners.flatMap((o) => [...o.rows]));
    const removedRow = [...Array(image.vectors.size).keys()].find((row) => !owned.has(row))!;
    expect(removedRow).toBeDefined();
    const first = embedded.find((d) => d.entries.length > 0)!;
    const sentence = first.entries.findIndex((e) => !searchedByWords(e));
    expect(sentence).toBeGreaterThan(0);
    const withSentenceAlive = image.lexical.state.slice();
    withSentenceAlive[image.owners.find((o) => o.owner === first.doc.id)!.rows[sentence]] = 1;
    const wrong: [string, CorpusImage][] = [
      ['an owner missing', { ...image, owners: image.owners.slice(1) }],
      ['a row short', { ...image, owners: image.owners.map((o, i) => (i === 0 ? { ...o, rows: o.rows.subarray(1) } : o)) }],
      ['a row past the vectors', { ...image, owners: image.owners.map((o, i) => (i === 0 ? { ...o, rows: Int32Array.from(o.rows, (r) => r + image.vectors.size) } : o)) }],
      ['another dimension', { ...image, vectors: { ...image.vectors, dimension: 32 } }],
      ['a row claimed twice', { ...image, owners: image.owners.map((o, i) => (i === 1 ? { ...o, rows: Int32Array.from(o.rows, (r, j) => (j === 0 ? image.owners[0].rows[0] : r)) } : o)) }],
      ['a removed row claimed', { ...image, owners: image.owners.map((o, i) => (i === 0 ? { ...o, rows: Int32Array.from(o.rows, (r, j) => (j === 0 ? removedRow : r)) } : o)) }],
      ['BM25 holding a copied sentence (an image from before BM25 left them out)', { ...image, lexical: { ...image.lexical, state: withSentenceAlive, alive: image.lexical.alive + 1 } }],
    ];
    for (const [what, bad] of wrong) {
      const corpus = new LiveCorpus(64, 'int8');
      expect(corpus.adopt(embedded, snapshot.groups, bad), what).toBe(false);
      expect(corpus.entryCount, what).toBe(0);
    }
  });

  it('decodes to nothing when a byte of it is damaged', async () => {
    const { engine } = await variant('int8');
    const bytes = await encodeCorpus(engine.imageSnapshot().corpus!);
    expect(await decodeCorpus(bytes)).toBeDefined();
    const damaged = bytes.slice();
    damaged[damaged.length - 5] ^= 0x40;
    expect(await decodeCorpus(damaged)).toBeUndefined();
    expect(await decodeCorpus(bytes.subarray(0, bytes.length - 8))).toBeUndefined();
  });

  it('encodes to the same bytes in breaths, and behind room left for what goes before it', async () => {
    const { engine } = await variant('int8');
    const image = engine.imageSnapshot().corpus!;
    const whole = await encodeCorpus(image);
    let breaths = 0;
    const breathe = async () => void breaths++;
    const behind = await encodeCorpus(image, { breathe, at: 24 });
    // the checksum was hashed in slices here, between the copies of the arrays
    expect(breaths).toBeGreaterThan(3);
    expect(behind.length).toBe(24 + whole.length);
    expect(behind.subarray(0, 24).every((b) => b === 0)).toBe(true);
    expect(Buffer.from(behind.subarray(24)).equals(Buffer.from(whole))).toBe(true);
    expect(await decodeCorpus(behind.subarray(24))).toBeDefined();
  });
});

describe('checksums in slices', () => {
  it('are the checksum of the bytes whole, whatever the slice', async () => {
    const data = new Uint8Array(100_003).map((_, i) => (i * 7919) % 251);
    const sums = await checksums();
    let between = 0;
    for (const slice of [1, 64, 4096, 100_003, 1 << 20]) {
      expect(await sums.bytesInSlices(data, async () => void between++, slice), `slice ${slice}`).toBe(sums.bytes(data));
    }
    expect(between).toBeGreaterThan(100_003);
    expect(await sums.bytesInSlices(new Uint8Array(0), async () => undefined)).toBe(sums.bytes(new Uint8Array(0)));
  });
});

describe('cluster members in the corpus', () => {
  it('are those of the group as it is now: a group replaced or removed takes its old clusters with it', () => {
    const corpus = new LiveCorpus(4);
    const cluster = (id: string, chunkIds: string[]) => ({ id, members: chunkIds.map((chunkId) => ({ chunkId, p: 1 })) });
    const group = (clusters: ReturnType<typeof cluster>[]) => ({
      group: { id: 'g', docIds: ['d'], k: clusters.length, bic: [], clusters, raptor: [] },
      entries: [],
      vectors: new Float32Array(0),
      preparse: [],
    });
    corpus.setGroup(group([cluster('g#0', ['d:0', 'd:1']), cluster('g#1', ['d:2'])]));
    expect(corpus.chunksOf({ type: 'cluster', id: 'g#1' })).toEqual(['d:2']);
    corpus.setGroup(group([cluster('g#0', ['d:0'])]));
    expect(corpus.chunksOf({ type: 'cluster', id: 'g#0' })).toEqual(['d:0']);
    expect(corpus.chunksOf({ type: 'cluster', id: 'g#1' })).toEqual([]);
    corpus.removeGroup('g');
    expect(corpus.chunksOf({ type: 'cluster', id: 'g#0' })).toEqual([]);
  });
});

describe('BM25 in the corpus', () => {
  // one chunk names Zhang Wei among other words; another's sentence, copied by extractive
  // pre-parsing, is short and names him too: scored alone it would outrank the chunk
  const chunkTexts = ['The regulator Zhang Wei oversees compliance and audits.', 'Handlers shall report incidents promptly.'];
  const chunks = chunkTexts.map((text, ordinal) => ({ id: `d:${ordinal}`, docId: 'd', ordinal, text, headingPath: [], start: 0, end: text.length, tokens: 8 }));
  const entries: Entry[] = [
    ...chunks.map((c): Entry => ({ id: `${c.id}|chunk|whole|0`, kind: 'chunk', level: 'whole', text: c.text, origin: { type: 'chunk', id: c.id } })),
    { id: 'd:1|context|point|0', kind: 'context', level: 'point', text: 'Zhang Wei handlers', origin: { type: 'chunk', id: 'd:1' }, producer: 'extractive' },
    { id: 'd:1|query|point|0', kind: 'query', level: 'point', text: 'Who must report to Zhang Wei?', origin: { type: 'chunk', id: 'd:1' }, producer: 'llm' },
  ];
  const record = (terms?: EntryTerms): DocumentRecord => ({
    doc: { id: 'd', name: 'd.txt', mime: 'text/plain', size: 0, title: 'd', language: 'en', text: chunkTexts.join('\n'), blocks: [], toc: [] },
    chunks,
    job: { docId: 'd', stage: 'ready' },
    entries,
    vectors: new Float32Array(entries.length * 4).fill(0.5),
    preparse: [],
    ...(terms ? { terms } : {}),
  });

  for (const [how, terms] of [['segmented from the texts', undefined], ['from the record’s counted words', countTerms(entries)]] as const) {
    it(`holds no sentence extractive pre-parsing copied, and what a model wrote (${how})`, () => {
      const corpus = new LiveCorpus(4);
      corpus.setDocument(record(terms));
      expect([0, 1, 2, 3].map((row) => corpus.lexical.has(row))).toEqual([true, true, false, true]);
      const hits = corpus.lexical.search('Zhang Wei', 5, undefined, { rows: corpus.rowsFor('p-rag'), mask: rowMask(corpus.rowsFor('p-rag'), 4) });
      expect(hits.map((h) => h.row)).not.toContain(2);
      expect(hits.map((h) => corpus.entry(h.row).origin.id)).toContain('d:0');
      // the embedding still searches the sentence
      expect([...corpus.rowsFor('p-rag')]).toContain(2);
    });
  }
});
