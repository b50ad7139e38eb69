import { describe, expect, it } from 'vitest';
import { kindsFor, searchedByWords } from '../../../src/core/search/index.ts';
import type { EntryKind, Strategy } from '../../../src/core/types.ts';

describe('kindsFor', () => {
  const expected: Record<Strategy, EntryKind[]> = {
    naive: ['chunk'],
    'c-rag': ['chunk', 'cluster'],
    'p-rag': ['chunk', 'context', 'query', 'summary'],
    'cap-rag': ['chunk', 'cluster', 'context', 'query', 'summary'],
    raptor: ['chunk', 'raptor'],
  };
  for (const [strategy, kinds] of Object.entries(expected) as [Strategy, EntryKind[]][]) {
    it(`${strategy} searches ${kinds.join(', ')}`, () => {
      expect([...kindsFor(strategy)].sort()).toEqual(kinds);
    });
  }

  it('never mixes RAPTOR nodes into the CAP-RAG family', () => {
    for (const strategy of ['naive', 'c-rag', 'p-rag', 'cap-rag'] as const) {
      expect(kindsFor(strategy).has('raptor')).toBe(false);
    }
  });
});

describe('searchedByWords', () => {
  it('leaves out of BM25 only the sentences extractive pre-parsing copied from the text', () => {
    expect(searchedByWords({ kind: 'chunk' })).toBe(true);
    expect(searchedByWords({ kind: 'cluster', producer: 'extractive' })).toBe(true);
    expect(searchedByWords({ kind: 'context', producer: 'extractive' })).toBe(false);
    expect(searchedByWords({ kind: 'summary', producer: 'extractive' })).toBe(false);
    expect(searchedByWords({ kind: 'query', producer: 'llm' })).toBe(true);
    expect(searchedByWords({ kind: 'summary', producer: 'llm' })).toBe(true);
    expect(searchedByWords({ kind: 'raptor' })).toBe(true);
  });
});
