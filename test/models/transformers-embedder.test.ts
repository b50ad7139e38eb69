import { AutoTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureModelSource } from '../../src/models/source.ts';
import { createTransformersEmbedder } from '../../src/models/transformers-embedder.ts';
import type { TransformersEmbedder } from '../../src/models/transformers-embedder.ts';
import { MODELS_DIR } from '../support/paths.ts';

function cos(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot;
}

function norm(v: Float32Array): number {
  return Math.sqrt(cos(v, v));
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

// Common characters of the bert-base-chinese vocab, one token each.
const HANZI = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质';

describe('transformers.js embedder with the real tiny models', () => {
  let zh: TransformersEmbedder;
  let glove: TransformersEmbedder;

  beforeAll(async () => {
    configureModelSource({ kind: 'local', path: MODELS_DIR });
    [zh, glove] = await Promise.all([
      createTransformersEmbedder('tiny-lexical-bert-zh'),
      createTransformersEmbedder('glove-static-en-100d', { device: 'wasm', batchSize: 4 }),
    ]);
  });

  it('reports the registry facts and returns vectors of that dimension', async () => {
    expect(zh.dimension).toBe(128);
    expect(glove.dimension).toBe(100);
    expect(zh.maxTokens).toBe(512);
    expect(zh.dtype).toBe('q8');
    const [a] = await zh.embed(['数据安全'], 'passage');
    const [b] = await glove.embed(['data security'], 'query');
    expect(a).toBeInstanceOf(Float32Array);
    expect(a.length).toBe(128);
    expect(b.length).toBe(100);
  });

  it('returns unit-length vectors', async () => {
    const texts = ['数据处理者应当履行数据安全保护义务', 'short', 'A much longer English sentence about cats and dogs.'];
    for (const v of [...(await zh.embed(texts, 'passage')), ...(await glove.embed(texts, 'passage'))]) {
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it('ranks a related Chinese passage above an unrelated one (tiny-lexical-bert-zh)', async () => {
    const [q, related, unrelated] = await zh.embed(
      ['数据安全保护义务', '数据处理者应当履行数据安全保护义务', '今天天气很好'],
      'passage',
    );
    expect(cos(q, related)).toBeGreaterThan(0.5);
    expect(cos(q, related)).toBeGreaterThan(cos(q, unrelated) + 0.3);
  });

  it('ranks cat/kitten above cat/stocks (glove)', async () => {
    const [cat, kitten, stocks] = await glove.embed(
      ['The cat sat on the mat', 'A kitten rested on the rug', 'Stock markets fell sharply today'],
      'passage',
    );
    expect(cos(cat, kitten)).toBeGreaterThan(cos(cat, stocks) + 0.3);
  });

  it('counts tokens exactly as the tokenizer does, without special tokens', async () => {
    const texts = ['数据安全保护义务', 'Data security obligations', '', '第二章 基本业务规则'];
    const counts = await zh.countTokens(texts);
    expect(counts[0]).toBe(8); // one WordPiece per hanzi
    expect(counts[2]).toBe(0);
    const tokenizer = await AutoTokenizer.from_pretrained('tiny-lexical-bert-zh');
    expect(counts).toEqual(texts.map((t) => tokenizer.encode(t, { add_special_tokens: false }).length));
    expect(await glove.countTokens(['the cat sat', 'hello, world!'])).toEqual([3, 4]);
  });

  it('gives the same vectors in one batch as one by one', async () => {
    const texts = ['数据', '数据处理者应当履行数据安全保护义务，采取必要措施', '今天天气很好', '个人信息', 'x'];
    const batched = await zh.embed(texts, 'passage');
    for (let i = 0; i < texts.length; i++) {
      const [single] = await zh.embed([texts[i]], 'passage');
      expect(maxAbsDiff(batched[i], single)).toBeLessThan(1e-4);
    }
    const gTexts = ['cat', 'a kitten on a rug', 'stock markets fell sharply today in new york', 'dog', 'rain'];
    const gBatched = await glove.embed(gTexts, 'passage'); // batchSize 4: two batches
    for (let i = 0; i < gTexts.length; i++) {
      const [single] = await glove.embed([gTexts[i]], 'passage');
      expect(maxAbsDiff(gBatched[i], single)).toBeLessThan(1e-5);
    }
  });

  it('truncates an over-long input to maxTokens instead of failing', async () => {
    // 510 hanzi fill [CLS] + 510 + [SEP] = 512 exactly; the tail beyond must not change the vector.
    const head = Array.from({ length: 510 }, (_, i) => HANZI[i % HANZI.length]).join('');
    const tail = '今天天气很好'.repeat(300);
    expect((await zh.countTokens([head]))[0]).toBe(510);
    const [long, exact] = await zh.embed([head + tail, head], 'passage');
    expect(norm(long)).toBeCloseTo(1, 5);
    expect(maxAbsDiff(long, exact)).toBeLessThan(1e-5);
  });

  it('applies the role prefix and CLS pooling when the model info asks for them', async () => {
    // glove's [CLS] row is one constant vector, so CLS pooling gives every text the same direction.
    const custom = await createTransformersEmbedder('glove-static-en-100d', {
      info: { id: 'glove-cls', pooling: 'cls', queryPrefix: 'kitten ' },
    });
    try {
      expect(custom.id).toBe('glove-cls');
      const [a, b] = await custom.embed(['cat', 'stock markets'], 'passage');
      expect(cos(a, b)).toBeCloseTo(1, 5);
      const mean = await createTransformersEmbedder('glove-static-en-100d', { info: { queryPrefix: 'kitten ' } });
      const [asQuery] = await mean.embed(['cat'], 'query');
      const [withPrefix] = await glove.embed(['kitten cat'], 'passage');
      const [plain] = await glove.embed(['cat'], 'passage');
      expect(maxAbsDiff(asQuery, withPrefix)).toBeLessThan(1e-6);
      expect(maxAbsDiff(asQuery, plain)).toBeGreaterThan(0.01);
      await mean.dispose();
    } finally {
      await custom.dispose();
    }
  });

  it('returns an empty list for no texts and stops on an aborted signal', async () => {
    expect(await zh.embed([], 'passage')).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    await expect(zh.embed(['数据'], 'passage', controller.signal)).rejects.toThrow(/cancelled/);
  });
});
