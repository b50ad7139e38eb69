/**
 * `npm run bench:one-document -- [--embedder ID] [--out FILE]`: how long a person waits for the
 * first question about one document, whose clusters that question makes (engine/ask.ts:
 * aboutOneDocument), against the same question once they are made and against one hop, which
 * reads no cluster, all in one run on one index. Each document is indexed alone, as a person's
 * library of one: its best chunks are all its own, so the question searches its clusters.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { benchEmbedder, DOCS, libraryOf, SHARED } from '../shared/one-document-library.ts';

/** A long filing, a law and a book, each with a question about one thing in it. */
const CASES = [
  { file: path.join(SHARED, 'data/financebench/pdfs/3M_2018_10K.pdf'), question: 'What is the FY2018 capital expenditure amount (in USD millions) for 3M?' },
  { file: path.join(DOCS, 'md_zh', '数据安全法_2021.md'), question: '重要数据的处理者应当做什么？' },
  { file: path.join(DOCS, 'epub', 'alice_gutenberg.epub'), question: 'Who is at the mad tea party with Alice?' },
];

interface Row {
  document: string;
  chunks: number;
  /** Clusters the first question searched (absent: the first hop stood). */
  clusters?: number;
  indexMs: number;
  /** The question with one hop: no cluster read (the baseline). */
  oneHopMs: number;
  /** The default, the first time: the document's clusters made, then searched. */
  firstMs: number;
  /** The default again, its clusters made. */
  againMs: number;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, Math.round(performance.now() - started)];
}

async function main(): Promise<void> {
  const { embedderId, embedder, out: given } = await benchEmbedder();
  const rows: Row[] = [];
  for (const { file, question } of CASES) {
    const { engine, indexMs } = await libraryOf(embedder, file);
    // calibrated before the clock runs: the first hybrid question would otherwise pay for it
    await engine.fusionWeight();
    const [, oneHopMs] = await timed(() => engine.retrieve(question, { ...DEFAULT_RETRIEVAL, hops: 1 }));
    const [first, firstMs] = await timed(() => engine.retrieve(question, DEFAULT_RETRIEVAL));
    const [, againMs] = await timed(() => engine.retrieve(question, DEFAULT_RETRIEVAL));
    const [record] = engine.documents;
    const clusters = first.result.secondHop?.clusters;
    const row: Row = { document: record.doc.name, chunks: record.chunks.length, ...(clusters !== undefined ? { clusters } : {}), indexMs, oneHopMs, firstMs, againMs };
    rows.push(row);
    console.log(`${row.document} (${row.chunks} chunks, indexed in ${row.indexMs} ms): one hop ${oneHopMs} ms; first question ${firstMs} ms (${clusters ?? 'no'} clusters searched); again ${againMs} ms`);
  }
  const out = given ?? path.join('bench-results', `one-document-${embedderId}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  const report = { tool: 'bench:one-document', startedAt: new Date().toISOString(), node: process.version, embedder: embedderId, rows };
  await writeFile(out, JSON.stringify(report, null, 2));
  console.log(`wrote ${out}`);
}

await main();
