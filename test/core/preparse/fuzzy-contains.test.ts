import { describe, expect, it } from 'vitest';
import { contextFoundIn } from '../../../src/core/preparse/index.ts';
import { EN_TEXT, ZH_TEXT } from './fixtures.ts';

describe('contextFoundIn', () => {
  it('finds an exact English sentence', () => {
    expect(contextFoundIn('All persons registered in the labor force participated.', EN_TEXT)).toBe(true);
  });

  it('ignores case, spacing and punctuation differences', () => {
    expect(contextFoundIn('  if you were DRAWN you had to serve  ', EN_TEXT)).toBe(true);
    expect(contextFoundIn('He was drafted into the working-force reserves; served his time', EN_TEXT)).toBe(true);
  });

  it('matches Chinese across full-width/half-width punctuation and spaces', () => {
    expect(
      contextFoundIn('与已识别或者可识别的自然人有关的各种信息, 不包括匿名化处理后的信息.', ZH_TEXT),
    ).toBe(true);
  });

  it('tolerates a slip of a character or two in a long enough passage', () => {
    // 存储 → 储存, and "persons" → "people".
    expect(contextFoundIn('个人信息的处理包括个人信息的收集、储存、使用、加工、传输、提供、公开、删除等', ZH_TEXT)).toBe(true);
    expect(contextFoundIn('All people registered in the labor force participated.', EN_TEXT)).toBe(true);
  });

  it('rejects invented or paraphrased text', () => {
    expect(contextFoundIn('Drafted workers receive double pay and a pension from the state.', EN_TEXT)).toBe(false);
    expect(contextFoundIn('Everyone in the labor force took part in a lottery.', EN_TEXT)).toBe(false);
    expect(contextFoundIn('个人信息处理者应当每年向监管部门报告处理情况。', ZH_TEXT)).toBe(false);
    expect(contextFoundIn('个人信息包括匿名化处理后的各种信息', ZH_TEXT)).toBe(false);
  });

  it('rejects a context too short to carry anything, even when present', () => {
    expect(contextFoundIn('信息', ZH_TEXT)).toBe(false);
    expect(contextFoundIn('was.', EN_TEXT)).toBe(false);
    expect(contextFoundIn('...', EN_TEXT)).toBe(false);
  });

  it('compares a context longer than the source with the whole source', () => {
    expect(contextFoundIn('第四条 个人信息', '第四条个人信息')).toBe(true);
    expect(contextFoundIn('第四条 个人信息的处理包括收集', '第四条个人信息')).toBe(false);
  });
});
