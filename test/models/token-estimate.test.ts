import { AutoTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureModelSource } from '../../src/models/source.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import { MODELS_DIR } from '../support/paths.ts';

/** Passages of the kinds the estimate before undercounted (tables of numbers, dates), and plain prose. */
const PASSAGES = [
  'Plant ID:\n0400191 4 — — — — $ 2,616 — No No —\nGreystone Plant ID:\n4700119 3 — — — — $ 6,115 — No No —',
  'Net sales 2019 2018 2017\nTotal net sales $ 280,522 $ 232,887 $ 177,866\nOperating income 14,541 12,421 4,106',
  '播出时间：2022年03月17日 播出时间: 2023/07/23 演员表',
  '第八百三十二条 承运人对运输过程中货物的毁损、灭失承担赔偿责任。',
  'The PlayStation Portable (PSP) is a handheld game console developed by Sony Computer Entertainment.',
];

// Real tokenizers from ../shared/models: Qwen3's byte-level BPE (the chat models' family) and
// bert-base-chinese's WordPiece (the test embedder's).
describe('the tokenizer-free token estimate', () => {
  const tokenizers: [string, PreTrainedTokenizer][] = [];

  beforeAll(async () => {
    configureModelSource({ kind: 'local', path: MODELS_DIR });
    for (const name of ['tiny-random-qwen3', 'tiny-lexical-bert-zh']) tokenizers.push([name, await AutoTokenizer.from_pretrained(name)]);
  });

  it.each(PASSAGES)('counts at least what the real tokenizers count: %s', (passage) => {
    for (const [name, tokenizer] of tokenizers) {
      const real = tokenizer.encode(passage, { add_special_tokens: false }).length;
      expect({ name, estimate: estimateTokens(passage) }).toEqual({ name, estimate: expect.toSatisfy((n: number) => n >= real) });
    }
  });

  it('counts a digit, a symbol and a CJK character one token each, a run of letters one per three, a space before a word nothing', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('2,616')).toBe(5);
    expect(estimateTokens('数据')).toBe(2);
    expect(estimateTokens('Data security')).toBe(2 + 3);
    expect(estimateTokens('in 2019')).toBe(1 + 1 + 4);
    expect(estimateTokens('a\n\nb    c')).toBe(1 + 1 + 1 + 1 + 1);
  });
});
