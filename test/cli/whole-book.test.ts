/**
 * A question about a whole book, asked within it from the command line, is answered from its
 * chapters from beginning to end (the breadth route, engine/breadth.ts), not from the few passages
 * most like its words: the Alice EPUB's chapters among what an answer's budget holds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_DIR } from '../support/paths.ts';
import { loci } from '../support/run-loci.ts';

const ALICE = path.join(DOCUMENTS_DIR, 'epub', 'alice_gutenberg.epub');
const EMBEDDER = ['--embedder', 'glove-static-en-100d'];

interface Answer {
  breadth: { documents: string[] } | null;
  sources: { doc: string; headingPath: string[] }[];
}

let dir: string;
let index: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-book-'));
  index = path.join(dir, 'alice.loci');
  const indexed = await loci('index', ALICE, '--collection', 'Books', '--out', index, ...EMBEDDER);
  expect(indexed.code, indexed.stderr).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The chapters (the heading below the book's title) among the first `n` sources. */
function chapters(answer: Answer, n: number): Set<string> {
  return new Set(answer.sources.slice(0, n).flatMap((s) => (s.headingPath[1] ? [s.headingPath[1]] : [])));
}

describe('a question about a whole book', () => {
  it('is answered from at least 6 of its chapters within the first twenty passages, asked within the book or its collection', async () => {
    for (const within of ['alice_gutenberg.epub', 'Books']) {
      const out = await loci('ask', index, 'What is this book about, from beginning to end?', '--json', '--in', within, ...EMBEDDER);
      expect(out.code, out.stderr).toBe(0);
      const answer = JSON.parse(out.stdout) as Answer;
      expect(answer.breadth).toEqual({ documents: ['alice_gutenberg.epub'] });
      expect(chapters(answer, 20).size).toBeGreaterThanOrEqual(6);
    }
  });
});
