import { describe, expect, it } from 'vitest';
import type { Entry, PreparseRecord } from '../../../src/core/types.ts';
import {
  PREPARSE_GENERATION,
  PREPARSE_SCHEMA,
  runPreparse,
  type PreparseRunOptions,
  type PreparseSource,
} from '../../../src/core/preparse/index.ts';
import { EN_REPLY, EN_REPLY_INVENTED, EN_SOURCE, ZH_REPLY, ZH_SOURCE } from './fixtures.ts';
import { ReplayGenerator, type Recorded, type ReplayHooks } from './replay-generator.ts';

/** Records every checkpoint the run makes. */
function checkpoints() {
  const records: PreparseRecord[] = [];
  const entries: Entry[][] = [];
  const onSourceDone = async (record: PreparseRecord, made: Entry[]): Promise<void> => {
    records.push(record);
    entries.push(made);
  };
  return { records, entries, onSourceDone };
}

/** Copies of the English source under other ids, all answered by the same recorded reply. */
function englishSources(ids: string[]): PreparseSource[] {
  return ids.map((id) => ({ ...EN_SOURCE, id }));
}

async function runLlm(
  sources: PreparseSource[],
  replies: Recorded[],
  extra: Partial<PreparseRunOptions> = {},
  hooks: ReplayHooks = {},
) {
  const generator = new ReplayGenerator(replies, hooks);
  const cp = checkpoints();
  const result = await runPreparse(sources, { mode: 'llm', generator, onSourceDone: cp.onSourceDone, ...extra });
  return { generator, result, ...cp };
}

describe('runPreparse, llm mode', () => {
  it('turns well-formed replies into exactly the expected entries, one checkpoint per source', async () => {
    const { generator, result, records, entries } = await runLlm([EN_SOURCE, ZH_SOURCE], [EN_REPLY, ZH_REPLY]);
    expect(result).toEqual({ done: 2, failed: 0, pending: 0, cancelled: false, budgetReached: false });
    expect(records).toEqual([
      { sourceId: 'doc1:0', sourceType: 'chunk', status: 'done', entryCount: 9 },
      { sourceId: 'doc2#0', sourceType: 'cluster', status: 'done', entryCount: 8 },
    ]);
    expect(entries[0].map((e) => [e.id, e.text])).toEqual([
      ['doc1:0|query|whole|0', 'What happens to those who are drafted into the labor force?'],
      ['doc1:0|summary|whole|0', 'Workers are chosen by a draft lottery, serve their time, and are then free from toil.'],
      ['doc1:0|context|whole|0', 'When new employees were needed, a draft lottery was held.'],
      ['doc1:0|query|point|0', 'Who takes part in the draft lottery?'],
      ['doc1:0|summary|point|0', 'Everyone registered in the labor force takes part.'],
      ['doc1:0|context|point|0', 'All persons registered in the labor force participated.'],
      ['doc1:0|query|point|1', 'What happens after serving in the working force reserves?'],
      ['doc1:0|summary|point|1', 'A drafted worker who has served is free from toil for life.'],
      [
        'doc1:0|context|point|1',
        'He was drafted into the working force reserves, served his time, and is now free from toil for the balance of his life.',
      ],
    ]);
    for (const e of entries[0]) {
      expect(e.origin).toEqual({ type: 'chunk', id: 'doc1:0' });
      expect(e.producer).toBe('llm');
    }
    // The Chinese cluster reply: fenced, trailing comma, re-punctuated contexts kept, invented one gone.
    expect(entries[1].map((e) => e.id)).toEqual([
      'doc2#0|query|whole|0',
      'doc2#0|summary|whole|0',
      'doc2#0|context|whole|0',
      'doc2#0|query|point|0',
      'doc2#0|summary|point|0',
      'doc2#0|context|point|0',
      'doc2#0|query|point|1',
      'doc2#0|summary|point|1',
    ]);
    expect(entries[1].every((e) => e.origin.type === 'cluster' && e.origin.id === 'doc2#0')).toBe(true);

    expect(generator.calls).toHaveLength(2);
    const { messages, options } = generator.calls[1];
    expect(messages[1].content).toContain(ZH_SOURCE.text);
    expect(messages[1].content).toContain('逐字摘录');
    // Every call gets the pre-parse sampling and the schema (for backends that constrain decoding).
    expect(options).toMatchObject({ ...PREPARSE_GENERATION, jsonSchema: PREPARSE_SCHEMA });
    expect(generator.calls[0].options).toMatchObject({ ...PREPARSE_GENERATION, jsonSchema: PREPARSE_SCHEMA });
  });

  it('seeds the sampling by source, so a second run (or a resumed one, in any order) samples each source alike', async () => {
    const sources = englishSources(['a:0', 'b:0', 'c:0']);
    const first = await runLlm(sources, [EN_REPLY, EN_REPLY, EN_REPLY]);
    const seeds = first.generator.calls.map((c) => c.options?.seed);
    expect(seeds.every((s) => Number.isInteger(s))).toBe(true);
    expect(new Set(seeds).size).toBe(3);
    const reversed = await runLlm([...sources].reverse(), [EN_REPLY, EN_REPLY, EN_REPLY]);
    expect(reversed.generator.calls.map((c) => c.options?.seed)).toEqual([...seeds].reverse());
  });

  it('drops an invented context but still records the source as done', async () => {
    const { records, entries } = await runLlm([EN_SOURCE], [EN_REPLY_INVENTED]);
    expect(records[0]).toMatchObject({ status: 'done', entryCount: 8 });
    expect(entries[0].some((e) => e.text.includes('double pay and a pension'))).toBe(false);
    expect(entries[0].map((e) => e.id)).not.toContain('doc1:0|context|point|1');
  });

  it('parses replies wrapped in prose and fences, with a <think> block', async () => {
    const reply = `<think>\nI need {"query": "x"} style output.\n</think>\nHere you go:\n\`\`\`json\n${EN_REPLY}\n\`\`\`\nDone.`;
    const { records, entries } = await runLlm([EN_SOURCE], [reply]);
    expect(records[0]).toMatchObject({ status: 'done', entryCount: 9 });
    expect(entries[0][0].text).toBe('What happens to those who are drafted into the labor force?');
  });

  it('keeps the complete fields of a reply cut off at the token limit', async () => {
    const cut = EN_REPLY.slice(0, EN_REPLY.indexOf('free from toil for life'));
    const { records, entries } = await runLlm([EN_SOURCE], [cut]);
    expect(records[0]).toMatchObject({ status: 'done', entryCount: 7 });
    expect(entries[0].map((e) => e.id).slice(-2)).toEqual(['doc1:0|context|point|0', 'doc1:0|query|point|1']);
  });

  it('records failures with the reason and the start of the reply, and goes on to the next source', async () => {
    const garbage = 'I am sorry, but I cannot parse this text. '.repeat(10);
    const sources = englishSources(['a', 'b', 'c', 'd', 'e']);
    const invented = JSON.stringify({ query: '', context: 'The moon is made of cheese.', points: [] });
    const { result, records, entries } = await runLlm(sources, [
      garbage,
      { error: 'WebGPU device lost' },
      invented,
      '["query", "summary"]',
      EN_REPLY,
    ]);
    expect(result).toEqual({ done: 1, failed: 4, pending: 0, cancelled: false, budgetReached: false });
    expect(records.map((r) => [r.sourceId, r.status, r.entryCount])).toEqual([
      ['a', 'failed', 0],
      ['b', 'failed', 0],
      ['c', 'failed', 0],
      ['d', 'failed', 0],
      ['e', 'done', 9],
    ]);
    expect(records[0].error).toBe(`no JSON object in reply | reply: ${garbage.slice(0, 200)}…`);
    expect(records[1].error).toBe('generator error: WebGPU device lost');
    expect(records[2].error).toBe(
      `no usable field (query: empty; context: not found in source) | reply: ${invented}`,
    );
    expect(records[3].error).toBe('no JSON object in reply | reply: ["query", "summary"]');
    expect(entries.slice(0, 4)).toEqual([[], [], [], []]);
  });

  it('does not redo skipped sources and reports progress over all sources', async () => {
    const progress: [number, number, string][] = [];
    const { generator, result, records } = await runLlm(englishSources(['a', 'b', 'c']), [EN_REPLY, EN_REPLY], {
      skip: new Set(['b']),
      onProgress: (done, total, id) => progress.push([done, total, id]),
    });
    expect(generator.calls).toHaveLength(2);
    expect(records.map((r) => r.sourceId)).toEqual(['a', 'c']);
    expect(progress).toEqual([
      [2, 3, 'a'],
      [3, 3, 'c'],
    ]);
    expect(result).toEqual({ done: 2, failed: 0, pending: 0, cancelled: false, budgetReached: false });
  });

  it('stops at maxSources, and a later run with the skip set finishes the rest', async () => {
    const sources = englishSources(['a', 'b', 'c']);
    const first = await runLlm(sources, [EN_REPLY, EN_REPLY], { budget: { maxSources: 2 } });
    expect(first.result).toEqual({ done: 2, failed: 0, pending: 1, cancelled: false, budgetReached: true });
    expect(first.records.map((r) => r.sourceId)).toEqual(['a', 'b']);

    const skip = new Set(first.records.map((r) => r.sourceId));
    const second = await runLlm(sources, [EN_REPLY], { skip, budget: { maxSources: 2 } });
    expect(second.result).toEqual({ done: 1, failed: 0, pending: 0, cancelled: false, budgetReached: false });
    expect(second.records.map((r) => r.sourceId)).toEqual(['c']);
  });

  it('stops between sources once maxMillis has passed', async () => {
    let clock = 1_000;
    const { result, records } = await runLlm(
      englishSources(['a', 'b', 'c', 'd']),
      [EN_REPLY, EN_REPLY, EN_REPLY, EN_REPLY],
      { budget: { maxMillis: 1_000 }, now: () => clock },
      { onCall: () => (clock += 600) },
    );
    // a starts at 0 ms, b at 600 ms, c would start at 1 200 ms: over budget.
    expect(records.map((r) => r.sourceId)).toEqual(['a', 'b']);
    expect(result).toEqual({ done: 2, failed: 0, pending: 2, cancelled: false, budgetReached: true });
  });

  it('on abort mid-stream, stops without recording the source in flight', async () => {
    const controller = new AbortController();
    const { generator, result, records } = await runLlm(
      englishSources(['a', 'b', 'c']),
      [EN_REPLY, EN_REPLY, EN_REPLY],
      { signal: controller.signal },
      { afterPiece: (call, piece) => call === 1 && piece === 3 && controller.abort() },
    );
    expect(records.map((r) => r.sourceId)).toEqual(['a']);
    expect(generator.calls).toHaveLength(2);
    expect(generator.calls[1].options?.signal).toBe(controller.signal);
    expect(result).toEqual({ done: 1, failed: 0, pending: 2, cancelled: true, budgetReached: false });
  });

  it('treats a generator that throws because it was aborted as a cancellation', async () => {
    const controller = new AbortController();
    const { result, records } = await runLlm(
      englishSources(['a', 'b']),
      [{ error: 'AbortError' }, EN_REPLY],
      { signal: controller.signal },
      { onCall: () => controller.abort() },
    );
    expect(records).toEqual([]);
    expect(result).toMatchObject({ done: 0, failed: 0, pending: 2, cancelled: true });
  });

  it('needs a generator', async () => {
    await expect(runPreparse([EN_SOURCE], { mode: 'llm', onSourceDone: async () => {} })).rejects.toThrow(
      'needs a generator',
    );
  });
});

describe('runPreparse, extractive mode', () => {
  it('makes the extractive entries of each source without a model', async () => {
    const cp = checkpoints();
    const empty: PreparseSource = { ...EN_SOURCE, id: 'empty', text: ' ' };
    const result = await runPreparse([EN_SOURCE, ZH_SOURCE, empty], { mode: 'extractive', onSourceDone: cp.onSourceDone });
    expect(result).toEqual({ done: 2, failed: 1, pending: 0, cancelled: false, budgetReached: false });
    const origin = { type: 'chunk', id: 'doc1:0' };
    const entry = (id: string, kind: string, level: string, text: string) =>
      ({ id: `doc1:0|${id}`, kind, level, text, origin, producer: 'extractive' });
    expect(cp.entries[0]).toEqual([
      entry('summary|whole|0', 'summary', 'whole', 'DANGEROUS QUARRY: When new employees were needed, a draft lottery was held.'),
      entry('context|point|0', 'context', 'point', 'When new employees were needed, a draft lottery was held.'),
      entry('context|point|1', 'context', 'point', 'All persons registered in the labor force participated.'),
      entry('context|point|2', 'context', 'point', 'If you were drawn, you had to serve.'),
      entry(
        'context|point|3',
        'context',
        'point',
        'He was drafted into the working force reserves, served his time, and is now free from toil for the balance of his life.',
      ),
    ]);
    expect(cp.entries[1][0].origin).toEqual({ type: 'cluster', id: 'doc2#0' });
    expect(cp.records.map((r) => [r.status, r.entryCount])).toEqual([
      ['done', 5],
      ['done', 3],
      ['failed', 0],
    ]);
    expect(cp.records[2].error).toBe('no text');
  });
});
