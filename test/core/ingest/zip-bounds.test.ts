/** ZIP bombs in DOCX and EPUB are refused while inflating, by name, before any parser unpacks them. */
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IngestError, parseDocument } from '../../../src/core/ingest/index.ts';
import { checkZipBounds, ZIP_LIMITS } from '../../../src/core/ingest/zip-bounds.ts';
import { fixturePath } from './fixtures.ts';

const isMarkup = (name: string) => name.endsWith('.xhtml');
const limits = { maxEntries: 50, maxUnzippedBytes: 10_000 };

/** Sets every declared uncompressed size (local headers and central directory) to `size`: a lying archive. */
function declareSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

function refusal(run: () => void): IngestError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IngestError);
    return error as IngestError;
  }
  throw new Error('accepted');
}

describe('checkZipBounds', () => {
  it('accepts markup within the limit, and never inflates the entries it does not read', () => {
    const zip = zipSync({ 'a.xhtml': new Uint8Array(9_000).fill(97), 'cover.png': new Uint8Array(1_000_000).fill(1) });
    expect(() => checkZipBounds('b.epub', 'epub', zip, isMarkup, limits)).not.toThrow();
  });

  it('refuses markup that unpacks past the limit, counting real bytes, not the declared sizes', () => {
    const zip = zipSync({ 'a.xhtml': new Uint8Array(6_000).fill(97), 'b.xhtml': new Uint8Array(6_000).fill(98) });
    const error = refusal(() => checkZipBounds('bomb.epub', 'epub', declareSizes(zip, 10), isMarkup, limits));
    expect(error.reason).toBe('too-large');
    expect(error.message).toBe('bomb.epub: the book unpacks to more than 10 KB of text markup, the limit (it may be a ZIP bomb)');
  });

  it('refuses an archive of more entries than any real document has', () => {
    const files = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}.xhtml`, strToU8('x')]));
    const error = refusal(() => checkZipBounds('many.docx', 'docx', zipSync(files), isMarkup, limits));
    expect(error.message).toBe('many.docx: the Word document holds more than 50 files, more than any real one (it may be a ZIP bomb)');
  });
});

describe('ZIP bombs through parseDocument', () => {
  // a real file whose largest markup entry is swapped for one that unpacks past the limit
  function bomb(fixture: string, pick: RegExp): Uint8Array {
    const files = unzipSync(new Uint8Array(readFileSync(fixturePath(fixture))));
    const target = Object.keys(files)
      .filter((name) => pick.test(name))
      .sort((a, b) => files[b].length - files[a].length)[0];
    files[target] = new Uint8Array(ZIP_LIMITS.maxUnzippedBytes + 1024).fill(0x20);
    return zipSync(files, { level: 1 });
  }

  it('an EPUB whose chapter unpacks to 128 MB is refused as too large, not a raw decoding error', async () => {
    const error = await parseDocument('bomb.epub', bomb('epub/alice_gutenberg.epub', /\.x?html?$/)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ reason: 'too-large', message: 'bomb.epub: the book unpacks to more than 128 MB of text markup, the limit (it may be a ZIP bomb)' });
  });

  it('a DOCX whose document.xml unpacks to 128 MB is refused before mammoth unpacks it', async () => {
    const error = await parseDocument('bomb.docx', bomb('docx/mammoth_simple-list.docx', /^word\/document\.xml$/)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'IngestError', reason: 'too-large', message: expect.stringMatching(/^bomb\.docx: the Word document unpacks to more than 128 MB/) });
  });
});
