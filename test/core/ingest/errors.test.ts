import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { identify } from '../../../src/core/ingest/detect.ts';
import { IngestError, ingest, parseDocument, type IngestErrorReason } from '../../../src/core/ingest/index.ts';
import { encryptedPdf, textPdf } from './pdf-bytes.ts';

/** Deterministic noise: bytes of every value, including NUL and control codes. */
function noise(n: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = 12345;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

async function failure(name: string, bytes: Uint8Array, maxBytes?: number): Promise<IngestError> {
  try {
    await parseDocument(name, bytes, maxBytes !== undefined ? { maxBytes } : {});
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return error as IngestError;
  }
  throw new Error(`${name} was accepted`);
}

async function expectReason(name: string, bytes: Uint8Array, reason: IngestErrorReason): Promise<IngestError> {
  const error = await failure(name, bytes);
  expect(error.reason).toBe(reason);
  expect(error.file).toBe(name);
  expect(error.message.startsWith(`${name}: `)).toBe(true);
  return error;
}

describe('ingest errors', () => {
  it('a truncated PDF is corrupt', async () => {
    const whole = textPdf('Hello truncated world');
    const error = await expectReason('broken.pdf', whole.subarray(0, 40), 'corrupt');
    expect(error.message).toBe('broken.pdf: the file is not a valid PDF (it may be damaged)');
  });

  it('a garbled PDF (header, then noise) is corrupt', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...noise(4000)]);
    await expectReason('garbled.pdf', bytes, 'corrupt');
  });

  it('random binary named .pdf is corrupt, named .txt is unsupported', async () => {
    await expectReason('x.pdf', noise(2048), 'corrupt');
    const error = await expectReason('x.txt', noise(2048), 'unsupported');
    expect(error.message).toContain('binary');
  });

  it('random binary with an unknown extension is unsupported', async () => {
    const error = await expectReason('photo.raw', noise(512), 'unsupported');
    expect(error.message).toContain('not supported');
  });

  it('an empty file, or one with only whitespace, is empty', async () => {
    await expectReason('nothing.txt', new Uint8Array(0), 'empty');
    await expectReason('blank.md', new TextEncoder().encode(' \n\n\t \n'), 'empty');
    await expectReason('blank.html', new TextEncoder().encode('<html><head><title>t</title></head><body> </body></html>'), 'empty');
  });

  it('a file of headings only is empty: they head no text, so nothing would be searchable', async () => {
    const md = await expectReason('outline.md', new TextEncoder().encode('# A\n## B\n\n---\n### C\n'), 'empty');
    expect(md.message).toBe('outline.md: the file has only headings (3) and no text under them to index');
    await expectReason('heads.html', new TextEncoder().encode('<html><body><h1>Only</h1><h2>heads</h2></body></html>'), 'empty');
    // one line of text under them is enough
    await expect(parseDocument('note.md', new TextEncoder().encode('# A\n## B\ntext\n'))).resolves.toMatchObject({ format: 'md' });
  });

  it('a PDF without any text is empty, and the message says it may be a scan', async () => {
    const error = await expectReason('scan.pdf', textPdf(''), 'empty');
    expect(error.message).toMatch(/scan/);
  });

  it('a password-protected PDF is encrypted', async () => {
    const error = await expectReason('secret.pdf', encryptedPdf(), 'encrypted');
    expect(error.message).toContain('password');
  });

  it('a file over maxBytes is too large, before any parsing', async () => {
    const error = await failure('big.pdf', noise(5000), 4096);
    expect(error.reason).toBe('too-large');
    expect(error.message).toMatch(/^big\.pdf: the file is too large/);
  });

  it('a ZIP that is neither DOCX nor EPUB is unsupported; a broken .docx is corrupt', async () => {
    const zip = zipSync({ 'data.csv': strToU8('a,b\n1,2') });
    await expectReason('archive.zip', zip, 'unsupported');
    await expectReason('report.docx', zip, 'corrupt');
    await expectReason('report2.docx', new TextEncoder().encode('not a zip at all'), 'corrupt');
  });

  it('an EPUB without its package document is corrupt', async () => {
    const zip = zipSync({ mimetype: strToU8('application/epub+zip'), 'META-INF/container.xml': strToU8('<container/>') });
    await expectReason('book.epub', zip, 'corrupt');
  });

  it('ingest rejects the same way', async () => {
    await expect(ingest('x.txt', noise(100))).rejects.toMatchObject({ reason: 'unsupported', file: 'x.txt' });
  });
});

describe('identify', () => {
  const text = (s: string): Uint8Array => new TextEncoder().encode(s);
  const formatOf = (name: string, bytes: Uint8Array) => identify(name, bytes).format;

  it('trusts signatures over names', () => {
    expect(formatOf('renamed.txt', textPdf('hi'))).toBe('pdf');
    expect(formatOf('book.zip', zipSync({ mimetype: strToU8('application/epub+zip') }))).toBe('epub');
    expect(formatOf('doc.bin', zipSync({ 'word/document.xml': strToU8('<w:document/>') }))).toBe('docx');
  });

  it('uses the extension for text formats and sniffs HTML without one', () => {
    expect(formatOf('README.md', text('# hi'))).toBe('md');
    expect(formatOf('Notes.TXT', text('hi'))).toBe('txt');
    expect(formatOf('page.htm', text('<p>hi</p>'))).toBe('html');
    expect(formatOf('saved', text('<!DOCTYPE html><html><body>x</body></html>'))).toBe('html');
    expect(formatOf('data.csv', text('a,b'))).toBe('txt');
    // Text formats come back decoded, so the parser does not decode them again.
    expect(identify('README.md', text('# hi'))).toEqual({ format: 'md', text: '# hi', encoding: 'utf-8' });
  });

  it('refuses binary and old Office files', () => {
    expect(() => formatOf('x.txt', noise(300))).toThrow(IngestError);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...noise(100)]);
    expect(() => formatOf('old.doc', ole)).toThrow(/\.docx/);
  });
});
