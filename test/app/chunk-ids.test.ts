import { describe, expect, it } from 'vitest';
import { chunkRef, docsOfSources, splitChunkId } from '../../src/app/lib/chunk-ids.ts';
import type { Source } from '../../src/core/types.ts';

describe('chunk ids', () => {
  const chunk = (docId: string, ordinal: number) => ({
    id: `${docId}:${ordinal}`, docId, ordinal, text: '', headingPath: [], start: 0, end: 0, tokens: 0,
  });
  const sources: Source[] = [
    { n: 1, label: '[1] A', chunk: chunk('aa', 4), docName: 'a.md', docTitle: 'A' },
    { n: 2, label: '[2] B', chunk: chunk('bb', 0), docName: 'b.pdf', docTitle: 'B' },
    { n: 3, label: '[3] A', chunk: chunk('aa', 9), docName: 'a.md', docTitle: 'A' },
  ];
  it('splits on the last colon and names packed chunks by source number', () => {
    expect(splitChunkId('abc:12')).toEqual({ docId: 'abc', ordinal: 12 });
    expect(chunkRef('aa:4', sources)).toEqual({ id: 'aa:4', n: 1, position: 5, docId: 'aa' });
    expect(chunkRef('aa:7', sources).n).toBeUndefined();
  });
  it('lists the documents of an answer once each, in source order', () => {
    expect(docsOfSources(sources)).toEqual([
      { docId: 'aa', name: 'a.md' },
      { docId: 'bb', name: 'b.pdf' },
    ]);
  });
});
