/**
 * A scan in the app: two real pages drawn to pixels and wrapped as a JPEG-only PDF (no text layer)
 * are drawn again in the engine worker, read by PP-OCRv4 on the OCR worker with the models served
 * by the site, and indexed; a question whose answer is only on the second page cites that page,
 * and the page view boxes the cited lines on the drawn scan.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { drawPages, encodeImage, imageOnlyPdf, topOf } from '../support/image-pdf.ts';
import { DOCUMENTS_DIR } from '../support/paths.ts';
import type { Page } from 'playwright-core';
import { appStarted, ask, docRow, highlightBoxes, openRecordedApp, stageCount, waitForStatus } from './support/app-page.ts';
import { offMachine, screenshot, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';
import { countRecords } from './support/idb.ts';
import { HANG_MS } from './support/limits.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const NAME = 'scan.pdf';
let scan: Buffer;
let longer: Buffer;
let photo: Buffer;

beforeAll(async () => {
  const read = async (name: string) => new Uint8Array(await readFile(path.join(DOCUMENTS_DIR, 'pdf', name)));
  const [zenPage] = await drawPages(await read('pypdf_google-doc-document.pdf'), [1], 2);
  const [latex] = await drawPages(await read('pypdf_pdflatex-4-pages.pdf'), [1], 2);
  // The tops of the pages, scanned at their own size: a title and the first line of the Zen of
  // Python, and the first fourteen lines of the blind text, whose first paragraph holds the answer.
  // Each line is a recognition, and the whole pages' 63 lines took most of this file's 286 s
  // (docs/decisions/2026-12-02-test-suite-time.md); what is tested (pages counted as read, the
  // second page cited and its lines boxed, a resume) needs pages, not long ones.
  const zen = topOf(zenPage, 250);
  const blind = topOf(latex, 560);
  scan = Buffer.from(imageOnlyPdf([zen, blind]));
  // three pages: a reload after the first leaves two to resume with (the second, of fourteen
  // lines, is seconds of OCR: the reload comes before it is read)
  longer = Buffer.from(imageOnlyPdf([zen, blind, zen]));
  // a photo of the top of a page: its first paragraph holds the answer
  photo = Buffer.from(encodeImage(topOf(latex, 500), 'png'));
});

/** The row's "Reading scanned pages: n of N", as [n, N], or undefined while it shows something else. */
const pagesRead = (page: Page, name: string) => stageCount(page, name, 'Reading scanned pages');

// Real OCR on WebAssembly, beside two other test files on two cores: minutes, not seconds.
describe('a scanned PDF', () => {
  it('is read by OCR page by page, answers from its second page, and boxes the cited lines on it', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL, undefined, { serviceWorker: true });
    await page.setInputFiles('[data-testid="file-input"]', memoryFile(NAME, 'application/pdf', scan));

    // the row counts the scanned pages as they are read
    const row = docRow(page, NAME);
    const seen = new Set<string>();
    for (const deadline = Date.now() + HANG_MS; Date.now() < deadline; await page.waitForTimeout(100)) {
      const step = await pagesRead(page, NAME);
      if (step) seen.add(step.join('/'));
      if ((await row.getAttribute('data-status')) === 'ready') break;
    }
    expect([...seen].some((s) => s.endsWith('/2'))).toBe(true);
    await waitForStatus(page, NAME, 'ready');
    await expect.poll(() => row.textContent()).toMatch(/2 pages/);

    await ask(page, 'Is there a difference between this text and some nonsense like Huardest gefburn?');
    const source = page.locator('[data-testid="source"]').first();
    await source.click();
    await expect.poll(() => page.locator('[data-testid="source-page"]').textContent()).toContain('2');
    await page.click('[data-testid="view-page"]');
    const boxes = await highlightBoxes(page, 'canvas');
    expect(boxes.count).toBeGreaterThan(0);
    expect(boxes.inside).toBe(true);
    expect(boxes.share).toBeLessThan(0.6);
    await screenshot(page, 'ocr-page-highlight');

    // the models and the OCR runtime's wasm came from the site and stay in a cache of their own,
    // for scans read offline later; the service worker's precache does not hold that wasm
    const models = recorded.requests.filter((url) => url.includes('/ocr/'));
    expect(models.length).toBeGreaterThanOrEqual(3);
    const stored = await page.evaluate(async () => {
      await navigator.serviceWorker.ready; // installed: its precache is complete
      const names = await caches.keys();
      const cache = names.find((n) => n.startsWith('loci-ocr-'));
      const ocr = cache ? (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname) : [];
      const precache = names.find((n) => n.startsWith('workbox-precache'));
      const shell = precache ? (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname) : [];
      return { ocr, shell };
    });
    expect(stored.ocr).toHaveLength(4);
    expect(stored.ocr.filter((p) => /\/ort-wasm-simd-threaded-[\w-]+\.wasm$/.test(p))).toHaveLength(1);
    expect(stored.shell.some((p) => p.endsWith('.wasm'))).toBe(true);
    expect(stored.shell.some((p) => /\/ort-wasm-simd-threaded-[\w-]+\.wasm$/.test(p))).toBe(false);
    expect(offMachine(recorded.requests)).toEqual([]);
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
  it('resumes its reading at the next page after a reload, and drops the pages kept once it is read', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL, undefined, { serviceWorker: true });
    const name = 'long-scan.pdf';
    await page.setInputFiles('[data-testid="file-input"]', memoryFile(name, 'application/pdf', longer));
    let before: [number, number] | undefined;
    for (const deadline = Date.now() + HANG_MS; Date.now() < deadline && !(before && before[0] >= 1); await page.waitForTimeout(100)) {
      before = await pagesRead(page, name);
    }
    expect(before?.[1]).toBe(3);
    await page.reload();
    await appStarted(page);
    let after: [number, number] | undefined;
    for (const deadline = Date.now() + HANG_MS; Date.now() < deadline && !after; await page.waitForTimeout(50)) {
      after = await pagesRead(page, name);
    }
    // the first count after the reload starts from the pages read before it, not from 0
    expect(after?.[0]).toBeGreaterThanOrEqual(before![0]);
    await waitForStatus(page, name, 'ready');
    expect(await countRecords(page, 'ocrPages')).toBe(0);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });

  it('takes a photo of a page as a document once OCR is on, and boxes the cited lines on the image', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL, undefined, { serviceWorker: true });
    const name = 'photo.png';
    // with OCR turned off in the settings, the photo is refused, saying why
    const ocrSetting = async (on: boolean) => {
      await page.click('[data-testid="open-settings"]');
      await page.setChecked('[data-testid="settings-ocr"]', on);
      await page.waitForFunction((want) => document.querySelector<HTMLInputElement>('[data-testid="settings-ocr"]')?.checked === want, on);
      await page.keyboard.press('Escape');
    };
    await ocrSetting(false);
    await page.setInputFiles('[data-testid="file-input"]', memoryFile(name, 'image/png', photo));
    await waitForStatus(page, name, 'error');
    expect(await docRow(page, name).locator('[role="alert"]').textContent()).toContain('photo.png: the file is an image: its text can be read only by OCR, which is turned off');
    // turned on again, adding the file again reads it
    await ocrSetting(true);
    await page.setInputFiles('[data-testid="file-input"]', memoryFile(name, 'image/png', photo));
    await waitForStatus(page, name, 'ready');
    expect(await docRow(page, name).locator('[data-testid="doc-format"]').textContent()).toBe('PNG');
    await ask(page, 'Is there a difference between this text and some nonsense like Huardest gefburn?');
    await page.locator('[data-testid="source"]').first().click();
    await page.click('[data-testid="view-page"]');
    const boxes = await highlightBoxes(page, 'img');
    expect(boxes.count).toBeGreaterThan(0);
    expect(boxes.inside).toBe(true);
    expect(boxes.share).toBeLessThan(0.9);
    await screenshot(page, 'ocr-image-highlight');
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});
