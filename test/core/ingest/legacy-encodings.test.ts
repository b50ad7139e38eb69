/**
 * Text files in the legacy encodings people still have: GBK, Big5, Shift-JIS, EUC-KR and
 * Windows-1252, as real bytes (written out here, since TextEncoder only makes UTF-8).
 */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { ingest, parseDocument } from '../../../src/core/ingest/index.ts';
import { decodeLegacyCjk, legacyReading } from '../../../src/core/ingest/legacy-cjk.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const bytes = (values: number[]) => new Uint8Array(values);

// 数据处理者应当履行数据安全保护义务。
const GBK = bytes([
  0xca, 0xfd, 0xbe, 0xdd, 0xb4, 0xa6, 0xc0, 0xed, 0xd5, 0xdf, 0xd3, 0xa6, 0xb5, 0xb1, 0xc2, 0xc4,
  0xd0, 0xd0, 0xca, 0xfd, 0xbe, 0xdd, 0xb0, 0xb2, 0xc8, 0xab, 0xb1, 0xa3, 0xbb, 0xa4, 0xd2, 0xe5,
  0xce, 0xf1, 0xa1, 0xa3,
]);
// 資料處理者應當履行資料安全保護義務。
const BIG5 = bytes([
  0xb8, 0xea, 0xae, 0xc6, 0xb3, 0x42, 0xb2, 0x7a, 0xaa, 0xcc, 0xc0, 0xb3, 0xb7, 0xed, 0xbc, 0x69,
  0xa6, 0xe6, 0xb8, 0xea, 0xae, 0xc6, 0xa6, 0x77, 0xa5, 0xfe, 0xab, 0x4f, 0xc5, 0x40, 0xb8, 0x71,
  0xb0, 0xc8, 0xa1, 0x43,
]);
// データの処理者は、安全保護の義務を果たさなければならない。
const SHIFT_JIS = bytes([
  0x83, 0x66, 0x81, 0x5b, 0x83, 0x5e, 0x82, 0xcc, 0x8f, 0x88, 0x97, 0x9d, 0x8e, 0xd2, 0x82, 0xcd,
  0x81, 0x41, 0x88, 0xc0, 0x91, 0x53, 0x95, 0xdb, 0x8c, 0xec, 0x82, 0xcc, 0x8b, 0x60, 0x96, 0xb1,
  0x82, 0xf0, 0x89, 0xca, 0x82, 0xbd, 0x82, 0xb3, 0x82, 0xc8, 0x82, 0xaf, 0x82, 0xea, 0x82, 0xce,
  0x82, 0xc8, 0x82, 0xe7, 0x82, 0xc8, 0x82, 0xa2, 0x81, 0x42,
]);
// 데이터 처리자는 보호 의무를 이행해야 한다.
const EUC_KR = bytes([
  0xb5, 0xa5, 0xc0, 0xcc, 0xc5, 0xcd, 0x20, 0xc3, 0xb3, 0xb8, 0xae, 0xc0, 0xda, 0xb4, 0xc2, 0x20,
  0xba, 0xb8, 0xc8, 0xa3, 0x20, 0xc0, 0xc7, 0xb9, 0xab, 0xb8, 0xa6, 0x20, 0xc0, 0xcc, 0xc7, 0xe0,
  0xc7, 0xd8, 0xbe, 0xdf, 0x20, 0xc7, 0xd1, 0xb4, 0xd9, 0x2e,
]);
// Le café est très bon — à bientôt.
const WINDOWS_1252 = bytes([
  0x4c, 0x65, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x20, 0x65, 0x73, 0x74, 0x20, 0x74, 0x72, 0xe8, 0x73,
  0x20, 0x62, 0x6f, 0x6e, 0x20, 0x97, 0x20, 0xe0, 0x20, 0x62, 0x69, 0x65, 0x6e, 0x74, 0xf4, 0x74,
  0x2e,
]);

const readsWithoutError = (encoding: string, data: Uint8Array) => {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
};

async function textOf(name: string, data: Uint8Array): Promise<string> {
  const parsed = await parseDocument(name, data);
  return parsed.blocks.map((b) => b.text).join('\n');
}

describe('legacy encodings', () => {
  it('reads each CJK encoding as itself', () => {
    expect(decodeLegacyCjk(GBK)).toEqual({ text: '数据处理者应当履行数据安全保护义务。', encoding: 'gb18030' });
    expect(decodeLegacyCjk(BIG5)).toEqual({ text: '資料處理者應當履行資料安全保護義務。', encoding: 'big5' });
    expect(decodeLegacyCjk(SHIFT_JIS)).toEqual({ text: 'データの処理者は、安全保護の義務を果たさなければならない。', encoding: 'shift_jis' });
    expect(decodeLegacyCjk(EUC_KR)).toEqual({ text: '데이터 처리자는 보호 의무를 이행해야 한다.', encoding: 'euc-kr' });
  });

  it('chooses among readings that all decode without error', () => {
    // GBK bytes are valid Big5 and EUC-KR too; the Korean ones are valid GBK, all of it level-1 hanzi
    expect(['big5', 'euc-kr'].every((e) => readsWithoutError(e, GBK))).toBe(true);
    expect(readsWithoutError('gbk', EUC_KR)).toBe(true);
    expect(legacyReading(new TextDecoder('gbk').decode(EUC_KR), 'gb18030').share).toBe(1);
    // …so the likelier model decides: 2,350 Hangul explain those bytes better than 3,755 hanzi
    const asKorean = legacyReading(new TextDecoder('euc-kr').decode(EUC_KR), 'euc-kr');
    expect(asKorean.logLikelihood).toBeGreaterThan(legacyReading(new TextDecoder('gbk').decode(EUC_KR), 'gb18030').logLikelihood);
  });

  it('parses legacy-encoded .txt files into their text, Windows-1252 included', async () => {
    expect(await textOf('gbk.txt', GBK)).toBe('数据处理者应当履行数据安全保护义务。');
    expect(await textOf('big5.txt', BIG5)).toBe('資料處理者應當履行資料安全保護義務。');
    expect(await textOf('sjis.txt', SHIFT_JIS)).toBe('データの処理者は、安全保護の義務を果たさなければならない。');
    expect(await textOf('cafe.txt', WINDOWS_1252)).toBe('Le café est très bon — à bientôt.');
  });

  it('records the encoding a file was read in on its document, and none for UTF-8', async () => {
    const encodingOf = async (name: string, data: Uint8Array) => (await ingest(name, data)).encoding;
    expect(await encodingOf('gbk.txt', GBK)).toBe('gb18030');
    expect(await encodingOf('big5.txt', BIG5)).toBe('big5');
    expect(await encodingOf('sjis.txt', SHIFT_JIS)).toBe('shift_jis');
    expect(await encodingOf('kr.txt', EUC_KR)).toBe('euc-kr');
    expect(await encodingOf('cafe.txt', WINDOWS_1252)).toBe('windows-1252');
    expect(await encodingOf('utf16.txt', new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]))).toBe('utf-16le');
    expect(await encodingOf('plain.txt', new TextEncoder().encode('数据安全'))).toBeUndefined();
  });

  it('still refuses binary, and UTF-8 with a bad byte is not read as Windows-1252 mojibake', async () => {
    const damaged = new Uint8Array([...new TextEncoder().encode('Le café est très bon, vraiment très bon.'), 0xff]);
    await expect(parseDocument('damaged.txt', damaged)).rejects.toMatchObject({ reason: 'unsupported', message: expect.stringContaining('binary') });
    const highBytes = new Uint8Array(4096).map((_, i) => 0x80 + ((i * 37) % 128));
    await expect(parseDocument('high.txt', highBytes)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('reads UTF-8 text full of mojibake as text, not binary', async () => {
    // "patient’s" once decoded as Latin-1 and saved again as UTF-8, as web-scraped text often is
    const sentence = 'When the patient\u00e2\u0080\u0099s medical problems have improved, the \u00e2\u0080\u009cweaning\u00e2\u0080\u009d starts. ';
    // (the stray C1 controls themselves are dropped by normalization, like other controls)
    expect(await textOf('scraped.md', new TextEncoder().encode(sentence.repeat(20)))).toContain('medical problems have improved, the \u00e2weaning');
    // the same share of C0 controls is still binary
    const controls = 'When the patient\u0001\u0002s medical problems have improved, the \u0003\u0004weaning starts. ';
    await expect(parseDocument('controls.md', new TextEncoder().encode(controls.repeat(20)))).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('reads UTF-16 without a byte order mark, either byte order, by its zero bytes', async () => {
    const text = 'Data handlers: 数据处理者应当履行数据安全保护义务 (Article 27).';
    const units = Array.from(text, (c) => c.charCodeAt(0));
    const le = new Uint8Array(units.flatMap((u) => [u & 0xff, u >> 8]));
    const be = new Uint8Array(units.flatMap((u) => [u >> 8, u & 0xff]));
    expect(await textOf('le.txt', le)).toBe(text);
    expect(await textOf('be.txt', be)).toBe(text);
    expect((await ingest('le.txt', le)).encoding).toBe('utf-16le');
    expect((await ingest('be.txt', be)).encoding).toBe('utf-16be');
    // quiet 16-bit samples have the same zero bytes, and are control characters when read so
    const samples = new Uint8Array(4096).map((_, i) => (i % 2 === 0 ? 1 + (i % 29) : 0));
    await expect(parseDocument('quiet.txt', samples)).rejects.toMatchObject({ reason: 'unsupported', message: expect.stringContaining('binary') });
  });

  it('reads a short page in the encoding its meta tag declares, where byte statistics guess another', async () => {
    const markup = (head: string) => new TextEncoder().encode(`<html><head>${head}<title>t</title></head><body><p>`);
    const page = (head: string) => new Uint8Array([...markup(head), 0xbe, 0xc7, 0xb2, 0xdf, ...new TextEncoder().encode('</p></body></html>')]);
    expect(await textOf('charset.html', page('<meta charset="big5">'))).toContain('學習');
    expect(await textOf('equiv.html', page('<meta http-equiv="Content-Type" content="text/html; charset=Big5">'))).toContain('學習');
    expect((await ingest('charset.html', page('<meta charset="big5">'))).encoding).toBe('big5');
    // a label no decoder knows leaves the guess to the bytes, as without the tag
    expect(await textOf('unknown.html', page('<meta charset="no-such-thing">'))).toBe(await textOf('bare.html', page('')));
  });

  it('indexes a GBK file and finds it for a question in Chinese', async () => {
    const engine = await LociEngine.open({ embedder: hashEmbedder(), store: new MemoryIndexStore() });
    const result = await engine.indexFiles([{ name: '数据安全.txt', bytes: GBK }]);
    expect(result.failed).toEqual([]);
    const retrieval = await engine.retrieve('数据处理者应当履行什么义务？', { strategy: 'naive', n: 1, retriever: 'hybrid' });
    expect(retrieval.chunks[0].chunk.text).toBe('数据处理者应当履行数据安全保护义务。');
  });
});
