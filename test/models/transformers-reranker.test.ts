import { beforeAll, describe, expect, it } from 'vitest';
import { configureModelSource } from '../../src/models/source.ts';
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

  it('returns nothing for no passages and stops on an aborted signal', async () => {
    expect(await reranker.score(query, [])).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    await expect(reranker.score(query, passages, controller.signal)).rejects.toThrow(/cancelled/);
  });
});
