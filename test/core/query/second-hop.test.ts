import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { mergeHops } from '../../../src/core/query/merge-hops.ts';
import { sectionFitsWindow } from '../../../src/core/query/section-fits.ts';
import { sectionsLast } from '../../../src/core/query/sections-last.ts';
import { expandedQuestion, expansionTerms } from '../../../src/core/query/second-hop.ts';
import { LexicalIndex } from '../../../src/core/search/lexical-index.ts';
import type { TermStats } from '../../../src/core/search/term-stats.ts';
import type { Chunk, RetrievedChunk } from '../../../src/core/types.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const film = 'Kiss and Tell is a 1945 American comedy film starring Corliss Archer. The film was shot in Hollywood.';
const library = [
  film,
  'Corliss Archer: teenage heroine, radio series; hometown Santa Monica, California.',
  'The film industry in Hollywood grew quickly after the war. Many American films were shot there.',
  'A comedy is a film that makes people laugh. American comedy films were popular in 1945.',
  'Another American comedy film from 1945, shot in Hollywood.',
  'A 1945 American drama film, shot in Hollywood.',
];

function statsOf(texts: string[]): TermStats {
  const index = new LexicalIndex();
  texts.forEach((text, row) => index.add(row, text));
  return index.terms;
}

describe('expansionTerms', () => {
  const stats = statsOf(library);

  it('adds the passage\'s rarest words in this library, none the question has', () => {
    const terms = expansionTerms('Where was the star of Kiss and Tell born?', [{ text: film }], stats);
    // the rarest first (starring: this passage alone), then by the alphabet among equals
    expect(terms).toEqual(['starring', 'archer', 'corliss', 'is']);
    // words every passage shares are never taken, and nothing the question already asks is repeated
    expect(terms).not.toContain('film');
    expect(terms).not.toContain('american');
    expect(terms.some((t) => /^(where|was|star|born|kiss|tell)$/i.test(t))).toBe(false);
  });

  it('takes no word twice across passages and nothing from an empty first hop', () => {
    const twice = expansionTerms('Who starred?', [{ text: film }, { text: film }], stats);
    expect(new Set(twice).size).toBe(twice.length);
    expect(expansionTerms('Who starred?', [], stats)).toEqual([]);
  });

  it('rarity comes from the library: a word in every text is never rare', () => {
    const uniform = statsOf(['alpha beta', 'alpha gamma', 'alpha delta']);
    expect(expansionTerms('what?', [{ text: 'alpha gamma' }], uniform)).toEqual(['gamma']);
  });

  it('builds the expanded question after the question', () => {
    expect(expandedQuestion('Where?', ['Shirley Temple', 'Corliss'])).toBe('Where? Shirley Temple Corliss');
    expect(expandedQuestion('Where?', [])).toBe('Where?');
  });
});

function hit(id: string): RetrievedChunk {
  const chunk = { id, docId: id, ordinal: 0, text: id, headingPath: [], start: 0, end: 1, tokens: 1 } satisfies Chunk;
  return { chunk, docName: id, docTitle: id, score: 1, firstRank: 1 };
}

describe('mergeHops', () => {
  it('a chunk both hops rank high leads; a second-hop find ranks beside the runners-up', () => {
    const merged = mergeHops([hit('a'), hit('x'), hit('y')], [hit('a'), hit('b'), hit('x')], 4);
    expect(merged.map((c) => c.chunk.id)).toEqual(['a', 'x', 'b', 'y']);
    expect(mergeHops([hit('a'), hit('x')], [hit('b')], 1).map((c) => c.chunk.id)).toEqual(['a']);
  });
});

describe('sectionsLast', () => {
  // "a2" = document a, ordinal 2; the heading path, when given, names its section
  const of = (id: string, heading?: string) => ({ ...hit(id), chunk: { ...hit(id).chunk, docId: id[0], ordinal: Number(id.slice(1)), headingPath: heading ? [heading] : [] } });

  it('puts a chunk whose neighbour in its document ranks above it after the others, keeping their order', () => {
    const list = ['a1', 'a2', 'b1', 'a5', 'b0', 'c1', 'a3'].map((id) => of(id));
    // a5 is another passage of a, kept where it ranks; a2 continues a1, b0 continues b1, a3 continues a2
    expect(sectionsLast(list, () => true).map((c) => c.chunk.id)).toEqual(['a1', 'b1', 'a5', 'c1', 'a2', 'b0', 'a3']);
  });

  it('puts every later chunk of a section placed above after the others, wherever it stands in the section', () => {
    // a long list under one heading, cut in four: its chunks 1 and 3 are not neighbours, but one passage
    const list = [of('a1', 'Rulers'), of('a3', 'Rulers'), of('b0', 'Isles'), of('a0', 'Rulers'), of('c0', 'Lords'), of('a7', 'Notes')];
    expect(sectionsLast(list, () => true).map((c) => c.chunk.id)).toEqual(['a1', 'b0', 'c0', 'a7', 'a3', 'a0']);
  });

  it('holds back only the neighbours of a placed chunk in a section not read as one passage', () => {
    // a filing whose one heading covers every page: its chunks are passages of their own
    const list = [of('a1', 'Filing'), of('a3', 'Filing'), of('b0', 'Isles'), of('a2', 'Filing'), of('c0', 'Lords')];
    expect(sectionsLast(list, (chunk) => chunk.docId !== 'a').map((c) => c.chunk.id)).toEqual(['a1', 'a3', 'b0', 'c0', 'a2']);
  });
});

describe('sectionFitsWindow', () => {
  // document d: a section "Short" of three chunks of 100 tokens, then "Long" of eight
  const headings = ['Short', 'Short', 'Short', 'Long', 'Long', 'Long', 'Long', 'Long', 'Long', 'Long', 'Long'];
  const chunks = new Map(headings.map((heading, ordinal): [string, Chunk] => [`d:${ordinal}`, { id: `d:${ordinal}`, docId: 'd', ordinal, text: '', headingPath: [heading], start: 0, end: 0, tokens: 100 }]));

  it('reads a section as one passage when all its chunks fit the window, and not when they do not', () => {
    const lookups: string[] = [];
    const fits = sectionFitsWindow((id) => (lookups.push(id), chunks.get(id)), 512);
    expect(fits(chunks.get('d:1')!)).toBe(true);
    expect(fits(chunks.get('d:4')!)).toBe(false);
    // a section is measured once, and never much past the window
    const counted = lookups.length;
    expect(fits(chunks.get('d:6')!)).toBe(false);
    expect(lookups.length).toBe(counted);
    expect(counted).toBeLessThan(12);
    expect(sectionFitsWindow((id) => chunks.get(id), 300)(chunks.get('d:0')!)).toBe(true);
    expect(sectionFitsWindow((id) => chunks.get(id), 299)(chunks.get('d:0')!)).toBe(false);
  });
});

describe('a question asked with two hops', () => {
  it('finds the passage that only the first hop names, and says how', async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
    const titles = ['Kiss and Tell', 'Corliss Archer', 'Hollywood', 'Comedy', 'Another comedy', 'A drama'];
    await engine.indexFiles(library.map((text, i) => ({ name: `${i}.md`, bytes: new TextEncoder().encode(`# ${titles[i]}\n\n${text}`) })));
    const question = 'Where was the star of Kiss and Tell born?';
    // the bridge passage shares no word with the question: BM25 alone never reaches it
    const one = await engine.retrieve(question, { strategy: 'naive', n: 4, retriever: 'lexical' });
    expect(one.chunks[0].docName).toBe('0.md');
    expect(one.chunks.map((c) => c.docName)).not.toContain('1.md');

    const two = await engine.retrieve(question, { strategy: 'naive', n: 4, retriever: 'lexical', hops: 2 });
    expect(two.result.secondHop?.terms).toContain('corliss');
    const bridge = two.chunks.find((c) => c.docName === '1.md');
    expect(bridge?.via).toBe('hop');
    expect(two.result.secondHop?.added).toContain(bridge?.chunk.id);
    expect(two.result.trace.some((row) => row.hop === 2)).toBe(true);
    // asking for fewer chunks gives the first of the same chunks
    const fewer = await engine.retrieve(question, { strategy: 'naive', n: 2, retriever: 'lexical', hops: 2 });
    expect(fewer.chunks.map((c) => c.chunk.id)).toEqual(two.chunks.slice(0, 2).map((c) => c.chunk.id));
  });

  it("searches a hybrid second hop by the expanded question's words and the question's own meaning", async () => {
    const embedder = hashEmbedder();
    const queried: string[] = [];
    const embed = embedder.embed.bind(embedder);
    embedder.embed = async (texts, kind) => {
      if (kind === 'query') queried.push(...texts);
      return embed(texts, kind);
    };
    const engine = await LociEngine.open({ embedder, store: new MemoryIndexStore() });
    await engine.indexFiles(library.map((text, i) => ({ name: `${i}.md`, bytes: new TextEncoder().encode(text) })));
    const question = 'Where was the star of Kiss and Tell born?';
    queried.length = 0;
    const two = await engine.retrieve(question, { strategy: 'naive', n: 4, retriever: 'hybrid', denseWeight: 0.5, hops: 2 });
    expect(two.result.secondHop?.terms).toContain('corliss');
    // the expanded question is never embedded: its meaning would drift to the passage its words came from
    expect(queried).toEqual([question]);
    // the second hop's candidates were ranked by both lists
    const hop = two.result.trace.filter((row) => row.hop === 2);
    expect(hop.length).toBeGreaterThan(0);
    expect(hop.some((row) => row.denseRank !== undefined && row.lexicalRank !== undefined)).toBe(true);
  });

  it("follows the document the first hop's passage names by its title, which no added word reaches", async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
    const docs: Record<string, string> = {
      // the film's passage has rarer words than the director's name, so the keyword hop takes those
      'film.md': '# Kiss and Tell\n\nKiss and Tell is a 1945 film with zanzibar, quixotic, vortex and jubilee scenes, directed by Richard Wallace.',
      'wallace.md': '# Richard Wallace\n\nHe grew up in Sacramento.',
      'comedy.md': '# Comedy\n\nA comedy film from 1945 about a kiss.',
      'drama.md': '# Drama\n\nA drama film from 1945, with a tell-tale ending.',
    };
    // the library's common words: what makes a name rare is that few passages say it
    for (let i = 0; i < 8; i++) docs[`war-${i}.md`] = `# War film ${i}\n\nA 1945 war film is a film with many scenes, directed by a studio team, about war.`;
    await engine.indexFiles(Object.entries(docs).map(([name, text]) => ({ name, bytes: new TextEncoder().encode(text) })));
    const question = 'Which city was the director of Kiss and Tell from?';
    const asked = { strategy: 'naive' as const, n: 4, retriever: 'lexical' as const };
    const one = await engine.retrieve(question, asked);
    expect(one.chunks[0].docName).toBe('film.md');
    expect(one.chunks.map((c) => c.docName)).not.toContain('wallace.md');

    const two = await engine.retrieve(question, { ...asked, hops: 2 });
    expect(two.result.secondHop?.terms).not.toContain('wallace');
    expect(two.result.secondHop?.linked).toEqual(['wallace.md']);
    const bridge = two.chunks.find((c) => c.docName === 'wallace.md');
    expect(bridge?.via).toBe('hop');
  });
});
