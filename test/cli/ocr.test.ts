/**
 * `loci index` on a scan: OCR by default, each page reported on stderr, the page's text answering
 * `loci ask`; `--no-ocr` refuses the scan by name and says how to read it. A scanned page of marks
 * that are not writing (noise-pages.ts) has no readable text, and a scan or an image of nothing
 * else is refused by name, saying so.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisePage } from '../../bench/core/noise-pages.ts';
import { drawPages, encodeImage, imageOnlyPdf, topOf } from '../support/image-pdf.ts';
import { DOCUMENTS_DIR, MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const run = promisify(execFile);
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');

async function loci(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [LOCI, ...args, '--models', MODELS_DIR], { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

let dir: string;
let scan: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-ocr-'));
  const pdf = new Uint8Array(await readFile(path.join(DOCUMENTS_DIR, 'pdf', 'pypdf_google-doc-document.pdf')));
  scan = path.join(dir, 'zen-scan.pdf');
  await writeFile(scan, imageOnlyPdf(await drawPages(pdf, [1], 2)));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loci index on a scanned PDF', () => {
  it('refuses a scan and an image of marks that are not writing, by name, saying OCR found no readable text', async () => {
    const noise = path.join(dir, 'noise-scan.pdf');
    // the tops of the pages of marks: every mark the detector boxes is a recognition, and a whole
    // page's took 20 s of this file; a third of a page is as unreadable
    await writeFile(noise, imageOnlyPdf([topOf(noisePage('scribble', 2), 700), topOf(noisePage('blur', 1), 700)]));
    const photo = path.join(dir, 'noise-photo.png');
    await writeFile(photo, encodeImage(topOf(noisePage('scribble', 3), 700), 'png'));
    const out = path.join(dir, 'noise.loci');
    const r = await loci('index', noise, photo, '--out', out, '--embedder', 'tiny-lexical-bert-zh');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ocr 1/2 (50%) noise-scan.pdf p. 1 (no readable text)');
    expect(r.stderr).toContain('error: noise-scan.pdf: the PDF has no text layer, and OCR found no readable text on its pages');
    expect(r.stderr).toContain('error: noise-photo.png: OCR found no readable text in the image');
    expect(r.stdout).toContain('nothing indexed, so no index was written');
  });

  // one scan for both: reading page by page and answering from it (a scan of text alone adds
  // nothing this one does not check, and each run is two processes loading OCR and models)
  it('reads it by OCR page by page, answers from its page of text and leaves its page of noise out', async () => {
    const pdf = new Uint8Array(await readFile(path.join(DOCUMENTS_DIR, 'pdf', 'pypdf_google-doc-document.pdf')));
    const mixed = path.join(dir, 'mixed-scan.pdf');
    // the page's top (its title and eight lines), as in the browser's OCR test: each line read is time
    const [zen] = await drawPages(pdf, [1], 2);
    await writeFile(mixed, imageOnlyPdf([topOf(zen, 420), topOf(noisePage('scribble', 2), 700)]));
    const out = path.join(dir, 'mixed.loci');
    const r = await loci('index', mixed, '--out', out, '--embedder', 'tiny-lexical-bert-zh');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('ocr 1/2 (50%) mixed-scan.pdf p. 1');
    expect(r.stderr).toContain('mixed-scan.pdf p. 2 (no readable text)');
    const asked = await loci('ask', out, 'Which is better than nested?', '--json', '-n', '20');
    const sources = (JSON.parse(asked.stdout) as { sources: { page?: number; text: string }[] }).sources;
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((s) => s.page === 1)).toBe(true);
    expect(sources.some((s) => s.text.includes('Flat is better than nested.'))).toBe(true);
  });

  it('refuses it with --no-ocr, saying why', async () => {
    const r = await loci('index', scan, '--out', path.join(dir, 'off.loci'), '--no-ocr', '--embedder', 'tiny-lexical-bert-zh');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: zen-scan.pdf: the PDF has no text layer (it is probably a scan, pages as images); turn OCR on to read it');
  });
});
