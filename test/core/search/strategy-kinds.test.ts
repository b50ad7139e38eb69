import { describe, expect, it } from 'vitest';
import { kindsFor } from '../../../src/core/search/index.ts';
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
