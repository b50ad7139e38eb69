/**
 * `npm run bench:breadth -- [--embedder ID] [--out FILE]`: how much of a document the answer to a
 * question about the whole of it can cite. For each dev document (the five laws, the Alice EPUB, a
 * 10-K), the question is asked within that document twice in one run — by the breadth route
 * (engine/breadth.ts) and by plain top-k search, the default configuration — and each list is packed
 * at token budgets as the engine packs an answer's sources. The figure is the share of the
 * document's top-level sections (its chapters) the packed sources come from.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_RETRIEVAL } from '../../src/core/engine/defaults.ts';
import { packSources } from '../../src/core/answer/pack.ts';
import type { Chunk } from '../../src/core/types.ts';
import { documentGroupId } from '../../src/core/pipeline/stages.ts';
import { benchEmbedder, DOCS, libraryOf, SHARED } from '../shared/one-document-library.ts';
import { breadthTable, type BreadthReport, type BreadthRow } from './report.ts';

/** The documents, each with the question a person asks about its whole, in its language. */
const CASES = [
  ...['数据安全法_2021.md', '个人信息保护法_2021.md', '网络安全法_2016.md', '劳动合同法_2012.md', '民法典_合同编.md'].map((name) => ({
    file: path.join(DOCS, 'md_zh', name),
    question: '这部法律主要规定了什么？',
  })),
  { file: path.join(DOCS, 'epub', 'alice_gutenberg.epub'), question: 'What is this book about, from beginning to end?' },
  { file: path.join(SHARED, 'data/financebench/pdfs/3M_2018_10K.pdf'), question: 'What is this report about?' },
];

const BUDGETS = [1024, 2048];

/**
 * A chunk's top-level section: its heading at the shallowest level where the document's chunks
 * differ (below a title every chunk shares); a chunk above that level has none.
 */
function sectionsOf(chunks: readonly Chunk[]): { total: number; of: (c: Chunk) => string | undefined } {
  let level = 0;
  while (level < 4 && new Set(chunks.map((c) => c.headingPath[level])).size <= 1) level++;
  const all = new Set(chunks.map((c) => c.headingPath[level]).filter((h): h is string => !!h));
  return { total: all.size, of: (c) => c.headingPath[level] };
}

async function main(): Promise<void> {
  const { embedderId, embedder, out } = await benchEmbedder();
  const rows: BreadthRow[] = [];
  for (const { file, question } of CASES) {
    const { engine, indexMs } = await libraryOf(embedder, file);
    const [record] = engine.documents;
    const sections = sectionsOf(record.chunks);
    const asked = { ...DEFAULT_RETRIEVAL, within: [record.doc.id] };
    const t0 = performance.now();
    const breadth = await engine.retrieve(question, asked);
    const breadthMs = performance.now() - t0;
    const topK = await engine.retrieve(question, { ...asked, breadth: false, n: 64 });
    const covered = async (chunks: typeof breadth.chunks, budget: number) => {
      const packed = await packSources(chunks, { budgetTokens: budget, countTokens: async (t) => (await embedder.countTokens([t]))[0] });
      return { chunks: packed.length, sections: new Set(packed.map((s) => sections.of(s.chunk)).filter(Boolean)).size };
    };
    const row: BreadthRow = {
      document: record.doc.name,
      chunks: record.chunks.length,
      sections: sections.total,
      clusters: engine.group(documentGroupId(record.doc.id))?.group.clusters.length ?? 0,
      indexMs,
      breadthMs: Math.round(breadthMs),
      route: breadth.result.breadth ? 'breadth' : 'search',
      budgets: Object.fromEntries(
        await Promise.all(BUDGETS.map(async (b) => [b, { breadth: await covered(breadth.chunks, b), topK: await covered(topK.chunks, b) }] as const)),
      ),
    };
    rows.push(row);
    const cells = BUDGETS.map((b) => `${b}t: breadth ${row.budgets[b].breadth.sections}/${row.sections}, top-k ${row.budgets[b].topK.sections}/${row.sections}`);
    console.log(`${row.document} (${row.chunks} chunks, ${row.clusters} clusters made in ${row.breadthMs} ms): ${cells.join('; ')}`);
  }
  const report: BreadthReport = { tool: 'bench:breadth', startedAt: new Date().toISOString(), node: process.version, embedder: embedderId, budgets: BUDGETS, rows };
  console.log(`\n${breadthTable(report)}`);
  if (out) await writeFile(out, JSON.stringify(report, null, 2));
}

await main();
