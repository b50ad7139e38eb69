/**
 * The embedder a first visit starts on (workers/engine/site-embedder.ts): the site manifest's, for
 * an empty library whose embedder nobody chose; nothing asked of the site otherwise, and nothing
 * taken from a manifest that names no registered embedder or cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { siteEmbedder, type SiteEmbedderQuestion } from '../../workers/engine/site-embedder.ts';

const SHA = 'ab'.repeat(32);
const MANIFEST = { file: `site-library/${SHA.slice(0, 16)}.loci`, sha256: SHA, bytes: 10, version: 1 };
const URL_ = 'https://site.example/site-library.json';

/** The question for a library that is `empty` or not, asking a site that answers `answer`; the addresses asked are kept. */
function visit(answer: () => Response, over: Partial<SiteEmbedderQuestion> = {}): { question: SiteEmbedderQuestion; asked: string[] } {
  const asked: string[] = [];
  const question: SiteEmbedderQuestion = {
    manifestUrl: URL_,
    empty: true,
    embedderChosen: () => Promise.resolve(false),
    fetchManifest: (url) => {
      asked.push(url);
      return Promise.resolve(answer());
    },
    ...over,
  };
  return { question, asked };
}

const json = (value: unknown) => () => Response.json(value);

describe("the site's embedder at the start", () => {
  it("is the manifest's for an empty library whose embedder nobody chose", async () => {
    const { question, asked } = visit(json({ ...MANIFEST, embedder: 'use-lite-en' }));
    expect(await siteEmbedder(question)).toBe('use-lite-en');
    expect(asked).toEqual([URL_]);
  });

  it('is not asked for when the library holds documents, or the embedder was chosen', async () => {
    const holding = visit(json({ ...MANIFEST, embedder: 'use-lite-en' }), { empty: false });
    expect(await siteEmbedder(holding.question)).toBeUndefined();
    const chosen = visit(json({ ...MANIFEST, embedder: 'use-lite-en' }), { embedderChosen: () => Promise.resolve(true) });
    expect(await siteEmbedder(chosen.question)).toBeUndefined();
    expect([...holding.asked, ...chosen.asked]).toEqual([]);
  });

  it('is none for an older manifest, an unknown or non-embedder model, a site without a library, and a manifest that cannot be read', async () => {
    for (const answer of [
      json(MANIFEST),
      json({ ...MANIFEST, embedder: 'someone/unknown-model' }),
      json({ ...MANIFEST, embedder: 'Xenova/bge-reranker-base' }),
      () => new Response('not found', { status: 404 }),
      () => new Response('<!doctype html>', { status: 200 }),
      json({ ...MANIFEST, version: 9, embedder: 'use-lite-en' }),
    ]) {
      expect(await siteEmbedder(visit(answer).question)).toBeUndefined();
    }
    const unreachable = visit(() => new Response(), { fetchManifest: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await siteEmbedder(unreachable.question)).toBeUndefined();
  });
});
