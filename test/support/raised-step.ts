import { expect } from 'vitest';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { AskOptions, RetrieveForQuestion } from '../../src/core/engine/ask.ts';

/** Keyword search over chunks, two chunks shown: the steps' own effect, nothing else's. */
export const STEP_OPTIONS = { strategy: 'naive', n: 2, m: 40, retriever: 'lexical' } as const satisfies AskOptions;

/**
 * What every step that raises candidates (a date, a named year) must keep, checked through the
 * engine at N = 2: switched off (`off`), `raised` is not among the chunks; on, the search's best
 * stays first and `raised` comes second; the trace keeps only the candidates behind the chunks
 * shown; more chunks only add chunks; with two hops `raised` is still shown, and what the second
 * hop added is among the chunks shown. Returns the retrieval with the step on, for the step's own
 * report.
 */
export async function expectRaisedSecond(engine: LociEngine, question: string, off: Partial<AskOptions>, raised: string): Promise<{ plain: RetrieveForQuestion; on: RetrieveForQuestion }> {
  const plain = await engine.retrieve(question, { ...STEP_OPTIONS, ...off });
  expect(plain.chunks.map((c) => c.docName)).not.toContain(raised);

  const on = await engine.retrieve(question, STEP_OPTIONS);
  expect(on.chunks.map((c) => c.docName)).toEqual([plain.chunks[0].docName, raised]);
  expect(on.result.trace.every((row) => row.added.some((id) => on.chunks.some((c) => c.chunk.id === id)))).toBe(true);
  const more = await engine.retrieve(question, { ...STEP_OPTIONS, n: 4 });
  expect(more.chunks.slice(0, 2).map((c) => c.chunk.id)).toEqual(on.chunks.map((c) => c.chunk.id));

  const two = await engine.retrieve(question, { ...STEP_OPTIONS, hops: 2 });
  expect(two.chunks.map((c) => c.docName)).toContain(raised);
  expect(two.chunks).toHaveLength(2);
  const shown = new Set(two.chunks.map((c) => c.chunk.id));
  expect(two.result.secondHop?.added.every((id) => shown.has(id))).toBe(true);
  return { plain, on };
}
