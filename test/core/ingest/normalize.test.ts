import { describe, expect, it } from 'vitest';
import { normalizeCode, normalizeText } from '../../../src/core/ingest/normalize.ts';

describe('normalizeText', () => {
  it('maps full-width Latin, digits and punctuation to ASCII (NFKC)', () => {
    expect(normalizeText('ＡＢＣ１２３（ｘ）')).toBe('ABC123(x)');
  });

  it('maps Kangxi radicals that PDFs emit to ordinary Han characters', () => {
    // U+2F64 KANGXI RADICAL USE and U+2F45 KANGXI RADICAL SQUARE → 用, 方
    expect(normalizeText('常\u2f64\u2f45程式')).toBe('常用方程式');
  });

  it('maps the radical forms NFKC leaves alone, as the chemistry PDF spells 见 and 长, and keeps the component-only ones', () => {
    expect(normalizeText('参\u2ec5下文 碳链\u2ed3度')).toBe('参见下文 碳链长度');
    expect(normalizeText('\u2ee3架与\u2ec4方')).toBe('骨架与西方');
    // ⺅ (the person radical at the left of 他) is never a character of its own
    expect(normalizeText('\u2e85')).toBe('\u2e85');
    expect(normalizeCode('x = "\u2ec5"')).toBe('x = "见"');
  });

  it('removes control and invisible characters', () => {
    expect(normalizeText('a\u0000b\u0007c\u200bd\ufeffe\u00adf\u001b')).toBe('abcdef');
  });

  it('folds whitespace runs, tabs and newlines to one space and trims', () => {
    expect(normalizeText('  one\t\ttwo \n\n three\u3000four\r\nfive  ')).toBe('one two three four five');
  });

  it('drops a line wrap between Chinese characters but keeps a real space', () => {
    expect(normalizeText('数据\n安全法')).toBe('数据安全法');
    expect(normalizeText('第一章 总则')).toBe('第一章 总则');
    expect(normalizeText('第一章  总  则')).toBe('第一章 总 则');
  });
});

describe('normalizeCode', () => {
  it('keeps newlines and indentation, drops trailing spaces and blank edges', () => {
    expect(normalizeCode('\n\nfunction f() {  \r\n\treturn 1;\n    }\n\n')).toBe('function f() {\n\treturn 1;\n    }');
  });

  it('still applies NFKC and removes control characters', () => {
    expect(normalizeCode('ｘ = 1\u0000\n  y')).toBe('x = 1\n  y');
  });
});
