import { describe, expect, it } from 'vitest';
import { calibrateFusion, chooseWeight, FlatVectorIndex } from '../../../src/core/search/index.ts';
import type { Embedder } from '../../../src/core/ports.ts';

const TOPICS = 30;

/** An embedder that knows which topic each made-up word belongs to: a perfect paraphrase detector. */
function topicEmbedder(): Pick<Embedder, 'embed'> {
  return {
    async embed(texts) {
      return texts.map((text) => {
        const v = new Float32Array(TOPICS + 1);
        for (const w of text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) {
          const topic = /^t(\d+)_w\d+$/.exec(w);
          v[topic ? Number(topic[1]) : TOPICS] += 1;
        }
        return unit(v);
      });
    },
  };
}

/** An embedder whose vectors carry no meaning: a fixed pseudo-random vector per text. */
function noiseEmbedder(): Pick<Embedder, 'embed'> {
  return {
    async embed(texts) {
      return texts.map((text) => {
        let h = 2166136261;
        for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
        const v = new Float32Array(TOPICS + 1);
        for (let i = 0; i < v.length; i++) {
          h = Math.imul(h ^ (h >>> 13), 2246822507) >>> 0;
          v[i] = (h / 4294967296) * 2 - 1;
        }
        return unit(v);
      });
    },
  };
}

function unit(v: Float32Array): Float32Array {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

async function corpusOf(texts: string[], embedder: Pick<Embedder, 'embed'>) {
  const vectors = new FlatVectorIndex(TOPICS + 1);
  vectors.add(await embedder.embed(texts, 'passage'));
  return { rowsFor: () => Int32Array.from(texts.keys()), embeddedText: (row: number) => texts[row], vectors };
}

// Made-up words join letters and digits with `_`, so search reads each as one word (a word of
// letters and digits alone is also counted as its runs: text/search-terms.ts).
// Paraphrase world: each sentence of a chunk uses its own words of the chunk's topic, so a sentence
// shares no content word with the rest of its chunk; only an embedder that knows topics finds it.
const paraphrased = Array.from({ length: TOPICS }, (_, i) =>
  [0, 1, 2].map((s) => `The report says t${i}_w${3 * s} t${i}_w${3 * s + 1} and t${i}_w${3 * s + 2} again.`).join(' '),
);
// Keyword world: every sentence of a chunk repeats the chunk's rare name; the embedder knows nothing.
const named = Array.from({ length: TOPICS }, (_, i) => [0, 1, 2].map((s) => `Officer k${i}_x filed report number ${s} on the case.`).join(' '));

// Both lists half right: each chunk shares its topic with one neighbour and its rare name with the
// other, so only the two together single it out.
const mixed = Array.from({ length: TOPICS }, (_, i) => {
  const topic = i >> 1;
  const name = `n${((i + 1) % TOPICS) >> 1}_x`;
  const w = (k: number) => `t${topic}_w${9 * i + k}`; // words of its topic that no other chunk uses
  return [0, 1, 2].map((s) => `Officer ${name} wrote ${w(3 * s)} ${w(3 * s + 1)} and ${w(3 * s + 2)} in file.`).join(' ');
});

describe('calibrateFusion', () => {
  it('leans on the embedding where sentences and their chunks share meaning, not words', async () => {
    const embedder = topicEmbedder();
    const weight = await calibrateFusion(await corpusOf(paraphrased, embedder), embedder, { queries: 24 });
    expect(weight.source).toBe('calibrated');
    // the embedding alone finds every chunk, BM25 (filler words only) few: the weight leans on the
    // embedding, and the little BM25 it keeps costs the pseudo-questions nothing
    expect(weight.calibration?.mrrDense).toBe(1);
    expect(weight.calibration?.mrrLexical).toBeLessThan(0.5);
    expect(weight.dense).toBeGreaterThan(0);
    expect(weight.calibration?.mrrFused).toBe(1);
    expect(weight.calibration?.queries).toBe(24);
  });

  it('leans on BM25 where chunks share rare names and the embedding carries nothing', async () => {
    const embedder = noiseEmbedder();
    const weight = await calibrateFusion(await corpusOf(named, embedder), embedder, { queries: 24 });
    // a meaningless embedding cannot measurably help: BM25 is used alone
    expect(weight.dense).toBe(0);
    expect(weight.calibration?.mrrLexical).toBeGreaterThan(weight.calibration?.mrrDense ?? 1);
    expect(weight.calibration?.mrrFused).toBe(weight.calibration?.mrrLexical);
  });

  it('learns nothing from an embedder blind to the text, wherever the answers sit', async () => {
    // GloVe, shown Chinese, knows none of its words: every text becomes the same vector, so every
    // chunk ties with every other. Ties must not fall to the pseudo-questions' own answers (they
    // once did, being the first rows searched, and made a blind embedding look like the best half
    // of the fusion: RGB dev with GloVe, dense share 0.6, default R@5 3.2 against BM25's 42.1).
    const blind: Pick<Embedder, 'embed'> = { embed: async (texts) => texts.map(() => unit(new Float32Array(TOPICS + 1).fill(1))) };
    for (const storage of ['float32', 'int8'] as const) {
      const corpus = await corpusOf(mixed, blind);
      const vectors = new FlatVectorIndex(TOPICS + 1, storage);
      vectors.add(await blind.embed(mixed, 'passage'));
      // a dense list of 5 among the 30 chunks: which 5 of the tied chunks it holds is arbitrary
      const weight = await calibrateFusion({ ...corpus, vectors }, blind, { queries: 12, m: 5 });
      expect(weight.calibration?.mrrDense).toBeLessThan(0.2);
      expect(weight.dense).toBe(0);
    }
  });

  it('mixes the two lists where each alone is half right', async () => {
    const embedder = topicEmbedder();
    const weight = await calibrateFusion(await corpusOf(mixed, embedder), embedder, { queries: 24 });
    const c = weight.calibration;
    expect(weight.dense).toBeGreaterThan(0);
    expect(weight.dense).toBeLessThan(1);
    expect(c?.mrrFused).toBeGreaterThan(Math.max(c?.mrrDense ?? 1, c?.mrrLexical ?? 1));
  });

  it('is deterministic for a seed', async () => {
    const embedder = topicEmbedder();
    const corpus = await corpusOf(paraphrased, embedder);
    expect(await calibrateFusion(corpus, embedder, { seed: 7 })).toEqual(await calibrateFusion(corpus, embedder, { seed: 7 }));
  });

  it('keeps the balanced weight when the library is too small to ask itself', async () => {
    const embedder = topicEmbedder();
    const weight = await calibrateFusion(await corpusOf(paraphrased.slice(0, 5), embedder), embedder);
    expect(weight).toEqual({ dense: 0.5, source: 'default' });
  });
});

describe('chooseWeight', () => {
  // eleven weights, BM25 alone (index 0) to dense alone (index 10), over eight pseudo-questions
  const grid = (rows: Record<number, number[]>, rest: number) =>
    Array.from({ length: 11 }, (_, g) => Float64Array.from(rows[g] ?? Array.from({ length: 8 }, () => rest)));
  const same = (x: number) => Array.from({ length: 8 }, () => x);

  it('takes the weight nearest the better list that the pseudo-questions cannot tell from the best', () => {
    const reciprocal = grid({ 0: same(0.5), 1: same(0.5), 2: [1, 0.5, 1, 1, 1, 1, 1, 1], 3: [0.5, 1, 1, 1, 1, 1, 1, 1], 10: same(0.1) }, 0.2);
    // 2 and 3 score alike, far above BM25 alone and above 1; 2 is nearer BM25 alone
    expect(chooseWeight(reciprocal).weight).toBe(2);
  });

  it('keeps the best weight when every weight nearer the better list is clearly worse', () => {
    const reciprocal = grid({ 0: same(0.5), 1: same(0.6), 2: same(0.7), 3: same(1), 10: same(0.1) }, 0.2);
    expect(chooseWeight(reciprocal).weight).toBe(3);
  });

  it('takes BM25 alone unless a mixture gains more than one standard error over it', () => {
    // weight 3 gains 0.04 on average over BM25 alone, under one standard error of the paired differences
    const noise = [1, 0.9, 0.5, 0.5, 0.5, 0.5, 0.3, 0.1];
    expect(chooseWeight(grid({ 0: same(0.5), 3: noise, 10: same(0.1) }, 0.2)).weight).toBe(0);
    // the same gain on every question is clear
    expect(chooseWeight(grid({ 0: same(0.5), 3: same(0.6), 10: same(0.1) }, 0.2)).weight).toBe(3);
  });

  it('leans to BM25 even where the embedding alone is the better list', () => {
    const reciprocal = grid({ 0: same(0.1), 6: [1, 0.1, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3], 10: same(0.3) }, 0.2);
    // 6 is ahead of dense alone only by one question's luck: as good as the best, and nearer BM25;
    // above an even share, it is held there, and the inspector is told what was preferred
    expect(chooseWeight(reciprocal)).toEqual({ weight: 5, preferred: 6 });
    // the embedding alone, when every mixture is clearly worse than it and BM25 matches nothing
    expect(chooseWeight(grid({ 0: same(0), 10: same(0.5) }, 0.1))).toEqual({ weight: 10 });
    // however clearly the pseudo-questions prefer the embedding, while BM25 finds some of them
    expect(chooseWeight(grid({ 0: same(0.1), 10: same(0.5) }, 0.2))).toEqual({ weight: 5, preferred: 10 });
  });
});

describe('chooseWeight, two lists alike', () => {
  const grid = (rows: Record<number, number[]>, rest: number) =>
    Array.from({ length: 11 }, (_, g) => Float64Array.from(rows[g] ?? Array.from({ length: 8 }, () => rest)));

  it('takes BM25 alone for two lists the pseudo-questions cannot tell apart, when no mixture gains', () => {
    // dense alone edges BM25 alone and every mixture by one question's luck: neither list is
    // clearly the better, and where pseudo-questions cannot tell, the weight leans to BM25
    const dense = [1, 0.25, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
    const lexical = [0.2, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
    expect(chooseWeight(grid({ 0: lexical, 10: dense }, 0.5)).weight).toBe(0);
  });

  it('takes the mixture nearest BM25 that is as good as the best, between two lists alike', () => {
    const alike = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
    // every mixture finds every answer first; BM25 alone and dense alone half of them
    expect(chooseWeight(grid({ 0: alike, 10: alike }, 1)).weight).toBe(1);
  });
});
