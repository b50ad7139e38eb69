/** Pre-parsed triples as retrieval entries that backtrack to their source. */
import { entryId } from '../ids.ts';
import type { Entry, EntryLevel, EntryOrigin } from '../types.ts';
import { TRIPLE_FIELDS } from './schema.ts';
import type { ParsedPreparse, Triple } from './validate.ts';

export function entriesFromPreparse(
  origin: EntryOrigin,
  parsed: Pick<ParsedPreparse, 'whole' | 'points'>,
  producer: 'llm' | 'extractive',
): Entry[] {
  const out: Entry[] = [];
  const add = (triple: Triple, level: EntryLevel, index: number): void => {
    for (const kind of TRIPLE_FIELDS) {
      const text = triple[kind];
      if (text === undefined) continue;
      out.push({ id: entryId(origin, kind, level, index), kind, level, text, origin, producer });
    }
  };
  add(parsed.whole, 'whole', 0);
  parsed.points.forEach((point, i) => add(point, 'point', i));
  return out;
}
