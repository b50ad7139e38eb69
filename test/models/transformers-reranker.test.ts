import { AutoModelForSequenceClassification, AutoTokenizer } from '@huggingface/transformers';
import type { PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureModelSource } from '../../src/models/source.ts';
import { padBatch } from '../../src/models/token-batch.ts';
import { encodePairs, pairLayout } from '../../src/models/token-pairs.ts';
import { createTransformersReranker } from '../../src/models/transformers-reranker.ts';
import type { TransformersReranker } from '../../src/models/transformers-reranker.ts';
import { MODELS_DIR } from '../support/paths.ts';

// tiny-random-bert-reranker-zh has random weights: scores vary with the input but carry no
// relevance signal, so these tests check plumbing (shape, determinism, batching), not ranking.
describe('transformers.js reranker with the real tiny cross-encoder', () => {
  let reranker: TransformersReranker;
  // q8 (model_quantized.onnx) quantizes activations dynamically, per batch: a pair's score then
  // depends on what else is in its batch. fp32 shows that the adapter itself batches exactly.
  let exact: TransformersReranker;
  const query = '数据处理者有哪些义务？';
  const passages = [
    '数据处理者应当履行数据安全保护义务。',
    '今天天气很好。',
    'Data processors shall protect personal information.',
    '第二章 基本业务规则',
    '个人信息处理者应当采取必要措施保障个人信息安全。',
  ];

  beforeAll(async () => {
    configureModelSource({ kind: 'local', path: MODELS_DIR });
    [reranker, exact] = await Promise.all([
      createTransformersReranker('tiny-random-bert-reranker-zh', { batchSize: 2 }),
      createTransformersReranker('tiny-random-bert-reranker-zh', { dtype: 'fp32', batchSize: 2 }),
    ]);
  });

  it('returns one finite raw logit per passage, varying with the passage', async () => {
    const scores = await reranker.score(query, passages);
    expect(scores).toHaveLength(passages.length);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
    expect(new Set(scores.map((s) => s.toFixed(5))).size).toBe(passages.length);
    // Raw logits, not the pipeline's probability: a single-label pipeline would give 1 everywhere.
    expect(scores.some((s) => s < 0 || s > 1)).toBe(true);
  });

  it('depends on the query too', async () => {
    const [a] = await reranker.score(query, [passages[0]]);
    const [b] = await reranker.score('今天天气怎么样', [passages[0]]);
    expect(a).not.toBeCloseTo(b, 4);
  });

  it('gives the same scores for the same input', async () => {
    expect(await reranker.score(query, passages)).toEqual(await reranker.score(query, passages));
  });

  it('scores a pair the same alone or in a batch (fp32)', async () => {
    const batched = await exact.score(query, passages);
    for (let i = 0; i < passages.length; i++) {
      const [single] = await exact.score(query, [passages[i]]);
      expect(single).toBeCloseTo(batched[i], 4);
    }
  });

  it('scores over-long passages and queries without failing', async () => {
    const long = '数据处理者应当履行数据安全保护义务。'.repeat(200);
    const scores = await reranker.score(long, [long, passages[1]]);
    expect(scores).toHaveLength(2);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
  });

  it('scores short pairs exactly as the tokenizer\'s own pair encoding does', async () => {
    // The reference: transformers.js encodes and pads the pairs itself (nothing to truncate here),
    // in the same batches of two, so even the q8 model sees identical inputs.
    const tokenizer = await AutoTokenizer.from_pretrained('tiny-random-bert-reranker-zh');
    const model = await AutoModelForSequenceClassification.from_pretrained('tiny-random-bert-reranker-zh', {
      dtype: 'q8',
      device: 'cpu',
    });
    const expected: number[] = [];
    for (let start = 0; start < passages.length; start += 2) {
      const batch = passages.slice(start, start + 2);
      const inputs = tokenizer(batch.map(() => query), { text_pair: batch, padding: true });
      const { logits } = (await model(inputs)) as { logits: Tensor };
      expected.push(...Array.from(logits.data as Float32Array));
    }
    await model.dispose();
    const scores = await reranker.score(query, passages);
    scores.forEach((s, i) => expect(s).toBeCloseTo(expected[i], 5));
  });

  it('returns nothing for no passages and stops on an aborted signal', async () => {
    expect(await reranker.score(query, [])).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    await expect(reranker.score(query, passages, controller.signal)).rejects.toThrow(/cancelled/);
  });
});

describe('query–passage pairs built from ids', () => {
  let tokenizer: PreTrainedTokenizer;

  beforeAll(async () => {
    configureModelSource({ kind: 'local', path: MODELS_DIR });
    tokenizer = await AutoTokenizer.from_pretrained('tiny-random-bert-reranker-zh');
  });

  it("finds the tokenizer's pair layout: [CLS] q [SEP] p [SEP], segment 0 then 1", () => {
    const [cls, , sep] = tokenizer.encode('x'); // [CLS] x [SEP]
    expect(pairLayout(tokenizer)).toEqual({
      prefix: [cls],
      middle: [sep],
      suffix: [sep],
      types: { prefix: [0], query: 0, middle: [0], passage: 1, suffix: [1] },
    });
  });

  it('matches the tokenizer on short pairs, ids and segment ids alike', () => {
    const layout = pairLayout(tokenizer);
    const [pair] = encodePairs(tokenizer, layout, '数据处理者有哪些义务？', ['应当履行 data security 义务。'], 512);
    const reference = tokenizer('数据处理者有哪些义务？', { text_pair: '应当履行 data security 义务。', return_tensor: false });
    expect(pair.ids).toEqual(reference.input_ids);
    expect(pair.types).toEqual(reference.token_type_ids);
  });

  it('cuts a long query and long passages to the limit and keeps [SEP] at the end of every row', () => {
    const layout = pairLayout(tokenizer);
    const sep = tokenizer.sep_token_id;
    const long = '数据处理者应当履行数据安全保护义务。'.repeat(100);
    const pairs = encodePairs(tokenizer, layout, long, [long, '今天天气很好。', `${long} tail`], 64);
    const inputs = padBatch(
      pairs.map((p) => p.ids),
      0,
      pairs.map((p) => p.types ?? []),
    );
    const [rows, cols] = inputs.input_ids.dims;
    const ids = inputs.input_ids.tolist() as bigint[][];
    const mask = inputs.attention_mask.tolist() as bigint[][];
    const types = inputs.token_type_ids?.tolist() as bigint[][];
    expect([rows, cols]).toEqual([3, 64]);
    for (let r = 0; r < rows; r++) {
      const length = mask[r].filter((m) => m === 1n).length;
      expect(length).toBeLessThanOrEqual(64);
      expect(Number(ids[r][length - 1])).toBe(sep);
      // The query keeps half the room (61 / 2 = 30 tokens), then [SEP], then the passage.
      expect(Number(ids[r][31])).toBe(sep);
      expect(types[r][31]).toBe(0n);
      expect(types[r][length - 1]).toBe(1n);
    }
    // A short passage is not cut, and the query keeps its 30 tokens.
    expect(pairs[1].ids).toHaveLength(1 + 30 + 1 + tokenizer.encode('今天天气很好。', { add_special_tokens: false }).length + 1);
    expect(pairs[0].ids).toHaveLength(64);
  });
});
