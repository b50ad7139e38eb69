/**
 * A question that names a document of the library (by its file name) is answered from that
 * document, although the page that answers it never says the name.
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

// Three reports alike but for their figures. Acme's capital expenditure paragraph says it twice,
// so BM25 alone ranks it above Globex's for any question about capital expenditure.
const report = (company: string, capex: string, twice: boolean) =>
  [
    `${company} annual report.`,
    'Revenue grew in every region, led by the industrial segment and new contracts signed during the year.',
    'Employees numbered about nine thousand at year end, most of them in manufacturing plants.',
    `Capital expenditure was ${capex} million, spent on plants and equipment.${twice ? ' Capital expenditure rose.' : ''}`,
    'The board declared a quarterly dividend and approved a share repurchase programme for next year.',
  ].join('\n\n');

async function library() {
  const engine = await LociEngine.open({
    embedder: hashEmbedder(),
    store: new MemoryIndexStore(),
    settings: { chunking: { chunkTokens: 20, overlapTokens: 2 }, preparse: { mode: 'off' } },
  });
  const files = [
    { name: 'ACME_2019_report.txt', text: report('The company', '410', true) },
    { name: 'GLOBEX_2019_report.txt', text: report('The company', '275', false) },
    { name: 'INITECH_2019_report.txt', text: report('The company', '90', false) },
  ];
  await engine.indexFiles(files.map((f) => ({ name: f.name, bytes: new TextEncoder().encode(f.text) })));
  return engine;
}

const QUESTION = 'What was the capital expenditure of Globex?';

describe('a question naming a document', () => {
  for (const retriever of ['lexical', 'dense', 'hybrid'] as const) {
    it(`is answered first from the document it names (${retriever})`, async () => {
      const engine = await library();
      const { result } = await engine.retrieve(QUESTION, { strategy: 'naive', retriever, n: 3, denseWeight: 0.5 });
      expect(result.namedDocuments).toEqual(['GLOBEX_2019_report.txt']);
      expect(result.chunks[0].docName).toBe('GLOBEX_2019_report.txt');
      expect(result.chunks[0].chunk.text).toContain('275 million');
    });
  }

  it('is searched as any other when naming is turned off, and when it names nothing', async () => {
    const engine = await library();
    const plain = await engine.retrieve(QUESTION, { strategy: 'naive', retriever: 'lexical', n: 3, namedDocuments: false });
    expect(plain.result.namedDocuments).toBeUndefined();
    expect(plain.result.chunks[0].chunk.text).toContain('410 million');
    const unnamed = await engine.retrieve('What was the capital expenditure?', { strategy: 'naive', retriever: 'lexical', n: 3 });
    expect(unnamed.result.namedDocuments).toBeUndefined();
    expect(unnamed.result.chunks[0].chunk.text).toContain('410 million');
  });

  it('keeps the named document through a second hop, and forgets a removed one', async () => {
    const engine = await library();
    const twoHops = await engine.retrieve(QUESTION, { strategy: 'naive', retriever: 'hybrid', n: 3, hops: 2 });
    expect(twoHops.result.namedDocuments).toEqual(['GLOBEX_2019_report.txt']);
    expect(twoHops.result.chunks[0].docName).toBe('GLOBEX_2019_report.txt');
    await engine.removeDocument(engine.documents.find((d) => d.doc.name === 'GLOBEX_2019_report.txt')!.doc.id);
    const after = await engine.retrieve(QUESTION, { strategy: 'naive', retriever: 'lexical', n: 3 });
    expect(after.result.namedDocuments).toBeUndefined();
  });
});
